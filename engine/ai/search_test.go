package ai

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestScreenKeepsWholeActionsBestFirst completes each first answer of a
// card action several times: the completions are distinct, sorted by the
// score just after the action, and each one, replayed on the
// determinization it was found on, is a whole action.
func TestScreenKeepsWholeActionsBestFirst(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := &rand{11}
	for g.Prompt().Step != "eligible" || !g.Prompt().Has("pass") {
		pr := g.Prompt()
		if err := g.Do(pr.Faction, policy(g, pr, rng)); err != nil {
			t.Fatal(err)
		}
	}
	pr := g.Prompt()
	me := pr.Faction
	seen := map[string]bool{}
	several := 0
	for _, first := range pr.Choices {
		const tries = 6
		done, err := (&searcher{g: g, sample: (*engine.Game).Determinize, me: me}).screen(first, tries, 3, 4, false, seen)
		if err != nil {
			t.Fatal(err)
		}
		if len(done) == 0 || len(done) > tries {
			t.Fatalf("%s: %d completions of %d tries", first.ID, len(done), tries)
		}
		if len(done) > 1 {
			several++
		}
		keys := map[string]bool{}
		for i, c := range done {
			if c.answers[0] != first.ID {
				t.Errorf("%s: completion starts with %q", first.ID, c.answers[0])
			}
			if i > 0 && c.sum > done[i-1].sum {
				t.Errorf("%s: completion %d scores %.3f, above %.3f before it", first.ID, i, c.sum, done[i-1].sum)
			}
			key := strings.Join(c.answers, " ")
			if keys[key] {
				t.Errorf("%s: completion %q found twice", first.ID, key)
			}
			keys[key] = true
		}
		// The best completion, followed on a determinization, finishes the
		// action with its own answers whenever they stay legal.
		h, err := g.Determinize(99)
		if err != nil {
			t.Fatal(err)
		}
		if _, ended, _, err := (&searcher{g: g, me: me}).play(h, &candidate{answers: done[0].answers}, &rand{1}, true); err != nil || !ended {
			t.Errorf("%s: the best completion did not end the action (err %v)", first.ID, err)
		}
	}
	if several == 0 {
		t.Error("no first answer had more than one completion")
	}
}

// firstCardAction plays a game by the rollout policy to the first card
// action.
func firstCardAction(t *testing.T, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := &rand{seed}
	for g.Prompt().Step != "eligible" || !g.Prompt().Has("pass") {
		pr := g.Prompt()
		if err := g.Do(pr.Faction, policy(g, pr, rng)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestWorkCapStopsTheSearch: a cap on the engine's work stops the
// search early with a legal answer and an explanation whose count is the
// simulations actually run, and a cap that does not bind changes nothing.
func TestWorkCapStopsTheSearch(t *testing.T) {
	g := firstCardAction(t, 3)
	pr := g.Prompt()
	const seed, sims = 77, 400
	// The completions draw their determinizations from these seeds; every
	// other draw is a simulation's.
	// The player below searches with seed mix(5, 1), its first plan.
	completion := map[uint64]bool{}
	for k := range maxTries {
		completion[mix(seed, 1<<32+uint64(k))] = true
		completion[mix(mix(5, 1), 1<<32+uint64(k))] = true
	}
	free, err := search(g, pr.Faction, Level{Sims: sims}, seed, (*engine.Game).Determinize)
	if err != nil {
		t.Fatal(err)
	}
	if free.stopped || free.sims > sims || free.sims < sims*9/10 {
		t.Fatalf("uncapped search: %d simulations, stopped %v", free.sims, free.stopped)
	}
	for _, tc := range []struct {
		name  string
		limit int
		stops bool
	}{
		{"tiny", 1, true},
		{"a tenth", free.work / 10, true},
		{"loose", 2 * free.work, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			simulated := 0
			count := func(g *engine.Game, s uint64) (*engine.Game, error) {
				if !completion[s] {
					simulated++
				}
				return g.Determinize(s)
			}
			l := Level{Name: "Capped", Sims: sims, Work: tc.limit}
			res, err := search(g, pr.Faction, l, seed, count)
			if err != nil {
				t.Fatal(err)
			}
			if !pr.Has(res.answers[0]) || len(res.top) == 0 {
				t.Fatalf("answer %q, %d alternatives", res.answers[0], len(res.top))
			}
			if res.sims != simulated {
				t.Errorf("reports %d simulations, ran %d", res.sims, simulated)
			}
			if !tc.stops {
				if res.stopped || res.sims != free.sims || res.work != free.work || !slices.Equal(res.answers, free.answers) || !slices.Equal(res.top, free.top) {
					t.Errorf("a cap that does not bind changed the search: %+v, want %+v", res, free)
				}
				return
			}
			// It stops at the first simulation after the cap is reached,
			// so it passes the cap by at most one rollout (and the
			// completions' first tries, which every first answer gets).
			if !res.stopped || res.sims < 1 || res.sims >= sims || res.work < tc.limit {
				t.Errorf("%d simulations, %d of work against a cap of %d, stopped %v", res.sims, res.work, tc.limit, res.stopped)
			}
			// One rollout is a small share of a search's work (one of
			// some 400 simulations): a tenth of it is a generous bound.
			if res.work > max(tc.limit, free.work/20)+free.work/10 {
				t.Errorf("%d of work spent against a cap of %d", res.work, tc.limit)
			}
			// What the player says is what the search did.
			p := New(pr.Faction, l, 5)
			p.Sample = count
			simulated = 0
			choice, ex, err := p.Decide(g)
			if err != nil {
				t.Fatal(err)
			}
			if g.Legal(pr.Faction, choice) != nil || !ex.Capped || ex.Sims != simulated {
				t.Errorf("choice %q, capped %v, %d simulations reported, %d run", choice, ex.Capped, ex.Sims, simulated)
			}
			if line := ex.Line(); !strings.Contains(line, fmt.Sprintf(" of %d simulation", simulated)) {
				t.Errorf("line %q does not count %d simulations", line, simulated)
			}
		})
	}
}
