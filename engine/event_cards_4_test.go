package engine

import (
	"slices"
	"testing"
)

// Cards #37-#48 (CPC first) and the Propaganda cards #49-#52.

func TestCard37EighthRouteArmy(t *testing.T) {
	evCard(t, 37,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			steps: []string{
				"=space:Shaanxi|space:Shanxi", "space:Shaanxi", "=count:1|count:2|count:3", "count:2", "space:Shanxi",
				"~op:march", "decline",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 2)
				evWantPieces(t, s, "Shanxi", cg, 1)
			}},
		evCase{name: "unshaded one Guerrilla Available", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, CPCGuerrilla, 1, "Kunming-Hekou") },
			steps: []string{"space:Shanxi", "~op:march", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", cg, 1)
				evWantPieces(t, s, "Shaanxi", cg, 0)
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", NATTroop, 1)
				put(t, s, "Shaanxi", CPCGuerrilla, 3)
				put(t, s, "Shanxi", CPCGuerrilla, 2)
				put(t, s, "Datong-Taiyuan", NATTroop, 1)
				put(t, s, "Datong-Taiyuan", CPCGuerrilla, 1)
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 0, int(CPCGuerrillaActive), 3)
				evWantPieces(t, s, "Shanxi", cg, 2)
				evWantPieces(t, s, "Datong-Taiyuan", cg, 1)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC-3)
			}},
		evCase{name: "shaded shifts one Province with NAT Troops toward Neutral", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", NATTroop, 1)
				put(t, s, "Hubei", NATTroop, 1)
				for _, n := range []string{"Shaanxi", "Hubei", "Shanxi"} {
					s.Spaces[evSid(n)].Support = Opposition
				}
			},
			steps: []string{"=space:Hubei|space:Shaanxi", "space:Hubei"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Hubei", s.Spaces[evSid("Hubei")].Support, Neutral)
				evWant(t, "Shaanxi", s.Spaces[evSid("Shaanxi")].Support, Opposition)
				evWant(t, "Shanxi (no NAT Troops)", s.Spaces[evSid("Shanxi")].Support, Opposition)
			}},
		evCase{name: "shaded no such Province, CPC Resources 2", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", CPCGuerrilla, 2); s.Resources[CPC] = 2 },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", cg, 2)
				evWant(t, "CPC Resources", s.Resources[CPC], 0)
			}},
	)
}

func TestCard38Pingxingguan(t *testing.T) {
	evCard(t, 38,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", JPNTroop, 1) },
			steps: []string{"~sa:ambush", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", cg, 2, jt, 1)
				evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Opposition)
			}},
		evCase{name: "unshaded no Guerrillas Available", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				evDrain(t, s, CPCGuerrilla, 0, "Kunming-Hekou")
				put(t, s, "Shanxi", JPNTroop, 1)
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", cg, 0)
				evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Opposition)
			}},
		evCase{name: "shaded free Sweep offered", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", JPNTroop, 2)
				put(t, s, "Shanxi", CPCGuerrilla, 2)
			},
			steps: []string{"=op:sweep|decline", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", cg, 2) }},
	)
}

func TestCard39ShaanGanNing(t *testing.T) {
	evCard(t, 39,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			steps: []string{"=space:Gansu|space:Shaanxi", "space:Gansu"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Gansu", cb, 1)
				evWant(t, "Shaanxi", s.Spaces[evSid("Shaanxi")].Support, Opposition)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC+2)
			}},
		evCase{name: "unshaded Shaanxi full of Bases", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", NATBase, 1)
				put(t, s, "Shaanxi", CPCBase, 1)
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Gansu", cb, 1)
				evWantPieces(t, s, "Shaanxi", cb, 1)
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", nt, 2)
				evWantPieces(t, s, "Gansu", wt, 2)
				evWant(t, "CPC Resources", s.Resources[CPC], 0)
			}},
		evCase{name: "shaded one NAT Troop Available", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, NATTroop, 1) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shaanxi", nt, 1) }},
	)
}

func TestCard40JinChaJi(t *testing.T) {
	evCard(t, 40,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			steps: []string{"=space:Chahar|space:Hebei|space:Shanxi", "space:Hebei", "~op:agitate", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", cb, 1, cg, 2) }},
		evCase{name: "unshaded no Base Available", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				evDrain(t, s, CPCBase, 0, "Yunnan", "Guangxi", "Guizhou", "Fujian", "Zhejiang")
			},
			steps: []string{"space:Shanxi", "~op:agitate", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", cb, 0, cg, 2) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", CPCGuerrilla, 2)
				put(t, s, "Shanxi", CPCGuerrilla, 1)
				put(t, s, "Shaanxi", CPCGuerrilla, 1)
			},
			steps: []string{"~space:Zhengzhou-Xi'an", "~space:Tianjin-Jinan", "!space:Nanjing-Hangzhou", "space:Beijing-Tianjin", "space:Datong-Taiyuan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Beijing-Tianjin", jp, 1)
				evWantPieces(t, s, "Datong-Taiyuan", jp, 1)
				evWantPieces(t, s, "Hebei", int(CPCGuerrillaActive), 2)
				evWantPieces(t, s, "Shanxi", int(CPCGuerrillaActive), 1)
				evWantPieces(t, s, "Shaanxi", cg, 1)
			}},
		evCase{name: "shaded shifts Hebei or Shanxi toward Neutral", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				s.Spaces[evSid("Hebei")].Support = Opposition
				s.Spaces[evSid("Shanxi")].Support = Opposition
			},
			steps: []string{"space:Beijing-Tianjin", "space:Datong-Taiyuan", "=space:Hebei|space:Shanxi", "space:Hebei"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Hebei", s.Spaces[evSid("Hebei")].Support, Neutral)
				evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Opposition)
			}},
		evCase{name: "shaded one Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNPolice, 1) },
			steps: []string{"space:Beijing-Tianjin", "space:Datong-Taiyuan", "=space:Beijing-Tianjin|space:Datong-Taiyuan", "space:Datong-Taiyuan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Datong-Taiyuan", jp, 1)
				evWantPieces(t, s, "Beijing-Tianjin", jp, 0)
			}},
	)
}

func TestCard41ProtractedWar(t *testing.T) {
	evCard(t, 41,
		evCase{name: "unshaded free Rally in up to 2 Provinces", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCGuerrilla, 2)
				s.Spaces[evSid("Shanxi")].Support = Support
				s.Resources[CPC] = 0
			},
			steps: []string{
				"=op:rally|decline", "op:rally",
				"~space:Shaanxi", "!space:Shanxi", "space:Shaanxi", "=rally:base|rally:place", "rally:base",
				"space:Gansu",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cb, 1, cg, 0)
				evWantPieces(t, s, "Gansu", cg, 1)
				evWant(t, "CPC Resources (free)", s.Resources[CPC], 0)
				evWant(t, "CPC stays Eligible", s.EventElig[CPC], EventEligStays)
			}},
		evCase{name: "unshaded declined", by: CPC, side: "unshaded",
			steps: []string{"decline"},
			check: func(t *testing.T, s *State) { evWant(t, "CPC stays Eligible", s.EventElig[CPC], EventEligStays) }},
		evCase{name: "unshaded no Rally possible", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				// Every Province has Support or Terror.
				m := DefaultMap()
				for i := range m.Spaces {
					if m.Spaces[i].IsProvince() {
						s.Spaces[i].Support = Support
						if m.Spaces[i].Pop == 0 {
							s.Spaces[i].Support, s.Spaces[i].Terror = Neutral, true
						}
					}
				}
			},
			check: func(t *testing.T, s *State) { evWant(t, "CPC stays Eligible", s.EventElig[CPC], EventEligStays) }},
		evCase{name: "shaded free Patrol offered", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Hebei", JPNTroop, 2) },
			steps: []string{"~op:patrol", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", jt, 2) }},
	)
}

func TestCard42RentReduction(t *testing.T) {
	evCard(t, 42,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCBase, 1)
				put(t, s, "Hubei", CPCBase, 1)
				s.Spaces[evSid("Hubei")].Support = Support
			},
			steps: []string{"=space:Hubei|space:Shaanxi", "space:Hubei"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Hubei", s.Spaces[evSid("Hubei")].Support, Neutral)
				evWantPieces(t, s, "Hubei", cg, 2)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC+2)
			}},
		evCase{name: "unshaded one Guerrilla Available", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCBase, 1)
				evDrain(t, s, CPCGuerrilla, 1, "Kunming-Hekou")
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 1)
				evWant(t, "Shaanxi", s.Spaces[evSid("Shaanxi")].Support, Opposition)
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				for _, p := range []string{"Shaanxi", "Hubei", "Henan"} {
					s.Spaces[evSid(p)].Support = Opposition
				}
			},
			steps: []string{"=space:Hubei|space:Shaanxi|done", "space:Shaanxi", "done"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Shaanxi", s.Spaces[evSid("Shaanxi")].Support, Neutral)
				evWant(t, "Hubei", s.Spaces[evSid("Hubei")].Support, Opposition)
				evWant(t, "Henan (Pop 3)", s.Spaces[evSid("Henan")].Support, Opposition)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+1)
			}},
	)
}

func TestCard43ShanxiNewArmy(t *testing.T) {
	evCard(t, 43,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", WLDTroop, 3) },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", wt, 1, cg, 2)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC+2)
			}},
		evCase{name: "unshaded one Guerrilla Available", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", WLDTroop, 3)
				evDrain(t, s, CPCGuerrilla, 1, "Kunming-Hekou")
			},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", wt, 2, cg, 1) }},
		evCase{name: "shaded", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", CPCGuerrilla, 2)
				put(t, s, "Shanxi", CPCGuerrillaActive, 2)
			},
			steps: []string{"=piece:cpc_guerrillas|piece:cpc_guerrillas_active", "piece:cpc_guerrillas_active", "=count:1|count:2", "count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", cg, 1, int(CPCGuerrillaActive), 0, wt, 2)
			}},
		evCase{name: "shaded Shanxi at Opposition", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", CPCGuerrilla, 1)
				s.Spaces[evSid("Shanxi")].Support = Opposition
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", cg, 0, wt, 2)
				evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Neutral)
			}},
		evCase{name: "shaded Shanxi at Support stays", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Spaces[evSid("Shanxi")].Support = Support },
			check: func(t *testing.T, s *State) { evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Support) }},
		evCase{name: "shaded no WLD Troops Available", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Shanxi", CPCGuerrilla, 1); evDrain(t, s, WLDTroop, 0) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shanxi", cg, 0, wt, 0) }},
	)
}

func TestCard44Huangtuling(t *testing.T) {
	evCard(t, 44,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", CPCGuerrilla, 2)
				put(t, s, "Shanxi", JPNTroop, 1)
			},
			steps: []string{"~op:attack", "decline"},
			check: func(t *testing.T, s *State) { evWant(t, "Large Offensive used", s.LargeOffensiveUsed, true) }},
		evCase{name: "unshaded nothing to Attack, marker already used", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.LargeOffensiveUsed = true },
			check: func(t *testing.T, s *State) { evWant(t, "Large Offensive used", s.LargeOffensiveUsed, true) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Hebei", JPNTroop, 1); s.Commitment = 60 },
			steps: []string{"~sa:anti_bandit", "decline"},
			check: func(t *testing.T, s *State) { evWant(t, "Commitment", s.Commitment, 60) }},
	)
}

func TestCard45FrictionIncidents(t *testing.T) {
	evCard(t, 45,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Henan", NATTroop, 1)
				put(t, s, "Henan", CPCGuerrilla, 1)
				put(t, s, "Hubei", NATTroop, 1)
				put(t, s, "Hubei", CPCBase, 1)
				s.Spaces[evSid("Hubei")].Support = Support
				put(t, s, "Hunan", CPCGuerrilla, 1)
			},
			steps: []string{"=space:Henan|space:Hubei", "space:Hubei"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Hubei", s.Spaces[evSid("Hubei")].Support, Neutral)
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
			}},
		evCase{name: "unshaded no such Province", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Hunan", CPCGuerrilla, 1) },
			check: func(t *testing.T, s *State) {
				evWant(t, "Hunan", s.Spaces[evSid("Hunan")].Support, Neutral)
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
			}},
		evCase{name: "shaded Bases last", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Guizhou", NATTroop, 5)
				put(t, s, "Guizhou", CPCBase, 1)
				put(t, s, "Guizhou", CPCGuerrilla, 1)
				put(t, s, "Jiangxi", NATTroop, 1)
				put(t, s, "Jiangxi", CPCGuerrilla, 2)
				put(t, s, "Hunan", CPCGuerrilla, 3)
			},
			steps: []string{"=space:Guizhou|space:Jiangxi", "space:Guizhou", "=space:Guizhou|space:Jiangxi", "space:Guizhou"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Guizhou", cb, 0, cg, 0)
				evWantPieces(t, s, "Jiangxi", cg, 1)
				evWantPieces(t, s, "Hunan", cg, 3)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC-2)
			}},
		evCase{name: "shaded no NAT Control", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hunan", CPCGuerrilla, 3)
				put(t, s, "Hunan", NATTroop, 1)
				put(t, s, "Hunan", CPCBase, 1)
				s.Resources[CPC] = 1
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hunan", cg, 3, cb, 1)
				evWant(t, "CPC Resources", s.Resources[CPC], 0)
			}},
	)
}

func TestCard46HundredRegiments(t *testing.T) {
	evCard(t, 46,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", CPCGuerrilla, 2)
				put(t, s, "Shanxi", JPNTroop, 1)
			},
			steps: []string{"~op:attack", "decline"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Momentum", slices.Equal(s.Momentum, []string{"hundred_regiments"}), true)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Hebei", CPCGuerrillaActive, 1) },
			steps: []string{"=space:Hebei|space:Shanxi|done", "space:Hebei", "count:4", "~sa:anti_bandit", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", jt, 4) }},
		evCase{name: "shaded no JPN Troops Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNTroop, 0); put(t, s, "Hebei", CPCGuerrillaActive, 1) },
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hebei", jt, 0, int(CPCGuerrillaActive), 1) }},
	)
}

func TestCard47GreatProduction(t *testing.T) {
	evCard(t, 47,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCBase, 1)
				put(t, s, "Shaanxi", CPCGuerrillaActive, 3)
				put(t, s, "Shanxi", CPCGuerrillaActive, 2)
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 3, int(CPCGuerrillaActive), 0)
				evWantPieces(t, s, "Shanxi", int(CPCGuerrillaActive), 2)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC+5)
			}},
		evCase{name: "unshaded no Base, Resources capped", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", CPCGuerrillaActive, 2)
				s.Resources[CPC] = 58
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", int(CPCGuerrillaActive), 2)
				evWant(t, "CPC Resources", s.Resources[CPC], 60)
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCBase, 1)
				put(t, s, "Shaanxi", CPCGuerrilla, 1)
				put(t, s, "Shaanxi", CPCGuerrillaActive, 1)
				put(t, s, "Hubei", CPCBase, 1)
				put(t, s, "Hubei", CPCGuerrilla, 1)
				put(t, s, "Gansu", CPCBase, 1)
				put(t, s, "Shanxi", CPCGuerrilla, 2)
			},
			steps: []string{"=piece:cpc_guerrillas|piece:cpc_guerrillas_active", "piece:cpc_guerrillas_active"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 1, int(CPCGuerrillaActive), 0, cb, 1)
				evWantPieces(t, s, "Hubei", cg, 0, cb, 1)
				evWantPieces(t, s, "Gansu", cb, 1)
				evWantPieces(t, s, "Shanxi", cg, 2)
				evWant(t, "CPC Resources", s.Resources[CPC], 0)
			}},
	)
}

func TestCard48NewFourthArmyFormed(t *testing.T) {
	evCard(t, 48,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Wannan", NATTroop, 1) },
			steps: []string{
				"=space:Fujian|space:Jiangsu|space:Jiangxi|space:Wannan|space:Zhejiang|done", "space:Wannan", "space:Fujian",
				"~sa:subvert", "decline",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Wannan", cg, 2)
				evWantPieces(t, s, "Fujian", cg, 2)
			}},
		evCase{name: "unshaded three Guerrillas Available: CPC orders the spaces", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				evDrain(t, s, CPCGuerrilla, 3, "Kunming-Hekou")
			},
			steps: []string{"space:Wannan", "space:Fujian", "=space:Fujian|space:Wannan", "space:Fujian"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Fujian", cg, 2)
				evWantPieces(t, s, "Wannan", cg, 1)
			}},
		evCase{name: "shaded", by: CPC, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", CPCGuerrilla, 2)
				put(t, s, "Fujian", CPCGuerrilla, 1)
			},
			steps: []string{"=space:Jiangsu|space:Jiangxi|space:Wannan|space:Zhejiang|done", "NAT>space:Jiangsu", "NAT>space:Zhejiang"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Jiangsu", int(CPCGuerrillaActive), 2, nt, 2)
				evWantPieces(t, s, "Zhejiang", nt, 2)
				evWantPieces(t, s, "Fujian", cg, 1)
			}},
		evCase{name: "shaded three NAT Troops Available", by: CPC, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, NATTroop, 3) },
			steps: []string{"NAT>space:Jiangsu", "NAT>space:Zhejiang", "CPC>space:Zhejiang"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Zhejiang", nt, 2)
				evWantPieces(t, s, "Jiangsu", nt, 1)
			}},
	)
}

// TestPropagandaCards: each of the four Propaganda cards, revealed after an
// Event card, starts a Propaganda Round at once (2.3.7, 2.4).
func TestPropagandaCards(t *testing.T) {
	events, props := cardsOf(t)
	if !slices.Equal(props, []int{49, 50, 51, 52}) {
		t.Fatalf("Propaganda cards %v, want 49-52", props)
	}
	for _, p := range props {
		s := newState(t, "1937", 1)
		stackDeck(s, events[0], p, events[1])
		s.Step = Step{Kind: "start"}
		g := gameAt(t, s, atStep("resources"))
		st := g.State()
		if st.Current != p || st.Held != events[0] || st.Rounds != 1 {
			t.Errorf("#%d revealed: current #%d held #%d rounds %d, want a Propaganda Round with #%d held", p, st.Current, st.Held, st.Rounds, events[0])
		}
		if !DefaultDeck().IsPropaganda(p) || DefaultDeck().Card(p).Title != "Propaganda" {
			t.Errorf("#%d is not a Propaganda card", p)
		}
	}
}
