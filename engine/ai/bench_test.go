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

// BenchmarkPlanNormalWalks is the planned action that took longest when
// it was measured (1937, seed 763, NAT's fourth plan at Normal against
// Easy seats): its Special Activity searches follow many NAT Transport
// walks before an Assault. It reports the CPU time of one unit of the
// work cap ("ns/unit"): run with GOMAXPROCS=1.
func BenchmarkPlanNormalWalks(b *testing.B) {
	g, p := atPlan(b, "1937", 763, engine.NAT, 3)
	b.ResetTimer()
	work := 0
	for i := 0; i < b.N; i++ {
		res, err := search(g, p.Faction, p.Level, mix(p.seed, p.plans), (*engine.Game).Determinize)
		if err != nil {
			b.Fatal(err)
		}
		work += res.work
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(work), "ns/unit")
}

// atPlan plays a game with me at Normal and the other seats at Easy, seeded
// as the arena seeds them, to me's plan number k (from 0), and returns the
// game there and me's player, its count of plans made up to date.
func atPlan(b *testing.B, scenario string, seed uint64, me engine.Faction, k uint64) (*engine.Game, *Player) {
	g, err := engine.New(engine.Config{Scenario: scenario, Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	var pl [engine.NumFactions]*Player
	for _, f := range engine.Factions {
		l := Easy
		if f == me {
			l = Normal
		}
		pl[f] = New(f, l, seatSeed(seed, f))
	}
	for !g.Over() {
		pr := g.Prompt()
		p := pl[pr.Faction]
		if pr.Faction == me && !p.following(g, pr) {
			if p.plans == k {
				p.plans++
				return g, p
			}
		}
		c, _, err := p.Decide(g)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Do(pr.Faction, c); err != nil {
			b.Fatal(err)
		}
	}
	b.Fatalf("the game ended before %s's plan %d", me, k)
	return nil, nil
}
