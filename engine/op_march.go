package engine

import (
	"fmt"
	"slices"
	"strings"
)

// CPC March (3.3.2).
//
// Every space a group moves into is a destination of the March, selected
// once (3.1) and recorded in o.spaces: a Province costs 1 Resource when it
// first becomes a destination, a LoC nothing, and a destination entered by
// several groups is paid once. A Limited March (2.3.5) has one destination;
// groups may come from several origins but cannot continue beyond it (the
// continuation's next space would be a second destination). The Guerrillas
// moving from one space into another form a single group: each (from, to)
// pair is used at most once per March. A Guerrilla moves once, except that
// its group may continue from a Province at Opposition it entered.

// marchDest reports whether a group may move into space to: adjacent,
// CPC may be there (never Manchukuo or French Indochina, 3.1.3), and to is
// either a destination already or may become one (the Event's narrowing,
// Limited's single destination, and 1 Resource for a Province).
func marchDest(r *run, o *opCtx, from, to SpaceID) bool {
	if !r.m.Adjacent(from, to) || !mayHold(r.m, CPC, to) {
		return false
	}
	return o.selected(to) || (o.selectable(to) && (r.m.Spaces[to].IsLoC() || o.afford(r, 1)))
}

func marchCan(r *run, o *opCtx) bool {
	for i := range r.s.Spaces {
		if r.s.Spaces[i].Pieces.Guerrillas(CPC) == 0 {
			continue
		}
		for _, to := range r.m.Spaces[i].Adj {
			if marchDest(r, o, SpaceID(i), to) {
				return true
			}
		}
	}
	return false
}

// marchState is what a March remembers while it runs: the Guerrillas that
// have moved (by state, per space; they do not move again except by
// continuing) and the (from, to) pairs already used by a group.
type marchState struct {
	movedU, movedA []int
	pairs          [][2]SpaceID
}

// unmoved returns the Underground and Active CPC Guerrillas in a space that
// have not moved in this March.
func (ms *marchState) unmoved(s *State, id SpaceID) (u, a int) {
	p := &s.Spaces[id].Pieces
	return max(0, p.N(CPCGuerrilla)-ms.movedU[id]), max(0, p.N(CPCGuerrillaActive)-ms.movedA[id])
}

func (ms *marchState) used(from, to SpaceID) bool {
	return slices.Contains(ms.pairs, [2]SpaceID{from, to})
}

// reconcile keeps the record of moved Guerrillas consistent after a Special
// Activity ran in the middle of the March (Tax Activates a Guerrilla,
// Subvert may take one from the map, 1.4.1): a moved Underground Guerrilla
// that is gone was Activated, and no more can have moved than are there.
func (ms *marchState) reconcile(s *State) {
	for i := range s.Spaces {
		p := &s.Spaces[i].Pieces
		if ex := ms.movedU[i] - p.N(CPCGuerrilla); ex > 0 {
			ms.movedU[i] -= ex
			ms.movedA[i] += ex
		}
		ms.movedA[i] = min(ms.movedA[i], p.N(CPCGuerrillaActive))
	}
}

// marchOrigin reports whether a new group can leave space id.
func marchOrigin(r *run, o *opCtx, ms *marchState, id SpaceID) bool {
	if u, a := ms.unmoved(r.s, id); u+a == 0 {
		return false
	}
	for _, to := range r.m.Spaces[id].Adj {
		if !ms.used(id, to) && marchDest(r, o, id, to) {
			return true
		}
	}
	return false
}

func march(r *run, o *opCtx) error {
	s := r.s
	ns := len(s.Spaces)
	moved := r.scratch.takeInts(2 * ns)
	ms := &marchState{movedU: moved[:ns:ns], movedA: moved[ns:], pairs: make([][2]SpaceID, 0, 8)}
	for {
		r.openForTransfers = true
		ans, err := r.ask(CPC, sayAsked(r, "CPC March (1 Resource per destination Province, 0 per LoC; %d left): move a group of Guerrillas from which space?", live(&s.Resources[CPC])), func(c *choiceList) {
			for i := range s.Spaces {
				if marchOrigin(r, o, ms, SpaceID(i)) {
					c.add(r.m.choice(SpaceID(i)), r.m.Spaces[i].Name)
				}
			}
			o.offerSA(r, c)
			if len(o.spaces) > 0 {
				c.add("done", "done: end the March")
			}
		})
		if err != nil {
			return err
		}
		switch {
		case ans == "done":
			return nil
		case strings.HasPrefix(ans, "sa:"):
			if err := o.doSA(r, ans); err != nil {
				return err
			}
			ms.reconcile(s)
			continue
		}
		from, ok := r.m.ID(strings.TrimPrefix(ans, "space:"))
		if !ok {
			return fmt.Errorf("engine: recorded answer %q names no space", ans)
		}
		u, a := ms.unmoved(s, from)
		n, err := r.askCount(CPC, sayAsked(r, "March from %s: how many Guerrillas move as a group?", r.name(from)), 1, u+a)
		if err != nil {
			return err
		}
		gu, err := marchSplit(r, from, n, u, a)
		if err != nil {
			return err
		}
		to, err := r.askSpace(CPC, sayAsked(r, "March: move the group of %d from %s into which adjacent space?", n, r.name(from)), "", func(add func(SpaceID)) {
			for _, to := range r.m.Spaces[from].Adj {
				if !ms.used(from, to) && marchDest(r, o, from, to) {
					add(to)
				}
			}
		})
		if err != nil {
			return err
		}
		ga := n - gu
		gu, ga = marchMove(r, o, ms, from, to, gu, ga)
		// 3.3.2: the group may continue from a Province at Opposition.
		for r.m.Spaces[to].IsProvince() && s.Spaces[to].Support == Opposition {
			at := to
			next, err := r.askSpace(CPC, sayAsked(r, "March: the group of %d entered %s at Opposition. Continue moving it into an adjacent space?", gu+ga, r.name(at)), "stop: the group stays", func(add func(SpaceID)) {
				for _, to := range r.m.Spaces[at].Adj {
					if !ms.used(at, to) && marchDest(r, o, at, to) {
						add(to)
					}
				}
			})
			if err != nil {
				return err
			}
			if next < 0 {
				break
			}
			k, err := r.askCount(CPC, sayAsked(r, "March: how many of the group of %d in %s continue?", gu+ga, r.name(at)), 1, gu+ga)
			if err != nil {
				return err
			}
			ku, err := marchSplit(r, at, k, gu, ga)
			if err != nil {
				return err
			}
			// The continuing part of the group leaves the space it passed
			// through; the rest stays there, moved.
			ms.movedU[at] -= ku
			ms.movedA[at] -= k - ku
			to = next
			gu, ga = marchMove(r, o, ms, at, to, ku, k-ku)
		}
	}
}

// marchSplit asks how many of a group of n are Underground, when the
// group could be made up in more than one way from u Underground and a
// Active Guerrillas (docs/rulings.md: the player chooses).
func marchSplit(r *run, at SpaceID, n, u, a int) (int, error) {
	lo, hi := max(0, n-a), min(n, u)
	if lo == hi {
		return lo, nil
	}
	return r.askCount(CPC, sayAsked(r, "March from %s: how many of the %d are Underground (the rest Active)?", r.name(at), n), lo, hi)
}

// marchMove moves a group of gu Underground and ga Active Guerrillas from
// one space into an adjacent one: selecting and paying for a new
// destination, Activating the group where 3.3.2 says so. It returns the
// group's states on arrival.
func marchMove(r *run, o *opCtx, ms *marchState, from, to SpaceID, gu, ga int) (int, int) {
	s := r.s
	cost := 0
	if !o.selected(to) {
		o.spaces = append(o.spaces, to)
		if r.m.Spaces[to].IsProvince() && !o.free {
			cost = 1
			o.pay(r, 1)
		}
	}
	ms.pairs = append(ms.pairs, [2]SpaceID{from, to})
	cubes := s.Spaces[to].Pieces.Cubes()
	n := gu + ga
	exposed := r.m.Spaces[to].IsLoC() || (r.m.Spaces[to].IsProvince() && s.Spaces[to].Support == Support)
	s.relocate(from, to, CPCGuerrilla, gu)
	s.relocate(from, to, CPCGuerrillaActive, ga)
	if exposed && n+cubes > 3 {
		s.activate(to, CPC, gu)
		gu, ga = 0, n
		r.note(CPC, "March: %d Guerrillas from %s to %s (cost %d, %d Resources left); %d + %d cubes there exceed 3, so the group is Active.", n, r.name(from), r.name(to), cost, s.Resources[CPC], n, cubes)
	} else {
		r.note(CPC, "March: %d Guerrillas from %s to %s (cost %d, %d Resources left).", n, r.name(from), r.name(to), cost, s.Resources[CPC])
	}
	ms.movedU[to] += gu
	ms.movedA[to] += ga
	return gu, ga
}
