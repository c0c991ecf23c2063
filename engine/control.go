package engine

import (
	"fmt"
	"strings"
)

// Control is who controls a Province (1.7).
type Control uint8

const (
	Uncontrolled Control = iota
	NATControl
	WLDControl
)

func (c Control) String() string {
	return [...]string{"Uncontrolled", "NAT Control", "WLD Control"}[c]
}

// ControlOf computes Control of a Province (1.7): NAT or WLD controls it when
// its Active pieces outnumber all other Active pieces combined, ignoring JPN
// Troops. Underground Guerrillas do not count; JPN Police do. Only Provinces
// can be Controlled.
func (s *State) ControlOf(m *Map, id SpaceID) Control {
	if !m.Spaces[id].IsProvince() {
		return Uncontrolled
	}
	p := &s.Spaces[id].Pieces
	nat := p.ActiveOf(NAT)
	wld := p.ActiveOf(WLD)
	others := p[JPNPolice] + p.ActiveOf(CPC)
	switch {
	case nat > wld+others:
		return NATControl
	case wld > nat+others:
		return WLDControl
	}
	return Uncontrolled
}

// SupportOf is the Support level of a space (1.6).
func (s *State) SupportOf(id SpaceID) int { return s.Spaces[id].Support }

// BasesOnMap counts a faction's Bases on the map.
func (s *State) BasesOnMap(f Faction) int {
	var k Piece
	switch f {
	case NAT:
		k = NATBase
	case WLD:
		k = WLDBase
	case CPC:
		k = CPCBase
	default:
		return 0
	}
	n := 0
	for i := range s.Spaces {
		n += s.Spaces[i].Pieces[k]
	}
	return n
}

// TroopsOnMap counts a faction's Troops on the map.
func (s *State) TroopsOnMap(k Piece) int {
	n := 0
	for i := range s.Spaces {
		n += s.Spaces[i].Pieces[k]
	}
	return n
}

// hasEnemyOfJPN reports whether a space holds any Chinese piece.
func hasChinese(p *Pieces) bool {
	return p.Of(NAT)+p.Of(WLD)+p.Of(CPC) > 0
}

// JPNEcon is the Econ of LoCs with JPN cubes and no enemy pieces (1.9, 7.2).
func (s *State) JPNEcon(m *Map) int {
	n := 0
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		p := &s.Spaces[i].Pieces
		if sp.IsLoC() && p.JPNCubes() > 0 && !hasChinese(p) {
			n += sp.Econ
		}
	}
	return n
}

// NATEcon is the Econ of LoCs with neither Sabotage nor JPN cubes (6.2).
func (s *State) NATEcon(m *Map) int {
	n := 0
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		if sp.IsLoC() && !s.Spaces[i].Sabotage && s.Spaces[i].Pieces.JPNCubes() == 0 {
			n += sp.Econ
		}
	}
	return n
}

// SabotagedJPNEcon is the Econ of LoCs with both JPN forces and Sabotage (6.2).
func (s *State) SabotagedJPNEcon(m *Map) int {
	n := 0
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		if sp.IsLoC() && s.Spaces[i].Sabotage && s.Spaces[i].Pieces.Of(JPN) > 0 {
			n += sp.Econ
		}
	}
	return n
}

// Totals are the four victory totals (1.9).
type Totals [NumFactions]int

// Totals computes every faction's victory total (1.9):
// JPN Econ + Commitment, NAT Support + Patronage, WLD Controlled Pop + Bases,
// CPC Opposition + Bases.
func (s *State) Totals(m *Map) Totals {
	var t Totals
	t[JPN] = s.JPNEcon(m) + s.Commitment
	t[NAT] = s.Patronage
	t[WLD] = s.BasesOnMap(WLD)
	t[CPC] = s.BasesOnMap(CPC)
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		if !sp.IsProvince() {
			continue
		}
		switch s.Spaces[i].Support {
		case Support:
			t[NAT] += sp.Pop
		case Opposition:
			t[CPC] += sp.Pop
		}
		if s.ControlOf(m, SpaceID(i)) == WLDControl {
			t[WLD] += sp.Pop
		}
	}
	return t
}

// Thresholds are the totals a faction must exceed to win at a victory check (7.2).
var Thresholds = [NumFactions]int{JPN: 40, NAT: 40, WLD: 25, CPC: 20}

// Margins computes every faction's victory margin (7.3). During a Propaganda
// Round's victory check the margin is the total beyond the 7.2 threshold; after
// the final Propaganda Round WLD's margin is its total minus Patronage instead
// (7.3 and its design note; see docs/rulings.md).
func (s *State) Margins(m *Map, final bool) [NumFactions]int {
	t := s.Totals(m)
	var mg [NumFactions]int
	for _, f := range Factions {
		mg[f] = t[f] - Thresholds[f]
	}
	if final {
		mg[WLD] = t[WLD] - s.Patronage
	}
	return mg
}

// tieRank orders factions for ties (7.1): CPC, then WLD, then NAT, then JPN.
var tieRank = [NumFactions]int{CPC: 0, WLD: 1, NAT: 2, JPN: 3}

// Standing is one player's place in the final ranking.
type Standing struct {
	Place    int       `json:"place"`
	Factions []Faction `json:"factions"`
	Margin   int       `json:"margin"`
}

// Result is how the game ended.
type Result struct {
	// Final is true when the game ended after the final Propaganda Round
	// (7.3); false when a faction passed a victory check (7.2).
	Final     bool             `json:"final"`
	Round     int              `json:"round"`
	Margins   [NumFactions]int `json:"margins"`
	Ranking   []Standing       `json:"ranking"`
	Winners   []Faction        `json:"winners,omitempty"` // factions that passed the check
	Narrative string           `json:"narrative"`
}

// Rank orders the players by margin (7.1): highest margin first, ties to CPC,
// then WLD, then NAT. A player holding several factions (1.5) takes the lowest
// margin of them, and ties on the best-ranked faction they hold.
func Rank(margins [NumFactions]int, teams [][]Faction) []Standing {
	var out []Standing
	for _, team := range teams {
		st := Standing{Factions: append([]Faction(nil), team...), Margin: margins[team[0]]}
		for _, f := range team[1:] {
			st.Margin = min(st.Margin, margins[f])
		}
		out = append(out, st)
	}
	best := func(st Standing) int {
		r := NumFactions
		for _, f := range st.Factions {
			r = min(r, tieRank[f])
		}
		return r
	}
	// Insertion sort keeps this tiny, stable and free of comparator surprises.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0; j-- {
			a, b := out[j-1], out[j]
			if b.Margin > a.Margin || (b.Margin == a.Margin && best(b) < best(a)) {
				out[j-1], out[j] = b, a
			}
		}
	}
	for i := range out {
		out[i].Place = i + 1
	}
	return out
}

// Players returns the players' faction groups: the configured teams, then
// each remaining faction on its own.
func (o Options) Players() [][]Faction {
	var teams [][]Faction
	seen := [NumFactions]bool{}
	for _, t := range o.Teams {
		teams = append(teams, t)
		for _, f := range t {
			seen[f] = true
		}
	}
	for _, f := range Factions {
		if !seen[f] {
			teams = append(teams, []Faction{f})
		}
	}
	return teams
}

// DescribeRanking writes a ranking as "1. WLD (+3), 2. CPC (-1), ...".
func DescribeRanking(r []Standing) string {
	var b strings.Builder
	for i, st := range r {
		if i > 0 {
			b.WriteString(", ")
		}
		names := make([]string, len(st.Factions))
		for j, f := range st.Factions {
			names[j] = f.String()
		}
		fmt.Fprintf(&b, "%d. %s (%+d)", st.Place, strings.Join(names, "+"), st.Margin)
	}
	return b.String()
}
