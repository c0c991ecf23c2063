package engine

import (
	"slices"
	"strings"
	"testing"
)

// evAtCard is a cleared 1937 board at the "eligible" step of card n, with
// the given acts already made on it.
func evAtCard(t testing.TB, n int, acts ...Act) *State {
	t.Helper()
	s := newState(t, "1937", 1)
	clearBoard(s)
	next := 1
	if n == 1 {
		next = 2
	}
	stackDeck(s, n, next)
	s.Current, s.Deck = s.Deck[0], s.Deck[1:]
	s.EventsSinceRound = 1
	s.Acts = acts
	s.Step = Step{Kind: "eligible"}
	return s
}

// evQuiet is quiet, then resumes the game so it waits on a prompt again.
func evQuiet(t *testing.T, g *Game, stop func(*State) bool) {
	t.Helper()
	quiet(t, g, stop)
	if g.pending == nil && !g.Over() {
		if err := g.settle(); err != nil {
			t.Fatal(err)
		}
	}
}

func evChoiceIDs(p *Prompt) []string {
	var ids []string
	for _, c := range p.Choices {
		ids = append(ids, c.ID)
	}
	return ids
}

// TestEventOffered: the Event is offered to the 1st Eligible and to the 2nd
// Eligible when the table allows it (2.3.4), as unshaded and shaded texts
// (5.2) or as the single text.
func TestEventOffered(t *testing.T) {
	for _, tc := range []struct {
		name  string
		card  int
		acts  []Act
		who   Faction
		event []string
	}{
		{"1st Eligible, dual use", 41, nil, CPC, []string{"event:unshaded", "event:shaded"}},
		{"1st Eligible, single text", 16, nil, NAT, []string{"event"}},
		{"2nd Eligible after Op+SA", 41, []Act{{Faction: CPC, Did: DidOpSA}}, JPN, []string{"event:unshaded", "event:shaded"}},
		{"2nd Eligible after a Pass and an Op+SA", 41, []Act{{Faction: CPC, Did: DidPass}, {Faction: JPN, Did: DidOpSA}}, NAT, []string{"event:unshaded", "event:shaded"}},
		{"2nd Eligible after Op only", 41, []Act{{Faction: JPN, Did: DidOp}}, CPC, nil},
		{"2nd Eligible after the Event", 42, []Act{{Faction: NAT, Did: DidEvent}}, CPC, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := evAtCard(t, tc.card, tc.acts...)
			g := gameAt(t, s, nil)
			p := g.Prompt()
			if p.Faction != tc.who {
				t.Fatalf("%s asked, want %s", p.Faction, tc.who)
			}
			var got []string
			for _, id := range evChoiceIDs(p) {
				if strings.HasPrefix(id, "event") {
					got = append(got, id)
				}
			}
			if !slices.Equal(got, tc.event) {
				t.Errorf("event choices %v, want %v (all: %v)", got, tc.event, evChoiceIDs(p))
			}
			for _, c := range p.Choices {
				if strings.HasPrefix(c.ID, "event") && !strings.Contains(c.Label, "Event") {
					t.Errorf("label %q", c.Label)
				}
			}
		})
	}
}

// TestEventRecordsAct: an executed Event is the faction's act (Did event),
// sets the executing flag for transfers, and the 2nd Eligible may then
// execute a full Operation (2.3.4).
func TestEventRecordsAct(t *testing.T) {
	s := evAtCard(t, 20) // NAT CPC JPN WLD
	g := gameAt(t, s, nil)
	mustDo(t, g, NAT, "event:unshaded") // NAT +3 and a Momentum: nothing to decide
	st := g.State()
	if len(st.Acts) != 1 || st.Acts[0] != (Act{Faction: NAT, Did: DidEvent}) {
		t.Fatalf("acts %v", st.Acts)
	}
	// The 2nd Eligible may not execute the Event but may execute a full
	// Operation.
	p := g.Prompt()
	if ids := evChoiceIDs(p); p.Faction != CPC || !slices.Equal(ids, []string{"pass", "op:rally"}) {
		t.Errorf("2nd Eligible prompt %s %v", p.Faction, ids)
	}
	// While an Event executes, the executor may give or receive transfers.
	s = evAtCard(t, 41)
	g = gameAt(t, s, nil)
	mustDo(t, g, CPC, "event:unshaded")
	if p := g.Prompt(); !p.Executing || p.Executor != CPC {
		t.Errorf("during the Event: executing %v executor %s", p.Executing, p.Executor)
	}
	if err := g.Transfer(Transfer{From: JPN, To: CPC, Amount: 2}); err != nil {
		t.Errorf("transfer to the executing faction refused: %v", err)
	}
}

// TestEventEligibility: "Ineligible through the next card" skips the faction
// at once and keeps it Ineligible for the next card; "stays Eligible" makes
// the faction Eligible at the adjustment whatever it did (2.3.6).
func TestEventEligibility(t *testing.T) {
	t.Run("ineligible at once", func(t *testing.T) {
		s := evAtCard(t, 3) // JPN NAT CPC WLD
		s.Spaces[evSid("Jiangsu")].Support = Support
		g := gameAt(t, s, nil)
		mustDo(t, g, JPN, "event:shaded")
		// NAT would be 2nd Eligible; it is skipped for CPC.
		if p := g.Prompt(); p.Faction != CPC {
			t.Fatalf("%s asked, want CPC (NAT skipped)", p.Faction)
		}
		if st := g.State(); st.Elig[NAT] != Eligible || st.EventElig[NAT] != EventEligIneligible {
			t.Errorf("during the card: elig %v event elig %v", st.Elig, st.EventElig)
		}
		next := func(s *State) bool { return s.Current != 3 && s.Step.Kind == "eligible" }
		quiet(t, g, next) // CPC and WLD pass
		st := g.State()
		want := [NumFactions]Eligibility{JPN: Ineligible, NAT: Ineligible, WLD: Eligible, CPC: Eligible}
		if st.Elig != want || st.EventElig != [NumFactions]EventElig{} {
			t.Errorf("next card: elig %v event elig %v, want %v and none", st.Elig, st.EventElig, want)
		}
	})
	t.Run("ineligible under Eligibility Option B", func(t *testing.T) {
		s := evAtCard(t, 3)
		s.Options = Options{EligA: true, EligB: true}
		g := gameAt(t, s, nil)
		p := g.Prompt()
		mustDo(t, g, p.Faction, "event:shaded")
		quiet(t, g, func(s *State) bool { return s.Current != 3 && s.Step.Kind == "eligible" })
		st := g.State()
		for _, f := range Factions {
			if want := map[bool]Eligibility{true: Ineligible, false: Eligible}[f == NAT]; st.Elig[f] != want {
				t.Errorf("%s: %v, want %v (only Event text makes a faction Ineligible)", f, st.Elig[f], want)
			}
		}
	})
	t.Run("the executing faction stays Eligible", func(t *testing.T) {
		s := evAtCard(t, 41) // CPC JPN NAT WLD
		g := gameAt(t, s, nil)
		mustDo(t, g, CPC, "event:unshaded")
		mustDo(t, g, CPC, "decline")
		quiet(t, g, func(s *State) bool { return s.Current != 41 && s.Step.Kind == "eligible" })
		if st := g.State(); st.Elig[CPC] != Eligible {
			t.Errorf("CPC %v, want Eligible", st.Elig[CPC])
		}
	})
	t.Run("another faction stays Eligible after its Operation", func(t *testing.T) {
		// WLD executed an Operation with a Special Activity; JPN as 2nd
		// Eligible executes #36 shaded: WLD stays Eligible.
		s := evAtCard(t, 36, Act{Faction: WLD, Did: DidOpSA})
		s.Elig[CPC] = Ineligible
		g := gameAt(t, s, nil)
		mustDo(t, g, JPN, "event:shaded")
		quiet(t, g, func(s *State) bool { return s.Current != 36 && s.Step.Kind == "eligible" })
		st := g.State()
		if st.Elig[WLD] != Eligible || st.Elig[JPN] != Ineligible {
			t.Errorf("elig %v, want WLD Eligible and JPN Ineligible", st.Elig)
		}
	})
}

// evFakeOp replaces a faction's Operation for one test.
func evFakeOp(t *testing.T, f Faction, k OpKind, d opDef) {
	old, had := opDefs[f][k]
	registerOp(f, k, d)
	t.Cleanup(func() {
		if had {
			opDefs[f][k] = old
		} else {
			delete(opDefs[f], k)
		}
	})
}

// evFakeSA replaces a faction's Special Activity for one test.
func evFakeSA(t *testing.T, f Faction, k SAKind, d saDef) {
	old, had := saDefs[f][k]
	registerSA(f, k, d)
	t.Cleanup(func() {
		if had {
			saDefs[f][k] = old
		} else {
			delete(saDefs[f], k)
		}
	})
}

// TestEventFreeOperationContext checks what a free Operation or Special
// Activity granted by an Event receives (3.1.2, 5.5): free, the narrowing
// and cap, only the listed Special Activities, the granted faction as the
// one executing, and no effect on eligibility. Fake procedures record it.
func TestEventFreeOperationContext(t *testing.T) {
	var got opCtx
	var executor Faction
	var executing bool
	evFakeOp(t, JPN, Sweep, opDef{
		can: func(r *run, o *opCtx) bool { return true },
		run: func(r *run, o *opCtx) error {
			got, executor, executing = *o, r.executor, r.executing
			return nil
		},
	})
	evFakeSA(t, JPN, AntiBandit, saDef{can: func(r *run, o *opCtx) bool { return false }, run: func(r *run, o *opCtx) error { return nil }})
	// #38 shaded executed by CPC: JPN free Sweep into Shanxi with a free
	// Anti-Bandit Action.
	g := evPlay(t, 38, evCase{by: CPC, side: "shaded", steps: []string{"=op:sweep|decline", "JPN>op:sweep"}})
	m := DefaultMap()
	if !got.free || got.f != JPN || got.kind != Sweep || got.maxSpaces != 1 || got.limited || got.largeOffensive {
		t.Errorf("context %+v", got)
	}
	if got.where == nil || !got.where(m.MustID("Shanxi")) || got.where(m.MustID("Hebei")) {
		t.Error("where should allow Shanxi only")
	}
	if !slices.Equal(got.saKinds, []SAKind{AntiBandit}) {
		t.Errorf("saKinds %v, want the listed anti_bandit", got.saKinds)
	}
	if !executing || executor != JPN {
		t.Errorf("executing %v executor %s, want JPN executing its free Operation", executing, executor)
	}
	if st := g.State(); len(st.Acts) != 1 || st.Acts[0].Faction != CPC || st.EventElig[JPN] != EventEligNone {
		t.Errorf("acts %v event elig %v: the free Operation has no eligibility effect", st.Acts, st.EventElig)
	}

	// #36 unshaded: WLD free Suborn in up to 2 spaces, no Operation.
	var sa opCtx
	evFakeSA(t, WLD, Suborn, saDef{
		can: func(r *run, o *opCtx) bool { return true },
		run: func(r *run, o *opCtx) error { sa = *o; return nil },
	})
	evPlay(t, 36, evCase{by: JPN, side: "unshaded", steps: []string{"count:0", "=sa:suborn|decline", "WLD>sa:suborn"}})
	if !sa.free || sa.f != WLD || sa.kind != "" || sa.maxSpaces != 2 || sa.where != nil || sa.sa != Suborn || !slices.Equal(sa.saKinds, []SAKind{Suborn}) {
		t.Errorf("free Special Activity context %+v", sa)
	}
}

// TestEventFreeOperationNotPossible: a free Operation that cannot be
// executed is skipped without a question, and later steps still run (E3).
func TestEventFreeOperationNotPossible(t *testing.T) {
	evFakeOp(t, JPN, Assault, opDef{
		can: func(r *run, o *opCtx) bool { return false },
		run: func(r *run, o *opCtx) error { t.Error("ran"); return nil },
	})
	g := evPlay(t, 22, evCase{by: JPN, side: "shaded", steps: []string{"done"}})
	if st := g.State(); st.Aid != ev37Aid-1 {
		t.Errorf("Aid %d: the step after the free Assault did not run", st.Aid)
	}
	if !strings.Contains(logText(g), "JPN cannot execute the free Operation") {
		t.Errorf("log:\n%s", logText(g))
	}
}

// TestLastingEffects: a Capability lasts for the rest of the game; Momentum
// and the Floods marker end at the Reset Phase (5.3, 5.4, 6.6).
func TestLastingEffects(t *testing.T) {
	_, props := cardsOf(t)
	s := newState(t, "1937", 1)
	clearBoard(s)
	put(t, s, "Hebei", WLDTroop, 1)
	stackDeck(s, 16, 10, 25, 1, props[0])
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	onCard := func(n int) func(*State) bool {
		return func(s *State) bool { return s.Current == n && s.Step.Kind == "eligible" }
	}

	// #16: NAT places Floods in Henan.
	mustDo(t, g, NAT, "event")
	mustDo(t, g, NAT, "space:Henan")
	evQuiet(t, g, onCard(10))
	// #10 shaded (Capability) by WLD (JPN, 1st on the card, passes).
	mustDo(t, g, JPN, "pass")
	mustDo(t, g, WLD, "event:shaded")
	evQuiet(t, g, onCard(25))
	// #25 shaded by the 1st Eligible (JPN): the WLD Troops leaving Hebei
	// may enter Flooded Henan, the current Event taking precedence over the
	// Floods of #16 (5.1.2, deck.md §6 a).
	st := g.State()
	if st.Floods != "Henan" || !slices.Equal(st.Capabilities, []string{"puppet_army"}) {
		t.Fatalf("floods %q capabilities %v", st.Floods, st.Capabilities)
	}
	p := g.Prompt()
	mustDo(t, g, p.Faction, "event:shaded")
	evAnswer(t, g, []string{"=space:Chahar|space:Henan|space:Shandong|space:Shanxi", "WLD>space:Shanxi", "JPN>count:0"})
	quiet(t, g, atStep("reset"))
	st = g.State()
	if st.Floods != "Henan" || !st.Flooded(g.Map(), evSid("Zhengzhou-Wuhan")) {
		t.Errorf("before Reset: Floods %q", st.Floods)
	}
	quiet(t, g, atStep("eligible"))
	st = g.State()
	if st.Floods != "" || st.Flooded(g.Map(), evSid("Henan")) {
		t.Errorf("after Reset: Floods %q, want none", st.Floods)
	}
	if !slices.Equal(st.Capabilities, []string{"puppet_army"}) || !st.HasModifier("puppet_army") {
		t.Errorf("after Reset: Capabilities %v, want puppet_army kept", st.Capabilities)
	}
}

// TestMomentumEndsAtReset: #4 shaded's Momentum and #10 shaded's Capability
// grant the same modifier; after the Reset the Capability still grants it,
// and alone the Momentum's effect ends.
func TestMomentumEndsAtReset(t *testing.T) {
	_, props := cardsOf(t)
	s := newState(t, "1937", 1)
	clearBoard(s)
	stackDeck(s, 4, 10, 25, props[0], 1)
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	mustDo(t, g, JPN, "event:shaded")
	mustDo(t, g, JPN, "done") // place no Police
	evQuiet(t, g, func(s *State) bool { return s.Current == 10 && s.Step.Kind == "eligible" })
	mustDo(t, g, WLD, "event:shaded") // JPN is Ineligible: WLD is 1st
	quiet(t, g, atStep("reset"))
	st := g.State()
	if !slices.Equal(st.Momentum, []string{"puppet_army"}) || !slices.Equal(st.Capabilities, []string{"puppet_army"}) {
		t.Fatalf("before Reset: momentum %v capabilities %v", st.Momentum, st.Capabilities)
	}
	quiet(t, g, atStep("eligible"))
	st = g.State()
	if st.Momentum != nil || !st.HasModifier("puppet_army") {
		t.Errorf("after Reset: momentum %v capabilities %v: the Capability keeps the modifier on", st.Momentum, st.Capabilities)
	}
	// Without the Capability the Momentum's effect is gone.
	s = newState(t, "1937", 1)
	clearBoard(s)
	stackDeck(s, 4, 10, 25, props[0], 1)
	s.Step = Step{Kind: "start"}
	g = gameAt(t, s, nil)
	mustDo(t, g, JPN, "event:shaded")
	mustDo(t, g, JPN, "done")
	quiet(t, g, atStep("reset"))
	if !g.State().HasModifier("puppet_army") {
		t.Fatal("Momentum not in effect")
	}
	quiet(t, g, atStep("eligible"))
	if st := g.State(); st.HasModifier("puppet_army") || st.Momentum != nil {
		t.Errorf("after Reset: momentum %v", st.Momentum)
	}
}

// TestResourcesPhaseCapabilities: #23's Capabilities change NAT's income in
// the Resources Phase (6.2; deck.md §5).
func TestResourcesPhaseCapabilities(t *testing.T) {
	econ := DefaultMap().EconTotal() // no JPN cubes or Sabotage on the LoCs
	for _, tc := range []struct {
		name string
		caps []string
		nat  int
	}{
		{"none", nil, econ},
		{"industrial cooperatives", []string{"industrial_cooperatives"}, econ + 3},
		{"fabi inflation", []string{"fabi_inflation"}, econ - 4},
		{"both", []string{"fabi_inflation", "industrial_cooperatives"}, econ - 4 + 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := atPhase(t, "resources", 0)
			s.Resources[NAT] = 0
			s.Capabilities = tc.caps
			put(t, s, "Guizhou", NATBase, 2)
			put(t, s, "Sichuan", NATBase, 1)
			g := gameAt(t, s, nil)
			evWant(t, "NAT Resources", g.State().Resources[NAT], tc.nat)
		})
	}
	t.Run("inflation never takes", func(t *testing.T) {
		s := atPhase(t, "resources", 0)
		s.Resources[NAT] = 5
		s.Capabilities = []string{"fabi_inflation"}
		m := DefaultMap()
		for i := range m.Spaces {
			if m.Spaces[i].IsLoC() && m.Spaces[i].Econ > 0 && m.Spaces[i].Name != "Kunming-Hekou" {
				s.Spaces[i].Sabotage = true
			}
		}
		g := gameAt(t, s, nil)
		evWant(t, "NAT Resources (1 Econ left, minus 4, never below +0)", g.State().Resources[NAT], 5)
	})
}

// TestAidBurmaRoadClosed: while #30 shaded's Momentum is in effect, NAT adds
// nothing to Foreign Aid for JPN Casualties but still divides it (6.5).
func TestAidBurmaRoadClosed(t *testing.T) {
	s := atPhase(t, "aid", NAT)
	s.Available[JPNTroop] -= 6
	s.Casualties[JPNTroop] = 6
	s.Aid = 3
	s.Momentum = []string{"burma_road_closed"}
	g := gameAt(t, s, nil)
	p := g.Prompt()
	if p.Faction != NAT || len(p.Choices) != 4 {
		t.Fatalf("prompt %s %v, want NAT dividing 3 Foreign Aid", p.Faction, evChoiceIDs(p))
	}
	mustDo(t, g, NAT, "count:1")
	st := g.State()
	evWant(t, "Patronage", st.Patronage, ev37Patronage+1)
	evWant(t, "NAT Resources", st.Resources[NAT], ev37NAT+2)
}
