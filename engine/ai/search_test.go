package ai

import (
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
		done, err := screen(g, (*engine.Game).Determinize, me, first, tries, 3, 4, seen)
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
		if _, ended, _, err := play(h, me, &candidate{answers: done[0].answers}, &rand{1}, true); err != nil || !ended {
			t.Errorf("%s: the best completion did not end the action (err %v)", first.ID, err)
		}
	}
	if several == 0 {
		t.Error("no first answer had more than one completion")
	}
}
