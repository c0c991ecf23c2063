package commands

import (
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// filler words people put between the parts of a step ("from Manchukuo 4",
// "move 3 to Hebei"); they carry no choice of their own.
var filler = map[string]bool{"from": true, "to": true, "into": true, "onto": true, "with": true, "and": true, "in": true, "move": true}

// Applied is one choice a script made.
type Applied struct {
	Faction engine.Faction
	Choice  engine.Choice
}

// Run applies a script for faction f: steps separated by ";" or new lines,
// each a whole choice ("pass", "op sweep", "Wuhan-Yichang") or several in
// a row ("from Manchukuo 4" is a space then a count). Words are read with
// ResolveTyped, so old names work and confusable Provinces must be named in
// full. Choices are applied one by one; at the first that is not legal (or
// names a space ambiguously), Run stops with an error naming the step and
// what is legal, keeping what was applied before it.
func Run(t Table, f engine.Faction, script string) ([]Applied, error) {
	var done []Applied
	for _, step := range splitSteps(script) {
		got, err := runStep(t, f, step)
		done = append(done, got...)
		if err != nil {
			return done, fmt.Errorf("step %q: %w", step, err)
		}
	}
	return done, nil
}

func splitSteps(script string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// runStep applies one step: as a whole choice if it is one, otherwise as a
// sequence of choices read greedily from the longest run of words.
func runStep(t Table, f engine.Faction, step string) ([]Applied, error) {
	if c, err := choose(t, f, step); err == nil {
		return []Applied{{f, c}}, t.Do(f, c.ID)
	}
	var words []string
	for _, w := range strings.Fields(step) {
		if !filler[strings.ToLower(w)] {
			words = append(words, w)
		}
	}
	var done []Applied
	for len(words) > 0 {
		var c engine.Choice
		var err error
		n := len(words)
		for ; n > 0; n-- {
			if c, err = choose(t, f, strings.Join(words[:n], " ")); err == nil {
				break
			}
		}
		if n == 0 {
			// Report the first word's problem: it is where reading failed,
			// and a name error there carries the candidates.
			if _, err = choose(t, f, strings.Join(words, " ")); len(words) > 1 {
				if _, werr := choose(t, f, words[0]); isNameError(werr) {
					err = werr
				}
			}
			return done, err
		}
		if err := t.Do(f, c.ID); err != nil {
			return done, err
		}
		done = append(done, Applied{f, c})
		words = words[n:]
	}
	return done, nil
}

// choose resolves text against the current prompt for faction f.
func choose(t Table, f engine.Faction, text string) (engine.Choice, error) {
	g := t.Game()
	p := g.Prompt()
	if p == nil {
		return engine.Choice{}, fmt.Errorf("the game is over: there is nothing to decide")
	}
	if p.Faction != f {
		return engine.Choice{}, fmt.Errorf("it is %s's decision, not %s's: %s", p.Faction, f, p.Question)
	}
	return ResolveTyped(p, g.Map(), text)
}
