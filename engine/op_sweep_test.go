package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestSweepJPN(t *testing.T) {
	s := convState(t, JPN)
	put(t, s, "Manchukuo", JPNTroop, 4)
	put(t, s, "Shandong", JPNPolice, 3)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Hebei", NATGuerrilla, 2)
	put(t, s, "Hebei", CPCGuerrilla, 4)
	put(t, s, "Chahar", JPNTroop, 1)
	answers := []string{"space:Hebei", "space:Chahar", "done"}
	st, p, _ := convOp(t, s, opCtx{f: JPN, kind: Sweep}, answers...)
	convCheck(t, "JPN Resources (3 per destination)", st.Resources[JPN], 14)
	// "Move Troops into Hebei from which adjacent space?": Police never move.
	convWantChoices(t, p, "space:Chahar", "space:Manchukuo", "done")
	answers = append(answers, "space:Manchukuo")
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Sweep}, answers...)
	convWantChoices(t, p, "count:1", "count:2", "count:3", "count:4")
	answers = append(answers, "count:3", "done")
	// Into Chahar: the Troops that arrived in Hebei may not move on.
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Sweep}, answers...)
	if p == nil || !strings.Contains(p.Question, "into Chahar") {
		t.Fatalf("prompt %+v", p)
	}
	convWantChoices(t, p, "space:Manchukuo", "done")
	answers = append(answers, "done")
	// Four JPN cubes in Hebei (Plains): four Guerrillas, JPN choosing how
	// many are NAT.
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Sweep}, answers...)
	convWantChoices(t, p, "count:0", "count:1", "count:2")
	st, p, log := convOp(t, s, opCtx{f: JPN, kind: Sweep}, append(answers, "count:1")...)
	if p != nil {
		t.Fatalf("waiting on %q", p.Question)
	}
	if h := convAt(st, "Hebei"); h[JPNTroop] != 3 || h[JPNPolice] != 1 || h[NATGuerrillaActive] != 1 || h[CPCGuerrillaActive] != 3 {
		t.Errorf("Hebei %v", *h)
	}
	if !strings.Contains(log, "JPN Sweep moves: 3 JPN Troops from Manchukuo to Hebei.") {
		t.Errorf("log:\n%s", log)
	}
}

func TestSweepRough(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    Faction
		mods []string
		want int
	}{
		{"JPN: one per two cubes", JPN, nil, 1},
		{"JPN Air Recon: one per cube", JPN, []string{"jpn_air_recon"}, 3},
		{"WLD: one per two Troops even with Air Recon", WLD, []string{"jpn_air_recon"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, tc.f)
			s.Capabilities = tc.mods
			k := sweepKind(tc.f)
			put(t, s, "Shanxi", k, 3)
			put(t, s, "Shanxi", CPCGuerrilla, 5)
			answers := []string{"space:Shanxi", "done"}
			if tc.f == WLD {
				answers = append(answers, "count:1") // optional: WLD chooses how many
			}
			st, p, _ := convOp(t, s, opCtx{f: tc.f, kind: Sweep}, answers...)
			if p != nil {
				t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
			}
			convCheck(t, "Active CPC Guerrillas", convAt(st, "Shanxi").N(CPCGuerrillaActive), tc.want)
		})
	}
}

func TestSweepNAT(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Hunan", NATTroop, 3)
	put(t, s, "Hunan", WLDTroop, 3)
	put(t, s, "Hubei", NATGuerrilla, 2)
	put(t, s, "Hubei", CPCGuerrilla, 3)
	put(t, s, "Guizhou", CPCGuerrilla, 1)
	s.Resources[NAT], s.Resources[WLD] = 10, 0
	answers := []string{"space:Hubei", "space:Guizhou", "done", "space:Hunan", "count:2"}
	_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Sweep}, answers...)
	convWantChoices(t, p, "count:0", "count:1", "count:2")
	answers = append(answers, "count:2", "done", "space:Hunan", "count:1")
	// Hubei (Rough): 4 Chinese Troops, so up to 2 CPC Guerrillas, at NAT's
	// option; NAT Guerrillas are never Activated by NAT.
	_, p, _ = convOp(t, s, opCtx{f: NAT, kind: Sweep}, answers...)
	convWantChoices(t, p, "count:0", "count:1", "count:2")
	answers = append(answers, "count:2", "count:0")
	st, p, _ := convOp(t, s, opCtx{f: NAT, kind: Sweep}, answers...)
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	// 2 + 2 for the destinations, 1 to WLD for each destination entered by
	// WLD Troops.
	convCheck(t, "NAT Resources", st.Resources[NAT], 4)
	convCheck(t, "WLD Resources", st.Resources[WLD], 2)
	if h := convAt(st, "Hubei"); h[CPCGuerrillaActive] != 2 || h[NATGuerrilla] != 2 || h[NATTroop] != 2 || h[WLDTroop] != 2 {
		t.Errorf("Hubei %v", *h)
	}
	if g := convAt(st, "Guizhou"); g[CPCGuerrilla] != 1 || g[NATTroop] != 1 || g[WLDTroop] != 1 {
		t.Errorf("Guizhou %v", *g)
	}
}

func TestSweepWLD(t *testing.T) {
	s := convState(t, WLD)
	put(t, s, "Henan", WLDTroop, 4)
	put(t, s, "Hebei", NATGuerrilla, 1)
	put(t, s, "Hebei", CPCGuerrilla, 3)
	s.Resources[WLD] = 3
	// Two destinations cost 1 + 2; a third is not offered.
	answers := []string{"space:Hebei", "space:Shandong"}
	st, p, _ := convOp(t, s, opCtx{f: WLD, kind: Sweep}, answers...)
	convCheck(t, "WLD Resources", st.Resources[WLD], 0)
	if p == nil || !strings.Contains(p.Question, "into Hebei") {
		t.Fatalf("prompt %+v", p)
	}
	answers = append(answers, "space:Henan", "count:3", "done", "space:Henan")
	_, p, _ = convOp(t, s, opCtx{f: WLD, kind: Sweep}, answers...)
	convWantChoices(t, p, "count:0", "count:1", "count:2", "count:3")
	answers = append(answers, "count:3")
	_, p, _ = convOp(t, s, opCtx{f: WLD, kind: Sweep}, answers...)
	convWantChoices(t, p, "count:0", "count:1")
	st, p, _ = convOp(t, s, opCtx{f: WLD, kind: Sweep}, append(answers, "count:1")...)
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	if h := convAt(st, "Hebei"); h[NATGuerrillaActive] != 1 || h[CPCGuerrillaActive] != 2 {
		t.Errorf("Hebei %v", *h)
	}
}

func TestSweepDestinations(t *testing.T) {
	t.Run("Manchukuo only for JPN; Floods", func(t *testing.T) {
		s := convState(t, JPN)
		s.Floods = "Henan"
		put(t, s, "Chahar", JPNTroop, 1)
		_, p, _ := convOp(t, s, opCtx{f: JPN, kind: Sweep})
		var want []string
		for _, a := range DefaultMap().Spaces[DefaultMap().MustID("Chahar")].Adj {
			want = append(want, "space:"+DefaultMap().Spaces[a].Name)
		}
		convWantChoices(t, p, want...)
		if !slices.Contains(want, "space:Manchukuo") {
			t.Fatal("Chahar should border Manchukuo")
		}
		s = convState(t, NAT)
		s.Floods = "Henan"
		put(t, s, "Hebei", NATTroop, 1)
		_, p, _ = convOp(t, s, opCtx{f: NAT, kind: Sweep})
		for _, id := range convIDs(p) {
			if id == "space:Manchukuo" || id == "space:Henan" || id == "space:Jinan-Xuzhou" {
				t.Errorf("NAT offered %s", id)
			}
		}
		if !slices.Contains(convIDs(p), "space:Shandong") {
			t.Errorf("NAT Sweep choices %v", convIDs(p))
		}
	})
	t.Run("Limited: one destination, several origins", func(t *testing.T) {
		s := convState(t, JPN)
		put(t, s, "Chahar", JPNTroop, 1)
		put(t, s, "Manchukuo", JPNTroop, 2)
		st, p, _ := convOp(t, s, opCtx{f: JPN, kind: Sweep, limited: true}, "space:Hebei", "space:Chahar", "space:Manchukuo", "count:2")
		if p != nil {
			t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
		}
		convCheck(t, "JPN Troops in Hebei", convAt(st, "Hebei").N(JPNTroop), 3)
		convCheck(t, "JPN Resources", st.Resources[JPN], 17)
	})
	t.Run("not offered without Resources", func(t *testing.T) {
		s := convState(t, NAT)
		put(t, s, "Hebei", NATTroop, 1)
		put(t, s, "Hebei", JPNPolice, 1)
		s.Resources[NAT] = 1
		r := &run{s: s, m: DefaultMap(), d: DefaultDeck()}
		if sweepCan(r, &opCtx{f: NAT, kind: Sweep}) {
			t.Error("NAT cannot pay 2")
		}
		if !sweepCan(r, &opCtx{f: NAT, kind: Sweep, free: true}) {
			t.Error("a free Sweep needs no Resources")
		}
		g := convGame(t, s)
		if p := g.Prompt(); p.Faction == NAT && p.Has("op:sweep") {
			t.Errorf("offered %v", convIDs(p))
		}
	})
}
