// Package render draws the game board as a PNG for chat: the map with every
// piece and marker, the edge tracks, the sequence of play and the force
// pools around it, and close-ups of one space's neighbourhood for phones.
//
// The map's drawing comes from assets/geometry.json (see internal/geomgen).
// A Renderer draws what never changes once and reuses it; each render works
// on its own copy, so a Renderer is safe for concurrent use.
package render

import (
	"fmt"
	"image"
	"sync"

	"github.com/golang/freetype/truetype"

	"github.com/chinaswar/chinaswar/assets"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

//go:generate go run ./internal/geomgen -o ../assets/geometry.json

// Board size in pixels: the map on the left, the panel on the right.
const (
	BoardW = 1600
	BoardH = 1200
)

// Options say what to draw besides the position itself.
type Options struct {
	// Highlight outlines these spaces, for example those that just changed.
	Highlight []engine.SpaceID
	// Focus, when set, draws a close-up of this space and its neighbours
	// instead of the whole board.
	Focus *engine.SpaceID
}

// Renderer draws positions on one map.
type Renderer struct {
	m             *engine.Map
	b             *board
	regular, bold *truetype.Font
	static        *layers // the whole board's static drawing
	closeUps      closeUpCache
}

// New prepares a Renderer for map m, drawing its static layers.
func New(m *engine.Map) (*Renderer, error) {
	f, err := geo.Parse(assets.GeometryJSON)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	b, err := newBoard(f, m)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	regular, bold, err := geo.Fonts()
	if err != nil {
		return nil, fmt.Errorf("render: fonts: %w", err)
	}
	r := &Renderer{m: m, b: b, regular: regular, bold: bold}
	r.static = newLayers(b, m, image.Rect(0, 0, BoardW, BoardH), image.Rect(0, 0, int(b.w), int(b.h)), 1, geo.Pt{}, regular, bold)
	return r, nil
}

var (
	defaults   sync.Map // *engine.Map -> *Renderer
	defaultsMu sync.Mutex
)

// Board renders game g as PNG bytes, with a Renderer shared by every game on
// the same map.
func Board(g *engine.Game, o Options) ([]byte, error) {
	m := g.Map()
	r, ok := defaults.Load(m)
	if !ok {
		defaultsMu.Lock()
		if r, ok = defaults.Load(m); !ok {
			nr, err := New(m)
			if err != nil {
				defaultsMu.Unlock()
				return nil, err
			}
			defaults.Store(m, nr)
			r = nr
		}
		defaultsMu.Unlock()
	}
	return r.(*Renderer).PNG(g.State(), g.Deck(), o)
}

// boards recycles full-board images between PNG renders (7.7 MB each).
var boards = sync.Pool{New: func() any { return image.NewRGBA(image.Rect(0, 0, BoardW, BoardH)) }}

// PNG renders state s (whose cards come from deck d) as PNG bytes.
func (r *Renderer) PNG(s *engine.State, d *engine.Deck, o Options) ([]byte, error) {
	if o.Focus != nil {
		img, err := r.closeUp(s, *o.Focus, o.Highlight, getRGBA)
		if err != nil {
			return nil, err
		}
		defer putRGBA(img)
		return encodePNG(img)
	}
	img := boards.Get().(*image.RGBA)
	defer boards.Put(img)
	if err := r.drawBoard(img, s, d, o); err != nil {
		return nil, err
	}
	return encodePNG(img)
}

// Image renders state s as an image: the whole board, or a close-up when
// o.Focus is set.
func (r *Renderer) Image(s *engine.State, d *engine.Deck, o Options) (*image.RGBA, error) {
	if o.Focus != nil {
		return r.closeUp(s, *o.Focus, o.Highlight, image.NewRGBA)
	}
	img := image.NewRGBA(r.static.full.Rect)
	if err := r.drawBoard(img, s, d, o); err != nil {
		return nil, err
	}
	return img, nil
}

// drawBoard draws the whole board into img, which must be board-sized.
func (r *Renderer) drawBoard(img *image.RGBA, s *engine.State, d *engine.Deck, o Options) error {
	if len(s.Spaces) != len(r.m.Spaces) {
		return fmt.Errorf("render: state has %d spaces, the map %d", len(s.Spaces), len(r.m.Spaces))
	}
	mapPart := img.SubImage(r.static.lines.Rect).(*image.RGBA)
	c := newCanvas(mapPart, 1, geo.Pt{}, r.regular, r.bold)
	defer c.release()
	r.static.draw(img, c, r.b, r.m, s)
	drawSpaces(c, r.b, r.m, s, o.Highlight)
	// A drawing context paints from its image's origin, so the panel is drawn on the
	// whole image through a view that shifts panel coordinates right.
	pc := newCanvas(img, 1, geo.Pt{X: -r.b.w}, r.regular, r.bold)
	defer pc.release()
	drawPanel(pc, r.m, s, d)
	return nil
}
