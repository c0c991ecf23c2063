package engine

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestCurrentEventTakesPrecedence plays Events that contradict the lasting
// effect of an earlier Event through the real card flow: the currently
// played Event wins (5.1.2, ruling E9).
func TestCurrentEventTakesPrecedence(t *testing.T) {
	_, props := cardsOf(t)
	onCard := func(n int) func(*State) bool {
		return func(s *State) bool { return s.Current == n && s.Step.Kind == "eligible" }
	}

	t.Run("Foreign Aid +2 while the Burma Road is closed", func(t *testing.T) {
		s := newState(t, "1937", 1)
		clearBoard(s)
		evDrain(t, s, NATTroop, 0) // #2 unshaded then places nothing
		s.Aid = 5
		stackDeck(s, 30, 2, 1, props[0])
		s.Step = Step{Kind: "start"}
		g := gameAt(t, s, nil)

		// #30 shaded: Foreign Aid -2 and the Momentum.
		mustDo(t, g, g.Prompt().Faction, "event:shaded")
		evQuiet(t, g, onCard(2))
		st := g.State()
		if !slices.Equal(st.Momentum, []string{"burma_road_closed"}) || st.Aid != 3 {
			t.Fatalf("after #30 shaded: Momentum %v, Aid %d; want burma_road_closed, 3", st.Momentum, st.Aid)
		}

		// #2 unshaded: Foreign Aid +2 applies despite the Momentum.
		mustDo(t, g, g.Prompt().Faction, "event:unshaded")
		st = g.State()
		evWant(t, "Aid", st.Aid, 5)
		evWant(t, "Momentum still in effect", st.HasModifier("burma_road_closed"), true)
		if log := logText(g); !strings.Contains(log, "#2: Foreign Aid +2: 3 to 5.") {
			t.Errorf("log lacks the Aid increase:\n%s", log)
		}
	})

	t.Run("a transfer into Foreign Aid while the Burma Road is closed", func(t *testing.T) {
		// No card of the stand-in deck transfers into Foreign Aid: #15
		// shaded is rewritten to move 2 NAT Resources there.
		dj := evDeckJSON(t)
		st1 := evStepJSON(dj, 15, "shaded", 1)
		st1["from"] = map[string]any{"track": "resources", "faction": "NAT"}
		st1["to"] = map[string]any{"track": "aid"}
		raw, err := json.Marshal(dj)
		if err != nil {
			t.Fatal(err)
		}
		d, err := ParseDeck(raw)
		if err != nil {
			t.Fatal(err)
		}
		s := evSetup(t, 15, NAT)
		s.Momentum = []string{"burma_road_closed"}
		s.Aid, s.Resources[NAT] = 4, 10
		g := &Game{m: DefaultMap(), d: d, base: *s.clone(), halt: evAfterEvent}
		if err := g.settle(); err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, NAT, "event:shaded")
		st := g.State()
		evWant(t, "Aid", st.Aid, 6)
		evWant(t, "NAT Resources", st.Resources[NAT], 8)
	})

	t.Run("Troops moved into a Flooded Province", func(t *testing.T) {
		s := newState(t, "1937", 1)
		clearBoard(s)
		put(t, s, "Hebei", WLDTroop, 2)
		stackDeck(s, 16, 25, 1, props[0])
		s.Step = Step{Kind: "start"}
		g := gameAt(t, s, nil)

		// #16: NAT places the Floods marker in Henan.
		mustDo(t, g, NAT, "event")
		mustDo(t, g, NAT, "space:Henan")
		evQuiet(t, g, onCard(25))
		if st := g.State(); st.Floods != "Henan" {
			t.Fatalf("Floods %q, want Henan", st.Floods)
		}

		// #25 shaded: WLD moves its Troops out of Hebei, into Flooded Henan.
		mustDo(t, g, g.Prompt().Faction, "event:shaded")
		evAnswer(t, g, []string{
			"=space:Chahar|space:Henan|space:Shandong|space:Shanxi", "WLD>space:Henan",
			"=count:1|count:2", "WLD>count:2",
			"count:0", // the executing faction places no Police
		})
		st := g.State()
		evWantPieces(t, st, "Henan", wt, 2)
		evWantPieces(t, st, "Hebei", wt, 0)
		evWant(t, "Henan Flooded", st.Flooded(g.Map(), evSid("Henan")), true)
	})
}

// TestFreeOperationUnderFloods: a free Operation granted by the current
// Event still obeys the Floods (deck.md §6 a, b; ruling E10): #2 shaded's
// free Assault in a Coastal Province may not take place in Flooded Jiangsu.
func TestFreeOperationUnderFloods(t *testing.T) {
	evCard(t, 2,
		evCase{name: "shaded free Assault, Jiangsu Flooded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", JPNTroop, 3)
				put(t, s, "Jiangsu", NATTroop, 1)
				s.Floods = "Jiangsu"
			},
			steps: []string{"=sa:deploy|decline", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Jiangsu", jt, 3, nt, 1)
			}},
	)
}
