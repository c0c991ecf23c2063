package commands

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func newConsole(t *testing.T) (*Console, *bytes.Buffer) {
	t.Helper()
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	return &Console{Table: Local{G: g}, Out: &out, Players: map[engine.Faction]string{engine.NAT: "bob"}}, &out
}

func saved(t *testing.T, c *Console) string {
	t.Helper()
	b, err := c.Table.Game().MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestConsoleBadInput: every bad line gets a message saying what was wrong
// and what is legal, and the game is unchanged.
func TestConsoleBadInput(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string // substrings of the error
	}{
		{"bogus", []string{`"bogus" is not a legal choice`, "Hebei", "done"}},
		{"h", []string{"ambiguous", "Hebei", "Henan", "Hubei", "Hunan"}},
		{"99", []string{"no choice 99", "pick 1 to 16"}},
		{"0", []string{"no choice 0"}},
		{"wld: done", []string{"NAT's decision", "not WLD's"}},
		{"cpc: 1", []string{"NAT's decision", "not CPC's"}},
		{"Gansu", []string{"Gansu is not a legal choice here", "Hebei"}},
		{"space", []string{"space needs a name"}},
		{"space atlantis", []string{`no space is called "atlantis"`}},
		{"space shan", []string{"could be", "Shandong", "Shanxi", "Shanghai"}},
		{"space heb", []string{"easily confused", "Hebei or Hubei"}},
		{"card x", []string{"card needs a number"}},
		{"card 99", []string{"no card #99", "1 to 52"}},
		{"log -3", []string{"positive number"}},
		{"undo", []string{"nothing to undo"}},
		{"undo jpn", []string{"JPN cannot undo", "NAT's decision"}},
		{"undo xyz", []string{"unknown faction"}},
		{"board", []string{"not available"}},
	} {
		t.Run(tc.line, func(t *testing.T) {
			c, out := newConsole(t)
			before := saved(t, c)
			err := c.Exec(tc.line)
			if err == nil {
				t.Fatalf("Exec(%q) succeeded; output %q", tc.line, out.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Exec(%q) error %q lacks %q", tc.line, err, w)
				}
			}
			if saved(t, c) != before {
				t.Errorf("Exec(%q) changed the game", tc.line)
			}
		})
	}
}

func TestConsoleCommands(t *testing.T) {
	c, out := newConsole(t)
	for _, tc := range []struct {
		line string
		want string
	}{
		{"help", "undo [FACTION]"},
		{"?", "bob (NAT) decides"},
		{"status", "Next card: not yet revealed"}, // setup: no card drawn yet
		{"status", "Draw deck: 52 cards, 4 of them Propaganda"},
		{"victory", "If the game ended now"},
		{"victory", "Victory check (7.2, margin = total minus threshold): JPN 25 (wins above 40, margin -15);"},
		{"victory", "WLD 19 (wins above 25, margin -6)"},
		{"victory", "(7.3, final margins; WLD's is its total 19 minus Patronage 15): 1. WLD (+4)"},
		{"forces", "Available: 18 JPN Troops"},
		{"space hebei", "Hebei: Province, Pop 3"},
		{"space Szechwan", "Sichuan: Province"},
		{"space sich", "Sichuan: Province"},
		{"card 17", "New Fourth Army Incident"},
		{"card 17", "Stand-in card"},
		{"log", "The log is empty"},
		{"# a comment", ""},
	} {
		out.Reset()
		if err := c.Exec(tc.line); err != nil {
			t.Fatalf("Exec(%q): %v", tc.line, err)
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("Exec(%q) printed %q, want it to contain %q", tc.line, out.String(), tc.want)
		}
	}
	if err := c.Exec("quit"); !errors.Is(err, ErrQuit) {
		t.Errorf("quit returned %v", err)
	}
}

// TestConsoleChoicesAndUndo plays a few setup moves by number, name and
// prefix, and undoes them.
func TestConsoleChoicesAndUndo(t *testing.T) {
	c, _ := newConsole(t)
	start := saved(t, c)
	for _, line := range []string{"shaanxi", "2", "nat: hebei"} {
		if err := c.Exec(line); err != nil {
			t.Fatalf("Exec(%q): %v", line, err)
		}
	}
	g := c.Table.Game()
	m := g.Map()
	if got := g.State().Space(m.MustID("Zhengzhou-Xi'an")).Pieces[engine.NATTroop]; got != 2 {
		t.Fatalf("Zhengzhou-Xi'an has %d NAT Troops, want 2", got)
	}
	for range 3 {
		if err := c.Exec("undo"); err != nil {
			t.Fatal(err)
		}
	}
	if saved(t, c) != start {
		t.Error("three undos did not restore the start")
	}
}

// TestConsoleTransfers plays random choices until a faction is executing at
// a point where transfers are allowed, then gives Resources both ways.
func TestConsoleTransfers(t *testing.T) {
	c, _ := newConsole(t)
	g := c.Table.Game()
	for i := 0; g.Prompt() != nil && !g.Prompt().Executing; i++ {
		p := g.Prompt()
		if err := g.Do(p.Faction, p.Choices[i%len(p.Choices)].ID); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Prompt()
	if p == nil {
		t.Fatal("the game ended before any transfer point")
	}
	ex := p.Executor
	other := engine.JPN
	if ex == engine.JPN {
		other = engine.NAT
	}
	before := g.State().Resources
	if err := c.Exec(other.String() + ": give " + ex.String() + " 2"); err != nil {
		t.Fatal(err)
	}
	after := g.State().Resources
	if after[other] != before[other]-2 || after[ex] != before[ex]+2 {
		t.Errorf("resources %v -> %v", before, after)
	}
	for _, bad := range []string{"give", "give wld", "give xyz 1", "give " + other.String() + " many", "patronage"} {
		if err := c.Exec(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	third := engine.WLD
	if ex == engine.WLD || other == engine.WLD {
		third = engine.CPC
	}
	if ex == engine.CPC || other == engine.CPC {
		if third == engine.CPC {
			third = engine.NAT
		}
	}
	if third != ex && third != other {
		if err := c.Exec(third.String() + ": give " + other.String() + " 1"); err == nil || !strings.Contains(err.Error(), "executing") {
			t.Errorf("a transfer between two non-executing factions: %v", err)
		}
	}
}
