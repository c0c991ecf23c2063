package engine

import (
	"strings"
	"testing"
)

// TestPatrolExample reproduces the 3.2.3 Patrol Example step by step.
func TestPatrolExample(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Guizhou", NATTroop, 2)
	put(t, s, "Guizhou", WLDTroop, 2)
	put(t, s, "Wuhan-Yichang", JPNTroop, 1)
	put(t, s, "Wuhan-Yichang", CPCGuerrilla, 5)
	s.Resources[NAT], s.Resources[WLD] = 10, 5
	g := convGame(t, s)
	// NAT pays 2 Resources for a Patrol and selects the Wuhan-Yichang LoC.
	convPlay(t, g, NAT, "op:patrol", "space:Wuhan-Yichang")
	convCheck(t, "NAT Resources after paying the Patrol", g.State().Resources[NAT], 8)
	convPlay(t, g, NAT, "done")
	// Two NAT cubes move from Guizhou, taking two WLD cubes with them.
	convWantChoices(t, g.Prompt(), "space:Guizhou", "done")
	convPlay(t, g, NAT, "space:Guizhou")
	convWantChoices(t, g.Prompt(), "count:1", "count:2")
	convPlay(t, g, NAT, "count:2")
	convWantChoices(t, g.Prompt(), "count:0", "count:1", "count:2")
	convPlay(t, g, NAT, "count:2")
	// NAT pays WLD 1 Resource. Nothing else can move: done is forced.
	st := g.State()
	convCheck(t, "NAT Resources", st.Resources[NAT], 7)
	convCheck(t, "WLD Resources", st.Resources[WLD], 6)
	// Up to four CPC Guerrillas could be Activated, at NAT's option.
	convWantChoices(t, g.Prompt(), "count:0", "count:1", "count:2", "count:3", "count:4")
	convPlay(t, g, NAT, "count:4")
	loc := convAt(st, "Wuhan-Yichang")
	if loc[CPCGuerrillaActive] != 4 || loc[CPCGuerrilla] != 1 || loc[NATTroop] != 2 || loc[WLDTroop] != 2 {
		t.Fatalf("Wuhan-Yichang %v", *loc)
	}
	// NAT could then free Assault, paying WLD 1 more to include the WLD Troops.
	convWantChoices(t, g.Prompt(), "space:Wuhan-Yichang", "done")
	convPlay(t, g, NAT, "space:Wuhan-Yichang")
	convWantChoices(t, g.Prompt(), "wld:include", "wld:exclude")
	if !strings.Contains(g.Prompt().Choices[0].Label, "paying WLD 1 Resource") {
		t.Errorf("label %q", g.Prompt().Choices[0].Label)
	}
	convCheck(t, "NAT Resources (the Assault itself is free)", st.Resources[NAT], 7)
	if err := CheckInvariants(g.Map(), g.Deck(), st); err != nil {
		t.Error(err)
	}
}

// convJPNPatrolBoard: JPN cubes around Beijing-Tianjin; Tianjin-Jinan is
// pinned by a NAT Troop.
func convJPNPatrolBoard(t *testing.T) *State {
	s := convState(t, JPN)
	put(t, s, "Manchukuo", JPNTroop, 3)
	put(t, s, "Hebei", JPNTroop, 1)
	put(t, s, "Hebei", JPNPolice, 2)
	put(t, s, "Tianjin-Jinan", JPNTroop, 2)
	put(t, s, "Tianjin-Jinan", NATTroop, 1)
	put(t, s, "Beijing-Tianjin", JPNTroop, 1)
	put(t, s, "Beijing-Tianjin", CPCGuerrilla, 3)
	put(t, s, "Beijing-Zhangjiakou", CPCGuerrilla, 2)
	return s
}

func TestPatrolJPN(t *testing.T) {
	s := convJPNPatrolBoard(t)
	rigDice(t, s, 6, 6)
	_, p, _ := convOp(t, s, opCtx{f: JPN, kind: Patrol}, "space:Beijing-Tianjin", "space:Beijing-Zhangjiakou", "done")
	// Origins: adjacent Provinces and Manchukuo; not the LoC with a NAT Troop.
	convWantChoices(t, p, "space:Hebei", "space:Manchukuo", "done")
	answers := []string{"space:Beijing-Tianjin", "space:Beijing-Zhangjiakou", "done",
		"space:Manchukuo", "count:2", "space:Hebei"}
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Patrol}, answers...)
	convWantChoices(t, p, "piece:jpn_troops", "piece:jpn_police")
	answers = append(answers, "piece:jpn_police", "count:2", "done")
	// Into Beijing-Zhangjiakou: what arrived on Beijing-Tianjin may not move
	// on; its own Troop may.
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Patrol}, answers...)
	convWantChoices(t, p, "space:Hebei", "space:Beijing-Tianjin", "done")
	answers = append(answers, "space:Beijing-Tianjin") // 1 Troop: forced
	_, p, _ = convOp(t, s, opCtx{f: JPN, kind: Patrol}, answers...)
	convWantChoices(t, p, "space:Hebei", "done")
	answers = append(answers, "done")
	// Activation is automatic: one CPC Guerrilla per JPN cube. Then JPN may
	// Assault on each LoC for 3 Resources.
	st, p, log := convOp(t, s, opCtx{f: JPN, kind: Patrol}, answers...)
	convWantChoices(t, p, "space:Beijing-Tianjin", "space:Beijing-Zhangjiakou", "done")
	if bt := convAt(st, "Beijing-Tianjin"); bt[JPNTroop] != 2 || bt[JPNPolice] != 2 || bt[CPCGuerrillaActive] != 3 {
		t.Errorf("Beijing-Tianjin %v", *bt)
	}
	if bz := convAt(st, "Beijing-Zhangjiakou"); bz[JPNTroop] != 1 || bz[CPCGuerrillaActive] != 1 || bz[CPCGuerrilla] != 1 {
		t.Errorf("Beijing-Zhangjiakou %v", *bz)
	}
	convCheck(t, "JPN Resources after the Patrol (3 in all)", st.Resources[JPN], 17)
	if !strings.Contains(log, "JPN Patrol moves: 2 JPN Troops from Manchukuo to Beijing-Tianjin; 2 JPN Police from Hebei to Beijing-Tianjin; 1 JPN Troops from Beijing-Tianjin to Beijing-Zhangjiakou.") {
		t.Errorf("log:\n%s", log)
	}
	answers = append(answers, "space:Beijing-Tianjin", "space:Beijing-Zhangjiakou")
	st, p, _ = convOp(t, s, opCtx{f: JPN, kind: Patrol}, answers...)
	convCheck(t, "JPN Resources after two Assaults", st.Resources[JPN], 11)
	if p != nil {
		t.Errorf("still waiting on %q", p.Question)
	}
	// In a Large Offensive the Assaults are free too (2.3.8).
	st, _, _ = convOp(t, s, opCtx{f: JPN, kind: Patrol, free: true, largeOffensive: true}, answers...)
	convCheck(t, "JPN Resources in a Large Offensive", st.Resources[JPN], 20)
	// So are they in any free Patrol (an Event's, 3.1.2).
	st, _, _ = convOp(t, s, opCtx{f: JPN, kind: Patrol, free: true}, answers...)
	convCheck(t, "JPN Resources in a free Patrol", st.Resources[JPN], 20)
}

// TestPatrolJPNCannotPayAssault: after paying the Patrol, JPN with fewer
// than 3 Resources is offered no Assault.
func TestPatrolJPNCannotPayAssault(t *testing.T) {
	s := convJPNPatrolBoard(t)
	put(t, s, "Beijing-Tianjin", CPCGuerrillaActive, 1)
	s.Resources[JPN] = 5
	st, p, _ := convOp(t, s, opCtx{f: JPN, kind: Patrol}, "space:Beijing-Tianjin", "done", "done")
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	convCheck(t, "JPN Resources", st.Resources[JPN], 2)
}

func TestPatrolLimited(t *testing.T) {
	s := convJPNPatrolBoard(t)
	// One destination; several origins.
	st, p, _ := convOp(t, s, opCtx{f: JPN, kind: Patrol, limited: true}, "space:Beijing-Tianjin", "space:Manchukuo", "count:3", "space:Hebei", "piece:jpn_troops", "done", "done")
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	if bt := convAt(st, "Beijing-Tianjin"); bt[JPNTroop] != 5 || bt[CPCGuerrillaActive] != 3 {
		t.Errorf("Beijing-Tianjin %v", *bt)
	}
}

func TestPatrolDestinations(t *testing.T) {
	t.Run("Floods: no Flooded LoC; Sabotage does not matter", func(t *testing.T) {
		s := convState(t, JPN)
		s.Floods = "Henan"
		put(t, s, "Hubei", JPNTroop, 2)
		s.Spaces[DefaultMap().MustID("Wuhan-Changsha")].Sabotage = true
		_, p, _ := convOp(t, s, opCtx{f: JPN, kind: Patrol})
		convWantChoices(t, p, "space:Wuhan-Changsha", "space:Nanjing-Jiujiang", "space:Jiujiang-Wuhan", "space:Wuhan-Yichang", "space:Yichang-Chongqing")
	})
	t.Run("WLD: at most three LoCs", func(t *testing.T) {
		s := convState(t, WLD)
		put(t, s, "Hubei", WLDTroop, 4)
		_, p, _ := convOp(t, s, opCtx{f: WLD, kind: Patrol}, "space:Wuhan-Changsha", "space:Jiujiang-Wuhan", "space:Wuhan-Yichang")
		// The fourth selection is not offered: the moves begin.
		if p == nil || !strings.Contains(p.Question, "into Wuhan-Changsha from which") {
			t.Fatalf("prompt %+v", p)
		}
		convWantChoices(t, p, "space:Hubei", "done")
	})
	t.Run("nothing to do: not offered", func(t *testing.T) {
		s := convState(t, WLD)
		put(t, s, "Hubei", NATTroop, 4)
		put(t, s, "Wuhan-Yichang", CPCGuerrilla, 2)
		put(t, s, "Wuhan-Yichang", JPNPolice, 2)
		r := &run{s: s, m: DefaultMap(), d: DefaultDeck()}
		if patrolCan(r, &opCtx{f: WLD, kind: Patrol}) {
			t.Error("WLD has no Troops: no Patrol")
		}
		if !patrolCan(r, &opCtx{f: NAT, kind: Patrol}) {
			t.Error("NAT can Patrol from Hubei")
		}
	})
}

func TestPatrolNAT(t *testing.T) {
	t.Run("an origin LoC with JPN cubes is pinned", func(t *testing.T) {
		s := convState(t, NAT)
		put(t, s, "Guizhou", NATTroop, 1)
		put(t, s, "Yichang-Chongqing", NATTroop, 2)
		put(t, s, "Yichang-Chongqing", JPNPolice, 1)
		put(t, s, "Wuhan-Changsha", NATTroop, 1)
		_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Patrol}, "space:Wuhan-Yichang", "done")
		convWantChoices(t, p, "space:Guizhou", "space:Wuhan-Changsha", "done")
	})
	t.Run("no Resource left: WLD Troops cannot go along", func(t *testing.T) {
		s := convState(t, NAT)
		put(t, s, "Guizhou", NATTroop, 2)
		put(t, s, "Guizhou", WLDTroop, 2)
		s.Resources[NAT] = 2
		st, p, _ := convOp(t, s, opCtx{f: NAT, kind: Patrol}, "space:Wuhan-Yichang", "done", "space:Guizhou", "count:2")
		if p != nil {
			t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
		}
		if loc := convAt(st, "Wuhan-Yichang"); loc[NATTroop] != 2 || loc[WLDTroop] != 0 {
			t.Errorf("LoC %v", *loc)
		}
		convCheck(t, "NAT Resources", st.Resources[NAT], 0)
	})
	t.Run("Central Command: WLD Troops go along for nothing", func(t *testing.T) {
		s := convState(t, NAT)
		s.Capabilities = []string{"central_command"}
		put(t, s, "Guizhou", NATTroop, 2)
		put(t, s, "Guizhou", WLDTroop, 2)
		s.Resources[NAT] = 2
		st, p, log := convOp(t, s, opCtx{f: NAT, kind: Patrol}, "space:Wuhan-Yichang", "done", "space:Guizhou", "count:2", "count:1")
		if p != nil {
			t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
		}
		if loc := convAt(st, "Wuhan-Yichang"); loc[NATTroop] != 2 || loc[WLDTroop] != 1 {
			t.Errorf("LoC %v", *loc)
		}
		convCheck(t, "NAT Resources", st.Resources[NAT], 0)
		convCheck(t, "WLD Resources", st.Resources[WLD], 20)
		if !strings.Contains(log, "Central Command") {
			t.Errorf("log:\n%s", log)
		}
	})
	t.Run("a free Patrol still pays WLD", func(t *testing.T) {
		s := convState(t, NAT)
		put(t, s, "Guizhou", NATTroop, 2)
		put(t, s, "Guizhou", WLDTroop, 2)
		s.Resources[NAT] = 3
		st, _, _ := convOp(t, s, opCtx{f: NAT, kind: Patrol, free: true}, "space:Wuhan-Yichang", "done", "space:Guizhou", "count:2", "count:2")
		convCheck(t, "NAT Resources", st.Resources[NAT], 2)
		convCheck(t, "WLD Resources", st.Resources[WLD], 21)
	})
}

func TestPatrolWLD(t *testing.T) {
	s := convState(t, WLD)
	put(t, s, "Hubei", WLDTroop, 3)
	put(t, s, "Wuhan-Yichang", JPNPolice, 1)
	put(t, s, "Wuhan-Yichang", CPCGuerrilla, 3)
	put(t, s, "Wuhan-Changsha", JPNTroop, 1)
	rigDice(t, s, 1, 6)
	st, p, log := convOp(t, s, opCtx{f: WLD, kind: Patrol}, "space:Wuhan-Yichang", "space:Wuhan-Changsha", "done",
		"space:Hubei", "count:2", "done", "space:Hubei", "count:1")
	// One free Assault, on one of the LoCs.
	convWantChoices(t, p, "space:Wuhan-Yichang", "space:Wuhan-Changsha", "done")
	convCheck(t, "WLD Resources (1 in all)", st.Resources[WLD], 19)
	if loc := convAt(st, "Wuhan-Yichang"); loc[CPCGuerrillaActive] != 1 {
		t.Errorf("Wuhan-Yichang %v", *loc)
	}
	_ = log
	st, p, log = convOp(t, s, opCtx{f: WLD, kind: Patrol}, "space:Wuhan-Yichang", "space:Wuhan-Changsha", "done",
		"space:Hubei", "count:2", "done", "space:Hubei", "count:1", "space:Wuhan-Yichang")
	if p != nil {
		t.Fatalf("waiting on %q %v", p.Question, convIDs(p))
	}
	convCheck(t, "JPN Police removed", st.Casualties.N(JPNPolice), 1)
	convCheck(t, "WLD Resources (the Assault is free)", st.Resources[WLD], 19)
	if strings.Count(log, "defenders roll") != 1 {
		t.Errorf("log:\n%s", log)
	}
}

func TestPatrolNotOfferedWithoutResources(t *testing.T) {
	s := convJPNPatrolBoard(t)
	s.Resources[JPN] = 2
	g := convGame(t, s)
	p := g.Prompt()
	if p.Faction != JPN || p.Has("op:patrol") || !p.Has("lo:patrol") {
		t.Fatalf("%s offered %v; want no paid Patrol but a Large Offensive Patrol", p.Faction, convIDs(p))
	}
	if err := g.Do(JPN, "op:patrol"); err == nil || !strings.Contains(err.Error(), "legal:") {
		t.Errorf("choosing it: %v", err)
	}
	// The Large Offensive Patrol costs nothing, its Assaults included.
	convPlay(t, g, JPN, "lo:patrol", "space:Beijing-Tianjin", "done", "space:Manchukuo", "count:1", "done")
	if p := g.Prompt(); p == nil || !strings.Contains(p.Question, "Assault") {
		t.Fatalf("prompt %+v", p)
	}
	convCheck(t, "JPN Resources", g.State().Resources[JPN], 2)
}
