// Package position builds China's War games at any point from a compact text
// description (docs/position.md): pieces and markers per space, the boxes,
// the tracks, eligibility, the cards, queued die rolls and whose decision it
// is. A description is checked against the force pool and the rules of
// stacking and markers before a game is started from it, and every problem
// is named with its line.
//
// Tests, tutorials, puzzles and a group continuing a game begun elsewhere
// use it; it relies only on the engine's public API.
package position

import (
	"fmt"

	"github.com/chinaswar/chinaswar/engine"
)

// Position is a parsed description: the state to start from and the deck
// to play with (the embedded deck, or one with cards replaced).
type Position struct {
	State *engine.State
	Deck  *engine.Deck
}

// Option changes how a game is started from a position.
type Option func(*engine.Config)

// ShowForced poses questions that have a single legal choice instead of
// letting the engine answer them.
func ShowForced() Option { return func(c *engine.Config) { c.ShowForced = true } }

// Start starts a game at the position and runs it to its first decision.
func (p *Position) Start(opts ...Option) (*engine.Game, error) {
	cfg := engine.Config{Deck: p.Deck}
	for _, o := range opts {
		o(&cfg)
	}
	return engine.StartAt(cfg, p.State)
}

// Start parses a description and starts a game from it.
func Start(text string, opts ...Option) (*engine.Game, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p.Start(opts...)
}

// TB is the part of testing.TB that Must uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Must starts a game from a description and fails the test on any error.
func Must(t TB, text string, opts ...Option) *engine.Game {
	t.Helper()
	g, err := Start(text, opts...)
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	return g
}

// Do applies a sequence of decisions, each written "FACTION choice" (for
// example "NAT op:recruit"), and fails the test at the first one refused.
func Do(t TB, g *engine.Game, answers ...string) {
	t.Helper()
	for _, a := range answers {
		var fs, choice string
		if _, err := fmt.Sscanf(a, "%s %s", &fs, &choice); err != nil {
			t.Fatalf("position.Do: %q is not \"FACTION choice\"", a)
		}
		f, err := engine.ParseFaction(fs)
		if err != nil {
			t.Fatalf("position.Do: %q: %v", a, err)
		}
		if err := g.Do(f, a[len(fs)+1:]); err != nil {
			t.Fatalf("position.Do %q: %v", a, err)
		}
	}
}
