package engine

import (
	"strings"
	"testing"
)

// TestAttack covers 3.3.3 space by space with forced dice: Activation of
// all Guerrillas, the roll against the number of Guerrillas, up to two JPN
// cubes (CPC's choice), a Guerrilla and a Patronage point per JPN Troop,
// Captured Goods, and the hundred_regiments Momentum.
func TestAttack(t *testing.T) {
	for _, tc := range []struct {
		name     string
		space    string
		u, a     int
		troops   int
		police   int
		roll     int
		modifier string
		offers   []string // removal choices, if the Attack succeeds
		remove   string
		want     map[Piece]int
		wantCas  Pieces
		wantPat  int
		sabotage bool
		pat      int // starting Patronage, if not the usual 10
	}{
		{name: "success: 1 Troop and 1 Police", space: "Hebei", u: 2, a: 1, troops: 2, police: 1, roll: 3,
			offers:  []string{"remove:2T0P", "remove:1T1P", "remove:1T0P", "remove:0T1P", "remove:0T0P"},
			remove:  "remove:1T1P",
			want:    map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 2, JPNTroop: 1, JPNPolice: 0},
			wantCas: Pieces{JPNTroop: 1, JPNPolice: 1}, wantPat: 9},
		{name: "success: two Troops cost two Guerrillas and 2 Patronage", space: "Hebei", u: 2, troops: 3, roll: 2,
			offers:  []string{"remove:2T0P", "remove:1T0P", "remove:0T0P"},
			remove:  "remove:2T0P",
			want:    map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 0, JPNTroop: 1},
			wantCas: Pieces{JPNTroop: 2}, wantPat: 8},
		{name: "roll above the Guerrillas: nothing but Activation", space: "Hebei", u: 2, troops: 1, police: 1, roll: 3,
			want: map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 2, JPNTroop: 1, JPNPolice: 1}, wantPat: 10},
		{name: "Police only: no Guerrilla or Patronage lost", space: "Hebei", u: 1, police: 3, roll: 1,
			offers: []string{"remove:0T2P", "remove:0T1P", "remove:0T0P"},
			remove: "remove:0T2P",
			// Captured Goods: a new Underground Guerrilla.
			want:    map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 1, JPNPolice: 1},
			wantCas: Pieces{JPNPolice: 2}, wantPat: 10},
		{name: "Captured Goods after losing the only Guerrilla", space: "Zhengzhou-Xi'an", u: 1, troops: 1, roll: 1,
			offers:  []string{"remove:1T0P", "remove:0T0P"},
			remove:  "remove:1T0P",
			want:    map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 0, JPNTroop: 0},
			wantCas: Pieces{JPNTroop: 1}, wantPat: 9},
		{name: "Patronage never below 0", space: "Hebei", u: 2, troops: 2, roll: 2,
			offers:  []string{"remove:2T0P", "remove:1T0P", "remove:0T0P"},
			remove:  "remove:2T0P",
			want:    map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 0, JPNTroop: 0},
			wantCas: Pieces{JPNTroop: 2}, wantPat: 0, pat: 1},
		{name: "hundred_regiments: three cubes and Sabotage on a LoC", space: "Zhengzhou-Xi'an", u: 3, troops: 2, police: 2, roll: 3,
			modifier: "hundred_regiments",
			offers:   []string{"remove:2T1P", "remove:2T0P", "remove:1T2P", "remove:1T1P", "remove:1T0P", "remove:0T2P", "remove:0T1P", "remove:0T0P"},
			remove:   "remove:1T2P",
			want:     map[Piece]int{CPCGuerrillaActive: 2, JPNTroop: 1, JPNPolice: 0},
			wantCas:  Pieces{JPNTroop: 1, JPNPolice: 2}, wantPat: 9, sabotage: true},
		{name: "hundred_regiments: no Sabotage when nothing removed", space: "Zhengzhou-Xi'an", u: 1, police: 1, roll: 2,
			modifier: "hundred_regiments",
			want:     map[Piece]int{CPCGuerrillaActive: 1, JPNPolice: 1}, wantPat: 10},
		{name: "hundred_regiments in a Province: no Sabotage", space: "Hebei", u: 3, police: 3, roll: 3,
			modifier: "hundred_regiments",
			offers:   []string{"remove:0T3P", "remove:0T2P", "remove:0T1P", "remove:0T0P"},
			remove:   "remove:0T3P",
			want:     map[Piece]int{CPCGuerrillaActive: 3, JPNPolice: 0},
			wantCas:  Pieces{JPNPolice: 3}, wantPat: 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cpcState(t)
			if tc.pat != 0 {
				s.Patronage = tc.pat
			}
			if tc.modifier != "" {
				s.Momentum = []string{tc.modifier}
			}
			put(t, s, tc.space, CPCGuerrilla, tc.u)
			put(t, s, tc.space, CPCGuerrillaActive, tc.a)
			put(t, s, tc.space, JPNTroop, tc.troops)
			put(t, s, tc.space, JPNPolice, tc.police)
			rigDice(t, s, tc.roll)
			g := cpcGame(t, s)
			cpcDo(t, g, "op:attack", "space:"+tc.space)
			if tc.u > 0 {
				// An Underground Guerrilla: Ambush could replace the Attack.
				cpcOffers(t, g, "attack:roll", "attack:ambush")
				cpcDo(t, g, "attack:roll")
			}
			if tc.offers != nil {
				cpcOffers(t, g, tc.offers...)
				cpcDo(t, g, tc.remove)
			}
			// No other space; Tax only if an Underground Guerrilla is left.
			if p := g.Prompt(); p != nil {
				cpcDo(t, g, "done", "done")
			}
			cpcOpDone(t, g)
			cpcWant(t, g, tc.space, tc.want)
			st := g.State()
			if st.Casualties != tc.wantCas {
				t.Errorf("Casualties %v, want %v", st.Casualties, tc.wantCas)
			}
			if st.Patronage != tc.wantPat {
				t.Errorf("Patronage %d, want %d", st.Patronage, tc.wantPat)
			}
			if st.Resources[CPC] != 9 {
				t.Errorf("Resources %d, want 9", st.Resources[CPC])
			}
			if got := cpcSpace(st, tc.space).Sabotage; got != tc.sabotage {
				t.Errorf("Sabotage %v, want %v", got, tc.sabotage)
			}
			if !strings.Contains(logText(g), "rolled "+string(rune('0'+tc.roll))) {
				t.Errorf("log does not show the roll:\n%s", logText(g))
			}
		})
	}
}

// TestAttackSpacesAndCost: only spaces with CPC Guerrillas and JPN forces,
// 1 Resource each; not offered at 0 Resources.
func TestAttackSpacesAndCost(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 2
	put(t, s, "Hebei", CPCGuerrillaActive, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Shandong", CPCGuerrillaActive, 1)
	put(t, s, "Shandong", JPNTroop, 1)
	put(t, s, "Henan", CPCGuerrillaActive, 1) // no JPN
	put(t, s, "Anhui", JPNTroop, 1)           // no CPC
	put(t, s, "Jiangsu", CPCGuerrillaActive, 1)
	put(t, s, "Jiangsu", JPNTroop, 1)
	rigDice(t, s, 6, 6)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:attack")
	cpcOffers(t, g, "space:Hebei", "space:Shandong", "space:Jiangsu")
	cpcDo(t, g, "space:Hebei", "space:Jiangsu") // both fail (6)
	cpcOpDone(t, g)                             // 0 Resources: no third space, nothing else to do
	if r := g.State().Resources[CPC]; r != 0 {
		t.Errorf("Resources %d, want 0", r)
	}

	s = cpcState(t)
	s.Resources[CPC] = 0
	put(t, s, "Hebei", CPCGuerrillaActive, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Zhengzhou-Xi'an", CPCGuerrilla, 1) // a free Agitate, so CPC has a choice
	// Sabotaged, so no Tax there can pay for the Attack (C16).
	s.Spaces[DefaultMap().MustID("Zhengzhou-Xi'an")].Sabotage = true
	g = cpcGame(t, s)
	cpcLacks(t, g, "op:attack")
	cpcRefused(t, g, "op:attack")
}

// TestAttackLimited: one space and no Ambush (2.3.5).
func TestAttackLimited(t *testing.T) {
	s := cpcState(t)
	cpcSecond(s)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Shandong", CPCGuerrilla, 1)
	put(t, s, "Shandong", JPNPolice, 1)
	rigDice(t, s, 6)
	g := cpcGame(t, s)
	cpcDo(t, g, "limop:attack")
	cpcOffers(t, g, "space:Hebei", "space:Shandong")
	cpcDo(t, g, "space:Hebei") // rolls at once: no Ambush question
	cpcOpDone(t, g)
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrillaActive: 1, JPNPolice: 1})
	cpcWant(t, g, "Shandong", map[Piece]int{CPCGuerrilla: 1})
	if cpcDid(g) != DidLimOp {
		t.Errorf("did %s", cpcDid(g))
	}
}

// TestAmbush: up to two Attack spaces, each with an Underground Guerrilla,
// may be Ambushed instead of rolling (4.5.3): one Guerrilla Activated, one
// JPN cube removed (CPC's choice), and for a Troop a Guerrilla and 1
// Patronage lost.
func TestAmbush(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 2)
	put(t, s, "Hebei", JPNTroop, 2)
	put(t, s, "Shandong", CPCGuerrilla, 1)
	put(t, s, "Shandong", JPNTroop, 1)
	put(t, s, "Shandong", JPNPolice, 1)
	put(t, s, "Henan", CPCGuerrilla, 1)
	put(t, s, "Henan", JPNTroop, 1)
	put(t, s, "Anhui", CPCGuerrilla, 1) // for Tax
	rigDice(t, s, 6)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:attack")
	// Ambush is never offered as a Special Activity of its own during an
	// Attack: it is chosen in a selected space.
	cpcOffers(t, g, "space:Hebei", "space:Shandong", "space:Henan", "sa:tax")
	cpcDo(t, g, "space:Hebei", "attack:ambush") // only Troops: the cube is forced
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 0, JPNTroop: 1})
	if st := g.State(); st.Patronage != 9 || st.Casualties[JPNTroop] != 1 {
		t.Errorf("Patronage %d, Casualties %v", st.Patronage, st.Casualties)
	}
	// Tax is no longer possible: Ambush is the Special Activity.
	cpcOffers(t, g, "space:Shandong", "space:Henan", "done")
	cpcDo(t, g, "space:Shandong", "attack:ambush")
	cpcOffers(t, g, "piece:jpn_troops", "piece:jpn_police")
	cpcDo(t, g, "piece:jpn_police")
	cpcWant(t, g, "Shandong", map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 1, JPNTroop: 1, JPNPolice: 0})
	// A third space: no Ambush left, the usual Attack (roll 6: fails).
	cpcDo(t, g, "space:Henan")
	cpcOpDone(t, g)
	cpcWant(t, g, "Henan", map[Piece]int{CPCGuerrillaActive: 1, JPNTroop: 1})
	st := g.State()
	if st.Patronage != 9 || st.Resources[CPC] != 7 || cpcDid(g) != DidOpSA {
		t.Errorf("Patronage %d, Resources %d, did %s; want 9, 7, op+sa", st.Patronage, st.Resources[CPC], cpcDid(g))
	}
	if !strings.Contains(logText(g), "CPC executes Ambush.") {
		t.Errorf("log:\n%s", logText(g))
	}
}

// TestAmbushNeedsUnderground: a space with only Active Guerrillas is
// Attacked the usual way; after the Attack, Ambush is not offered (no
// selected space is left unresolved, even though Shandong could have been
// selected and Ambushed) though Tax is.
func TestAmbushNeedsUnderground(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrillaActive, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Shandong", CPCGuerrilla, 1)
	put(t, s, "Shandong", JPNPolice, 1)
	rigDice(t, s, 6)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:attack", "space:Hebei") // no Ambush question
	cpcOffers(t, g, "space:Shandong", "sa:tax", "done")
	cpcDo(t, g, "done")
	cpcOffers(t, g, "sa:tax", "done") // finishSA: Tax only
	cpcDo(t, g, "done")
	cpcOpDone(t, g)
	if cpcDid(g) != DidOp {
		t.Errorf("did %s, want op", cpcDid(g))
	}
}

// TestAttackFreeWithAmbush: an Event's free Attack in up to 2 spaces with a
// free Ambush (#44) costs nothing and may Ambush its spaces.
func TestAttackFreeWithAmbush(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 0
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Hebei", JPNTroop, 1)
	put(t, s, "Shandong", CPCGuerrilla, 1)
	put(t, s, "Shandong", JPNPolice, 1)
	put(t, s, "Henan", CPCGuerrilla, 1)
	put(t, s, "Henan", JPNPolice, 1)
	rigDice(t, s, 6)
	g := cpcFree(t, s, func() *opCtx {
		return &opCtx{f: CPC, kind: Attack, free: true, maxSpaces: 2, saKinds: []SAKind{Ambush}}
	})
	cpcOffers(t, g, "space:Hebei", "space:Shandong", "space:Henan")
	cpcDo(t, g, "space:Hebei", "attack:ambush", "space:Shandong", "attack:roll")
	if g.Prompt() != nil {
		t.Fatalf("unexpected prompt %+v", g.Prompt()) // two spaces: over
	}
	cpcWant(t, g, "Hebei", map[Piece]int{JPNTroop: 0, CPCGuerrilla: 0, CPCGuerrillaActive: 0})
	cpcWant(t, g, "Shandong", map[Piece]int{JPNPolice: 1, CPCGuerrillaActive: 1})
	if st := g.State(); st.Resources[CPC] != 0 || st.Patronage != 9 {
		t.Errorf("Resources %d, Patronage %d", st.Resources[CPC], st.Patronage)
	}
}

// TestAmbushAfterTax: with Tax executed, Ambush is not offered (one
// Special Activity, 4.1).
func TestAmbushAfterTax(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 2)
	put(t, s, "Hebei", JPNPolice, 1)
	rigDice(t, s, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:attack", "sa:tax")
	// Hebei was the only space for Tax and then for the Attack: both chosen
	// by the engine. Roll 1: success without an Ambush question.
	cpcOffers(t, g, "remove:0T1P", "remove:0T0P")
	cpcDo(t, g, "remove:0T1P")
	cpcOpDone(t, g)
	// Captured Goods: 2 Active + 1 new Underground.
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 2, JPNPolice: 0})
	if r := g.State().Resources[CPC]; r != 10 {
		t.Errorf("Resources %d, want 10 - 1 + 1", r)
	}
}

// TestAmbushFree: a free Ambush by an Event "occurs as if the space has
// been selected for a free Attack" (4.5.3): spaces with CPC Guerrillas
// (one Underground) and JPN forces, within the Event's narrowing.
func TestAmbushFree(t *testing.T) {
	m := DefaultMap()
	shanxi := m.MustID("Shanxi")
	setup := func(t *testing.T) *State {
		s := cpcState(t)
		s.Resources[CPC] = 0
		put(t, s, "Shanxi", CPCGuerrilla, 2)
		put(t, s, "Shanxi", JPNTroop, 1)
		put(t, s, "Hebei", CPCGuerrilla, 1)
		put(t, s, "Hebei", JPNPolice, 1)
		put(t, s, "Henan", CPCGuerrillaActive, 1) // no Underground Guerrilla
		put(t, s, "Henan", JPNPolice, 1)
		put(t, s, "Anhui", CPCGuerrilla, 1) // no JPN
		return s
	}
	t.Run("narrowed to one space", func(t *testing.T) {
		g := cpcFree(t, setup(t), func() *opCtx {
			return &opCtx{f: CPC, free: true, saKinds: []SAKind{Ambush}, maxSpaces: 1, where: func(id SpaceID) bool {
				return id == shanxi || (m.Spaces[id].IsLoC() && m.Adjacent(id, shanxi))
			}}
		})
		// Shanxi is the only space: chosen by the engine, and its only cube.
		if g.Prompt() != nil {
			t.Fatalf("unexpected prompt %+v", g.Prompt())
		}
		// One Activated, then one (Active first) removed for the Troop.
		cpcWant(t, g, "Shanxi", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 0, JPNTroop: 0})
		cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 1, JPNPolice: 1})
		if st := g.State(); st.Patronage != 9 || st.Resources[CPC] != 0 {
			t.Errorf("Patronage %d, Resources %d", st.Patronage, st.Resources[CPC])
		}
	})
	t.Run("up to two spaces", func(t *testing.T) {
		g := cpcFree(t, setup(t), func() *opCtx {
			return &opCtx{f: CPC, free: true, saKinds: []SAKind{Ambush}}
		})
		cpcOffers(t, g, "space:Shanxi", "space:Hebei")
		cpcDo(t, g, "space:Hebei")
		cpcOffers(t, g, "space:Shanxi", "done")
		cpcDo(t, g, "space:Shanxi")
		if g.Prompt() != nil {
			t.Fatalf("unexpected prompt %+v", g.Prompt())
		}
		cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrillaActive: 1, JPNPolice: 0})
		if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("nowhere possible", func(t *testing.T) {
		s := setup(t)
		g := cpcFree(t, s, func() *opCtx {
			return &opCtx{f: CPC, free: true, saKinds: []SAKind{Ambush}, where: func(id SpaceID) bool { return m.Spaces[id].Name == "Henan" }}
		})
		if !strings.Contains(logText(g), "cannot") {
			t.Errorf("Ambush ran in Henan with no Underground Guerrilla")
		}
	})
}
