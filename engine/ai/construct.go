package ai

import (
	"fmt"
	"slices"

	"github.com/chinaswar/chinaswar/engine"
)

// constructSims is the budget from which a search also builds each first
// answer's action choice by choice (construct) beside its random
// completions. A budget this large affords it: it takes about as many
// completions as the random screening (Normal and above; Easy's budget
// goes to simulations).
const constructSims = 480

// constructWidth bounds the choices tried at one question while building
// an action; a question with more is sampled.
const constructWidth = 12

// construct builds an action from first answer first choice by choice, a
// nested Monte Carlo search of level 1: at each of the player's questions
// in its step, every choice (at most constructWidth) is completed once by
// the rollout policy, all on the same fresh determinization, and scored
// on the position just after the action; the best completion found so far
// is remembered and its next answer taken. Random completions rarely find
// an Operation's best set of spaces among many; choosing space by space
// does, for about as many completions. It returns the best completion and
// its score, or nil if nothing was built (the action has one answer, or
// the work cap's share for screening is spent).
func (s *searcher) construct(first engine.Choice, detSeed, polSeed uint64) (*candidate, []string, float64, error) {
	var best *candidate
	var bestLabels, prefixLabels []string
	bestV := -1.0
	prefix := []string{first.ID}
	for d := uint64(0); !s.w.screening(); d++ {
		ds, ps := mix(detSeed, d), mix(polSeed, d)
		all, err := s.ask(prefix, ds, ps)
		if err != nil {
			return nil, nil, 0, err
		}
		if len(all) == 0 {
			break // the action is complete, or a die changed the question
		}
		next := all[0]
		if len(all) > 1 {
			try := slices.Clone(all)
			if len(try) > constructWidth {
				r := &rand{ps}
				for i := len(try) - 1; i > 0; i-- {
					j := r.intn(i + 1)
					try[i], try[j] = try[j], try[i]
				}
				try = try[:constructWidth]
			}
			for i, ch := range try {
				c := &candidate{answers: append(slices.Clone(prefix), ch.ID)}
				labels, v, err := s.complete(c, ds, mix(ps, 1+uint64(i)))
				if err != nil {
					return nil, nil, 0, err
				}
				if len(c.answers) <= len(prefix) || c.answers[len(prefix)] != ch.ID {
					continue // the choice was not open here after all
				}
				if v > bestV {
					best, bestV = c, v
					bestLabels = append(append(slices.Clone(prefixLabels), ch.Label), labels...)
				}
			}
			// Take the best completion's next answer, if it is one here
			// (the best may have been found on another determinization).
			if best == nil || len(best.answers) <= len(prefix) {
				break
			}
			i := slices.IndexFunc(all, func(c engine.Choice) bool { return c.ID == best.answers[len(prefix)] })
			if i < 0 {
				break
			}
			next = all[i]
		}
		prefix = append(prefix, next.ID)
		prefixLabels = append(prefixLabels, next.Label)
	}
	if best == nil {
		return nil, nil, 0, nil
	}
	return best, bestLabels, bestV, nil
}

// ask plays prefix, the player's first answers in its step, on a fresh
// determinization of g (the rollout policy answering any other faction
// asked within the step) and returns the choices of the player's next
// question in that step, or none if the step ended or the prefix is not
// legal there (a die went otherwise). Its work is counted.
func (s *searcher) ask(prefix []string, detSeed, polSeed uint64) ([]engine.Choice, error) {
	h, err := s.sample(s.g, detSeed)
	if err != nil {
		return nil, err
	}
	defer func() { s.w.done += int(h.Work()) }()
	me := s.me
	rng := &rand{polSeed}
	steps, mine := h.StepsDone(), 0
	for n := 0; !h.Over() && h.StepsDone() == steps && n < maxRolloutDecisions; n++ {
		pr := h.Prompt()
		var choice string
		if pr.Faction == me {
			if mine == len(prefix) {
				return slices.Clone(pr.Choices), nil
			}
			if !pr.Has(prefix[mine]) {
				return nil, nil
			}
			choice = prefix[mine]
			mine++
		} else {
			choice = rollout(h, pr, rng, me)
		}
		s.w.done += answerWork
		if err := h.Do(pr.Faction, choice); err != nil {
			return nil, fmt.Errorf("ai: building an action: %w", err)
		}
	}
	return nil, nil
}
