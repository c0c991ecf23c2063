// Package sim plays games with uniformly random legal choices and checks
// the engine's contract after every decision. It drives the fuzz tests and
// the `chinaswar sim` command.
package sim

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Config says what to play.
type Config struct {
	Scenario string
	Games    int
	Seed     uint64
	Options  engine.Options
	// Check verifies the invariants after every decision and, now and then,
	// that undo restores the state exactly and that a save restores and
	// continues identically. Without it only the games are played (for
	// timing).
	Check bool
}

// Stats summarise a run.
type Stats struct {
	Games, Decisions, Violations int
	Undos, Reloads               int
	Elapsed                      time.Duration
	// Errors holds the first few violations, for the report.
	Errors []error
}

func (s Stats) String() string {
	gps := float64(s.Games) / s.Elapsed.Seconds()
	return fmt.Sprintf("games: %d  decisions: %d  invariant violations: %d  games/s: %.0f", s.Games, s.Decisions, s.Violations, gps)
}

// Run plays cfg.Games games, each from its own seed derived from cfg.Seed.
func Run(cfg Config) Stats {
	var st Stats
	start := time.Now()
	for i := 0; i < cfg.Games; i++ {
		seed := cfg.Seed + uint64(i)
		n, u, r, err := Play(engine.Config{Scenario: cfg.Scenario, Seed: seed, Options: cfg.Options}, seed, cfg.Check)
		st.Games++
		st.Decisions += n
		st.Undos += u
		st.Reloads += r
		if err != nil {
			st.Violations++
			if len(st.Errors) < 5 {
				st.Errors = append(st.Errors, fmt.Errorf("game seed %d: %w", seed, err))
			}
		}
	}
	st.Elapsed = time.Since(start)
	return st
}

// Play plays one game to its end with random legal choices drawn from
// rngSeed. It returns the decisions made, undos and reloads checked, and the
// first violation of the engine's contract, if any.
func Play(cfg engine.Config, rngSeed uint64, check bool) (decisions, undos, reloads int, err error) {
	g, err := engine.New(cfg)
	if err != nil {
		return 0, 0, 0, err
	}
	rng := rand.New(rand.NewPCG(rngSeed, 0x5eed))
	for !g.Over() {
		p := g.Prompt()
		if check {
			if err := checkPrompt(p); err != nil {
				return decisions, undos, reloads, err
			}
		}
		if p.Executing && rng.IntN(16) == 0 {
			// Now and then a voluntary transfer (1.5.2): refused ones are
			// fine (caps, teams), accepted ones must keep the invariants.
			other := engine.Factions[rng.IntN(engine.NumFactions)]
			t := engine.Transfer{From: p.Executor, To: other, Amount: 1 + rng.IntN(3)}
			if rng.IntN(2) == 0 {
				t.From, t.To = other, p.Executor
			}
			if g.Transfer(t) == nil {
				decisions++
				continue
			}
		}
		c := p.Choices[rng.IntN(len(p.Choices))]
		var before []byte
		if check && rng.IntN(8) == 0 {
			before, _ = g.MarshalJSON()
		}
		if err := g.Do(p.Faction, c.ID); err != nil {
			return decisions, undos, reloads, fmt.Errorf("decision %d: legal choice %q refused: %w", decisions+1, c.ID, err)
		}
		decisions++
		if !check {
			continue
		}
		if err := engine.CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
			return decisions, undos, reloads, fmt.Errorf("decision %d (%s %s): %w", decisions, p.Faction, c.ID, err)
		}
		if before != nil && g.CanUndo(p.Faction) {
			if err := checkUndo(g, p.Faction, c.ID, before); err != nil {
				return decisions, undos, reloads, fmt.Errorf("decision %d: %w", decisions, err)
			}
			undos++
		}
		if rng.IntN(64) == 0 {
			if g, err = checkReload(g); err != nil {
				return decisions, undos, reloads, fmt.Errorf("decision %d: %w", decisions, err)
			}
			reloads++
		}
	}
	if check && g.State().Result == nil {
		return decisions, undos, reloads, errors.New("the game stopped without a result")
	}
	return decisions, undos, reloads, nil
}

// checkPrompt verifies that a prompt offers a real choice: at least two
// distinct legal choices (a single one is applied by the engine itself).
func checkPrompt(p *engine.Prompt) error {
	if p == nil {
		return errors.New("no prompt, but the game is not over")
	}
	if len(p.Choices) < 2 {
		return fmt.Errorf("prompt %q offers %d choices; a forced choice must be applied by the engine", p.Question, len(p.Choices))
	}
	seen := map[string]bool{}
	for _, c := range p.Choices {
		if seen[c.ID] {
			return fmt.Errorf("prompt %q offers %q twice", p.Question, c.ID)
		}
		seen[c.ID] = true
	}
	return nil
}

// checkUndo undoes the decision just made, checks the game is exactly as
// before it, and makes it again.
func checkUndo(g *engine.Game, f engine.Faction, choice string, before []byte) error {
	if err := g.Undo(f); err != nil {
		return fmt.Errorf("undo refused although CanUndo: %w", err)
	}
	after, _ := g.MarshalJSON()
	if !bytes.Equal(before, after) {
		return fmt.Errorf("undo of %s %q did not restore the game exactly", f, choice)
	}
	if err := g.Do(f, choice); err != nil {
		return fmt.Errorf("redo after undo refused: %w", err)
	}
	return nil
}

// checkReload saves and restores the game and checks nothing changed; the
// restored game replaces the original so play continues from it.
func checkReload(g *engine.Game) (*engine.Game, error) {
	a, err := g.MarshalJSON()
	if err != nil {
		return nil, err
	}
	h, err := engine.Load(a, g.Deck())
	if err != nil {
		return nil, fmt.Errorf("reload: %w", err)
	}
	b, _ := h.MarshalJSON()
	if !bytes.Equal(a, b) {
		return nil, errors.New("reload: the restored game saves differently")
	}
	return h, nil
}
