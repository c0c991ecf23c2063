package ai

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestConstructBeatsRandomCompletions builds the Operations offered at the
// first card actions of several games choice by choice, and completes the
// same first answers at random as many times as the building took
// completions. Scored on determinizations neither has seen, the built
// action is at least as good as the best random completion in two cases
// of three, and as the average one in nine of ten: building is what the
// larger budgets buy.
func TestConstructBeatsRandomCompletions(t *testing.T) {
	const judges = 16
	var cases, overMean, overBest int
	var gain float64
	for seed := uint64(1); seed <= 6; seed++ {
		g := firstCardAction(t, seed)
		pr := g.Prompt()
		me := pr.Faction
		for i, first := range pr.Choices {
			if !strings.HasPrefix(first.ID, "op:") {
				continue
			}
			calls := 0
			fair := &searcher{g: g, sample: (*engine.Game).Determinize, me: me}
			count := func(g *engine.Game, s uint64) (*engine.Game, error) {
				calls++
				return g.Determinize(s)
			}
			built, labels, _, err := (&searcher{g: g, sample: count, me: me}).construct(first, mix(seed, 1), mix(seed, 2+uint64(i)))
			if err != nil {
				t.Fatal(err)
			}
			if built == nil {
				continue // nothing to choose after the first answer
			}
			if built.answers[0] != first.ID || len(labels) != len(built.answers)-1 {
				t.Fatalf("%s: built %q with labels %q", first.ID, built.answers, labels)
			}
			// As many random completions as the building used.
			var random []*candidate
			for k := range calls / 2 {
				c := &candidate{answers: []string{first.ID}}
				if _, _, err := fair.complete(c, mix(seed, 100+uint64(k)), mix(seed, 200+uint64(k))); err != nil {
					t.Fatal(err)
				}
				random = append(random, c)
			}
			judge := func(c *candidate) float64 {
				sum := 0.0
				for j := range judges {
					cc := &candidate{answers: c.answers}
					_, v, err := fair.complete(cc, mix(seed, 1000+uint64(j)), 7)
					if err != nil {
						t.Fatal(err)
					}
					sum += v
				}
				return sum / judges
			}
			b := judge(built)
			mean, best := 0.0, 0.0
			for _, c := range random {
				v := judge(c)
				mean += v / float64(len(random))
				best = max(best, v)
			}
			cases++
			gain += b - mean
			if b >= mean {
				overMean++
			}
			if b >= best {
				overBest++
			}
			t.Logf("seed %d %s %s: built %.3f (%d completions), random mean %.3f, best %.3f", seed, me, first.ID, b, calls, mean, best)
		}
	}
	if cases < 6 {
		t.Fatalf("only %d Operations built", cases)
	}
	t.Logf("%d cases: built over the random mean in %d, over the best random in %d; mean gain %.3f", cases, overMean, overBest, gain/float64(cases))
	if overMean*10 < cases*9 || overBest*3 < cases*2 || gain <= 0 {
		t.Errorf("the built action beat the average random completion in %d of %d cases and the best in %d (mean gain %.3f)", overMean, cases, overBest, gain/float64(cases))
	}
}
