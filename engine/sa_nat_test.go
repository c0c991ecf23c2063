package engine

import (
	"strings"
	"testing"
)

// ---- 4.3.1 Govern ---------------------------------------------------------------

// saGovernBoard: Hebei (Pop 3) NAT-Controlled at Support with a NAT and a
// WLD Base; Shanxi (Pop 1) NAT-Controlled with two NAT Bases; Henan
// at Support but WLD-Controlled.
func saGovernBoard(t *testing.T) *State {
	s := saState(t)
	put(t, s, "Hebei", NATTroop, 3)
	put(t, s, "Hebei", NATBase, 1)
	put(t, s, "Hebei", WLDBase, 1)
	put(t, s, "Hebei", JPNTroop, 5) // JPN Troops do not count for Control
	put(t, s, "Shanxi", NATBase, 2)
	put(t, s, "Henan", WLDTroop, 2)
	saSp(s, "Hebei").Support = Support
	saSp(s, "Henan").Support = Support
	return s
}

func TestGovern(t *testing.T) {
	for _, tc := range []struct {
		name        string
		choice      string
		res, patron int
		support     int
		wldBase     int
	}{
		{"remove a WLD Base", "govern:remove_wld", 10, 10, Support, 0},
		{"+1 per NAT Base up to Pop", "govern:bases", 11, 10, Support, 1},
		{"Support: Neutral and 3 x Pop Resources", "govern:support_resources", 19, 10, Neutral, 1},
		{"Support: Neutral and Pop Patronage", "govern:support_patronage", 10, 13, Neutral, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := saGovernBoard(t)
			g := saGame(t, s, opCtx{f: NAT, kind: Recruit}, Govern)
			saWant(t, g, "space:Hebei", "space:Shanxi")
			saDo(t, g, NAT, "space:Hebei")
			saWant(t, g, "govern:remove_wld", "govern:bases", "govern:support_resources", "govern:support_patronage")
			saDo(t, g, NAT, tc.choice, "done")
			s = saFinished(t, g)
			if s.Resources[NAT] != tc.res || s.Patronage != tc.patron || saSp(s, "Hebei").Support != tc.support || saN(s, "Hebei", WLDBase) != tc.wldBase {
				t.Errorf("NAT Resources %d Patronage %d Hebei %+v", s.Resources[NAT], s.Patronage, saSp(s, "Hebei"))
			}
		})
	}
}

func TestGovernTwoProvinces(t *testing.T) {
	s := saGovernBoard(t)
	saSwapBase(t, s, "Hebei", WLDBase, CPCBase)
	g := saGame(t, s, opCtx{f: NAT, kind: Patrol}, Govern)
	saDo(t, g, NAT, "space:Shanxi")
	// Shanxi: only the Bases option (two Bases, Pop 1: +1).
	saDo(t, g, NAT, "space:Hebei")
	saWant(t, g, "govern:remove_cpc", "govern:bases", "govern:support_resources", "govern:support_patronage")
	saDo(t, g, NAT, "govern:remove_cpc")
	s = saFinished(t, g) // two Provinces: done
	if s.Resources[NAT] != 11 || saN(s, "Hebei", CPCBase) != 0 || s.Available[CPCBase] != Pool[CPCBase] {
		t.Errorf("Resources %d, Hebei CPC Bases %d", s.Resources[NAT], saN(s, "Hebei", CPCBase))
	}
}

// saSwapBase replaces a Base in a space by one of another faction.
func saSwapBase(t *testing.T, s *State, space string, from, to Piece) {
	saSp(s, space).Pieces[from]--
	s.Available[from]++
	put(t, s, space, to, 1)
}

func TestGovernUnitedFront(t *testing.T) {
	s := saGovernBoard(t)
	s.Capabilities = []string{"united_front"}
	saSwapBase(t, s, "Hebei", WLDBase, CPCBase)
	g := saGame(t, s, opCtx{f: NAT, kind: Recruit}, Govern)
	saDo(t, g, NAT, "space:Hebei")
	saWant(t, g, "govern:bases", "govern:support_resources", "govern:support_patronage")
}

func TestGovernCaps(t *testing.T) {
	s := saGovernBoard(t)
	s.Resources[NAT], s.Patronage = 55, 29
	g := saGame(t, s, opCtx{f: NAT, kind: Recruit}, Govern)
	saDo(t, g, NAT, "space:Hebei", "govern:support_resources")
	// At 60 Resources Shanxi's Bases would add nothing: it is not offered,
	// and the Special Activity ends.
	s = saFinished(t, g)
	if s.Resources[NAT] != 60 {
		t.Errorf("Resources %d, want 60 (cap)", s.Resources[NAT])
	}
	s = saGovernBoard(t)
	s.Resources[NAT], s.Patronage = 60, 29
	g = saGame(t, s, opCtx{f: NAT, kind: Recruit}, Govern)
	// Hebei is the only Province offered (forced).
	saWant(t, g, "govern:remove_wld", "govern:support_resources", "govern:support_patronage")
	saDo(t, g, NAT, "govern:support_patronage")
	s = saFinished(t, g)
	if s.Patronage != 30 {
		t.Errorf("Patronage %d, want 30 (cap)", s.Patronage)
	}
}

func TestGovernCan(t *testing.T) {
	s := saState(t)
	put(t, s, "Henan", WLDTroop, 1)
	put(t, s, "Henan", NATBase, 1)
	saSp(s, "Henan").Support = Support
	if saCan(s, opCtx{f: NAT, kind: Recruit}, Govern) {
		t.Error("Govern offered without NAT Control")
	}
	put(t, s, "Chahar", NATBase, 1) // Pop 0: its Base adds nothing
	put(t, s, "Chahar", NATTroop, 1)
	if saCan(s, opCtx{f: NAT, kind: Recruit}, Govern) {
		t.Error("Govern offered where it would do nothing")
	}
	put(t, s, "Henan", NATTroop, 1)
	if !saCan(s, opCtx{f: NAT, kind: Recruit}, Govern) {
		t.Error("Govern not offered in NAT-Controlled Henan at Support")
	}
}

// ---- 4.3.2 Transport ----------------------------------------------------------------

func TestNATTransportToll(t *testing.T) {
	for _, tc := range []struct {
		name             string
		free, central    bool
		natRes, wldRes   int
		wantNAT, wantWLD int
	}{
		{"pays WLD 1 in total", false, false, 10, 10, 9, 11},
		{"pays even if free", true, false, 10, 10, 9, 11},
		{"central_command: no payment", false, true, 10, 10, 10, 10},
		{"WLD at 60 still paid", false, false, 10, 60, 9, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := saState(t)
			s.Resources[NAT], s.Resources[WLD] = tc.natRes, tc.wldRes
			if tc.central {
				s.Capabilities = []string{"central_command"}
			}
			put(t, s, "Hunan", NATTroop, 3)
			put(t, s, "Wuhan-Changsha", WLDTroop, 1)
			put(t, s, "Jiujiang-Wuhan", WLDTroop, 2)
			put(t, s, "Wuhan-Yichang", JPNPolice, 1)
			g := saGame(t, s, opCtx{f: NAT, kind: Sweep, free: tc.free}, Transport)
			saDo(t, g, NAT, "count:3", "space:Wuhan-Changsha")
			// Wuhan-Yichang holds a JPN Police: enterable, but the group
			// stops there. Manchukuo never appears for NAT.
			saDo(t, g, NAT, "space:Jiujiang-Wuhan", "space:Anhui")
			s = saFinished(t, g)
			if saN(s, "Anhui", NATTroop) != 3 || s.Resources[NAT] != tc.wantNAT || s.Resources[WLD] != tc.wantWLD {
				t.Errorf("Anhui %d NAT Troops; NAT %d WLD %d Resources", saN(s, "Anhui", NATTroop), s.Resources[NAT], s.Resources[WLD])
			}
		})
	}
}

func TestNATTransportStopsAtJPNCubes(t *testing.T) {
	s := saState(t)
	put(t, s, "Hebei", NATTroop, 1)
	put(t, s, "Beijing-Tianjin", JPNPolice, 1)
	saSp(s, "Beijing-Shijiazhuang").Sabotage = true
	put(t, s, "Tianjin-Jinan", WLDTroop, 2) // Chinese Troops do not stop NAT
	g := saGame(t, s, opCtx{f: NAT, kind: Sweep}, Transport)
	saDo(t, g, NAT, "space:Tianjin-Jinan")
	// Manchukuo is not offered to NAT.
	saWant(t, g, "done", "space:Beijing-Tianjin", "space:Jinan-Qingdao", "space:Jinan-Xuzhou", "space:Shandong")
	saDo(t, g, NAT, "space:Beijing-Tianjin")
	s = saFinished(t, g)
	if saN(s, "Beijing-Tianjin", NATTroop) != 1 || s.Resources[NAT] != 9 {
		t.Errorf("Beijing-Tianjin %d NAT Troops, NAT Resources %d", saN(s, "Beijing-Tianjin", NATTroop), s.Resources[NAT])
	}
	// Sabotage stops too.
	s = saState(t)
	put(t, s, "Hebei", NATTroop, 1)
	saSp(s, "Beijing-Shijiazhuang").Sabotage = true
	g = saGame(t, s, opCtx{f: NAT, kind: Sweep}, Transport)
	saDo(t, g, NAT, "space:Beijing-Shijiazhuang")
	s = saFinished(t, g)
	if saN(s, "Beijing-Shijiazhuang", NATTroop) != 1 {
		t.Error("the group did not stop on the Sabotaged LoC")
	}
}

// TestNATTransportCannotPay: with no Resources NAT may not enter a LoC with
// WLD Troops (1.8), as the toll could not be paid.
func TestNATTransportCannotPay(t *testing.T) {
	s := saState(t)
	s.Resources[NAT] = 0
	put(t, s, "Guangxi", NATTroop, 2) // Guangxi's only LoC: Guangzhou-Wuzhou
	put(t, s, "Guangzhou-Wuzhou", WLDTroop, 1)
	o := opCtx{f: NAT, kind: Assault, free: true}
	if saCan(s, o, Transport) {
		t.Fatal("Transport offered though the toll cannot be paid")
	}
	s.Capabilities = []string{"central_command"}
	if !saCan(s, o, Transport) {
		t.Fatal("Transport not offered under Central Command")
	}
	s.Capabilities = nil
	put(t, s, "Hunan", NATTroop, 1)
	put(t, s, "Changsha-Guangzhou", WLDTroop, 1)
	g := saGame(t, s, o, Transport)
	// Hunan is the only origin; its LoCs with WLD Troops are not offered.
	saWant(t, g, "space:Nanchang-Changsha", "space:Wuhan-Changsha", "space:Wuhan-Yichang")
	saDo(t, g, NAT, "space:Nanchang-Changsha")
	if saOffers(t, g, "space:Changsha-Guangzhou") {
		t.Fatal("LoC with WLD Troops offered with no Resources")
	}
}

// ---- 4.3.3 Partisan Action --------------------------------------------------------------

func TestPartisanPlace(t *testing.T) {
	s := saState(t)
	saSp(s, "Hebei").Support = Support
	saSp(s, "Henan").Support = Opposition
	saSp(s, "Shandong").Terror = true
	g := saGame(t, s, opCtx{f: NAT, kind: Assault}, Partisan)
	ids := saChoices(t, g)
	for _, bad := range []string{"space:Henan", "space:Shandong", "space:Manchukuo", "space:Beijing-Tianjin"} {
		if strings.Contains(strings.Join(ids, " "), bad) {
			t.Errorf("%s offered: %v", bad, ids)
		}
	}
	saDo(t, g, NAT, "space:Hebei")
	// No Underground NAT Guerrillas in Hebei: placing is forced.
	saWant(t, g, "count:1", "count:2", "count:3")
	saDo(t, g, NAT, "count:3", "space:Gansu", "count:2")
	s = saFinished(t, g)
	if saN(s, "Hebei", NATGuerrilla) != 3 || saN(s, "Gansu", NATGuerrilla) != 2 || s.Available[NATGuerrilla] != 1 {
		t.Errorf("Hebei %d Gansu %d Available %d", saN(s, "Hebei", NATGuerrilla), saN(s, "Gansu", NATGuerrilla), s.Available[NATGuerrilla])
	}
	if s.Resources[NAT] != 10 {
		t.Error("Partisan Action cost Resources")
	}
}

// TestPartisanFromMap: with no NAT Guerrilla Available, Partisan Action may
// take them from the map (1.4.1).
func TestPartisanFromMap(t *testing.T) {
	s := saState(t)
	put(t, s, "Sichuan", NATGuerrillaActive, 6)
	g := saGame(t, s, opCtx{f: NAT, kind: Assault}, Partisan)
	saDo(t, g, NAT, "space:Yunnan", "count:2")
	saWant(t, g, "space:Sichuan", "done")
	saDo(t, g, NAT, "space:Sichuan", "space:Sichuan", "done")
	s = saFinished(t, g)
	if saN(s, "Yunnan", NATGuerrilla) != 2 || saN(s, "Sichuan", NATGuerrillaActive) != 4 {
		t.Errorf("Yunnan %d Sichuan %d", saN(s, "Yunnan", NATGuerrilla), saN(s, "Sichuan", NATGuerrillaActive))
	}
}

func TestPartisanSabotage(t *testing.T) {
	s := saState(t)
	put(t, s, "Henan", NATGuerrilla, 3)
	put(t, s, "Henan", NATGuerrillaActive, 1)
	saSp(s, "Zhengzhou-Xi'an").Sabotage = true
	s.Floods = "Henan" // Floods do not stop Guerrillas (deck.md §6 c)
	g := saGame(t, s, opCtx{f: NAT, kind: Sweep}, Partisan)
	saDo(t, g, NAT, "space:Henan")
	saWant(t, g, "partisan:place", "partisan:sabotage")
	saDo(t, g, NAT, "partisan:sabotage")
	// The LoCs adjacent to Henan; no "done" before one Guerrilla moved.
	saWant(t, g, saSpaces("Shijiazhuang-Zhengzhou", "Zhengzhou-Wuhan", "Jinan-Xuzhou", "Xuzhou-Nanjing", "Xuzhou-Zhengzhou", "Zhengzhou-Xi'an")...)
	saDo(t, g, NAT, "space:Zhengzhou-Wuhan", "count:2")
	saWant(t, g, "done", "space:Shijiazhuang-Zhengzhou", "space:Zhengzhou-Wuhan", "space:Jinan-Xuzhou", "space:Xuzhou-Nanjing", "space:Xuzhou-Zhengzhou", "space:Zhengzhou-Xi'an")
	saDo(t, g, NAT, "space:Zhengzhou-Xi'an") // the last one: count forced
	saDo(t, g, NAT, "done")                  // no second Province
	s = saFinished(t, g)
	if saN(s, "Henan", NATGuerrilla) != 0 || saN(s, "Henan", NATGuerrillaActive) != 1 ||
		saN(s, "Zhengzhou-Wuhan", NATGuerrillaActive) != 2 || saN(s, "Zhengzhou-Xi'an", NATGuerrillaActive) != 1 {
		t.Errorf("Guerrillas: Henan %v", saSp(s, "Henan").Pieces)
	}
	if !saSp(s, "Zhengzhou-Wuhan").Sabotage || !saSp(s, "Zhengzhou-Xi'an").Sabotage || saSp(s, "Xuzhou-Nanjing").Sabotage {
		t.Error("Sabotage should be on exactly the LoCs that received Guerrillas")
	}
}

func TestPartisanCan(t *testing.T) {
	s := saState(t)
	// Every NAT Guerrilla is on a LoC: they may still be taken from there
	// and placed (1.4.1).
	put(t, s, "Beijing-Tianjin", NATGuerrilla, 6)
	if !saCan(s, opCtx{f: NAT, kind: Sweep}, Partisan) {
		t.Error("Partisan Action not offered: Guerrillas can come from the map")
	}
	// Every Province at Opposition or with Terror: none may be selected.
	for i := range s.Spaces {
		if DefaultMap().Spaces[i].IsProvince() {
			if i%2 == 0 {
				s.Spaces[i].Terror = true
			} else {
				s.Spaces[i].Support = Opposition
			}
		}
	}
	if saCan(s, opCtx{f: NAT, kind: Sweep}, Partisan) {
		t.Error("Partisan Action offered with every Province at Opposition or Terror")
	}
	// A free Partisan Action granted on its own (no Operation).
	s = saState(t)
	put(t, s, "Gansu", NATGuerrilla, 1) // no adjacent LoC
	if !saCan(s, opCtx{f: NAT, free: true}, Partisan) {
		t.Error("free Partisan Action not offered")
	}
}

// TestGovernNoBasesLast: Govern removes a WLD or CPC Base even with other
// pieces of its faction there (4.3.1 has no bases-last clause, unlike 4.2.3
// and 4.4.2).
func TestGovernNoBasesLast(t *testing.T) {
	s := saState(t)
	put(t, s, "Sichuan", NATTroop, 4)
	put(t, s, "Sichuan", CPCBase, 1)
	put(t, s, "Sichuan", CPCGuerrilla, 2) // Underground: no Control effect
	put(t, s, "Sichuan", WLDBase, 1)
	put(t, s, "Sichuan", WLDTroop, 1)
	g := saGame(t, s, opCtx{f: NAT, kind: Recruit}, Govern)
	saWant(t, g, "govern:remove_wld", "govern:remove_cpc")
	saDo(t, g, NAT, "govern:remove_cpc")
	s = saFinished(t, g)
	if saN(s, "Sichuan", CPCBase) != 0 || saN(s, "Sichuan", CPCGuerrilla) != 2 {
		t.Errorf("Sichuan %v", saSp(s, "Sichuan").Pieces)
	}
}
