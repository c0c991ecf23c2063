package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render"
)

// renderCmd draws a board to a PNG file: a new game, optionally advanced by
// uniformly random legal choices, so any position can be looked at.
func renderCmd(args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	scenario := fs.String("scenario", "1937", "scenario: 1937 or 1938")
	seed := fs.Uint64("seed", 1, "game seed; also seeds the random choices")
	choices := fs.Int("random-choices", 0, "apply this many random legal choices first")
	out := fs.String("out", "board.png", "PNG file to write")
	focus := fs.String("focus", "", "draw a close-up of this space instead of the whole board")
	highlight := fs.String("highlight", "", "comma-separated spaces to outline")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *choices < 0 {
		return fmt.Errorf("--random-choices must not be negative")
	}
	g, err := engine.New(engine.Config{Scenario: *scenario, Seed: *seed})
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, *seed))
	for i := 0; i < *choices; i++ {
		p := g.Prompt()
		if p == nil {
			break
		}
		c := p.Choices[rng.IntN(len(p.Choices))]
		if err := g.Do(p.Faction, c.ID); err != nil {
			return fmt.Errorf("random choice %d (%s %q): %w", i+1, p.Faction, c.ID, err)
		}
	}
	var o render.Options
	if *focus != "" {
		id, err := commands.FindSpace(g.Map(), *focus)
		if err != nil {
			return fmt.Errorf("--focus: %w", err)
		}
		o.Focus = &id
	}
	for _, name := range strings.Split(*highlight, ",") {
		if name = strings.TrimSpace(name); name != "" {
			id, err := commands.FindSpace(g.Map(), name)
			if err != nil {
				return fmt.Errorf("--highlight: %w", err)
			}
			o.Highlight = append(o.Highlight, id)
		}
	}
	png, err := render.Board(g, o)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("writing board: %w", err)
	}
	return nil
}
