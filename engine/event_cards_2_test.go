package engine

import (
	"slices"
	"testing"
)

// Cards #13-#24 (NAT first).

func TestCard13SecondUnitedFront(t *testing.T) {
	evCard(t, 13,
		evCase{name: "unshaded CPC places", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCGuerrilla, 1)
				put(t, s, "Hubei", CPCBase, 1)
				put(t, s, "Kunming-Hekou", CPCGuerrilla, 1) // a LoC: not a Province
			},
			steps: []string{"=space:Hubei|space:Shaanxi", "CPC>space:Shaanxi", "=count:1|count:2|count:3", "CPC>count:2", "CPC>space:Hubei"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shaanxi", cg, 3)
				evWantPieces(t, s, "Hubei", cg, 1)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+2)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC+2)
			}},
		evCase{name: "unshaded one Guerrilla Available", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shaanxi", CPCGuerrilla, 1)
				put(t, s, "Hubei", CPCBase, 1)
				evDrain(t, s, CPCGuerrilla, 1, "Kunming-Hekou")
			},
			steps: []string{"CPC>space:Hubei"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hubei", cg, 1)
				evWant(t, "CPC Guerrillas Available", s.Available[CPCGuerrilla], 0)
			}},
		evCase{name: "shaded free Govern offered", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Guizhou", NATTroop, 2)
				put(t, s, "Guizhou", NATBase, 1)
			},
			steps: []string{"~sa:govern", "decline"},
			check: func(t *testing.T, s *State) { evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC-3) }},
		evCase{name: "shaded CPC Resources 2", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Resources[CPC] = 2 },
			check: func(t *testing.T, s *State) { evWant(t, "CPC Resources", s.Resources[CPC], 0) }},
	)
}

func TestCard14SihangWarehouse(t *testing.T) {
	evCard(t, 14,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Patronage", s.Patronage, ev37Patronage+2)
				evWant(t, "Aid", s.Aid, ev37Aid+1)
			}},
		evCase{name: "unshaded at the caps", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Patronage, s.Aid = 29, 10 },
			check: func(t *testing.T, s *State) {
				evWant(t, "Patronage", s.Patronage, 30)
				evWant(t, "Aid", s.Aid, 10)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", JPNTroop, 2)
				put(t, s, "Shanghai", NATTroop, 3)
			},
			steps: []string{"=op:sweep|decline", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanghai", nt, 1)
				evWant(t, "NAT Casualties", s.Casualties[NATTroop], 2)
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
			}},
		evCase{name: "shaded one NAT Troop and a Base", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", JPNTroop, 2)
				put(t, s, "Shanghai", NATTroop, 1)
				put(t, s, "Shanghai", NATBase, 1)
			},
			steps: []string{"~op:sweep", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanghai", nt, 0, nb, 1)
				evWant(t, "NAT Casualties", s.Casualties[NATTroop], 1)
			}},
	)
}

func TestCard15Taierzhuang(t *testing.T) {
	evCard(t, 15,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shandong", JPNTroop, 1)
				put(t, s, "Jinan-Qingdao", JPNTroop, 1)
				put(t, s, "Jiangsu", JPNPolice, 2)
				put(t, s, "Henan", JPNTroop, 1)
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shandong", jt, 0)
				evWantPieces(t, s, "Jinan-Qingdao", jt, 0)
				evWantPieces(t, s, "Jiangsu", jp, 2)
				evWantPieces(t, s, "Henan", jt, 1)
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop], 2)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+2)
			}},
		evCase{name: "unshaded only Police there", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shandong", JPNPolice, 2)
				s.Patronage = 30
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shandong", jp, 2)
				evWant(t, "Patronage", s.Patronage, 30)
			}},
		evCase{name: "shaded", by: WLD, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", WLDTroop, 1)
				put(t, s, "Hebei", WLDBase, 1)
				put(t, s, "Hebei", NATBase, 1)
				put(t, s, "Sichuan", WLDTroop, 1)
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "Patronage", s.Patronage, ev37Patronage-2)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2)
				evWantPieces(t, s, "Sichuan", wb, 1)
				evWantPieces(t, s, "Hebei", wb, 1)
			}},
		evCase{name: "shaded WLD Resources 59 and no Base Available", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) {
				s.Resources[WLD] = 59
				put(t, s, "Sichuan", WLDTroop, 1)
				evDrain(t, s, WLDBase, 0, "Yunnan", "Guangxi", "Guizhou", "Fujian", "Zhejiang")
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
				evWant(t, "WLD Resources", s.Resources[WLD], 60)
				evWantPieces(t, s, "Sichuan", wb, 0)
			}},
	)
}

func TestCard16YellowRiverDikes(t *testing.T) {
	evCard(t, 16,
		evCase{name: "Henan", by: NAT,
			setup: func(t testing.TB, s *State) {
				put(t, s, "Henan", JPNTroop, 1)
				put(t, s, "Henan", JPNPolice, 2)
			},
			steps: []string{
				"=space:Anhui|space:Henan|space:Jiangsu", "space:Henan",
				"=piece:jpn_troops|piece:jpn_police", "piece:jpn_police", "=count:1|count:2", "count:2",
			},
			check: func(t *testing.T, s *State) {
				m := DefaultMap()
				evWant(t, "Floods", s.Floods, "Henan")
				evWant(t, "Henan Flooded", s.Flooded(m, evSid("Henan")), true)
				evWant(t, "Zhengzhou-Wuhan Flooded", s.Flooded(m, evSid("Zhengzhou-Wuhan")), true)
				evWant(t, "Hubei Flooded", s.Flooded(m, evSid("Hubei")), false)
				evWantPieces(t, s, "Henan", jt, 1, jp, 0)
				evWant(t, "JPN Police Casualties", s.Casualties[JPNPolice], 2)
				evWant(t, "Henan", s.Spaces[evSid("Henan")].Support, Opposition)
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
			}},
		evCase{name: "Jiangsu without JPN cubes, Patronage 0", by: JPN,
			setup: func(t testing.TB, s *State) {
				s.Patronage = 0
				s.Spaces[evSid("Jiangsu")].Support = Opposition
				put(t, s, "Henan", JPNTroop, 2)
			},
			steps: []string{"space:Jiangsu"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Floods", s.Floods, "Jiangsu")
				evWantPieces(t, s, "Henan", jt, 2)
				evWant(t, "Jiangsu", s.Spaces[evSid("Jiangsu")].Support, Opposition)
				evWant(t, "Patronage", s.Patronage, 0)
			}},
	)
}

func TestCard17NewFourthArmyIncident(t *testing.T) {
	evCard(t, 17,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"united_front"}), true)
			}},
		evCase{name: "shaded", by: NAT, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Capabilities = []string{"united_front"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"new_fourth_army_incident", "united_front"}), true)
				evWant(t, "Momentum", len(s.Momentum), 0)
			}},
		evCase{name: "shaded already in effect", by: CPC, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Capabilities = []string{"new_fourth_army_incident"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities (no duplicate)", slices.Equal(s.Capabilities, []string{"new_fourth_army_incident"}), true)
			}},
	)
}

func TestCard18ChangshaFire(t *testing.T) {
	evCard(t, 18,
		evCase{name: "single text", by: NAT,
			setup: func(t testing.TB, s *State) { s.Spaces[evSid("Wuhan-Changsha")].Sabotage = true },
			steps: []string{
				"=space:Changsha-Guangzhou|space:Guangzhou-Wuzhou|space:Nanchang-Changsha|space:Wuhan-Yichang|done",
				"space:Changsha-Guangzhou", "space:Wuhan-Yichang",
			},
			check: func(t *testing.T, s *State) {
				hn := s.Spaces[evSid("Hunan")]
				evWant(t, "Hunan Terror", hn.Terror, true)
				evWant(t, "Hunan", hn.Support, Opposition)
				for _, l := range []string{"Changsha-Guangzhou", "Wuhan-Yichang", "Wuhan-Changsha"} {
					evWant(t, l+" Sabotage", s.Spaces[evSid(l)].Sabotage, true)
				}
				evWant(t, "Nanchang-Changsha Sabotage", s.Spaces[evSid("Nanchang-Changsha")].Sabotage, false)
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
			}},
		evCase{name: "already at Opposition, no Sabotage chosen", by: CPC,
			setup: func(t testing.TB, s *State) {
				s.Spaces[evSid("Hunan")].Support = Opposition
				s.Spaces[evSid("Hunan")].Terror = true
			},
			steps: []string{"done"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Hunan", s.Spaces[evSid("Hunan")].Support, Opposition)
				for i := range s.Spaces {
					if s.Spaces[i].Sabotage {
						t.Errorf("%s has Sabotage", DefaultMap().Spaces[i].Name)
					}
				}
			}},
	)
}

func TestCard19FactoriesMoveWest(t *testing.T) {
	evCard(t, 19,
		evCase{name: "unshaded free Recruit offered", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Sichuan", NATTroop, 1) },
			steps: []string{"~op:recruit", "decline"},
			check: func(t *testing.T, s *State) { evWant(t, "NAT Resources", s.Resources[NAT], ev37NAT+3) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN+3)
				evWant(t, "Commitment", s.Commitment, ev37Commitment+1)
				evWant(t, "NAT Resources", s.Resources[NAT], 0)
			}},
		evCase{name: "shaded at the limits", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Resources[JPN], s.Commitment, s.Resources[NAT] = 59, 60, 2 },
			check: func(t *testing.T, s *State) {
				evWant(t, "JPN Resources", s.Resources[JPN], 60)
				evWant(t, "Commitment", s.Commitment, 60)
				evWant(t, "NAT Resources", s.Resources[NAT], 0)
			}},
	)
}

func TestCard20SovietVolunteers(t *testing.T) {
	evCard(t, 20,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "NAT Resources", s.Resources[NAT], ev37NAT+3)
				evWant(t, "Momentum", slices.Equal(s.Momentum, []string{"chinese_air_force"}), true)
			}},
		evCase{name: "shaded", by: CPC, side: "shaded",
			steps: []string{"=space:Gansu|space:Shaanxi", "CPC>space:Gansu", "=count:1|count:2", "CPC>count:2"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid", s.Aid, 0)
				evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC+2)
				evWantPieces(t, s, "Gansu", cg, 2)
			}},
		evCase{name: "shaded no Guerrillas Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, CPCGuerrilla, 0, "Kunming-Hekou") },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Gansu", cg, 0)
				evWantPieces(t, s, "Shaanxi", cg, 0)
			}},
	)
}

func TestCard21WinterOffensive(t *testing.T) {
	evCard(t, 21,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Available[NATTroop] -= 5; s.OutOfPlay[NATTroop] = 5 },
			steps: []string{"=count:0|count:1|count:2|count:3", "count:3"},
			check: func(t *testing.T, s *State) {
				evWant(t, "NAT Out of Play", s.OutOfPlay[NATTroop], 2)
				evWant(t, "Momentum", slices.Equal(s.Momentum, []string{"winter_offensive"}), true)
			}},
		evCase{name: "unshaded none Out of Play", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "NAT Available", s.Available[NATTroop], Pool[NATTroop])
				evWant(t, "winter_offensive", s.HasModifier("winter_offensive"), true)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Patronage = 1 },
			check: func(t *testing.T, s *State) {
				evWant(t, "Patronage", s.Patronage, 0)
				evWant(t, "NAT", s.EventElig[NAT], EventEligIneligible)
			}},
	)
}

func TestCard22KunlunPass(t *testing.T) {
	evCard(t, 22,
		evCase{name: "unshaded on a LoC", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", NATTroop, 1)
				put(t, s, "Hebei", JPNTroop, 1)
				put(t, s, "Hebei", JPNPolice, 1)
				put(t, s, "Tianjin-Jinan", NATTroop, 1)
				put(t, s, "Tianjin-Jinan", JPNTroop, 3)
				put(t, s, "Shandong", JPNTroop, 3)
			},
			steps: []string{"=space:Hebei|space:Tianjin-Jinan", "space:Tianjin-Jinan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Tianjin-Jinan", jt, 1)
				evWantPieces(t, s, "Hebei", jt, 1, jp, 1)
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop], 2)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+1)
			}},
		evCase{name: "unshaded Troop and Police", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", NATTroop, 1)
				put(t, s, "Hebei", JPNTroop, 1)
				put(t, s, "Hebei", JPNPolice, 1)
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", jt, 0, jp, 0, nt, 1)
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop]+s.Casualties[JPNPolice], 2)
			}},
		evCase{name: "unshaded no such space", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", NATTroop, 1)
				put(t, s, "Shandong", JPNTroop, 1)
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop], 0)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+1)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Guangdong", NATTroop, 1) },
			steps: []string{"=space:Guangdong|space:Guangxi|done", "space:Guangdong", "count:3", "~op:assault", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Guangdong", jt, 3, nt, 1)
				evWant(t, "Aid", s.Aid, ev37Aid-1)
			}},
		evCase{name: "shaded no JPN Troops Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				evDrain(t, s, JPNTroop, 0)
				put(t, s, "Guangdong", NATTroop, 1)
				s.Aid = 0
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Guangdong", jt, 0)
				evWant(t, "Aid", s.Aid, 0)
			}},
	)
}

func TestCard23IndustrialCooperatives(t *testing.T) {
	evCard(t, 23,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"industrial_cooperatives"}), true)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"fabi_inflation"}), true)
			}},
		evCase{name: "unshaded already in effect", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Capabilities = []string{"industrial_cooperatives"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities (no duplicate)", slices.Equal(s.Capabilities, []string{"industrial_cooperatives"}), true)
			}},
	)
}

func TestCard24FlyingTigers(t *testing.T) {
	evCard(t, 24,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Momentum = []string{"chinese_air_force"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"chinese_air_force"}), true)
				evWant(t, "Momentum", slices.Equal(s.Momentum, []string{"chinese_air_force"}), true)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", slices.Equal(s.Capabilities, []string{"jpn_air_recon"}), true)
			}},
	)
}
