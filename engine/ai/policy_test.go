package ai

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestPolicyKeepsJPNOnTheLoCs plays games by the rollout policy and checks
// its JPN rules wherever they apply: Redeploy moves nothing, Patrol picks
// the LoC it gains most on, Patrol's Assaults go only where they win Econ
// back, no count of cubes moved off a LoC that earns Econ takes its last
// JPN cube, no Patrol or Sweep takes that last cube for a destination
// that gains less, the Commitment Phase takes Troops off the map from Provinces
// first, and Large Offensives (a point of Commitment each) are rare.
func TestPolicyKeepsJPNOnTheLoCs(t *testing.T) {
	var redeploys, patrols, assaults, counts, sources, commitments, eligible, los int
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
				j := jpnView{m: m, s: g.State()}
				best := func(value func(engine.SpaceID) int) int {
					b := 0
					for _, c := range pr.Choices {
						if id, ok := j.space(c.ID); ok {
							b = max(b, value(id))
						}
					}
					return b
				}
				chosen, isSpace := j.space(choice)
				q := pr.Question
				switch {
				case pr.Step == "redeploy" && pr.Has("done"):
					redeploys++
					if choice != "done" {
						t.Errorf("seed %d: JPN Redeploy chose %q", seed, choice)
					}
				case strings.HasPrefix(q, "JPN Patrol (") && strings.Contains(q, "destination LoC"):
					if b := best(j.gain); b > 0 {
						patrols++
						if !isSpace || j.gain(chosen) != b {
							t.Errorf("seed %d: JPN Patrol chose %q though a LoC gaining %d Econ was open", seed, choice, b)
						}
					}
				case strings.HasPrefix(q, "JPN Patrol: Assault on a LoC"):
					assaults++
					if b := best(j.clear); (b == 0) != (choice == "done") || isSpace && j.clear(chosen) != b {
						t.Errorf("seed %d: JPN Patrol Assault chose %q (best Econ won back %d)", seed, choice, b)
					}
				case strings.HasPrefix(pr.Choices[0].ID, "count:") && strings.Contains(q, " from ") && strings.Contains(q, " into "):
					from, _ := between(q, " from ", " into ")
					id, ok := m.ID(from)
					if ok && j.earns(id) > 0 && j.s.Spaces[id].Pieces.JPNCubes() > countOf(pr.Choices[0].ID) {
						counts++
						if countOf(choice) >= j.s.Spaces[id].Pieces.JPNCubes() {
							t.Errorf("seed %d: %q: chose %s, leaving %s without JPN cubes", seed, q, choice, from)
						}
					}
				case strings.HasPrefix(q, "JPN ") && strings.HasSuffix(q, "from which adjacent space?") && isSpace:
					sources++
					to, _ := between(q, " into ", " from ")
					dest, _ := m.ID(to)
					if j.s.Spaces[chosen].Pieces.JPNCubes() == 1 && j.earns(chosen) > j.gain(dest) {
						t.Errorf("seed %d: %q: took the last JPN cube off %s (Econ %d) for %d", seed, q, choice, j.earns(chosen), j.gain(dest))
					}
				case strings.HasPrefix(q, "Commitment Phase:") && isSpace:
					off := func(id engine.SpaceID) int { return b2i(!m.Spaces[id].IsLoC()) }
					if best(off) > 0 {
						commitments++
						if off(chosen) == 0 {
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
	t.Logf("%d Redeploys, %d Patrol destinations, %d Patrol Assaults, %d counts off earning LoCs, %d sources of moves, %d Commitment removals, %d Large Offensives in %d actions",
		redeploys, patrols, assaults, counts, sources, commitments, los, eligible)
	if redeploys == 0 || patrols == 0 || assaults == 0 || counts == 0 || sources == 0 || eligible < 20 {
		t.Fatalf("too few cases: %d Redeploys, %d Patrols, %d Patrol Assaults, %d counts, %d sources, %d actions", redeploys, patrols, assaults, counts, sources, eligible)
	}
	if los*8 > eligible {
		t.Errorf("%d Large Offensives in %d actions", los, eligible)
	}
}
