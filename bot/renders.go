package bot

import (
	"runtime"

	"github.com/chinaswar/chinaswar/engine"
)

// bounded lets at most n renders of draw run at once; the rest wait their
// turn. A board takes tens of milliseconds of CPU and about 15 MB while it
// is drawn, so forty requests at once would take most of a gigabyte and
// starve the clicks; drawing as many at a time as there are cores is as
// fast overall.
func bounded(draw BoardRenderer, n int) BoardRenderer {
	if draw == nil {
		return nil
	}
	places := make(chan struct{}, max(n, 1))
	return func(g *engine.Game, highlight []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		places <- struct{}{}
		defer func() { <-places }()
		return draw(g, highlight, focus)
	}
}

// renderSlots is how many boards are drawn at once.
func renderSlots() int { return runtime.GOMAXPROCS(0) }
