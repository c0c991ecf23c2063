package bot

import (
	"testing"

	"github.com/chinaswar/chinaswar/commands"
)

// TestClicksServedFromMemory: once a game is in the store's memory, a
// decision click, /do, its autocomplete and the lookups use that game: the
// store rebuilds nothing from the database (no snapshot decoded, no
// replay), however many decisions are made. After a restart the first
// click rebuilds the game once.
func TestClicksServedFromMemory(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "660"
	w.setup(ch, "")
	seq := w.game(ch).Seq
	start := w.store.Rebuilds()
	clicks := 0
	click := func() {
		t.Helper()
		msg, id, ok := w.turnMessage(ch)
		if !ok {
			t.Fatal("no turn message")
		}
		for _, c := range msg.Controls() {
			if cid, err := commands.ParseControlID(c.CustomID); err == nil && cid.Kind == commands.KindDecide {
				w.click(memberFor(id.Faction), msg, c.CustomID)
				clicks++
				return
			}
		}
		t.Fatal("no decision button on the turn message")
	}
	for range 12 {
		click()
	}
	if got := w.game(ch).Seq; got < seq+12 {
		t.Fatalf("12 clicks took the game from decision %d to %d", seq, got)
	}
	p := w.game(ch).Engine.Prompt()
	m := memberFor(p.Faction)
	w.complete(m, ch, "do", typing("choice", ""))
	w.command(m, ch, "do", "", str("choice", p.Choices[0].ID))
	for _, cmd := range []string{"status", "victory", "forces", "log"} {
		w.command(eve, ch, cmd, "")
	}
	w.command(eve, ch, "space", "", str("name", "Hebei"))
	if n := w.store.Rebuilds() - start; n != 0 {
		t.Errorf("the store rebuilt the game %d times for %d clicks, a /do and lookups; want none", n, clicks)
	}

	w.restart()
	click()
	if n := w.store.Rebuilds(); n != 1 {
		t.Errorf("the first click after a restart rebuilt the game %d times; want once", n)
	}
	w.checkDiscord()
}
