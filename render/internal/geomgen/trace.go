package main

import (
	"fmt"
	"math"

	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// corner is a grid corner; cell (x, y) has corners (x, y) to (x+1, y+1).
type corner struct{ x, y int }

// chain is a run of boundary edges between two nodes, with the same two
// areas on either side all along.
type chain struct {
	pts         []corner
	right, left string // areas on the right and left going from pts[0]
}

// around lists the labels of the four cells around a corner, clockwise from
// the top left.
func (s *source) around(c corner) [4]string {
	return [4]string{s.label(c.x-1, c.y-1), s.label(c.x, c.y-1), s.label(c.x, c.y), s.label(c.x-1, c.y)}
}

// edgeBetween reports whether the unit edge from a to b (neighbouring
// corners) separates two different areas, and which area is on its right.
func (s *source) edgeBetween(a, b corner) (right, left string, ok bool) {
	var c1, c2 string // c1: cell on the right going a->b (y grows downwards)
	switch {
	case b.x == a.x+1: // east: right is the cell below
		c1, c2 = s.label(a.x, a.y), s.label(a.x, a.y-1)
	case b.x == a.x-1: // west: right is the cell above
		c1, c2 = s.label(b.x, b.y-1), s.label(b.x, b.y)
	case b.y == a.y+1: // south: right is the cell to the west
		c1, c2 = s.label(a.x-1, a.y), s.label(a.x, a.y)
	default: // north: right is the cell to the east
		c1, c2 = s.label(b.x, b.y), s.label(b.x-1, b.y)
	}
	return c1, c2, c1 != c2
}

var steps = []corner{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

// isNode reports whether a corner must stay fixed: three or more areas meet
// there, an area touches itself diagonally, or a Town is pinned to it.
func (s *source) isNode(c corner, pinned map[corner]bool) bool {
	a := s.around(c)
	distinct := map[string]bool{a[0]: true, a[1]: true, a[2]: true, a[3]: true}
	return len(distinct) >= 3 || (a[0] == a[2] && a[1] == a[3] && a[0] != a[1]) || pinned[c]
}

// trace splits every boundary into chains between nodes. A boundary loop
// with no node on it (an island) gets one of its corners as a node.
func (s *source) trace(pinned map[corner]bool) ([]chain, error) {
	w, h := len(s.grid[0]), len(s.grid)
	nodes := map[corner]bool{}
	for y := 0; y <= h; y++ {
		for x := 0; x <= w; x++ {
			if c := (corner{x, y}); s.isNode(c, pinned) {
				nodes[c] = true
			}
		}
	}
	t := tracer{s: s, nodes: nodes, used: map[[2]corner]bool{}}
	for y := 0; y <= h; y++ {
		for x := 0; x <= w; x++ {
			if err := t.from(corner{x, y}); err != nil {
				return nil, err
			}
		}
	}
	for y := 0; y <= h; y++ {
		for x := 0; x <= w; x++ {
			for _, d := range steps[:2] {
				a, b := corner{x, y}, corner{x + d.x, y + d.y}
				if _, _, ok := s.edgeBetween(a, b); ok && !t.used[[2]corner{a, b}] {
					t.nodes[a] = true
					if err := t.from(a); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return t.out, nil
}

type tracer struct {
	s     *source
	nodes map[corner]bool
	used  map[[2]corner]bool
	out   []chain
}

// from follows every untraced boundary leaving node start to the next node.
func (t *tracer) from(start corner) error {
	if !t.nodes[start] {
		return nil
	}
	mark := func(a, b corner) { t.used[[2]corner{a, b}], t.used[[2]corner{b, a}] = true, true }
	for _, d := range steps {
		next := corner{start.x + d.x, start.y + d.y}
		r, l, ok := t.s.edgeBetween(start, next)
		if !ok || t.used[[2]corner{start, next}] {
			continue
		}
		ch := chain{pts: []corner{start, next}, right: r, left: l}
		mark(start, next)
		prev, cur := start, next
		for !t.nodes[cur] {
			found := false
			for _, d2 := range steps {
				n := corner{cur.x + d2.x, cur.y + d2.y}
				if n == prev || t.used[[2]corner{cur, n}] {
					continue
				}
				if r2, l2, ok := t.s.edgeBetween(cur, n); ok && r2 == r && l2 == l {
					prev, cur = cur, n
					mark(prev, cur)
					ch.pts = append(ch.pts, cur)
					found = true
					break
				}
			}
			if !found {
				return fmt.Errorf("boundary %s/%s breaks off at corner %d,%d", r, l, cur.x, cur.y)
			}
		}
		t.out = append(t.out, ch)
	}
	return nil
}

// smooth turns a chain of grid corners into a curve in pixels: edge
// midpoints, then corner cutting, with both ends fixed so neighbouring
// chains still meet. Chains along the frame stay straight.
func (s *source) smooth(ch chain) []geo.Pt {
	pts := make([]geo.Pt, len(ch.pts))
	for i, c := range ch.pts {
		pts[i] = s.warp(c)
	}
	if ch.left == "" || ch.right == "" || len(pts) < 3 {
		return simplify(pts, 0.5)
	}
	mid := []geo.Pt{pts[0]}
	for i := 1; i < len(pts); i++ {
		mid = append(mid, pts[i-1].Lerp(pts[i], 0.5))
	}
	mid = append(mid, pts[len(pts)-1])
	for iter := 0; iter < 3; iter++ {
		next := []geo.Pt{mid[0]}
		for i := 1; i < len(mid); i++ {
			a, b := mid[i-1], mid[i]
			if i > 1 {
				next = append(next, a.Lerp(b, 0.25))
			}
			if i < len(mid)-1 {
				next = append(next, a.Lerp(b, 0.75))
			}
		}
		mid = append(next, mid[len(mid)-1])
	}
	return simplify(mid, 0.4)
}

// simplify drops points closer than eps to the line through their
// neighbours (Douglas-Peucker), keeping the ends.
func simplify(pts []geo.Pt, eps float64) []geo.Pt {
	if len(pts) < 3 {
		return pts
	}
	best, at := 0.0, 0
	for i := 1; i < len(pts)-1; i++ {
		if d := geo.SegDist(pts[i], pts[0], pts[len(pts)-1]); d > best {
			best, at = d, i
		}
	}
	if best <= eps {
		return []geo.Pt{pts[0], pts[len(pts)-1]}
	}
	left := simplify(pts[:at+1], eps)
	return append(left[:len(left)-1], simplify(pts[at:], eps)...)
}

// ring is one closed outline of an area as vertex indices.
type ring struct {
	area string
	idx  []int
}

// assemble smooths every chain into the shared vertex list and links, for
// each area, the chains that have it on their right into closed rings.
func (s *source) assemble(chains []chain) ([][2]float64, []ring, error) {
	var verts [][2]float64
	nodeIdx := map[corner]int{}
	vertex := func(p geo.Pt) int {
		verts = append(verts, [2]float64{math.Round(p.X*10) / 10, math.Round(p.Y*10) / 10})
		return len(verts) - 1
	}
	node := func(c corner) int {
		if i, ok := nodeIdx[c]; ok {
			return i
		}
		i := vertex(s.warp(c))
		nodeIdx[c] = i
		return i
	}
	type half struct {
		from, to corner
		idx      []int // vertex indices from start to end, ends included
		area     string
	}
	var halves []half
	for _, ch := range chains {
		pts := s.smooth(ch)
		idx := []int{node(ch.pts[0])}
		for _, p := range pts[1 : len(pts)-1] {
			idx = append(idx, vertex(p))
		}
		idx = append(idx, node(ch.pts[len(ch.pts)-1]))
		rev := make([]int, len(idx))
		for i := range idx {
			rev[i] = idx[len(idx)-1-i]
		}
		a, b := ch.pts[0], ch.pts[len(ch.pts)-1]
		if ch.right != "" {
			halves = append(halves, half{a, b, idx, ch.right})
		}
		if ch.left != "" {
			halves = append(halves, half{b, a, rev, ch.left})
		}
	}
	type key struct {
		area string
		at   corner
	}
	starts := map[key][]int{}
	for i, h := range halves {
		k := key{h.area, h.from}
		starts[k] = append(starts[k], i)
	}
	for k, v := range starts {
		if len(v) > 1 {
			return nil, nil, fmt.Errorf("%s touches itself at corner %d,%d", k.area, k.at.x, k.at.y)
		}
	}
	done := make([]bool, len(halves))
	var rings []ring
	for i := range halves {
		if done[i] {
			continue
		}
		r := ring{area: halves[i].area}
		for j := i; !done[j]; {
			done[j] = true
			h := halves[j]
			r.idx = append(r.idx, h.idx[:len(h.idx)-1]...)
			next, ok := starts[key{h.area, h.to}]
			if !ok {
				return nil, nil, fmt.Errorf("outline of %s is open at corner %d,%d", h.area, h.to.x, h.to.y)
			}
			j = next[0]
		}
		rings = append(rings, r)
	}
	return verts, rings, nil
}

// warp moves a grid corner to its place in pixels. The map is bent by a
// smooth pseudo-random displacement (two octaves of value noise) so borders
// wander like real ones instead of following the grid. The displacement is a
// function of position alone, so neighbouring corners move alike and the
// drawing keeps the grid's topology; it fades to nothing at the frame.
func (s *source) warp(c corner) geo.Pt {
	p := geo.Pt{X: float64(c.x) * s.cell, Y: float64(c.y) * s.cell}
	w, h := float64(len(s.grid[0]))*s.cell, float64(len(s.grid))*s.cell
	fade := math.Min(1, math.Min(math.Min(p.X, w-p.X), math.Min(p.Y, h-p.Y))/s.cell)
	d := noise(p, 3*s.cell).Mul(0.5 * s.cell).Add(noise(p, 1.5*s.cell).Mul(0.18 * s.cell))
	q := p.Add(d.Mul(fade))
	return geo.Pt{X: math.Round(q.X*10) / 10, Y: math.Round(q.Y*10) / 10}
}

// noise is smooth value noise with unit amplitude and lattice spacing step.
func noise(p geo.Pt, step float64) geo.Pt {
	gx, gy := math.Floor(p.X/step), math.Floor(p.Y/step)
	fx, fy := p.X/step-gx, p.Y/step-gy
	sx, sy := fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	at := func(i, j float64) geo.Pt {
		h := uint64(int64(i))*0x9e3779b97f4a7c15 ^ uint64(int64(j))*0xc2b2ae3d27d4eb4f ^ uint64(step)
		h ^= h >> 29
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 32
		a := float64(h&0xffff) / 0x10000 * 2 * math.Pi
		return geo.Pt{X: math.Cos(a), Y: math.Sin(a)}
	}
	top := at(gx, gy).Lerp(at(gx+1, gy), sx)
	bottom := at(gx, gy+1).Lerp(at(gx+1, gy+1), sx)
	return top.Lerp(bottom, sy)
}
