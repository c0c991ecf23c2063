package engine

import (
	"testing"
)

// The cards that grant free Operations and Special Activities (3.1.2, 5.5),
// executed through the real Operation and Special Activity prompts: free of
// Resources, narrowed to the card's spaces and space count, with only the
// listed Special Activity, and without an eligibility effect.

func TestFreeOpCard01Assault(t *testing.T) {
	evCard(t, 1, evCase{name: "shaded: free Assault only in the card's spaces", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Hebei", WLDTroop, 2)
			put(t, s, "Shandong", JPNTroop, 2) // outside the card's spaces
			put(t, s, "Shandong", WLDTroop, 1)
			rigDice(t, s, 2, 6)
		},
		steps: []string{"space:Hebei", "count:3", "space:Tianjin-Jinan", "JPN>op:assault"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hebei", jt, 3, wt, 0)
			evWantPieces(t, s, "Shandong", wt, 1)
			evWant(t, "WLD Casualties", s.Casualties[WLDTroop], 2)
			evWant(t, "JPN Resources (free)", s.Resources[JPN], ev37JPN)
		}})
}

func TestFreeOpCard02DeployAssault(t *testing.T) {
	evCard(t, 2, evCase{name: "shaded: free Deploy, then Assault in up to 2 Coastal Provinces", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Jiangsu", JPNTroop, 1)
			put(t, s, "Jiangsu", NATTroop, 2)
			put(t, s, "Shanghai", NATTroop, 1)
			put(t, s, "Henan", JPNTroop, 2) // not Coastal
			put(t, s, "Henan", NATTroop, 1)
			rigDice(t, s, 1, 6, 1, 6)
		},
		steps: []string{
			"sa:deploy", "box:available", "space:Shanghai", "count:3", "done",
			"op:assault", "=space:Jiangsu|space:Shanghai", "space:Shanghai", "space:Jiangsu",
		},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Shanghai", jt, 3, nt, 0)
			evWantPieces(t, s, "Jiangsu", jt, 1, nt, 1)
			evWantPieces(t, s, "Henan", nt, 1)
			evWant(t, "NAT Casualties", s.Casualties[NATTroop], 2)
			evWant(t, "JPN Resources (free)", s.Resources[JPN], ev37JPN)
		}})
}

func TestFreeOpCard03Partisan(t *testing.T) {
	evCard(t, 3, evCase{name: "unshaded: free Partisan Action", by: JPN, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Jiangsu", NATTroop, 1)
			put(t, s, "Guizhou", NATGuerrilla, 2)
			s.Resources[NAT] = 0
		},
		steps: []string{"NAT>space:Jiangsu", "NAT>space:Anhui", "NAT>sa:partisan", "space:Guizhou", "partisan:place", "count:3", "done"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Anhui", nt, 1)
			evWantPieces(t, s, "Guizhou", ng, 5)
			evWant(t, "NAT Resources", s.Resources[NAT], 0)
			evWant(t, "Aid", s.Aid, ev37Aid+2)
		}})
}

func TestFreeOpCard05SweepAssault(t *testing.T) {
	evCard(t, 5, evCase{name: "shaded: free Sweep into the card's spaces, then Assault in 1", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Shandong", JPNTroop, 4)
			put(t, s, "Jiangsu", NATTroop, 1)
			put(t, s, "Jiangsu", CPCGuerrilla, 2)
			put(t, s, "Hebei", JPNTroop, 2) // Hebei is not among the card's spaces
			put(t, s, "Hebei", CPCGuerrilla, 2)
			rigDice(t, s, 1, 6)
		},
		steps: []string{
			"op:sweep", "!space:Hebei", "space:Jiangsu", "done", "space:Shandong", "count:2", "done",
			"op:assault", "target:CPC",
		},
		check: func(t *testing.T, s *State) {
			// 2 JPN cubes Activated both Guerrillas; the Assault removed them.
			evWantPieces(t, s, "Jiangsu", jt, 2, nt, 1, cg, 0, int(CPCGuerrillaActive), 0)
			evWantPieces(t, s, "Hebei", cg, 2)
			evWant(t, "JPN Resources (free)", s.Resources[JPN], ev37JPN)
		}})
}

func TestFreeOpCard07DeployAssault(t *testing.T) {
	evCard(t, 7, evCase{name: "shaded: free Assault only in Guangdong", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Guangdong", NATTroop, 1)
			put(t, s, "Guangxi", JPNTroop, 2)
			put(t, s, "Guangxi", WLDTroop, 1)
			rigDice(t, s, 1, 6)
		},
		steps: []string{"sa:deploy", "space:Guangdong", "count:2", "done", "op:assault"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Guangdong", jt, 2, nt, 0)
			evWantPieces(t, s, "Guangxi", wt, 1)
			evWant(t, "Aid", s.Aid, 0)
		}})
}

func TestFreeOpCard13Govern(t *testing.T) {
	evCard(t, 13, evCase{name: "shaded: free Govern", by: NAT, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Guizhou", NATTroop, 2)
			put(t, s, "Guizhou", NATBase, 1)
			put(t, s, "Hunan", NATTroop, 3)
			put(t, s, "Hunan", CPCBase, 1)
		},
		steps: []string{"sa:govern", "space:Hunan", "done"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hunan", cb, 0)
			evWant(t, "CPC Resources", s.Resources[CPC], ev37CPC-3)
		}})
}

func TestFreeOpCard14Sweep(t *testing.T) {
	evCard(t, 14, evCase{name: "shaded: free Sweep into Shanghai only", by: NAT, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Jiangsu", JPNTroop, 2)
			put(t, s, "Shanghai", NATTroop, 3)
			s.Resources[JPN] = 0
		},
		steps: []string{"JPN>op:sweep", "space:Jiangsu", "count:2"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Shanghai", jt, 2, nt, 1)
			evWant(t, "JPN Resources", s.Resources[JPN], 0)
		}})
}

func TestFreeOpCard19Recruit(t *testing.T) {
	evCard(t, 19, evCase{name: "unshaded: free Recruit in up to 2 of the listed Provinces", by: NAT, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Sichuan", NATTroop, 1)
			put(t, s, "Hunan", NATTroop, 1)
			put(t, s, "Henan", NATTroop, 1) // not listed
			s.Resources[NAT] = 0
		},
		steps: []string{"op:recruit", "!space:Henan", "space:Sichuan", "count:3", "space:Hunan", "count:1", "done"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Sichuan", nt, 4)
			evWantPieces(t, s, "Hunan", nt, 2)
			evWant(t, "NAT Resources", s.Resources[NAT], 3)
		}})
}

func TestFreeOpCard22Assault(t *testing.T) {
	evCard(t, 22, evCase{name: "shaded: free Assault in Guangxi or Guangdong", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Guangdong", NATTroop, 1)
			put(t, s, "Guangxi", WLDTroop, 1)
			rigDice(t, s, 1, 6)
		},
		steps: []string{"space:Guangdong", "count:2", "space:Guangxi", "op:assault", "=space:Guangdong|space:Guangxi", "space:Guangxi"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Guangxi", jt, 1, wt, 0)
			evWantPieces(t, s, "Guangdong", jt, 2, nt, 1)
		}})
}

func TestFreeOpCard26Assault(t *testing.T) {
	evCard(t, 26, evCase{name: "unshaded: WLD free Assault in Shanxi", by: WLD, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Shanxi", JPNPolice, 1)
			s.Resources[WLD] = 0
			rigDice(t, s, 1, 6)
		},
		steps: []string{"count:3", "op:assault"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Shanxi", wt, 3, jp, 0)
			evWant(t, "WLD Resources", s.Resources[WLD], 0)
		}})
}

func TestFreeOpCard32Organize(t *testing.T) {
	evCard(t, 32, evCase{name: "unshaded: free Organize only in Chahar or Suiyuan", by: WLD, side: "unshaded",
		setup: func(t testing.TB, s *State) { s.Resources[WLD] = 0 },
		steps: []string{"sa:organize", "=space:Chahar|space:Suiyuan", "space:Suiyuan", "count:2", "space:Chahar"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Suiyuan", wb, 2)
			evWantPieces(t, s, "Chahar", wb, 1)
			evWant(t, "WLD Resources", s.Resources[WLD], 0)
		}})
}

func TestFreeOpCard34Extort(t *testing.T) {
	evCard(t, 34, evCase{name: "unshaded: free Extort", by: WLD, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Yunnan", WLDBase, 2)
			put(t, s, "Guangxi", WLDBase, 1)
		},
		steps: []string{"sa:extort", "space:Yunnan", "space:Guangxi"},
		check: func(t *testing.T, s *State) { evWant(t, "WLD Resources", s.Resources[WLD], ev37WLD+3+2) }})
}

func TestFreeOpCard36Suborn(t *testing.T) {
	evCard(t, 36, evCase{name: "unshaded: free Suborn in up to 2 spaces", by: WLD, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			for _, p := range []string{"Hebei", "Shandong", "Henan"} {
				put(t, s, p, WLDTroop, 1)
				put(t, s, p, JPNPolice, 1)
			}
			s.Resources[WLD] = 0
		},
		steps: []string{"count:0", "sa:suborn", "space:Hebei", "suborn:remove:jpn_police", "space:Henan", "suborn:replace:jpn_police"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hebei", jp, 0)
			evWantPieces(t, s, "Henan", jp, 0, wt, 2)
			evWantPieces(t, s, "Shandong", jp, 1)
			evWant(t, "WLD Resources", s.Resources[WLD], 0)
		}})
}

func TestFreeOpCard37MarchTax(t *testing.T) {
	evCard(t, 37, evCase{name: "unshaded: free March with a free Tax", by: CPC, side: "unshaded",
		setup: func(t testing.TB, s *State) { s.Resources[CPC] = 0 },
		steps: []string{
			"space:Shaanxi", "count:3",
			"op:march", "~sa:tax", "!sa:subvert", "sa:tax", // Tax in Shaanxi, the only space
			"count:1", "count:1", "space:Gansu", "done",
		},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Gansu", cg, 1)
			evWant(t, "CPC Resources", s.Resources[CPC], 1)
		}})
}

func TestFreeOpCard38Ambush(t *testing.T) {
	evCard(t, 38, evCase{name: "unshaded: free Ambush in Shanxi or 1 adjacent LoC", by: CPC, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Shanxi", JPNTroop, 2)
			put(t, s, "Datong-Taiyuan", JPNPolice, 1)
			put(t, s, "Datong-Taiyuan", CPCGuerrilla, 1)
			put(t, s, "Hebei", JPNPolice, 1) // not adjacent to the card's spaces' list
			put(t, s, "Hebei", CPCGuerrilla, 1)
		},
		steps: []string{"sa:ambush", "=space:Datong-Taiyuan|space:Shanxi", "space:Shanxi"},
		check: func(t *testing.T, s *State) {
			// A JPN Troop removed: a CPC Guerrilla goes too, Patronage -1.
			evWantPieces(t, s, "Shanxi", jt, 1, cg, 1, int(CPCGuerrillaActive), 0)
			evWant(t, "JPN Casualties", s.Casualties[JPNTroop], 1)
			evWant(t, "Patronage", s.Patronage, ev37Patronage-1)
			evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Opposition)
		}})
}

func TestFreeOpCard38SweepAntiBandit(t *testing.T) {
	evCard(t, 38, evCase{name: "shaded: free Sweep into Shanxi with a free Anti-Bandit Action", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Hebei", JPNTroop, 4)
			put(t, s, "Shanxi", CPCGuerrilla, 2)
			s.Resources[JPN] = 0
		},
		steps: []string{
			"op:sweep", "~sa:anti_bandit", "!sa:deploy", "=space:Shanxi|sa:anti_bandit", "space:Shanxi", "done",
			"space:Hebei", "count:4", "sa:anti_bandit", "piece:cpc_guerrillas_active", "piece:cpc_guerrillas_active",
		},
		check: func(t *testing.T, s *State) {
			// Rough Shanxi: 4 cubes Activate 2; Anti-Bandit Action removes them.
			evWantPieces(t, s, "Shanxi", jt, 4, cg, 0, int(CPCGuerrillaActive), 0)
			evWant(t, "Shanxi Terror", s.Spaces[evSid("Shanxi")].Terror, true)
			evWant(t, "JPN Resources", s.Resources[JPN], 0)
		}})
}

func TestFreeOpCard40Agitate(t *testing.T) {
	evCard(t, 40, evCase{name: "unshaded: free Agitate only in the chosen Province", by: CPC, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Shanxi", CPCGuerrilla, 1) // another Province where Agitate could act
			s.Resources[CPC] = 0
		},
		steps: []string{"space:Hebei", "op:agitate", "count:1"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hebei", cb, 1)
			evWant(t, "Hebei", s.Spaces[evSid("Hebei")].Support, Opposition)
			evWant(t, "Shanxi", s.Spaces[evSid("Shanxi")].Support, Neutral)
			evWant(t, "CPC Resources", s.Resources[CPC], 0)
		}})
}

func TestFreeOpCard41Patrol(t *testing.T) {
	evCard(t, 41, evCase{name: "shaded: free Patrol with a free Transport", by: CPC, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Hebei", JPNTroop, 3)
			s.Resources[JPN] = 0
		},
		steps: []string{
			"JPN>op:patrol", "~sa:transport", "!sa:anti_bandit", "space:Beijing-Tianjin", "done", "space:Hebei", "count:2", "done",
			"sa:transport", "space:Beijing-Tianjin", "count:2", "space:Tianjin-Jinan", "done",
		},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hebei", jt, 1)
			evWantPieces(t, s, "Beijing-Tianjin", jt, 0)
			evWantPieces(t, s, "Tianjin-Jinan", jt, 2)
			evWant(t, "JPN Resources", s.Resources[JPN], 0)
		}})
}

func TestFreeOpCard44AttackAmbush(t *testing.T) {
	evCard(t, 44, evCase{name: "unshaded: free Attack with a free Ambush", by: CPC, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Shanxi", CPCGuerrilla, 2)
			put(t, s, "Shanxi", JPNPolice, 2)
			s.Resources[CPC] = 0
		},
		steps: []string{"op:attack", "=attack:roll|attack:ambush", "attack:ambush"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Shanxi", jp, 1)
			evWant(t, "CPC Resources", s.Resources[CPC], 0)
			evWant(t, "Large Offensive used", s.LargeOffensiveUsed, true)
		}})
}

func TestFreeOpCard44AntiBandit(t *testing.T) {
	evCard(t, 44, evCase{name: "shaded: free Anti-Bandit Action", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Hebei", JPNTroop, 1)
			put(t, s, "Hebei", CPCGuerrillaActive, 1)
		},
		steps: []string{"sa:anti_bandit", "piece:cpc_guerrillas_active"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hebei", int(CPCGuerrillaActive), 0)
			evWant(t, "Hebei Terror", s.Spaces[evSid("Hebei")].Terror, true)
			evWant(t, "Commitment", s.Commitment, ev37Commitment+1)
		}})
}

func TestFreeOpCard46HundredRegiments(t *testing.T) {
	evCard(t, 46, evCase{name: "unshaded: the Momentum applies to the free Attack", by: CPC, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Datong-Taiyuan", CPCGuerrilla, 3)
			put(t, s, "Datong-Taiyuan", JPNPolice, 3)
			rigDice(t, s, 2)
		},
		steps: []string{"op:attack", "~remove:0T3P", "remove:0T3P"},
		check: func(t *testing.T, s *State) {
			// Three JPN cubes removed (not two), and the LoC Sabotaged.
			evWantPieces(t, s, "Datong-Taiyuan", jp, 0)
			evWant(t, "Sabotage", s.Spaces[evSid("Datong-Taiyuan")].Sabotage, true)
			evWant(t, "JPN Police Casualties", s.Casualties[JPNPolice], 3)
		}})
}

func TestFreeOpCard46AntiBandit(t *testing.T) {
	evCard(t, 46, evCase{name: "shaded: free Anti-Bandit Action", by: JPN, side: "shaded",
		setup: func(t testing.TB, s *State) { put(t, s, "Hebei", CPCGuerrillaActive, 2) },
		steps: []string{"space:Hebei", "count:2", "done", "sa:anti_bandit", "piece:cpc_guerrillas_active", "piece:cpc_guerrillas_active"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Hebei", jt, 2, int(CPCGuerrillaActive), 0)
		}})
}

func TestFreeOpCard48Subvert(t *testing.T) {
	evCard(t, 48, evCase{name: "unshaded: free Subvert in 1 space", by: CPC, side: "unshaded",
		setup: func(t testing.TB, s *State) {
			put(t, s, "Wannan", NATTroop, 2)
			put(t, s, "Fujian", NATTroop, 2)
		},
		steps: []string{"space:Wannan", "space:Fujian", "sa:subvert", "space:Wannan", "subvert:remove"},
		check: func(t *testing.T, s *State) {
			evWantPieces(t, s, "Wannan", nt, 0)
			evWantPieces(t, s, "Fujian", nt, 2)
		}})
}
