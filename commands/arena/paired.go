package arena

import (
	"fmt"
	"io"
	"math"
)

// Paired compares two agents game by game on the same seeds and seats:
// how many pairs each came first in, and the difference of their final
// margins.
type Paired struct {
	Both, OnlyA, OnlyB, Neither int
	// Margin sums of the differences (A's margin less B's) and of their
	// squares, over the pairs with no error.
	diff, diff2 float64
}

// N is the number of pairs.
func (p Paired) N() int { return p.Both + p.OnlyA + p.OnlyB + p.Neither }

// Compare pairs the games of two cells played on the same seeds; a pair
// with an error on either side is left out.
func Compare(a, b *Cell) Paired {
	var p Paired
	for k := range min(len(a.Games), len(b.Games)) {
		x, y := a.Games[k], b.Games[k]
		if x.Err != nil || y.Err != nil {
			continue
		}
		switch {
		case x.First && y.First:
			p.Both++
		case x.First:
			p.OnlyA++
		case y.First:
			p.OnlyB++
		default:
			p.Neither++
		}
		d := float64(x.Margin - y.Margin)
		p.diff += d
		p.diff2 += d * d
	}
	return p
}

// Add pools two comparisons.
func (p Paired) Add(q Paired) Paired {
	return Paired{p.Both + q.Both, p.OnlyA + q.OnlyA, p.OnlyB + q.OnlyB, p.Neither + q.Neither, p.diff + q.diff, p.diff2 + q.diff2}
}

// Difference is A's first-place rate less B's, with its 95% interval
// (NewcombePaired).
func (p Paired) Difference() (d, lo, hi float64) {
	n := p.N()
	if n == 0 {
		return 0, -1, 1
	}
	lo, hi = NewcombePaired(p.Both, p.OnlyA, p.OnlyB, p.Neither)
	return float64(p.OnlyA-p.OnlyB) / float64(n), lo, hi
}

// MarginDifference is the mean of A's margin less B's over the pairs,
// with a 95% interval by the normal approximation (meaningful from some
// tens of pairs).
func (p Paired) MarginDifference() (d, lo, hi float64) {
	n := float64(p.N())
	if n == 0 {
		return 0, 0, 0
	}
	d = p.diff / n
	if n < 2 {
		return d, math.Inf(-1), math.Inf(1)
	}
	sd := math.Sqrt(max(0, (p.diff2-n*d*d)/(n-1)))
	half := 1.959964 * sd / math.Sqrt(n)
	return d, d - half, d + half
}

// NewcombePaired is the 95% interval of the difference between two paired
// proportions, (b - c) / n, from the 2x2 table of pairs: a where both
// succeeded, b only the first, c only the second, d neither. It is
// Newcombe's method 10 (Statistics in Medicine 17, 2635-2650, 1998), built
// from the Wilson intervals of the two rates and the correlation of the
// pairs (with its continuity correction); unlike the Wald interval it
// stays within [-1, 1] and does not collapse when few pairs differ.
func NewcombePaired(a, b, c, d int) (lo, hi float64) {
	n := a + b + c + d
	if n == 0 {
		return -1, 1
	}
	p1, p2 := float64(a+b)/float64(n), float64(a+c)/float64(n)
	l1, u1 := Wilson(a+b, n)
	l2, u2 := Wilson(a+c, n)
	phi := 0.0
	if den := float64(a+b) * float64(c+d) * float64(a+c) * float64(b+d); den > 0 {
		num := float64(a)*float64(d) - float64(b)*float64(c)
		switch {
		case num > float64(n)/2:
			num -= float64(n) / 2
		case num > 0:
			num = 0
		}
		phi = num / math.Sqrt(den)
	}
	delta := p1 - p2
	lo = delta - math.Sqrt(max(0, sq(p1-l1)-2*phi*(p1-l1)*(u2-p2)+sq(u2-p2)))
	hi = delta + math.Sqrt(max(0, sq(p2-l2)-2*phi*(p2-l2)*(u1-p1)+sq(u1-p1)))
	return max(-1, lo), min(1, hi)
}

func sq(x float64) float64 { return x * x }

// writePaired prints the paired comparison of agents a and b in every
// seat both played, then pooled over the seats.
func (r *Report) writePaired(w io.Writer) {
	fmt.Fprintln(w, "\nPaired comparisons (same seeds; first places: exact McNemar test and Newcombe's 95% interval; margins: mean difference, 95% interval):")
	type key struct{ a, b string }
	pooled := map[key]Paired{}
	var order []key
	for i, a := range r.Cells {
		for _, b := range r.Cells[i+1:] {
			if a.Scenario != b.Scenario || a.Faction != b.Faction {
				continue
			}
			p := Compare(a, b)
			k := key{a.Agent, b.Agent}
			if _, ok := pooled[k]; !ok {
				order = append(order, k)
			}
			pooled[k] = pooled[k].Add(p)
			fmt.Fprintf(w, "  %s %s: %s\n", a.Scenario, a.Faction, p.line(a.Agent, b.Agent))
		}
	}
	for _, k := range order {
		fmt.Fprintf(w, "  all seats: %s\n", pooled[k].line(k.a, k.b))
	}
}

// line is one comparison, e.g. "normal 7/12 vs easy 3/12 first (only
// normal 5, only easy 1): +33.3 points (95% CI -1.2 to +58.6), p = 0.219;
// margin +1.4 (-0.5 to +3.3)".
func (p Paired) line(a, b string) string {
	n := p.N()
	d, lo, hi := p.Difference()
	m, mlo, mhi := p.MarginDifference()
	return fmt.Sprintf("%s %d/%d vs %s %d/%d first (only %s %d, only %s %d): %+.1f points (95%% CI %+.1f to %+.1f), p = %.3g; margin %+.1f (%+.1f to %+.1f)",
		a, p.Both+p.OnlyA, n, b, p.Both+p.OnlyB, n, a, p.OnlyA, b, p.OnlyB, 100*d, 100*lo, 100*hi, McNemar(p.OnlyA, p.OnlyB), m, mlo, mhi)
}
