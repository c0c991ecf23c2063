package render

import (
	"fmt"
	"image"
	"math"
	"strings"

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
// the space and its state. The focused space is outlined.
func (r *Renderer) closeUp(s *engine.State, id engine.SpaceID, hl []engine.SpaceID) (*image.RGBA, error) {
	if len(s.Spaces) != len(r.m.Spaces) {
		return nil, fmt.Errorf("render: state has %d spaces, the map %d", len(s.Spaces), len(r.m.Spaces))
	}
	if int(id) < 0 || int(id) >= len(r.m.Spaces) {
		return nil, fmt.Errorf("render: close-up of space %d, the map has %d", id, len(r.m.Spaces))
	}
	view := r.neighbourhood(id)
	k := math.Min(closeMaxK, math.Min(closeW/view.W, closeMaxH/view.H))
	w, h := min(closeW, int(view.W*k)), int(view.H*k)
	img := image.NewRGBA(image.Rect(0, 0, closeW, h+captionH+footerH))
	whole := newCanvas(img, 1, geo.Pt{}, r.regular, r.bold)
	defer whole.release()
	whole.fillAll(panelBg)

	mapPart := image.NewRGBA(image.Rect(0, 0, w, h))
	c := newCanvas(mapPart, k, geo.Pt{X: view.X, Y: view.Y}, r.regular, r.bold)
	defer c.release()
	drawTerrain(c, r.b, r.m)
	drawTints(c, r.b, r.m, s)
	drawLines(c, r.b, r.m)
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
