// Package ai is a computer player for any faction. At the first question
// of each of its steps it samples whole actions (every top-level option at
// least once), plays each out over fresh determinizations of the game with
// a heuristic rollout policy to the next Propaganda Round's victory check,
// keeps the best by successive halving, and then follows that action,
// planning again only when a die or a reveal makes the plan illegal.
//
// It plays fair: it sees the game only through Prompt, State's visible
// fields and Determinize, never the real deck order or generator (an
// architecture test enforces this). Its budgets are counts, simulations
// and the engine's work, never a time, so a given seed always plays the
// same way.
package ai

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// Level is a strength, set by the search budget.
type Level struct {
	Name string
	// Sims is the number of simulated continuations per planned action.
	Sims int
	// Work caps the work a planned action spends in its completions and
	// simulations: the questions the engine asks on the copies it plays on
	// (Game.Work), in their determinization's replay, their decisions and
	// their searches for a Special Activity done first, and a fixed amount
	// for every answer given on them (answerWork, which stands for the
	// rollout policy's own thinking); 0 is no cap.
	Work int
}

// Levels, from the quickest. The budgets are set from measured CPU time per
// planned action on one core of the development machine: about 0.05 s
// (Easy), under 1 s (Normal), under 3 s (Hard) and under 30 s (Slow); see
// docs/ai.md. A unit of work took about 0.13 us there, and the slowest
// planned actions measured took 1.9 times what their work foretold, so
// each cap is the level's bar on the longest planned action divided by
// 1.9 x 0.13 us: 2 s for Normal (8 million), 3 s for Hard (12 million),
// 30 s for Slow (120 million); Easy's, 1.5 million, binds only where a
// planned action runs long. Budgets are counts, never a clock, so a seed
// plays the same game on any machine.
var (
	Easy   = Level{Name: "Easy", Sims: 64, Work: 1_500_000}
	Normal = Level{Name: "Normal", Sims: 960, Work: 8_000_000}
	Hard   = Level{Name: "Hard", Sims: 1600, Work: 12_000_000}
	Slow   = Level{Name: "Slow", Sims: 16000, Work: 120_000_000}
)

// Basic plays by the rollout policy alone, without searching: thousands of
// games a minute, for studies that need many games between players of one
// strength (the balance of the deck). It is not offered to players.
var Basic = Level{Name: "Basic"}

// Levels lists the levels offered to players, in order of strength.
var Levels = []Level{Easy, Normal, Hard, Slow}

// ParseLevel reads a level name, case-insensitively.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(s, l.Name) {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("unknown AI level %q (want easy, normal, hard or slow)", s)
}

// Sampler draws the game one simulation is played on. The default,
// Game.Determinize, is fair; an experiment may substitute another to
// measure what fairness costs.
type Sampler func(g *engine.Game, seed uint64) (*engine.Game, error)

// Player is the AI holding one faction of one game.
type Player struct {
	Faction engine.Faction
	Level   Level
	// Sample, if set, replaces Game.Determinize (experiments only).
	Sample Sampler
	seed   uint64
	plans  uint64 // plans made, which varies the seeds of each search
	plan   *plan
	last   *Explanation
}

// New returns a player for faction f. Equal seeds play equal games.
func New(f engine.Faction, l Level, seed uint64) *Player {
	return &Player{Faction: f, Level: l, seed: seed}
}

// plan is the chosen action: the answers still to give in the step where it
// was made.
type plan struct {
	g       *engine.Game
	steps   int // the game's StepsDone when the plan was made
	answers []string
	next    int
}

// Explanation says what the AI decided and why, in numbers, without
// anything hidden: the win rates are over its own simulations.
type Explanation struct {
	Faction engine.Faction
	Level   string
	// Alternatives are the best actions found, best first (at most three).
	Alternatives []Alternative
	// Sims is the number of simulations run.
	Sims int
	// Capped is set when the level's work cap stopped the search before
	// its simulations ran out (Sims is then below the level's).
	Capped bool
}

// Alternative is one candidate action with how it fared.
type Alternative struct {
	Action string  // e.g. "Operation: Recruit in Sichuan, Hunan"
	Won    float64 // share of its simulations where it came out first
	Sims   int
}

// Line is the one-line account of the decision, e.g. "NAT (AI, Normal):
// Operation: Recruit in Sichuan, Hunan: won 38% of 240 simulations; next
// best, Event (unshaded), 31%".
func (e *Explanation) Line() string {
	if e == nil || len(e.Alternatives) == 0 {
		return ""
	}
	best := e.Alternatives[0]
	sims := "simulations"
	if e.Sims == 1 {
		sims = "simulation"
	}
	s := fmt.Sprintf("%s (AI, %s): %s: won %.0f%% of %d %s", e.Faction, e.Level, best.Action, 100*best.Won, e.Sims, sims)
	if len(e.Alternatives) > 1 {
		nb := e.Alternatives[1]
		s += fmt.Sprintf("; next best, %s, %.0f%%", nb.Action, 100*nb.Won)
	}
	return s
}

// Last is the explanation of the player's last planned action (nil before
// its first): what a /why lookup shows.
func (p *Player) Last() *Explanation { return p.last }

// ErrNotMine is returned when the game waits on another faction.
var ErrNotMine = errors.New("ai: not this player's decision")

// Decide picks the answer to the game's current question, which must be the
// player's. It returns the choice's id and, when it planned a new action,
// the explanation of that plan (nil while following a plan).
func (p *Player) Decide(g *engine.Game) (string, *Explanation, error) {
	pr := g.Prompt()
	if pr == nil {
		return "", nil, engine.ErrGameOver
	}
	if pr.Faction != p.Faction {
		return "", nil, fmt.Errorf("%w: %s is asked, this is %s", ErrNotMine, pr.Faction, p.Faction)
	}
	if p.following(g, pr) {
		pl := p.plan
		pl.next++
		return pl.answers[pl.next-1], nil, nil
	}
	p.plans++
	if p.Level.Sims == 0 {
		return policy(g, pr, &rand{mix(p.seed, p.plans)}), nil, nil
	}
	sample := p.Sample
	if sample == nil {
		sample = (*engine.Game).Determinize
	}
	res, err := search(g, p.Faction, p.Level, mix(p.seed, p.plans), sample)
	if err != nil {
		return "", nil, err
	}
	p.plan = &plan{g: g, steps: g.StepsDone(), answers: res.answers, next: 1}
	p.last = &Explanation{Faction: p.Faction, Level: p.Level.Name, Alternatives: res.top, Sims: res.sims, Capped: res.stopped}
	return res.answers[0], p.last, nil
}

// following reports whether the question asked is the next of the
// player's plan: the plan was made in this game, no step has been
// committed since, and its next answer is among the choices.
func (p *Player) following(g *engine.Game, pr *engine.Prompt) bool {
	pl := p.plan
	return pl != nil && pl.g == g && pl.steps == g.StepsDone() && pl.next < len(pl.answers) && pr.Has(pl.answers[pl.next])
}

// mix derives a seed from two numbers (SplitMix64's finaliser).
func mix(a, b uint64) uint64 {
	z := a*0x9e3779b97f4a7c15 + b
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
