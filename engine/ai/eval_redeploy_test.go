package ai

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestRedeployOutlookForetellsThePhase plays games by the rollout policy
// and checks the outlook, taken as the Support Phase ends (6.3), against
// what the Redeploy Phase (6.4) then did to the Population WLD Controls.
// The outlook leaves out where NAT's Troops and CPC's Guerrillas arrive,
// and the WLD Troops the policy may take off the LoCs, so it may miss; it
// must be right in most phases and far nearer than counting the
// Population WLD Controls now, as the score did before it.
func TestRedeployOutlookForetellsThePhase(t *testing.T) {
	var phases, exact, moved, off, still int
	for seed := uint64(1); seed <= 60; seed++ {
		g, err := engine.New(engine.Config{Scenario: engine.Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		m := g.Map()
		watching, want, before := false, 0, 0
		g.Observe(func(c engine.Commit) {
			switch {
			case c.Step.Kind == "agitate":
				watching, want, before = true, redeployOutlook(c.State, m), wldPop(c.State, m)
			case watching && c.Step.Kind == "redeploy" && c.Step.Faction == engine.WLD:
				watching = false
				got := wldPop(c.State, m) - before
				phases++
				exact += b2i(got == want)
				moved += b2i(got != 0)
				off += abs(got - want)
				still += abs(got)
			}
		})
		rng := &rand{seed}
		for !g.Over() {
			pr := g.Prompt()
			if err := g.Do(pr.Faction, policy(g, pr, rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d phases, %d moving WLD's Population, %d foretold exactly, %.2f off on average (%.2f without the outlook)", phases, moved, exact, float64(off)/float64(phases), float64(still)/float64(phases))
	if phases < 30 || moved < 10 {
		t.Fatalf("too few cases: %d phases, %d moving WLD's Population", phases, moved)
	}
	if exact*10 < phases*6 || 10*off > 6*still {
		t.Errorf("foretold %d of %d phases exactly (want 60%%), %d off in all against %d without it (want 60%% of that or less)", exact, phases, off, still)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestRedeployBeforeCheck(t *testing.T) {
	tests := []struct {
		scenario string
		rounds   int
		kind     string
		want     bool
	}{
		{"1937", 0, "eligible", true}, // the first Campaign: Round 1 makes no check (6.1)
		{"1937", 1, "victory", true},  // Round 1 under way, its Redeploy to come
		{"1937", 1, "pacify", true},
		{"1937", 1, "redeploy", true},
		{"1937", 1, "aid", false}, // Round 1's Redeploy done: Round 2 checks first
		{"1937", 1, "eligible", false},
		{"1937", 2, "pacify", false},
		{"1938", 0, "eligible", false}, // every 1938 Round checks
		{"1938", 1, "redeploy", false},
	}
	for _, tt := range tests {
		s := &engine.State{Scenario: tt.scenario, Rounds: tt.rounds, Step: engine.Step{Kind: tt.kind}}
		if got := redeployBeforeCheck(s); got != tt.want {
			t.Errorf("%s, Round %d, %s: redeployBeforeCheck = %v, want %v", tt.scenario, tt.rounds, tt.kind, got, tt.want)
		}
	}
}

// TestForecastsOnlyForTheirPlanners plays games by the rollout policy and
// scores every position for every faction with and without the forecasts
// of Normal and above: JPN's score never changes (its searches play as
// before), NAT's, WLD's and CPC's do somewhere.
func TestForecastsOnlyForTheirPlanners(t *testing.T) {
	changed := map[engine.Faction]int{}
	positions := 0
	playByPolicy(t, 6, func(seed uint64, g *engine.Game, _ *engine.Prompt, _ string) {
		positions++
		for _, f := range engine.Factions {
			with, _ := evaluate(g, f, true)
			without, _ := evaluate(g, f, false)
			if with == without {
				continue
			}
			changed[f]++
			if f == engine.JPN {
				t.Fatalf("seed %d: %s's score %.4f with the forecasts, %.4f without", seed, f, with, without)
			}
		}
	})
	t.Logf("%d positions; scores changed by the forecasts: %v", positions, changed)
	if changed[engine.WLD] == 0 || changed[engine.NAT] == 0 || changed[engine.CPC] == 0 {
		t.Fatalf("the forecasts changed no WLD, NAT or CPC score in %d positions: %v", positions, changed)
	}
}
