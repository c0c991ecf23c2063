package bot

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/engine"
)

// TestBoardFlood: forty members' /board requests at once are all answered,
// and no more boards are drawn at a time than the bound.
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
	for k := range 40 {
		m := fakediscord.Member{ID: strconv.Itoa(3000 + k), Name: "m" + strconv.Itoa(k)}
		i := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, m, commandData("board", ""), nil)
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

// TestBoardFloodOneMember: one member asking for ten boards at once gets at
// most two drawn at a time and four queued; the rest are refused politely,
// and another member's board is still drawn meanwhile.
func TestBoardFloodOneMember(t *testing.T) {
	release := make(chan struct{})
	var now, most, drawn atomic.Int32
	slow := func(g *engine.Game, hl []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		n := now.Add(1)
		defer now.Add(-1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		drawn.Add(1)
		<-release
		return tinyPNG, nil
	}
	w := newWorld(t, worldOptions{route: viaHTTP, render: slow})
	const ch = "681"
	w.setup(ch, "")
	var wg sync.WaitGroup
	its := make([]*discordgo.Interaction, 10)
	for k := range its {
		its[k] = w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, ann, commandData("board", ""), nil)
		wg.Go(func() {
			if _, err := w.fake.Post(w.ep.URL+"/interactions", its[k]); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// Four were refused while ann's first two are being drawn.
	deadline := time.Now().Add(20 * time.Second)
	refusals := func() int {
		n := 0
		for _, i := range its {
			if strings.Contains(w.privateReply(w.fake.Expect(i)), "already waiting") {
				n++
			}
		}
		return n
	}
	waiting := func() int {
		w.bot.asked.mu.Lock()
		defer w.bot.asked.mu.Unlock()
		if a := w.bot.asked.asking[ann.ID]; a != nil {
			return a.waiting
		}
		return 0
	}
	// Every request of ann's is drawn, queued or refused before any is
	// let through.
	for (drawn.Load() < 2 || waiting()+refusals() < 10) && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	other := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, bob, commandData("board", ""), nil)
	wg.Go(func() {
		if _, err := w.fake.Post(w.ep.URL+"/interactions", other); err != nil {
			t.Error(err)
		}
	})
	for drawn.Load() < 3 && time.Now().Before(deadline) && renderSlots() > 2 {
		time.Sleep(5 * time.Millisecond)
	}
	close(release)
	wg.Wait()
	w.bot.Wait()
	if refusedN, want := refusals(), 10-perMemberRenders-perMemberQueue; refusedN != want {
		t.Errorf("%d of ann's 10 boards refused, want %d", refusedN, want)
	}
	if m := most.Load(); m > perMemberRenders+1 {
		t.Errorf("%d boards drawn at once", m)
	}
	if r := w.privateReply(w.fake.Expect(other)); strings.Contains(r, "already waiting") {
		t.Errorf("bob's board was refused: %q", r)
	}
	if n := drawn.Load(); n != perMemberRenders+perMemberQueue+1 {
		t.Errorf("%d boards drawn, want ann's %d and bob's 1", n, perMemberRenders+perMemberQueue)
	}
}
