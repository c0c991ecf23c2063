package ai

import (
	"fmt"
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
// first, JPN Patrols whenever a card offers it, Transport is rare and stops
// unless it gains a LoC, and Large Offensives (a point of Commitment each) are
// rare.
func TestPolicyKeepsJPNOnTheLoCs(t *testing.T) {
	var redeploys, patrols, assaults, counts, sources, commitments, eligible, los int
	var offered, patrolled, transportOffered, transported, moves int
	playByPolicy(t, 10, func(seed uint64, g *engine.Game, pr *engine.Prompt, choice string) {
		m := g.Map()
		if pr.Faction == engine.JPN {
			j := jpnView{m: m, s: g.State()}
			best := func(value func(engine.SpaceID) int) int {
				b := 0
				for _, c := range pr.Choices {
					if id, ok := choiceSpace(m, c.ID); ok {
						b = max(b, value(id))
					}
				}
				return b
			}
			chosen, isSpace := choiceSpace(m, choice)
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
			case strings.HasPrefix(q, "JPN Transport:") && strings.HasSuffix(q, "Move on to?"):
				if best(j.gain) == 0 && pr.Has("done") {
					moves++
					if choice != "done" {
						t.Errorf("seed %d: %q: moved on to %q, which gains nothing", seed, q, choice)
					}
				}
			case pr.Has("sa:transport") && len(pr.Choices) > 2:
				transportOffered++
				transported += b2i(choice == "sa:transport")
			}
			if pr.Step == "eligible" && pr.Has("lo:assault") {
				eligible++
				if strings.HasPrefix(choice, "lo:") {
					los++
				}
			}
			if pr.Has("op:patrol") {
				offered++
				patrolled += b2i(choice == "op:patrol")
			}
		}
	})
	t.Logf("Patrol chosen %d times of %d offered; Transport %d of %d; %d Transports stopped", patrolled, offered, transported, transportOffered, moves)
	if offered < 20 || patrolled != offered {
		t.Errorf("JPN Patrolled %d times of %d offered", patrolled, offered)
	}
	if transportOffered < 20 || moves < 5 || transported*5 > transportOffered {
		t.Errorf("Transport chosen %d times of %d offered, %d Transports stopped where nothing was to gain", transported, transportOffered, moves)
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

// TestPolicyKeepsTheChineseTotals plays games by the rollout policy and
// checks its NAT, WLD and CPC rules wherever they apply: Govern never
// trades Support for Resources while it can do anything else, Recruit
// Pacifies when it can, no WLD Troops go along on a NAT Patrol, WLD takes
// Troops onto LoCs (at setup and on Patrol) and into a Sweep only from
// where it can spare them without losing Control, Redeploy sends WLD
// Troops home to the most populous Province WLD does not yet Control, the
// Support Phase spends on the most Population while a shift is to be had,
// and CPC puts Bases down when it can.
func TestPolicyKeepsTheChineseTotals(t *testing.T) {
	n := map[string]int{}
	// JPN plans, so that NAT's Recruit and WLD's Patrol are not favoured
	// (TestRolloutFavoursOnlyThePlanner checks that) and NAT Patrols
	// often enough for its escort rule to be seen.
	byJPN := func(g *engine.Game, pr *engine.Prompt, rng *rand) string { return rollout(g, pr, rng, engine.JPN) }
	playBy(t, 12, byJPN, func(seed uint64, g *engine.Game, pr *engine.Prompt, choice string) {
		m := g.Map()
		s, q := g.State(), pr.Question
		c := controlView{m: m, s: s, f: engine.WLD}
		chosen, isSpace := choiceSpace(m, choice)
		fail := func(format string, args ...any) {
			t.Errorf("seed %d, %q chose %q: %s", seed, q, choice, fmt.Sprintf(format, args...))
		}
		switch {
		case pr.Faction == engine.NAT && strings.HasPrefix(q, "Govern in "):
			n["govern"]++
			if choice == "govern:support_resources" && len(pr.Choices) > 1 {
				fail("Support traded for Resources")
			}
			if pr.Has("govern:remove_cpc") && choice != "govern:remove_cpc" {
				fail("a CPC Base could go")
			}
		case pr.Faction == engine.NAT && strings.HasPrefix(q, "NAT Recruit: in one selected Province"):
			n["recruit"]++
			if pr.Has("recruit:pacify") && choice != "recruit:pacify" {
				fail("Pacify was open")
			}
		case strings.HasPrefix(q, "NAT Patrol: how many WLD Troops from"):
			n["escort"]++
			if choice != "count:0" {
				fail("WLD Troops went along")
			}
		case pr.Faction == engine.WLD && (strings.HasPrefix(q, "Setup: move WLD Troops onto") ||
			strings.HasPrefix(q, "WLD Patrol: move WLD Troops into ") ||
			strings.HasPrefix(q, "WLD Sweep: move WLD Troops into ")):
			n["wld source"]++
			if strings.HasPrefix(q, "WLD Sweep") {
				n["wld sweep source"]++
			}
			// With a source that cannot spare a Troop, the others
			// are taken before stopping.
			spare, costly := false, false
			for _, ch := range pr.Choices {
				if id, ok := choiceSpace(m, ch.ID); ok {
					spare = spare || c.spareable(id) > 0
					costly = costly || c.spareable(id) <= 0
				}
			}
			if isSpace && c.spareable(chosen) <= 0 || !isSpace && spare && costly {
				fail("Troops to spare: %v, a source that cannot: %v", spare, costly)
			}
		case pr.Faction == engine.WLD && (strings.HasPrefix(q, "Setup: how many WLD Troops from ") ||
			strings.HasPrefix(q, "WLD Patrol: how many WLD Troops from ") ||
			strings.HasPrefix(q, "WLD Sweep: how many WLD Troops from ")):
			n["wld count"]++
			from, ok := between(q, " from ", " to ")
			if !ok || strings.Contains(from, " into ") {
				from, _ = between(q, " from ", " into ")
			}
			id, ok := m.ID(from)
			if !ok {
				t.Fatalf("%q: no origin", q)
			}
			if k := countOf(choice); k > countOf(pr.Choices[0].ID) && k > c.spareable(id) {
				fail("%s can spare %d", from, c.spareable(id))
			}
		case strings.HasPrefix(q, "Redeploy: WLD Troops in ") && strings.HasSuffix(q, "To which Province?"):
			n["wld redeploy"]++
			// Home to the most populous Province not yet under WLD
			// Control, if there is one.
			value := func(id engine.SpaceID) int {
				if s.ControlOf(m, id) == engine.WLDControl {
					return 0
				}
				return 1 + m.Spaces[id].Pop
			}
			best := 0
			for _, ch := range pr.Choices {
				if id, ok := choiceSpace(m, ch.ID); ok {
					best = max(best, value(id))
				}
			}
			if !isSpace || value(chosen) != best {
				fail("a home Province worth %d was open", best)
			}
		case strings.HasPrefix(q, "Rally in ") && pr.Has("rally:base"):
			n["rally base"]++
			if choice != "rally:base" {
				fail("a Base was open")
			}
		case pr.Step == "pacify" || pr.Step == "agitate":
			best := 0
			for _, ch := range pr.Choices {
				if id, ok := choiceSpace(m, ch.ID); ok && !s.Spaces[id].Terror {
					best = max(best, m.Spaces[id].Pop)
				}
			}
			if best > 0 {
				n[pr.Step]++
				if !isSpace || s.Spaces[chosen].Terror || m.Spaces[chosen].Pop != best {
					fail("a shift in a Province of Population %d was open", best)
				}
			}
		}
	})
	t.Logf("cases: %v", n)
	for _, k := range []string{"govern", "recruit", "escort", "wld source", "wld sweep source", "wld count", "wld redeploy", "pacify", "agitate", "rally base"} {
		if n[k] < 5 {
			t.Errorf("only %d cases of %s", n[k], k)
		}
	}
}

// playByPolicy plays games by the rollout policy (seeds 1 to games,
// alternating the scenarios) and shows check every question and the
// policy's answer before it is given.
func playByPolicy(t *testing.T, games int, check func(seed uint64, g *engine.Game, pr *engine.Prompt, choice string)) {
	t.Helper()
	playBy(t, games, policy, check)
}

// playBy plays games as playByPolicy does, every answer chosen by choose.
func playBy(t *testing.T, games int, choose func(*engine.Game, *engine.Prompt, *rand) string, check func(seed uint64, g *engine.Game, pr *engine.Prompt, choice string)) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g, err := engine.New(engine.Config{Scenario: engine.Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := &rand{seed}
		for !g.Over() {
			pr := g.Prompt()
			choice := choose(g, pr, rng)
			check(seed, g, pr, choice)
			if err := g.Do(pr.Faction, choice); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRolloutFavoursOnlyThePlanner checks that in a search's simulations
// only the planning faction favours its main Operation: with NAT planning,
// JPN's Patrol, WLD's Patrol and CPC's Rally are chosen like any other
// Operation and NAT's Recruit about as often as mainOperation says; with
// JPN planning, JPN Patrols whenever it may.
func TestRolloutFavoursOnlyThePlanner(t *testing.T) {
	for _, planner := range engine.Factions {
		var offered, chosen [engine.NumFactions]int
		choose := func(g *engine.Game, pr *engine.Prompt, rng *rand) string { return rollout(g, pr, rng, planner) }
		playBy(t, 6, choose, func(_ uint64, _ *engine.Game, pr *engine.Prompt, choice string) {
			if op, ok := mainOperation[pr.Faction]; ok && pr.Has(op.id) {
				offered[pr.Faction]++
				chosen[pr.Faction] += b2i(choice == op.id)
			}
		})
		for _, f := range engine.Factions {
			op, n, k := mainOperation[f], offered[f], chosen[f]
			t.Logf("%s planning: %s chose %s %d of %d offered", planner, f, op.id, k, n)
			if n < 20 {
				t.Fatalf("%s planning: %s offered %s only %d times", planner, f, op.id, n)
			}
			// Favoured: at least the odds, less a tenth for chance (a
			// rule may answer first); not favoured: an Operation among
			// several, well under half.
			if favoured := float64(k) >= (op.odds-0.1)*float64(n); favoured != (f == planner) || f != planner && 2*k > n {
				t.Errorf("%s planning: %s chose %s %d times of %d offered", planner, f, op.id, k, n)
			}
		}
	}
}
