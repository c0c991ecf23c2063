package chart

import (
	"errors"
	"image"
	"math"
	"strconv"
	"time"
)

// RatingPoint is a member's rating after one game.
type RatingPoint struct {
	Ended time.Time
	Mu    float64 // the skill estimate
	Sigma float64 // its uncertainty
}

// Display is the rating shown: μ − 3σ.
func (r RatingPoint) Display() float64 { return r.Mu - 3*r.Sigma }

// RatingChart is a member's rating over their games.
type RatingChart struct {
	Title  string // e.g. "Ann · China's War league"
	Points []RatingPoint
}

const (
	ratingW, ratingH = 1000, 540
	rPadL, rPadR     = 78, 40
	rPadT, rPadB     = 110, 70
)

// Rating draws the displayed rating game by game, with the skill estimate μ
// above it: the gap between them is the uncertainty (3σ), which narrows as
// the member plays.
func Rating(c RatingChart) (image.Image, error) {
	if len(c.Points) == 0 {
		return nil, errors.New("chart: a rating chart needs at least one game")
	}
	p, err := newPainter(ratingW, ratingH)
	if err != nil {
		return nil, err
	}
	x0, x1 := float64(rPadL), float64(ratingW-rPadR)
	lo, hi := 0.0, 0.0
	for _, r := range c.Points {
		lo, hi = math.Min(lo, r.Display()), math.Max(hi, r.Mu)
	}
	ya := newYAxis(lo, hi, 6, rPadT, ratingH-rPadB)
	n := len(c.Points)
	cell := (x1 - x0) / float64(n)
	xAt := func(i int) float64 { return x0 + (float64(i)+0.5)*cell }

	p.header(c.Title, "Rating after each rated game (μ − 3σ), with the skill estimate μ", x0)
	p.grid(ya, x0, x1, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) })

	// The uncertainty band between the rating and μ.
	p.MoveTo(xAt(0), ya.at(c.Points[0].Mu))
	for i := 1; i < n; i++ {
		p.LineTo(xAt(i), ya.at(c.Points[i].Mu))
	}
	for i := n - 1; i >= 0; i-- {
		p.LineTo(xAt(i), ya.at(c.Points[i].Display()))
	}
	p.ClosePath()
	p.SetColor(spread)
	p.Fill()

	p.SetColor(muColor)
	p.SetLineWidth(2)
	p.SetDash(7, 5)
	p.MoveTo(xAt(0), ya.at(c.Points[0].Mu))
	for i := 1; i < n; i++ {
		p.LineTo(xAt(i), ya.at(c.Points[i].Mu))
	}
	p.Stroke()
	p.SetDash()

	p.SetColor(lineColor)
	p.SetLineWidth(3.5)
	p.MoveTo(xAt(0), ya.at(c.Points[0].Display()))
	for i := 1; i < n; i++ {
		p.LineTo(xAt(i), ya.at(c.Points[i].Display()))
	}
	p.Stroke()
	if n <= 60 {
		for i, r := range c.Points {
			p.DrawCircle(xAt(i), ya.at(r.Display()), 4)
			p.SetColor(paper)
			p.FillPreserve()
			p.SetColor(lineColor)
			p.SetLineWidth(2)
			p.Stroke()
		}
	}

	// Dates under the plot, as many as fit.
	p.font(13, false)
	w, _ := p.MeasureString("28 Sep 26")
	every := max(1, int(math.Ceil((w+10)/cell)))
	for i, r := range c.Points {
		if i%every == 0 {
			p.text(r.Ended.Format("2 Jan 06"), xAt(i), ya.bottom+22, 0.5, 0, muted)
		}
	}

	last := c.Points[n-1]
	p.font(20, true)
	p.text(strconv.FormatFloat(last.Display(), 'f', 1, 64), x1, 44, 1, 0, lineColor)
	p.font(14, false)
	p.text("now, after "+strconv.Itoa(n)+" games", x1, 66, 1, 0, muted)
	p.ratingLegend(x1, 92)
	return p.Image(), nil
}

func (p *painter) ratingLegend(right, y float64) {
	p.font(14, false)
	wMu, _ := p.MeasureString("skill estimate μ")
	x := right - wMu
	p.text("skill estimate μ", x, y, 0, 0.35, muted)
	p.SetColor(muColor)
	p.SetLineWidth(2)
	p.SetDash(7, 5)
	p.DrawLine(x-40, y, x-8, y)
	p.Stroke()
	p.SetDash()
	wR, _ := p.MeasureString("rating μ − 3σ")
	x -= 60 + wR
	p.text("rating μ − 3σ", x, y, 0, 0.35, muted)
	p.SetColor(lineColor)
	p.SetLineWidth(3.5)
	p.DrawLine(x-40, y, x-8, y)
	p.Stroke()
}
