package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/position"
)

// startPosition starts a console game from a position description. Stored
// games are replayed from their seed and setup, so such a game is kept in
// memory only (docs/position.md), and the flags that describe a new or
// stored game do not apply: the description carries its own scenario,
// options, seed and replacement cards.
func startPosition(fs *flag.FlagSet, path string) (*engine.Game, error) {
	var clash []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "scenario", "seed", "options", "deck", "db", "name", "new":
			clash = append(clash, "--"+f.Name)
		}
	})
	if len(clash) > 0 {
		return nil, fmt.Errorf("--position %s: %s do not apply (the description gives scenario, seed, options and cards with card-json; the game is kept in memory only)", path, strings.Join(clash, ", "))
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--position: %w", err)
	}
	g, err := position.Start(string(text))
	if err != nil {
		return nil, fmt.Errorf("--position %s: %w", path, err)
	}
	fmt.Fprintf(stderr, "Playing the position in %s; the game is kept in memory only.\n", path)
	return g, nil
}
