package commands

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chinaswar/chinaswar/engine"
)

func TestControlIDRoundTrip(t *testing.T) {
	for _, c := range []ControlID{
		{Kind: KindDecide, Game: 12, Faction: engine.NAT, Seq: 57, Pick: Pick{ID: "space:Hebei"}},
		{Kind: KindDecide, Game: 1, Faction: engine.CPC, Seq: 0, Pick: Pick{ID: "a:b:c"}},
		{Kind: KindDecide, Game: 9223372036854775807, Faction: engine.JPN, Seq: 999999, Pick: Pick{Index: 31}},
		{Kind: KindMenu, Game: 3, Faction: engine.WLD, Seq: 4, Page: 2},
		{Kind: KindPage, Game: 3, Faction: engine.WLD, Seq: 4, Page: 0},
		{Kind: KindUndo, Game: 3, Faction: engine.JPN, Seq: 4},
		{Kind: KindAbandon, Game: 3},
		{Kind: KindKeep, Game: 3},
	} {
		s := c.String()
		got, err := ParseControlID(s)
		if err != nil {
			t.Errorf("ParseControlID(%q): %v", s, err)
			continue
		}
		if got != c {
			t.Errorf("ParseControlID(%q) = %+v, want %+v", s, got, c)
		}
	}
}

func TestControlIDTampered(t *testing.T) {
	for _, s := range []string{
		"", "hello", "c1", "c2:d:12:NAT:5:=pass", "c1:d:12:NAT:5", "c1:d:12:NAT:5:", "c1:d:12:NAT:5:pass",
		"c1:d:x:NAT:5:=pass", "c1:d:-3:NAT:5:=pass", "c1:d:0:NAT:5:=pass", "c1:d:12:XYZ:5:=pass",
		"c1:d:12:nat:5:=pass", "c1:d:12:NAT:-1:=pass", "c1:d:12:NAT:5:#-1", "c1:d:12:NAT:5:#x",
		"c1:z:12:NAT:5", "c1:u:12:NAT:5:extra", "c1:s:12:NAT:5:01", "c1:p:12:NAT:5:-2",
		"c1:a:12:NAT:0", "c1:a:12:-:0:x", "c1:dd:12:NAT:5:=pass",
		"c1:d:12:NAT:5:=" + strings.Repeat("x", 100),
	} {
		if c, err := ParseControlID(s); !errors.Is(err, ErrBadControl) {
			t.Errorf("ParseControlID(%q) = %+v, %v; want ErrBadControl", s, c, err)
		}
	}
}

// checkMenu holds a menu to Discord's limits on message components.
func checkMenu(t *testing.T, m Menu, p *engine.Prompt, seq int64) {
	t.Helper()
	if len(m.Rows) > MaxRows {
		t.Fatalf("%d rows", len(m.Rows))
	}
	ids := map[string]bool{}
	shown := 0
	for _, row := range m.Rows {
		if len(row) == 0 || len(row) > MaxButtons {
			t.Fatalf("row of %d controls", len(row))
		}
		for _, c := range row {
			if len(c.ID) > MaxID || ids[c.ID] {
				t.Fatalf("bad or repeated ID %q", c.ID)
			}
			ids[c.ID] = true
			id, err := ParseControlID(c.ID)
			if err != nil {
				t.Fatalf("ID %q does not parse: %v", c.ID, err)
			}
			if c.Options != nil {
				if len(row) != 1 || len(c.Options) == 0 || len(c.Options) > PageSize || utf8.RuneCountInString(c.Label) > 150 {
					t.Fatalf("bad menu: %d options in a row of %d", len(c.Options), len(row))
				}
				vals := map[string]bool{}
				for _, o := range c.Options {
					if utf8.RuneCountInString(o.Label) > MaxOption || len(o.Value) > MaxOption || utf8.RuneCountInString(o.Description) > MaxOption || o.Label == "" || vals[o.Value] {
						t.Fatalf("bad option %+v", o)
					}
					vals[o.Value] = true
					pk, err := ParsePick(o.Value)
					if err != nil {
						t.Fatalf("option value %q: %v", o.Value, err)
					}
					if _, err := pk.Choice(p); err != nil {
						t.Fatalf("option value %q: %v", o.Value, err)
					}
					shown++
				}
				continue
			}
			if utf8.RuneCountInString(c.Label) > MaxLabel || c.Label == "" {
				t.Fatalf("bad button label %q", c.Label)
			}
			if id.Seq != seq || id.Faction != p.Faction {
				t.Fatalf("ID %q has the wrong seq or faction", c.ID)
			}
			if id.Kind == KindDecide {
				if _, err := id.Pick.Choice(p); err != nil {
					t.Fatalf("button %q: %v", c.ID, err)
				}
				shown++
			}
		}
	}
	if m.Pages == 1 && shown != len(p.Choices) {
		t.Fatalf("one page shows %d of %d choices", shown, len(p.Choices))
	}
}

func TestPromptMenuLimits(t *testing.T) {
	long := strings.Repeat("Wuhan-Yichang ", 12)
	for _, n := range []int{2, 5, 6, 19, 20, 21, 25, 26, 49, 50, 51, 120} {
		for _, undo := range []bool{false, true} {
			for _, longIDs := range []bool{false, true} {
				p := &engine.Prompt{Faction: engine.NAT, Question: "q"}
				for i := range n {
					id := fmt.Sprintf("count:%d", i)
					if longIDs {
						id = fmt.Sprintf("space:%d:%s", i, long)
					}
					p.Choices = append(p.Choices, engine.Choice{ID: id, Label: fmt.Sprintf("%d %s", i, long)})
				}
				seen := map[string]bool{}
				pages := 0
				for page := 0; ; page++ {
					m := PromptMenu(p, 9223372036854775807, 123456789, page, undo, Layout{})
					checkMenu(t, m, p, 123456789)
					pages = m.Pages
					for _, row := range m.Rows {
						for _, c := range row {
							for _, o := range c.Options {
								seen[o.Value] = true
							}
						}
					}
					if page >= m.Pages-1 {
						break
					}
				}
				if n > DefaultLayout.Buttons && len(seen) != n {
					t.Errorf("n=%d: pages show %d distinct choices", n, len(seen))
				}
				if want := (n + PageSize - 1) / PageSize; n > DefaultLayout.Buttons && pages != want {
					t.Errorf("n=%d: %d pages, want %d", n, pages, want)
				}
			}
		}
	}
}

// TestPromptMenuRandomGames lays out every prompt of a few random games.
func TestPromptMenuRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := engine.New(engine.Config{Scenario: "1937", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for seq := int64(0); !g.Over(); seq++ {
			p := g.Prompt()
			checkMenu(t, PromptMenu(p, int64(seed), seq, 0, g.CanUndo(p.Faction), Layout{Buttons: int(seed) * 3, PageSize: int(seed) * 4}), p, seq)
			if err := g.Do(p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSlashDefinitions(t *testing.T) {
	names := map[string]bool{}
	for _, c := range Slash {
		for _, err := range CheckSlash(c) {
			t.Error(err)
		}
		if names[c.Name] {
			t.Errorf("/%s defined twice", c.Name)
		}
		names[c.Name] = true
	}
	bad := SlashCommand{Name: "Bad Name", Description: strings.Repeat("x", 101), Options: []SlashOption{
		{Type: SlashString, Name: "a", Description: "a"},
		{Type: SlashString, Name: "b", Description: "b", Required: true},
	}}
	if errs := CheckSlash(bad); len(errs) != 3 {
		t.Errorf("CheckSlash found %v, want 3 problems", errs)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		max  int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"äöü", 3, "äöü"}, // six bytes, three characters: fits
		{"äöüß", 3, "äö…"},
		{"abc", 1, "…"},
		{"abc", 0, ""},
		{"", -1, ""},
	} {
		if got := Clip(c.s, c.max); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.max, got, c.want)
		}
	}
}
