package engine

import (
	"strings"
	"testing"
)

func TestRecruitJPN(t *testing.T) {
	s := convState(t, JPN)
	for _, sp := range []string{"Hebei", "Shandong", "Henan", "Jiangsu"} {
		put(t, s, sp, JPNTroop, 1)
	}
	put(t, s, "Shanxi", JPNPolice, 1)
	s.Spaces[DefaultMap().MustID("Shanxi")].Terror = true
	put(t, s, "Hebei", WLDTroop, 3)
	put(t, s, "Manchukuo", JPNTroop, 1)
	wldAvail := s.Available[WLDTroop]
	// Provinces with JPN cubes and no Terror (not Manchukuo, not a LoC).
	_, p, _ := convOp(t, s, opCtx{f: JPN, kind: Recruit})
	convWantChoices(t, p, "space:Hebei", "space:Shandong", "space:Henan", "space:Jiangsu")
	answers := []string{"space:Hebei"}
	st, p, _ := convOp(t, s, opCtx{f: JPN, kind: Recruit}, answers...)
	convCheck(t, "JPN Resources (3 in all)", st.Resources[JPN], 17)
	convWantChoices(t, p, "count:0", "count:1", "count:2", "count:3")
	answers = append(answers, "count:2")
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Recruit}, answers...)
	convWantChoices(t, p, "count:0", "count:1", "count:2", "count:3", "count:4")
	// Six cubes at most across all Provinces: 2 replaced + 3 placed, then 1.
	answers = append(answers, "count:3", "space:Shandong")
	st, p, _ = convOp(t, s, opCtx{f: JPN, kind: Recruit}, answers...)
	// A third Province is offered only while cubes remain to place: the
	// Shandong placement of the sixth cube was forced (count 1..1).
	if p != nil {
		t.Fatalf("six cubes placed; still waiting on %q %v", p.Question, convIDs(p))
	}
	if h := convAt(st, "Hebei"); h[JPNPolice] != 5 || h[WLDTroop] != 1 {
		t.Errorf("Hebei %v", *h)
	}
	convCheck(t, "Police in Shandong", convAt(st, "Shandong").N(JPNPolice), 1)
	convCheck(t, "replaced WLD Troops to Available", st.Available.N(WLDTroop)-int(wldAvail), 2)
	convCheck(t, "JPN Resources", st.Resources[JPN], 17)
}

func TestRecruitJPNThreeProvinces(t *testing.T) {
	s := convState(t, JPN)
	for _, sp := range []string{"Hebei", "Shandong", "Henan", "Jiangsu"} {
		put(t, s, sp, JPNTroop, 1)
	}
	st, p, _ := convOp(t, s, opCtx{f: JPN, kind: Recruit}, "space:Hebei", "count:1", "space:Shandong", "count:1", "space:Henan", "count:1")
	if p != nil {
		t.Fatalf("three Provinces at most; still waiting on %q %v", p.Question, convIDs(p))
	}
	convCheck(t, "JPN Resources", st.Resources[JPN], 17)
}

// TestRecruitJPNPoliceFromMap: with no Police Available JPN may take them
// from the map to place (1.4.1), but may not replace WLD Troops.
func TestRecruitJPNPoliceFromMap(t *testing.T) {
	s := convState(t, JPN)
	put(t, s, "Hebei", JPNTroop, 1)
	put(t, s, "Hebei", WLDTroop, 2)
	put(t, s, "Shanxi", JPNPolice, s.Available.N(JPNPolice))
	_, p, _ := convOp(t, s, opCtx{f: JPN, kind: Recruit}, "space:Hebei")
	// No replacement question: straight to placing.
	convWantChoices(t, p, "count:1", "count:2", "count:3", "count:4", "count:5", "count:6")
	st, p, log := convOp(t, s, opCtx{f: JPN, kind: Recruit}, "space:Hebei", "count:2", "space:Shanxi", "space:Shanxi", "done")
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	if h := convAt(st, "Hebei"); h[JPNPolice] != 2 || h[WLDTroop] != 2 {
		t.Errorf("Hebei %v", *h)
	}
	if !strings.Contains(log, "took a JPN Police from Shanxi") {
		t.Errorf("log:\n%s", log)
	}
}

func TestRecruitNAT(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Hunan", NATTroop, 1)
	put(t, s, "Hubei", NATGuerrilla, 1)
	put(t, s, "Hubei", NATBase, 1)
	put(t, s, "Guizhou", WLDTroop, 1)
	hubei := DefaultMap().MustID("Hubei")
	s.Spaces[hubei].Terror = true
	s.Resources[NAT] = 10
	// Any Province with NAT forces, Terror or not.
	_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit})
	convWantChoices(t, p, "space:Hubei", "space:Hunan")
	_, p, _ = convOp(t, s, opCtx{f: NAT, kind: Recruit}, "space:Hunan")
	convWantChoices(t, p, "count:0", "count:1", "count:2", "count:3")
	answers := []string{"space:Hunan", "count:2", "space:Hubei", "count:3"}
	st, p, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit}, answers...)
	convCheck(t, "NAT Resources (2 per Province)", st.Resources[NAT], 6)
	// Then in one Province: a Base or Pacify.
	convWantChoices(t, p, "recruit:base", "recruit:pacify", "done")
	t.Run("Base", func(t *testing.T) {
		st, p, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit}, append(answers, "recruit:base", "space:Hunan")...)
		if p != nil {
			t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
		}
		if h := convAt(st, "Hunan"); h[NATTroop] != 1 || h[NATBase] != 1 {
			t.Errorf("Hunan %v", *h)
		}
	})
	t.Run("Pacify: Terror, then a shift, 2 each", func(t *testing.T) {
		// Only Hubei has a Base: the Province is forced.
		_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit}, append(answers, "recruit:pacify")...)
		convWantChoices(t, p, "pacify:shift", "done")
		st, _, log := convOp(t, s, opCtx{f: NAT, kind: Recruit}, append(answers, "recruit:pacify", "pacify:shift")...)
		if st.Spaces[hubei].Terror || st.Spaces[hubei].Support != Support {
			t.Errorf("Hubei %+v", st.Spaces[hubei])
		}
		convCheck(t, "NAT Resources", st.Resources[NAT], 2)
		if !strings.Contains(log, "removed Terror") {
			t.Errorf("log:\n%s", log)
		}
	})
	t.Run("Pacify costs even when the Recruit is free", func(t *testing.T) {
		st, _, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit, free: true}, append(answers, "recruit:pacify", "done")...)
		convCheck(t, "NAT Resources", st.Resources[NAT], 8)
		if st.Spaces[hubei].Terror || st.Spaces[hubei].Support != Neutral {
			t.Errorf("Hubei %+v", st.Spaces[hubei])
		}
	})
	t.Run("Pacify needs 2 Resources", func(t *testing.T) {
		s := s.clone()
		s.Resources[NAT] = 5
		_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit}, answers...)
		convWantChoices(t, p, "recruit:base", "done")
	})
	t.Run("Limited: one Province, and the Base option still", func(t *testing.T) {
		_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Recruit, limited: true}, "space:Hunan", "count:1")
		convWantChoices(t, p, "recruit:base", "done")
	})
}

func TestRecruitNATBaseFromMap(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Hunan", NATTroop, 2)
	for _, sp := range []string{"Hubei", "Henan", "Hebei", "Shandong"} {
		put(t, s, sp, NATBase, 2)
	}
	put(t, s, "Jiangsu", NATBase, 1)
	st, p, log := convOp(t, s, opCtx{f: NAT, kind: Recruit}, "space:Hunan", "count:0", "done", "recruit:base", "space:Hubei")
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	if h := convAt(st, "Hunan"); h[NATTroop] != 0 || h[NATBase] != 1 {
		t.Errorf("Hunan %v", *h)
	}
	if !strings.Contains(log, "taken from Hubei") {
		t.Errorf("log:\n%s", log)
	}
}

func TestRecruitWLD(t *testing.T) {
	s := convState(t, WLD)
	put(t, s, "Hunan", WLDBase, 1)
	put(t, s, "Hubei", WLDBase, 1)
	put(t, s, "Henan", WLDTroop, 2)
	s.Spaces[DefaultMap().MustID("Hubei")].Terror = true
	// Hunan is the only Province with a WLD Base and no Terror: selected by
	// the engine.
	_, p, _ := convOp(t, s, opCtx{f: WLD, kind: Recruit})
	convWantChoices(t, p, "count:1", "count:2", "count:3")
	st, p, _ := convOp(t, s, opCtx{f: WLD, kind: Recruit}, "count:3")
	if p != nil {
		t.Fatalf("only Hunan qualifies; waiting on %q %v", p.Question, convIDs(p))
	}
	convCheck(t, "WLD Troops in Hunan", convAt(st, "Hunan").N(WLDTroop), 3)
	convCheck(t, "WLD Resources", st.Resources[WLD], 19)
}

func TestRecruitNotOfferedWithoutResources(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Hunan", NATTroop, 2)
	put(t, s, "Hunan", JPNPolice, 1)
	s.Resources[NAT] = 1
	r := &run{s: s, m: DefaultMap(), d: DefaultDeck()}
	if recruitCan(r, &opCtx{f: NAT, kind: Recruit}) {
		t.Error("NAT cannot pay 2")
	}
	if !recruitCan(r, &opCtx{f: NAT, kind: Recruit, free: true}) {
		t.Error("a free Recruit costs nothing")
	}
	s.Resources[JPN] = 2
	put(t, s, "Hebei", JPNTroop, 1)
	if recruitCan(r, &opCtx{f: JPN, kind: Recruit}) {
		t.Error("JPN cannot pay 3")
	}
}
