package ai

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestOutlookForetellsCommitment plays games by the rollout policy and
// checks the evaluation's outlook of the Aid and Commitment Phase (6.5):
// asked just before the phase (NAT dividing Foreign Aid), its Commitment
// change is the one the phase makes; it foresees nothing once JPN's half
// of the phase has begun or in the final Round, which ends before 6.5
// (6.4.1); and it never raises Patronage over 30.
func TestOutlookForetellsCommitment(t *testing.T) {
	var foretold, moved, final int
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := engine.New(engine.Config{Scenario: engine.Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		m, d := g.Map(), g.Deck()
		rng := &rand{seed}
		want := -1
		for !g.Over() {
			s := g.State()
			if want >= 0 {
				if s.Commitment != want {
					t.Errorf("seed %d: Commitment %d after the phase, outlook said %d", seed, s.Commitment, want)
				}
				want = -1
			}
			pr := g.Prompt()
			dc, dp := outlook(s, m, d)
			switch kind := s.Step.Kind; {
			case kind == "aid" && pr.Faction == engine.NAT:
				foretold++
				want = s.Commitment + dc
				if dc != 0 {
					moved++
				}
			case kind == "commitment" || kind == "reset":
				if dc != 0 || dp != 0 {
					t.Errorf("seed %d: outlook %+d Commitment, %+d Patronage during %s", seed, dc, dp, kind)
				}
			case s.FinalRound(d):
				final++
				if dc != 0 || dp != 0 {
					t.Errorf("seed %d: outlook %+d Commitment, %+d Patronage in the final Round", seed, dc, dp)
				}
			}
			if s.Patronage+dp > 30 || dp < 0 {
				t.Errorf("seed %d: outlook %+d Patronage from %d", seed, dp, s.Patronage)
			}
			if err := g.Do(pr.Faction, policy(g, pr, rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d phases foretold (%d moving Commitment), %d final-Round questions", foretold, moved, final)
	if foretold < 5 || moved == 0 || final == 0 {
		t.Fatalf("too few cases: %d phases, %d moving Commitment, %d final-Round questions", foretold, moved, final)
	}
}

// TestSupportOutlookForetellsThePhase plays games by the rollout policy,
// the Support Phase (6.3) by the order the outlook assumes (the most
// populous Province first, Terror left alone), and checks that the
// outlook, asked at the phase's first question (NAT's, or CPC's when NAT
// has none), is what the phase does to NAT's and CPC's victory totals. It
// foresees nothing outside a Propaganda Round's first phases.
func TestSupportOutlookForetellsThePhase(t *testing.T) {
	var phases, moved, cpcOnly int
	// byPopOrder answers the Support Phase in the outlook's order, the
	// rest by the rollout policy.
	byPopOrder := func(g *engine.Game, pr *engine.Prompt, rng *rand) string {
		if pr.Step != "pacify" && pr.Step != "agitate" {
			return policy(g, pr, rng)
		}
		m, s := g.Map(), g.State()
		for _, id := range byPop(m) {
			if c := "space:" + m.Spaces[id].Name; pr.Has(c) && !s.Spaces[id].Terror {
				return c
			}
		}
		return "done"
	}
	var want, before engine.Totals
	watching := false
	playBy(t, 24, byPopOrder, func(seed uint64, g *engine.Game, _ *engine.Prompt, _ string) {
		m, s := g.Map(), g.State()
		kind := s.Step.Kind
		inPhase := kind == "pacify" || kind == "agitate"
		switch {
		case watching && !inPhase:
			after := s.Totals(m)
			for _, f := range []engine.Faction{engine.NAT, engine.CPC} {
				if got := after[f] - before[f]; got != want[f] {
					t.Errorf("seed %d: %s total moved %+d in the Support Phase, outlook said %+d", seed, f, got, want[f])
				}
			}
			watching = false
		case inPhase && !watching:
			watching, before, want = true, s.Totals(m), supportOutlook(s, m)
			phases++
			cpcOnly += b2i(kind == "agitate")
			moved += b2i(want != engine.Totals{})
		}
		if dt := supportOutlook(s, m); kind != "victory" && kind != "resources" && !inPhase && dt != (engine.Totals{}) {
			t.Errorf("seed %d: outlook %v at a %s step", seed, dt, kind)
		}
	})
	t.Logf("%d phases foretold, %d moving a total, %d from CPC's half", phases, moved, cpcOnly)
	if phases < 20 || moved < 10 || cpcOnly == 0 {
		t.Fatalf("too few cases: %d phases, %d moving a total, %d from CPC's half", phases, moved, cpcOnly)
	}
}

// TestWinningScoresAboveAnyLead plays games by the rollout policy and
// scores every position for every faction: a game won, by a victory check
// (7.2) or at its end (7.3), scores 1, above every position of a game still
// under way however far ahead; a game lost to a rival's check scores 0.
func TestWinningScoresAboveAnyLead(t *testing.T) {
	ends := map[bool]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := engine.New(engine.Config{Scenario: engine.Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := &rand{seed}
		best := 0.0
		for !g.Over() {
			for _, f := range engine.Factions {
				v, _ := evaluate(g, f, false)
				best = max(best, v)
			}
			pr := g.Prompt()
			if err := g.Do(pr.Faction, policy(g, pr, rng)); err != nil {
				t.Fatal(err)
			}
		}
		if best >= 1 {
			t.Errorf("seed %d: a position under way scored %.3f", seed, best)
		}
		r := g.State().Result
		ends[r.Final]++
		for _, st := range r.Ranking {
			for _, f := range st.Factions {
				v, won := evaluate(g, f, false)
				switch {
				case won != (st.Place == 1):
					t.Errorf("seed %d: %s placed %d, won %v", seed, f, st.Place, won)
				case won && v != 1:
					t.Errorf("seed %d: %s won and scored %.3f", seed, f, v)
				case !won && !r.Final && v != 0:
					t.Errorf("seed %d: %s lost to a check and scored %.3f", seed, f, v)
				case !won && v >= best:
					t.Errorf("seed %d: %s lost and scored %.3f, above the game's best position under way (%.3f)", seed, f, v, best)
				}
			}
		}
	}
	if ends[true] == 0 || ends[false] == 0 {
		t.Fatalf("want games ended both ways, got %v", ends)
	}
}
