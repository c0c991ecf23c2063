package engine

import (
	"slices"
	"testing"
)

func TestSecondOptionsTable(t *testing.T) {
	for _, tc := range []struct {
		first Did
		want  SecondOptions
	}{
		{DidOp, SecondOptions{LimitedOp: true}},
		{DidOpSA, SecondOptions{LimitedOp: true, Event: true}},
		{DidEvent, SecondOptions{FullOp: true}},
	} {
		if got := secondOptions(tc.first); got != tc.want {
			t.Errorf("after %s: %+v, want %+v", tc.first, got, tc.want)
		}
	}
}

func TestAdjustEligibility(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		acts []Act
		want [NumFactions]Eligibility
	}{
		{"op and limited op", Options{}, []Act{{Faction: NAT, Did: DidOp}, {Faction: CPC, Did: DidLimOp}},
			[NumFactions]Eligibility{JPN: Eligible, NAT: Ineligible, WLD: Eligible, CPC: Ineligible}},
		{"passes stay eligible", Options{}, []Act{{Faction: JPN, Did: DidPass}, {Faction: WLD, Did: DidEvent}, {Faction: NAT, Did: DidOp}},
			[NumFactions]Eligibility{JPN: Eligible, NAT: Ineligible, WLD: Ineligible, CPC: Eligible}},
		{"large offensive as 1st eligible", Options{}, []Act{{Faction: JPN, Did: DidOpSA, LargeOffensive: true}, {Faction: NAT, Did: DidEvent}},
			[NumFactions]Eligibility{JPN: Eligible, NAT: Ineligible, WLD: Eligible, CPC: Eligible}},
		{"large offensive as 2nd eligible", Options{}, []Act{{Faction: NAT, Did: DidEvent}, {Faction: JPN, Did: DidOpSA, LargeOffensive: true}},
			[NumFactions]Eligibility{JPN: Ineligible, NAT: Ineligible, WLD: Eligible, CPC: Eligible}},
		{"option B", Options{EligA: true, EligB: true}, []Act{{Faction: NAT, Did: DidOp}, {Faction: CPC, Did: DidLimOp}},
			[NumFactions]Eligibility{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(t, "1937", 1)
			s.Options = tc.opts
			s.Current, s.Deck = s.Deck[0], s.Deck[1:]
			s.Elig = [NumFactions]Eligibility{Ineligible, Eligible, Eligible, Eligible}
			s.Acts = tc.acts
			endCard(&run{s: s, m: DefaultMap(), d: DefaultDeck()})
			if s.Elig != tc.want {
				t.Errorf("eligibility %v, want %v", s.Elig, tc.want)
			}
		})
	}
}

// TestPassingInCardOrder plays one card on which every faction must pass
// and checks the order, the income and the next card (2.3.2, 2.3.3, 2.3.7).
func TestPassingInCardOrder(t *testing.T) {
	events, _ := cardsOf(t)
	s := newState(t, "1937", 1)
	stackDeck(s, events[0], events[1], events[2])
	s.Elig[WLD] = Ineligible
	s.Step = Step{Kind: "start"}
	before := s.Resources
	next := func(s *State) bool { return s.Current == events[1] }
	g := gameAt(t, s, next)
	quiet(t, g, next) // answers "pass" for any faction that could act
	st := g.State()
	if st.Current != events[1] || st.Deck[0] != events[2] {
		t.Fatalf("after one card: current #%d next #%d, want #%d #%d", st.Current, st.Deck[0], events[1], events[2])
	}
	want := before
	want[JPN] += 3
	want[NAT] += 2
	want[CPC] += 1
	if st.Resources != want {
		t.Errorf("resources %v, want %v (WLD Ineligible gains nothing)", st.Resources, want)
	}
	if st.Elig != [NumFactions]Eligibility{} {
		t.Errorf("after a card of passes everyone is Eligible, got %v", st.Elig)
	}
	order := DefaultDeck().Card(events[0]).Order
	var got []string
	for _, e := range g.Log() {
		if e.Faction != "" {
			got = append(got, e.Faction)
		}
	}
	var wantOrder []string
	for _, f := range order {
		if f != WLD {
			wantOrder = append(wantOrder, f.String())
		}
	}
	if !slices.Equal(got[:3], wantOrder) {
		t.Errorf("pass order %v, want card order %v", got[:3], wantOrder)
	}
}

func TestEligibilityOptionAUsesNextCard(t *testing.T) {
	events, _ := cardsOf(t)
	d := DefaultDeck()
	s := newState(t, "1937", 1)
	s.Options = Options{EligA: true}
	// Find two cards with different first factions.
	a, b := events[0], events[len(events)-1]
	if d.Card(a).Order[0] == d.Card(b).Order[0] {
		t.Fatal("test needs two cards with different first factions")
	}
	s.Current, s.Deck = a, []int{b}
	if got := s.order(d); got != d.Card(b).Order {
		t.Errorf("Option A order %v, want next card's %v", got, d.Card(b).Order)
	}
	s.Options = Options{}
	if got := s.order(d); got != d.Card(a).Order {
		t.Errorf("normal order %v, want current card's %v", got, d.Card(a).Order)
	}
}

// TestPropagandaSwap checks 2.3.7: a revealed Propaganda card is switched
// with the Event card, which is then played first after the Round.
func TestPropagandaSwap(t *testing.T) {
	events, props := cardsOf(t)
	s := newState(t, "1937", 1)
	stackDeck(s, events[0], events[1], props[0], events[2])
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	quiet(t, g, atStep("victory"))
	st := g.State()
	if st.Current != props[0] || st.Held != events[1] || st.Rounds != 1 {
		t.Fatalf("current #%d held #%d rounds %d; want Propaganda #%d, held #%d, round 1", st.Current, st.Held, st.Rounds, props[0], events[1])
	}
	quiet(t, g, atStep("eligible"))
	st = g.State()
	if st.Current != events[1] || st.Held != 0 || st.Deck[0] != events[2] {
		t.Errorf("after the Round: current #%d held #%d next #%d; want #%d, none, #%d", st.Current, st.Held, st.Deck[0], events[1], events[2])
	}
}

func TestSuddenPropagandaDiscard(t *testing.T) {
	events, props := cardsOf(t)
	s := newState(t, "1937", 1)
	s.Options = Options{SuddenDiscard: true}
	stackDeck(s, events[0], events[1], props[0], events[2])
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	quiet(t, g, atStep("victory"))
	st := g.State()
	if st.Held != 0 || !slices.Contains(st.Played, events[1]) {
		t.Fatalf("Sudden Discard: held #%d, played %v; want #%d discarded", st.Held, st.Played, events[1])
	}
	quiet(t, g, atStep("eligible"))
	if g.State().Current != events[2] {
		t.Errorf("after the Round the current card is #%d, want #%d", g.State().Current, events[2])
	}
}

// TestBackToBackPropaganda checks the 6.0 exception in both reveal modes.
func TestBackToBackPropaganda(t *testing.T) {
	events, props := cardsOf(t)
	for _, opts := range []Options{{}, {NoReveal: true}} {
		s := newState(t, "1937", 1)
		s.Options = opts
		stackDeck(s, events[0], events[1], props[0], props[1], events[2])
		s.Step = Step{Kind: "start"}
		g := gameAt(t, s, nil)
		quiet(t, g, atStep("reset"))
		quiet(t, g, func(s *State) bool { return s.Step.Kind != "reset" })
		st := g.State()
		if st.Rounds != 1 || !slices.Contains(st.Removed, props[1]) {
			t.Fatalf("%+v: rounds %d removed %v; want one Round and #%d removed", opts, st.Rounds, st.Removed, props[1])
		}
		wantCurrent := events[1]
		if opts.NoReveal {
			wantCurrent = events[2]
		}
		if st.Current != wantCurrent || st.Step.Kind != "eligible" {
			t.Errorf("%+v: current #%d step %s, want #%d eligible", opts, st.Current, st.Step.Kind, wantCurrent)
		}
	}
}

// TestBackToBackFinalPropaganda: when the removed back-to-back card was the
// last Propaganda card, the game ends by 7.3 (docs/rulings.md).
func TestBackToBackFinalPropaganda(t *testing.T) {
	events, props := cardsOf(t)
	s := newState(t, "1937", 1)
	// All four Propaganda cards at the front, back-to-back pairs.
	stackDeck(s, events[0], events[1], props[0], props[1], events[2], props[2], props[3])
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	quiet(t, g, never)
	st := g.State()
	if st.Result == nil || !st.Result.Final {
		t.Fatalf("game should have ended by 7.3, result %+v", st.Result)
	}
	if st.Rounds != 2 || !slices.Contains(st.Removed, props[1]) || !slices.Contains(st.Removed, props[3]) {
		t.Errorf("rounds %d removed %v, want 2 Rounds with #%d and #%d removed", st.Rounds, st.Removed, props[1], props[3])
	}
}

func TestFinalPropagandaEndsAfterRedeploy(t *testing.T) {
	events, props := cardsOf(t)
	s := newState(t, "1938", 1)
	stackDeck(s, events[0], events[1], props[0])
	s.Removed = append(s.Removed, props[1], props[2], props[3])
	s.Deck = slices.DeleteFunc(s.Deck, func(n int) bool { return n == props[1] || n == props[2] || n == props[3] })
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	quiet(t, g, never)
	st := g.State()
	if st.Result == nil || !st.Result.Final || st.Rounds != 1 {
		t.Fatalf("result %+v after %d rounds, want final after 1", st.Result, st.Rounds)
	}
	// 6.4.1: no Aid/Commitment or Reset after the final Redeploy.
	for _, e := range g.Log() {
		if e.Round == 1 && (len(e.Text) > 9 && (e.Text[:9] == "Aid Phase" || e.Text[:11] == "Reset Phase")) {
			t.Errorf("final Round ran %q", e.Text)
		}
	}
}
