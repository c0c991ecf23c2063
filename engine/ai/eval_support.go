package ai

import (
	"slices"

	"github.com/chinaswar/chinaswar/engine"
)

// supportOutlook is what the first Support Phase (6.3) not yet begun, or
// the rest of the one under way, would do to the victory totals if it came
// now: NAT Pacifying, then CPC Agitating, each as the rollout policy plays
// it (the most populous Provinces first, Terror left alone, every Resource
// spent), with the Resources they hold and, before the Resources Phase,
// what that phase adds. Support is NAT's victory total and Opposition
// CPC's (7.2), and a search stops at the victory check, just before the
// Support Phase (6.1), so without this no search sees what a Province
// under NAT Control, or CPC pieces where NAT has none, is worth: with the
// rollout policy in every seat, a Pacification step moved NAT's final
// margin by +5.2 / +5.4 points (1937 / 1938), more than any other answer.
func supportOutlook(s *engine.State, m *engine.Map, d *engine.Deck) (dt engine.Totals) {
	res := s.Resources
	var natDone bool
	switch s.Step.Kind {
	case "pacify":
	case "agitate":
		natDone = true
	default:
		if s.Step.Kind != "victory" && s.Step.Kind != "resources" && (s.FinalRound(d) || s.PropagandaUnseen(d) == 0) {
			return dt // 6.4.1: the game ends before another Support Phase
		}
		// The Resources Phase (6.2) comes first; the Capabilities that
		// change NAT's income are left out of this estimate.
		res[engine.NAT] = min(60, res[engine.NAT]+s.NATEcon(m))
		res[engine.CPC] = min(60, res[engine.CPC]+s.BasesOnMap(engine.CPC))
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
