package render

import (
	"fmt"
	"image"
	"math"
	"strings"
	"sync"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// Close-up size: as wide as a phone screen shows well, the map part at most
// this tall, with a caption bar above and a footer below.
const (
	closeW      = 800
	closeMaxH   = 960
	captionH    = 64
	footerH     = 28
	closeMaxK   = 3.0
	closeMargin = 12
)

// neighbourhood is the board rectangle a close-up of id shows: the space
// and every space adjacent to it.
func (r *Renderer) neighbourhood(id engine.SpaceID) geo.Rect {
	bb := r.b.spaces[id].bounds
	for _, a := range r.m.Spaces[id].Adj {
		bb = geo.Union(bb, r.b.spaces[a].bounds)
	}
	return bb.Inset(-closeMargin)
}

// closeUp draws one space's neighbourhood enlarged, with a caption naming
// the space and its state, into an image from alloc. The focused space is
// outlined.
func (r *Renderer) closeUp(s *engine.State, id engine.SpaceID, hl []engine.SpaceID, alloc func(image.Rectangle) *image.RGBA) (*image.RGBA, error) {
	if len(s.Spaces) != len(r.m.Spaces) {
		return nil, fmt.Errorf("render: state has %d spaces, the map %d", len(s.Spaces), len(r.m.Spaces))
	}
	if int(id) < 0 || int(id) >= len(r.m.Spaces) {
		return nil, fmt.Errorf("render: close-up of space %d, the map has %d", id, len(r.m.Spaces))
	}
	l := r.closeUps.get(id, func() *layers { return r.closeUpLayers(id) })
	w, h := l.full.Rect.Dx(), l.full.Rect.Dy()
	img := alloc(image.Rect(0, 0, closeW, h+captionH+footerH))
	whole := newCanvas(img, 1, geo.Pt{}, r.regular, r.bold)
	defer whole.release()
	whole.fillAll(panelBg)

	// A drawing context paints from its image's origin, so the map is drawn apart and
	// copied in.
	mapPart := getRGBA(l.full.Rect)
	defer putRGBA(mapPart)
	c := newCanvas(mapPart, l.k, l.origin, r.regular, r.bold)
	defer c.release()
	l.draw(mapPart, c, r.b, r.m, s)
	drawSpaces(c, r.b, r.m, s, append([]engine.SpaceID{id}, hl...))
	off := image.Pt((img.Rect.Dx()-w)/2, captionH)
	for y := 0; y < h; y++ {
		copy(img.Pix[img.PixOffset(off.X, off.Y+y):], mapPart.Pix[mapPart.PixOffset(0, y):mapPart.PixOffset(w, y)])
	}

	sp := &r.m.Spaces[id]
	whole.text(sp.Name, geo.Pt{X: 14, Y: 30}, whole.face(true, 26), ink)
	whole.text(describe(r.m, s, id), geo.Pt{X: 14, Y: 54}, whole.face(false, 17), muted)
	whole.text("Reconstructed map · stand-in deck", geo.Pt{X: 14, Y: float64(img.Rect.Dy()) - 9}, whole.face(false, 14), muted)
	return img, nil
}

// closeUpLayers draws the static layers of a close-up of id.
func (r *Renderer) closeUpLayers(id engine.SpaceID) *layers {
	view := r.neighbourhood(id)
	k := math.Min(closeMaxK, math.Min(closeW/view.W, closeMaxH/view.H))
	size := image.Rect(0, 0, min(closeW, int(view.W*k)), int(view.H*k))
	return newLayers(r.b, r.m, size, size, k, geo.Pt{X: view.X, Y: view.Y}, r.regular, r.bold)
}

// closeUpCacheSize bounds the close-ups whose static layers are kept: a
// game's players look at a few spaces at a time, and each set of layers
// takes up to 9 MB.
const closeUpCacheSize = 8

// closeUpCache keeps the static layers of the close-ups most recently
// drawn, safe for concurrent use.
type closeUpCache struct {
	mu      sync.Mutex
	entries []closeUpEntry // most recently used last
}

type closeUpEntry struct {
	id engine.SpaceID
	l  *layers
}

// get returns id's layers, drawing them with draw when they are not kept.
// Two renders may draw the same layers at once; one of them is kept.
func (c *closeUpCache) get(id engine.SpaceID, draw func() *layers) *layers {
	if l := c.lookup(id); l != nil {
		return l
	}
	l := draw()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.id == id {
			return e.l
		}
	}
	if len(c.entries) >= closeUpCacheSize {
		c.entries = append(c.entries[:0], c.entries[1:]...)
	}
	c.entries = append(c.entries, closeUpEntry{id, l})
	return l
}

func (c *closeUpCache) lookup(id engine.SpaceID) *layers {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.id == id {
			copy(c.entries[i:], c.entries[i+1:])
			c.entries[len(c.entries)-1] = e
			return e.l
		}
	}
	return nil
}

// describe is the caption line under a close-up's title.
func describe(m *engine.Map, s *engine.State, id engine.SpaceID) string {
	sp, ss := &m.Spaces[id], &s.Spaces[id]
	var parts []string
	switch sp.Kind {
	case engine.LoC:
		kind := "Railroad"
		if sp.River {
			kind = "River"
		}
		parts = append(parts, fmt.Sprintf("%s · Econ %d", kind, sp.Econ))
		if ss.Sabotage {
			parts = append(parts, "Sabotaged")
		}
	case engine.Foreign:
		parts = append(parts, "Foreign Country")
		if sp.JPNOnly {
			parts = append(parts, "JPN only")
		}
		if !sp.Enterable {
			parts = append(parts, "out of play")
		}
	default:
		terrain := "Plains"
		if sp.Rough {
			terrain = "Rough"
		}
		parts = append(parts, fmt.Sprintf("Pop %d · %s", sp.Pop, terrain))
		switch ss.Support {
		case engine.Support:
			parts = append(parts, "Support")
		case engine.Opposition:
			parts = append(parts, "Opposition")
		default:
			parts = append(parts, "Neutral")
		}
		if ctl := s.ControlOf(m, id); ctl != engine.Uncontrolled {
			parts = append(parts, ctl.String())
		}
		if ss.Terror {
			parts = append(parts, "Terror")
		}
	}
	if n := ss.Pieces.Total(); n > 0 {
		parts = append(parts, fmt.Sprintf("%d pieces", n))
	}
	return strings.Join(parts, " · ")
}
