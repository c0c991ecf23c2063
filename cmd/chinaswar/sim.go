package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
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
	policy := fs.String("policy", "random", `who plays: random, basic (the AI's rollout policy, no search), easy, normal, hard or slow for every seat, or per faction, e.g. "NAT=normal,JPN=easy" (others random)`)
	complete := fs.Bool("check-complete", false, "check at every prompt that each offered choice can be completed (slow)")
	sims := fs.Int("sims", 0, "every searching seat plans with this many simulations per action instead of its level's budget: a quick search, for long runs that check the AI plays only legal choices")
	if err := fs.Parse(args); err != nil {
		return err
	}
	seats, err := parseSeats(*policy)
	if err != nil {
		return fmt.Errorf("--policy: %w", err)
	}
	if *sims < 0 {
		return fmt.Errorf("--sims must be at least 1")
	}
	if *sims > 0 {
		var ok bool
		if seats, ok = withSims(seats, *sims); !ok {
			return fmt.Errorf("--sims: no seat searches (give --policy a level)")
		}
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
	st := sim.Run(sim.Config{Scenario: *scenario, Games: *games, Seed: *seed, Options: opts, Check: !*fast, Seats: seats})
	for _, e := range st.Errors {
		fmt.Fprintln(stderr, "violation:", e)
	}
	fmt.Fprintln(stdout, st)
	if *policy != "random" {
		fmt.Fprint(stdout, "first places:")
		for _, f := range engine.Factions {
			fmt.Fprintf(stdout, "  %s (%s) %d", f, seats[f], st.First[f])
		}
		fmt.Fprintln(stdout)
	}
	if st.Violations > 0 {
		return fmt.Errorf("%d games violated the engine's invariants", st.Violations)
	}
	return nil
}

// parseSeats reads a --policy value: one seat kind for every faction, or
// FACTION=kind pairs with the others random.
func parseSeats(s string) ([engine.NumFactions]ai.Seat, error) {
	var seats [engine.NumFactions]ai.Seat
	if !strings.Contains(s, "=") {
		seat, err := ai.ParseSeat(s)
		for _, f := range engine.Factions {
			seats[f] = seat
		}
		return seats, err
	}
	for _, part := range strings.Split(s, ",") {
		fn, kind, _ := strings.Cut(part, "=")
		f, err := engine.ParseFaction(strings.TrimSpace(fn))
		if err != nil {
			return seats, err
		}
		if seats[f], err = ai.ParseSeat(strings.TrimSpace(kind)); err != nil {
			return seats, err
		}
	}
	return seats, nil
}

// withSims gives every searching seat a budget of n simulations, named
// after its level ("Easy/8"); random and basic seats are kept. It reports
// whether any seat searches.
func withSims(seats [engine.NumFactions]ai.Seat, n int) ([engine.NumFactions]ai.Seat, bool) {
	searching := false
	for f, s := range seats {
		if s.Level.Sims > 0 {
			seats[f].Level = ai.Level{Name: fmt.Sprintf("%s/%d", s.Level.Name, n), Sims: n}
			searching = true
		}
	}
	return seats, searching
}

// checkComplete runs the completion check and prints its summary line.
func checkComplete(cfg sim.Config) error {
	st := sim.CheckCompletion(cfg)
	for _, e := range st.Errors {
		fmt.Fprintln(stderr, "violation:", e)
	}
	fmt.Fprintln(stdout, st)
	if st.DeadEnds > 0 || st.Violations > 0 {
		return fmt.Errorf("%d dead ends, %d games violated the engine's invariants", st.DeadEnds, st.Violations)
	}
	return nil
}
