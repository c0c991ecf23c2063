package engine

import (
	"testing"
)

// newState builds a scenario's starting state without running any step.
func newState(t testing.TB, scenario string, seed uint64) *State {
	t.Helper()
	s, err := setup(DefaultMap(), DefaultDeck(), scenario, seed, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSetupMatchesForcePool(t *testing.T) {
	for _, sc := range Scenarios {
		s := newState(t, sc, 1)
		if err := CheckInvariants(DefaultMap(), DefaultDeck(), s); err != nil {
			t.Errorf("%s: %v", sc, err)
		}
		var total Pieces
		for i := range s.Spaces {
			for k, v := range s.Spaces[i].Pieces {
				total[k] += v
			}
		}
		for k, v := range s.Available {
			total[k] += v
		}
		if total != Pool || total.Total() != PoolTotal {
			t.Errorf("%s: pieces %v (%d), want %v (144)", sc, total, total.Total(), Pool)
		}
	}
}

// printedControl is every Control marker printed on the setup pages; a
// Province not listed has none.
var printedControl = map[string]map[string]Control{
	"1937": {
		"Chahar": WLDControl, "Suiyuan": WLDControl, "Shandong": WLDControl, "Hebei": WLDControl,
		"Shanxi": WLDControl, "Gansu": NATControl, "Jiangsu": NATControl, "Anhui": NATControl,
		"Henan": NATControl, "Hubei": NATControl, "Sichuan": WLDControl, "Shanghai": NATControl,
		"Hunan": NATControl, "Guizhou": NATControl, "Yunnan": WLDControl, "Zhejiang": NATControl,
		"Jiangxi": NATControl, "Guangxi": WLDControl,
	},
	"1938": {
		"Chahar": WLDControl, "Suiyuan": WLDControl, "Shandong": WLDControl, "Gansu": NATControl,
		"Anhui": NATControl, "Henan": NATControl, "Sichuan": WLDControl, "Wannan": NATControl,
		"Hunan": NATControl, "Guizhou": NATControl, "Yunnan": WLDControl, "Jiangxi": NATControl,
		"Fujian": NATControl, "Guangdong": NATControl, "Guangxi": WLDControl,
	},
}

func TestSetupControlMatchesPrintedMarkers(t *testing.T) {
	m := DefaultMap()
	checked := 0
	for _, sc := range Scenarios {
		s := newState(t, sc, 1)
		for _, sp := range m.Spaces {
			if !sp.IsProvince() {
				continue
			}
			checked++
			want := printedControl[sc][sp.Name]
			if got := s.ControlOf(m, sp.ID); got != want {
				t.Errorf("%s %s: computed %v, printed %v", sc, sp.Name, got, want)
			}
		}
	}
	if checked != 44 {
		t.Errorf("checked %d markers, want 44", checked)
	}
}

func TestSetupVictoryTotals(t *testing.T) {
	m := DefaultMap()
	for sc, want := range map[string]Totals{
		"1937": {JPN: 25, NAT: 26, WLD: 19, CPC: 7},
		"1938": {JPN: 22, NAT: 21, WLD: 15, CPC: 9},
	} {
		if got := newState(t, sc, 1).Totals(m); got != want {
			t.Errorf("%s totals = %v, want %v", sc, got, want)
		}
	}
}

// TestControlExample is the Control example of 1.7.
func TestControlExample(t *testing.T) {
	m := DefaultMap()
	s := newState(t, "1937", 1)
	hebei := m.MustID("Hebei")
	s.Spaces[hebei].Pieces = p(jt, 3, jp, 1, ng, 1, int(NATGuerrillaActive), 1, nt, 2, nb, 1, wt, 2, cg, 1)
	if got := s.Spaces[hebei].Pieces.Total(); got != 12 {
		t.Fatalf("example has %d pieces, want 12", got)
	}
	if got := s.ControlOf(m, hebei); got != NATControl {
		t.Errorf("Hebei: %v, want NAT Control", got)
	}
	s.Spaces[hebei].Pieces[CPCGuerrilla] = 0
	s.Spaces[hebei].Pieces[CPCGuerrillaActive] = 1
	if got := s.ControlOf(m, hebei); got != Uncontrolled {
		t.Errorf("Hebei with an Active CPC Guerrilla: %v, want Uncontrolled", got)
	}
}

// TestDeckPreparation checks the deck over many seeds: composition, and
// where the Propaganda cards fall (Deck Preparation).
func TestDeckPreparation(t *testing.T) {
	d := DefaultDeck()
	for seed := uint64(0); seed < 500; seed++ {
		for _, tc := range []struct {
			scenario     string
			size, piles  int
			played, gone int
		}{{"1937", 52, 4, 0, 0}, {"1938", 39, 3, 1, 12}} {
			s := newState(t, tc.scenario, seed)
			if len(s.Deck) != tc.size || len(s.Played) != tc.played || len(s.Removed) != tc.gone {
				t.Fatalf("%s seed %d: deck %d, played %d, removed %d; want %d, %d, %d", tc.scenario, seed, len(s.Deck), len(s.Played), len(s.Removed), tc.size, tc.played, tc.gone)
			}
			if tc.played == 1 && !d.IsPropaganda(s.Played[0]) {
				t.Fatalf("1938: the card already played is #%d, not Propaganda", s.Played[0])
			}
			for _, n := range s.Removed {
				if d.IsPropaganda(n) {
					t.Fatalf("1938: a Propaganda card was removed with the unseen pile")
				}
			}
			// Piles of 13: the first has its Propaganda in the bottom half
			// (positions 7..13), every pile exactly one.
			for pile := 0; pile < tc.piles; pile++ {
				var at []int
				for i := 0; i < 13; i++ {
					if d.IsPropaganda(s.Deck[pile*13+i]) {
						at = append(at, i)
					}
				}
				if len(at) != 1 {
					t.Fatalf("%s seed %d: pile %d has %d Propaganda cards", tc.scenario, seed, pile+1, len(at))
				}
				if pile == 0 && at[0] < 6 {
					t.Fatalf("%s seed %d: first pile's Propaganda at position %d, not in the bottom half", tc.scenario, seed, at[0]+1)
				}
			}
		}
	}
}

// TestFactionPiecesInOrder: factionPieces, which Pieces.Of and ActiveOf
// read, holds exactly each faction's kinds, and the Underground kinds are
// the only ones not Active.
func TestFactionPiecesInOrder(t *testing.T) {
	for k := range NumPieces {
		f := k.Faction()
		if r := factionPieces[f]; k < r[0] || k >= r[1] {
			t.Errorf("%v lies outside %v's range %v", k, f, r)
		}
		var p Pieces
		p[k] = 3
		for _, g := range Factions {
			want, active := 0, 0
			if g == f {
				want = 3
				if k.Active() {
					active = 3
				}
			}
			if got := p.Of(g); got != want {
				t.Errorf("Of(%v) with three %v = %d, want %d", g, k, got, want)
			}
			if got := p.ActiveOf(g); got != active {
				t.Errorf("ActiveOf(%v) with three %v = %d, want %d", g, k, got, active)
			}
		}
	}
}
