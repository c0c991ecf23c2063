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
	"image/draw"
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
	// The static layers: terrain under the Support tints, the lines above
	// them, and both together for the untinted parts of the board.
	base  *image.RGBA // terrain and panel background, whole board
	lines *image.RGBA // borders, LoCs and Towns on transparent, map only
	full  *image.RGBA // base with lines on top
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
	r.base = image.NewRGBA(image.Rect(0, 0, BoardW, BoardH))
	c := newCanvas(r.base, 1, geo.Pt{}, regular, bold)
	c.fillAll(panelBg)
	c.release()
	mapPart := r.base.SubImage(image.Rect(0, 0, int(b.w), int(b.h))).(*image.RGBA)
	c = newCanvas(mapPart, 1, geo.Pt{}, regular, bold)
	drawTerrain(c, b, m)
	c.release()
	r.lines = image.NewRGBA(image.Rect(0, 0, int(b.w), int(b.h)))
	c = newCanvas(r.lines, 1, geo.Pt{}, regular, bold)
	drawLines(c, b, m)
	c.release()
	r.full = image.NewRGBA(r.base.Rect)
	copy(r.full.Pix, r.base.Pix)
	draw.Draw(r.full, r.lines.Rect, r.lines, image.Point{}, draw.Over)
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
		img, err := r.Image(s, d, o)
		if err != nil {
			return nil, err
		}
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
		return r.closeUp(s, *o.Focus, o.Highlight)
	}
	img := image.NewRGBA(r.base.Rect)
	if err := r.drawBoard(img, s, d, o); err != nil {
		return nil, err
	}
	return img, nil
}

// tile is the side of the squares in which the static layers are swapped
// for tinted Provinces.
const tile = 40

// drawBoard draws the whole board into img, which must be board-sized.
func (r *Renderer) drawBoard(img *image.RGBA, s *engine.State, d *engine.Deck, o Options) error {
	if len(s.Spaces) != len(r.m.Spaces) {
		return fmt.Errorf("render: state has %d spaces, the map %d", len(s.Spaces), len(r.m.Spaces))
	}
	copy(img.Pix, r.full.Pix)
	// Under a Support or Opposition tint the lines must stay on top, so the
	// tiles a tinted Province covers are rebuilt: terrain, tint, lines. Each
	// tile is composited once, as the lines' edges are translucent.
	tiles := r.tintedTiles(s)
	for _, t := range tiles {
		for y := t.Min.Y; y < t.Max.Y; y++ {
			i, j := img.PixOffset(t.Min.X, y), img.PixOffset(t.Max.X, y)
			copy(img.Pix[i:j], r.base.Pix[i:j])
		}
	}
	mapPart := img.SubImage(r.lines.Rect).(*image.RGBA)
	c := newCanvas(mapPart, 1, geo.Pt{}, r.regular, r.bold)
	defer c.release()
	drawTints(c, r.b, r.m, s)
	for _, t := range tiles {
		draw.Draw(img, t, r.lines, t.Min, draw.Over)
	}
	drawSpaces(c, r.b, r.m, s, o.Highlight)
	// gg draws only from an image's origin, so the panel is drawn on the
	// whole image through a view that shifts panel coordinates right.
	pc := newCanvas(img, 1, geo.Pt{X: -r.b.w}, r.regular, r.bold)
	defer pc.release()
	drawPanel(pc, r.m, s, d)
	return nil
}

// tintedTiles lists the map tiles that a tinted Province's outline touches.
func (r *Renderer) tintedTiles(s *engine.State) []image.Rectangle {
	nx, ny := (r.lines.Rect.Dx()+tile-1)/tile, (r.lines.Rect.Dy()+tile-1)/tile
	marked := make([]bool, nx*ny)
	for id := range r.m.Spaces {
		if !r.m.Spaces[id].IsProvince() || s.Spaces[id].Support == engine.Neutral {
			continue
		}
		bb := r.b.spaces[id].bounds
		for ty := max(0, int(bb.Y)/tile); ty <= min(ny-1, int(bb.MaxY())/tile); ty++ {
			for tx := max(0, int(bb.X)/tile); tx <= min(nx-1, int(bb.MaxX())/tile); tx++ {
				marked[ty*nx+tx] = true
			}
		}
	}
	var out []image.Rectangle
	for i, m := range marked {
		if m {
			x, y := i%nx*tile, i/nx*tile
			out = append(out, image.Rect(x, y, x+tile, y+tile).Intersect(r.lines.Rect))
		}
	}
	return out
}
