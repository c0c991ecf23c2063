package bot

import (
	"testing"

	"github.com/chinaswar/chinaswar/commands"
)

// Each click runs the engine once: in the store, inside the decision's
// transaction. The bot keeps no copy of the game to run it on again.
func TestClickAppliesOnce(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "700000000000000400"
	g := w.setup(ch, "")
	runs := w.store.Applications()
	const clicks = 30
	for n := range clicks {
		msg, _, ok := w.turnMessage(ch)
		if !ok {
			t.Fatalf("no turn message after %d clicks", n)
		}
		clicked := false
		for _, c := range msg.Controls() {
			id, err := commands.ParseControlID(c.CustomID)
			if err != nil || id.Kind != commands.KindDecide {
				continue
			}
			w.click(memberFor(id.Faction), msg, c.CustomID)
			clicked = true
			break
		}
		if !clicked {
			t.Fatalf("no choice to click after %d clicks", n)
		}
	}
	after := w.game(ch)
	if after.Seq != g.Seq+clicks {
		t.Fatalf("decision %d after %d clicks from %d", after.Seq, clicks, g.Seq)
	}
	if got := w.store.Applications() - runs; got != clicks {
		t.Errorf("the engine ran %d times for %d clicks", got, clicks)
	}
	w.checkDiscord()
}
