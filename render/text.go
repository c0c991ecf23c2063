package render

import (
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// metricFace is a font.Face that remembers what text layout asks for over
// and over: truetype's face loads and hints a glyph on every GlyphAdvance
// and GlyphBounds call, and a board measures the same few hundred strings
// on every render. Like the face it wraps, it serves one render at a time.
type metricFace struct {
	font.Face
	advances map[rune]metric
	bounds   map[rune]glyphBounds
	widths   map[string]fixed.Int26_6
}

type metric struct {
	advance fixed.Int26_6
	ok      bool
}

type glyphBounds struct {
	bounds  fixed.Rectangle26_6
	advance fixed.Int26_6
	ok      bool
}

// maxWidths bounds the string widths a face remembers: wrapped narratives
// measure ever new prefixes, so the cache is emptied when it grows past it.
const maxWidths = 4096

func newMetricFace(f font.Face) *metricFace {
	return &metricFace{Face: f, advances: map[rune]metric{}, bounds: map[rune]glyphBounds{},
		widths: map[string]fixed.Int26_6{}}
}

func (f *metricFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	m, ok := f.advances[r]
	if !ok {
		m.advance, m.ok = f.Face.GlyphAdvance(r)
		f.advances[r] = m
	}
	return m.advance, m.ok
}

func (f *metricFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	b, ok := f.bounds[r]
	if !ok {
		b.bounds, b.advance, b.ok = f.Face.GlyphBounds(r)
		f.bounds[r] = b
	}
	return b.bounds, b.advance, b.ok
}

// width is font.MeasureString's width of s, remembered.
func (f *metricFace) width(s string) fixed.Int26_6 {
	w, ok := f.widths[s]
	if !ok {
		w = font.MeasureString(f, s)
		if len(f.widths) >= maxWidths {
			clear(f.widths)
		}
		f.widths[s] = w
	}
	return w
}
