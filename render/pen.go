package render

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// pen builds and paints paths on an image exactly as gg.Context does with
// its defaults (round caps and joins, non-zero winding, an identity
// transform): the same curve flattening and fixed-point rounding, the same
// rasteriser, the same pixel arithmetic. Unlike gg it keeps its buffers
// between paths and renders, and paints fully covered runs from a table
// instead of dividing per byte. A pen serves one render at a time.
type pen struct {
	img        *image.RGBA
	r          *raster.Rasterizer
	w, h       int
	strokePath raster.Path
	fillPath   raster.Path
	flat       raster.Path // a flattened stroke path, or a closed fill path
	start      fixed.Point26_6
	current    bool // the path has a current point
	width      float64
	paint      painter
}

// pens recycles pens with their rasteriser and path buffers.
var pens = sync.Pool{New: func() any { return &pen{} }}

// newPen returns a pen for img with gg's initial state: no path, line
// width 1, transparent colour.
func newPen(img *image.RGBA) *pen {
	p := pens.Get().(*pen)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if p.r == nil {
		p.r = raster.NewRasterizer(w, h)
	} else if p.w != w || p.h != h {
		p.r.SetBounds(w, h)
	}
	p.img, p.w, p.h, p.width = img, w, h, 1
	p.paint = painter{img: img}
	p.ClearPath()
	p.SetColor(color.Transparent)
	return p
}

// release hands the pen back for reuse; it must not be used after.
func (p *pen) release() {
	p.img, p.paint.img = nil, nil
	pens.Put(p)
}

func (p *pen) SetColor(c color.Color) { p.paint.setColor(c) }

func (p *pen) SetLineWidth(w float64) { p.width = w }

// fix converts as gg does: truncating toward zero.
func fix(x, y float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
}

// unfix converts back as gg does.
func unfix(x fixed.Int26_6) float64 {
	const shift, mask = 6, 1<<6 - 1
	if x >= 0 {
		return float64(x>>shift) + float64(x&mask)/64
	}
	x = -x
	if x >= 0 {
		return -(float64(x>>shift) + float64(x&mask)/64)
	}
	return 0
}

func (p *pen) MoveTo(x, y float64) {
	if p.current {
		p.fillPath.Add1(p.start)
	}
	f := fix(x, y)
	p.strokePath.Start(f)
	p.fillPath.Start(f)
	p.start, p.current = f, true
}

func (p *pen) LineTo(x, y float64) {
	if !p.current {
		p.MoveTo(x, y)
		return
	}
	f := fix(x, y)
	p.strokePath.Add1(f)
	p.fillPath.Add1(f)
}

func (p *pen) quadTo(x1, y1, x2, y2 float64) {
	if !p.current {
		p.MoveTo(x1, y1)
	}
	f1, f2 := fix(x1, y1), fix(x2, y2)
	p.strokePath.Add2(f1, f2)
	p.fillPath.Add2(f1, f2)
}

func (p *pen) ClosePath() {
	if p.current {
		p.strokePath.Add1(p.start)
		p.fillPath.Add1(p.start)
	}
}

func (p *pen) ClearPath() {
	p.strokePath.Clear()
	p.fillPath.Clear()
	p.current = false
}

func (p *pen) NewSubPath() {
	if p.current {
		p.fillPath.Add1(p.start)
	}
	p.current = false
}

func (p *pen) DrawLine(x1, y1, x2, y2 float64) {
	p.MoveTo(x1, y1)
	p.LineTo(x2, y2)
}

// arc approximates an arc by sixteen quadratic curves, as gg does.
func (p *pen) arc(x, y, r, a1, a2 float64) {
	const n = 16
	for i := 0; i < n; i++ {
		p1, p2 := float64(i+0)/n, float64(i+1)/n
		b1, b2 := a1+(a2-a1)*p1, a1+(a2-a1)*p2
		x0, y0 := x+r*math.Cos(b1), y+r*math.Sin(b1)
		xm, ym := x+r*math.Cos((b1+b2)/2), y+r*math.Sin((b1+b2)/2)
		x2, y2 := x+r*math.Cos(b2), y+r*math.Sin(b2)
		cx, cy := 2*xm-x0/2-x2/2, 2*ym-y0/2-y2/2
		if i == 0 {
			if p.current {
				p.LineTo(x0, y0)
			} else {
				p.MoveTo(x0, y0)
			}
		}
		p.quadTo(cx, cy, x2, y2)
	}
}

func radians(deg float64) float64 { return deg * math.Pi / 180 }

func (p *pen) DrawCircle(x, y, r float64) {
	p.NewSubPath()
	p.arc(x, y, r, 0, 2*math.Pi)
	p.ClosePath()
}

func (p *pen) DrawRoundedRectangle(x, y, w, h, r float64) {
	x0, x1, x2, x3 := x, x+r, x+w-r, x+w
	y0, y1, y2, y3 := y, y+r, y+h-r, y+h
	p.NewSubPath()
	p.MoveTo(x1, y0)
	p.LineTo(x2, y0)
	p.arc(x2, y1, r, radians(270), radians(360))
	p.LineTo(x3, y2)
	p.arc(x2, y2, r, radians(0), radians(90))
	p.LineTo(x1, y3)
	p.arc(x1, y2, r, radians(90), radians(180))
	p.LineTo(x0, y1)
	p.arc(x1, y1, r, radians(180), radians(270))
	p.ClosePath()
}

func (p *pen) Fill() {
	p.FillPreserve()
	p.ClearPath()
}

func (p *pen) FillPreserve() {
	path := p.fillPath
	if p.current {
		p.flat = append(p.flat[:0], p.fillPath...)
		p.flat.Add1(p.start)
		path = p.flat
	}
	p.r.UseNonZeroWinding = true
	p.r.Clear()
	p.r.AddPath(path)
	p.r.Rasterize(&p.paint)
}

func (p *pen) Stroke() {
	p.StrokePreserve()
	p.ClearPath()
}

func (p *pen) StrokePreserve() {
	p.flatten()
	p.r.UseNonZeroWinding = true
	p.r.Clear()
	p.r.AddStroke(p.flat, fixed.Int26_6(p.width*64), raster.RoundCapper, raster.RoundJoiner)
	p.r.Rasterize(&p.paint)
}

// flatten stores the stroke path in p.flat with its curves as points and
// points closer than 8/64 pixel (by x and y distance) to the one before
// dropped, as gg does before stroking: tiny segments spoil joins.
func (p *pen) flatten() {
	p.flat = p.flat[:0]
	var prev fixed.Point26_6
	add := func(x, y float64, first bool) {
		f := fix(x, y)
		if first {
			p.flat.Start(f)
		} else if d := abs26(f.X-prev.X) + abs26(f.Y-prev.Y); d > 8 {
			p.flat.Add1(f)
		}
		prev = f
	}
	sp := p.strokePath
	var cx, cy float64
	for i := 0; i < len(sp); {
		switch sp[i] {
		case 0:
			cx, cy = unfix(sp[i+1]), unfix(sp[i+2])
			add(cx, cy, true)
			i += 4
		case 1:
			cx, cy = unfix(sp[i+1]), unfix(sp[i+2])
			add(cx, cy, false)
			i += 4
		case 2:
			x1, y1, x2, y2 := unfix(sp[i+1]), unfix(sp[i+2]), unfix(sp[i+3]), unfix(sp[i+4])
			n := max(4, int(math.Hypot(x1-cx, y1-cy)+math.Hypot(x2-x1, y2-y1)+0.5))
			d := float64(n) - 1
			for j := 0; j < n; j++ {
				t := float64(j) / d
				u := 1 - t
				a, b, c := u*u, 2*u*t, t*t
				add(a*cx+b*x1+c*x2, a*cy+b*y1+c*y2, false)
			}
			cx, cy = x2, y2
			i += 6
		default:
			panic("render: pen path holds a cubic curve")
		}
	}
}

func abs26(x fixed.Int26_6) fixed.Int26_6 {
	if x < 0 {
		return -x
	}
	return x
}

// painter composites rasterised spans in one colour over an RGBA image
// with raster.RGBAPainter's arithmetic. Fully covered spans are painted
// from a table of what each byte value becomes, built once per colour.
type painter struct {
	img            *image.RGBA
	cr, cg, cb, ca uint32
	table          *[4][256]uint8 // for full coverage; nil until needed
	tables         [4][256]uint8
}

func (p *painter) setColor(c color.Color) {
	r, g, b, a := c.RGBA()
	if r != p.cr || g != p.cg || b != p.cb || a != p.ca {
		p.cr, p.cg, p.cb, p.ca = r, g, b, a
		p.table = nil
	}
}

const m16 = 1<<16 - 1

func (p *painter) fullTable() *[4][256]uint8 {
	if p.table == nil {
		a := (m16 - p.ca) * 0x101
		for ch, c := range [4]uint32{p.cr, p.cg, p.cb, p.ca} {
			for d := range uint32(256) {
				p.tables[ch][d] = uint8((d*a + c*m16) / m16 >> 8)
			}
		}
		p.table = &p.tables
	}
	return p.table
}

func (p *painter) Paint(ss []raster.Span, done bool) {
	img := p.img
	b := img.Rect
	for _, s := range ss {
		if s.Y < b.Min.Y {
			continue
		}
		if s.Y >= b.Max.Y {
			return
		}
		s.X0, s.X1 = max(s.X0, b.Min.X), min(s.X1, b.Max.X)
		if s.X0 >= s.X1 {
			continue
		}
		i0 := (s.Y-b.Min.Y)*img.Stride + (s.X0-b.Min.X)*4
		pix := img.Pix[i0 : i0+(s.X1-s.X0)*4]
		ma := s.Alpha
		switch {
		case ma == m16 && p.ca == m16: // opaque: the colour itself
			c := [4]uint8{uint8(p.cr >> 8), uint8(p.cg >> 8), uint8(p.cb >> 8), uint8(p.ca >> 8)}
			for i := 0; i+4 <= len(pix); i += 4 {
				copy(pix[i:i+4:i+4], c[:])
			}
		case ma == m16 && len(pix) >= 64:
			t := p.fullTable()
			for i := 0; i+4 <= len(pix); i += 4 {
				d := pix[i : i+4 : i+4]
				d[0], d[1], d[2], d[3] = t[0][d[0]], t[1][d[1]], t[2][d[2]], t[3][d[3]]
			}
		default:
			a := (m16 - (p.ca * ma / m16)) * 0x101
			cr, cg, cb, ca := p.cr*ma, p.cg*ma, p.cb*ma, p.ca*ma
			for i := 0; i+4 <= len(pix); i += 4 {
				d := pix[i : i+4 : i+4]
				d[0] = uint8((uint32(d[0])*a + cr) / m16 >> 8)
				d[1] = uint8((uint32(d[1])*a + cg) / m16 >> 8)
				d[2] = uint8((uint32(d[2])*a + cb) / m16 >> 8)
				d[3] = uint8((uint32(d[3])*a + ca) / m16 >> 8)
			}
		}
	}
}
