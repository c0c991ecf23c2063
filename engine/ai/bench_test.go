package ai

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// midGame plays a game with the rollout policy to the first card action
// after n decisions.
func midGame(b *testing.B, n int) *engine.Game {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	rng := &rand{5}
	for i := 0; !g.Over() && (i < n || g.Prompt().Step != "eligible" || !g.Prompt().Has("pass")); i++ {
		p := g.Prompt()
		if err := g.Do(p.Faction, policy(g, p, rng)); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// The cost of one planned action at each level, mid-game (CPU time: run
// with GOMAXPROCS=1).
func BenchmarkPlanEasy(b *testing.B)   { benchPlan(b, Easy) }
func BenchmarkPlanNormal(b *testing.B) { benchPlan(b, Normal) }

func benchPlan(b *testing.B, l Level) {
	g := midGame(b, 300)
	f := g.Prompt().Faction
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := New(f, l, uint64(i)).Decide(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeterminize is the fixed cost of one simulation.
func BenchmarkDeterminize(b *testing.B) {
	g := midGame(b, 300)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Determinize(uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}
