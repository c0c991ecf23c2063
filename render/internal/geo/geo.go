// Package geo holds the plane geometry shared by the board renderer, its
// tests and the generator of assets/geometry.json, so that all three agree on
// what "inside", "on the border" and "overlapping" mean.
package geo

import "math"

// Pt is a point in board pixels (y grows downwards).
type Pt struct{ X, Y float64 }

func (p Pt) Add(q Pt) Pt             { return Pt{p.X + q.X, p.Y + q.Y} }
func (p Pt) Sub(q Pt) Pt             { return Pt{p.X - q.X, p.Y - q.Y} }
func (p Pt) Mul(k float64) Pt        { return Pt{p.X * k, p.Y * k} }
func (p Pt) Dist(q Pt) float64       { return math.Hypot(p.X-q.X, p.Y-q.Y) }
func (p Pt) Lerp(q Pt, t float64) Pt { return Pt{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t} }

// Rect is an axis-aligned rectangle; X, Y is the top-left corner.
type Rect struct{ X, Y, W, H float64 }

func (r Rect) MaxX() float64 { return r.X + r.W }
func (r Rect) MaxY() float64 { return r.Y + r.H }
func (r Rect) Center() Pt    { return Pt{r.X + r.W/2, r.Y + r.H/2} }

// Overlaps reports whether two rectangles share interior area; touching
// edges do not count.
func (r Rect) Overlaps(s Rect) bool {
	return r.X < s.MaxX() && s.X < r.MaxX() && r.Y < s.MaxY() && s.Y < r.MaxY()
}

// ContainsRect reports whether s lies within r, allowing eps of rounding.
func (r Rect) ContainsRect(s Rect, eps float64) bool {
	return s.X >= r.X-eps && s.Y >= r.Y-eps && s.MaxX() <= r.MaxX()+eps && s.MaxY() <= r.MaxY()+eps
}

// Inset shrinks r by d on every side (grows it when d < 0).
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Corners lists the four corners clockwise from the top left.
func (r Rect) Corners() [4]Pt {
	return [4]Pt{{r.X, r.Y}, {r.MaxX(), r.Y}, {r.MaxX(), r.MaxY()}, {r.X, r.MaxY()}}
}

// Bounds is the bounding box of a set of points.
func Bounds(pts []Pt) Rect {
	if len(pts) == 0 {
		return Rect{}
	}
	x0, y0, x1, y1 := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Union is the bounding box of two rectangles.
func Union(a, b Rect) Rect {
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.MaxX(), b.MaxX()), math.Max(a.MaxY(), b.MaxY())
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Inside reports whether p is inside the closed polygon ring (even-odd rule).
func Inside(ring []Pt, p Pt) bool {
	in := false
	for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// SegDist is the distance from p to the segment ab.
func SegDist(p, a, b Pt) float64 {
	ab := b.Sub(a)
	l2 := ab.X*ab.X + ab.Y*ab.Y
	if l2 == 0 {
		return p.Dist(a)
	}
	t := math.Max(0, math.Min(1, ((p.X-a.X)*ab.X+(p.Y-a.Y)*ab.Y)/l2))
	return p.Dist(a.Add(ab.Mul(t)))
}

// RingDist is the distance from p to the boundary of a closed ring.
func RingDist(ring []Pt, p Pt) float64 {
	d := math.Inf(1)
	for i := range ring {
		d = math.Min(d, SegDist(p, ring[i], ring[(i+1)%len(ring)]))
	}
	return d
}

// PathDist is the distance from p to an open polyline.
func PathDist(path []Pt, p Pt) float64 {
	d := math.Inf(1)
	for i := 1; i < len(path); i++ {
		d = math.Min(d, SegDist(p, path[i-1], path[i]))
	}
	return d
}

// RectInRing reports whether r lies inside the ring with at least margin
// between r and the ring's boundary.
func RectInRing(ring []Pt, r Rect, margin float64) bool {
	for _, c := range r.Corners() {
		if !Inside(ring, c) {
			return false
		}
	}
	for i := range ring {
		if SegRectDist(ring[i], ring[(i+1)%len(ring)], r) < margin {
			return false
		}
	}
	return true
}

// segsCross reports whether segments ab and cd properly intersect.
func segsCross(a, b, c, d Pt) bool {
	o := func(p, q, r Pt) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	d1, d2 := o(c, d, a), o(c, d, b)
	d3, d4 := o(a, b, c), o(a, b, d)
	return d1*d2 < 0 && d3*d4 < 0
}

// PtRectDist is the distance from p to rectangle r (0 inside it).
func PtRectDist(p Pt, r Rect) float64 {
	dx := math.Max(0, math.Max(r.X-p.X, p.X-r.MaxX()))
	dy := math.Max(0, math.Max(r.Y-p.Y, p.Y-r.MaxY()))
	return math.Hypot(dx, dy)
}

// SegRectDist is the distance between segment ab and rectangle r (0 when
// they meet).
func SegRectDist(a, b Pt, r Rect) float64 {
	c := r.Corners()
	d := math.Min(PtRectDist(a, r), PtRectDist(b, r))
	for k := range c {
		if segsCross(a, b, c[k], c[(k+1)%4]) {
			return 0
		}
		d = math.Min(d, SegDist(c[k], a, b))
	}
	return d
}

// PathLen is the length of a polyline.
func PathLen(path []Pt) float64 {
	n := 0.0
	for i := 1; i < len(path); i++ {
		n += path[i].Dist(path[i-1])
	}
	return n
}

// PathAt is the point at fraction t (0..1) of a polyline's length, and the
// direction of the segment it lies on.
func PathAt(path []Pt, t float64) (Pt, Pt) {
	want := PathLen(path) * t
	for i := 1; i < len(path); i++ {
		l := path[i].Dist(path[i-1])
		if want <= l || i == len(path)-1 {
			d := path[i].Sub(path[i-1])
			if l > 0 {
				d = d.Mul(1 / l)
			}
			return path[i-1].Lerp(path[i], math.Min(1, want/math.Max(l, 1e-9))), d
		}
		want -= l
	}
	return path[0], Pt{1, 0}
}
