// Package sim plays games with uniformly random legal choices (or AI
// players in chosen seats) and checks the engine's contract after every
// decision. It drives the fuzz tests and the `chinaswar sim` command.
package sim

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
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
	// Seats gives factions to AI players; the zero Seat plays uniformly at
	// random.
	Seats [engine.NumFactions]ai.Seat
}

// Stats summarise a run.
type Stats struct {
	Games, Decisions, Violations int
	Undos, Reloads               int
	// First counts, per faction, the games it finished in first place.
	First   [engine.NumFactions]int
	Elapsed time.Duration
	// Errors holds the first few violations, for the report.
	Errors []error
}

func (s Stats) String() string {
	gps := float64(s.Games) / s.Elapsed.Seconds()
	return fmt.Sprintf("games: %d  decisions: %d  invariant violations: %d  games/s: %.0f", s.Games, s.Decisions, s.Violations, gps)
}

// game is the outcome of one game of a run.
type game struct {
	decisions, undos, reloads int
	first                     []engine.Faction
	err                       error
}

// Run plays cfg.Games games, each from its own seed derived from cfg.Seed,
// on every core. Each game depends only on its seed, and the games are
// summed in seed order, so the result is the same whatever the number of
// cores.
func Run(cfg Config) Stats {
	start := time.Now()
	results := make([]game, cfg.Games)
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(cfg.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				k := i
				i++
				next.Unlock()
				if k >= cfg.Games {
					return
				}
				seed := cfg.Seed + uint64(k)
				r := &results[k]
				r.decisions, r.undos, r.reloads, r.first, r.err = play(engine.Config{Scenario: cfg.Scenario, Seed: seed, Options: cfg.Options}, seed, cfg.Check, cfg.Seats)
			}
		}()
	}
	wg.Wait()
	var st Stats
	for k, r := range results {
		st.Games++
		st.Decisions += r.decisions
		st.Undos += r.undos
		st.Reloads += r.reloads
		for _, f := range r.first {
			st.First[f]++
		}
		if r.err != nil {
			st.Violations++
			if len(st.Errors) < 5 {
				st.Errors = append(st.Errors, fmt.Errorf("game seed %d: %w", cfg.Seed+uint64(k), r.err))
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
	decisions, undos, reloads, _, err = play(cfg, rngSeed, check, [engine.NumFactions]ai.Seat{})
	return decisions, undos, reloads, err
}

// play is Play with AI players in the given seats; it also returns the
// factions placed first.
func play(cfg engine.Config, rngSeed uint64, check bool, seats [engine.NumFactions]ai.Seat) (decisions, undos, reloads int, first []engine.Faction, err error) {
	g, err := engine.New(cfg)
	if err != nil {
		return 0, 0, 0, nil, err
	}
	rng := rand.New(rand.NewPCG(rngSeed, 0x5eed))
	var players [engine.NumFactions]*ai.Player
	for _, f := range engine.Factions {
		if !seats[f].IsRandom() {
			players[f] = ai.New(f, seats[f].Level, rngSeed*engine.NumFactions+uint64(f))
		}
	}
	for !g.Over() {
		p := g.Prompt()
		if check {
			if err := checkPrompt(p); err != nil {
				return decisions, undos, reloads, nil, err
			}
		}
		if players[p.Faction] == nil && p.Executing && rng.IntN(16) == 0 {
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
		if pl := players[p.Faction]; pl != nil {
			id, _, err := pl.Decide(g)
			if err != nil {
				return decisions, undos, reloads, nil, fmt.Errorf("decision %d: AI: %w", decisions+1, err)
			}
			c = engine.Choice{ID: id}
		}
		var before []byte
		if check && rng.IntN(8) == 0 {
			before, _ = g.MarshalJSON()
		}
		if err := g.Do(p.Faction, c.ID); err != nil {
			return decisions, undos, reloads, nil, fmt.Errorf("decision %d: legal choice %q refused: %w", decisions+1, c.ID, err)
		}
		decisions++
		if !check {
			continue
		}
		if err := engine.CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
			return decisions, undos, reloads, nil, fmt.Errorf("decision %d (%s %s): %w", decisions, p.Faction, c.ID, err)
		}
		if before != nil && g.CanUndo(p.Faction) {
			if err := checkUndo(g, p.Faction, c.ID, before); err != nil {
				return decisions, undos, reloads, nil, fmt.Errorf("decision %d: %w", decisions, err)
			}
			undos++
		}
		if rng.IntN(64) == 0 {
			if g, err = checkReload(g); err != nil {
				return decisions, undos, reloads, nil, fmt.Errorf("decision %d: %w", decisions, err)
			}
			reloads++
		}
	}
	if check && g.State().Result == nil {
		return decisions, undos, reloads, nil, errors.New("the game stopped without a result")
	}
	if r := g.State().Result; r != nil {
		first = r.Ranking[0].Factions
	}
	return decisions, undos, reloads, first, nil
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
