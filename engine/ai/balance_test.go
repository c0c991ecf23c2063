package ai

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

var updateBalance = flag.Bool("update-balance", false, "rewrite testdata/balance.txt from this run")

// balanceGames is the canary's sample per scenario: fixed seeds, so a run
// changes only when the rules, the deck or the policy do.
const balanceGames = 100

// balanceTolerance is how far, in points, a faction's share of first
// places may move from the recorded baseline before the canary fails.
const balanceTolerance = 15

// firsts counts first places by scenario and faction.
type firsts map[string]map[engine.Faction]int

// The baseline is a text file (the package may not import encoding/json,
// see arch_test.go): a line "games N", then "SCENARIO FACTION FIRSTS".
func (fs firsts) format(games int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "games %d\n", games)
	for _, sc := range engine.Scenarios {
		for _, f := range engine.Factions {
			fmt.Fprintf(&b, "%s %s %d\n", sc, f, fs[sc][f])
		}
	}
	return b.String()
}

func parseFirsts(text string) (int, firsts, error) {
	games, fs := 0, firsts{}
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if i == 0 {
			if _, err := fmt.Sscanf(line, "games %d", &games); err != nil {
				return 0, nil, fmt.Errorf("line 1 %q: %w", line, err)
			}
			continue
		}
		var sc, fn string
		var n int
		if _, err := fmt.Sscan(line, &sc, &fn, &n); err != nil {
			return 0, nil, fmt.Errorf("line %d %q: %w", i+1, line, err)
		}
		f, err := engine.ParseFaction(fn)
		if err != nil {
			return 0, nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if fs[sc] == nil {
			fs[sc] = map[engine.Faction]int{}
		}
		fs[sc][f] = n
	}
	return games, fs, nil
}

// TestBalanceCanary plays fixed-seed games with Basic in all four seats
// and fails when a faction's share of first places moves more than
// balanceTolerance points from testdata/balance.txt. A change meant to
// move the balance (the deck, a rule, the rollout policy) rewrites the
// file with -update-balance and says why in docs/deck.md.
func TestBalanceCanary(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 200 games")
	}
	basic := Seat{Level: Basic}
	seats := [engine.NumFactions]Seat{basic, basic, basic, basic}
	got := firsts{}
	for _, sc := range engine.Scenarios {
		got[sc] = map[engine.Faction]int{}
		for k := range balanceGames {
			seed := uint64(1000 + k)
			m, err := Play(engine.Config{Scenario: sc, Seed: seed}, seats, seed, PlayOptions{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", sc, seed, err)
			}
			for _, f := range m.Result.Ranking[0].Factions {
				got[sc][f]++
			}
		}
	}
	const path = "testdata/balance.txt"
	if *updateBalance {
		if err := os.WriteFile(path, []byte(got.format(balanceGames)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, want, err := parseFirsts(string(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if games != balanceGames {
		t.Fatalf("%s records %d games a scenario, the canary plays %d", path, games, balanceGames)
	}
	for _, sc := range engine.Scenarios {
		for _, f := range engine.Factions {
			g, w := got[sc][f], want[sc][f]
			t.Logf("%s %s: %d%% first (baseline %d%%)", sc, f, 100*g/balanceGames, 100*w/balanceGames)
			if d := 100 * float64(g-w) / balanceGames; math.Abs(d) > balanceTolerance {
				t.Errorf("%s %s: %d first places in %d games, baseline %d: moved %+.0f points", sc, f, g, balanceGames, w, d)
			}
		}
	}
}
