package engine

import (
	"strings"
	"testing"
)

// cpcActed halts a game once CPC has acted on the card.
func cpcActed(s *State) bool {
	_, ok := s.actOf(CPC)
	return ok
}

// TestTaxRallyPauseExample is the example of 4.1: "CPC may Rally until at
// 0 Resources, then pause to Tax and gain Resources, then continue to Rally
// in additional spaces", through the real prompts.
func TestTaxRallyPauseExample(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 1
	put(t, s, "Shaanxi", CPCGuerrilla, 1)
	put(t, s, "Zhengzhou-Xi'an", CPCGuerrilla, 1)
	put(t, s, "Zhengzhou-Wuhan", CPCGuerrilla, 1) // Sabotaged LoC: no Tax
	cpcSpace(s, "Zhengzhou-Wuhan").Sabotage = true
	put(t, s, "Hunan", CPCGuerrillaActive, 1) // Active only: no Tax
	g := cpcGame(t, s)
	cpcDo(t, g, "op:rally")
	cpcHas(t, g, "space:Hebei", "sa:tax")
	cpcDo(t, g, "space:Hebei") // 1 -> 0 Resources; place 1 (forced)
	// At 0 Resources no Province can be paid for: pause to Tax, or stop.
	cpcOffers(t, g, "sa:tax", "done")
	cpcDo(t, g, "sa:tax")
	cpcOffers(t, g, "space:Shaanxi", "space:Zhengzhou-Xi'an", "space:Hebei")
	cpcDo(t, g, "space:Shaanxi")
	cpcOffers(t, g, "space:Zhengzhou-Xi'an", "space:Hebei", "done")
	cpcDo(t, g, "space:Zhengzhou-Xi'an", "done")
	if r := g.State().Resources[CPC]; r != 2 {
		t.Fatalf("after Tax: Resources %d, want 2", r)
	}
	// Continue to Rally in additional spaces; no Special Activity now.
	cpcHas(t, g, "space:Henan", "space:Hunan", "done")
	cpcLacks(t, g, "sa:tax", "space:Hebei")
	cpcDo(t, g, "space:Henan", "space:Hunan")
	cpcOpDone(t, g) // 0 Resources again, Special Activity used: over
	st := g.State()
	if st.Resources[CPC] != 0 || cpcDid(g) != DidOpSA {
		t.Errorf("Resources %d, did %s; want 0, op+sa", st.Resources[CPC], cpcDid(g))
	}
	cpcWant(t, g, "Shaanxi", map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 1})
	cpcWant(t, g, "Zhengzhou-Xi'an", map[Piece]int{CPCGuerrilla: 0, CPCGuerrillaActive: 1})
	cpcWant(t, g, "Zhengzhou-Wuhan", map[Piece]int{CPCGuerrilla: 1})
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 1})
	cpcWant(t, g, "Henan", map[Piece]int{CPCGuerrilla: 1})
	cpcWant(t, g, "Hunan", map[Piece]int{CPCGuerrilla: 1, CPCGuerrillaActive: 1})
	log := logText(g)
	for _, want := range []string{"CPC executes Tax.", "Tax in Shaanxi", "Rally in Hunan"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestTaxCap: Tax adds 1 per space up to 60 (1.8), and accompanies any
// Operation, here a free LoC Agitate.
func TestTaxCap(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 59
	put(t, s, "Zhengzhou-Xi'an", CPCGuerrilla, 2)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Henan", CPCGuerrilla, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:agitate", "space:Zhengzhou-Xi'an", "count:1", "done", "sa:tax", "space:Hebei", "space:Henan")
	// The LoC is Sabotaged now: not taxable. Nothing left: Tax ends.
	cpcOpDone(t, g)
	if r := g.State().Resources[CPC]; r != 60 {
		t.Errorf("Resources %d, want 60", r)
	}
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrillaActive: 1})
	cpcWant(t, g, "Henan", map[Piece]int{CPCGuerrillaActive: 1})
}

// TestSubvert covers 4.5.2 in one space: remove two enemy pieces or
// replace one with a CPC Guerrilla; never JPN Troops; Bases last; removed
// pieces (cubes too) to Available; Patronage -1 for replacing a NAT piece;
// the Guerrilla used stays Underground.
func TestSubvert(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pieces  []Piece
		mode    string
		steps   [][]string // offered piece choices, then the one taken
		want    map[Piece]int
		wantPat int
	}{
		{"remove Police and a NAT Troop, never JPN Troops",
			[]Piece{JPNTroop, JPNTroop, JPNPolice, NATTroop, NATBase},
			"subvert:remove",
			[][]string{{"piece:jpn_police", "piece:nat_troops", "piece:jpn_police"}}, // then the NAT Troop, forced
			map[Piece]int{JPNTroop: 2, JPNPolice: 0, NATTroop: 0, NATBase: 1, CPCGuerrilla: 1}, 10},
		{"Bases last: the NAT Base after the NAT Troop",
			[]Piece{NATTroop, NATBase, WLDTroop},
			"subvert:remove",
			[][]string{{"piece:nat_troops", "piece:wld_troops", "piece:nat_troops"}, {"piece:nat_bases", "piece:wld_troops", "piece:nat_bases"}},
			map[Piece]int{NATTroop: 0, NATBase: 0, WLDTroop: 1}, 10},
		{"Underground NAT Guerrillas may be removed; one piece if only one",
			[]Piece{NATGuerrilla},
			"subvert:remove",
			nil,
			map[Piece]int{NATGuerrilla: 0, CPCGuerrilla: 1}, 10},
		{"replace a NAT Troop: Patronage -1",
			[]Piece{NATTroop, WLDTroop, JPNTroop},
			"subvert:replace",
			[][]string{{"piece:nat_troops", "piece:wld_troops", "piece:nat_troops"}},
			map[Piece]int{NATTroop: 0, WLDTroop: 1, JPNTroop: 1, CPCGuerrilla: 2, CPCGuerrillaActive: 0}, 9},
		{"replace a lone WLD Base",
			[]Piece{WLDBase},
			"subvert:replace",
			nil,
			map[Piece]int{WLDBase: 0, CPCGuerrilla: 2}, 10},
		{"replace JPN Police: no Patronage",
			[]Piece{JPNPolice, WLDBase, WLDTroop},
			"subvert:replace",
			[][]string{{"piece:jpn_police", "piece:wld_troops", "piece:jpn_police"}},
			map[Piece]int{JPNPolice: 0, WLDBase: 1, CPCGuerrilla: 2}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cpcState(t)
			put(t, s, "Hebei", CPCGuerrilla, 1)
			for _, k := range tc.pieces {
				put(t, s, "Hebei", k, 1)
			}
			avail := s.Available
			g := cpcGame(t, s)
			cpcDo(t, g, "op:rally", "sa:subvert") // Hebei is the only space: forced
			cpcOffers(t, g, "subvert:remove", "subvert:replace")
			cpcDo(t, g, tc.mode)
			for _, st := range tc.steps {
				cpcOffers(t, g, st[:len(st)-1]...)
				cpcDo(t, g, st[len(st)-1])
			}
			cpcWant(t, g, "Hebei", tc.want)
			st := g.State()
			if st.Patronage != tc.wantPat {
				t.Errorf("Patronage %d, want %d", st.Patronage, tc.wantPat)
			}
			// Every enemy piece removed went to Available.
			for _, k := range subvertKinds {
				gone := cpcSpace(s, "Hebei").Pieces[k] - cpcPieces(g, "Hebei")[k]
				if st.Available[k]-avail[k] != gone {
					t.Errorf("%s: %d gone from Hebei, %d more Available", k, gone, st.Available[k]-avail[k])
				}
			}
			quiet(t, g, cpcActed)
			if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSubvertSpaces: up to two spaces with an Underground CPC Guerrilla and
// an enemy piece it may affect; Subvert accompanies Rally, March and
// Agitate only (4.5.2).
func TestSubvertSpaces(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Shandong", CPCGuerrilla, 1)
	put(t, s, "Shandong", NATTroop, 1)
	put(t, s, "Henan", CPCGuerrilla, 1)
	put(t, s, "Henan", JPNTroop, 1) // JPN Troops only: no Subvert
	put(t, s, "Anhui", CPCGuerrillaActive, 1)
	put(t, s, "Anhui", JPNPolice, 1) // no Underground Guerrilla
	put(t, s, "Jiangsu", CPCGuerrilla, 1)
	put(t, s, "Jiangsu", WLDTroop, 1)
	g := cpcGame(t, s)
	cpcDo(t, g, "op:march", "sa:subvert")
	cpcOffers(t, g, "space:Hebei", "space:Shandong", "space:Jiangsu")
	cpcDo(t, g, "space:Hebei", "subvert:remove") // the Police: forced
	cpcOffers(t, g, "space:Shandong", "space:Jiangsu", "done")
	cpcDo(t, g, "space:Shandong", "subvert:replace") // the NAT Troop: forced
	// Two spaces: Subvert is over, back to the March.
	cpcWant(t, g, "Hebei", map[Piece]int{JPNPolice: 0, CPCGuerrilla: 1})
	cpcWant(t, g, "Shandong", map[Piece]int{NATTroop: 0, CPCGuerrilla: 2})
	if g.State().Patronage != 9 {
		t.Errorf("Patronage %d, want 9", g.State().Patronage)
	}
	if !strings.HasPrefix(g.Prompt().Question, "CPC March") {
		t.Fatalf("expected the March's prompt, got %q", g.Prompt().Question)
	}
	cpcLacks(t, g, "sa:subvert", "sa:tax", "done")

	// Not with Attack.
	s = cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	g = cpcGame(t, s)
	cpcDo(t, g, "op:attack")
	cpcOffers(t, g, "space:Hebei", "sa:tax")
}

// TestSubvertTakesFromMap: with no CPC Guerrilla Available, the replacing
// Guerrilla may come from the map (1.4.1).
func TestSubvertTakesFromMap(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Guizhou", CPCGuerrillaActive, s.Available.N(CPCGuerrilla))
	g := cpcGame(t, s)
	cpcDo(t, g, "op:agitate", "sa:subvert", "subvert:replace")
	cpcOffers(t, g, "space:Hebei", "space:Guizhou", "done")
	cpcDo(t, g, "space:Guizhou")
	cpcWant(t, g, "Hebei", map[Piece]int{CPCGuerrilla: 2, JPNPolice: 0})
	cpcWant(t, g, "Guizhou", map[Piece]int{CPCGuerrillaActive: Pool.N(CPCGuerrilla) - 2})
}

// TestSubvertFree: a free Subvert by an Event (#48: "in 1 space") runs
// without an Operation, narrowed by max_spaces.
func TestSubvertFree(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Hebei", JPNPolice, 2)
	put(t, s, "Jiangsu", CPCGuerrilla, 1)
	put(t, s, "Jiangsu", WLDTroop, 1)
	g := cpcFree(t, s, func() *opCtx {
		return &opCtx{f: CPC, free: true, saKinds: []SAKind{Subvert}, maxSpaces: 1}
	})
	cpcDo(t, g, "space:Hebei", "subvert:remove") // Police twice: forced
	if g.Prompt() != nil {
		t.Fatalf("unexpected prompt %+v", g.Prompt())
	}
	cpcWant(t, g, "Hebei", map[Piece]int{JPNPolice: 0, CPCGuerrilla: 1})
	cpcWant(t, g, "Jiangsu", map[Piece]int{WLDTroop: 1})
}
