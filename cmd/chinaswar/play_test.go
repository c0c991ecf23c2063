package main

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
)

// TestScriptPlaysWholeGame records a random game's choices as script lines
// (labels, as a person would type them, prefixed by the faction) and checks
// the script reproduces the game exactly.
func TestScriptPlaysWholeGame(t *testing.T) {
	ref, err := engine.New(engine.Config{Scenario: "1938", Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	var script strings.Builder
	for !ref.Over() {
		p := ref.Prompt()
		i := rng.IntN(len(p.Choices))
		// A choice's ID is always unambiguous (a bare number in a count
		// prompt means the count, not the position).
		script.WriteString(p.Faction.String() + ": " + p.Choices[i].ID + "\n")
		if err := ref.Do(p.Faction, p.Choices[i].ID); err != nil {
			t.Fatal(err)
		}
	}
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &commands.Console{Table: commands.Local{G: g}, Out: &out}
	if err := runScript(c, strings.NewReader(script.String())); err != nil {
		t.Fatal(err)
	}
	a, _ := ref.MarshalJSON()
	b, _ := g.MarshalJSON()
	if !bytes.Equal(a, b) {
		t.Error("the scripted game differs from the reference game")
	}
	if !strings.Contains(out.String(), "Game over") {
		t.Errorf("script output does not end with the result:\n%s", out.String()[max(0, out.Len()-500):])
	}
}

func TestScriptStopsAtBadLine(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := g.MarshalJSON()
	var out bytes.Buffer
	c := &commands.Console{Table: commands.Local{G: g}, Out: &out}
	err = runScript(c, strings.NewReader("# setup\nstatus\natlantis\ndone\n"))
	if err == nil || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "atlantis") {
		t.Fatalf("error %v, want it to name line 3 and its text", err)
	}
	after, _ := g.MarshalJSON()
	if !bytes.Equal(before, after) {
		t.Error("the bad line changed the game")
	}
}

func TestParsePlayers(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"", true},
		{"ann=JPN+CPC,bob=NAT+WLD", true},
		{"ann=JPN,bob=JPN", false},
		{"ann", false},
		{"ann=XYZ", false},
	} {
		if _, err := parsePlayers(tc.in); (err == nil) != tc.ok {
			t.Errorf("parsePlayers(%q) error %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}
