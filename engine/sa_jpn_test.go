package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// ---- Test harness for Special Activities -------------------------------------
//
// The "sa_test" step runs one Special Activity in an opCtx built from
// saHarness, then moves to "sa_test_done", where saGame halts. Tests set
// saHarness (through saGame) before starting a game; tests here do not run
// in parallel.

var saHarness struct {
	op   opCtx  // the Operation the Special Activity accompanies (kind "" for none)
	sa   SAKind // the Special Activity to run
	last opCtx  // the opCtx as the step left it
}

func init() {
	steps["sa_test"] = func(r *run) error {
		o := saHarness.op
		o.saKinds = []SAKind{saHarness.sa}
		o.spaces, o.saSpaces, o.sa = nil, nil, ""
		if o.kind != "" {
			// As if after its Operation, which has been executed in a
			// space (4.1): nothing to keep possible.
			o.spaces = []SpaceID{0}
		}
		if err := o.doSA(r, "sa:"+string(saHarness.sa)); err != nil {
			return err
		}
		saHarness.last = o
		r.s.Step = Step{Kind: "sa_test_done"}
		return nil
	}
	steps["sa_test_done"] = func(r *run) error { return errors.New("sa test harness: finished") }
}

// saState is a 1937 state with an empty board, a full draw deck and known
// tracks.
func saState(t testing.TB) *State {
	t.Helper()
	s := newState(t, "1937", 1)
	clearBoard(s)
	stackDeck(s)
	s.Resources = [NumFactions]int{10, 10, 10, 10}
	s.Patronage, s.Commitment = 10, 10
	s.Capabilities, s.Momentum = nil, nil
	return s
}

// saGame starts Special Activity k for the faction of o, accompanying an
// Operation of o.kind (or on its own when o.kind is ""), and runs it to its
// first decision.
func saGame(t testing.TB, s *State, o opCtx, k SAKind) *Game {
	t.Helper()
	saHarness.op, saHarness.sa, saHarness.last = o, k, opCtx{}
	s.Step = Step{Kind: "sa_test"}
	return gameAt(t, s, atStep("sa_test_done"))
}

// saCan calls a Special Activity's can directly.
func saCan(s *State, o opCtx, k SAKind) bool {
	r := &run{s: s, m: DefaultMap(), d: DefaultDeck()}
	return saDefs[o.f][k].can(r, &o)
}

// saChoices returns the current prompt's choice IDs, sorted.
func saChoices(t testing.TB, g *Game) []string {
	t.Helper()
	p := g.Prompt()
	if p == nil {
		t.Fatalf("no prompt; the step is %s", g.State().Step.Kind)
	}
	var ids []string
	for _, c := range p.Choices {
		ids = append(ids, c.ID)
	}
	sort.Strings(ids)
	return ids
}

// saWant checks the current prompt offers exactly the given choices.
func saWant(t testing.TB, g *Game, want ...string) {
	t.Helper()
	got := saChoices(t, g)
	want = append([]string(nil), want...)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Fatalf("prompt %q offers %v, want %v", g.Prompt().Question, got, want)
	}
}

// saOffers checks whether the current prompt offers a choice.
func saOffers(t testing.TB, g *Game, id string) bool {
	t.Helper()
	return slices.Contains(saChoices(t, g), id)
}

// saDo applies choices in order.
func saDo(t testing.TB, g *Game, f Faction, choices ...string) {
	t.Helper()
	for _, c := range choices {
		mustDo(t, g, f, c)
	}
}

// saFinished checks the Special Activity has completed and the state is
// sound.
func saFinished(t testing.TB, g *Game) *State {
	t.Helper()
	if p := g.Prompt(); p != nil {
		t.Fatalf("still asking %q %v", p.Question, saChoices(t, g))
	}
	s := g.State()
	if s.Step.Kind != "sa_test_done" {
		t.Fatalf("step %s, want sa_test_done", s.Step.Kind)
	}
	if err := CheckInvariants(DefaultMap(), DefaultDeck(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// saRefused checks that a choice is not legal now (Do returns an error
// naming the legal choices).
func saRefused(t testing.TB, g *Game, f Faction, choice string) {
	t.Helper()
	err := g.Do(f, choice)
	if err == nil || !strings.Contains(err.Error(), "legal:") {
		t.Fatalf("%s %q: err %v, want a refusal naming the legal choices", f, choice, err)
	}
}

// saN reads a piece count in a named space.
func saN(s *State, space string, k Piece) int {
	return s.Spaces[DefaultMap().MustID(space)].Pieces.N(k)
}

func saSp(s *State, space string) *SpaceState { return &s.Spaces[DefaultMap().MustID(space)] }

// ---- 4.1: which Operations each Special Activity accompanies -----------------

func TestSAAccompanies(t *testing.T) {
	for _, tc := range []struct {
		f    Faction
		op   OpKind
		want []SAKind
	}{
		{JPN, Recruit, []SAKind{Deploy, Transport, AntiBandit}},
		{JPN, Sweep, []SAKind{Deploy, Transport, AntiBandit}},
		{JPN, Assault, []SAKind{Deploy, Transport, AntiBandit}},
		{NAT, Recruit, []SAKind{Govern, Transport, Partisan}},
		{NAT, Patrol, []SAKind{Govern, Transport, Partisan}},
		{NAT, Sweep, []SAKind{Transport, Partisan}},
		{NAT, Assault, []SAKind{Transport, Partisan}},
		{WLD, Recruit, []SAKind{Extort, Suborn, Organize}},
		{WLD, Patrol, []SAKind{Extort, Suborn, Organize}},
		{WLD, Sweep, []SAKind{Suborn}},
		{WLD, Assault, []SAKind{Suborn}},
	} {
		if got := saKindsFor(tc.f, tc.op); !slices.Equal(got, tc.want) {
			t.Errorf("%s %s: %v, want %v", tc.f, tc.op, got, tc.want)
		}
	}
}

// TestSAOnlyOnce: the Special Activity is not offered again while it runs
// or after it (4.1: one Special Activity).
func TestSAOnlyOnce(t *testing.T) {
	s := saState(t)
	put(t, s, "Hebei", JPNTroop, 2)
	saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
	if saHarness.last.sa != AntiBandit || saHarness.last.inSA {
		t.Fatalf("after the SA: sa %q inSA %v", saHarness.last.sa, saHarness.last.inSA)
	}
	o := saHarness.last
	if o.canSA(&run{s: s, m: DefaultMap(), d: DefaultDeck()}) {
		t.Error("a second Special Activity is offered")
	}
}

// ---- 4.2.1 Deploy -----------------------------------------------------------------

var saCoastal = []string{"Fujian", "Guangdong", "Hebei", "Hunan", "Jiangsu", "Shandong", "Shanghai", "Wannan", "Zhejiang"}

func saSpaces(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "space:" + n
	}
	return out
}

func saWithout(list []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(s string) bool { return slices.Contains(drop, s) })
}

func TestDeploy(t *testing.T) {
	s := saState(t)
	put(t, s, "Shanghai", JPNTroop, 4)
	put(t, s, "Henan", JPNTroop, 3)     // not Coastal
	put(t, s, "Manchukuo", JPNTroop, 3) // Coastal, but a Foreign Country
	avail := s.Available[JPNTroop]
	g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, Deploy)
	// Origins: the Available box and Coastal Provinces with Troops; no
	// "done" before the first move.
	saWant(t, g, "box:available", "space:Shanghai")
	mustDo(t, g, JPN, "space:Shanghai")
	// Destinations: the Available box and every other Coastal Province
	// (Hebei, Wannan, Hunan through a Town), never Manchukuo.
	saWant(t, g, append(saSpaces(saWithout(saCoastal, "Shanghai")...), "box:available")...)
	saDo(t, g, JPN, "space:Hebei")
	saWant(t, g, "count:1", "count:2", "count:3", "count:4")
	saDo(t, g, JPN, "count:3")
	// Two Provinces selected; from the box, a third may be selected.
	saWant(t, g, "box:available", "done", "space:Hebei", "space:Shanghai")
	saDo(t, g, JPN, "box:available")
	saWant(t, g, saSpaces(saCoastal...)...)
	saDo(t, g, JPN, "space:Guangdong")
	// Three of six moved: at most three more.
	saWant(t, g, "count:1", "count:2", "count:3")
	saDo(t, g, JPN, "count:2")
	// Three Provinces selected: no fourth is offered.
	saWant(t, g, "box:available", "done", "space:Guangdong", "space:Hebei", "space:Shanghai")
	saDo(t, g, JPN, "space:Hebei")
	saWant(t, g, "box:available", "space:Guangdong", "space:Shanghai")
	// One left of the six: the count is forced and the SA ends.
	saDo(t, g, JPN, "box:available")
	s = saFinished(t, g)
	for _, c := range []struct {
		space string
		want  int
	}{{"Shanghai", 1}, {"Hebei", 2}, {"Guangdong", 2}, {"Henan", 3}, {"Manchukuo", 3}} {
		if got := saN(s, c.space, JPNTroop); got != c.want {
			t.Errorf("%s: %d JPN Troops, want %d", c.space, got, c.want)
		}
	}
	if got := s.Available[JPNTroop]; got != avail-2+1 {
		t.Errorf("Available JPN Troops %d, want %d", got, avail-1)
	}
	if got := saHarness.last.saSpaces; len(got) != 3 {
		t.Errorf("selected %v, want three Provinces", got)
	}
	if s.Resources[JPN] != 10 {
		t.Errorf("JPN Resources %d: Deploy costs nothing", s.Resources[JPN])
	}
}

func TestDeployNorthernCrisis(t *testing.T) {
	s := saState(t)
	s.Momentum = []string{"northern_crisis"}
	if saCan(s, opCtx{f: JPN, kind: Sweep}, Deploy) {
		t.Fatal("Deploy offered under Northern Crisis with no Troops in Coastal Provinces")
	}
	put(t, s, "Shandong", JPNTroop, 2)
	if !saCan(s, opCtx{f: JPN, kind: Sweep}, Deploy) {
		t.Fatal("Deploy not offered: Troops may still move among Provinces and to Available")
	}
	g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, Deploy)
	// No "box:available" origin: Shandong is the only origin (forced).
	saWant(t, g, append(saSpaces(saWithout(saCoastal, "Shandong")...), "box:available")...)
	saDo(t, g, JPN, "box:available", "count:2")
	saFinished(t, g)
}

func TestDeployFloods(t *testing.T) {
	s := saState(t)
	s.Floods = "Jiangsu"
	put(t, s, "Jiangsu", JPNTroop, 2)
	g := saGame(t, s, opCtx{f: JPN, kind: Recruit}, Deploy)
	saWant(t, g, "box:available", "space:Jiangsu")
	saDo(t, g, JPN, "box:available")
	// Jiangsu is Flooded: no Troops move into it.
	saWant(t, g, saSpaces(saWithout(saCoastal, "Jiangsu")...)...)
	saDo(t, g, JPN, "space:Shanghai", "count:1")
	// Troops may leave a Flooded Province.
	saDo(t, g, JPN, "space:Jiangsu", "space:Shanghai", "count:2", "done")
	s = saFinished(t, g)
	if saN(s, "Shanghai", JPNTroop) != 3 || saN(s, "Jiangsu", JPNTroop) != 0 {
		t.Errorf("Shanghai %d, Jiangsu %d", saN(s, "Shanghai", JPNTroop), saN(s, "Jiangsu", JPNTroop))
	}
}

func TestDeployCan(t *testing.T) {
	s := saState(t)
	s.Available[JPNTroop], s.OutOfPlay[JPNTroop] = 0, s.Available[JPNTroop]
	if saCan(s, opCtx{f: JPN, kind: Sweep}, Deploy) {
		t.Error("Deploy offered with no JPN Troops Available or in Coastal Provinces")
	}
	s.OutOfPlay[JPNTroop]--
	s.Spaces[DefaultMap().MustID("Henan")].Pieces[JPNTroop] = 1
	if saCan(s, opCtx{f: JPN, kind: Sweep}, Deploy) {
		t.Error("Deploy offered with Troops only in an inland Province")
	}
	// A free Deploy narrowed by an Event to Fujian.
	s.Spaces[DefaultMap().MustID("Henan")].Pieces[JPNTroop] = 0
	s.Available[JPNTroop] = 1
	fujian := DefaultMap().MustID("Fujian")
	o := opCtx{f: JPN, free: true, where: func(id SpaceID) bool { return id == fujian }}
	if !saCan(s, o, Deploy) {
		t.Fatal("free Deploy into Fujian not offered")
	}
	g := saGame(t, s, o, Deploy)
	// box -> Fujian -> 1 are forced; then Fujian's Troop could go back.
	saWant(t, g, "done", "space:Fujian")
	saDo(t, g, JPN, "done")
	s = saFinished(t, g)
	if saN(s, "Fujian", JPNTroop) != 1 {
		t.Error("the Troop did not reach Fujian")
	}
}

// ---- 4.2.2 Transport ---------------------------------------------------------------

func TestJPNTransportWalk(t *testing.T) {
	s := saState(t)
	put(t, s, "Hebei", JPNTroop, 5)
	put(t, s, "Beijing-Tianjin", CPCGuerrilla, 2) // Guerrillas do not stop Transport
	g := saGame(t, s, opCtx{f: JPN, kind: Assault}, Transport)
	// Hebei is the only origin: forced. How many?
	saWant(t, g, "count:1", "count:2", "count:3", "count:4", "count:5")
	saDo(t, g, JPN, "count:3")
	// First step: a LoC adjacent to Hebei, no stopping yet.
	saWant(t, g, saSpaces("Beijing-Tianjin", "Beijing-Zhangjiakou", "Zhangjiakou-Datong", "Taiyuan-Shijiazhuang",
		"Beijing-Shijiazhuang", "Shijiazhuang-Zhengzhou", "Tianjin-Jinan", "Jinan-Qingdao", "Jinan-Xuzhou")...)
	saDo(t, g, JPN, "space:Beijing-Tianjin")
	// On Beijing-Tianjin: adjacent LoCs, adjacent Provinces other than
	// Hebei (Chahar; Manchukuo for JPN), or stop.
	saWant(t, g, "done", "space:Beijing-Zhangjiakou", "space:Beijing-Shijiazhuang", "space:Tianjin-Jinan",
		"space:Chahar", "space:Manchukuo")
	saDo(t, g, JPN, "space:Tianjin-Jinan")
	saWant(t, g, "done", "space:Jinan-Qingdao", "space:Jinan-Xuzhou", "space:Shandong", "space:Manchukuo")
	saDo(t, g, JPN, "space:Shandong")
	s = saFinished(t, g)
	if saN(s, "Hebei", JPNTroop) != 2 || saN(s, "Shandong", JPNTroop) != 3 || saN(s, "Tianjin-Jinan", JPNTroop) != 0 {
		t.Errorf("Hebei %d, Shandong %d", saN(s, "Hebei", JPNTroop), saN(s, "Shandong", JPNTroop))
	}
	if !strings.Contains(logText(g), "Transport: moved 3 JPN Troops from Hebei along Beijing-Tianjin, Tianjin-Jinan to Shandong.") {
		t.Errorf("log:\n%s", logText(g))
	}
}

// TestJPNTransportStops: the group enters a LoC with Sabotage or Chinese
// Troops and stops there.
func TestJPNTransportStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(s *State)
	}{
		{"Sabotage", func(s *State) { saSp(s, "Tianjin-Jinan").Sabotage = true }},
		{"NAT Troops", func(s *State) { put(t, s, "Tianjin-Jinan", NATTroop, 1) }},
		{"WLD Troops", func(s *State) { put(t, s, "Tianjin-Jinan", WLDTroop, 1) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := saState(t)
			put(t, s, "Manchukuo", JPNTroop, 2)
			tc.set(s)
			g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, Transport)
			saDo(t, g, JPN, "count:2")
			saWant(t, g, "space:Beijing-Tianjin", "space:Tianjin-Jinan")
			saDo(t, g, JPN, "space:Tianjin-Jinan")
			s = saFinished(t, g)
			if saN(s, "Tianjin-Jinan", JPNTroop) != 2 || saN(s, "Manchukuo", JPNTroop) != 0 {
				t.Error("the group did not stop on Tianjin-Jinan")
			}
		})
	}
}

func TestJPNTransportFloods(t *testing.T) {
	s := saState(t)
	s.Floods = "Jiangsu"
	put(t, s, "Shandong", JPNTroop, 1)
	g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, Transport)
	// Jinan-Xuzhou, Xuzhou-Nanjing and Xuzhou-Zhengzhou are Flooded.
	saWant(t, g, saSpaces("Tianjin-Jinan", "Jinan-Qingdao")...)
	saDo(t, g, JPN, "space:Tianjin-Jinan")
	saWant(t, g, "done", "space:Beijing-Tianjin", "space:Jinan-Qingdao", "space:Hebei", "space:Manchukuo")
	saDo(t, g, JPN, "space:Beijing-Tianjin", "space:Beijing-Shijiazhuang", "space:Shijiazhuang-Zhengzhou")
	// Henan is not Flooded (Jiangsu is): enterable; Xuzhou-Zhengzhou is not.
	if saOffers(t, g, "space:Xuzhou-Zhengzhou") || !saOffers(t, g, "space:Henan") {
		t.Fatalf("choices %v", saChoices(t, g))
	}
	saDo(t, g, JPN, "space:Henan")
	saFinished(t, g)

	// A Flooded destination Province is not offered.
	s = saState(t)
	s.Floods = "Henan"
	put(t, s, "Hubei", JPNTroop, 1)
	g = saGame(t, s, opCtx{f: JPN, kind: Sweep}, Transport)
	if saOffers(t, g, "space:Zhengzhou-Wuhan") {
		t.Fatal("Flooded Zhengzhou-Wuhan offered")
	}
	saDo(t, g, JPN, "space:Wuhan-Changsha")
	saWant(t, g, "done", "space:Hunan", "space:Jiangxi", "space:Nanchang-Changsha", "space:Changsha-Guangzhou",
		"space:Jiujiang-Wuhan", "space:Wuhan-Yichang")
}

// TestTransportIndochina: French Indochina is never a destination (1.3.5).
func TestTransportIndochina(t *testing.T) {
	s := saState(t)
	put(t, s, "Yunnan", JPNTroop, 1)
	g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, Transport)
	// Kunming-Hekou is forced; then only stopping remains (forced too).
	s = saFinished(t, g)
	if saN(s, "Kunming-Hekou", JPNTroop) != 1 {
		t.Error("the Troop is not on Kunming-Hekou")
	}
}

func TestJPNTransportCan(t *testing.T) {
	s := saState(t)
	if saCan(s, opCtx{f: JPN, kind: Sweep}, Transport) {
		t.Error("Transport offered with no JPN Troops on the map")
	}
	put(t, s, "Gansu", JPNTroop, 3) // Gansu touches no LoC
	put(t, s, "Hebei", JPNPolice, 3)
	if saCan(s, opCtx{f: JPN, kind: Sweep}, Transport) {
		t.Error("Transport offered: no JPN Troops can reach a LoC (Police do not Transport)")
	}
	s.Floods = "Henan"
	put(t, s, "Zhengzhou-Xi'an", JPNTroop, 1) // its neighbours Shijiazhuang-Zhengzhou, Zhengzhou-Wuhan, Xuzhou-Zhengzhou are Flooded
	if saCan(s, opCtx{f: JPN, kind: Sweep}, Transport) {
		t.Error("Transport offered: the only LoC Troops could enter are Flooded")
	}
}

// ---- 4.2.3 Anti-Bandit Action --------------------------------------------------------

func TestAntiBanditAction(t *testing.T) {
	s := saState(t)
	put(t, s, "Hebei", JPNTroop, 2)
	put(t, s, "Hebei", CPCGuerrillaActive, 2)
	put(t, s, "Hebei", CPCGuerrilla, 1) // protects the CPC Base
	put(t, s, "Hebei", CPCBase, 1)
	put(t, s, "Hebei", NATBase, 1) // alone: may go
	saSp(s, "Hebei").Support = Support
	put(t, s, "Shandong", JPNTroop, 1)
	put(t, s, "Shandong", WLDTroop, 1) // protects the WLD Base
	put(t, s, "Shandong", WLDBase, 1)
	put(t, s, "Jinan-Qingdao", JPNTroop, 1)
	put(t, s, "Jinan-Qingdao", NATGuerrillaActive, 1)
	put(t, s, "Tianjin-Jinan", JPNTroop, 1)
	put(t, s, "Tianjin-Jinan", NATGuerrilla, 1) // Underground: nothing to do on this LoC
	saSp(s, "Henan").Terror = true
	put(t, s, "Henan", JPNTroop, 1) // Neutral with Terror, nothing to remove
	put(t, s, "Jiangsu", CPCGuerrillaActive, 1)
	g := saGame(t, s, opCtx{f: JPN, kind: Assault}, AntiBandit)
	// Spaces with JPN Troops where something happens; no "done" yet.
	saWant(t, g, "space:Hebei", "space:Shandong", "space:Jinan-Qingdao")
	saDo(t, g, JPN, "space:Hebei")
	saWant(t, g, "done", saPieceID(CPCGuerrillaActive), saPieceID(NATBase))
	saDo(t, g, JPN, saPieceID(NATBase), saPieceID(CPCGuerrillaActive))
	// Two removals made: only spaces where markers change remain.
	saWant(t, g, "done", "space:Shandong")
	saDo(t, g, JPN, "space:Shandong")
	s = saFinished(t, g)
	hebei, shandong := saSp(s, "Hebei"), saSp(s, "Shandong")
	if hebei.Pieces[NATBase] != 0 || hebei.Pieces[CPCGuerrillaActive] != 1 || hebei.Pieces[CPCBase] != 1 {
		t.Errorf("Hebei pieces %v", hebei.Pieces)
	}
	if hebei.Support != Neutral || !hebei.Terror || !shandong.Terror || shandong.Pieces[WLDBase] != 1 {
		t.Errorf("Hebei %+v Shandong %+v", hebei, shandong)
	}
	if s.Patronage != 9 {
		t.Errorf("Patronage %d, want 9 (NAT Base removed)", s.Patronage)
	}
	if s.Available[NATBase] != Pool[NATBase] || s.Available[CPCGuerrilla] != Pool[CPCGuerrilla]-3-1+1 {
		t.Errorf("removed pieces not in Available: %v", s.Available)
	}
}

// TestAntiBanditNothingToRemove: the play note: ABA in a Province with
// nothing to remove still neutralizes it and places Terror.
func TestAntiBanditNothingToRemove(t *testing.T) {
	s := saState(t)
	put(t, s, "Hunan", JPNTroop, 1)
	saSp(s, "Hunan").Support = Opposition
	g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
	s = saFinished(t, g) // Hunan forced; nothing to remove; no second space
	if h := saSp(s, "Hunan"); h.Support != Neutral || !h.Terror {
		t.Errorf("Hunan %+v", h)
	}
}

func TestAntiBanditLoCMustRemove(t *testing.T) {
	s := saState(t)
	put(t, s, "Jinan-Qingdao", JPNTroop, 1)
	put(t, s, "Jinan-Qingdao", CPCGuerrillaActive, 1)
	put(t, s, "Jinan-Qingdao", NATGuerrillaActive, 1)
	g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
	// On a LoC nothing but removals happens: at least one.
	saWant(t, g, saPieceID(CPCGuerrillaActive), saPieceID(NATGuerrillaActive))
	saDo(t, g, JPN, saPieceID(NATGuerrillaActive))
	saWant(t, g, "done", saPieceID(CPCGuerrillaActive))
	saDo(t, g, JPN, saPieceID(CPCGuerrillaActive))
	s = saFinished(t, g)
	if saSp(s, "Jinan-Qingdao").Pieces.Total() != 1 || saSp(s, "Jinan-Qingdao").Sabotage {
		t.Errorf("Jinan-Qingdao %+v", saSp(s, "Jinan-Qingdao"))
	}
}

func TestAntiBanditModifiers(t *testing.T) {
	setup := func(t *testing.T) *State {
		s := saState(t)
		for _, p := range []string{"Hebei", "Shanxi", "Henan", "Shandong"} {
			put(t, s, p, JPNTroop, 1)
			put(t, s, p, CPCBase, 1)
		}
		return s
	}
	t.Run("three_alls: three spaces, three removals", func(t *testing.T) {
		s := setup(t)
		s.Capabilities = []string{"three_alls"}
		g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
		for _, p := range []string{"Hebei", "Shanxi", "Henan"} {
			saDo(t, g, JPN, "space:"+p, saPieceID(CPCBase))
		}
		s = saFinished(t, g)
		if saN(s, "Henan", CPCBase) != 0 || saN(s, "Shandong", CPCBase) != 1 || !saSp(s, "Henan").Terror {
			t.Errorf("three removals expected in Hebei, Shanxi, Henan")
		}
	})
	t.Run("two spaces normally", func(t *testing.T) {
		s := setup(t)
		g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
		saDo(t, g, JPN, "space:Hebei", saPieceID(CPCBase), "space:Shanxi", saPieceID(CPCBase))
		s = saFinished(t, g) // the cap of two spaces ends it
		if saN(s, "Shanxi", CPCBase) != 0 || saSp(s, "Henan").Terror {
			t.Error("two spaces, two removals expected")
		}
	})
	t.Run("tunnel_warfare: no CPC Bases", func(t *testing.T) {
		s := setup(t)
		s.Capabilities = []string{"tunnel_warfare"}
		put(t, s, "Hebei", WLDBase, 1)
		g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
		saDo(t, g, JPN, "space:Hebei")
		saWant(t, g, "done", saPieceID(WLDBase))
	})
	t.Run("Floods: no ABA in a Flooded space", func(t *testing.T) {
		s := setup(t)
		s.Floods = "Henan"
		g := saGame(t, s, opCtx{f: JPN, kind: Sweep}, AntiBandit)
		saWant(t, g, "space:Hebei", "space:Shanxi", "space:Shandong")
	})
}

func TestAntiBanditCan(t *testing.T) {
	s := saState(t)
	put(t, s, "Hebei", JPNPolice, 2)
	put(t, s, "Hebei", CPCGuerrillaActive, 2)
	if saCan(s, opCtx{f: JPN, kind: Sweep}, AntiBandit) {
		t.Error("ABA offered without JPN Troops")
	}
	put(t, s, "Manchukuo", JPNTroop, 2)
	put(t, s, "Beijing-Tianjin", JPNTroop, 2)
	put(t, s, "Beijing-Tianjin", CPCGuerrilla, 2)
	if saCan(s, opCtx{f: JPN, kind: Sweep}, AntiBandit) {
		t.Error("ABA offered with nothing to do (Manchukuo; a LoC with only Underground Guerrillas)")
	}
	put(t, s, "Hebei", JPNTroop, 1)
	s.Floods = "Hebei"
	if saCan(s, opCtx{f: JPN, kind: Sweep}, AntiBandit) {
		t.Error("ABA offered in a Flooded Province")
	}
}

// ---- Random play of every Special Activity ---------------------------------
//
// In this worktree the Operations of JPN, NAT and WLD may not exist, so the
// fuzzer of engine/sim cannot reach their Special Activities. TestSARandom
// runs each of them from random positions with random legal answers and
// checks the engine's contract: no empty or forced prompt, no duplicate
// choices, every legal answer accepted, invariants after, and something
// done (the faction selected a space and the log records an effect).

var saModifiers = []string{"northern_crisis", "three_alls", "tunnel_warfare", "united_front", "central_command", "unreliable_puppets"}

// saRandomState scatters Available pieces and markers over a scenario setup.
func saRandomState(t testing.TB, rng *rand.Rand, seed uint64) *State {
	t.Helper()
	m := DefaultMap()
	s := newState(t, []string{"1937", "1938"}[rng.IntN(2)], seed)
	for k := range NumPieces {
		k := Piece(k)
		if k == NATGuerrillaActive || k == CPCGuerrillaActive {
			continue
		}
		for n := rng.IntN(s.Available.N(k) + 1); n > 0; n-- {
			id := SpaceID(rng.IntN(len(m.Spaces)))
			if !mayHold(m, k.Faction(), id) || (k.Base() && !s.baseRoom(m, id)) {
				continue
			}
			kind := k
			if k.Guerrilla() && rng.IntN(2) == 0 {
				kind = k + 1
			}
			s.Available[k]--
			s.Spaces[id].Pieces[kind]++
		}
	}
	for i := range s.Spaces {
		sp, st := &m.Spaces[i], &s.Spaces[i]
		switch {
		case sp.IsProvince():
			st.Terror = rng.IntN(4) == 0
			if sp.Pop > 0 {
				st.Support = rng.IntN(3) - 1
			}
		case sp.IsLoC():
			st.Sabotage = rng.IntN(4) == 0
		}
	}
	for _, f := range Factions {
		s.Resources[f] = rng.IntN(5)
		if rng.IntN(6) == 0 {
			s.Resources[f] = 58 + rng.IntN(3)
		}
	}
	s.Patronage = rng.IntN(31)
	s.Capabilities, s.Momentum = nil, nil
	for _, mod := range saModifiers {
		if rng.IntN(4) == 0 {
			s.Capabilities = append(s.Capabilities, mod)
		}
	}
	s.Floods = []string{"", "", "Henan", "Anhui", "Jiangsu"}[rng.IntN(5)]
	if err := CheckInvariants(m, DefaultDeck(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSARandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	positions := 300
	if testing.Short() {
		positions = 60
	}
	ran := map[string]int{}
	for i := range positions {
		s := saRandomState(t, rng, uint64(i+1))
		for _, f := range []Faction{JPN, NAT, WLD} {
			for _, k := range FactionSAs[f] {
				ops := []OpKind{""}
				for _, op := range FactionOps[f] {
					if slices.Contains(saKindsFor(f, op), k) {
						ops = append(ops, op)
					}
				}
				o := opCtx{f: f, kind: ops[rng.IntN(len(ops))], free: rng.IntN(4) == 0}
				if !saCan(s.clone(), o, k) {
					continue
				}
				ran[string(k)+"/"+f.String()]++
				g := saGame(t, s.clone(), o, k)
				for steps := 0; g.Prompt() != nil; steps++ {
					p := g.Prompt()
					if len(p.Choices) < 2 {
						t.Fatalf("position %d %s %s: prompt %q offers %d choices", i, f, k, p.Question, len(p.Choices))
					}
					seen := map[string]bool{}
					for _, c := range p.Choices {
						if seen[c.ID] {
							t.Fatalf("position %d %s %s: prompt %q offers %q twice", i, f, k, p.Question, c.ID)
						}
						seen[c.ID] = true
					}
					c := p.Choices[rng.IntN(len(p.Choices))].ID
					if err := g.Do(p.Faction, c); err != nil {
						t.Fatalf("position %d %s %s: legal %q refused: %v", i, f, k, c, err)
					}
					if steps > 200 {
						t.Fatalf("position %d %s %s: no end", i, f, k)
					}
				}
				after := saFinished(t, g)
				if len(saHarness.last.saSpaces) == 0 {
					t.Errorf("position %d %s %s: no space selected", i, f, k)
				}
				effects := 0
				for _, e := range g.Log() {
					if e.Faction == f.String() && !strings.Contains(e.Text, "executes") {
						effects++
					}
				}
				if effects == 0 {
					t.Errorf("position %d %s %s: nothing done:\n%s", i, f, k, logText(g))
				}
				for _, ff := range Factions {
					if after.Resources[ff] < 0 {
						t.Errorf("position %d %s %s: %s Resources %d", i, f, k, ff, after.Resources[ff])
					}
				}
			}
		}
	}
	for _, f := range []Faction{JPN, NAT, WLD} {
		for _, k := range FactionSAs[f] {
			if ran[string(k)+"/"+f.String()] == 0 {
				t.Errorf("%s %s never ran", f, k)
			}
		}
	}
	t.Logf("runs: %v", ran)
}
