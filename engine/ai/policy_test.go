package ai

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestPolicyKeepsJPNOnTheLoCs plays games by the rollout policy and checks
// its JPN rules wherever they apply: Redeploy moves nothing, Patrol picks a
// LoC it gains when there is one, the Commitment Phase takes Troops off the
// map from Provinces first, and Large Offensives (a point of Commitment
// each) are rare.
func TestPolicyKeepsJPNOnTheLoCs(t *testing.T) {
	var redeploys, patrols, commitments, eligible, los int
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := engine.New(engine.Config{Scenario: engine.Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		m := g.Map()
		rng := &rand{seed}
		for !g.Over() {
			pr := g.Prompt()
			choice := policy(g, pr, rng)
			if pr.Faction == engine.JPN {
				st := g.State()
				spaces := func(keep func(engine.SpaceID) bool) bool {
					for _, c := range pr.Choices {
						if id, ok := m.ID(c.Label); ok && keep(id) {
							return true
						}
					}
					return false
				}
				chosen, _ := m.ID(label(pr, choice))
				switch {
				case pr.Step == "redeploy" && pr.Has("done"):
					redeploys++
					if choice != "done" {
						t.Errorf("seed %d: JPN Redeploy chose %q", seed, choice)
					}
				case strings.HasPrefix(pr.Question, "JPN Patrol (") && strings.Contains(pr.Question, "destination LoC"):
					gains := func(id engine.SpaceID) bool {
						return m.Spaces[id].Econ > 0 && st.Spaces[id].Pieces.JPNCubes() == 0
					}
					if spaces(gains) {
						patrols++
						if !strings.HasPrefix(choice, "space:") || !gains(chosen) {
							t.Errorf("seed %d: JPN Patrol chose %q though a LoC with Econ was open", seed, choice)
						}
					}
				case strings.HasPrefix(pr.Question, "Commitment Phase:") && strings.HasPrefix(choice, "space:"):
					off := func(id engine.SpaceID) bool { return !m.Spaces[id].IsLoC() }
					if spaces(off) {
						commitments++
						if !off(chosen) {
							t.Errorf("seed %d: Commitment Phase removed Troops from LoC %q", seed, choice)
						}
					}
				case pr.Step == "eligible" && pr.Has("lo:assault"):
					eligible++
					if strings.HasPrefix(choice, "lo:") {
						los++
					}
				}
			}
			if err := g.Do(pr.Faction, choice); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d Redeploys, %d Patrol destinations, %d Commitment removals, %d Large Offensives in %d actions", redeploys, patrols, commitments, los, eligible)
	if redeploys == 0 || patrols == 0 || eligible < 20 {
		t.Fatalf("too few cases: %d Redeploys, %d Patrols, %d actions", redeploys, patrols, eligible)
	}
	if los*8 > eligible {
		t.Errorf("%d Large Offensives in %d actions", los, eligible)
	}
}
