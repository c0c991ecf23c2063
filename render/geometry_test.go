package render

import (
	"math"
	"testing"

	"github.com/chinaswar/chinaswar/assets"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// Tolerances in board pixels.
const (
	townTol  = 2.0 // a Town on a border lies this close to it
	apartTol = 4.0 // spaces that do not touch keep at least this far apart
)

func loadGeometry(t *testing.T) (*geo.File, *engine.Map, map[string]geo.Space) {
	t.Helper()
	f, err := geo.Parse(assets.GeometryJSON)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]geo.Space{}
	for _, s := range f.Spaces {
		byName[s.Name] = s
	}
	return f, engine.DefaultMap(), byName
}

func TestGeometryMatchesMap(t *testing.T) {
	if _, err := New(engine.DefaultMap()); err != nil {
		t.Fatal(err)
	}
}

// edges lists a ring's edges as unordered vertex-index pairs.
func edges(ring []int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for i, a := range ring {
		b := ring[(i+1)%len(ring)]
		out[[2]int{min(a, b), max(a, b)}] = true
	}
	return out
}

// sharedBorder is the total length of the edges two rings have in common.
func sharedBorder(f *geo.File, a, b []int) float64 {
	eb := edges(b)
	n := 0.0
	for e := range edges(a) {
		if eb[e] {
			p, q := f.Vertices[e[0]], f.Vertices[e[1]]
			n += math.Hypot(p[0]-q[0], p[1]-q[1])
		}
	}
	return n
}

func sharesVertex(a, b []int) bool {
	in := map[int]bool{}
	for _, v := range a {
		in[v] = true
	}
	for _, v := range b {
		if in[v] {
			return true
		}
	}
	return false
}

// ringGap is the smallest distance between two rings' boundaries.
func ringGap(a, b []geo.Pt) float64 {
	d := math.Inf(1)
	for _, p := range a {
		d = math.Min(d, geo.RingDist(b, p))
	}
	for _, p := range b {
		d = math.Min(d, geo.RingDist(a, p))
	}
	return d
}

// TestBordersAgreeWithAdjacency checks, for every pair of Provinces and
// Foreign Countries, that they share a border on the picture exactly when
// the rules make them adjacent. The one exception is forced: the rules make
// the four spaces around Xuzhou, and the four around Jiujiang, mutually
// adjacent, which no planar map can draw with borders alone (each group with
// the rest of the map contains a K5 minor). There the diagonal pairs meet
// only at the Town itself, which the rules (1.3.6) also count as adjacency.
func TestBordersAgreeWithAdjacency(t *testing.T) {
	f, m, byName := loadGeometry(t)
	atTownOnly := map[[2]string]string{
		{"Anhui", "Shandong"}: "Xuzhou",
		{"Henan", "Jiangsu"}:  "Xuzhou",
		{"Anhui", "Jiangxi"}:  "Jiujiang",
		{"Hubei", "Wannan"}:   "Jiujiang",
	}
	townAt := map[string]geo.Pt{}
	for _, tw := range f.Towns {
		townAt[tw.Name] = tw.At
	}
	var ids []engine.SpaceID
	for i := range m.Spaces {
		if !m.Spaces[i].IsLoC() {
			ids = append(ids, engine.SpaceID(i))
		}
	}
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			na, nb := m.Spaces[a].Name, m.Spaces[b].Name
			key := [2]string{min(na, nb), max(na, nb)}
			ra, rb := byName[na].Ring, byName[nb].Ring
			border := sharedBorder(f, ra, rb)
			town, pointOnly := atTownOnly[key]
			t.Run(na+"/"+nb, func(t *testing.T) {
				switch {
				case !m.Adjacent(a, b):
					if border > 0 || sharesVertex(ra, rb) {
						t.Fatalf("not adjacent, but drawn touching (border %.1f px)", border)
					}
					if g := ringGap(f.Points(ra), f.Points(rb)); g < apartTol {
						t.Fatalf("not adjacent, but drawn %.1f px apart", g)
					}
				case pointOnly:
					if border > 0 {
						t.Fatalf("expected to meet only at %s, share %.1f px of border", town, border)
					}
					p := townAt[town]
					if d := math.Max(geo.RingDist(f.Points(ra), p), geo.RingDist(f.Points(rb), p)); d > townTol {
						t.Fatalf("should meet at %s, which is %.1f px off", town, d)
					}
				case border < 10:
					t.Fatalf("adjacent, but share only %.1f px of border", border)
				}
			})
		}
	}
}

// TestOutlinesDoNotOverlap samples the map and finds no point inside two
// outlines.
func TestOutlinesDoNotOverlap(t *testing.T) {
	f, _, _ := loadGeometry(t)
	type outline struct {
		name string
		ring []geo.Pt
		bb   geo.Rect
	}
	var all []outline
	for _, s := range f.Spaces {
		if s.Ring != nil {
			r := f.Points(s.Ring)
			all = append(all, outline{s.Name, r, geo.Bounds(r)})
		}
	}
	for _, r := range f.Background {
		p := f.Points(r.Ring)
		all = append(all, outline{r.Kind, p, geo.Bounds(p)})
	}
	for y := 1.5; y < f.Height; y += 5 {
		for x := 1.5; x < f.Width; x += 5 {
			p := geo.Pt{X: x, Y: y}
			var in []string
			for _, o := range all {
				if geo.PtRectDist(p, o.bb) == 0 && geo.Inside(o.ring, p) && geo.RingDist(o.ring, p) > 0.5 {
					in = append(in, o.name)
				}
			}
			if len(in) > 1 {
				t.Fatalf("point %v lies inside %v", p, in)
			}
		}
	}
}

// TestTownsWhereTheirSpacesMeet checks every Town against every Province and
// Foreign Country: on the border of each it touches (or inside, when it
// touches just one), and clear of the others.
func TestTownsWhereTheirSpacesMeet(t *testing.T) {
	f, m, byName := loadGeometry(t)
	at := map[string]geo.Pt{}
	for _, tw := range f.Towns {
		at[tw.Name] = tw.At
	}
	for _, town := range m.Towns {
		t.Run(town.Name, func(t *testing.T) {
			p, ok := at[town.Name]
			if !ok {
				t.Fatal("not placed")
			}
			touches := map[engine.SpaceID]bool{}
			n := 0
			for _, id := range town.Touches {
				if !m.Spaces[id].IsLoC() {
					touches[id] = true
					n++
				}
			}
			for id := range m.Spaces {
				sp := &m.Spaces[id]
				if sp.IsLoC() {
					continue
				}
				ring := f.Points(byName[sp.Name].Ring)
				d := geo.RingDist(ring, p)
				switch {
				case touches[engine.SpaceID(id)] && n == 1:
					if !geo.Inside(ring, p) {
						t.Errorf("should lie inside %s", sp.Name)
					}
				case touches[engine.SpaceID(id)]:
					if d > townTol {
						t.Errorf("lies %.1f px from the border of %s", d, sp.Name)
					}
				case geo.Inside(ring, p) || d < apartTol:
					t.Errorf("lies in or on %s (%.1f px), which it does not touch", sp.Name, d)
				}
			}
		})
	}
}

// TestLoCsRunBetweenTheirTowns checks each LoC's line starts and ends at its
// Towns and passes only through spaces the LoC is adjacent to.
func TestLoCsRunBetweenTheirTowns(t *testing.T) {
	f, m, byName := loadGeometry(t)
	at := map[string]geo.Pt{}
	for _, tw := range f.Towns {
		at[tw.Name] = tw.At
	}
	for id := range m.Spaces {
		sp := &m.Spaces[id]
		if !sp.IsLoC() {
			continue
		}
		t.Run(sp.Name, func(t *testing.T) {
			path := byName[sp.Name].Path
			if len(path) < 2 || path[0] != at[sp.Towns[0]] || path[len(path)-1] != at[sp.Towns[1]] {
				t.Fatalf("line %v does not run from %s to %s", path, sp.Towns[0], sp.Towns[1])
			}
			var near [][]geo.Pt
			for _, a := range sp.Adj {
				if !m.Spaces[a].IsLoC() {
					near = append(near, f.Points(byName[m.Spaces[a].Name].Ring))
				}
			}
			for k := 0; k <= 200; k++ {
				p, _ := geo.PathAt(path, float64(k)/200)
				ok := false
				for _, ring := range near {
					if geo.Inside(ring, p) || geo.RingDist(ring, p) < townTol {
						ok = true
						break
					}
				}
				if !ok {
					t.Fatalf("passes %v, outside every space it is adjacent to", p)
				}
			}
		})
	}
}

// TestAreasInsideTheirSpaces checks every name plate and piece area lies
// inside its outline, and every LoC box inside the board.
func TestAreasInsideTheirSpaces(t *testing.T) {
	f, _, _ := loadGeometry(t)
	board := geo.Rect{W: f.Width, H: f.Height}
	for _, s := range f.Spaces {
		t.Run(s.Name, func(t *testing.T) {
			if s.Ring == nil {
				if !board.ContainsRect(*s.Box, 0) {
					t.Fatalf("box %v leaves the board", *s.Box)
				}
				return
			}
			ring := f.Points(s.Ring)
			for _, r := range []geo.Rect{*s.Label, *s.Area} {
				if !geo.RectInRing(ring, r, 2) {
					t.Fatalf("%v is not inside the outline", r)
				}
			}
		})
	}
}

// TestLabelsDoNotOverlap checks that no two of the boxes text or pieces go
// in overlap: name plates, piece areas, LoC boxes, Town dots and Town
// labels; and that every name fits its box.
func TestLabelsDoNotOverlap(t *testing.T) {
	f, _, _ := loadGeometry(t)
	regular, bold, err := geo.Fonts()
	if err != nil {
		t.Fatal(err)
	}
	townFace, nameFace := geo.Face(regular, geo.TownSize), geo.Face(bold, geo.ProvinceSize)
	type box struct {
		what string
		r    geo.Rect
	}
	var boxes []box
	for _, s := range f.Spaces {
		if s.Ring != nil {
			boxes = append(boxes, box{s.Name + " plate", *s.Label}, box{s.Name + " pieces", *s.Area})
			if w := geo.PlateWidth(nameFace, s.Name); w > s.Label.W {
				t.Errorf("%s: name plate needs %.0f px, has %.0f", s.Name, w, s.Label.W)
			}
		} else {
			boxes = append(boxes, box{s.Name + " box", *s.Box})
		}
	}
	for _, tw := range f.Towns {
		r := geo.TownRadius
		boxes = append(boxes, box{tw.Name + " label", tw.Label},
			box{tw.Name + " dot", geo.Rect{X: tw.At.X - r, Y: tw.At.Y - r, W: 2 * r, H: 2 * r}})
		if w := geo.TextWidth(townFace, tw.Name); w+2 > tw.Label.W {
			t.Errorf("%s: label needs %.0f px, has %.0f", tw.Name, w+2, tw.Label.W)
		}
	}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.r.Overlaps(b.r) {
				t.Errorf("%s %v overlaps %s %v", a.what, a.r, b.what, b.r)
			}
		}
	}
	if len(boxes) < 100 {
		t.Fatalf("only %d boxes checked", len(boxes))
	}
}
