package render

import (
	"math"
	"strconv"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// marker is a game marker shown among a space's pieces.
type marker uint8

const (
	noMarker marker = iota
	markSupport
	markOpposition
	markTerror
	markSabotage
)

// glyph is one thing drawn in a piece area: a piece, a stack of pieces with
// its count, a marker, or the counter of pieces that did not fit.
type glyph struct {
	rect     geo.Rect // all of it, count text included
	size     float64  // side of the piece shape
	piece    engine.Piece
	count    int  // pieces it stands for (0 for a marker)
	stacked  bool // drawn once with "×count"
	marker   marker
	overflow bool // "+count": pieces left out for lack of room
}

// pieceOrder groups pieces by faction, Bases first, as players sort them.
var pieceOrder = []engine.Piece{
	engine.JPNTroop, engine.JPNPolice,
	engine.NATBase, engine.NATTroop, engine.NATGuerrilla, engine.NATGuerrillaActive,
	engine.WLDBase, engine.WLDTroop,
	engine.CPCBase, engine.CPCGuerrilla, engine.CPCGuerrillaActive,
}

// Layout limits. A kind with more than maxLoose pieces is always stacked:
// nobody counts eight little cubes on a phone.
const (
	maxLoose   = 6
	stackFrom  = 4 // in mixed layouts, kinds with this many pieces are stacked
	looseShare = 0.7
)

// countFont is the size of the count text beside a stacked piece of size s.
func countFont(s float64) float64 { return math.Max(9, math.Round(s*0.8)) }

// countWidth is the room reserved for "×n" or "+n": a safe estimate (Go
// Bold digits are 0.556 em wide, "×" and "+" 0.584 em) so the layout needs
// no font.
func countWidth(s float64, n int) float64 {
	return 2 + 0.6*countFont(s)*float64(1+len(strconv.Itoa(n)))
}

type item struct {
	piece   engine.Piece
	count   int
	stacked bool
	marker  marker
}

func (it item) width(s float64) float64 {
	switch {
	case it.marker != noMarker:
		return s
	case it.stacked:
		return s + countWidth(s, it.count)
	}
	return s
}

// layout places markers and pieces in area, as large as possible up to
// maxSize: loose pieces if they fit, then big kinds stacked, then every kind
// stacked, and at minSize whatever fits plus a "+n" counter for the rest.
// Every glyph lies inside area and the counts always add up to the pieces.
func layout(area geo.Rect, p *engine.Pieces, marks []marker, maxSize, minSize float64) []glyph {
	build := func(stackAt int) []item {
		var its []item
		for _, m := range marks {
			its = append(its, item{marker: m})
		}
		for _, k := range pieceOrder {
			n := p.N(k)
			switch {
			case n == 0:
			case n >= stackAt:
				its = append(its, item{piece: k, count: n, stacked: true})
			default:
				for range n {
					its = append(its, item{piece: k, count: 1})
				}
			}
		}
		return its
	}
	maxKind := 0
	for _, k := range pieceOrder {
		maxKind = max(maxKind, p.N(k))
	}
	if maxKind <= maxLoose {
		loose := build(math.MaxInt)
		for s := maxSize; s >= math.Max(minSize, maxSize*looseShare); s-- {
			if g, ok := flow(area, loose, s); ok {
				return g
			}
		}
	}
	mixed, stacked := build(stackFrom), build(1)
	for s := maxSize; s >= minSize; s-- {
		if g, ok := flow(area, mixed, s); ok {
			return g
		}
	}
	for s := maxSize; s >= minSize; s-- {
		if g, ok := flow(area, stacked, s); ok {
			return g
		}
	}
	return overflow(area, stacked, minSize)
}

// flow lays items out in centred rows of height s, failing if they need
// more room than area has.
func flow(area geo.Rect, its []item, s float64) ([]glyph, bool) {
	if s > area.H || s > area.W {
		return nil, false
	}
	gap := math.Max(2, math.Round(s/6))
	var rows [][]item
	var widths []float64
	x := 0.0
	for _, it := range its {
		w := it.width(s)
		if w > area.W {
			return nil, false
		}
		if len(rows) == 0 || x+w > area.W {
			rows = append(rows, nil)
			widths = append(widths, 0)
			x = 0
		}
		r := len(rows) - 1
		rows[r] = append(rows[r], it)
		x += w + gap
		widths[r] = x - gap
	}
	height := float64(len(rows))*(s+gap) - gap
	if height > area.H {
		return nil, false
	}
	var out []glyph
	y := area.Y + math.Floor((area.H-height)/2)
	for r, row := range rows {
		x := area.X + math.Floor((area.W-widths[r])/2)
		for _, it := range row {
			w := it.width(s)
			out = append(out, glyph{
				rect: geo.Rect{X: x, Y: y, W: w, H: s}, size: s,
				piece: it.piece, count: it.count, stacked: it.stacked, marker: it.marker,
			})
			x += w + gap
		}
		y += s + gap
	}
	return out, true
}

// overflow keeps as many stacked items as fit at size s and replaces the
// rest with one "+n" counter, dropping more items until the counter fits.
func overflow(area geo.Rect, its []item, s float64) []glyph {
	s = math.Min(s, math.Min(area.W, area.H))
	for keep := len(its) - 1; keep >= 0; keep-- {
		rest := 0
		for _, it := range its[keep:] {
			rest += it.count
		}
		if rest == 0 {
			continue
		}
		try := append(append([]item(nil), its[:keep]...), item{count: rest, stacked: true})
		if g, ok := flow(area, try, s); ok {
			last := &g[len(g)-1]
			last.stacked, last.overflow = false, true
			return g
		}
	}
	// Not even the counter alone fits: show it as large as the area allows.
	total := 0
	for _, it := range its {
		total += it.count
	}
	return []glyph{{rect: area, size: math.Min(area.W, area.H), count: total, overflow: true}}
}
