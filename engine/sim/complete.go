package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// The completion check: at every prompt of a random game, every offered
// choice must lead somewhere. From each choice a bounded search of the
// current step looks for a way to finish it; a choice from which the whole
// search finds none is a dead end, which the engine's contract forbids
// (docs/rulings.md C16).

// CompletionStats summarise a completion check.
type CompletionStats struct {
	Games, Prompts, Choices int
	// DeadEnds are choices from which no completion of the step exists.
	DeadEnds int
	// Unsettled are choices whose search ran out of budget before finding
	// a completion or exhausting the step (neither proved nor refuted).
	Unsettled int
	// Violations counts games that broke an invariant or refused a legal
	// choice.
	Violations int
	// ProbeCutoffs is the engine's count of Special Activity searches that
	// ran out of budget during the check.
	ProbeCutoffs int64
	Elapsed      time.Duration
	Errors       []error
}

func (s CompletionStats) String() string {
	return fmt.Sprintf("games: %d  prompts: %d  choices checked: %d  dead ends: %d  unsettled: %d  invariant violations: %d  probe cutoffs: %d  elapsed: %s",
		s.Games, s.Prompts, s.Choices, s.DeadEnds, s.Unsettled, s.Violations, s.ProbeCutoffs, s.Elapsed.Round(time.Millisecond))
}

// completionBudget bounds the search from one choice, in decisions tried.
const completionBudget = 400

// CheckCompletion plays cfg.Games random games and checks at every prompt
// that each offered choice can be completed.
func CheckCompletion(cfg Config) CompletionStats {
	st := CompletionStats{}
	cutoffs := engine.ProbeCutoffs()
	start := time.Now()
	for i := 0; i < cfg.Games; i++ {
		seed := cfg.Seed + uint64(i)
		if err := st.play(engine.Config{Scenario: cfg.Scenario, Seed: seed, Options: cfg.Options}, seed); err != nil {
			st.Violations++
			st.note(fmt.Errorf("game seed %d: %w", seed, err))
		}
		st.Games++
	}
	st.Elapsed = time.Since(start)
	st.ProbeCutoffs = engine.ProbeCutoffs() - cutoffs
	return st
}

func (st *CompletionStats) note(err error) {
	if len(st.Errors) < 5 {
		st.Errors = append(st.Errors, err)
	}
}

func (st *CompletionStats) play(cfg engine.Config, rngSeed uint64) error {
	g, err := engine.New(cfg)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(rngSeed, 0xc0de))
	for !g.Over() {
		p := g.Prompt()
		if err := checkPrompt(p); err != nil {
			return err
		}
		st.Prompts++
		for _, c := range p.Choices {
			st.Choices++
			switch ok, settled, err := completes(g, c.ID); {
			case err != nil:
				return fmt.Errorf("%s at %q: %w", c.ID, p.Question, err)
			case !settled:
				st.Unsettled++
			case !ok:
				st.DeadEnds++
				st.note(fmt.Errorf("dead end: %s %q at %q (step %s, card %d)", p.Faction, c.ID, p.Question, p.Step, g.State().Current))
			}
		}
		c := p.Choices[rng.IntN(len(p.Choices))]
		if err := g.Do(p.Faction, c.ID); err != nil {
			return fmt.Errorf("legal choice %q refused: %w", c.ID, err)
		}
		if err := engine.CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
			return fmt.Errorf("after %s %q: %w", p.Faction, c.ID, err)
		}
	}
	return nil
}

// completes searches for a completion of the current step after choice:
// the step commits (the log grows or the game ends) or the decision passes
// to another faction or step. settled is false when the budget ran out
// first.
func completes(g *engine.Game, choice string) (ok, settled bool, err error) {
	p := g.Prompt()
	at := point{log: len(g.Log()), f: p.Faction, step: p.Step}
	budget := completionBudget
	var search func(h *engine.Game, choice string) (bool, error)
	search = func(h *engine.Game, choice string) (bool, error) {
		if budget--; budget < 0 {
			return false, nil
		}
		h = h.Clone()
		if err := h.Do(h.Prompt().Faction, choice); err != nil {
			return false, fmt.Errorf("legal choice %q refused: %w", choice, err)
		}
		if h.Over() || at.left(h) {
			return true, nil
		}
		// Choices that end something are tried first: most steps finish
		// quickly that way.
		q := h.Prompt()
		for _, last := range []bool{true, false} {
			for _, c := range q.Choices {
				if ending(c.ID) != last {
					continue
				}
				if ok, err := search(h, c.ID); ok || err != nil {
					return ok, err
				}
			}
		}
		return false, nil
	}
	ok, err = search(g, choice)
	return ok, ok || budget >= 0, err
}

// point is where a decision was asked: the log's length, the faction and
// the step.
type point struct {
	log  int
	f    engine.Faction
	step string
}

// left reports whether the game has moved past the point.
func (at point) left(h *engine.Game) bool {
	p := h.Prompt()
	return len(h.Log()) != at.log || p == nil || p.Faction != at.f || p.Step != at.step
}

// ending reports whether a choice ends what is being asked.
func ending(id string) bool {
	return id == "done" || strings.HasPrefix(id, "done:") || id == "pass" || strings.HasPrefix(id, "decline")
}
