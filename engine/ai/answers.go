package ai

import (
	"fmt"
	"sort"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// AnswerStat is what one answer did over a set of games: how many steps
// the faction gave it in, and the sum of the faction's own final margin's
// change (7.3) over those steps. An answer that costs its faction victory
// points shows a mean below that of the faction's other steps: this is how
// the rollout policy's rules were found (policy_chinese.go).
type AnswerStat struct {
	Steps  int
	Margin int
}

// Mean is the mean change of the margin over the steps.
func (a AnswerStat) Mean() float64 { return float64(a.Margin) / float64(a.Steps) }

// Answers are AnswerStat by answer: "FACTION | step | question => answer",
// the question with its space names as X and its numbers as N, the answer
// a choice id with spaces as "a space" and counts as "count K of LO-HI".
// AllSteps (for each faction, "FACTION | all steps") holds the steps where
// it gave any answer.
type Answers map[string]AnswerStat

// AllSteps is the key of a faction's steps with any answer.
func AllSteps(f engine.Faction) string { return f.String() + " | all steps" }

// Add adds o's answers to a.
func (a Answers) Add(o Answers) {
	for k, s := range o {
		v := a[k]
		v.Steps += s.Steps
		v.Margin += s.Margin
		a[k] = v
	}
}

// answerLog collects a game's answers step by step.
type answerLog struct {
	m     *engine.Map
	names *strings.Replacer
	into  Answers
	last  [engine.NumFactions]int
	steps int
	given [engine.NumFactions]map[string]bool
}

func newAnswerLog(g *engine.Game, into Answers) *answerLog {
	return &answerLog{m: g.Map(), names: spaceNames(g.Map()), into: into, last: g.State().Margins(g.Map(), true), steps: g.StepsDone()}
}

// answer records that pr's faction answered choice.
func (l *answerLog) answer(pr *engine.Prompt, choice string) {
	f := pr.Faction
	if l.given[f] == nil {
		l.given[f] = map[string]bool{}
	}
	l.given[f][fmt.Sprintf("%s | %s | %s => %s", f, pr.Step, questionShape(l.names, pr.Question), answerShape(pr, choice))] = true
}

// after closes the step if g committed one since the last call: each
// faction's answers in it are charged with its own margin's change.
func (l *answerLog) after(g *engine.Game) {
	if g.StepsDone() == l.steps && !g.Over() {
		return
	}
	l.steps = g.StepsDone()
	now := g.State().Margins(l.m, true)
	for _, f := range engine.Factions {
		if len(l.given[f]) == 0 {
			continue
		}
		d := now[f] - l.last[f]
		for k := range l.given[f] {
			l.into.Add(Answers{k: {1, d}})
		}
		l.into.Add(Answers{AllSteps(f): {1, d}})
		clear(l.given[f])
	}
	l.last = now
}

// Sorted returns a's answers of faction f given in at least min steps,
// from the one with the lowest mean margin change to the highest.
func (a Answers) Sorted(f engine.Faction, min int) []string {
	var keys []string
	prefix := f.String() + " | "
	for k, s := range a {
		if strings.HasPrefix(k, prefix) && k != AllSteps(f) && s.Steps >= min {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if mi, mj := a[keys[i]].Mean(), a[keys[j]].Mean(); mi != mj {
			return mi < mj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// spaceNames replaces m's space names with X.
func spaceNames(m *engine.Map) *strings.Replacer {
	var all []string
	for _, sp := range m.Spaces {
		all = append(all, sp.Name)
	}
	// Longest first: a LoC's name contains its Provinces' names.
	sort.Slice(all, func(i, j int) bool { return len(all[i]) > len(all[j]) })
	var pairs []string
	for _, n := range all {
		pairs = append(pairs, n, "X")
	}
	return strings.NewReplacer(pairs...)
}

// questionShape is a question with its space names as X and its numbers
// as N, so that the same question about other spaces counts as one.
func questionShape(names *strings.Replacer, q string) string {
	q = names.Replace(q)
	var b strings.Builder
	digits := false
	for _, r := range q {
		if r >= '0' && r <= '9' {
			if !digits {
				b.WriteByte('N')
			}
			digits = true
			continue
		}
		digits = false
		b.WriteRune(r)
	}
	return b.String()
}

// answerShape is a choice id with a space as "a space" and a count as
// "count K of LO-HI".
func answerShape(pr *engine.Prompt, choice string) string {
	switch {
	case strings.HasPrefix(choice, "space:"):
		return "a space"
	case strings.HasPrefix(choice, "count:"):
		return fmt.Sprintf("count %d of %d-%d", countOf(choice), countOf(pr.Choices[0].ID), countOf(pr.Choices[len(pr.Choices)-1].ID))
	}
	return choice
}
