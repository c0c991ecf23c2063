package engine

import (
	"slices"
	"strings"
	"testing"
)

// atPhase builds a 1937 state at a Propaganda phase with an empty board.
func atPhase(t *testing.T, kind string, f Faction) *State {
	t.Helper()
	_, props := cardsOf(t)
	s := newState(t, "1937", 1)
	clearBoard(s)
	stackDeck(s)
	s.Deck = slices.DeleteFunc(s.Deck, func(n int) bool { return n == props[0] })
	s.Current = props[0]
	s.Rounds = 2
	s.Step = Step{Kind: kind, Faction: f}
	return s
}

// winningNAT gives NAT a total above 40: Patronage 30 plus 11 Support Pop.
func winningNAT(t *testing.T, s *State) {
	m := DefaultMap()
	s.Patronage = 30
	for _, n := range []string{"Hebei", "Henan", "Sichuan", "Hunan"} {
		s.Spaces[m.MustID(n)].Support = Support
	}
}

func TestVictoryCheck(t *testing.T) {
	for _, tc := range []struct {
		name     string
		scenario string
		round    int
		teams    [][]Faction
		wantEnd  bool
	}{
		{"1937 first Round: no check (6.1)", "1937", 1, nil, false},
		{"1937 second Round", "1937", 2, nil, true},
		{"1938 first Round", "1938", 1, nil, true},
		{"NAT+CPC player: CPC short, no win (1.5)", "1937", 2, [][]Faction{{NAT, CPC}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := atPhase(t, "victory", 0)
			s.Scenario, s.Rounds, s.Options.Teams = tc.scenario, tc.round, tc.teams
			winningNAT(t, s)
			g := gameAt(t, s, atStep("resources"))
			if got := g.State().Result != nil; got != tc.wantEnd {
				t.Fatalf("game ended = %v, want %v", got, tc.wantEnd)
			}
			if tc.wantEnd {
				r := g.State().Result
				if r.Final || !slices.Equal(r.Winners, []Faction{NAT}) || r.Ranking[0].Factions[0] != NAT {
					t.Errorf("result %+v, want NAT winning a victory check", r)
				}
			}
		})
	}
}

func TestRankTies(t *testing.T) {
	solo := Options{}.Players()
	for _, tc := range []struct {
		name    string
		margins [NumFactions]int
		teams   [][]Faction
		want    []Faction // first faction of each standing, in order
	}{
		{"all tied: CPC, WLD, NAT, JPN (7.1)", [NumFactions]int{0, 0, 0, 0}, solo, []Faction{CPC, WLD, NAT, JPN}},
		{"highest margin first", [NumFactions]int{JPN: 5, NAT: -3, WLD: 2, CPC: -10}, solo, []Faction{JPN, WLD, NAT, CPC}},
		{"JPN ties NAT: NAT first", [NumFactions]int{JPN: 1, NAT: 1, WLD: -1, CPC: -2}, solo, []Faction{NAT, JPN, WLD, CPC}},
		{"team takes its lower margin", [NumFactions]int{JPN: 9, NAT: 3, WLD: 1, CPC: -4}, [][]Faction{{JPN, CPC}, {NAT, WLD}}, []Faction{NAT, JPN}},
		{"team tie goes to the team with CPC", [NumFactions]int{JPN: 2, NAT: 2, WLD: 2, CPC: 2}, [][]Faction{{NAT, CPC}, {JPN, WLD}}, []Faction{NAT, JPN}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Rank(tc.margins, tc.teams)
			var got []Faction
			for i, st := range r {
				got = append(got, st.Factions[0])
				if st.Place != i+1 {
					t.Errorf("place %d at index %d", st.Place, i)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("ranking %v, want %v", got, tc.want)
			}
		})
	}
}

func TestFinalMarginWLDUsesPatronage(t *testing.T) {
	s := newState(t, "1937", 1)
	m := DefaultMap()
	if got, want := s.Margins(m, true)[WLD], 19-15; got != want {
		t.Errorf("final WLD margin %d, want %d (total - Patronage, 7.3)", got, want)
	}
	if got, want := s.Margins(m, false)[WLD], 19-25; got != want {
		t.Errorf("victory-check WLD margin %d, want %d (total - 25)", got, want)
	}
}

// TestAidAndCommitmentExample is the worked example of 6.5.
func TestAidAndCommitmentExample(t *testing.T) {
	for _, tc := range []struct {
		name        string
		troopsOnMap int
		wantRemoved int
	}{
		{"19 Troops on the map stay", 19, 0},
		{"22 Troops on the map: 3 go Out of Play", 22, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := atPhase(t, "aid", NAT)
			s.Commitment, s.Aid, s.Patronage = 19, 4, 10
			s.Resources[NAT] = 5
			s.Available[JPNTroop] -= 6
			s.Casualties[JPNTroop] = 6
			// LoCs with JPN cubes and no enemy pieces: Econ 3 + 2 + 2 = 7.
			put(t, s, "Nanjing-Hangzhou", JPNTroop, 1)
			put(t, s, "Beijing-Tianjin", JPNPolice, 1)
			put(t, s, "Jinan-Qingdao", JPNTroop, 1)
			put(t, s, "Manchukuo", JPNTroop, tc.troopsOnMap-2)
			g := gameAt(t, s, atStep("reset"))
			p := g.Prompt()
			if p == nil || p.Faction != NAT || !strings.Contains(p.Question, "Foreign Aid 6") {
				t.Fatalf("prompt %+v, want NAT dividing Foreign Aid 6", p)
			}
			mustDo(t, g, NAT, "count:3")
			st := g.State()
			if st.Patronage != 13 || st.Resources[NAT] != 8 || st.Aid != 0 {
				t.Errorf("Patronage %d, NAT Resources %d, Aid %d; want 13, 8, 0", st.Patronage, st.Resources[NAT], st.Aid)
			}
			if tc.wantRemoved > 0 {
				p := g.Prompt()
				if p == nil || p.Faction != JPN {
					t.Fatalf("prompt %+v, want JPN removing Troops", p)
				}
				mustDo(t, g, JPN, "space:Manchukuo")
				mustDo(t, g, JPN, "count:3")
			}
			st = g.State()
			if st.Step.Kind != "reset" {
				t.Fatalf("step %s, want reset", st.Step.Kind)
			}
			if st.Commitment != 19 {
				t.Errorf("Commitment %d, want 19 unchanged", st.Commitment)
			}
			if got := st.TroopsOnMap(JPNTroop); got != min(19, tc.troopsOnMap) || st.OutOfPlay.N(JPNTroop) != tc.wantRemoved {
				t.Errorf("Troops on map %d, Out of Play %d; want %d, %d", got, st.OutOfPlay[JPNTroop], min(19, tc.troopsOnMap), tc.wantRemoved)
			}
		})
	}
}

func TestCommitmentAdjustments(t *testing.T) {
	for _, tc := range []struct {
		name            string
		commitment, cas int
		econLoC         string // a LoC to hold a JPN Troop, or ""
		want            int
	}{
		{"no Econ, no casualties: -2 then +1", 20, 0, "", 19},
		{"Econ 3 x3 = 9 < 10: -2; casualties 0 <= 4: +1", 10, 0, "Nanjing-Hangzhou", 9},
		{"Econ 3 x3 = 9 < 12: -2; casualties 5 x3 = 15 > 10: -2", 12, 5, "Nanjing-Hangzhou", 8},
		{"second check uses the reduced Commitment: 9 < 10 gives 8, then casualties 9 > 8", 10, 3, "Nanjing-Hangzhou", 6},
		{"Econ 9 >= 8; casualties 2 x3 = 6: not above 8, not at most 4: no change", 8, 2, "Nanjing-Hangzhou", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := atPhase(t, "commitment", JPN)
			s.Commitment = tc.commitment
			s.Available[JPNTroop] -= int16(tc.cas)
			s.Casualties[JPNTroop] = int16(tc.cas)
			if tc.econLoC != "" {
				put(t, s, tc.econLoC, JPNTroop, 1)
			}
			g := gameAt(t, s, atStep("reset"))
			if got := g.State().Commitment; got != tc.want {
				t.Errorf("Commitment %d, want %d\n%s", got, tc.want, logText(g))
			}
		})
	}
}

func TestResourcesPhase(t *testing.T) {
	s := atPhase(t, "resources", 0)
	m := DefaultMap()
	s.Resources = [NumFactions]int{JPN: 10, NAT: 10, WLD: 10, CPC: 59}
	s.Commitment, s.Patronage = 20, 5
	put(t, s, "Nanjing-Hangzhou", JPNTroop, 1)            // JPN cube: no NAT income (3)
	put(t, s, "Beijing-Tianjin", JPNTroop, 1)             // JPN and Sabotage: JPN loses 2
	s.Spaces[m.MustID("Beijing-Tianjin")].Sabotage = true //
	s.Spaces[m.MustID("Jinan-Qingdao")].Sabotage = true   // Sabotage only: no NAT income (2), JPN unaffected
	put(t, s, "Hebei", WLDBase, 2)                        //
	put(t, s, "Shaanxi", CPCBase, 2)                      // CPC capped at 60
	g := gameAt(t, s, nil)
	st := g.State()
	want := [NumFactions]int{JPN: 10 + 20 - 2, NAT: 10 + 29 - 3 - 2 - 2, WLD: 12, CPC: 60}
	if st.Resources != want {
		t.Errorf("Resources %v, want %v", st.Resources, want)
	}
	p := g.Prompt()
	if p.Faction != NAT || len(p.Choices) != 6 {
		t.Fatalf("prompt %+v, want NAT choosing 0..5 Patronage to transfer", p)
	}
	mustDo(t, g, NAT, "count:5")
	if st := g.State(); st.Patronage != 0 || st.Resources[NAT] != want[NAT]+5 {
		t.Errorf("after transfer: Patronage %d, NAT %d", st.Patronage, st.Resources[NAT])
	}
}

func TestRedeployNAT(t *testing.T) {
	m := DefaultMap()
	s := atPhase(t, "redeploy", NAT)
	put(t, s, "Hunan", NATBase, 1)
	put(t, s, "Hebei", NATTroop, 3)                // must go to Hunan
	put(t, s, "Zhengzhou-Wuhan", NATTroop, 2)      // may go
	put(t, s, "Nanjing-Hangzhou", NATGuerrilla, 1) // must leave the LoC
	put(t, s, "Kunming-Hekou", NATGuerrillaActive, 1)
	s.Spaces[m.MustID("Yunnan")].Support = Opposition // so Kunming-Hekou's Guerrilla goes to Available
	s.Available[NATTroop] -= 5
	s.OutOfPlay[NATTroop] = 5
	s.Patronage = 2
	g := gameAt(t, s, func(s *State) bool { return s.Step.Faction != NAT })
	// Hebei's Troops moved on their own: Hunan is the only NAT Base.
	if got := g.State().Spaces[m.MustID("Hunan")].Pieces[NATTroop]; got != 3 {
		t.Fatalf("Hunan has %d NAT Troops, want 3 (forced move)", got)
	}
	mustDo(t, g, NAT, "space:Zhengzhou-Wuhan")
	mustDo(t, g, NAT, "count:2") // no more NAT Troops on LoCs: "done" is applied for NAT
	// Nanjing-Hangzhou borders several Provinces without Opposition.
	p := g.Prompt()
	if !strings.Contains(p.Question, "Nanjing-Hangzhou") {
		t.Fatalf("prompt %q, want the NAT Guerrilla on Nanjing-Hangzhou", p.Question)
	}
	mustDo(t, g, NAT, "space:Zhejiang")
	p = g.Prompt()
	if p.Has("count:5") || !p.Has("count:4") {
		t.Fatalf("Out of Play return offers %v, want 0..4 (Patronage 2 pays for 4)", p.Choices)
	}
	mustDo(t, g, NAT, "count:3") // costs 2 Patronage (round up)
	st := g.State()
	if st.Patronage != 0 || st.OutOfPlay[NATTroop] != 2 {
		t.Errorf("Patronage %d OOP %d, want 0 and 2", st.Patronage, st.OutOfPlay[NATTroop])
	}
	if st.Spaces[m.MustID("Hunan")].Pieces[NATTroop] != 5 || st.Spaces[m.MustID("Zhejiang")].Pieces[NATGuerrilla] != 1 || st.Available[NATGuerrilla] != 5 {
		t.Errorf("Hunan %v Zhejiang %v Available %v", st.Spaces[m.MustID("Hunan")].Pieces, st.Spaces[m.MustID("Zhejiang")].Pieces, st.Available)
	}
}

func TestRedeployWithoutBases(t *testing.T) {
	m := DefaultMap()
	s := atPhase(t, "redeploy", CPC)
	put(t, s, "Hebei", CPCGuerrilla, 2)
	put(t, s, "Henan", CPCGuerrillaActive, 2)
	put(t, s, "Hunan", CPCGuerrilla, 1)
	g := gameAt(t, s, func(s *State) bool { return s.Step.Faction != CPC })
	p := g.Prompt()
	if p.Faction != CPC || len(p.Choices) != 2 || !p.Has("space:Hebei") || !p.Has("space:Henan") {
		t.Fatalf("prompt %+v, want CPC choosing between the tied Hebei and Henan", p)
	}
	mustDo(t, g, CPC, "space:Henan")
	st := g.State()
	if got := st.Spaces[m.MustID("Henan")].Pieces.Guerrillas(CPC); got != 5 {
		t.Errorf("Henan has %d CPC Guerrillas, want all 5", got)
	}
}

func TestRedeployJPN(t *testing.T) {
	m := DefaultMap()
	s := atPhase(t, "redeploy", JPN)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Nanjing-Hangzhou", JPNTroop, 9)
	put(t, s, "Shanghai", JPNPolice, 3)
	g := gameAt(t, s, func(s *State) bool { return s.Step.Faction != JPN })
	mustDo(t, g, JPN, "space:Nanjing-Hangzhou")
	p := g.Prompt()
	if p.Has("space:Nanjing-Hangzhou") || !p.Has("space:Manchukuo") || !p.Has("space:Hebei") || !p.Has("space:Shanghai") || p.Has("space:Jiangsu") {
		t.Fatalf("destinations %v, want Provinces that began with JPN cubes and Manchukuo", p.Choices)
	}
	mustDo(t, g, JPN, "space:Manchukuo")
	if p := g.Prompt(); p.Has("count:7") || !p.Has("count:6") {
		t.Fatalf("count choices %v, want at most 6 Troops", p.Choices)
	}
	mustDo(t, g, JPN, "count:6")
	// Six Troops moved: only Police remain movable, and the Troops that
	// arrived in Manchukuo may not move again.
	p = g.Prompt()
	if p.Has("space:Manchukuo") || p.Has("space:Nanjing-Hangzhou") {
		t.Fatalf("origins %v after 6 Troops moved", p.Choices)
	}
	mustDo(t, g, JPN, "space:Shanghai")
	mustDo(t, g, JPN, "space:Hebei")
	mustDo(t, g, JPN, "count:3")
	mustDo(t, g, JPN, "done")
	st := g.State()
	if st.Spaces[m.MustID("Hebei")].Pieces[JPNPolice] != 4 || st.Spaces[m.MustID("Manchukuo")].Pieces[JPNTroop] != 6 || st.Step.Faction != WLD {
		t.Errorf("Hebei %v, Manchukuo %v, step %v", st.Spaces[m.MustID("Hebei")].Pieces, st.Spaces[m.MustID("Manchukuo")].Pieces, st.Step)
	}
}

func TestResetPhase(t *testing.T) {
	m := DefaultMap()
	s := atPhase(t, "reset", 0)
	s.Available[JPNTroop] -= 7
	s.Casualties[JPNTroop] = 7
	s.Available[NATTroop] -= 5
	s.Casualties[NATTroop] = 5
	s.Available[WLDTroop] -= 4
	s.Casualties[WLDTroop] = 4
	put(t, s, "Hebei", CPCGuerrillaActive, 2)
	s.Spaces[m.MustID("Beijing-Tianjin")].Sabotage = true
	s.Spaces[m.MustID("Hebei")].Terror = true
	s.LargeOffensiveUsed = true
	s.Momentum = []string{"some_momentum"}
	s.Aid, s.AidReset = 0, 3
	s.Elig = [NumFactions]Eligibility{Ineligible, Ineligible, Eligible, Ineligible}
	g := gameAt(t, s, atStep("eligible"))
	st := g.State()
	if st.OutOfPlay[JPNTroop] != 2 || st.OutOfPlay[NATTroop] != 1 || st.Casualties.Total() != 0 {
		t.Errorf("Out of Play %v Casualties %v: want 2 JPN and 1 NAT Troops out, none left", st.OutOfPlay, st.Casualties)
	}
	hb := st.Spaces[m.MustID("Hebei")]
	if hb.Pieces[CPCGuerrilla] != 2 || !hb.Terror || st.Spaces[m.MustID("Beijing-Tianjin")].Sabotage {
		t.Errorf("Hebei %+v: Guerrillas Underground, Terror kept, Sabotage gone", hb)
	}
	if st.LargeOffensiveUsed || st.Momentum != nil || st.Aid != 3 || st.Elig != [NumFactions]Eligibility{} {
		t.Errorf("LO used %v, momentum %v, aid %d, elig %v", st.LargeOffensiveUsed, st.Momentum, st.Aid, st.Elig)
	}
}
