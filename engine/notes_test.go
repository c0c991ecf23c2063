package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestKeptLogLinesMatchAFreshReplay: a replay keeps the log lines the
// replay before it said (Game.notesKept). Every decision of random games,
// with undos and voluntary transfers among them, is also made on a copy of
// the game that has nothing kept: the log lines each adds must be the same.
func TestKeptLogLinesMatchAFreshReplay(t *testing.T) {
	decisions, kept := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 77))
		for !g.Over() {
			p := g.Prompt()
			if g.notesKept > 0 {
				kept++
			}
			fresh := g.Clone()
			var do func(h *Game) error
			switch {
			case p.Executing && rng.IntN(8) == 0:
				tr := Transfer{From: p.Executor, To: Factions[rng.IntN(NumFactions)], Amount: 1}
				do = func(h *Game) error { return h.Transfer(tr) }
			case rng.IntN(12) == 0:
				do = func(h *Game) error { return h.Undo(p.Faction) }
			default:
				c := p.Choices[rng.IntN(len(p.Choices))].ID
				do = func(h *Game) error { return h.Do(p.Faction, c) }
			}
			from := len(g.Log())
			err1, err2 := do(g), do(fresh)
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("seed %d: the game says %v, a fresh copy %v", seed, err1, err2)
			}
			if got, want := fmt.Sprint(g.Log()[from:]), fmt.Sprint(fresh.Log()[from:]); got != want {
				t.Fatalf("seed %d, decision %d: log lines\n%s\nwhere a fresh replay says\n%s", seed, decisions, got, want)
			}
			decisions++
		}
	}
	if kept < decisions/2 {
		t.Fatalf("lines were kept at only %d of %d decisions", kept, decisions)
	}
}
