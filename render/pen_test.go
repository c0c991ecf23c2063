package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/fogleman/gg"
)

// drawer is what pen shares with gg.Context.
type drawer interface {
	SetColor(color.Color)
	SetLineWidth(float64)
	MoveTo(x, y float64)
	LineTo(x, y float64)
	ClosePath()
	NewSubPath()
	DrawLine(x1, y1, x2, y2 float64)
	DrawCircle(x, y, r float64)
	DrawRoundedRectangle(x, y, w, h, r float64)
	Fill()
	FillPreserve()
	Stroke()
	StrokePreserve()
}

// TestPenMatchesGG draws random shapes with a pen and with gg and expects
// the same bytes: opaque and translucent colours, thin and thick lines,
// open and closed paths, shapes partly off the image, one pen reused.
func TestPenMatchesGG(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	f := func() float64 { return rng.Float64()*140 - 20 }
	colours := []color.Color{ink, paper, supportTint, oppositionTint, roughHat, rgba(0xFFFFFF, 150), factionColor[0]}
	for round := range 30 {
		w, h := 60+rng.IntN(70), 50+rng.IntN(70)
		want, got := image.NewRGBA(image.Rect(0, 0, w, h)), image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range want.Pix {
			want.Pix[i] = uint8(i * 7)
			got.Pix[i] = want.Pix[i]
		}
		p := newPen(got)
		steps := make([]func(drawer), 0, 40)
		for range 12 {
			c, lw := colours[rng.IntN(len(colours))], 0.5+rng.Float64()*7
			x, y, x2, y2, r := f(), f(), f(), f(), 1+rng.Float64()*30
			steps = append(steps, func(d drawer) { d.SetColor(c); d.SetLineWidth(lw) })
			switch rng.IntN(5) {
			case 0:
				steps = append(steps, func(d drawer) { d.DrawCircle(x, y, r) })
			case 1:
				steps = append(steps, func(d drawer) { d.DrawRoundedRectangle(x, y, r*2, r, r/3) })
			case 2:
				steps = append(steps, func(d drawer) { d.DrawLine(x, y, x2, y2) })
			case 3:
				closed := rng.IntN(2) == 0
				steps = append(steps, func(d drawer) {
					d.NewSubPath()
					d.MoveTo(x, y)
					d.LineTo(x2, y)
					d.LineTo(x2, y2)
					d.LineTo(x+0.05, y2+0.05) // a segment gg drops before stroking
					if closed {
						d.ClosePath()
					}
				})
			default:
				steps = append(steps, func(d drawer) { d.DrawLine(x, y, x2, y2); d.LineTo(x, y2) })
			}
			switch rng.IntN(4) {
			case 0:
				steps = append(steps, func(d drawer) { d.Fill() })
			case 1:
				steps = append(steps, func(d drawer) { d.Stroke() })
			case 2:
				steps = append(steps, func(d drawer) { d.FillPreserve(); d.SetColor(ink); d.Stroke() })
			default:
				steps = append(steps, func(d drawer) { d.StrokePreserve() }) // the path carries on
			}
		}
		dc := gg.NewContextForRGBA(want)
		for _, s := range steps {
			s(dc)
			s(p)
		}
		p.release()
		for i := range want.Pix {
			if got.Pix[i] != want.Pix[i] {
				t.Fatalf("round %d: byte %d (pixel %d,%d) is %d, gg %d", round, i, i/4%w, i/4/w, got.Pix[i], want.Pix[i])
			}
		}
	}
}
