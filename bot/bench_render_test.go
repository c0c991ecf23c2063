//go:build realrender

package bot

import (
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render"
)

// With -tags realrender the benchmarks draw real boards. The tag keeps the
// bot's tests independent of the renderer's state.
func init() {
	benchBoard = func(g *engine.Game, hl []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		return render.Board(g, render.Options{Highlight: hl, Focus: focus})
	}
}
