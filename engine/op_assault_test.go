package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// convAssaultBoard puts, in each of the given Provinces, one Troop of the
// assaulting faction and one enemy piece it must or may target.
func convAssaultBoard(t *testing.T, s *State, f Faction, spaces ...string) {
	t.Helper()
	for _, sp := range spaces {
		switch f {
		case JPN:
			put(t, s, sp, JPNTroop, 1)
			put(t, s, sp, CPCGuerrillaActive, 1)
		case NAT:
			put(t, s, sp, NATTroop, 1)
			put(t, s, sp, JPNPolice, 1)
		case WLD:
			put(t, s, sp, WLDTroop, 1)
			put(t, s, sp, JPNPolice, 1)
		}
	}
}

func TestAssaultCosts(t *testing.T) {
	three := []string{"Henan", "Hebei", "Shandong"}
	for _, tc := range []struct {
		name       string
		f          Faction
		mods       []string
		free       bool
		spaces     []string
		wldTroops  bool // a WLD Troop in each space, included by NAT
		resources  int
		wantRes    int
		wantWLDRes int
	}{
		{"JPN 3 per space", JPN, nil, false, three[:2], false, 10, 4, 20},
		{"NAT 2 per space", NAT, nil, false, three, false, 10, 4, 20},
		{"NAT Winter Offensive: 0 per space", NAT, []string{"winter_offensive"}, false, three, false, 10, 10, 20},
		{"NAT pays WLD 1 per space to include WLD Troops", NAT, nil, false, three[:2], true, 10, 4, 22},
		{"...even under Winter Offensive", NAT, []string{"winter_offensive"}, false, three[:2], true, 10, 8, 22},
		{"...even when free", NAT, nil, true, three[:2], true, 10, 8, 22},
		{"Central Command: no payment to WLD", NAT, []string{"central_command"}, false, three[:2], true, 10, 6, 20},
		{"WLD escalating: 1+2+3", WLD, nil, false, three, false, 10, 4, 4},
		{"WLD Regional Armies: 1+2+2", WLD, []string{"regional_armies"}, false, three, false, 10, 5, 5},
		{"WLD free: nothing", WLD, nil, true, three, false, 10, 10, 10},
		{"JPN free: nothing", JPN, nil, true, three, false, 10, 10, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, tc.f)
			s.Capabilities = tc.mods
			s.Resources[tc.f] = tc.resources
			convAssaultBoard(t, s, tc.f, three...)
			if tc.wldTroops {
				for _, sp := range three {
					put(t, s, sp, WLDTroop, 1)
				}
			}
			rigDice(t, s, 6, 6, 6, 6, 6, 6)
			var answers []string
			for _, sp := range tc.spaces {
				answers = append(answers, "space:"+sp)
				if tc.wldTroops {
					answers = append(answers, "wld:include")
				}
			}
			if len(tc.spaces) < 3 {
				answers = append(answers, "done") // else forced: nothing left to select
			}
			st, p, log := convOp(t, s, opCtx{f: tc.f, kind: Assault, free: tc.free}, answers...)
			if p != nil {
				t.Fatalf("still waiting on %q", p.Question)
			}
			convCheck(t, "Resources", st.Resources[tc.f], tc.wantRes)
			convCheck(t, "WLD Resources", st.Resources[WLD], tc.wantWLDRes)
			if n := strings.Count(log, "defenders roll"); n != len(tc.spaces) {
				t.Errorf("%d Assaults resolved, want %d:\n%s", n, len(tc.spaces), log)
			}
		})
	}
}

// TestWLDEscalatingCost is the 3.2.1 example in play: three spaces cost
// 1+2+3 = 6; with 5 Resources WLD may select only two (3); a free
// Operation pays nothing.
func TestWLDEscalatingCost(t *testing.T) {
	three := []string{"Henan", "Hebei", "Shandong"}
	for _, tc := range []struct {
		name       string
		resources  int
		free       bool
		selectable []int // how many spaces are offered at each selection
		want       int
	}{
		{"three spaces cost 6", 10, false, []int{3, 2, 1}, 4},
		{"5 Resources: only two spaces", 5, false, []int{3, 2, 0}, 2},
		{"free: nothing", 1, true, []int{3, 2, 1}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, WLD)
			s.Resources[WLD] = tc.resources
			for _, sp := range three {
				put(t, s, sp, WLDBase, 1)
			}
			var answers []string
			for i, n := range tc.selectable {
				_, p, _ := convOp(t, s, opCtx{f: WLD, kind: Recruit, free: tc.free}, answers...)
				spaces := 0
				for _, id := range convIDs(p) {
					if strings.HasPrefix(id, "space:") {
						spaces++
					}
				}
				if spaces != n {
					t.Fatalf("selection %d offers %d spaces (%v), want %d", i+1, spaces, convIDs(p), n)
				}
				if n == 0 {
					break // "done" was forced
				}
				answers = append(answers, "space:"+three[i], "count:1")
			}
			st, p, _ := convOp(t, s, opCtx{f: WLD, kind: Recruit, free: tc.free}, answers...)
			if p != nil {
				t.Fatalf("still waiting on %q", p.Question)
			}
			convCheck(t, "WLD Resources", st.Resources[WLD], tc.want)
		})
	}
}

func TestAssaultSpaces(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    Faction
		mods []string
		set  func(t *testing.T, s *State)
		want []string
	}{
		{"JPN: Troops needed (Police alone do not Assault); Underground Guerrillas cannot be assaulted", JPN, nil, func(t *testing.T, s *State) {
			put(t, s, "Henan", JPNTroop, 1)
			put(t, s, "Henan", NATTroop, 1)
			put(t, s, "Hebei", JPNPolice, 3)
			put(t, s, "Hebei", NATTroop, 1)
			put(t, s, "Shandong", JPNTroop, 3)
			put(t, s, "Shandong", CPCGuerrilla, 2)
			put(t, s, "Shandong", CPCBase, 1)
			put(t, s, "Jinan-Xuzhou", JPNTroop, 1)
			put(t, s, "Jinan-Xuzhou", CPCGuerrillaActive, 1)
		}, []string{"space:Henan", "space:Jinan-Xuzhou"}},
		{"Floods: no Assault in a Flooded space", JPN, nil, func(t *testing.T, s *State) {
			s.Floods = "Henan"
			put(t, s, "Henan", JPNTroop, 1)
			put(t, s, "Henan", NATTroop, 1)
			put(t, s, "Xuzhou-Zhengzhou", JPNTroop, 1)
			put(t, s, "Xuzhou-Zhengzhou", NATTroop, 1)
			put(t, s, "Hebei", JPNTroop, 1)
			put(t, s, "Hebei", WLDTroop, 1)
			put(t, s, "Hubei", JPNTroop, 1)
			put(t, s, "Hubei", WLDTroop, 1)
		}, []string{"space:Hebei", "space:Hubei"}},
		{"NAT: its Troops and JPN forces", NAT, nil, func(t *testing.T, s *State) {
			put(t, s, "Henan", NATTroop, 1)
			put(t, s, "Henan", JPNPolice, 1)
			put(t, s, "Hebei", WLDTroop, 1)
			put(t, s, "Hebei", JPNTroop, 1)
			put(t, s, "Hubei", NATTroop, 1)
			put(t, s, "Hubei", CPCGuerrillaActive, 1)
			put(t, s, "Hunan", NATTroop, 1)
			put(t, s, "Hunan", JPNTroop, 1)
		}, []string{"space:Henan", "space:Hunan"}},
		{"NAT under New Fourth Army: Active CPC too", NAT, []string{"new_fourth_army_incident"}, func(t *testing.T, s *State) {
			put(t, s, "Henan", NATTroop, 1)
			put(t, s, "Henan", JPNPolice, 1)
			put(t, s, "Hubei", NATTroop, 1)
			put(t, s, "Hubei", CPCGuerrillaActive, 1)
			put(t, s, "Hunan", NATTroop, 1)
			put(t, s, "Hunan", CPCGuerrilla, 1)
		}, []string{"space:Henan", "space:Hubei"}},
		{"WLD: its Troops and JPN forces", WLD, nil, func(t *testing.T, s *State) {
			put(t, s, "Henan", WLDTroop, 1)
			put(t, s, "Henan", JPNPolice, 1)
			put(t, s, "Hebei", NATTroop, 1)
			put(t, s, "Hebei", JPNTroop, 1)
			put(t, s, "Hunan", WLDTroop, 1)
			put(t, s, "Hunan", JPNTroop, 1)
		}, []string{"space:Henan", "space:Hunan"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, tc.f)
			s.Capabilities = tc.mods
			tc.set(t, s)
			_, p, _ := convOp(t, s, opCtx{f: tc.f, kind: Assault})
			convWantChoices(t, p, tc.want...)
		})
	}
}

func TestAssaultLimited(t *testing.T) {
	s := convState(t, JPN)
	convAssaultBoard(t, s, JPN, "Henan", "Hebei")
	rigDice(t, s, 6, 6)
	st, p, log := convOp(t, s, opCtx{f: JPN, kind: Assault, limited: true}, "space:Henan")
	if p != nil {
		t.Fatalf("a Limited Assault selects one space; still waiting on %q %v", p.Question, convIDs(p))
	}
	convCheck(t, "JPN Resources", st.Resources[JPN], 17)
	if strings.Count(log, "defenders roll") != 1 {
		t.Errorf("log: %s", log)
	}
}

// TestAssaultNotOfferedWithoutResources: an Assault that cannot be paid for
// is not among the choices, and choosing it is refused naming the legal
// choices.
func TestAssaultNotOfferedWithoutResources(t *testing.T) {
	for _, f := range []Faction{JPN, NAT, WLD} {
		t.Run(f.String(), func(t *testing.T) {
			s := convState(t, f)
			convAssaultBoard(t, s, f, "Henan")
			s.Resources[f] = map[Faction]int{JPN: 2, NAT: 1, WLD: 0}[f]
			g := convGame(t, s)
			p := g.Prompt()
			if p.Faction == f {
				if p.Has("op:assault") || p.Has("limop:assault") {
					t.Fatalf("%s offered %v", p.Faction, convIDs(p))
				}
				if err := g.Do(f, "op:assault"); err == nil || !strings.Contains(err.Error(), "legal:") {
					t.Errorf("choosing it: %v", err)
				}
			} else if !strings.Contains(logText(g), f.String()+" passed") {
				// Nothing else affordable either: the Pass was forced.
				t.Fatalf("%s neither asked nor passed; log:\n%s", f, logText(g))
			}
			s.Resources[f]++
			if f == JPN {
				s.Resources[f]++
			}
			g = convGame(t, s)
			if !g.Prompt().Has("op:assault") {
				t.Errorf("with enough Resources Assault should be offered: %v", convIDs(g.Prompt()))
			}
		})
	}
	t.Run("NAT under Winter Offensive with 0 Resources", func(t *testing.T) {
		s := convState(t, NAT)
		s.Momentum = []string{"winter_offensive"}
		convAssaultBoard(t, s, NAT, "Henan")
		s.Resources[NAT] = 0
		if g := convGame(t, s); !g.Prompt().Has("op:assault") {
			t.Errorf("Winter Offensive Assault is free: %v", convIDs(g.Prompt()))
		}
	})
	t.Run("NAT cannot include WLD Troops without a Resource", func(t *testing.T) {
		s := convState(t, NAT)
		s.Momentum = []string{"winter_offensive"}
		convAssaultBoard(t, s, NAT, "Henan", "Hebei")
		put(t, s, "Henan", WLDTroop, 1)
		s.Resources[NAT] = 0
		rigDice(t, s, 6, 6)
		_, p, _ := convOp(t, s, opCtx{f: NAT, kind: Assault}, "space:Henan")
		if p == nil || slices.Contains(convIDs(p), "wld:include") {
			t.Errorf("prompt %v", convIDs(p))
		}
	})
}

// TestConvRandomWithModifiers plays random games with every modifier that
// touches the conventional Operations in effect and the Floods marker out,
// checking the invariants and that every prompt offers real, distinct
// choices (the simulator cannot reach these yet: no Event places them).
func TestConvRandomWithModifiers(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	mods := []string{"central_command", "chinese_air_force", "jpn_air_recon", "new_fourth_army_incident", "puppet_army", "regional_armies", "winter_offensive"}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s := newState(t, []string{"1937", "1938"}[seed%2], seed)
		s.Capabilities = mods
		if seed%3 != 0 {
			s.Floods = []string{"Henan", "Anhui", "Jiangsu"}[seed%3]
		}
		g := gameAt(t, s, nil)
		rng := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 3000 && !g.Over(); n++ {
			p := g.Prompt()
			seen := map[string]bool{}
			for _, c := range p.Choices {
				if seen[c.ID] {
					t.Fatalf("seed %d: %q offers %q twice", seed, p.Question, c.ID)
				}
				seen[c.ID] = true
			}
			if strings.Contains(p.Question, "%!") {
				t.Fatalf("seed %d: badly formatted question %q", seed, p.Question)
			}
			if len(p.Choices) < 2 {
				t.Fatalf("seed %d: %q offers %v", seed, p.Question, convIDs(p))
			}
			c := p.Choices[rng.IntN(len(p.Choices))].ID
			if err := g.Do(p.Faction, c); err != nil {
				t.Fatalf("seed %d: %s %q refused: %v", seed, p.Faction, c, err)
			}
			if err := CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
				t.Fatalf("seed %d after %s %q: %v", seed, p.Faction, c, err)
			}
		}
	}
}
