package engine

import (
	"slices"
	"testing"
)

// Cards #1-#12 (JPN first). Each side runs from a set-up position; each
// card has a case where pieces are not Available (5.1.1) or a space may not
// be chosen. Free Operations and Special Activities are checked at their
// prompt here; event_freeops_test.go executes them.

func TestCard01MarcoPoloBridge(t *testing.T) {
	evCard(t, 1,
		evCase{name: "unshaded NAT places", by: JPN, side: "unshaded",
			steps: []string{
				"=space:Chahar|space:Hebei|space:Henan|space:Shandong|space:Shanxi",
				"NAT>space:Hebei", "=count:1|count:2", "NAT>count:1",
				"NAT>space:Shanxi",
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "Patronage", s.Patronage, ev37Patronage+2)
				evWantPieces(t, s, "Hebei", nt, 1)
				evWantPieces(t, s, "Shanxi", nt, 1)
				evWant(t, "NAT Troops Available", s.Available[NATTroop], Pool[NATTroop]-2)
			}},
		evCase{name: "unshaded one NAT Troop Available", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, NATTroop, 1) },
			steps: []string{"NAT>space:Henan"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Henan", nt, 1)
				evWant(t, "NAT Troops Available", s.Available[NATTroop], 0)
				evWant(t, "Patronage", s.Patronage, ev37Patronage+2)
			}},
		evCase{name: "unshaded none Available", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, NATTroop, 0); s.Patronage = 29 },
			check: func(t *testing.T, s *State) { evWant(t, "Patronage (capped)", s.Patronage, 30) }},
		evCase{name: "shaded JPN Troops", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Hebei", WLDTroop, 2) },
			steps: []string{
				"=space:Beijing-Tianjin|space:Hebei|space:Tianjin-Jinan|done",
				"space:Hebei", "count:3", "space:Tianjin-Jinan",
				"=op:assault|decline", "decline",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", jt, 3, wt, 2)
				evWantPieces(t, s, "Tianjin-Jinan", jt, 1)
				evWantPieces(t, s, "Manchukuo", jt, 0)
			}},
		evCase{name: "shaded two JPN Troops Available", by: CPC, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNTroop, 2) },
			steps: []string{"space:Beijing-Tianjin", "=count:1|count:2", "count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Beijing-Tianjin", jt, 2)
				evWant(t, "JPN Troops Available", s.Available[JPNTroop], 0)
			}},
	)
}

func TestCard02BattleOfShanghai(t *testing.T) {
	evCard(t, 2,
		evCase{name: "unshaded", by: JPN, side: "unshaded",
			steps: []string{"=space:Jiangsu|space:Shanghai|done", "space:Shanghai", "count:2", "space:Jiangsu"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanghai", nt, 2)
				evWantPieces(t, s, "Jiangsu", nt, 1)
				evWant(t, "Aid", s.Aid, ev37Aid+2)
			}},
		evCase{name: "unshaded stop early", by: NAT, side: "unshaded",
			steps: []string{"space:Jiangsu", "count:1", "done"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Jiangsu", nt, 1)
				evWant(t, "NAT Troops Available", s.Available[NATTroop], Pool[NATTroop]-1)
			}},
		// The Event's Foreign Aid +2 takes precedence over #30's Momentum
		// (5.1.2, ruling E9).
		evCase{name: "unshaded none Available, Burma Road closed", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, NATTroop, 0); s.Momentum = []string{"burma_road_closed"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid (the current Event takes precedence)", s.Aid, ev37Aid+2)
				evWantPieces(t, s, "Shanghai", nt, 0)
			}},
		evCase{name: "shaded free Deploy and Assault offered", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", JPNTroop, 3)
				put(t, s, "Jiangsu", NATTroop, 1)
			},
			steps: []string{"=sa:deploy|decline", "decline", "~op:assault", "decline"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Jiangsu", jt, 3, nt, 1)
				evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN)
			}},
	)
}

func TestCard03FallOfNanjing(t *testing.T) {
	evCard(t, 3,
		evCase{name: "unshaded NAT moves", by: JPN, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", NATTroop, 3)
				put(t, s, "Shanghai", NATTroop, 2)
			},
			steps: []string{
				"=space:Jiangsu|space:Shanghai|done", "NAT>space:Jiangsu",
				"=space:Anhui|space:Henan|space:Shandong|space:Shanghai|space:Wannan", "NAT>space:Anhui", "NAT>count:3",
				"=space:Shanghai|done", "NAT>space:Shanghai", "NAT>space:Zhejiang",
				"~sa:partisan", "NAT>decline",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Anhui", nt, 3)
				evWantPieces(t, s, "Zhejiang", nt, 1)
				evWantPieces(t, s, "Shanghai", nt, 1)
				evWantPieces(t, s, "Jiangsu", nt, 0)
				evWant(t, "Aid", s.Aid, ev37Aid+2)
			}},
		// Anhui is Flooded by an earlier Event, but the current Event's
		// move may enter it (5.1.2, ruling E9).
		evCase{name: "unshaded into Flooded Anhui, arrivals stay", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", NATTroop, 1)
				put(t, s, "Shanghai", NATTroop, 1)
				s.Floods = "Anhui"
			},
			steps: []string{
				"=space:Jiangsu|space:Shanghai|done", "space:Jiangsu",
				"=space:Anhui|space:Henan|space:Shandong|space:Shanghai|space:Wannan", "space:Anhui",
				"space:Shanghai", "space:Jiangsu",
				// The Troop that arrived in Shanghai may not move again:
				// the free Partisan Action comes next.
				"~sa:partisan", "decline",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Anhui", nt, 1)
				evWantPieces(t, s, "Jiangsu", nt, 1)
				evWantPieces(t, s, "Shanghai", nt, 0)
				evWant(t, "Anhui Flooded", s.Flooded(DefaultMap(), evSid("Anhui")), true)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Spaces[evSid("Jiangsu")].Support = Support },
			check: func(t *testing.T, s *State) {
				js := s.Spaces[evSid("Jiangsu")]
				evWant(t, "Jiangsu Terror", js.Terror, true)
				evWant(t, "Jiangsu Support", js.Support, Neutral)
				evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
				evWant(t, "NAT event eligibility", s.EventElig[NAT], EventEligIneligible)
			}},
		evCase{name: "shaded from Opposition, Terror already there, Patronage 0", by: CPC, side: "shaded",
			setup: func(t testing.TB, s *State) {
				s.Spaces[evSid("Jiangsu")].Support = Opposition
				s.Spaces[evSid("Jiangsu")].Terror = true
				s.Patronage = 0
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "Jiangsu Support", s.Spaces[evSid("Jiangsu")].Support, Neutral)
				evWant(t, "Patronage", s.Patronage, 0)
			}},
	)
}

func TestCard04ProvisionalGovernment(t *testing.T) {
	evCard(t, 4,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hebei", JPNPolice, 2)
				put(t, s, "Tianjin-Jinan", JPNPolice, 2)
				put(t, s, "Hunan", JPNPolice, 1)
			},
			steps: []string{"=space:Hebei|space:Tianjin-Jinan", "space:Hebei", "=count:1|count:2", "count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", jp, 0)
				evWantPieces(t, s, "Tianjin-Jinan", jp, 1)
				evWantPieces(t, s, "Hunan", jp, 1)
				evWant(t, "JPN Resources", s.Resources[JPN], ev37JPN-3)
				evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+2)
			}},
		evCase{name: "unshaded only two Police there, JPN Resources 1", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shanxi", JPNPolice, 1)
				put(t, s, "Datong-Taiyuan", JPNPolice, 1) // a LoC adjacent to Shanxi
				put(t, s, "Kunming-Hekou", JPNPolice, 1)  // out of reach
				s.Resources[JPN] = 1
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", jp, 0)
				evWantPieces(t, s, "Datong-Taiyuan", jp, 0)
				evWantPieces(t, s, "Kunming-Hekou", jp, 1)
				evWant(t, "JPN Resources", s.Resources[JPN], 0)
			}},
		evCase{name: "shaded Momentum", by: JPN, side: "shaded",
			steps: []string{"space:Shanxi", "count:3"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Shanxi", jp, 3)
				evWant(t, "Momentum", len(s.Momentum) == 1 && s.Momentum[0] == "puppet_army", true)
				evWant(t, "Capabilities", len(s.Capabilities), 0)
			}},
		evCase{name: "shaded one Police Available", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, JPNPolice, 1) },
			steps: []string{"space:Hebei"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Hebei", jp, 1)
				evWant(t, "puppet_army", s.HasModifier("puppet_army"), true)
			}},
	)
}

func TestCard05BattleOfXuzhou(t *testing.T) {
	evCard(t, 5,
		evCase{name: "unshaded", by: JPN, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				s.Available[NATTroop] -= 2
				s.Casualties[NATTroop] += 2
			},
			steps: []string{
				"=space:Anhui|space:Henan|space:Hubei|done", "NAT>space:Henan", "=count:1|count:2", "NAT>count:2",
				"WLD>space:Hubei", "WLD>count:2",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Henan", nt, 2)
				evWantPieces(t, s, "Hubei", wt, 2)
				evWant(t, "NAT Casualties", s.Casualties[NATTroop], 0)
				evWant(t, "NAT Troops Available (untouched)", s.Available[NATTroop], Pool[NATTroop]-2)
				evWant(t, "NAT Resources", s.Resources[NAT], ev37NAT+2)
			}},
		evCase{name: "unshaded no Casualties, no WLD Troops Available", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, WLDTroop, 0) },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Henan", nt, 0, wt, 0)
				evWant(t, "NAT Troops Available", s.Available[NATTroop], Pool[NATTroop])
				evWant(t, "NAT Resources", s.Resources[NAT], ev37NAT+2)
			}},
		evCase{name: "shaded free Sweep and Assault offered", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Shandong", JPNTroop, 4)
				put(t, s, "Shandong", NATTroop, 1)
			},
			steps: []string{"~op:sweep", "decline", "~op:assault", "decline"},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Shandong", jt, 4, nt, 1) }},
	)
}

func TestCard06BattleOfWuhan(t *testing.T) {
	evCard(t, 6,
		evCase{name: "unshaded roll 4 removes 2", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hubei", JPNTroop, 1)
				put(t, s, "Zhengzhou-Wuhan", JPNTroop, 2)
				put(t, s, "Henan", JPNTroop, 3)
				rigDice(t, s, 4)
			},
			steps: []string{"=space:Hubei|space:Zhengzhou-Wuhan", "space:Zhengzhou-Wuhan", "=count:1|count:2", "count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Zhengzhou-Wuhan", jt, 0)
				evWantPieces(t, s, "Hubei", jt, 1)
				evWantPieces(t, s, "Henan", jt, 3)
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop], 2)
				evWant(t, "Commitment", s.Commitment, ev37Commitment-1)
			}},
		evCase{name: "unshaded roll 6 but one Troop there", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Wuhan-Yichang", JPNTroop, 1)
				put(t, s, "Hubei", JPNPolice, 2)
				rigDice(t, s, 6)
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "JPN Casualties", s.Casualties[JPNTroop], 1)
				evWantPieces(t, s, "Hubei", jp, 2)
			}},
		evCase{name: "unshaded roll 1", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Hubei", JPNTroop, 3)
				rigDice(t, s, 1)
			},
			check: func(t *testing.T, s *State) { evWantPieces(t, s, "Hubei", jt, 2) }},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Henan", JPNTroop, 2)
				put(t, s, "Hunan", JPNTroop, 1)
				put(t, s, "Manchukuo", JPNTroop, 5)
				for _, l := range []string{"Wuhan-Changsha", "Jiujiang-Wuhan", "Nanjing-Jiujiang"} {
					s.Spaces[evSid(l)].Sabotage = true
				}
				s.LargeOffensiveUsed = true
			},
			steps: []string{
				"=space:Henan|space:Hunan|done", "JPN>space:Henan",
				"=space:Hubei|space:Zhengzhou-Wuhan", "space:Zhengzhou-Wuhan", "count:2",
				"space:Hunan", "=space:Hubei|space:Wuhan-Changsha|space:Wuhan-Yichang", "space:Wuhan-Changsha",
			},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Zhengzhou-Wuhan", jt, 2)
				evWantPieces(t, s, "Wuhan-Changsha", jt, 1)
				evWant(t, "Wuhan-Changsha Sabotage", s.Spaces[evSid("Wuhan-Changsha")].Sabotage, false)
				evWant(t, "Jiujiang-Wuhan Sabotage", s.Spaces[evSid("Jiujiang-Wuhan")].Sabotage, false)
				evWant(t, "Nanjing-Jiujiang Sabotage (not a Wuhan LoC)", s.Spaces[evSid("Nanjing-Jiujiang")].Sabotage, true)
				evWant(t, "Large Offensive used", s.LargeOffensiveUsed, false)
			}},
		evCase{name: "shaded Floods in Henan", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Henan", JPNTroop, 2)
				// Zhengzhou-Wuhan is Flooded; the current Event may still
				// move Troops onto it (5.1.2, ruling E9).
				s.Floods = "Henan"
			},
			steps: []string{"space:Henan", "=space:Hubei|space:Zhengzhou-Wuhan", "space:Zhengzhou-Wuhan", "count:1", "done"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Zhengzhou-Wuhan", jt, 1)
				evWantPieces(t, s, "Henan", jt, 1)
			}},
	)
}

func TestCard07CantonLanding(t *testing.T) {
	evCard(t, 7,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			steps: []string{"space:Guangxi", "count:3"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Guangxi", wt, 3)
				evWant(t, "Aid", s.Aid, ev37Aid+1)
			}},
		evCase{name: "unshaded no WLD Troops Available, Aid at 10", by: WLD, side: "unshaded",
			setup: func(t testing.TB, s *State) { evDrain(t, s, WLDTroop, 0); s.Aid = 10 },
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Guangxi", wt, 0)
				evWant(t, "Aid", s.Aid, 10)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Guangdong", NATTroop, 1); put(t, s, "Guangdong", JPNTroop, 2) },
			steps: []string{"~sa:deploy", "decline", "=op:assault|decline", "decline"},
			check: func(t *testing.T, s *State) { evWant(t, "Aid", s.Aid, 0) }},
	)
}

func TestCard08BombingOfChongqing(t *testing.T) {
	evCard(t, 8,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Guizhou", NATBase, 1)
				put(t, s, "Jiangxi", NATBase, 1)
				put(t, s, "Jiangxi", JPNPolice, 1)
				put(t, s, "Sichuan", NATBase, 1)
				s.Spaces[evSid("Sichuan")].Support = Support
			},
			steps: []string{"=space:Guizhou|space:Sichuan", "space:Guizhou"},
			check: func(t *testing.T, s *State) {
				evWant(t, "Guizhou", s.Spaces[evSid("Guizhou")].Support, Support)
				evWant(t, "Aid", s.Aid, ev37Aid+1)
			}},
		evCase{name: "unshaded no Province qualifies", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangxi", NATBase, 1)
				put(t, s, "Jiangxi", JPNTroop, 1)
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "Jiangxi", s.Spaces[evSid("Jiangxi")].Support, Neutral)
				evWant(t, "Aid", s.Aid, ev37Aid+1)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Jiangsu", NATBase, 1)
				s.Spaces[evSid("Jiangsu")].Support = Support
				put(t, s, "Anhui", NATBase, 1)
				put(t, s, "Anhui", JPNPolice, 1)
				put(t, s, "Shanghai", NATBase, 1)
				put(t, s, "Shanghai", JPNTroop, 1)
			},
			steps: []string{"=space:Anhui|space:Jiangsu", "space:Jiangsu"},
			check: func(t *testing.T, s *State) {
				js := s.Spaces[evSid("Jiangsu")]
				evWant(t, "Terror", js.Terror, true)
				evWant(t, "Support", js.Support, Neutral)
				evWant(t, "NAT Resources", s.Resources[NAT], ev37NAT-3)
			}},
		evCase{name: "shaded no Province, NAT Resources 2", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Resources[NAT] = 2 },
			check: func(t *testing.T, s *State) { evWant(t, "NAT Resources", s.Resources[NAT], 0) }},
	)
}

func TestCard09Nomonhan(t *testing.T) {
	evCard(t, 9,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			setup: func(t testing.TB, s *State) {
				put(t, s, "Manchukuo", JPNTroop, 5)
				put(t, s, "Hebei", JPNTroop, 1)
			},
			steps: []string{"=space:Hebei|space:Manchukuo", "JPN>space:Manchukuo", "JPN>count:2"},
			check: func(t *testing.T, s *State) {
				evWantPieces(t, s, "Manchukuo", jt, 3)
				evWant(t, "JPN Out of Play", s.OutOfPlay[JPNTroop], 2)
				evWant(t, "Momentum", s.HasModifier("northern_crisis") && len(s.Momentum) == 1, true)
			}},
		evCase{name: "unshaded one JPN Troop on the map", by: JPN, side: "unshaded",
			setup: func(t testing.TB, s *State) { put(t, s, "Hebei", JPNTroop, 1) },
			check: func(t *testing.T, s *State) { evWant(t, "JPN Out of Play", s.OutOfPlay[JPNTroop], 1) }},
		evCase{name: "shaded Troops back", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Available[JPNTroop] -= 5; s.OutOfPlay[JPNTroop] += 5 },
			steps: []string{"=option:1|option:2", "option:2", "=count:0|count:1|count:2|count:3|count:4", "count:3"},
			check: func(t *testing.T, s *State) {
				evWant(t, "JPN Out of Play", s.OutOfPlay[JPNTroop], 2)
				evWant(t, "Commitment", s.Commitment, ev37Commitment)
			}},
		evCase{name: "shaded Commitment capped", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Commitment = 59 },
			steps: []string{"option:1"},
			check: func(t *testing.T, s *State) { evWant(t, "Commitment", s.Commitment, 60) }},
		evCase{name: "shaded none Out of Play", by: JPN, side: "shaded",
			steps: []string{"option:2"},
			check: func(t *testing.T, s *State) { evWant(t, "JPN Available", s.Available[JPNTroop], Pool[JPNTroop]) }},
	)
}

func TestCard10WangJingwei(t *testing.T) {
	evCard(t, 10,
		evCase{name: "unshaded", by: WLD, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", len(s.Capabilities) == 1 && s.Capabilities[0] == "unreliable_puppets", true)
			}},
		evCase{name: "shaded alongside the Momentum", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) {
				s.Momentum = []string{"puppet_army"}
				s.Capabilities = []string{"tunnel_warfare"}
			},
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities", len(s.Capabilities) == 2 && s.Capabilities[0] == "puppet_army" && s.Capabilities[1] == "tunnel_warfare", true)
				evWant(t, "Momentum kept", len(s.Momentum), 1)
			}},
	)
}

func TestCard11JapanEntersIndochina(t *testing.T) {
	evCard(t, 11,
		evCase{name: "unshaded", by: NAT, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid Reset", s.AidReset, ev37AidReset+1)
				evWant(t, "Aid", s.Aid, ev37Aid+1)
				evWant(t, "Commitment", s.Commitment, ev37Commitment-1)
			}},
		evCase{name: "unshaded Burma Road closed", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Momentum = []string{"burma_road_closed"}; s.AidReset = 10 },
			check: func(t *testing.T, s *State) {
				evWant(t, "Aid Reset (capped)", s.AidReset, 10)
				evWant(t, "Aid (the current Event takes precedence, E9)", s.Aid, ev37Aid+1)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			setup: func(t testing.TB, s *State) { s.Aid, s.AidReset = 1, 0 },
			check: func(t *testing.T, s *State) {
				evWant(t, "Kunming-Hekou Sabotage", s.Spaces[evSid("Kunming-Hekou")].Sabotage, true)
				evWant(t, "Aid", s.Aid, 0)
				evWant(t, "Aid Reset", s.AidReset, 0)
			}},
	)
}

func TestCard12ThreeAlls(t *testing.T) {
	evCard(t, 12,
		evCase{name: "unshaded", by: CPC, side: "unshaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "tunnel_warfare", s.HasModifier("tunnel_warfare") && len(s.Capabilities) == 1, true)
			}},
		evCase{name: "shaded", by: JPN, side: "shaded",
			check: func(t *testing.T, s *State) {
				evWant(t, "three_alls", s.HasModifier("three_alls") && len(s.Momentum) == 0, true)
			}},
		evCase{name: "unshaded already in effect", by: NAT, side: "unshaded",
			setup: func(t testing.TB, s *State) { s.Capabilities = []string{"tunnel_warfare"} },
			check: func(t *testing.T, s *State) {
				evWant(t, "Capabilities (no duplicate)", slices.Equal(s.Capabilities, []string{"tunnel_warfare"}), true)
			}},
	)
}
