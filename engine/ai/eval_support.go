package ai

import (
	"slices"

	"github.com/chinaswar/chinaswar/engine"
)

// supportOutlook is what the Support Phase (6.3) of the Propaganda Round
// under way, from its Victory Phase on, would do to the victory totals:
// NAT Pacifying, then CPC Agitating, each as the rollout policy plays it
// (the most populous Provinces first, Terror left alone, every Resource
// spent), with the Resources they hold and, before the Resources Phase,
// what that phase adds. Support is NAT's victory total and Opposition
// CPC's (7.2), and a search stops at the victory check, just before the
// Support Phase (6.1), so without this no search sees what a Province
// under NAT Control, or CPC pieces where NAT has none, is worth: with the
// rollout policy in every seat, a Pacification step moved NAT's final
// margin by +5.2 / +5.4 points (1937 / 1938), more than any other answer.
// Between Propaganda Rounds it is nothing; see the default case.
func supportOutlook(s *engine.State, m *engine.Map) (dt engine.Totals) {
	return phaseOutlook(s, m, s.Resources, false)
}

// Resources held at the Support Phase (6.3), with the rollout policy in
// every seat (200 games a scenario): NAT 22 / 17 (1937 / 1938) when it
// Pacifies, CPC 5 / 7 when it Agitates.
const natHeld, cpcHeld = 20, 6

// forecastOutlook is supportOutlook between Propaganda Rounds, when a
// next one is to come: the next Support Phase as if NAT and CPC then held
// what they typically hold, whatever they hold now, so that the Provinces
// NAT Controls and the CPC pieces where it has none are worth what they
// would Pacify and Agitate, and a Resource spent is not.
func forecastOutlook(s *engine.State, m *engine.Map, d *engine.Deck) (dt engine.Totals) {
	switch s.Step.Kind {
	case "victory", "resources", "pacify", "agitate":
		return supportOutlook(s, m)
	case "redeploy", "aid", "commitment", "reset":
		if s.FinalRound(d) {
			return dt
		}
	default:
		if s.PropagandaUnseen(d) == 0 {
			return dt
		}
	}
	var res [engine.NumFactions]int
	res[engine.NAT], res[engine.CPC] = natHeld, cpcHeld
	return phaseOutlook(s, m, res, true)
}

// phaseOutlook plays the Support Phase (6.3) on the totals from this
// position with Resources res: as the phase under way would from its
// Victory Phase on, or, with between, as the next Round's would with res
// when its Resources Phase is done.
func phaseOutlook(s *engine.State, m *engine.Map, res [engine.NumFactions]int, between bool) (dt engine.Totals) {
	var natDone bool
	switch kind := s.Step.Kind; {
	case between:
	case kind == "victory" || kind == "resources":
		// The Resources Phase (6.2) comes first; the Capabilities that
		// change NAT's income are left out of this estimate.
		res[engine.NAT] = min(60, res[engine.NAT]+s.NATEcon(m))
		res[engine.CPC] = min(60, res[engine.CPC]+s.BasesOnMap(engine.CPC))
	case kind == "pacify":
	case kind == "agitate":
		natDone = true
	default:
		// Between Propaganda Rounds the Resources held now are not those
		// the next phase will have. Counted as if they were, they made
		// every Resource an action spent look lost to the Support Phase:
		// with Easy in every seat (seeds 601-620) NAT's mean final margin
		// fell by 1.1 / 2.2 points (1937 / 1938), CPC's by 3.0 / 0.6, and
		// JPN came first in 12 and 8 of 20 games where it had in 5 and 3.
		return dt
	}
	level := make([]int, len(s.Spaces))
	for i := range s.Spaces {
		level[i] = s.Spaces[i].Support
	}
	provinces := byPop(m)
	spend := func(f engine.Faction, dir, cost int, where func(engine.SpaceID) bool) {
		for _, id := range provinces {
			for res[f] >= cost && level[id] != dir && !s.Spaces[id].Terror && where(id) {
				pop := m.Spaces[id].Pop
				switch level[id] {
				case engine.Support:
					dt[engine.NAT] -= pop
				case engine.Opposition:
					dt[engine.CPC] -= pop
				}
				level[id] += dir
				switch level[id] {
				case engine.Support:
					dt[engine.NAT] += pop
				case engine.Opposition:
					dt[engine.CPC] += pop
				}
				res[f] -= cost
			}
		}
	}
	if !natDone {
		// 6.3.1: 2 Resources a level, in Provinces NAT Controls.
		spend(engine.NAT, engine.Support, 2, func(id engine.SpaceID) bool {
			return s.ControlOf(m, id) == engine.NATControl
		})
	}
	// 6.3.2: 1 Resource a level, where CPC has pieces and NAT no Control.
	spend(engine.CPC, engine.Opposition, 1, func(id engine.SpaceID) bool {
		return s.Spaces[id].Pieces.Of(engine.CPC) > 0 && s.ControlOf(m, id) != engine.NATControl
	})
	return dt
}

// byPop lists m's populated Provinces, the most populous first.
func byPop(m *engine.Map) []engine.SpaceID {
	var ids []engine.SpaceID
	for i := range m.Spaces {
		if m.Spaces[i].IsProvince() && m.Spaces[i].Pop > 0 {
			ids = append(ids, engine.SpaceID(i))
		}
	}
	slices.SortStableFunc(ids, func(a, b engine.SpaceID) int { return m.Spaces[b].Pop - m.Spaces[a].Pop })
	return ids
}
