package engine

import (
	"math/rand/v2"
	"testing"
)

func TestSmoke(t *testing.T) {
	for _, sc := range Scenarios {
		g, err := New(Config{Scenario: sc, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		n := 0
		for g.Prompt() != nil && n < 100000 {
			p := g.Prompt()
			c := p.Choices[rng.IntN(len(p.Choices))]
			if err := g.Do(p.Faction, c.ID); err != nil {
				t.Fatal(err)
			}
			if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
				t.Fatal(err)
			}
			n++
		}
		t.Logf("%s: %d decisions, result %+v", sc, n, g.State().Result)
		for _, e := range g.Log()[len(g.Log())-5:] {
			t.Log(e.Text)
		}
	}
}
