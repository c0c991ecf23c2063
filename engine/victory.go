package engine

import (
	"fmt"
	"strings"
)

// Victory (section 7): the victory totals and thresholds, the margins, the
// ranking of the players and the end of the game.

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

// Winners lists the players (teams) who meet their victory conditions (7.2).
// A player holding several factions meets them only when every one of its
// factions does (1.5).
func (s *State) Winners(m *Map) [][]Faction {
	t := s.Totals(m)
	var out [][]Faction
	for _, team := range s.Options.Players() {
		all := true
		for _, f := range team {
			if t[f] <= Thresholds[f] {
				all = false
			}
		}
		if all {
			out = append(out, team)
		}
	}
	return out
}

// endGame ends the game and ranks the players (7.1): after a victory check
// (7.2) or at the end of the final Propaganda Round (7.3).
func endGame(r *run, final bool, why string) {
	s := r.s
	mg := s.Margins(r.m, final)
	res := &Result{Final: final, Round: s.Rounds, Margins: mg, Ranking: Rank(mg, s.Options.Players())}
	if !final {
		for _, team := range s.Winners(r.m) {
			res.Winners = append(res.Winners, team...)
		}
	}
	res.Narrative = fmt.Sprintf("Game over: %s. %s", why, DescribeRanking(res.Ranking))
	s.Result = res
	s.Step = Step{Kind: "over"}
	r.sys("%s", res.Narrative)
}
