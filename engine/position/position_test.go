package position_test

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/position"
)

// docExample is the complete example of docs/position.md.
func docExample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/position.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## A complete example\n\n```text file=puzzle.txt\n(.*?)```").FindSubmatch(data)
	if m == nil {
		t.Fatal("docs/position.md has no complete example")
	}
	return string(m[1])
}

// TestDocumentedExample: the example of docs/position.md parses to the
// position it describes and plays.
func TestDocumentedExample(t *testing.T) {
	p, err := position.Parse(docExample(t))
	if err != nil {
		t.Fatal(err)
	}
	s, m := p.State, engine.DefaultMap()
	hebei := s.Spaces[m.MustID("Hebei")]
	if hebei.Pieces[engine.JPNTroop] != 4 || hebei.Pieces[engine.CPCGuerrilla] != 2 || hebei.Support != engine.Opposition || !hebei.Terror {
		t.Errorf("Hebei %+v", hebei)
	}
	if sx := s.Spaces[m.MustID("Shanxi")].Pieces; sx[engine.CPCGuerrillaActive] != 1 || sx[engine.CPCGuerrilla] != 1 || sx[engine.WLDBase] != 1 {
		t.Errorf("Shanxi %v", sx)
	}
	// JPN Police: 2 + 2 + 2 + 1 on the map, so 2 of 9 Available.
	if s.Available[engine.JPNPolice] != 2 || s.Casualties[engine.JPNTroop] != 3 || s.OutOfPlay[engine.NATTroop] != 4 {
		t.Errorf("Available Police %d, Casualties %v, Out of Play %v", s.Available[engine.JPNPolice], s.Casualties, s.OutOfPlay)
	}
	if s.Resources != [4]int{14, 9, 6, 4} || s.Patronage != 18 || s.Aid != 3 || s.Floods != "Henan" || !s.HasModifier("burma_road_closed") {
		t.Errorf("tracks and markers: %v Patronage %d Aid %d Floods %q Momentum %v", s.Resources, s.Patronage, s.Aid, s.Floods, s.Momentum)
	}
	if s.Deck[0] != 5 || s.Deck[1] != 49 || len(s.Deck) != 52-1-5 {
		t.Errorf("deck %v", s.Deck)
	}
	g, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	pr := g.Prompt()
	if pr == nil || pr.Faction != engine.NAT || !pr.Has("pass") || !pr.Has("op:recruit") {
		t.Fatalf("prompt %+v, want NAT 1st Eligible with Pass and Recruit", pr)
	}
	// WLD is Ineligible: after NAT passes, JPN decides.
	position.Do(t, g, "NAT pass")
	if pr := g.Prompt(); pr == nil || pr.Faction != engine.JPN {
		t.Fatalf("after NAT passes, prompt %+v, want JPN", pr)
	}
	if got := g.State().Resources[engine.NAT]; got != 11 {
		t.Errorf("NAT Resources %d after Passing, want 11", got)
	}
}

// TestParseErrors: impossible positions are refused with the problem named.
func TestParseErrors(t *testing.T) {
	const base = "current 14\n"
	for _, tc := range []struct{ name, text, want string }{
		{"force pool", "Hebei: 5 JPN Police\nShanxi: 5 JPN Police", "JPN Police: 10 on the map and in boxes, the game has 9"},
		{"pool counts boxes", "Hebei: 25 JPN Troops\ncasualties: 6 JPN Troops", "JPN Troops: 31 on the map and in boxes, the game has 30"},
		{"guerrillas of both states", "Hebei: 4 CPC Guerrillas, 15 Active CPC Guerrillas", "CPC Guerrillas: 19 on the map and in boxes, the game has 18"},
		{"unknown space", "Hebie: 2 JPN Troops", `line 2: unknown space "Hebie"`},
		{"Base on a LoC", "Beijing-Tianjin: NAT Base", "line 2: Beijing-Tianjin is a LoC: Bases may stand only in Provinces (1.4.2)"},
		{"stacking", "Hunan: 2 NAT Bases, WLD Base", "line 2: Hunan: 3 Bases, but a Province holds at most 2 (1.4.2)"},
		{"Manchukuo", "Manchukuo: 2 NAT Troops", "only JPN forces may be in Manchukuo"},
		{"French Indochina", "French Indochina: 2 JPN Troops", "French Indochina is out of play"},
		{"Support at Pop 0", "Chahar: Support", "line 2: Chahar: only a Province with Pop may be at Support (1.6)"},
		{"Terror on a LoC", "Beijing-Tianjin: Terror", "Terror markers go only in Provinces"},
		{"Sabotage in a Province", "Hebei: Sabotage", "Sabotage markers go only on LoCs"},
		{"track out of range", "patronage 31", "line 2: patronage 31: want a whole number from 0 to 30 (1.8)"},
		{"resources out of range", "resources NAT 61", "resources: NAT 61: want a whole number from 0 to 60"},
		{"not a piece", "Hebei: 2 NAT Police", `NAT has no police pieces`},
		{"Active cube", "Hebei: 2 Active JPN Troops", "only Guerrillas are Active or Underground"},
		{"Casualties hold cubes", "casualties: NAT Base", "only cubes go to Casualties"},
		{"card twice", "deck 14 3", "card #14 is named twice (current and deck)"},
		{"unknown card", "played 60", `played: "60" is not a card of the deck`},
		{"unknown keyword", "patronge 3", `unknown keyword "patronge"`},
		{"bad die", "dice 7", `dice: "7" is not a die roll (1 to 6)`},
		{"Floods off a Province", "floods Beijing-Tianjin", "the Floods marker lies in a Province"},
		{"unknown modifier", "momentum nonesuch", `momentum "nonesuch": the deck has no such momentum`},
		{"Available mismatch", "Hebei: 2 JPN Police\navailable: 9 JPN Police", "JPN Police: 9 Available given, but 7 of the 9"},
		{"statement twice", "patronage 3\npatronage 4", "line 3: patronage is given twice (first on line 2)"},
		{"Propaganda current", "step eligible\nrounds 1", "step eligible needs an Event card"},
		{"Ineligible acted", "ineligible WLD\nacted WLD op", "WLD is Ineligible, so it cannot have acted"},
		{"three executed", "acted NAT op\nacted JPN event\nacted WLD limop", "3 factions executed on this card"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := base + tc.text
			if tc.name == "Propaganda current" {
				text = "current 49\n" + tc.text
			}
			_, err := position.Parse(text)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestDescribeRoundTrip: the description of any state of a random game
// reads back to the same state, and a game started from it goes on exactly
// as the original does.
func TestDescribeRoundTrip(t *testing.T) {
	for _, scenario := range engine.Scenarios {
		g, err := engine.New(engine.Config{Scenario: scenario, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		rng, checked := uint64(5), 0
		defer func() {
			if checked < 10 {
				t.Errorf("%s: only %d games started from a description were played on", scenario, checked)
			}
		}()
		for step := 0; step < 1500 && !g.Over(); step++ {
			s := g.StepStart()
			if step%7 == 0 {
				p, err := position.Parse(position.Describe(g.Map(), s))
				if err != nil {
					t.Fatalf("%s step %d: %v\n%s", scenario, step, err, position.Describe(g.Map(), s))
				}
				if a, b := stateJSON(t, s), stateJSON(t, p.State); a != b {
					t.Fatalf("%s step %d: round trip differs:\n%s\n%s", scenario, step, a, b)
				}
				if goesOnAlike(t, g, p, rng) {
					checked++
				}
			}
			pr := g.Prompt()
			rng = rng*6364136223846793005 + 1442695040888963407
			c := pr.Choices[int(rng>>33)%len(pr.Choices)].ID
			if pr.Has("done") && rng>>62 == 0 {
				c = "done" // else setup alone fills the game with moves
			}
			if err := g.Do(pr.Faction, c); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// goesOnAlike starts a game from position p, described from game g at the
// start of its current step. If g has not answered anything in that step
// yet (the two games wait on the same question in the same state), both
// play on with the same choices and must stay identical; it reports whether
// they did play on.
func goesOnAlike(t *testing.T, g *engine.Game, p *position.Position, rng uint64) bool {
	t.Helper()
	a := g.Clone()
	b, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 30 && !a.Over(); n++ {
		pa, pb := a.Prompt(), b.Prompt()
		ja, _ := json.Marshal(pa)
		jb, _ := json.Marshal(pb)
		if string(ja) != string(jb) || stateJSON(t, a.State()) != stateJSON(t, b.State()) {
			if n == 0 {
				return false // g is in the middle of its step
			}
			t.Fatalf("decision %d after the description: the games part:\n%s\n%s", n, ja, jb)
		}
		rng = rng*6364136223846793005 + 1442695040888963407
		c := pa.Choices[int(rng>>33)%len(pa.Choices)].ID
		if err := a.Do(pa.Faction, c); err != nil {
			t.Fatal(err)
		}
		if err := b.Do(pb.Faction, c); err != nil {
			t.Fatal(err)
		}
	}
	return true
}

func stateJSON(t *testing.T, s *engine.State) string {
	t.Helper()
	c := *s
	if len(c.Played) == 0 {
		c.Played = nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestShowForced: with the option, a question with one legal choice is
// posed; by default the engine answers it.
func TestShowForced(t *testing.T) {
	// JPN alone has pieces; WLD, CPC and NAT have nothing to do but Pass or
	// the Event. In the Aid Phase with Patronage 30 and Resources 60, NAT has
	// only one way to transfer Foreign Aid.
	const text = `
current 49
step aid NAT
rounds 2
patronage 30
aid 4
resources NAT 60
commitment 10
Manchukuo: 3 JPN Troops
`
	g := position.Must(t, text)
	if p := g.Prompt(); p != nil && p.Step == "aid" {
		t.Fatalf("by default the forced Aid question is answered: %+v", p)
	}
	g = position.Must(t, text, position.ShowForced())
	p := g.Prompt()
	if p == nil || p.Step != "aid" || len(p.Choices) != 1 || p.Choices[0].ID != "count:0" {
		t.Fatalf("prompt %+v, want the forced Aid question posed with its one choice", p)
	}
	position.Do(t, g, "NAT count:0")
	if st := g.State(); st.Aid != 0 || st.Patronage != 30 || st.Resources[engine.NAT] != 60 {
		t.Errorf("Aid %d Patronage %d Resources %d", st.Aid, st.Patronage, st.Resources[engine.NAT])
	}
}

// TestShowForcedUndo: an answer to a posed single-choice question is the
// player's own, and undo takes it back to that question.
func TestShowForcedUndo(t *testing.T) {
	g := position.Must(t, "current 1\nresources JPN 10\ndeck 2 3 4\nHebei: 2 JPN Troops, 1 JPN Police\n", position.ShowForced())
	position.Do(t, g, "JPN op:patrol", "JPN space:Beijing-Tianjin", "JPN done", "JPN space:Hebei", "JPN piece:jpn_troops", "JPN count:2", "JPN space:Hebei")
	p := g.Prompt()
	if len(p.Choices) != 1 || p.Choices[0].ID != "piece:jpn_police" {
		t.Fatalf("prompt %q %v, want the Police posed as the only choice", p.Question, p.Choices)
	}
	position.Do(t, g, "JPN piece:jpn_police")
	if p := g.Prompt(); len(p.Choices) != 1 || p.Choices[0].ID != "count:1" {
		t.Fatalf("prompt %q %v, want the count of 1 posed", p.Question, p.Choices)
	}
	if err := g.Undo(engine.JPN); err != nil {
		t.Fatal(err)
	}
	if p := g.Prompt(); len(p.Choices) != 1 || p.Choices[0].ID != "piece:jpn_police" {
		t.Fatalf("after undo, prompt %q %v, want the Police question again", p.Question, p.Choices)
	}
}

// TestLegal: Legal says whether Do would accept an answer, with the reason,
// and changes nothing.
func TestLegal(t *testing.T) {
	g := position.Must(t, docExample(t))
	before, _ := json.Marshal(g)
	for _, tc := range []struct {
		f      engine.Faction
		choice string
		want   error
	}{
		{engine.NAT, "pass", nil},
		{engine.NAT, "op:recruit", nil},
		{engine.JPN, "pass", engine.ErrNotYourTurn},
		{engine.NAT, "op:rally", engine.ErrIllegal},
		{engine.NAT, "space:Hebei", engine.ErrIllegal},
	} {
		err := g.Legal(tc.f, tc.choice)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("Legal(%s, %q) = %v, want %v", tc.f, tc.choice, err, tc.want)
		}
	}
	if after, _ := json.Marshal(g); string(after) != string(before) {
		t.Error("Legal changed the game")
	}
	// Transfers (1.5.2) only while a faction executes, to or from it.
	if err := g.Legal(engine.NAT, "give:WLD:2"); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a transfer while nobody executes: %v, want illegal", err)
	}
	position.Do(t, g, "NAT op:recruit")
	for _, tc := range []struct {
		f      engine.Faction
		choice string
		ok     bool
	}{
		{engine.NAT, "give:WLD:2", true},
		{engine.NAT, "give:WLD:20", false}, // NAT has 9
		{engine.JPN, "give:NAT:1", true},   // to the executing faction
		{engine.JPN, "give:CPC:1", false},  // neither gives nor receives
		{engine.NAT, "give:WLD:x", false},
	} {
		if err := g.Legal(tc.f, tc.choice); (err == nil) != tc.ok {
			t.Errorf("Legal(%s, %q) = %v, want ok %v", tc.f, tc.choice, err, tc.ok)
		}
	}
}

// TestReplacedCard: a card written in the deck vocabulary replaces the
// deck's card of that number and is the one played.
func TestReplacedCard(t *testing.T) {
	g := position.Must(t, `
current 14
patronage 10
card-json {"number": 14, "title": "Test Card", "flavour": "A test.", "order": ["NAT", "JPN", "WLD", "CPC"],
  "unshaded": {"text": "Patronage +3.", "steps": [{"op": "adjust", "track": "patronage", "amount": 3}]}}
`)
	if c := g.Deck().Card(14); c.Title != "Test Card" {
		t.Fatalf("card #14 is %q", c.Title)
	}
	position.Do(t, g, "NAT event")
	if got := g.State().Patronage; got != 13 {
		t.Errorf("Patronage %d, want 13", got)
	}
	if _, err := position.Parse("current 14\ncard-json {\"number\": 14, \"title\": \"x\"}"); err == nil || !strings.Contains(err.Error(), "card #14") {
		t.Errorf("a broken card: error %v, want one naming card #14", err)
	}
}

// BenchmarkLegal compares Legal with trying the answer on a clone, the
// alternative it replaces.
func BenchmarkLegal(b *testing.B) {
	g, err := position.Start("current 14\nresources NAT 10\nHunan: 2 NAT Troops, NAT Base\n")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Legal", func(b *testing.B) {
		for b.Loop() {
			if err := g.Legal(engine.NAT, "op:recruit"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("CloneDo", func(b *testing.B) {
		for b.Loop() {
			if err := g.Clone().Do(engine.NAT, "op:recruit"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestStartAtChecksInvariants: a state edited after parsing is still
// checked when the game starts.
func TestStartAtChecksInvariants(t *testing.T) {
	p, err := position.Parse("current 14\n")
	if err != nil {
		t.Fatal(err)
	}
	p.State.Dice = []int{9}
	p.State.Available[engine.JPNTroop]++
	_, err = p.Start()
	for _, want := range []string{"queued die roll 9 outside 1..6", "piece conservation"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one containing %q", err, want)
		}
	}
}

// TestComments: "# " starts a comment, "#14" names a card.
func TestComments(t *testing.T) {
	p, err := position.Parse("# a puzzle\ncurrent #14 # Sihang Warehouse\nHebei: 2 JPN Troops #two\n")
	if err == nil {
		t.Fatalf("\"#two\" is not a comment and not a piece: want an error, got %+v", p.State.Current)
	}
	p, err = position.Parse("# a puzzle\ncurrent #14 # Sihang Warehouse\nHebei: 2 JPN Troops # two\n")
	if err != nil {
		t.Fatal(err)
	}
	if p.State.Current != 14 || p.State.Spaces[engine.DefaultMap().MustID("Hebei")].Pieces[engine.JPNTroop] != 2 {
		t.Errorf("current %d, Hebei %v", p.State.Current, p.State.Spaces[engine.DefaultMap().MustID("Hebei")].Pieces)
	}
}

// TestPositionGamesDeterminize: a game started from a description need not
// hold the piles of Deck Preparation (a 1938 position names no removed
// pile), and an AI seat in it determinizes all the same: the revealed next
// card stays, the same cards stay in the deck, and the rest is reshuffled.
func TestPositionGamesDeterminize(t *testing.T) {
	for _, text := range []string{
		"scenario 1938\ncurrent 13\ndeck 49 5 6\nShaanxi: CPC Base, 3 CPC Guerrillas\n",
		"scenario 1937\ncurrent 13\ndeck 7\nremoved 8 9\n",
	} {
		g := position.Must(t, text)
		real := slices.Clone(g.StepStart().Deck)
		changed := false
		for seed := uint64(1); seed <= 8; seed++ {
			h, err := g.Determinize(seed)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			d := h.StepStart().Deck
			if d[0] != real[0] || !sameCards(d, real) {
				t.Fatalf("%q: determinized deck starts %v, real %v", text, d[:3], real[:3])
			}
			changed = changed || !slices.Equal(d, real)
		}
		if !changed || !slices.Equal(g.StepStart().Deck, real) {
			t.Errorf("%q: the hidden cards never moved, or the real deck did", text)
		}
	}
}

func sameCards(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
