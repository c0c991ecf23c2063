package engine

import (
	"slices"
	"testing"
)

// Cards #25-#36 (WLD first).

func TestCard25SongZheyuan(t *testing.T) {
	evCard(t, 25,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			steps: []string{"=space:Chahar|space:Hebei|done", "space:Chahar", "count:1", "space:Hebei", "count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Chahar", wt, 1)
				evWantPieces(t, s, "Hebei", wt, 2)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2)
			}},
		evCase{name: "unshaded one WLD Troop Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, WLDTroop, 1) },
			steps: []string{"space:Hebei"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", wt, 1) }},
		evCase{name: "shaded with Henan Flooded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", WLDTroop, 3)
				s.Floods = "Henan"
			},
			steps: []string{
				// Flooded Henan is open to the current Event (5.1.2, E9).
				"=space:Chahar|space:Henan|space:Shandong|space:Shanxi", "WLD>space:Henan", "=count:1|count:2|count:3", "WLD>count:2",
				"WLD>space:Shanxi",
				"=count:0|count:1|count:2", "JPN>count:2",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", wt, 0, jp, 2)
				evWantPieces(t, s, "Henan", wt, 2)
				evWantPieces(t, s, "Shanxi", wt, 1)
				evWantPieces(t, s, "Shandong", wt, 0)
			}},
		evCase{name: "shaded nothing to move, no Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNPolice, 0) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", jp, 0) }},
	)
}

func TestCard26BattleOfTaiyuan(t *testing.T) {
	evCard(t, 26,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", JPNTroop, 1) },
			steps: []string{"=count:0|count:1|count:2|count:3", "count:3", "~op:assault", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", wt, 3, jt, 1) }},
		evCase{name: "unshaded no WLD Troops Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, WLDTroop, 0); put(t, s, "Shanxi", JPNTroop, 1) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", wt, 0) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", WLDTroop, 2)
				put(t, s, "Shanxi", WLDBase, 1)
			},
			steps: []string{"space:Datong-Taiyuan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", wt, 0, wb, 0, jp, 1)
				evWantPieces(t, s, "Datong-Taiyuan", jp, 1)
			}},
		evCase{name: "shaded Bases last, one Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", WLDTroop, 4)
				put(t, s, "Shanxi", WLDBase, 1)
				evDrain(t, s, JPNPolice, 1)
			},
			steps: []string{"=count:2|count:3", "count:3"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", wt, 1, wb, 1, jp, 1)
				evWant(t, "JPN Police Available", s.Available[JPNPolice], 0)
			}},
	)
}

func TestCard27HanFuju(t *testing.T) {
	evCard(t, 27,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shandong", WLDTroop, 2)
				put(t, s, "Hebei", WLDTroop, 3)
			},
			steps: []string{"=space:Hebei|space:Shandong", "space:Hebei"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", wt, 1, nt, 2)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+2)
			}},
		evCase{name: "unshaded one NAT Troop Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shandong", WLDTroop, 2)
				evDrain(t, s, NATTroop, 1)
			},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shandong", wt, 1, nt, 1) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shandong", WLDTroop, 2) },
			steps: []string{
				"=space:Jinan-Qingdao|space:Jinan-Xuzhou|space:Shandong|space:Tianjin-Jinan|space:Xuzhou-Nanjing|space:Xuzhou-Zhengzhou|done",
				"space:Shandong", "count:1", "space:Jinan-Qingdao", "count:2",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shandong", wt, 0, jp, 1)
				evWantPieces(t, s, "Jinan-Qingdao", jp, 2)
				evWant(t, "WLD Troops Available", s.Available[WLDTroop], Pool[WLDTroop])
			}},
		evCase{name: "shaded no Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shandong", WLDTroop, 1); evDrain(t, s, JPNPolice, 0) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shandong", wt, 0, jp, 0) }},
	)
}

func TestCard28DeathOfLiuXiang(t *testing.T) {
	evCard(t, 28,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Sichuan", nt, 2)
				evWant(t, "Sichuan", s.Spaces[evSid("Sichuan")].Support, Support)
			}},
		evCase{name: "unshaded one NAT Troop Available, already at Support", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, NATTroop, 1); s.Spaces[evSid("Sichuan")].Support = Support },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Sichuan", nt, 1)
				evWant(t, "Sichuan", s.Spaces[evSid("Sichuan")].Support, Support)
			}},
		evCase{name: "shaded Bases last", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Sichuan", NATTroop, 1)
				put(t, s, "Sichuan", NATBase, 1)
				put(t, s, "Sichuan", NATGuerrilla, 1)
			},
			steps: []string{"=piece:nat_troops|piece:nat_guerrillas", "piece:nat_troops"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Sichuan", nt, 0, ng, 0, nb, 1, wt, 2)
				evWant(t, "NAT Resources", s.Resources[NAT], ev37NAT-2)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2)
			}},
		evCase{name: "shaded a lone Base, NAT Resources 1", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Sichuan", NATBase, 1)
				s.Resources[NAT] = 1
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Sichuan", nb, 0, wt, 2)
				evWant(t, "NAT Resources", s.Resources[NAT], 0)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+1)
			}},
	)
}

func TestCard29GuangxiClique(t *testing.T) {
	evCard(t, 29,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"regional_armies"}), true)
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"central_command"}), true)
			}},
		evCase{name: "shaded already in effect", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Capabilities = []string{"central_command", "regional_armies"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities (no duplicate)", slices.Equal(s.Capabilities, []string{"central_command", "regional_armies"}), true)
			}},
	)
}

func TestCard30BurmaRoad(t *testing.T) {
	evCard(t, 30,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid Reset", s.AidReset, ev37AidReset+1)
				evWant(t, "Aid", s.Aid, ev37Aid+1)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+3)
			}},
		evCase{name: "unshaded at the caps", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Aid, s.AidReset, s.Resources[WLD] = 10, 10, 58 },
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid Reset", s.AidReset, 10)
				evWant(t, "Aid", s.Aid, 10)
				evWant(t, "WLD Resources", s.Resources[WLD], 60)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Aid = 1 },
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid", s.Aid, 0)
				evWant(t, "Momentum", slices.Equal(s.Momentum, []string{"burma_road_closed"}), true)
			}},
	)
}

func TestCard31MaClique(t *testing.T) {
	evCard(t, 31,
		evCase{name: "unshaded Suiyuan", by: WLD, side: "unshaded",
			steps: []string{"=space:Gansu|space:Suiyuan", "space:Suiyuan"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Suiyuan", wb, 1, wt, 2) }},
		evCase{name: "unshaded Gansu has no room for a Base", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Gansu", NATBase, 2) },
			steps: []string{"space:Gansu"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Gansu", wb, 0, wt, 2, nb, 2)
				evWant(t, "WLD Bases Available", s.Available[WLDBase], Pool[WLDBase])
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCGuerrilla, 1)
				put(t, s, "Shaanxi", CPCGuerrillaActive, 1)
				put(t, s, "Gansu", CPCGuerrilla, 1)
			},
			steps: []string{
				"=space:Gansu|space:Shaanxi", "space:Shaanxi",
				"=piece:cpc_guerrillas|piece:cpc_guerrillas_active", "piece:cpc_guerrillas_active",
				"=space:Gansu|space:Shaanxi", "space:Gansu",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 1, int(CPCGuerrillaActive), 0)
				evWantPieces(t, s, "Gansu", cg, 0)
				evWant(t, "CPC Guerrillas Available", s.Available[CPCGuerrilla], Pool[CPCGuerrilla]-1)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC-2)
			}},
		evCase{name: "shaded shifts one at Opposition toward Neutral", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCGuerrilla, 2)
				s.Spaces[evSid("Shaanxi")].Support = Opposition
				s.Spaces[evSid("Gansu")].Support = Opposition
			},
			steps: []string{"=space:Gansu|space:Shaanxi", "space:Gansu"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 0)
				evWant(t, "Gansu", s.Spaces[evSid("Gansu")].Support, Neutral)
				evWant(t, "Shaanxi", s.Spaces[evSid("Shaanxi")].Support, Opposition)
			}},
		evCase{name: "shaded one Guerrilla there, CPC Resources 1", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Gansu", CPCGuerrilla, 1)
				put(t, s, "Shanxi", CPCGuerrilla, 2)
				s.Resources[CPC] = 1
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Gansu", cg, 0)
				evWantPieces(t, s, "Shanxi", cg, 2)
				evWant(t, "CPC Resources", s.Resources[CPC], 0)
			}},
	)
}

func TestCard32Mengjiang(t *testing.T) {
	evCard(t, 32,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Chahar", JPNPolice, 1)
				put(t, s, "Beijing-Tianjin", JPNPolice, 1)
				put(t, s, "Hebei", JPNPolice, 1)
			},
			steps: []string{"=space:Beijing-Tianjin|space:Chahar|done", "space:Chahar", "space:Beijing-Tianjin", "~sa:organize", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Chahar", jp, 0)
				evWantPieces(t, s, "Beijing-Tianjin", jp, 0)
				evWantPieces(t, s, "Hebei", jp, 1)
			}},
		evCase{name: "unshaded stop after one", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Chahar", JPNPolice, 2)
			},
			steps: []string{"space:Chahar", "count:1", "done", "~sa:organize", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Chahar", jp, 1) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Chahar", WLDTroop, 2) },
			steps: []string{"space:Chahar", "count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Chahar", jp, 2, wt, 0)
				evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN+2)
			}},
		evCase{name: "shaded no Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNPolice, 0) },
			check: func(t *testing.T, s *State) { evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN+2) }},
	)
}

func TestCard33ShiYousan(t *testing.T) {
	evCard(t, 33,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", JPNPolice, 3)
				put(t, s, "Shandong", JPNPolice, 1)
			},
			steps: []string{"=space:Hebei|space:Shandong", "space:Hebei"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", jp, 1, wt, 2)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2)
			}},
		evCase{name: "unshaded no WLD Troops Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", JPNPolice, 3)
				evDrain(t, s, WLDTroop, 0)
			},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", jp, 3, wt, 0) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", WLDTroop, 2) },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", jp, 2, wt, 0)
				evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN+2)
			}},
		evCase{name: "shaded one Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", WLDTroop, 2); evDrain(t, s, JPNPolice, 1) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", jp, 1, wt, 1) }},
	)
}

func TestCard34OpiumRevenues(t *testing.T) {
	evCard(t, 34,
		evCase{name: "unshaded free Extort offered", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Yunnan", WLDBase, 1) },
			steps: []string{"~sa:extort", "decline"},
			check: func(t *testing.T, s *State) { evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2) }},
		evCase{name: "unshaded no WLD Base", by: WLD, side: "unshaded",
			check: func(t *testing.T, s *State) { evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				for _, p := range []string{"Hebei", "Shandong", "Henan"} {
					put(t, s, p, JPNTroop, 1)
				}
				put(t, s, "Beijing-Tianjin", JPNTroop, 1) // a LoC
			},
			steps: []string{"=space:Hebei|space:Henan|space:Shandong|done", "space:Hebei", "space:Henan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", jp, 1)
				evWantPieces(t, s, "Henan", jp, 1)
				evWantPieces(t, s, "Shandong", jp, 0)
				evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN+4)
			}},
		evCase{name: "shaded one Police Available: JPN orders the spaces", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", JPNTroop, 1)
				put(t, s, "Henan", JPNTroop, 1)
				evDrain(t, s, JPNPolice, 1)
			},
			steps: []string{"space:Hebei", "space:Henan", "=space:Hebei|space:Henan", "space:Henan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Henan", jp, 1)
				evWantPieces(t, s, "Hebei", jp, 0)
			}},
	)
}

func TestCard35FuZuoyi(t *testing.T) {
	evCard(t, 35,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Chahar", JPNTroop, 1)
				put(t, s, "Chahar", JPNPolice, 1)
				put(t, s, "Datong-Baotou", JPNPolice, 1)
				put(t, s, "Beijing-Tianjin", JPNPolice, 1) // adjacent to Chahar, not Suiyuan
			},
			steps: []string{
				"=space:Chahar|space:Datong-Baotou", "space:Chahar",
				"=piece:jpn_troops|piece:jpn_police", "piece:jpn_troops",
				"=space:Chahar|space:Datong-Baotou", "space:Datong-Baotou",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Chahar", jt, 0, jp, 1)
				evWantPieces(t, s, "Datong-Baotou", jp, 0)
				evWantPieces(t, s, "Beijing-Tianjin", jp, 1)
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop]+s.Casualties[JPNPolice], 2)
				evWantPieces(t, s, "Suiyuan", wt, 2)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+1)
			}},
		evCase{name: "unshaded one WLD Troop Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, WLDTroop, 1) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Suiyuan", wt, 1) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				for _, l := range []string{"Datong-Baotou", "Beijing-Tianjin", "Tianjin-Jinan"} {
					s.Spaces[evSid(l)].Sabotage = true
				}
			},
			steps: []string{"space:Beijing-Tianjin", "count:2"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Datong-Baotou Sabotage", s.Spaces[evSid("Datong-Baotou")].Sabotage, false)
				evWant(t, "Beijing-Tianjin Sabotage", s.Spaces[evSid("Beijing-Tianjin")].Sabotage, false)
				evWant(t, "Tianjin-Jinan Sabotage", s.Spaces[evSid("Tianjin-Jinan")].Sabotage, true)
				evWantPieces(t, s, "Beijing-Tianjin", jp, 2)
			}},
		evCase{name: "shaded no Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNPolice, 0) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Beijing-Tianjin", jp, 0) }},
	)
}

func TestCard36YanXishanTalks(t *testing.T) {
	evCard(t, 36,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", JPNPolice, 1) },
			steps: []string{"count:2", "~sa:suborn", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", wt, 2, jp, 1) }},
		evCase{name: "unshaded no WLD Troops Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, WLDTroop, 0) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", wt, 0) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", CPCGuerrilla, 3) },
			steps: []string{"=space:Shanxi|done", "space:Shanxi", "count:2", "space:Datong-Taiyuan", "done"},
			check: func(t *testing.T, s *State) {
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+3)
				evWantPieces(t, s, "Shanxi", cg, 1)
				evWantPieces(t, s, "Datong-Taiyuan", jp, 1)
				evWant(t, "WLD stays Eligible", s.EventElig[WLD], EventEligStays)
			}},
		evCase{name: "shaded no Police Available", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNPolice, 0) },
			steps: []string{"space:Datong-Taiyuan", "done"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Datong-Taiyuan", jp, 0) }},
	)
}
