package render

import (
	"image/color"
	"math"
	"strconv"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// drawGlyph draws one laid-out glyph: the piece's shape in its faction's
// colour (cubes for Troops and Police, discs for Bases, octagons for
// Guerrillas), a count for a stack, a marker, or the overflow counter.
func drawGlyph(c *canvas, g glyph) {
	shape := geo.Rect{X: g.rect.X, Y: g.rect.Y, W: g.size, H: g.size}
	switch {
	case g.overflow:
		c.roundRect(g.rect, g.size/2)
		c.setColor(rgb(0xE8E4DA))
		c.dc.FillPreserve()
		c.setColor(ink)
		c.lineWidth(1)
		c.dc.Stroke()
		c.centred("+"+strconv.Itoa(g.count), g.rect.Center(), c.face(true, countFont(g.size)), ink)
		return
	case g.marker != noMarker:
		drawMarker(c, shape, g.marker)
		return
	}
	drawPiece(c, shape, g.piece)
	if g.stacked {
		f := c.face(true, countFont(g.size))
		p := geo.Pt{X: shape.MaxX() + 1.5, Y: shape.Y + g.size/2 + c.capHeight(f)/2}
		c.halo("×"+strconv.Itoa(g.count), p, f, ink, paper)
	}
}

func drawPiece(c *canvas, r geo.Rect, k engine.Piece) {
	f := k.Faction()
	fill, edge := factionColor[f], factionDark[f]
	s := r.W
	ctr := r.Center()
	switch {
	case k == engine.JPNPolice:
		cube(c, r, policeColor, edge)
	case k.Cube():
		cube(c, r, fill, edge)
	case k.Base():
		c.circle(ctr, s/2-0.5)
		c.setColor(fill)
		c.dc.FillPreserve()
		c.setColor(edge)
		c.lineWidth(math.Max(1.2, s/10))
		c.dc.Stroke()
		c.circle(ctr, s/4)
		c.setColor(paper)
		c.lineWidth(math.Max(1, s/14))
		c.dc.Stroke()
	case k.Active():
		// Active Guerrilla: solid octagon with a bright star.
		octagon(c, ctr, s/2-0.5)
		c.setColor(fill)
		c.dc.FillPreserve()
		c.setColor(edge)
		c.lineWidth(math.Max(1.2, s/10))
		c.dc.Stroke()
		star(c, ctr, s*0.3)
		c.setColor(rgb(0xFFE14D))
		c.dc.Fill()
	default:
		// Underground Guerrilla: hollow octagon, its symbol face down.
		octagon(c, ctr, s/2-0.5)
		c.setColor(color.RGBA{uint8(255 - (255-int(fill.R))/4), uint8(255 - (255-int(fill.G))/4), uint8(255 - (255-int(fill.B))/4), 255})
		c.dc.FillPreserve()
		c.setColor(fill)
		c.lineWidth(math.Max(2, s/6))
		c.dc.Stroke()
	}
}

// cube draws a Troop or Police cube: a rounded square with a lit top edge.
func cube(c *canvas, r geo.Rect, fill, edge color.RGBA) {
	in := r.Inset(0.5)
	c.roundRect(in, r.W*0.15)
	c.setColor(fill)
	c.dc.FillPreserve()
	c.setColor(edge)
	c.lineWidth(math.Max(1.2, r.W/11))
	c.dc.Stroke()
	x0, y0 := c.pt(geo.Pt{X: in.X + in.W*0.25, Y: in.Y + in.H*0.22})
	x1, _ := c.pt(geo.Pt{X: in.MaxX() - in.W*0.25, Y: 0})
	c.setColor(rgba(0xFFFFFF, 150))
	c.lineWidth(math.Max(1, r.W/10))
	c.dc.DrawLine(x0, y0, x1, y0)
	c.dc.Stroke()
}

func octagon(c *canvas, ctr geo.Pt, r float64) {
	pts := make([]geo.Pt, 8)
	for i := range pts {
		a := math.Pi/8 + float64(i)*math.Pi/4
		pts[i] = geo.Pt{X: ctr.X + r*math.Cos(a), Y: ctr.Y + r*math.Sin(a)}
	}
	c.path(pts, true)
}

func star(c *canvas, ctr geo.Pt, r float64) {
	pts := make([]geo.Pt, 10)
	for i := range pts {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = geo.Pt{X: ctr.X + rr*math.Cos(a), Y: ctr.Y + rr*math.Sin(a)}
	}
	c.path(pts, true)
}

// drawMarker draws a round marker: Support (+ on blue), Opposition (− on
// red), Terror (T on black) or Sabotage (× on red).
func drawMarker(c *canvas, r geo.Rect, m marker) {
	ctr := r.Center()
	var fill, fg color.RGBA
	var sym string
	switch m {
	case markSupport:
		fill, fg, sym = factionColor[engine.NAT], paper, "+"
	case markOpposition:
		fill, fg, sym = factionColor[engine.CPC], paper, "−"
	case markTerror:
		fill, fg, sym = terrorColor, rgb(0xFFE14D), "T"
	case markSabotage:
		fill, fg, sym = sabotageColor, paper, "×"
	}
	c.circle(ctr, r.W/2-0.5)
	c.setColor(fill)
	c.dc.FillPreserve()
	c.setColor(paper)
	c.lineWidth(1.2)
	c.dc.Stroke()
	c.centred(sym, ctr, c.face(true, r.W*0.8), fg)
}
