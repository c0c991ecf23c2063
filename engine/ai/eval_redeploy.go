package ai

import (
	"slices"

	"github.com/chinaswar/chinaswar/engine"
)

// redeployOutlook is what the next Redeploy Phase (6.4) would do to WLD's
// Controlled Population, part of its victory total (7.2). Every WLD Troop
// in a Province without a WLD Base must go to one that has one, NAT's
// Troops to NAT Bases and CPC's Guerrillas to Opposition or CPC Bases, so
// the Provinces WLD holds with Troops alone are lost at every Redeploy,
// and the final margins (7.3) are taken after the last one (6.4.1). With
// Easy in every seat the phase cost WLD 5.6 / 5.2 points of final margin
// a game (1937 / 1938), and a search that stops at the victory check,
// before the phase, never sees it.
//
// It moves the pieces as the rollout policy would: WLD's Troops go to the
// most populous home it does not yet Control; NAT's Troops and CPC's
// Guerrillas leave, and where they arrive is left out (a Province with
// Bases of two factions is rare), as are JPN's moves, which the rollout
// policy never makes.
func redeployOutlook(s *engine.State, m *engine.Map) int {
	t := *s
	t.Spaces = slices.Clone(s.Spaces)
	leave(&t, m, []engine.Piece{engine.NATTroop}, func(id engine.SpaceID) bool { return t.Spaces[id].Pieces[engine.NATBase] > 0 })
	leave(&t, m, []engine.Piece{engine.CPCGuerrilla, engine.CPCGuerrillaActive}, func(id engine.SpaceID) bool {
		return t.Spaces[id].Pieces[engine.CPCBase] > 0 || t.Spaces[id].Support == engine.Opposition
	})
	var homes []engine.SpaceID
	for _, id := range byPop(m) {
		if t.Spaces[id].Pieces[engine.WLDBase] > 0 {
			homes = append(homes, id)
		}
	}
	troops := leave(&t, m, []engine.Piece{engine.WLDTroop}, func(id engine.SpaceID) bool { return t.Spaces[id].Pieces[engine.WLDBase] > 0 })
	for ; troops > 0 && len(homes) > 0; troops-- {
		dest := homes[0]
		for _, id := range homes {
			if t.ControlOf(m, id) != engine.WLDControl {
				dest = id
				break
			}
		}
		t.Spaces[dest].Pieces[engine.WLDTroop]++
	}
	return wldPop(&t, m) - wldPop(s, m)
}

// leave takes the pieces of kinds ks out of every Province that is not a
// home and returns how many left, to be placed in the homes. With no home
// on the map they all gather in the Province that has the most of them
// instead (6.4), and none is left to place.
func leave(s *engine.State, m *engine.Map, ks []engine.Piece, home func(engine.SpaceID) bool) int {
	most, top, homes := -1, 0, false
	for i := range s.Spaces {
		switch {
		case !m.Spaces[i].IsProvince():
		case home(engine.SpaceID(i)):
			homes = true
		case count(&s.Spaces[i].Pieces, ks) > top:
			most, top = i, count(&s.Spaces[i].Pieces, ks)
		}
	}
	if !homes && most < 0 {
		return 0 // none to move
	}
	var gone [engine.NumPieces]int16
	n := 0
	for i := range s.Spaces {
		if !m.Spaces[i].IsProvince() || home(engine.SpaceID(i)) {
			continue
		}
		for _, k := range ks {
			n += s.Spaces[i].Pieces.N(k)
			gone[k] += s.Spaces[i].Pieces[k]
			s.Spaces[i].Pieces[k] = 0
		}
	}
	if homes {
		return n
	}
	for _, k := range ks {
		s.Spaces[most].Pieces[k] += gone[k]
	}
	return 0
}

func count(p *engine.Pieces, ks []engine.Piece) int {
	n := 0
	for _, k := range ks {
		n += p.N(k)
	}
	return n
}

// wldPop is the Population of the Provinces WLD Controls.
func wldPop(s *engine.State, m *engine.Map) int {
	n := 0
	for i := range s.Spaces {
		if s.ControlOf(m, engine.SpaceID(i)) == engine.WLDControl {
			n += m.Spaces[i].Pop
		}
	}
	return n
}

// redeployBeforeCheck reports whether a Redeploy Phase comes before the
// next victory check: only in the 1937 scenario until its first Propaganda
// Round's Redeploy, since that Round makes no check (6.1).
func redeployBeforeCheck(s *engine.State) bool {
	if s.Scenario != "1937" {
		return false
	}
	switch s.Step.Kind {
	case "victory", "resources", "pacify", "agitate", "redeploy":
		return s.Rounds == 1
	}
	return s.Rounds == 0
}
