package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// The 1937 setup asks NAT first which Province to move Troops from onto
// LoCs: Hebei, Henan, Hubei, Shaanxi and more are legal.
func TestResolveTyped(t *testing.T) {
	c, _ := newConsole(t)
	g := c.Table.Game()
	p := g.Prompt()
	for _, tc := range []struct {
		in, want string // want "" for an error
		errHas   []string
	}{
		{"Shaanxi", "space:Shaanxi", nil},
		{"space:Hebei", "space:Hebei", nil},
		{"hebei", "space:Hebei", nil},
		{"done", "done", nil},
		{"1", p.Choices[0].ID, nil},
		{"shaa", "", []string{"Shaanxi", "Shanxi", "easily confused"}},
		{"Shensi", "", []string{"Shaanxi", "Shanxi", "old name"}},
		{"hebe", "", []string{"Hebei", "Hubei"}},
		{"Hopeh", "", []string{"Hebei", "Hubei", "Legal now"}},
		{"Peking", "", []string{"Town", "Hebei", "Chahar", "Legal now: Hebei"}},
		{"Szechwan", "space:Sichuan", nil},
		{"atlantis", "", []string{"not a legal choice"}},
	} {
		got, err := ResolveTyped(p, g.Map(), tc.in)
		if tc.want != "" {
			if err != nil || got.ID != tc.want {
				t.Errorf("ResolveTyped(%q) = %q, %v; want %q", tc.in, got.ID, err, tc.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("ResolveTyped(%q) = %q, want an error", tc.in, got.ID)
			continue
		}
		for _, w := range tc.errHas {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("ResolveTyped(%q) error %q lacks %q", tc.in, err, w)
			}
		}
	}
}

func TestResolveTypedCount(t *testing.T) {
	p := &engine.Prompt{Faction: engine.NAT, Question: "how many?"}
	for n := range 5 {
		p.Choices = append(p.Choices, engine.Choice{ID: "count:" + string(rune('0'+n)), Label: string(rune('0' + n))})
	}
	c, err := ResolveTyped(p, engine.DefaultMap(), "3")
	if err != nil || c.ID != "count:3" {
		t.Errorf("3 in a count from 0: %v %v", c, err)
	}
}

func TestRun(t *testing.T) {
	c, _ := newConsole(t)
	before := saved(t, c)
	done, err := Run(context.Background(), c.Table, engine.NAT, "shaanxi; 2; from Hopeh 1; done")
	if err == nil || !strings.Contains(err.Error(), `step "from Hopeh 1"`) || !strings.Contains(err.Error(), "Hubei") {
		t.Fatalf("error %v, want the Hopeh step refused with candidates", err)
	}
	if len(done) != 2 {
		t.Fatalf("applied %v, want the first two steps kept", done)
	}
	c2, _ := newConsole(t)
	if saved(t, c2) != before {
		t.Fatal("consoles differ")
	}
	if _, err := Run(context.Background(), c2.Table, engine.NAT, "shaanxi; 2; from Hebei 1; done"); err != nil {
		t.Fatal(err)
	}
	c3, _ := newConsole(t)
	if _, err := Run(context.Background(), c3.Table, engine.NAT, "shaanxi; 2; from Hebei 1; done"); err != nil {
		t.Fatal(err)
	}
	if saved(t, c2) != saved(t, c3) {
		t.Error("RunTyped and Run disagree on a plain script")
	}
}

func TestSuggestChoices(t *testing.T) {
	c, _ := newConsole(t)
	g := c.Table.Game()
	before := saved(t, c)
	all := SuggestChoices(g, "", 25)
	if len(all) != min(25, len(g.Prompt().Choices)) {
		t.Errorf("empty text: %d suggestions", len(all))
	}
	got := SuggestChoices(g, "sha", 25)
	if len(got) != 3 || got[0].Value != "space:Shanxi" || got[1].Value != "space:Shaanxi" {
		t.Errorf("sha: %v", got)
	}
	got = SuggestChoices(g, "Shaanxi; ", 25)
	if len(got) == 0 || !strings.HasPrefix(got[0].Value, "Shaanxi; ") {
		t.Fatalf("script: %v", got)
	}
	// Every suggestion of a script applies.
	for _, s := range got {
		c2, _ := newConsole(t)
		if _, err := Run(context.Background(), c2.Table, engine.NAT, s.Value); err != nil {
			t.Errorf("suggestion %q: %v", s.Value, err)
		}
	}
	if got := SuggestChoices(g, "Shaanxi; nonsense; ", 25); len(got) != 0 {
		t.Errorf("a bad script head still suggests %v", got)
	}
	if saved(t, c) != before {
		t.Error("suggesting changed the game")
	}
}

func TestSuggestAndFindCards(t *testing.T) {
	d := engine.DefaultDeck()
	if got := SuggestCards(d, "17", 25); len(got) == 0 || got[0].Value != "17" {
		t.Errorf("17: %v", got)
	}
	if got := SuggestCards(d, "fourth", 25); len(got) == 0 || got[0].Value != "17" {
		t.Errorf("fourth: %v", got)
	}
	if got := SuggestCards(d, "", 25); len(got) != 25 {
		t.Errorf("empty: %d suggestions", len(got))
	}
	for _, tc := range []struct {
		in   string
		want int
		err  string
	}{
		{"17", 17, ""}, {"#17", 17, ""}, {"fourth army incident", 17, ""}, {"new fourth", 0, "#48"},
		{"99", 0, "no card #99"}, {"zzzz", 0, "no card title"}, {"", 0, "no card given"}, {"a", 0, "several cards"},
	} {
		n, err := FindCard(d, tc.in)
		if tc.err == "" && (err != nil || n != tc.want) {
			t.Errorf("FindCard(%q) = %d, %v", tc.in, n, err)
		}
		if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("FindCard(%q) error %v, want %q", tc.in, err, tc.err)
		}
	}
}

func TestSplit(t *testing.T) {
	text := strings.Repeat("a line of text\n", 300) + strings.Repeat("x", 4500)
	parts := Split(text, 2000)
	if strings.Join(parts, "") != text {
		t.Fatal("Split lost text")
	}
	for _, p := range parts {
		if len([]rune(p)) > 2000 {
			t.Fatalf("part of %d characters", len(p))
		}
	}
}

func TestSummaryAndChanges(t *testing.T) {
	c, _ := newConsole(t)
	g := c.Table.Game()
	start := g.State()
	startCopy := *start
	startCopy.Spaces = append([]engine.SpaceState(nil), start.Spaces...)
	if _, err := Run(context.Background(), c.Table, engine.NAT, "shaanxi; 2; from Hebei 1"); err != nil {
		t.Fatal(err)
	}
	base := g.StepStart()
	if got := ChangedSpaces(base, &startCopy); len(got) != 0 {
		t.Errorf("the action's start differs from the state before it in %v", got)
	}
	changed := ChangedSpaces(&startCopy, g.State())
	var names []string
	for _, id := range changed {
		names = append(names, g.Map().Space(id).Name)
	}
	if strings.Join(names, ",") != "Hebei,Shaanxi,Zhengzhou-Xi'an,Beijing-Shijiazhuang" && len(names) != 4 {
		t.Errorf("changed spaces %v", names)
	}
	s := Summary([]engine.Entry{{Faction: "NAT", Text: "a."}, {Faction: "NAT", Text: "b."}, {Text: "c."}, {Faction: "JPN", Text: "d."}})
	if s != "NAT: a. b. Game: c. JPN: d." {
		t.Errorf("Summary = %q", s)
	}
}
