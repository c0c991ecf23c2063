package engine

import (
	"slices"
	"strings"
	"testing"
)

// ---- Helpers for the CPC Operation tests (shared by op_*_test.go and
// sa_cpc_test.go of the CPC area). ----

// cpcState is a 1937 state with an empty board and no markers, at the
// "eligible" step of an Event card (#37) on which CPC is 1st Eligible.
func cpcState(t testing.TB) *State {
	t.Helper()
	s := newState(t, "1937", 1)
	clearBoard(s)
	stackDeck(s, 37, 38)
	s.Current, s.Deck = s.Deck[0], s.Deck[1:]
	if s.Current != 37 || DefaultDeck().Card(37).Order[0] != CPC {
		t.Fatal("card #37 should put CPC first")
	}
	s.Step = Step{Kind: "eligible"}
	s.EventsSinceRound = 1
	s.Elig = [NumFactions]Eligibility{}
	s.Resources = [NumFactions]int{JPN: 10, NAT: 10, WLD: 10, CPC: 10}
	s.Patronage = 10
	s.Capabilities, s.Momentum, s.Floods = nil, nil, ""
	return s
}

// cpcSecond makes CPC the 2nd Eligible after NAT (2nd on #37) executed an
// Operation only: CPC may execute a Limited Operation (2.3.4).
func cpcSecond(s *State) { s.Acts = []Act{{Faction: NAT, Did: DidOp}} }

// cpcGame starts the game at s and checks that CPC decides first, on the
// card set up by cpcState. The game halts as soon as CPC's action on the
// card is over (the other factions may have nothing to do but Pass, which
// the engine would apply by itself).
func cpcGame(t testing.TB, s *State) *Game {
	t.Helper()
	g := gameAt(t, s, func(s *State) bool {
		_, acted := s.actOf(CPC)
		return acted
	})
	if p := g.Prompt(); p == nil || p.Faction != CPC || g.State().Current != 37 {
		t.Fatalf("expected a CPC prompt on #37, got %+v", p)
	}
	return g
}

// cpcDo answers CPC's prompts in order.
func cpcDo(t testing.TB, g *Game, choices ...string) {
	t.Helper()
	for _, c := range choices {
		if p := g.Prompt(); p == nil || p.Faction != CPC {
			t.Fatalf("before %q: expected a CPC prompt, got %+v", c, p)
		}
		mustDo(t, g, CPC, c)
	}
}

// cpcIDs lists the current prompt's choice IDs.
func cpcIDs(g *Game) []string {
	var out []string
	if p := g.Prompt(); p != nil {
		for _, c := range p.Choices {
			out = append(out, c.ID)
		}
	}
	return out
}

// cpcOffers checks that the current prompt offers exactly want (in any
// order).
func cpcOffers(t testing.TB, g *Game, want ...string) {
	t.Helper()
	if g.Prompt() == nil {
		t.Fatalf("no prompt; want one offering %v", want)
	}
	got := cpcIDs(g)
	a, b := slices.Clone(got), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("prompt %q offers %v, want %v", g.Prompt().Question, got, want)
	}
}

// cpcHas checks that the current prompt offers (or, with lacks, does not
// offer) each choice.
func cpcHas(t testing.TB, g *Game, ids ...string) {
	t.Helper()
	if g.Prompt() == nil {
		t.Fatalf("no prompt; want one offering %v", ids)
	}
	for _, id := range ids {
		if !slices.Contains(cpcIDs(g), id) {
			t.Fatalf("prompt %q lacks %q: %v", g.Prompt().Question, id, cpcIDs(g))
		}
	}
}

func cpcLacks(t testing.TB, g *Game, ids ...string) {
	t.Helper()
	if g.Prompt() == nil {
		t.Fatalf("no prompt")
	}
	for _, id := range ids {
		if slices.Contains(cpcIDs(g), id) {
			t.Fatalf("prompt %q offers %q: %v", g.Prompt().Question, id, cpcIDs(g))
		}
	}
}

// cpcRefused checks that CPC cannot answer choice now, and that the error
// names the legal choices.
func cpcRefused(t testing.TB, g *Game, choice string) {
	t.Helper()
	err := g.Do(CPC, choice)
	if err == nil {
		t.Fatalf("%q was accepted", choice)
	}
	if !strings.Contains(err.Error(), "legal:") {
		t.Fatalf("error %q does not name the legal choices", err)
	}
}

// cpcOpDone checks that CPC's action is over (cpcGame's halt).
func cpcOpDone(t testing.TB, g *Game) {
	t.Helper()
	if _, acted := g.State().actOf(CPC); !acted || g.Prompt() != nil {
		t.Fatalf("expected CPC's action to be over, got %+v", g.Prompt())
	}
	if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
		t.Fatal(err)
	}
}

// cpcDid is what CPC did on the card.
func cpcDid(g *Game) Did {
	a, _ := g.State().actOf(CPC)
	return a.Did
}

// cpcPieces is the pieces in a space.
func cpcPieces(g *Game, space string) Pieces {
	return g.State().Spaces[DefaultMap().MustID(space)].Pieces
}

func cpcSpace(s *State, space string) *SpaceState {
	return &s.Spaces[DefaultMap().MustID(space)]
}

// cpcWant checks some piece counts in a space.
func cpcWant(t testing.TB, g *Game, space string, want map[Piece]int) {
	t.Helper()
	p := cpcPieces(g, space)
	for k, n := range want {
		if p.N(k) != n {
			t.Errorf("%s: %d %s, want %d", space, p[k], k, n)
		}
	}
}

// The test steps below run a free Operation or a free Special Activity
// without an Operation (o.kind == ""), as an Event would (5.5).
var cpcTestCtx func() *opCtx

func init() {
	steps["cpc_test_free"] = func(r *run) error {
		o := cpcTestCtx()
		var err error
		if o.kind == "" {
			if !saDefs[o.f][o.saKinds[0]].can(r, o) {
				r.note(o.f, "cannot")
				r.s.Step = Step{Kind: "cpc_test_end"}
				return nil
			}
			err = o.doSA(r, "sa:"+string(o.saKinds[0]))
		} else {
			err = runOp(r, o)
		}
		if err != nil {
			return err
		}
		r.s.Step = Step{Kind: "cpc_test_end"}
		return nil
	}
}

// cpcFree runs ctx from s as the test step, to its first decision.
func cpcFree(t testing.TB, s *State, ctx func() *opCtx) *Game {
	t.Helper()
	cpcTestCtx = ctx
	s.Step = Step{Kind: "cpc_test_free"}
	return gameAt(t, s, atStep("cpc_test_end"))
}

// ---- Rally (3.3.1) ----

func TestRallySpacesAndCost(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 2
	cpcSpace(s, "Sichuan").Support = Support
	cpcSpace(s, "Hunan").Terror = true
	cpcSpace(s, "Shanxi").Support = Opposition
	put(t, s, "Zhengzhou-Xi'an", CPCGuerrilla, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:rally")
	cpcHas(t, g, "space:Shaanxi", "space:Shanxi", "space:Chahar", "space:Guangdong")
	// Support, Terror, LoCs and foreign countries are never selected.
	cpcLacks(t, g, "space:Sichuan", "space:Hunan", "space:Zhengzhou-Xi'an", "space:Manchukuo", "space:French Indochina", "done")
	cpcDo(t, g, "space:Shaanxi") // only one option: place 1 (forced)
	cpcDo(t, g, "space:Shanxi")
	// 0 Resources left: no Province can be paid for; only the Special
	// Activity (Tax on the LoC's Underground Guerrilla) or done.
	cpcOffers(t, g, "sa:tax", "done")
	cpcDo(t, g, "done", "done") // and no Special Activity afterwards
	cpcOpDone(t, g)
	st := g.State()
	if st.Resources[CPC] != 0 {
		t.Errorf("CPC Resources %d, want 0 (1 per Province)", st.Resources[CPC])
	}
	cpcWant(t, g, "Shaanxi", map[Piece]int{CPCGuerrilla: 1})
	cpcWant(t, g, "Shanxi", map[Piece]int{CPCGuerrilla: 1})
	if cpcDid(g) != DidOp {
		t.Errorf("did %s, want op", cpcDid(g))
	}
}

func TestRallyNotOfferedWithoutResources(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 0
	// An Active Guerrilla on a LoC: a March there costs nothing, but no
	// Tax can pay for a Rally (with an Underground one Rally would be
	// offered, Tax first: TestSAFirst).
	put(t, s, "Zhengzhou-Xi'an", CPCGuerrillaActive, 1)
	g := cpcGame(t, s)
	cpcOffers(t, g, "pass", "op:march", "event:unshaded", "event:shaded")
	cpcRefused(t, g, "op:rally")

	// A free Rally needs no Resources.
	s = cpcState(t)
	s.Resources[CPC] = 0
	g = cpcFree(t, s, func() *opCtx { return &opCtx{f: CPC, kind: Rally, free: true} })
	cpcDo(t, g, "space:Hebei", "done")
	if g.Prompt() != nil || g.State().Resources[CPC] != 0 {
		t.Fatalf("free Rally: prompt %+v, Resources %d", g.Prompt(), g.State().Resources[CPC])
	}
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 1})
}

func TestRallyOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, s *State)
		space   string
		offers  []string
		answers []string
		want    map[Piece]int
	}{
		{"place one", func(t *testing.T, s *State) {}, "Hebei",
			[]string{"rally:place"}, nil, map[Piece]int{CPCGuerrilla: 1}},
		{"replace two Guerrillas (Active first) with a Base", func(t *testing.T, s *State) {
			put(t, s, "Hebei", CPCGuerrilla, 2)
			put(t, s, "Hebei", CPCGuerrillaActive, 1)
		}, "Hebei", []string{"rally:place", "rally:base"}, []string{"rally:base"},
			map[Piece]int{CPCBase: 1, CPCGuerrilla: 1, CPCGuerrillaActive: 0}},
		{"no third Base (1.4.2)", func(t *testing.T, s *State) {
			put(t, s, "Hebei", CPCGuerrilla, 2)
			put(t, s, "Hebei", NATBase, 1)
			put(t, s, "Hebei", WLDBase, 1)
		}, "Hebei", []string{"rally:place"}, nil, map[Piece]int{CPCGuerrilla: 3}},
		{"with a Base: flip all Underground", func(t *testing.T, s *State) {
			put(t, s, "Hebei", CPCBase, 1)
			put(t, s, "Hebei", CPCGuerrillaActive, 3)
			put(t, s, "Hebei", CPCGuerrilla, 1)
		}, "Hebei", []string{"rally:place", "rally:base", "rally:flip", "rally:many"}, []string{"rally:flip"},
			map[Piece]int{CPCGuerrilla: 4, CPCGuerrillaActive: 0, CPCBase: 1}},
		{"with a Base: place up to Bases + Pop", func(t *testing.T, s *State) {
			put(t, s, "Hebei", CPCBase, 1) // Pop 3: up to 4
		}, "Hebei", []string{"rally:place", "rally:many"}, []string{"rally:many", "count:4"},
			map[Piece]int{CPCGuerrilla: 4, CPCBase: 1}},
		{"Pop-0 Province with two Bases: up to 2", func(t *testing.T, s *State) {
			put(t, s, "Chahar", CPCBase, 2)
		}, "Chahar", []string{"rally:place", "rally:many"}, []string{"rally:many", "count:2"},
			map[Piece]int{CPCGuerrilla: 2, CPCBase: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cpcState(t)
			tc.setup(t, s)
			g := cpcGame(t, s)
			cpcDo(t, g, "op:rally", "space:"+tc.space)
			if len(tc.offers) > 1 {
				cpcOffers(t, g, tc.offers...)
			}
			cpcDo(t, g, tc.answers...)
			cpcWant(t, g, tc.space, tc.want)
			if g.State().Resources[CPC] != 9 {
				t.Errorf("Resources %d, want 9", g.State().Resources[CPC])
			}
			if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestRallyManyCountRange(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCBase, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:rally", "space:Hebei", "rally:many")
	cpcOffers(t, g, "count:1", "count:2", "count:3", "count:4")
}

// TestRallyTakesFromMap is the example of 1.4.1: without Available
// Guerrillas, CPC Rally removes Guerrillas from a space to place them
// Underground, elsewhere or even in the same space.
func TestRallyTakesFromMap(t *testing.T) {
	s := cpcState(t)
	n := s.Available.N(CPCGuerrilla)
	put(t, s, "Guizhou", CPCGuerrillaActive, n-2)
	put(t, s, "Shaanxi", CPCGuerrillaActive, 2)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:rally", "space:Shaanxi", "rally:place")
	cpcOffers(t, g, "space:Guizhou", "space:Shaanxi", "done")
	cpcDo(t, g, "space:Shaanxi") // the same space: an Active one comes back Underground
	cpcWant(t, g, "Shaanxi", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 1})
	cpcDo(t, g, "space:Hebei", "space:Guizhou")
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 1})
	cpcWant(t, g, "Guizhou", map[Piece]int{CPCGuerrillaActive: n - 3})
	// Declining to take one places nothing (the Resource is spent).
	cpcDo(t, g, "space:Hunan", "done")
	cpcWant(t, g, "Hunan", map[Piece]int{CPCGuerrilla: 0})
	if g.State().Resources[CPC] != 7 {
		t.Errorf("Resources %d, want 7", g.State().Resources[CPC])
	}
	if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
		t.Fatal(err)
	}
}

// TestRallyBaseFromMap: with no Base Available, a Base may be taken from
// the map (1.4.1); declining replaces nothing (the fix in op_rally.go: the
// Guerrillas used to be removed before the Base was obtained).
func TestRallyBaseFromMap(t *testing.T) {
	s := cpcState(t)
	cpcAllBases(t, s)
	put(t, s, "Hebei", CPCGuerrilla, 2)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:rally", "space:Hebei", "rally:base")
	cpcOffers(t, g, "space:Yunnan", "space:Guizhou", "space:Guangxi", "space:Sichuan", "space:Gansu", "done")
	cpcDo(t, g, "done")
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 2, CPCBase: 0})
	cpcDo(t, g, "space:Shaanxi") // continue elsewhere (place 1, forced)
	cpcWant(t, g, "Shaanxi", map[Piece]int{CPCGuerrilla: 1})
	s = cpcState(t)
	cpcAllBases(t, s)
	put(t, s, "Hebei", CPCGuerrilla, 2)
	g = cpcGame(t, s)
	cpcDo(t, g, "op:rally", "space:Hebei", "rally:base", "space:Yunnan")
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 0, CPCBase: 1})
	if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
		t.Fatal(err)
	}
}

// cpcAllBases puts every CPC Base on the map (none Available).
func cpcAllBases(t *testing.T, s *State) {
	for _, sp := range []string{"Yunnan", "Guizhou", "Guangxi", "Sichuan", "Gansu"} {
		put(t, s, sp, CPCBase, min(2, s.Available.N(CPCBase)))
	}
	if s.Available[CPCBase] != 0 {
		t.Fatal("CPC Bases left Available")
	}
}

// TestRallyLimited: a Limited Rally selects one Province and has no
// Special Activity (2.3.5).
func TestRallyLimited(t *testing.T) {
	s := cpcState(t)
	cpcSecond(s)
	put(t, s, "Hebei", CPCGuerrilla, 1) // Tax would be possible
	g := cpcGame(t, s)
	cpcHas(t, g, "limop:rally")
	cpcLacks(t, g, "op:rally")
	cpcDo(t, g, "limop:rally")
	cpcLacks(t, g, "sa:tax", "sa:subvert", "done")
	cpcDo(t, g, "space:Shaanxi")
	cpcOpDone(t, g) // no second Province, no Special Activity
	if cpcDid(g) != DidLimOp || g.State().Resources[CPC] != 9 {
		t.Errorf("did %s, Resources %d; want limop, 9", cpcDid(g), g.State().Resources[CPC])
	}
}
