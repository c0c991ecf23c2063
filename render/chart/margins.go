package chart

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/chinaswar/chinaswar/engine"
)

// MarginStep is the state of a game after one card.
type MarginStep struct {
	Card       int                     // the card's number; 0 shows no label
	Margins    [engine.NumFactions]int // every faction's victory margin (7.3)
	Propaganda bool                    // the card was a Propaganda Round
}

// MarginChart is a game's victory margins over time.
type MarginChart struct {
	Title string // e.g. "Game 12 · 1937 scenario"
	Steps []MarginStep
}

// Margin chart layout, in pixels.
const (
	marginW, marginH = 1200, 675
	mPadL, mPadR     = 78, 190
	mPadT, mPadB     = 96, 74
)

// Margins draws the four margins card by card: one line per faction, the
// zero line (a margin above it would win a victory check), and each
// Propaganda Round as a shaded column.
func Margins(c MarginChart) (image.Image, error) {
	if len(c.Steps) == 0 {
		return nil, errors.New("chart: a margin chart needs at least one card")
	}
	p, err := newPainter(marginW, marginH)
	if err != nil {
		return nil, err
	}
	x0, x1 := float64(mPadL), float64(marginW-mPadR)
	lo, hi := 0.0, 0.0
	for _, s := range c.Steps {
		for _, m := range s.Margins {
			lo, hi = math.Min(lo, float64(m)), math.Max(hi, float64(m))
		}
	}
	ya := newYAxis(lo-1, hi+1, 8, mPadT, marginH-mPadB)
	n := len(c.Steps)
	cell := (x1 - x0) / float64(n)
	xAt := func(i int) float64 { return x0 + (float64(i)+0.5)*cell }

	p.header(c.Title, "Victory margins (7.3) card by card: above 0 a faction meets its victory condition. Shaded: Propaganda Rounds.", x0)

	// Propaganda Rounds first, under everything.
	round := 0
	p.font(13, true)
	for i, s := range c.Steps {
		if !s.Propaganda {
			continue
		}
		round++
		w := math.Max(cell, 14)
		p.SetColor(bandFill)
		p.DrawRectangle(xAt(i)-w/2, ya.top, w, ya.bottom-ya.top)
		p.Fill()
		p.SetColor(bandEdge)
		p.SetLineWidth(1)
		p.DrawLine(xAt(i)-w/2, ya.top, xAt(i)-w/2, ya.bottom)
		p.DrawLine(xAt(i)+w/2, ya.top, xAt(i)+w/2, ya.bottom)
		p.Stroke()
		p.text(fmt.Sprintf("P%d", round), xAt(i), ya.top-8, 0.5, 0, factionDark[engine.JPN])
	}

	p.grid(ya, x0, x1, func(v float64) string { return signed(int(v)) })
	p.SetColor(axis)
	p.SetLineWidth(2)
	p.DrawLine(x0, ya.at(0), x1, ya.at(0))
	p.Stroke()

	p.cardLabels(c.Steps, xAt, ya.bottom)
	p.font(15, false)
	p.text("Card", (x0+x1)/2, marginH-16, 0.5, 0, muted)
	p.Push()
	p.RotateAbout(-math.Pi/2, 22, (ya.top+ya.bottom)/2)
	p.text("Margin", 22, (ya.top+ya.bottom)/2, 0.5, 0.5, muted)
	p.Pop()

	// Equal margins would hide lines behind each other: each faction's line
	// sits a pixel or two off the value, in faction order.
	for _, f := range engine.Factions {
		off := (float64(f) - 1.5) * 1.8
		pt := func(i int) (float64, float64) { return xAt(i), ya.at(float64(c.Steps[i].Margins[f])) + off }
		for pass, width := range []float64{6, 3.5} {
			p.SetColor(factionDark[f])
			if pass == 1 {
				p.SetColor(factionColor[f])
			}
			p.SetLineWidth(width)
			p.MoveTo(pt(0))
			for i := 1; i < n; i++ {
				p.LineTo(pt(i))
			}
			p.Stroke()
		}
		for i, s := range c.Steps {
			if !s.Propaganda && n > 40 {
				continue // dots on every card would clutter a long game
			}
			x, y := pt(i)
			r := 3.5
			if s.Propaganda {
				r = 5.5
			}
			p.DrawCircle(x, y, r)
			p.SetColor(factionColor[f])
			p.FillPreserve()
			p.SetColor(factionDark[f])
			p.SetLineWidth(1.5)
			p.Stroke()
		}
	}
	p.marginLegend(c.Steps[n-1].Margins, x1+28)
	return p.Image(), nil
}

// header draws a chart's title and subtitle.
func (p *painter) header(title, sub string, x float64) {
	p.font(28, true)
	p.text(p.fit(title, float64(p.Width())-2*x), x, 44, 0, 0, ink)
	p.font(16, false)
	p.text(sub, x, 72, 0, 0, muted)
}

// cardLabels writes card numbers under the plot: every Propaganda card,
// then as many others as fit without touching a label already placed.
func (p *painter) cardLabels(steps []MarginStep, xAt func(int) float64, y float64) {
	type span struct{ l, r float64 }
	var placed []span
	free := func(s span) bool {
		for _, o := range placed {
			if s.l < o.r+8 && o.l < s.r+8 {
				return false
			}
		}
		return true
	}
	for _, propaganda := range []bool{true, false} {
		p.font(13, propaganda)
		c := muted
		if propaganda {
			c = ink
		}
		for i, s := range steps {
			if s.Card == 0 || s.Propaganda != propaganda {
				continue
			}
			label := fmt.Sprintf("#%d", s.Card)
			w, _ := p.MeasureString(label)
			sp := span{xAt(i) - w/2, xAt(i) + w/2}
			if free(sp) {
				placed = append(placed, sp)
				p.text(label, xAt(i), y+20, 0.5, 0, c)
			}
		}
	}
}

// marginLegend names the factions with their latest margins.
func (p *painter) marginLegend(last [engine.NumFactions]int, x float64) {
	p.font(15, true)
	p.text("Now", x, mPadT+6, 0, 0, muted)
	for i, f := range engine.Factions {
		y := float64(mPadT + 40 + i*38)
		p.SetColor(factionDark[f])
		p.SetLineWidth(6)
		p.DrawLine(x, y, x+30, y)
		p.Stroke()
		p.SetColor(factionColor[f])
		p.SetLineWidth(3.5)
		p.DrawLine(x, y, x+30, y)
		p.Stroke()
		p.font(18, true)
		p.text(f.String(), x+40, y, 0, 0.35, factionDark[f])
		p.font(18, false)
		p.text(signed(last[f]), x+140, y, 1, 0.35, ink)
	}
	y := float64(mPadT + 40 + 4*38 + 10)
	p.SetColor(bandFill)
	p.DrawRectangle(x, y-10, 30, 20)
	p.FillPreserve()
	p.SetColor(bandEdge)
	p.SetLineWidth(1)
	p.Stroke()
	p.font(14, false)
	p.text("Propaganda", x+40, y, 0, 0.35, muted)
}

// signed writes a margin the way the rules do: +3, 0, −2.
func signed(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("+%d", v)
	case v < 0:
		return fmt.Sprintf("−%d", -v)
	}
	return "0"
}
