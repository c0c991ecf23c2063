package engine

import (
	"testing"
)

// MARCH EXAMPLE A (3.3.2): two Underground Guerrillas march from Shaanxi to
// Sichuan, at Support with one NAT and one WLD Troop: 2 + 2 = 4 > 3, so they
// are Activated. They pay 1 Resource.
func TestMarchExampleA(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Shaanxi", CPCGuerrilla, 2)
	put(t, s, "Sichuan", NATTroop, 1)
	put(t, s, "Sichuan", WLDTroop, 1)
	cpcSpace(s, "Sichuan").Support = Support
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march")
	cpcOffers(t, g, "space:Shaanxi", "sa:tax") // no "done" before a group moved
	cpcDo(t, g, "space:Shaanxi")
	cpcOffers(t, g, "count:1", "count:2")
	cpcDo(t, g, "count:2")
	cpcOffers(t, g, "space:Suiyuan", "space:Shanxi", "space:Gansu", "space:Henan", "space:Hubei", "space:Sichuan", "space:Zhengzhou-Xi'an")
	cpcDo(t, g, "space:Sichuan")
	// Nothing else can move and no Special Activity is possible: the March
	// ends by itself.
	cpcOpDone(t, g)
	cpcWant(t, g, "Sichuan", map[Piece]int{CPCGuerrillaActive: 2, CPCGuerrilla: 0, NATTroop: 1, WLDTroop: 1})
	cpcWant(t, g, "Shaanxi", map[Piece]int{CPCGuerrilla: 0})
	if r := g.State().Resources[CPC]; r != 9 {
		t.Errorf("Resources %d, want 9", r)
	}
}

// MARCH EXAMPLE B (3.3.2): four Guerrillas march from Shaanxi to Shanxi at
// Opposition, paying 1; they stay Underground and may pay 1 more to move
// into another adjacent Province, and again from there if it is also at
// Opposition.
func TestMarchExampleB(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Shaanxi", CPCGuerrilla, 4)
	for _, p := range []string{"Shanxi", "Hebei"} {
		cpcSpace(s, p).Support = Opposition
	}
	cpcSpace(s, "Shandong").Support = Support
	put(t, s, "Shandong", JPNPolice, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi", "count:4", "space:Shanxi")
	cpcWant(t, g, "Shanxi", map[Piece]int{CPCGuerrilla: 4})
	if r := g.State().Resources[CPC]; r != 9 {
		t.Errorf("Resources %d, want 9", r)
	}
	// Continue from Shanxi (Opposition): any adjacent space, even back to
	// Shaanxi (only the pair Shaanxi->Shanxi is used), or stop.
	cpcHas(t, g, "space:Hebei", "space:Henan", "space:Shaanxi", "space:Zhengzhou-Xi'an", "done")
	cpcDo(t, g, "space:Hebei")
	cpcOffers(t, g, "count:1", "count:2", "count:3", "count:4")
	cpcDo(t, g, "count:4")
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 4})
	if r := g.State().Resources[CPC]; r != 8 {
		t.Errorf("Resources %d, want 8 (1 per destination Province)", r)
	}
	// Hebei is at Opposition too: continue again, into Shandong at Support
	// with 1 cube: 4 + 1 > 3, Activated.
	cpcDo(t, g, "space:Shandong", "count:4")
	cpcWant(t, g, "Shandong", map[Piece]int{CPCGuerrillaActive: 4, CPCGuerrilla: 0})
	if r := g.State().Resources[CPC]; r != 7 {
		t.Errorf("Resources %d, want 7", r)
	}
	cpcOpDone(t, g) // Shandong is not at Opposition: the group stops
}

// TestMarchPartialContinue: part of a group may continue; the rest stays,
// and may not move again.
func TestMarchPartialContinue(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Shaanxi", CPCGuerrilla, 3)
	cpcSpace(s, "Shanxi").Support = Opposition
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi", "count:3", "space:Shanxi", "space:Henan", "count:1")
	cpcWant(t, g, "Shanxi", map[Piece]int{CPCGuerrilla: 2})
	cpcWant(t, g, "Henan", map[Piece]int{CPCGuerrilla: 1})
	// Henan is Neutral: no continuation. The origin prompt offers nothing
	// to move (all have moved), only the Special Activity and done.
	cpcOffers(t, g, "sa:tax", "done")
	cpcDo(t, g, "done", "done")
	cpcOpDone(t, g)
	if r := g.State().Resources[CPC]; r != 8 {
		t.Errorf("Resources %d, want 8", r)
	}
}

// TestMarchCostPerDestination: a destination Province is paid once however
// many groups enter it (ruling); LoCs cost nothing. The Guerrillas moving
// from one space to another move as one group, and a Guerrilla moves once.
func TestMarchCostPerDestination(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Shaanxi", CPCGuerrilla, 3)
	put(t, s, "Henan", CPCGuerrilla, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi", "count:2", "space:Hubei")
	cpcDo(t, g, "space:Henan", "space:Hubei") // count 1 forced
	if r := g.State().Resources[CPC]; r != 9 {
		t.Errorf("Resources %d, want 9 (Hubei paid once)", r)
	}
	// Hubei's Guerrillas have all moved; Shaanxi has one left, which may
	// not form a second group into Hubei.
	cpcLacks(t, g, "space:Hubei", "space:Henan")
	cpcDo(t, g, "space:Shaanxi")
	cpcLacks(t, g, "space:Hubei")
	cpcDo(t, g, "space:Zhengzhou-Xi'an")
	if r := g.State().Resources[CPC]; r != 9 {
		t.Errorf("Resources %d, want 9 (LoCs are free)", r)
	}
	cpcWant(t, g, "Hubei", map[Piece]int{CPCGuerrilla: 3})
	cpcWant(t, g, "Zhengzhou-Xi'an", map[Piece]int{CPCGuerrilla: 1})
	cpcDo(t, g, "done", "done")
	cpcOpDone(t, g)
}

// TestMarchActivation: a group is set Active only in a Province at Support
// or on a LoC, and only when its size plus the cubes there exceeds three.
func TestMarchActivation(t *testing.T) {
	for _, tc := range []struct {
		name         string
		dest         string
		support      int
		cubes        []Piece
		u, a         int // group
		wantU, wantA int
	}{
		{"LoC: 2 + 2 cubes", "Zhengzhou-Xi'an", Neutral, []Piece{JPNTroop, JPNPolice}, 2, 0, 0, 2},
		{"LoC: 1 + 2 cubes = 3", "Zhengzhou-Xi'an", Neutral, []Piece{JPNTroop, NATTroop}, 1, 0, 1, 0},
		{"LoC: 4 Guerrillas, no cubes", "Zhengzhou-Xi'an", Neutral, nil, 4, 0, 0, 4},
		{"Support: 1 + 3 cubes", "Sichuan", Support, []Piece{WLDTroop, WLDTroop, JPNPolice}, 1, 0, 0, 1},
		{"Support: 2 + 1 cube = 3", "Sichuan", Support, []Piece{NATTroop}, 2, 0, 2, 0},
		{"Support: Bases and Guerrillas are not cubes", "Sichuan", Support, []Piece{NATBase, NATGuerrilla, CPCGuerrilla}, 2, 0, 2, 0},
		{"Neutral: 3 + 5 cubes", "Sichuan", Neutral, []Piece{JPNTroop, JPNTroop, JPNTroop, NATTroop, NATTroop}, 3, 0, 3, 0},
		{"Opposition: 4 + 2 cubes", "Sichuan", Opposition, []Piece{JPNTroop, JPNTroop}, 4, 0, 4, 0},
		{"mixed group keeps its states", "Hubei", Neutral, nil, 1, 1, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cpcState(t)
			s.Resources[CPC] = 1
			put(t, s, "Shaanxi", CPCGuerrilla, tc.u)
			put(t, s, "Shaanxi", CPCGuerrillaActive, tc.a)
			for _, k := range tc.cubes {
				put(t, s, tc.dest, k, 1)
			}
			cpcSpace(s, tc.dest).Support = tc.support
			before := cpcSpace(s, tc.dest).Pieces
			g := cpcGame(t, s)
			n := tc.u + tc.a
			cpcDo(t, g, "op:march", "space:Shaanxi")
			if n > 1 {
				cpcDo(t, g, "count:"+string(rune('0'+n)))
			}
			cpcDo(t, g, "space:"+tc.dest)
			got := cpcPieces(g, tc.dest)
			if du, da := got.N(CPCGuerrilla)-before.N(CPCGuerrilla), got.N(CPCGuerrillaActive)-before.N(CPCGuerrillaActive); du != tc.wantU || da != tc.wantA {
				t.Errorf("arrived %d Underground, %d Active; want %d, %d", du, da, tc.wantU, tc.wantA)
			}
			if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestMarchMixedGroup: when a space has both Underground and Active
// Guerrillas, the player chooses how many of each move (ruling).
func TestMarchMixedGroup(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Shaanxi", CPCGuerrilla, 2)
	put(t, s, "Shaanxi", CPCGuerrillaActive, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi", "count:2")
	cpcOffers(t, g, "count:1", "count:2") // Underground: at least 1 (one Active), at most 2
	cpcDo(t, g, "count:1", "space:Hubei")
	cpcWant(t, g, "Hubei", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 1})
	cpcWant(t, g, "Shaanxi", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 0})
}

// TestMarchNeverForeign: CPC never moves into Manchukuo or French Indochina
// (1.3.5, 3.1.3).
func TestMarchNeverForeign(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Yunnan", CPCGuerrilla, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Hebei")
	cpcHas(t, g, "space:Chahar", "space:Beijing-Tianjin")
	cpcLacks(t, g, "space:Manchukuo")
	s = cpcState(t)
	put(t, s, "Yunnan", CPCGuerrilla, 1)
	g = cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Yunnan")
	cpcOffers(t, g, "space:Sichuan", "space:Guizhou", "space:Guangxi", "space:Kunming-Hekou")
}

// TestMarchCannotPay: without Resources a March may only enter LoCs; with
// Guerrillas whose neighbours are all Provinces it is not offered at all.
func TestMarchCannotPay(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 0
	put(t, s, "Gansu", CPCGuerrillaActive, 1)    // Suiyuan, Shaanxi, Sichuan: all Provinces
	put(t, s, "Fuzhou-Nanping", CPCGuerrilla, 1) // Zhejiang, Jiangxi, Fujian: all Provinces
	// No Tax can pay for a Province either (C16): the Guerrilla in Gansu
	// is Active and the LoC Sabotaged.
	s.Spaces[DefaultMap().MustID("Fuzhou-Nanping")].Sabotage = true
	g := cpcGame(t, s)
	cpcOffers(t, g, "pass", "op:agitate", "event:unshaded", "event:shaded") // Agitate on the LoC is free; the Event is always offered
	cpcRefused(t, g, "op:march")
	s = cpcState(t)
	s.Resources[CPC] = 0
	put(t, s, "Gansu", CPCGuerrilla, 1)
	put(t, s, "Shaanxi", CPCGuerrilla, 1)
	g = cpcGame(t, s)
	cpcDo(t, g, "op:march")
	cpcOffers(t, g, "space:Shaanxi", "sa:tax") // Gansu's Guerrilla cannot go anywhere
	cpcDo(t, g, "space:Shaanxi")               // its only destination, the LoC, is forced
	cpcWant(t, g, "Zhengzhou-Xi'an", map[Piece]int{CPCGuerrilla: 1})
	cpcDo(t, g, "done", "done")
	cpcOpDone(t, g)
	if r := g.State().Resources[CPC]; r != 0 {
		t.Errorf("Resources %d, want 0", r)
	}
}

// TestMarchContinueUnaffordable: continuing costs 1 per new destination
// Province; with no Resources left only LoCs are offered.
func TestMarchContinueUnaffordable(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 1
	put(t, s, "Shaanxi", CPCGuerrilla, 1)
	cpcSpace(s, "Shanxi").Support = Opposition
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi", "space:Shanxi")
	cpcOffers(t, g, "space:Beijing-Zhangjiakou", "space:Zhangjiakou-Datong", "space:Datong-Baotou", "space:Datong-Taiyuan",
		"space:Taiyuan-Shijiazhuang", "space:Beijing-Shijiazhuang", "space:Shijiazhuang-Zhengzhou", "space:Zhengzhou-Xi'an", "done")
}

// TestMarchLimited: a Limited March has one destination; groups may come
// from several origins, may not continue, and no Special Activity is
// offered (2.3.5).
func TestMarchLimited(t *testing.T) {
	s := cpcState(t)
	cpcSecond(s)
	put(t, s, "Shaanxi", CPCGuerrilla, 2)
	put(t, s, "Henan", CPCGuerrilla, 1)
	put(t, s, "Guizhou", CPCGuerrilla, 1)
	cpcSpace(s, "Hubei").Support = Opposition
	g := cpcGame(t, s)
	cpcDo(t, g, "limop:march")
	cpcOffers(t, g, "space:Shaanxi", "space:Henan", "space:Guizhou")
	cpcDo(t, g, "space:Shaanxi", "count:2", "space:Hubei")
	// At Opposition, but a Limited March cannot continue (a second
	// destination): no question. The other origins may only go to Hubei.
	cpcOffers(t, g, "space:Henan", "space:Guizhou", "done")
	cpcDo(t, g, "space:Henan") // destination Hubei forced
	cpcDo(t, g, "done")
	cpcOpDone(t, g)
	cpcWant(t, g, "Hubei", map[Piece]int{CPCGuerrilla: 3})
	if r := g.State().Resources[CPC]; r != 9 || cpcDid(g) != DidLimOp {
		t.Errorf("Resources %d, did %s; want 9, limop", r, cpcDid(g))
	}
}

// TestMarchFreeWhere: an Event's free March narrowed to some destinations
// costs nothing and enters only those (deck.md free_op).
func TestMarchFreeWhere(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 0
	put(t, s, "Shaanxi", CPCGuerrilla, 1)
	m := DefaultMap()
	hubei, sichuan := m.MustID("Hubei"), m.MustID("Sichuan")
	g := cpcFree(t, s, func() *opCtx {
		return &opCtx{f: CPC, kind: March, free: true, where: func(id SpaceID) bool { return id == hubei || id == sichuan }}
	})
	// The only origin is chosen by the engine (no Special Activity here).
	cpcOffers(t, g, "space:Hubei", "space:Sichuan")
	cpcDo(t, g, "space:Sichuan")
	if g.Prompt() != nil {
		t.Fatalf("unexpected prompt %+v", g.Prompt())
	}
	cpcWant(t, g, "Sichuan", map[Piece]int{CPCGuerrilla: 1})
	if r := g.State().Resources[CPC]; r != 0 {
		t.Errorf("Resources %d, want 0", r)
	}
}

// TestMarchTaxBetweenGroups: a Special Activity may come between groups
// (4.1); Tax in a space whose Guerrillas moved keeps the record straight.
func TestMarchTaxBetweenGroups(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Shaanxi", CPCGuerrilla, 2)
	put(t, s, "Gansu", CPCGuerrilla, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi", "count:2", "space:Hubei")
	cpcDo(t, g, "sa:tax", "space:Hubei", "done")
	cpcWant(t, g, "Hubei", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 1})
	// Hubei's Guerrillas still may not move; Gansu's may.
	cpcOffers(t, g, "space:Gansu", "done")
	cpcDo(t, g, "space:Gansu", "space:Sichuan")
	cpcOpDone(t, g) // nothing more to move, Special Activity used
	if r := g.State().Resources[CPC]; r != 9 {
		t.Errorf("Resources %d, want 10 - 2 + 1 = 9", r)
	}
	if cpcDid(g) != DidOpSA {
		t.Errorf("did %s, want op+sa", cpcDid(g))
	}
}

// TestMarchFloods: Floods stop only Troops and Police (deck.md §6 c):
// Guerrillas March into a Flooded Province and its LoCs.
func TestMarchFloods(t *testing.T) {
	s := cpcState(t)
	s.Floods = "Henan"
	put(t, s, "Shaanxi", CPCGuerrilla, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "space:Shaanxi")
	cpcHas(t, g, "space:Henan", "space:Zhengzhou-Xi'an")
	cpcDo(t, g, "space:Henan")
	cpcWant(t, g, "Henan", map[Piece]int{CPCGuerrilla: 1})
}
