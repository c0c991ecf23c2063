package main

import (
	"flag"
	"fmt"
	"math/rand/v2"

	"github.com/chinaswar/chinaswar/engine"
)

// newSeed is the seed of a new game: the --seed flag when given, else a
// random one, so that games deal different decks. Seeds stay below a
// billion to be easy to retype.
func newSeed(fs *flag.FlagSet, seed uint64) uint64 {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "seed" })
	if set {
		return seed
	}
	return rand.Uint64N(1_000_000_000)
}

// announceNew says which game was dealt, with the seed that replays it.
func announceNew(cfg engine.Config) {
	fmt.Fprintf(stderr, "New game: scenario %s, seed %d (play --seed %d deals the same game).\n", cfg.Scenario, cfg.Seed, cfg.Seed)
}

// leaving says what becomes of the game when the console is left.
func leaving(dbPath, name string) string {
	if dbPath == "" {
		return "The game was kept in memory only and is gone."
	}
	resume := "chinaswar play"
	if name != "default" {
		resume += " --name " + name
	}
	if dbPath != "chinaswar.db" {
		resume += " --db " + dbPath
	}
	return fmt.Sprintf("Game %q is saved in %s after every decision; %s resumes it.", name, dbPath, resume)
}
