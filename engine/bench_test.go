package engine

import "testing"

// BenchmarkDecision measures one decision including the legal choices of
// the next prompt, in the middle of a JPN Redeploy with moves already made
// (so the step replays them).
func BenchmarkDecision(b *testing.B) {
	s := atPhaseB(b)
	put(b, s, "Nanjing-Hangzhou", JPNTroop, 9)
	put(b, s, "Shanghai", JPNPolice, 5)
	put(b, s, "Hebei", JPNPolice, 1)
	g := gameAt(b, s, func(s *State) bool { return s.Step.Faction != JPN })
	for _, c := range []string{"space:Shanghai", "space:Hebei", "count:1", "space:Shanghai", "space:Hebei", "count:1"} {
		mustDo(b, g, JPN, c)
	}
	for b.Loop() {
		h := g.Clone()
		if err := h.Do(JPN, "space:Nanjing-Hangzhou"); err != nil {
			b.Fatal(err)
		}
		if len(h.Prompt().Choices) == 0 {
			b.Fatal("no choices")
		}
	}
}

// BenchmarkClone is the copying part of BenchmarkDecision.
func BenchmarkClone(b *testing.B) {
	g, err := New(Config{Scenario: "1937", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		g.Clone()
	}
}

func atPhaseB(b *testing.B) *State {
	s := newState(b, "1937", 1)
	clearBoard(s)
	_, props := cardsOf(b)
	stackDeck(s)
	for i, n := range s.Deck {
		if n == props[0] {
			s.Deck = append(s.Deck[:i], s.Deck[i+1:]...)
			break
		}
	}
	s.Current, s.Rounds = props[0], 2
	s.Step = Step{Kind: "redeploy", Faction: JPN}
	return s
}
