package render

import (
	"image"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// layers are one view's static drawing: the terrain under the Support
// tints and the lines above them. They are drawn once per view and only
// read afterwards, so concurrent renders share them.
type layers struct {
	base  *image.RGBA // terrain, with the panel background around the map
	lines *image.RGBA // borders, LoCs and Towns on transparent, map part only
	full  *image.RGBA // base with lines on top
	k     float64     // the view: board pixels to image pixels
	// origin is the board point at the map part's top left.
	origin geo.Pt
}

// newLayers draws the layers of a view of size, whose map part is mapRect
// (at the origin), at scale k from board point origin.
func newLayers(b *board, m *engine.Map, size, mapRect image.Rectangle, k float64, origin geo.Pt, regular, bold *truetype.Font) *layers {
	l := &layers{base: image.NewRGBA(size), lines: image.NewRGBA(mapRect), full: image.NewRGBA(size), k: k, origin: origin}
	c := newCanvas(l.base, 1, geo.Pt{}, regular, bold)
	c.fillAll(panelBg)
	c.release()
	c = newCanvas(l.base.SubImage(mapRect).(*image.RGBA), k, origin, regular, bold)
	drawTerrain(c, b, m)
	c.release()
	c = newCanvas(l.lines, k, origin, regular, bold)
	drawLines(c, b, m)
	c.release()
	copy(l.full.Pix, l.base.Pix)
	over(l.full, l.lines, mapRect)
	return l
}

// tile is the side of the squares in which the static layers are swapped
// for tinted Provinces.
const tile = 40

// draw paints the layers into dst, which has their size, with position s's
// tints between terrain and lines. c draws on dst's map part in the
// layers' view. Under a tint the lines must stay on top, so the tiles a
// tinted Province covers are rebuilt: terrain, tint, lines. Each tile is
// composited once, as the lines' edges are translucent.
func (l *layers) draw(dst *image.RGBA, c *canvas, b *board, m *engine.Map, s *engine.State) {
	copy(dst.Pix, l.full.Pix)
	tiles := l.tintedTiles(c, b, m, s)
	for _, t := range tiles {
		for y := t.Min.Y; y < t.Max.Y; y++ {
			i, j := dst.PixOffset(t.Min.X, y), dst.PixOffset(t.Max.X, y)
			copy(dst.Pix[i:j], l.base.Pix[i:j])
		}
	}
	drawTints(c, b, m, s)
	for _, t := range tiles {
		over(dst, l.lines, t)
	}
}

// tintedTiles lists the map tiles that a tinted Province's outline touches,
// in image pixels.
func (l *layers) tintedTiles(c *canvas, b *board, m *engine.Map, s *engine.State) []image.Rectangle {
	mr := l.lines.Rect
	nx, ny := (mr.Dx()+tile-1)/tile, (mr.Dy()+tile-1)/tile
	marked := make([]bool, nx*ny)
	for id := range m.Spaces {
		if !m.Spaces[id].IsProvince() || s.Spaces[id].Support == engine.Neutral || !c.sees(b.spaces[id].bounds) {
			continue
		}
		bb := c.rect(b.spaces[id].bounds)
		x0, y0 := int(math.Floor(bb.X))/tile, int(math.Floor(bb.Y))/tile
		x1, y1 := int(math.Floor(bb.MaxX()))/tile, int(math.Floor(bb.MaxY()))/tile
		for ty := max(0, y0); ty <= min(ny-1, y1); ty++ {
			for tx := max(0, x0); tx <= min(nx-1, x1); tx++ {
				marked[ty*nx+tx] = true
			}
		}
	}
	var out []image.Rectangle
	for i, m := range marked {
		if m {
			x, y := i%nx*tile, i/nx*tile
			out = append(out, image.Rect(x, y, x+tile, y+tile).Intersect(mr))
		}
	}
	return out
}

// over composites src over dst in rectangle r of both, exactly as
// draw.Draw with draw.Over does, but skips src's transparent pixels and
// copies its opaque ones, which are nearly all of a layer of lines.
func over(dst, src *image.RGBA, r image.Rectangle) {
	const m = 1<<16 - 1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		s := src.Pix[src.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for i := 0; i+4 <= len(s); i += 4 {
			sp, dp := s[i:i+4:i+4], d[i:i+4:i+4]
			switch sp[3] {
			case 0: // premultiplied: the pixel is all zero
			case 0xff:
				copy(dp, sp)
			default:
				sr, sg, sb, sa := uint32(sp[0])*0x101, uint32(sp[1])*0x101, uint32(sp[2])*0x101, uint32(sp[3])*0x101
				a := (m - sa) * 0x101
				dp[0] = uint8((uint32(dp[0])*a/m + sr) >> 8)
				dp[1] = uint8((uint32(dp[1])*a/m + sg) >> 8)
				dp[2] = uint8((uint32(dp[2])*a/m + sb) >> 8)
				dp[3] = uint8((uint32(dp[3])*a/m + sa) >> 8)
			}
		}
	}
}

// scratch keeps a few pixel buffers between close-ups, whose sizes vary
// and which need two at once. Their pixels are stale: whoever takes one
// paints all of it.
var scratch struct {
	sync.Mutex
	free [][]uint8
}

// maxScratch bounds the buffers kept: two per close-up being drawn.
const maxScratch = 4

// getRGBA returns an image of bounds r, in the smallest free buffer that
// holds it, or a new one.
func getRGBA(r image.Rectangle) *image.RGBA {
	n := 4 * r.Dx() * r.Dy()
	scratch.Lock()
	best := -1
	for i, b := range scratch.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(scratch.free[best])) {
			best = i
		}
	}
	var pix []uint8
	if best >= 0 {
		pix = scratch.free[best][:n]
		scratch.free = append(scratch.free[:best], scratch.free[best+1:]...)
	}
	scratch.Unlock()
	if pix == nil {
		return image.NewRGBA(r)
	}
	return &image.RGBA{Pix: pix, Stride: 4 * r.Dx(), Rect: r}
}

// putRGBA hands img's buffer back for reuse; img must not be used after.
func putRGBA(img *image.RGBA) {
	scratch.Lock()
	defer scratch.Unlock()
	if len(scratch.free) < maxScratch {
		scratch.free = append(scratch.free, img.Pix)
	}
}
