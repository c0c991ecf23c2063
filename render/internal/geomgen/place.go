package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// Placement margins in pixels.
const (
	areaMargin = 6   // piece area to its space's border
	lineClear  = 8   // piece area to a LoC line
	boxGap     = 3   // between any two placed boxes
	rasterStep = 3.0 // resolution of the piece-area search
	minAreaW   = 64
	minAreaH   = 34
)

// place puts, in this order, every Town label beside its dot, every LoC box
// on its line, and every space's name plate and piece area in the largest
// free rectangle of its outline. Earlier items constrain later ones. Spaces
// in labelOnly (out of play) get a name plate and an empty area.
func place(f *geo.File, labelOnly map[string]bool) error {
	var problems []error
	regular, bold, err := geo.Fonts()
	if err != nil {
		return err
	}
	townFace := geo.Face(regular, geo.TownSize)
	nameFace := geo.Face(bold, geo.ProvinceSize)
	var taken []geo.Rect
	free := func(r geo.Rect) bool {
		if r.X < 2 || r.Y < 2 || r.MaxX() > f.Width-2 || r.MaxY() > f.Height-2 {
			return false
		}
		for _, t := range taken {
			if r.Overlaps(t.Inset(-boxGap)) {
				return false
			}
		}
		return true
	}
	for _, t := range f.Towns {
		taken = append(taken, dotBox(t.At))
	}
	var paths [][]geo.Pt
	for _, s := range f.Spaces {
		if s.Path != nil {
			paths = append(paths, s.Path)
		}
	}
	for i := range f.Towns {
		t := &f.Towns[i]
		w := math.Ceil(geo.TextWidth(townFace, t.Name)) + 4
		l, ok := placeTownLabel(t.At, w, free, paths)
		if !ok {
			problems = append(problems, fmt.Errorf("no room for the label of Town %s", t.Name))
		}
		t.Label = l
		taken = append(taken, l)
	}
	for i := range f.Spaces {
		s := &f.Spaces[i]
		if s.Path == nil {
			continue
		}
		b, ok := placeLoCBox(s.Path, free)
		if !ok {
			problems = append(problems, fmt.Errorf("no room for the box of LoC %s", s.Name))
		}
		s.Box = &b
		taken = append(taken, b)
	}
	for i := range f.Spaces {
		s := &f.Spaces[i]
		if s.Ring == nil {
			continue
		}
		ring := f.Points(s.Ring)
		minH := float64(minAreaH + geo.LabelHeight)
		if labelOnly[s.Name] {
			minH = geo.LabelHeight
		}
		r, ok := largestFree(ring, paths, free, minH)
		if !ok {
			problems = append(problems, fmt.Errorf("no room for the pieces of %s", s.Name))
		} else if need := geo.PlateWidth(nameFace, s.Name); r.W < need {
			problems = append(problems, fmt.Errorf("%s: free area %.0f px wide, its name plate needs %.0f", s.Name, r.W, need))
		}
		r = geo.Rect{X: tenth(r.X), Y: tenth(r.Y), W: tenth(r.W), H: tenth(r.H)}
		label := geo.Rect{X: r.X, Y: r.Y, W: r.W, H: geo.LabelHeight}
		area := geo.Rect{X: r.X, Y: r.Y + geo.LabelHeight, W: r.W, H: r.H - geo.LabelHeight}
		s.Label, s.Area = &label, &area
		taken = append(taken, r)
	}
	return errors.Join(problems...)
}

func dotBox(p geo.Pt) geo.Rect {
	r := geo.TownRadius + 1
	return geo.Rect{X: p.X - r, Y: p.Y - r, W: 2 * r, H: 2 * r}
}

// placeLoCBox centres the box on the line as near its middle as it fits,
// sliding along the line and then to either side of it.
func placeLoCBox(path []geo.Pt, free func(geo.Rect) bool) (geo.Rect, bool) {
	for _, side := range []float64{0, 12, -12, 20, -20} {
		for _, t := range []float64{0.5, 0.44, 0.56, 0.38, 0.62, 0.32, 0.68, 0.26, 0.74} {
			p, d := geo.PathAt(path, t)
			c := p.Add(geo.Pt{X: -d.Y, Y: d.X}.Mul(side))
			b := geo.Rect{X: math.Round(c.X - geo.LoCBoxW/2), Y: math.Round(c.Y - geo.LoCBoxH/2), W: geo.LoCBoxW, H: geo.LoCBoxH}
			if free(b) {
				return b, true
			}
		}
	}
	return geo.Rect{}, false
}

// placeTownLabel tries the eight positions around the dot, preferring those
// that cross no LoC line.
func placeTownLabel(at geo.Pt, w float64, free func(geo.Rect) bool, paths [][]geo.Pt) (geo.Rect, bool) {
	const h, gap = geo.TownSize + 4, geo.TownRadius + 1 + boxGap + 1
	cands := []geo.Pt{
		{X: at.X + gap, Y: at.Y - h/2}, {X: at.X - gap - w, Y: at.Y - h/2},
		{X: at.X - w/2, Y: at.Y - gap - h}, {X: at.X - w/2, Y: at.Y + gap},
		{X: at.X + gap - 3, Y: at.Y - gap - h + 3}, {X: at.X - gap - w + 3, Y: at.Y - gap - h + 3},
		{X: at.X + gap - 3, Y: at.Y + gap - 3}, {X: at.X - gap - w + 3, Y: at.Y + gap - 3},
	}
	best, bestCost := geo.Rect{}, math.Inf(1)
	for i, c := range cands {
		r := geo.Rect{X: math.Round(c.X), Y: math.Round(c.Y), W: w, H: h}
		if !free(r) {
			continue
		}
		cost := float64(i)
		for _, p := range paths {
			for k := 1; k < len(p); k++ {
				if geo.SegRectDist(p[k-1], p[k], r) < 1 {
					cost += 100
				}
			}
		}
		if cost < bestCost {
			best, bestCost = r, cost
		}
	}
	return best, !math.IsInf(bestCost, 1)
}

// largestFree finds the best rectangle inside ring that keeps clear of the
// ring's border, the LoC lines and everything placed so far. Wide
// rectangles are preferred to tall ones, as pieces are laid out in rows.
func largestFree(ring []geo.Pt, paths [][]geo.Pt, free func(geo.Rect) bool, minH float64) (geo.Rect, bool) {
	bb := geo.Bounds(ring)
	nx, ny := int(bb.W/rasterStep), int(bb.H/rasterStep)
	ok := make([][]bool, ny)
	for y := range ok {
		ok[y] = make([]bool, nx)
		for x := range ok[y] {
			cell := geo.Rect{X: bb.X + float64(x)*rasterStep, Y: bb.Y + float64(y)*rasterStep, W: rasterStep, H: rasterStep}
			c := cell.Center()
			good := geo.Inside(ring, c) && geo.RingDist(ring, c) >= areaMargin+rasterStep && free(cell)
			for _, p := range paths {
				if good && geo.PathDist(p, c) < lineClear+rasterStep {
					good = false
				}
			}
			ok[y][x] = good
		}
	}
	// heights[x]: free cells stacked upwards from row y.
	heights := make([]int, nx)
	best, bestScore := geo.Rect{}, 0.0
	for y := 0; y < ny; y++ {
		for x := 0; x < nx; x++ {
			if ok[y][x] {
				heights[x]++
			} else {
				heights[x] = 0
			}
		}
		for x0 := 0; x0 < nx; x0++ {
			h := math.MaxInt
			for x1 := x0; x1 < nx && heights[x1] > 0; x1++ {
				h = min(h, heights[x1])
				w, hh := float64(x1-x0+1)*rasterStep, float64(h)*rasterStep
				if w < minAreaW || hh < minH {
					continue
				}
				if s := math.Min(w, 2.6*hh) * math.Min(hh, w); s > bestScore {
					bestScore = s
					best = geo.Rect{X: bb.X + float64(x0)*rasterStep, Y: bb.Y + float64(y-h+1)*rasterStep, W: w, H: hh}
				}
			}
		}
	}
	if bestScore == 0 {
		return best, false
	}
	if !geo.RectInRing(ring, best, areaMargin) {
		return best, false
	}
	return best, true
}

// tenth rounds to a tenth of a pixel, so the file holds no float noise.
func tenth(v float64) float64 { return math.Round(v*10) / 10 }
