package commands

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

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

// Limits of a script. A whole action in a script is a few dozen choices
// and well under a thousand characters; the limits leave room for that many
// times over and keep a pasted novel from costing more than a click.
const (
	MaxScript        = 2000 // characters
	MaxScriptChoices = 200
)

// ErrScriptTooLong is a script over MaxScript characters: nothing of it is
// applied.
var ErrScriptTooLong = fmt.Errorf("a script may be at most %d characters long", MaxScript)

// Run applies a script for faction f: steps separated by ";" or new lines,
// each a whole choice ("pass", "op sweep", "Wuhan-Yichang") or several in
// a row ("from Manchukuo 4" is a space then a count). Words are read with
// ResolveTyped, so old names work and confusable Provinces must be named in
// full. Choices are applied one by one; at the first that is not legal (or
// names a space ambiguously), Run stops with an error naming the step and
// what is legal, keeping what was applied before it. It also stops, the
// same way, when ctx ends or after MaxScriptChoices choices; a script
// over MaxScript characters is refused whole.
func Run(ctx context.Context, t Table, f engine.Faction, script string) ([]Applied, error) {
	if n := utf8.RuneCountInString(script); n > MaxScript {
		return nil, fmt.Errorf("%w; this one has %d. Nothing was applied", ErrScriptTooLong, n)
	}
	r := scriptRun{ctx: ctx, t: t, f: f}
	for _, step := range splitSteps(script) {
		err := r.step(step)
		if err != nil {
			return r.done, fmt.Errorf("step %q: %w", step, err)
		}
	}
	return r.done, nil
}

// scriptRun is a script being applied.
type scriptRun struct {
	ctx  context.Context
	t    Table
	f    engine.Faction
	done []Applied
}

// do applies one choice, unless the script has run out of time or choices.
func (r *scriptRun) do(c engine.Choice) error {
	if err := r.ctx.Err(); err != nil {
		return fmt.Errorf("stopped before %q: %w", c.Label, err)
	}
	if len(r.done) == MaxScriptChoices {
		return fmt.Errorf("a script may make at most %d choices; stopped before %q", MaxScriptChoices, c.Label)
	}
	if err := r.t.Do(r.f, c.ID); err != nil {
		return err
	}
	r.done = append(r.done, Applied{r.f, c})
	return nil
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

// maxRunWords bounds how many words one choice is read from: the longest
// choice label, "Large Offensive Sweep (free)", has a handful.
const maxRunWords = 12

// step applies one step: as a whole choice if it is one, otherwise as a
// sequence of choices read greedily from the longest run of words that
// names one. Runs are bounded (maxRunWords, and no longer in letters than
// the longest name of the map or choice of the prompt), so reading a step
// costs time in proportion to its length.
func (r *scriptRun) step(step string) error {
	c, whole := choose(r.t, r.f, step)
	if whole == nil {
		return r.do(c)
	}
	var words []string
	for _, w := range strings.Fields(step) {
		if !filler[strings.ToLower(w)] {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		// Only filler words ("from"): nothing was asked for, and a step
		// that does nothing must say why.
		return whole
	}
	for len(words) > 0 {
		var c engine.Choice
		var err error
		n := longestRun(words, r.t.Game())
		for ; n > 0; n-- {
			if c, err = choose(r.t, r.f, strings.Join(words[:n], " ")); err == nil {
				break
			}
		}
		if n == 0 {
			// Report the first word's problem: it is where reading failed,
			// and a name error there carries the candidates.
			if _, err = choose(r.t, r.f, strings.Join(words[:min(len(words), maxRunWords)], " ")); len(words) > 1 {
				if _, werr := choose(r.t, r.f, words[0]); isNameError(werr) {
					err = werr
				}
			}
			return err
		}
		if err := r.do(c); err != nil {
			return err
		}
		words = words[n:]
	}
	return nil
}

// longestRun is how many of words, from the first, one choice could be
// read from: at most maxRunWords, and no more letters than the longest name
// a choice could be typed as, plus a typo's worth.
func longestRun(words []string, g *engine.Game) int {
	limit := namesOf(g.Map()).longest
	if p := g.Prompt(); p != nil {
		for _, c := range p.Choices {
			limit = max(limit, len(fold(c.Label)), len(fold(c.ID)))
		}
	}
	limit += 2
	n, letters := 0, 0
	for n < len(words) && n < maxRunWords {
		letters += len(fold(words[n]))
		if letters > limit && n > 0 {
			break
		}
		n++
	}
	return n
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
