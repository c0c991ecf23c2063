package bot

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/engine"
)

// TestBoardFlood: forty /board requests at once are all answered, and no
// more boards are drawn at a time than the bound.
func TestBoardFlood(t *testing.T) {
	var now, most atomic.Int32
	slow := func(g *engine.Game, hl []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		n := now.Add(1)
		defer now.Add(-1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(10 * time.Millisecond)
		return tinyPNG, nil
	}
	w := newWorld(t, worldOptions{route: viaHTTP, render: slow})
	const ch = "680"
	w.setup(ch, "")
	var wg sync.WaitGroup
	for range 40 {
		i := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, ann, commandData("board", ""), nil)
		wg.Go(func() {
			it, err := w.fake.Post(w.ep.URL+"/interactions", i)
			if err != nil || it.Type == 0 {
				t.Errorf("a /board was not answered: %v", err)
			}
		})
	}
	wg.Wait()
	w.bot.Wait()
	if m := most.Load(); m > int32(renderSlots()) || m == 0 {
		t.Errorf("%d boards drawn at once, bound %d", m, renderSlots())
	}
	w.render.mu.Lock()
	calls := w.render.calls
	w.render.mu.Unlock()
	if calls < 40 {
		t.Errorf("%d boards drawn for 40 requests", calls)
	}
}
