package render

import (
	"fmt"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// checkGlyphs asserts the layout invariants: every glyph inside the area,
// no two glyphs overlapping, and the counts adding up to the pieces, with
// any pieces left out shown by an overflow counter.
func checkGlyphs(t *testing.T, what string, area geo.Rect, p *engine.Pieces, marks []marker, gs []glyph) {
	t.Helper()
	shown, markers, overflow := 0, 0, false
	for i, g := range gs {
		if !area.ContainsRect(g.rect, 1e-6) {
			t.Fatalf("%s: glyph %d %v leaves area %v", what, i, g.rect, area)
		}
		for _, h := range gs[i+1:] {
			if g.rect.Overlaps(h.rect) {
				t.Fatalf("%s: glyphs %v and %v overlap", what, g.rect, h.rect)
			}
		}
		switch {
		case g.marker != noMarker:
			markers++
		case g.overflow:
			overflow = true
			shown += g.count
		default:
			if g.count > 1 && !g.stacked {
				t.Fatalf("%s: %d pieces drawn as one without a count", what, g.count)
			}
			shown += g.count
		}
	}
	if shown != p.Total() {
		t.Fatalf("%s: glyphs account for %d pieces, the space holds %d", what, shown, p.Total())
	}
	if !overflow && markers != len(marks) {
		t.Fatalf("%s: %d of %d markers shown", what, markers, len(marks))
	}
}

func pieces(kv ...int) engine.Pieces {
	var p engine.Pieces
	for i := 0; i < len(kv); i += 2 {
		p[kv[i]] = int16(kv[i+1])
	}
	return p
}

func TestLayout(t *testing.T) {
	province := geo.Rect{X: 100, Y: 50, W: 150, H: 70}
	loc := locArea(geo.Rect{X: 10, Y: 10, W: geo.LoCBoxW, H: geo.LoCBoxH})
	all := pieces(0, 3, 1, 2, 2, 5, 3, 2, 4, 1, 5, 1, 6, 4, 7, 1, 8, 2, 9, 3, 10, 1)
	tests := []struct {
		name       string
		area       geo.Rect
		p          engine.Pieces
		marks      []marker
		max, min   float64
		wantLoose  bool // every piece drawn on its own
		wantStacks bool // some kind drawn once with a count
		wantOver   bool // some pieces only counted in "+n"
	}{
		{name: "empty", area: province, max: provinceMax, min: provinceMin},
		{name: "one troop", area: province, p: pieces(int(engine.JPNTroop), 1), max: provinceMax, min: provinceMin, wantLoose: true},
		{name: "setup Shaanxi", area: province, p: pieces(2, 3, 6, 1, 8, 6, 10, 2), marks: []marker{markOpposition}, max: provinceMax, min: provinceMin, wantLoose: true},
		{name: "twelve troops", area: province, p: pieces(0, 12), max: provinceMax, min: provinceMin, wantStacks: true},
		{name: "every kind", area: province, p: all, marks: []marker{markSupport, markTerror}, max: provinceMax, min: provinceMin, wantStacks: true},
		{name: "whole pool", area: province, p: engine.Pool, max: provinceMax, min: provinceMin, wantStacks: true},
		{name: "loc pair", area: loc, p: pieces(0, 3, 1, 1), max: locMax, min: locMin, wantLoose: true},
		{name: "loc stack", area: loc, p: pieces(0, 9, 1, 2), max: locMax, min: locMin, wantStacks: true},
		{name: "loc crowd", area: loc, p: all, marks: []marker{markSabotage}, max: locMax, min: locMin, wantStacks: true, wantOver: true},
		{name: "tiny area", area: geo.Rect{W: 12, H: 12}, p: all, max: locMax, min: locMin, wantOver: true},
		{name: "sliver", area: geo.Rect{W: 5, H: 40}, p: pieces(0, 1), max: locMax, min: locMin, wantOver: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gs := layout(tc.area, &tc.p, tc.marks, tc.max, tc.min)
			checkGlyphs(t, tc.name, tc.area, &tc.p, tc.marks, gs)
			var loose, stacks, over bool
			loose = tc.p.Total() > 0
			for _, g := range gs {
				stacks = stacks || g.stacked
				over = over || g.overflow
				loose = loose && !g.stacked && !g.overflow
			}
			if loose != tc.wantLoose || stacks != tc.wantStacks || over != tc.wantOver {
				t.Fatalf("loose %v stacks %v overflow %v, want %v %v %v", loose, stacks, over, tc.wantLoose, tc.wantStacks, tc.wantOver)
			}
		})
	}
}

// TestLayoutExhaustive lays out every count of every kind alone and in
// crowds, in a Province area and a LoC box.
func TestLayoutExhaustive(t *testing.T) {
	areas := map[string]geo.Rect{
		"province": {X: 3, Y: 4, W: 90, H: 40},
		"loc":      locArea(geo.Rect{W: geo.LoCBoxW, H: geo.LoCBoxH}),
	}
	for name, area := range areas {
		for n := 0; n <= 40; n++ {
			for _, k := range pieceOrder {
				var p engine.Pieces
				p[k] = int16(n)
				gs := layout(area, &p, []marker{markTerror}, provinceMax, provinceMin)
				checkGlyphs(t, fmt.Sprintf("%s %d×%v", name, n, k), area, &p, []marker{markTerror}, gs)
				for i := range p {
					p[i] = int16((n + i) % 7)
				}
				gs = layout(area, &p, nil, locMax, locMin)
				checkGlyphs(t, fmt.Sprintf("%s mix %d", name, n), area, &p, nil, gs)
			}
		}
	}
}
