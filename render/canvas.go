package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// canvas draws board coordinates onto an image through a view: a scale and
// an origin, so the same drawing code makes the full board (scale 1) and
// close-ups. Text is drawn with font.Drawer directly, which is much faster
// than gg's per-glyph transformed text. A canvas belongs to one render.
type canvas struct {
	img    *image.RGBA
	dc     *gg.Context
	k      float64 // board pixels to image pixels
	origin geo.Pt  // board point at the image's top left
	fonts  [2]*truetype.Font
	faces  map[faceKey]*metricFace
}

type faceKey struct {
	bold bool
	size float64
}

// facePool keeps sets of faces between renders: a face caches rendered
// glyphs, so reusing one saves rasterising and hinting every glyph anew,
// while the pool guarantees a face set serves one render at a time.
var facePool = sync.Pool{New: func() any { return map[faceKey]*metricFace{} }}

func newCanvas(img *image.RGBA, k float64, origin geo.Pt, regular, bold *truetype.Font) *canvas {
	return &canvas{img: img, dc: gg.NewContextForRGBA(img), k: k, origin: origin,
		fonts: [2]*truetype.Font{regular, bold}, faces: facePool.Get().(map[faceKey]*metricFace)}
}

// release returns the canvas's faces to the pool; the canvas must not be
// used after it. Close-ups at odd scales would grow a set without bound, so
// large sets are dropped.
func (c *canvas) release() {
	if len(c.faces) <= 48 {
		facePool.Put(c.faces)
	}
	c.faces = nil
}

// sees reports whether board rectangle r shows in the image at all, so
// close-ups skip what lies outside them.
func (c *canvas) sees(r geo.Rect) bool {
	b := c.img.Bounds()
	view := geo.Rect{X: c.origin.X + float64(b.Min.X)/c.k, Y: c.origin.Y + float64(b.Min.Y)/c.k,
		W: float64(b.Dx()) / c.k, H: float64(b.Dy()) / c.k}
	return r.Inset(-4).Overlaps(view)
}

// pt maps a board point to image pixels.
func (c *canvas) pt(p geo.Pt) (float64, float64) {
	return (p.X - c.origin.X) * c.k, (p.Y - c.origin.Y) * c.k
}

func (c *canvas) rect(r geo.Rect) geo.Rect {
	x, y := c.pt(geo.Pt{X: r.X, Y: r.Y})
	return geo.Rect{X: x, Y: y, W: r.W * c.k, H: r.H * c.k}
}

// face returns a face for board-pixel size, scaled to the view.
func (c *canvas) face(bold bool, size float64) font.Face {
	key := faceKey{bold, math.Round(size*c.k*4) / 4}
	f, ok := c.faces[key]
	if !ok {
		fi := 0
		if bold {
			fi = 1
		}
		f = newMetricFace(geo.Face(c.fonts[fi], key.size))
		c.faces[key] = f
	}
	return f
}

func (c *canvas) setColor(col color.Color) { c.dc.SetColor(col) }

// fillAll paints the whole image one colour, far faster than filling a path.
func (c *canvas) fillAll(col color.Color) {
	draw.Draw(c.img, c.img.Rect, image.NewUniform(col), image.Point{}, draw.Src)
}

// lineWidth sets a stroke width in board pixels.
func (c *canvas) lineWidth(w float64) { c.dc.SetLineWidth(w * c.k) }

func (c *canvas) path(pts []geo.Pt, closed bool) {
	c.dc.NewSubPath()
	for i, p := range pts {
		x, y := c.pt(p)
		if i == 0 {
			c.dc.MoveTo(x, y)
		} else {
			c.dc.LineTo(x, y)
		}
	}
	if closed {
		c.dc.ClosePath()
	}
}

func (c *canvas) roundRect(r geo.Rect, radius float64) {
	d := c.rect(r)
	c.dc.DrawRoundedRectangle(d.X, d.Y, d.W, d.H, radius*c.k)
}

func (c *canvas) circle(p geo.Pt, r float64) {
	x, y := c.pt(p)
	c.dc.DrawCircle(x, y, r*c.k)
}

// text draws s with its left end at x and its baseline at y (board pixels).
func (c *canvas) text(s string, p geo.Pt, f font.Face, col color.Color) {
	x, y := c.pt(p)
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}}
	d.DrawString(s)
}

// textWidth is the width of s in f, in board pixels.
func (c *canvas) textWidth(s string, f font.Face) float64 {
	if mf, ok := f.(*metricFace); ok {
		return float64(mf.width(s)) / 64 / c.k
	}
	return geo.TextWidth(f, s) / c.k
}

// capHeight is the height of capitals and digits in f, in board pixels.
// (freetype faces leave Metrics().CapHeight zero, so measure a glyph.)
func (c *canvas) capHeight(f font.Face) float64 {
	b, _, _ := f.GlyphBounds('H')
	return float64(-b.Min.Y) / 64 / c.k
}

// centred draws s centred on p, vertically by the face's cap height.
func (c *canvas) centred(s string, p geo.Pt, f font.Face, col color.Color) {
	c.text(s, geo.Pt{X: p.X - c.textWidth(s, f)/2, Y: p.Y + c.capHeight(f)/2}, f, col)
}

// halo draws s with a light outline, for names over the map.
func (c *canvas) halo(s string, p geo.Pt, f font.Face, col, outline color.Color) {
	for _, d := range []geo.Pt{{X: -1, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: -1}, {X: 0, Y: 1}, {X: -1, Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}, {X: 1, Y: -1}} {
		c.text(s, p.Add(d.Mul(1/c.k)), f, outline)
	}
	c.text(s, p, f, col)
}
