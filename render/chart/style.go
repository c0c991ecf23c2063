package chart

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/chinaswar/chinaswar/engine"
)

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// The factions' colours, as on the counters: khaki Japan, blue
// Nationalists, orange Warlords, red Communists. Dark is each one's edge and
// text colour, which keeps khaki and orange legible on white.
var (
	factionColor = [engine.NumFactions]color.RGBA{
		engine.JPN: rgb(0xC3B091), engine.NAT: rgb(0x2F6FD0), engine.WLD: rgb(0xF08A1C), engine.CPC: rgb(0xD62A2A),
	}
	factionDark = [engine.NumFactions]color.RGBA{
		engine.JPN: rgb(0x6E5C2B), engine.NAT: rgb(0x163D7A), engine.WLD: rgb(0x8A4700), engine.CPC: rgb(0x7A0E0E),
	}
	// factionInk is the text colour on a faction's colour.
	factionInk = [engine.NumFactions]color.RGBA{
		engine.JPN: rgb(0x2B2410), engine.NAT: rgb(0xFFFFFF), engine.WLD: rgb(0x2B1600), engine.CPC: rgb(0xFFFFFF),
	}

	paper     = rgb(0xFFFFFF)
	ink       = rgb(0x1D1D1B)
	muted     = rgb(0x6B6B66)
	grid      = rgb(0xE4E2DC)
	axis      = rgb(0x8C8A83)
	bandFill  = rgb(0xF6EBC8) // Propaganda Rounds
	bandEdge  = rgb(0xD9C27A)
	rowShade  = rgb(0xF5F4F0)
	headFill  = rgb(0x2E2B26)
	lineColor = rgb(0x24508F) // a rating line
	muColor   = rgb(0x8AA4C8)
	spread    = color.NRGBA{0x24, 0x50, 0x8F, 0x30} // the rating band
	medals    = [3]color.RGBA{rgb(0xD4AF37), rgb(0xA8A9AD), rgb(0xB0703C)}
)

var fonts = sync.OnceValues(func() ([2]*truetype.Font, error) {
	r, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return [2]*truetype.Font{}, fmt.Errorf("chart: regular font: %w", err)
	}
	b, err := truetype.Parse(gobold.TTF)
	if err != nil {
		return [2]*truetype.Font{}, fmt.Errorf("chart: bold font: %w", err)
	}
	return [2]*truetype.Font{r, b}, nil
})

// painter is a gg context with its own font faces: faces cache glyphs and
// may not be shared between concurrent renders.
type painter struct {
	*gg.Context
	fonts [2]*truetype.Font
	faces map[[2]int]font.Face
}

func newPainter(w, h int) (*painter, error) {
	fs, err := fonts()
	if err != nil {
		return nil, err
	}
	p := &painter{Context: gg.NewContext(w, h), fonts: fs, faces: map[[2]int]font.Face{}}
	p.SetColor(paper)
	p.Clear()
	return p, nil
}

// font selects the regular or bold face of size pixels.
func (p *painter) font(size int, bold bool) {
	k := [2]int{size, 0}
	if bold {
		k[1] = 1
	}
	f, ok := p.faces[k]
	if !ok {
		f = truetype.NewFace(p.fonts[k[1]], &truetype.Options{Size: float64(size), Hinting: font.HintingFull})
		p.faces[k] = f
	}
	p.SetFontFace(f)
}

// text draws s with its anchor point (ax, ay in 0..1 of its box) at x, y.
func (p *painter) text(s string, x, y, ax, ay float64, c color.Color) {
	p.SetColor(c)
	p.DrawStringAnchored(s, x, y, ax, ay)
}

// fit shortens s with an ellipsis until it is at most w pixels wide in the
// current face.
func (p *painter) fit(s string, w float64) string {
	if tw, _ := p.MeasureString(s); tw <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if tw, _ := p.MeasureString(string(r) + "…"); tw <= w {
			break
		}
	}
	return string(r) + "…"
}

// printable drops what the embedded fonts cannot draw (emoji in Discord
// names, mostly), which would otherwise show as empty boxes.
func (p *painter) printable(s string) string {
	var b strings.Builder
	for _, r := range s {
		if p.fonts[0].Index(r) != 0 || r == ' ' {
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// niceStep is a round grid step (1, 2 or 5 times a power of ten) giving
// about target divisions of span.
func niceStep(span float64, target int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(target)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

// yAxis maps values in [lo, hi] onto the plot's pixel rows [bottom, top].
type yAxis struct {
	lo, hi, step float64
	top, bottom  float64
}

func newYAxis(lo, hi float64, target int, top, bottom float64) yAxis {
	if hi-lo < 1 {
		lo, hi = lo-1, hi+1
	}
	step := niceStep(hi-lo, target)
	return yAxis{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step) * step, step: step, top: top, bottom: bottom}
}

func (a yAxis) at(v float64) float64 {
	return a.bottom - (v-a.lo)/(a.hi-a.lo)*(a.bottom-a.top)
}

// ticks are the grid values, bottom up.
func (a yAxis) ticks() []float64 {
	var out []float64
	for v := a.lo; v <= a.hi+a.step/2; v += a.step {
		out = append(out, math.Round(v/a.step)*a.step)
	}
	return out
}

// grid draws the horizontal grid lines and their labels left of x0.
func (p *painter) grid(a yAxis, x0, x1 float64, label func(float64) string) {
	p.font(14, false)
	p.SetLineWidth(1)
	for _, v := range a.ticks() {
		y := a.at(v)
		p.SetColor(grid)
		p.DrawLine(x0, y, x1, y)
		p.Stroke()
		p.text(label(v), x0-10, y, 1, 0.35, muted)
	}
}

// PNG encodes a chart for upload.
func PNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("chart: encode PNG: %w", err)
	}
	return b.Bytes(), nil
}
