package ai

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestSwingsAddUpToTheMargins plays games with Basic in every seat and
// checks the ledger: its swings, from the starting margins on, add up to
// the final margins of a game that ran to its end, and every action on a
// card is counted once under the faction that took it.
func TestSwingsAddUpToTheMargins(t *testing.T) {
	var seats [engine.NumFactions]Seat
	for f := range seats {
		seats[f] = Seat{Level: Basic}
	}
	finals := 0
	for _, sc := range engine.Scenarios {
		for seed := uint64(1); seed <= 6; seed++ {
			m, err := Play(engine.Config{Scenario: sc, Seed: seed}, seats, seed, PlayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var sum [engine.NumFactions]int
			var acts [engine.NumFactions]struct{ pass, op, event int }
			for src, w := range m.Swings {
				for f := range sum {
					sum[f] += w.Margin[f]
				}
				by, what, ok := strings.Cut(src, " ")
				f, err := engine.ParseFaction(by)
				if !ok || err != nil || strings.HasSuffix(what, " (forced)") {
					continue
				}
				switch kind, _, _ := strings.Cut(what, ":"); {
				case kind == "pass":
					acts[f].pass += w.Count
				case strings.HasPrefix(kind, "event"):
					acts[f].event += w.Count
				case kind == "op" || kind == "limop" || kind == "lo":
					acts[f].op += w.Count
				default:
					t.Errorf("%s %d: unknown source %q", sc, seed, src)
				}
			}
			for _, f := range engine.Factions {
				st, a := m.Stats[f], acts[f]
				if a.pass != st.Passes || a.op != st.Operations || a.event != st.Events {
					t.Errorf("%s %d: %s's sources count %d passes, %d operations, %d events; the game had %d, %d, %d",
						sc, seed, f, a.pass, a.op, a.event, st.Passes, st.Operations, st.Events)
				}
			}
			if m.Result.Final {
				finals++
				if sum != m.Result.Margins {
					t.Errorf("%s %d: the swings add up to %v, the final margins are %v", sc, seed, sum, m.Result.Margins)
				}
			}
		}
	}
	if finals == 0 {
		t.Fatal("no game ran to its end: the sums were not checked")
	}
}
