package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/sim"
)

// simCmd plays random games and prints the summary line
// "games: N  decisions: D  invariant violations: V  games/s: G".
func simCmd(args []string) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	scenario := fs.String("scenario", "1937", "scenario: 1937 or 1938")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	options := fs.String("options", "", "optional rules, comma-separated: "+fmt.Sprint(engine.OptionNames))
	fast := fs.Bool("fast", false, "skip the invariant checks (timing only)")
	complete := fs.Bool("check-complete", false, "check at every prompt that each offered choice can be completed (slow)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opts, err := engine.ParseOptions(*options)
	if err != nil {
		return err
	}
	if *games < 1 {
		return fmt.Errorf("--games must be at least 1")
	}
	if *complete {
		return checkComplete(sim.Config{Scenario: *scenario, Games: *games, Seed: *seed, Options: opts})
	}
	st := sim.Run(sim.Config{Scenario: *scenario, Games: *games, Seed: *seed, Options: opts, Check: !*fast})
	for _, e := range st.Errors {
		fmt.Fprintln(os.Stderr, "violation:", e)
	}
	fmt.Println(st)
	if st.Violations > 0 {
		return fmt.Errorf("%d games violated the engine's invariants", st.Violations)
	}
	return nil
}

// checkComplete runs the completion check and prints its summary line.
func checkComplete(cfg sim.Config) error {
	st := sim.CheckCompletion(cfg)
	for _, e := range st.Errors {
		fmt.Fprintln(os.Stderr, "violation:", e)
	}
	fmt.Println(st)
	if st.DeadEnds > 0 || st.Violations > 0 {
		return fmt.Errorf("%d dead ends, %d games violated the engine's invariants", st.DeadEnds, st.Violations)
	}
	return nil
}
