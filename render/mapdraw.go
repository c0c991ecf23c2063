package render

import (
	"math"
	"slices"
	"strconv"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// drawTerrain paints what never changes under the markers: sea, foreign
// ground and every space's terrain, Rough ones hatched.
func drawTerrain(c *canvas, b *board, m *engine.Map) {
	c.fillAll(sea)
	c.setColor(landOut)
	for _, ring := range b.land {
		c.path(ring, true)
	}
	c.dc.Fill()
	for id := range m.Spaces {
		sp, g := &m.Spaces[id], &b.spaces[id]
		if sp.IsLoC() || !c.sees(g.bounds) {
			continue
		}
		switch {
		case !sp.Enterable:
			c.setColor(outOfPlay)
		case sp.JPNOnly:
			c.setColor(foreignJP)
		case sp.Rough:
			c.setColor(rough)
		default:
			c.setColor(plains)
		}
		c.path(g.ring, true)
		c.dc.Fill()
		if sp.Rough || !sp.Enterable {
			hatch(c, g.ring, 9)
		}
	}
}

// hatch strokes 45-degree lines clipped to the ring by intersecting each
// line with the ring's edges, which is much cheaper than a clip mask.
func hatch(c *canvas, ring []geo.Pt, spacing float64) {
	bb := geo.Bounds(ring)
	c.setColor(roughHat)
	c.lineWidth(1.2)
	var xs []float64
	for u := bb.X + bb.Y + spacing/2; u < bb.MaxX()+bb.MaxY(); u += spacing {
		// The line x + y = u, parametrised by x.
		xs = xs[:0]
		for i := range ring {
			a, b := ring[i], ring[(i+1)%len(ring)]
			fa, fb := a.X+a.Y-u, b.X+b.Y-u
			if (fa < 0) != (fb < 0) {
				t := fa / (fa - fb)
				xs = append(xs, a.X+(b.X-a.X)*t)
			}
		}
		slices.Sort(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			x0, y0 := c.pt(geo.Pt{X: xs[i], Y: u - xs[i]})
			x1, y1 := c.pt(geo.Pt{X: xs[i+1], Y: u - xs[i+1]})
			c.dc.DrawLine(x0, y0, x1, y1)
		}
	}
	c.dc.Stroke()
}

// drawLines paints the static ink above the tints: borders, LoCs and Towns.
func drawLines(c *canvas, b *board, m *engine.Map) {
	c.setColor(border)
	c.lineWidth(2)
	c.dc.SetLineJoinRound()
	for id := range m.Spaces {
		if g := &b.spaces[id]; g.ring != nil {
			c.path(g.ring, true)
		}
	}
	c.dc.Stroke()
	for id := range m.Spaces {
		sp, g := &m.Spaces[id], &b.spaces[id]
		if !sp.IsLoC() || !c.sees(g.bounds) {
			continue
		}
		if sp.River {
			c.setColor(rgb(0xFFFFFF))
			c.lineWidth(7)
			c.path(g.path, false)
			c.dc.Stroke()
			c.setColor(riverBlue)
			c.lineWidth(4.5)
			c.path(g.path, false)
			c.dc.Stroke()
			continue
		}
		railroad(c, g.path)
	}
	for _, t := range b.towns {
		c.circle(t.at, geo.TownRadius)
		c.setColor(paper)
		c.dc.FillPreserve()
		c.setColor(ink)
		c.lineWidth(1.6)
		c.dc.Stroke()
		f := c.face(false, geo.TownSize)
		c.halo(t.name, geo.Pt{X: t.label.X + 2, Y: t.label.Y + geo.TownSize}, f, ink, paper)
	}
}

// railroad draws a black track with cross-ties.
func railroad(c *canvas, path []geo.Pt) {
	c.setColor(railColor)
	c.lineWidth(2.6)
	c.path(path, false)
	c.dc.Stroke()
	c.lineWidth(1.4)
	const every, half = 8.0, 4.0
	carry := every / 2
	for i := 1; i < len(path); i++ {
		a, bp := path[i-1], path[i]
		l := a.Dist(bp)
		if l == 0 {
			continue
		}
		d := bp.Sub(a).Mul(1 / l)
		n := geo.Pt{X: -d.Y, Y: d.X}.Mul(half)
		for t := carry; t < l; t += every {
			p := a.Add(d.Mul(t))
			x0, y0 := c.pt(p.Add(n))
			x1, y1 := c.pt(p.Sub(n))
			c.dc.DrawLine(x0, y0, x1, y1)
		}
		carry = math.Mod(carry-l, every)
		if carry < 0 {
			carry += every
		}
	}
	c.dc.Stroke()
}

// drawTints shades Provinces at Support blue and at Opposition red.
func drawTints(c *canvas, b *board, m *engine.Map, s *engine.State) {
	for id := range m.Spaces {
		if !m.Spaces[id].IsProvince() || !c.sees(b.spaces[id].bounds) {
			continue
		}
		switch s.Spaces[id].Support {
		case engine.Support:
			c.setColor(supportTint)
		case engine.Opposition:
			c.setColor(oppositionTint)
		default:
			continue
		}
		c.path(b.spaces[id].ring, true)
		c.dc.Fill()
	}
}

// pieceSizes are the largest and smallest piece shapes, in board pixels.
const (
	provinceMax, provinceMin = 22, 11
	locMax, locMin           = 15, 9
)

// provinceMarks lists the markers shown among a Province's pieces.
func provinceMarks(ss *engine.SpaceState) []marker {
	var ms []marker
	switch ss.Support {
	case engine.Support:
		ms = append(ms, markSupport)
	case engine.Opposition:
		ms = append(ms, markOpposition)
	}
	if ss.Terror {
		ms = append(ms, markTerror)
	}
	return ms
}

// econR is the radius of a LoC's Econ badge, at the left of its box.
const econR = 10

// locArea is the part of a LoC box that holds pieces: right of the Econ badge.
func locArea(box geo.Rect) geo.Rect {
	return geo.Rect{X: box.X + 2*econR + 4, Y: box.Y + 2, W: box.W - 2*econR - 7, H: box.H - 4}
}

// spaceLayout lays out one space's pieces and markers in its area.
func spaceLayout(b *board, m *engine.Map, s *engine.State, id engine.SpaceID) []glyph {
	ss := &s.Spaces[id]
	if m.Spaces[id].IsLoC() {
		var ms []marker
		if ss.Sabotage {
			ms = append(ms, markSabotage)
		}
		return layout(locArea(b.spaces[id].box), &ss.Pieces, ms, locMax, locMin)
	}
	return layout(b.spaces[id].area, &ss.Pieces, provinceMarks(ss), provinceMax, provinceMin)
}

// drawSpaces draws name plates, Control, pieces, LoC boxes and highlights.
func drawSpaces(c *canvas, b *board, m *engine.Map, s *engine.State, hl []engine.SpaceID) {
	for id := range m.Spaces {
		sp, g := &m.Spaces[id], &b.spaces[id]
		if !c.sees(g.bounds) {
			continue
		}
		glyphs := spaceLayout(b, m, s, engine.SpaceID(id))
		if sp.IsLoC() {
			if len(glyphs) > 0 {
				c.roundRect(g.box, 5)
				c.setColor(paper)
				c.dc.FillPreserve()
				c.setColor(ink)
				c.lineWidth(1.2)
				c.dc.Stroke()
			}
			econBadge(c, g.box, sp.Econ)
		} else {
			plate(c, sp, g.plate, s.ControlOf(m, engine.SpaceID(id)))
		}
		for _, gl := range glyphs {
			drawGlyph(c, gl)
		}
	}
	for _, id := range hl {
		if int(id) < 0 || int(id) >= len(m.Spaces) {
			continue
		}
		g := &b.spaces[id]
		c.setColor(highlight)
		if g.ring != nil {
			c.lineWidth(5)
			c.path(g.ring, true)
		} else {
			c.lineWidth(3)
			c.roundRect(g.box.Inset(-3), 7)
		}
		c.dc.Stroke()
	}
}

// econBadge is the yellow Econ value at the left of a LoC box.
func econBadge(c *canvas, box geo.Rect, econ int) {
	ctr := geo.Pt{X: box.X + econR + 3, Y: box.Y + box.H/2}
	c.circle(ctr, econR)
	c.setColor(econFill)
	c.dc.FillPreserve()
	c.setColor(ink)
	c.lineWidth(1.2)
	c.dc.Stroke()
	c.centred(strconv.Itoa(econ), ctr, c.face(true, 13), ink)
}

// plate draws a space's name plate, filled with the controlling faction's
// colour, with its Pop in a badge.
func plate(c *canvas, sp *engine.Space, r geo.Rect, ctl engine.Control) {
	nameFace := c.face(true, geo.ProvinceSize)
	w := geo.PlatePad*2 + c.textWidth(sp.Name, nameFace)
	if sp.IsProvince() {
		w += geo.BadgeGap + geo.BadgeD
	}
	pr := geo.Rect{X: r.X + math.Floor((r.W-w)/2), Y: r.Y + 1, W: w, H: r.H - 2}
	fill, text := paper, ink
	switch {
	case ctl == engine.NATControl:
		fill, text = factionColor[engine.NAT], paper
	case ctl == engine.WLDControl:
		fill, text = factionColor[engine.WLD], ink
	case !sp.Enterable:
		fill, text = outOfPlay, muted
	}
	c.roundRect(pr, 4)
	c.setColor(fill)
	c.dc.FillPreserve()
	c.setColor(ink)
	c.lineWidth(1.2)
	c.dc.Stroke()
	c.text(sp.Name, geo.Pt{X: pr.X + geo.PlatePad, Y: pr.Y + pr.H/2 + 5.5}, nameFace, text)
	if sp.IsProvince() {
		ctr := geo.Pt{X: pr.MaxX() - geo.PlatePad - geo.BadgeD/2, Y: pr.Y + pr.H/2}
		c.circle(ctr, geo.BadgeD/2-1)
		c.setColor(paper)
		c.dc.FillPreserve()
		c.setColor(ink)
		c.lineWidth(1)
		c.dc.Stroke()
		c.centred(strconv.Itoa(sp.Pop), ctr, c.face(true, geo.BadgeSize), ink)
	}
}
