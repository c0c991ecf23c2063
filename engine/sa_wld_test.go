package engine

import (
	"strings"
	"testing"
)

// ---- 4.4.1 Extort --------------------------------------------------------------------

func TestExtort(t *testing.T) {
	s := saState(t)
	for _, c := range []struct {
		space string
		bases int
	}{{"Sichuan", 2}, {"Yunnan", 1}, {"Guangxi", 2}, {"Shanxi", 1}} {
		put(t, s, c.space, WLDBase, c.bases)
	}
	put(t, s, "Hunan", WLDTroop, 3) // Troops alone do not Extort
	g := saGame(t, s, opCtx{f: WLD, kind: Recruit}, Extort)
	saWant(t, g, "space:Sichuan", "space:Yunnan", "space:Guangxi", "space:Shanxi")
	saDo(t, g, WLD, "space:Sichuan", "space:Guangxi", "space:Yunnan")
	s = saFinished(t, g) // three Provinces: done
	if s.Resources[WLD] != 10+2+2+1 {
		t.Errorf("WLD Resources %d, want 15", s.Resources[WLD])
	}
	// Stopping early, and the 60 cap.
	s = saState(t)
	s.Resources[WLD] = 59
	put(t, s, "Sichuan", WLDBase, 2)
	put(t, s, "Yunnan", WLDBase, 1)
	g = saGame(t, s, opCtx{f: WLD, kind: Patrol}, Extort)
	saDo(t, g, WLD, "space:Sichuan")
	s = saFinished(t, g) // at 60 nothing more to gain: ends
	if s.Resources[WLD] != 60 {
		t.Errorf("WLD Resources %d, want 60", s.Resources[WLD])
	}
	s = saState(t)
	put(t, s, "Hunan", WLDTroop, 3)
	if saCan(s, opCtx{f: WLD, kind: Recruit}, Extort) {
		t.Error("Extort offered without a WLD Base")
	}
}

// ---- 4.4.2 Suborn ----------------------------------------------------------------------

// TestSubornCostNote is the 4.4.2 play note: replacing a piece costs 2
// Resources in total, not 1 to remove and 2 to place a WLD Troop.
func TestSubornCostNote(t *testing.T) {
	s := saState(t)
	s.Resources[WLD] = 2
	put(t, s, "Hebei", WLDTroop, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	g := saGame(t, s, opCtx{f: WLD, kind: Sweep}, Suborn)
	saWant(t, g, "suborn:remove:jpn_police", "suborn:replace:jpn_police")
	mustDo(t, g, WLD, "suborn:replace:jpn_police")
	s = saFinished(t, g) // nothing affordable left: ends
	if s.Resources[WLD] != 0 {
		t.Errorf("WLD Resources %d, want 0 (replacing costs 2 in total)", s.Resources[WLD])
	}
	if saN(s, "Hebei", JPNPolice) != 0 || saN(s, "Hebei", WLDTroop) != 2 || s.Available[JPNPolice] != Pool[JPNPolice] {
		t.Errorf("Hebei %v", saSp(s, "Hebei").Pieces)
	}
	if s.Patronage != 10 {
		t.Errorf("Patronage %d: replacing Police costs none", s.Patronage)
	}
}

func TestSubornPoliceAndNAT(t *testing.T) {
	s := saState(t)
	put(t, s, "Hubei", WLDBase, 1)
	put(t, s, "Hubei", JPNPolice, 2)
	put(t, s, "Hubei", NATTroop, 2)
	put(t, s, "Hubei", NATGuerrilla, 1)
	put(t, s, "Hubei", NATBase, 1) // protected by the Troops and the Guerrilla
	saSp(s, "Hubei").Support = Support
	g := saGame(t, s, opCtx{f: WLD, kind: Assault}, Suborn)
	saWant(t, g, "suborn:remove:jpn_police", "suborn:replace:jpn_police",
		"suborn:remove:nat_troops", "suborn:replace:nat_troops",
		"suborn:remove:nat_guerrillas", "suborn:replace:nat_guerrillas", "suborn:neutral")
	saDo(t, g, WLD, "suborn:remove:jpn_police")
	// Up to one Police: now only a NAT piece, or done; no Neutral.
	saWant(t, g, "done", "suborn:remove:nat_troops", "suborn:replace:nat_troops",
		"suborn:remove:nat_guerrillas", "suborn:replace:nat_guerrillas")
	saDo(t, g, WLD, "suborn:replace:nat_troops")
	s = saFinished(t, g) // one Police, one NAT piece: done in Hubei; no other space
	p := saSp(s, "Hubei").Pieces
	if p[JPNPolice] != 1 || p[NATTroop] != 1 || p[WLDTroop] != 1 || p[NATBase] != 1 || saSp(s, "Hubei").Support != Support {
		t.Errorf("Hubei %+v", saSp(s, "Hubei"))
	}
	if s.Resources[WLD] != 10-1-2 || s.Patronage != 9 {
		t.Errorf("WLD Resources %d (want 7), Patronage %d (want 9: a NAT piece replaced)", s.Resources[WLD], s.Patronage)
	}
	if !strings.Contains(logText(g), "Suborn in Hubei: replaced 1 NAT Troops with a WLD Troop for 2 Resources.") {
		t.Errorf("log:\n%s", logText(g))
	}
}

func TestSubornNATBaseLast(t *testing.T) {
	s := saState(t)
	put(t, s, "Sichuan", WLDTroop, 1)
	put(t, s, "Sichuan", NATBase, 2)
	g := saGame(t, s, opCtx{f: WLD, kind: Sweep}, Suborn)
	saWant(t, g, "suborn:remove:nat_bases", "suborn:replace:nat_bases")
	saDo(t, g, WLD, "suborn:replace:nat_bases")
	s = saFinished(t, g)
	if saN(s, "Sichuan", NATBase) != 1 || saN(s, "Sichuan", WLDTroop) != 2 || s.Patronage != 9 || s.Resources[WLD] != 8 {
		t.Errorf("Sichuan %v, Patronage %d, WLD %d", saSp(s, "Sichuan").Pieces, s.Patronage, s.Resources[WLD])
	}
}

func TestSubornNeutral(t *testing.T) {
	s := saState(t)
	put(t, s, "Shaanxi", WLDTroop, 1)
	saSp(s, "Shaanxi").Support = Opposition
	put(t, s, "Xuzhou-Nanjing", WLDTroop, 1) // a LoC: never Neutral-set
	put(t, s, "Xuzhou-Nanjing", NATTroop, 1)
	g := saGame(t, s, opCtx{f: WLD, kind: Sweep}, Suborn)
	saDo(t, g, WLD, "space:Shaanxi")
	saDo(t, g, WLD, "space:Xuzhou-Nanjing")
	saWant(t, g, "suborn:remove:nat_troops", "suborn:replace:nat_troops")
	saDo(t, g, WLD, "suborn:remove:nat_troops")
	s = saFinished(t, g)
	if saSp(s, "Shaanxi").Support != Neutral || s.Resources[WLD] != 10-2-1 || saN(s, "Xuzhou-Nanjing", NATTroop) != 0 {
		t.Errorf("Shaanxi %+v, WLD %d", saSp(s, "Shaanxi"), s.Resources[WLD])
	}
}

func TestSubornUnreliablePuppets(t *testing.T) {
	s := saState(t)
	s.Resources[WLD] = 0
	s.Capabilities = []string{"unreliable_puppets"}
	put(t, s, "Hebei", WLDTroop, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Hebei", NATTroop, 1)
	saSp(s, "Hebei").Support = Support
	put(t, s, "Henan", WLDTroop, 1)
	put(t, s, "Henan", NATTroop, 1)
	o := opCtx{f: WLD, kind: Sweep}
	if !saCan(s, o, Suborn) {
		t.Fatal("Suborn not offered: Police cost nothing under Unreliable Puppets")
	}
	g := saGame(t, s, o, Suborn)
	// Henan holds only a NAT piece (1 Resource): not offered. In Hebei the
	// NAT piece and Neutral cannot be paid for.
	saWant(t, g, "suborn:remove:jpn_police", "suborn:replace:jpn_police")
	saDo(t, g, WLD, "suborn:replace:jpn_police")
	s = saFinished(t, g)
	if s.Resources[WLD] != 0 || saN(s, "Hebei", JPNPolice) != 0 || saN(s, "Hebei", WLDTroop) != 2 {
		t.Errorf("Hebei %v", saSp(s, "Hebei").Pieces)
	}
}

// TestSubornCannotPay: a WLD faction short of Resources is offered only
// what it can pay for, and Suborn not at all with nothing affordable.
func TestSubornCannotPay(t *testing.T) {
	s := saState(t)
	put(t, s, "Hebei", WLDTroop, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Hebei", NATGuerrillaActive, 1)
	saSp(s, "Hebei").Support = Opposition
	s.Resources[WLD] = 0
	if saCan(s, opCtx{f: WLD, kind: Sweep}, Suborn) {
		t.Fatal("Suborn offered with 0 Resources")
	}
	s.Resources[WLD] = 1
	g := saGame(t, s, opCtx{f: WLD, kind: Sweep}, Suborn)
	saWant(t, g, "suborn:remove:jpn_police", "suborn:remove:nat_guerrillas_active")
	saRefused(t, g, WLD, "suborn:replace:jpn_police")
	saRefused(t, g, WLD, "suborn:neutral")
	saDo(t, g, WLD, "suborn:remove:nat_guerrillas_active")
	s = saFinished(t, g) // 0 Resources left: nothing more
	if s.Resources[WLD] != 0 || saN(s, "Hebei", JPNPolice) != 1 || s.Available[NATGuerrilla] != Pool[NATGuerrilla] {
		t.Errorf("Hebei %v, WLD %d", saSp(s, "Hebei").Pieces, s.Resources[WLD])
	}
}

// TestSubornFree: a free Suborn costs nothing, not even Suborn's Resources
// (deck.md free_sa), here granted on its own by an Event.
func TestSubornFree(t *testing.T) {
	s := saState(t)
	s.Resources[WLD] = 0
	put(t, s, "Hebei", WLDTroop, 1)
	put(t, s, "Hebei", JPNPolice, 1)
	put(t, s, "Hebei", NATTroop, 1)
	saSp(s, "Hebei").Support = Support
	o := opCtx{f: WLD, free: true}
	if !saCan(s, o, Suborn) {
		t.Fatal("free Suborn not offered at 0 Resources")
	}
	g := saGame(t, s, o, Suborn)
	if !strings.Contains(g.Prompt().Choices[0].Label, "(0 Resources)") {
		t.Errorf("labels should show the free cost: %v", g.Prompt().Choices)
	}
	saDo(t, g, WLD, "suborn:replace:jpn_police", "suborn:replace:nat_troops")
	s = saFinished(t, g)
	if s.Resources[WLD] != 0 || s.Patronage != 9 || saN(s, "Hebei", WLDTroop) != 3 {
		t.Errorf("Hebei %v WLD %d Patronage %d", saSp(s, "Hebei").Pieces, s.Resources[WLD], s.Patronage)
	}
}

// TestSubornReplaceFromMap: with no WLD Troop Available the replacing
// Troop comes from the map (1.4.1).
func TestSubornReplaceFromMap(t *testing.T) {
	s := saState(t)
	put(t, s, "Sichuan", WLDTroop, Pool.N(WLDTroop)-1)
	put(t, s, "Yunnan", WLDTroop, 1)
	put(t, s, "Yunnan", JPNPolice, 1)
	g := saGame(t, s, opCtx{f: WLD, kind: Sweep}, Suborn)
	// Yunnan is the only space where Suborn does something: forced.
	saDo(t, g, WLD, "suborn:replace:jpn_police")
	saWant(t, g, "space:Sichuan", "space:Yunnan")
	saDo(t, g, WLD, "space:Sichuan")
	s = saFinished(t, g)
	if saN(s, "Yunnan", WLDTroop) != 2 || saN(s, "Sichuan", WLDTroop) != Pool.N(WLDTroop)-2 || s.Resources[WLD] != 8 {
		t.Errorf("Yunnan %v Sichuan %d", saSp(s, "Yunnan").Pieces, saN(s, "Sichuan", WLDTroop))
	}
}

func TestSubornThreeSpaces(t *testing.T) {
	s := saState(t)
	for _, p := range []string{"Hebei", "Shandong", "Henan", "Jiangsu"} {
		put(t, s, p, WLDTroop, 1)
		put(t, s, p, JPNPolice, 1)
	}
	g := saGame(t, s, opCtx{f: WLD, kind: Sweep}, Suborn)
	for _, p := range []string{"Hebei", "Shandong", "Henan"} {
		saDo(t, g, WLD, "space:"+p, "suborn:remove:jpn_police")
	}
	s = saFinished(t, g)
	if saN(s, "Jiangsu", JPNPolice) != 1 || s.Resources[WLD] != 7 {
		t.Errorf("Jiangsu %v WLD %d", saSp(s, "Jiangsu").Pieces, s.Resources[WLD])
	}
}

// ---- 4.4.3 Organize -----------------------------------------------------------------------

func TestOrganize(t *testing.T) {
	s := saState(t)
	saSp(s, "Hebei").Support = Support
	saSp(s, "Henan").Support = Opposition
	saSp(s, "Shandong").Terror = true
	put(t, s, "Hubei", NATTroop, 1) // NAT Control
	put(t, s, "Anhui", CPCBase, 2)  // no room
	put(t, s, "Sichuan", WLDBase, 1)
	g := saGame(t, s, opCtx{f: WLD, kind: Recruit}, Organize)
	ids := strings.Join(saChoices(t, g), " ")
	for _, bad := range []string{"Hebei", "Henan", "Shandong", "Hubei", "Anhui", "Manchukuo", "Beijing-Tianjin"} {
		if strings.Contains(ids, "space:"+bad) {
			t.Errorf("%s offered", bad)
		}
	}
	for _, good := range []string{"Sichuan", "Chahar", "Jiangsu", "Yunnan"} {
		if !strings.Contains(ids, "space:"+good) {
			t.Errorf("%s not offered", good)
		}
	}
	saDo(t, g, WLD, "space:Sichuan") // one Base there already: one more (forced)
	saDo(t, g, WLD, "space:Yunnan")
	saWant(t, g, "count:1", "count:2")
	saDo(t, g, WLD, "count:2")
	s = saFinished(t, g) // three Bases placed: done
	if saN(s, "Sichuan", WLDBase) != 2 || saN(s, "Yunnan", WLDBase) != 2 || s.Resources[WLD] != 10 {
		t.Errorf("Sichuan %d Yunnan %d", saN(s, "Sichuan", WLDBase), saN(s, "Yunnan", WLDBase))
	}
}

// TestOrganizeFromMap: with no WLD Base Available, Organize takes one from
// the map (1.4.1).
func TestOrganizeFromMap(t *testing.T) {
	s := saState(t)
	for _, p := range []string{"Sichuan", "Yunnan", "Guangxi", "Guizhou"} {
		put(t, s, p, WLDBase, 2)
	}
	put(t, s, "Gansu", WLDBase, 1)
	g := saGame(t, s, opCtx{f: WLD, kind: Patrol}, Organize)
	saDo(t, g, WLD, "space:Chahar", "count:1")
	saDo(t, g, WLD, "space:Guizhou") // take it from Guizhou
	saDo(t, g, WLD, "done")
	s = saFinished(t, g)
	if saN(s, "Chahar", WLDBase) != 1 || saN(s, "Guizhou", WLDBase) != 1 {
		t.Errorf("Chahar %d Guizhou %d", saN(s, "Chahar", WLDBase), saN(s, "Guizhou", WLDBase))
	}
	s = saState(t)
	for i := range s.Spaces {
		if DefaultMap().Spaces[i].IsProvince() {
			s.Spaces[i].Terror = true
		}
	}
	if saCan(s, opCtx{f: WLD, kind: Recruit}, Organize) {
		t.Error("Organize offered with every Province under Terror")
	}
}
