package engine

import "testing"

// TestAgitate covers 3.3.4 space by space: Terror removed, a shift toward
// Opposition, Sabotage on a LoC, Activation of at least one Underground
// Guerrilla (as many as chosen), and the cost (1 per Province, 0 per LoC).
func TestAgitate(t *testing.T) {
	for _, tc := range []struct {
		name          string
		space         string
		u, a          int
		support       int
		terror        bool
		sabotage      bool
		activate      int
		wantSupport   int
		wantTerror    bool
		wantSabotage  bool
		wantResources int
	}{
		{name: "Neutral to Opposition", space: "Hebei", u: 3, activate: 2, wantSupport: Opposition, wantResources: 9},
		{name: "Support to Neutral", space: "Hebei", u: 1, support: Support, activate: 1, wantSupport: Neutral, wantResources: 9},
		{name: "Terror removed, no shift", space: "Hebei", u: 2, a: 1, support: Support, terror: true, activate: 2, wantSupport: Support, wantResources: 9},
		{name: "already at Opposition: only Activation", space: "Hebei", u: 1, support: Opposition, activate: 1, wantSupport: Opposition, wantResources: 9},
		{name: "Pop-0 Province: only Activation", space: "Chahar", u: 1, activate: 1, wantSupport: Neutral, wantResources: 9},
		{name: "LoC: Sabotage, free", space: "Zhengzhou-Xi'an", u: 2, activate: 1, wantSabotage: true, wantResources: 10},
		{name: "Sabotaged LoC: only Activation", space: "Zhengzhou-Xi'an", u: 1, sabotage: true, activate: 1, wantSabotage: true, wantResources: 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cpcState(t)
			put(t, s, tc.space, CPCGuerrilla, tc.u)
			put(t, s, tc.space, CPCGuerrillaActive, tc.a)
			sp := cpcSpace(s, tc.space)
			sp.Support, sp.Terror, sp.Sabotage = tc.support, tc.terror, tc.sabotage
			g := cpcGame(t, s)
			cpcDo(t, g, "op:agitate")
			if g.Prompt() != nil { // else the only space, and no Tax: forced
				cpcDo(t, g, "space:"+tc.space)
			}
			if tc.u > 1 {
				want := []string{}
				for n := 1; n <= tc.u; n++ {
					want = append(want, "count:"+string(rune('0'+n)))
				}
				cpcOffers(t, g, want...)
				cpcDo(t, g, "count:"+string(rune('0'+tc.activate)))
			}
			if g.Prompt() != nil { // Tax with the Guerrillas left Underground
				cpcDo(t, g, "done", "done")
			}
			cpcOpDone(t, g)
			cpcWant(t, g, tc.space, map[Piece]int{CPCGuerrilla: tc.u - tc.activate, CPCGuerrillaActive: tc.a + tc.activate})
			st := g.State()
			got := cpcSpace(st, tc.space)
			if got.Support != tc.wantSupport || got.Terror != tc.wantTerror || got.Sabotage != tc.wantSabotage {
				t.Errorf("support %d terror %v sabotage %v; want %d %v %v", got.Support, got.Terror, got.Sabotage, tc.wantSupport, tc.wantTerror, tc.wantSabotage)
			}
			if st.Resources[CPC] != tc.wantResources {
				t.Errorf("Resources %d, want %d", st.Resources[CPC], tc.wantResources)
			}
		})
	}
}

// TestAgitateSpacesAndCost: only spaces with an Underground CPC Guerrilla;
// at 0 Resources only LoCs; not offered when nothing can be selected.
func TestAgitateSpacesAndCost(t *testing.T) {
	s := cpcState(t)
	s.Resources[CPC] = 0
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Henan", CPCGuerrillaActive, 1)
	put(t, s, "Zhengzhou-Xi'an", CPCGuerrilla, 1)
	put(t, s, "Zhengzhou-Wuhan", CPCGuerrilla, 1)
	cpcSpace(s, "Zhengzhou-Wuhan").Sabotage = true
	g := cpcGame(t, s)
	cpcDo(t, g, "op:agitate")
	cpcOffers(t, g, "space:Zhengzhou-Xi'an", "space:Zhengzhou-Wuhan", "sa:tax")
	cpcDo(t, g, "space:Zhengzhou-Wuhan") // Sabotaged already: only Activation
	cpcWant(t, g, "Zhengzhou-Wuhan", map[Piece]int{CPCGuerrillaActive: 1})
}

// TestAgitateControl: Activating Guerrillas may end NAT or WLD Control
// (3.3.4 play note), which is why Agitate may select a space where nothing
// else changes (ruling).
func TestAgitateControl(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", WLDTroop, 2)
	put(t, s, "Hebei", CPCGuerrilla, 2)
	cpcSpace(s, "Hebei").Support = Opposition
	if s.ControlOf(DefaultMap(), DefaultMap().MustID("Hebei")) != WLDControl {
		t.Fatal("setup: Hebei should be WLD-Controlled")
	}
	g := cpcGame(t, s)
	cpcDo(t, g, "op:agitate", "space:Hebei", "count:2")
	cpcOpDone(t, g)
	if c := g.State().ControlOf(g.Map(), g.Map().MustID("Hebei")); c != Uncontrolled {
		t.Errorf("Hebei: %s, want Uncontrolled", c)
	}
}

// TestAgitateLimited: one space, no Special Activity.
func TestAgitateLimited(t *testing.T) {
	s := cpcState(t)
	cpcSecond(s)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	put(t, s, "Henan", CPCGuerrilla, 1)
	put(t, s, "Henan", JPNPolice, 1) // Subvert would be possible
	g := cpcGame(t, s)
	cpcDo(t, g, "limop:agitate")
	cpcOffers(t, g, "space:Hebei", "space:Henan")
	cpcDo(t, g, "space:Henan")
	cpcOpDone(t, g)
	if st := g.State(); cpcSpace(st, "Henan").Support != Opposition || cpcSpace(st, "Hebei").Support != Neutral || st.Resources[CPC] != 9 {
		t.Errorf("Henan %d, Hebei %d, Resources %d", cpcSpace(st, "Henan").Support, cpcSpace(st, "Hebei").Support, st.Resources[CPC])
	}
	if cpcDid(g) != DidLimOp {
		t.Errorf("did %s", cpcDid(g))
	}
}

// TestAgitateNotOffered: without an Underground CPC Guerrilla there is no
// Agitate.
func TestAgitateNotOffered(t *testing.T) {
	s := cpcState(t)
	put(t, s, "Hebei", CPCGuerrillaActive, 2)
	g := cpcGame(t, s)
	cpcLacks(t, g, "op:agitate")
	cpcHas(t, g, "op:rally", "op:march")
	cpcRefused(t, g, "op:agitate")
}
