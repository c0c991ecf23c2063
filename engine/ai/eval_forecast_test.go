package ai

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestForecastOutlookIgnoresResourcesHeld plays games by the rollout
// policy and checks the forecast of the next Support Phase (6.3) at every
// position: within a Propaganda Round it is the phase's own outlook;
// between Rounds it does not move with the Resources NAT and CPC hold
// (a Resource spent is not a point lost), it is nothing once no Support
// Phase is to come (the final Round's Redeploy), and it credits NAT with
// Provinces it Controls and CPC with Provinces where it has pieces.
func TestForecastOutlookIgnoresResourcesHeld(t *testing.T) {
	var between, credited, agitated, last int
	playByPolicy(t, 8, func(seed uint64, g *engine.Game, _ *engine.Prompt, _ string) {
		s, m, d := g.State(), g.Map(), g.Deck()
		dt := forecastOutlook(s, m, d)
		switch s.Step.Kind {
		case "victory", "resources", "pacify", "agitate":
			if want := supportOutlook(s, m); dt != want {
				t.Fatalf("seed %d: forecast %v in a %s step, the phase's outlook %v", seed, dt, s.Step.Kind, want)
			}
			return
		case "redeploy":
			if s.FinalRound(d) {
				last++
				if dt != (engine.Totals{}) {
					t.Fatalf("seed %d: forecast %v in the final Round's Redeploy, with no Support Phase to come", seed, dt)
				}
			}
			return
		case "eligible":
		default:
			return
		}
		between++
		credited += b2i(dt[engine.NAT] > 0)
		agitated += b2i(dt[engine.CPC] > 0)
		poor := *s
		poor.Resources[engine.NAT], poor.Resources[engine.CPC] = 0, 0
		rich := *s
		rich.Resources[engine.NAT], rich.Resources[engine.CPC] = 60, 60
		if a, b := forecastOutlook(&poor, m, d), forecastOutlook(&rich, m, d); a != dt || b != dt {
			t.Fatalf("seed %d: forecast %v, %v with no Resources, %v with 60", seed, dt, a, b)
		}
	})
	t.Logf("%d positions between Rounds, %d crediting NAT, %d CPC; %d in the final Redeploy", between, credited, agitated, last)
	if between < 100 || credited == 0 || agitated == 0 || last == 0 {
		t.Fatalf("too few cases: %d between Rounds, %d crediting NAT, %d CPC, %d in the final Redeploy", between, credited, agitated, last)
	}
}
