package engine

import (
	"fmt"
	"slices"
)

// CPC Special Activities: Tax, Subvert and Ambush (4.5).

// cpcSAWhere reports whether an Event's narrowing allows a Special Activity
// in space id. The narrowing (where, maxSpaces) belongs to the Operation when
// there is one (deck.md free_op); only a free Special Activity without an
// Operation (o.kind == "", free_sa) is narrowed by it.
func cpcSAWhere(o *opCtx, id SpaceID) bool {
	return o.kind != "" || o.where == nil || o.where(id)
}

// cpcSARoom reports whether the Special Activity may select another space:
// fewer than its own cap (0: any number), narrowed by a free Special
// Activity's maxSpaces.
func cpcSARoom(o *opCtx, own int) bool {
	c := own
	if o.kind == "" && o.maxSpaces > 0 && (c == 0 || o.maxSpaces < c) {
		c = o.maxSpaces
	}
	return c == 0 || len(o.saSpaces) < c
}

// cpcRemoveGuerrillas removes up to n CPC Guerrillas from a space to
// Available, Active ones first, and returns how many were removed.
func cpcRemoveGuerrillas(s *State, id SpaceID, n int) int {
	got := s.removeTo(id, CPCGuerrillaActive, n, &s.Available)
	return got + s.removeTo(id, CPCGuerrilla, n-got, &s.Available)
}

// cpcLosePatronage lowers Patronage by n, never below 0 (1.8).
func cpcLosePatronage(s *State, n int) { s.Patronage = max(0, s.Patronage-n) }

// ---- Tax (4.5.1) ----

// taxSpace: an Underground CPC Guerrilla, and no Sabotage if a LoC.
func taxSpace(r *run, o *opCtx, id SpaceID) bool {
	st := &r.s.Spaces[id]
	return st.Pieces[CPCGuerrilla] > 0 && !(r.m.Spaces[id].IsLoC() && st.Sabotage) &&
		!slices.Contains(o.saSpaces, id) && cpcSAWhere(o, id)
}

func taxCan(r *run, o *opCtx) bool {
	if !cpcSARoom(o, 0) {
		return false
	}
	for i := range r.s.Spaces {
		if taxSpace(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func tax(r *run, o *opCtx) error {
	s := r.s
	for cpcSARoom(o, 0) {
		done := ""
		if len(o.saSpaces) > 0 {
			done = "done: end Tax"
		}
		id, err := r.askSpace(CPC, sayAsked(r, "CPC Tax (+1 Resource per space, %d now): choose a space with an Underground CPC Guerrilla (no Sabotaged LoC)", s.Resources[CPC]), done, func(add func(SpaceID)) {
			for i := range s.Spaces {
				if taxSpace(r, o, SpaceID(i)) {
					add(SpaceID(i))
				}
			}
		})
		if err != nil || id < 0 {
			return err
		}
		o.saSpaces = append(o.saSpaces, id)
		s.activate(id, CPC, 1)
		before := s.Resources[CPC]
		s.addResources(CPC, 1)
		r.note(CPC, "Tax in %s: Activated 1 Guerrilla, CPC Resources %d -> %d.", r.name(id), before, s.Resources[CPC])
	}
	return nil
}

// ---- Subvert (4.5.2) ----

// subvertKinds are the enemy pieces Subvert may remove or replace: anything
// not CPC except JPN Troops.
var subvertKinds = []Piece{JPNPolice, NATTroop, NATGuerrilla, NATGuerrillaActive, NATBase, WLDTroop, WLDBase}

// subvertTarget reports whether an enemy piece of kind k in a space may be
// removed or replaced now: present, and a Base only once no other piece of
// its faction remains there.
func subvertTarget(p *Pieces, k Piece) bool {
	return p[k] > 0 && (!k.Base() || basesLast(p, k.Faction()))
}

func subvertHasTarget(p *Pieces) bool {
	for _, k := range subvertKinds {
		if subvertTarget(p, k) {
			return true
		}
	}
	return false
}

// subvertSpace: an Underground CPC Guerrilla and an enemy piece to affect,
// never Manchukuo (3.1.3; no CPC Guerrilla can be there anyway).
func subvertSpace(r *run, o *opCtx, id SpaceID) bool {
	p := &r.s.Spaces[id].Pieces
	return mayHold(r.m, CPC, id) && p[CPCGuerrilla] > 0 && subvertHasTarget(p) &&
		!slices.Contains(o.saSpaces, id) && cpcSAWhere(o, id)
}

func subvertCan(r *run, o *opCtx) bool {
	if !cpcSARoom(o, 2) {
		return false
	}
	for i := range r.s.Spaces {
		if subvertSpace(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func subvert(r *run, o *opCtx) error {
	s := r.s
	for cpcSARoom(o, 2) {
		done := ""
		if len(o.saSpaces) > 0 {
			done = "done: end Subvert"
		}
		id, err := r.askSpace(CPC, sayAsked(r, "CPC Subvert (up to 2 spaces): choose a space with an Underground CPC Guerrilla and enemy pieces"), done, func(add func(SpaceID)) {
			for i := range s.Spaces {
				if subvertSpace(r, o, SpaceID(i)) {
					add(SpaceID(i))
				}
			}
		})
		if err != nil || id < 0 {
			return err
		}
		o.saSpaces = append(o.saSpaces, id)
		p := &s.Spaces[id].Pieces
		mode, err := r.ask(CPC, sayAsked(r, "Subvert in %s: remove 2 enemy pieces, or replace 1 with a CPC Guerrilla?", r.name(id)), func(c *choiceList) {
			c.add("subvert:remove", "remove 2 enemy pieces")
			if s.canObtain(CPCGuerrilla) {
				c.add("subvert:replace", "replace 1 enemy piece with a CPC Guerrilla")
			}
		})
		if err != nil {
			return err
		}
		target := func(k Piece) bool { return subvertTarget(p, k) }
		if mode == "subvert:remove" {
			// Two pieces if there are two (a Base may become removable
			// once the first piece is gone).
			for i := range 2 {
				if !subvertHasTarget(p) {
					break
				}
				k, err := r.askPiece(CPC, say("Subvert in %s: remove which enemy piece (%d of 2)?", r.name(id), i+1), subvertKinds, target)
				if err != nil {
					return err
				}
				s.removeTo(id, k, 1, &s.Available)
				r.note(CPC, "Subvert in %s: removed 1 %s to Available.", r.name(id), k)
			}
			continue
		}
		k, err := r.askPiece(CPC, say("Subvert in %s: replace which enemy piece with a CPC Guerrilla?", r.name(id)), subvertKinds, target)
		if err != nil {
			return err
		}
		n, err := o.placeOwn(r, id, CPCGuerrilla, 1)
		if err != nil {
			return err
		}
		if n == 0 {
			r.note(CPC, "Subvert in %s: no CPC Guerrilla to replace with; nothing replaced.", r.name(id))
			continue
		}
		s.removeTo(id, k, 1, &s.Available)
		if k.Faction() == NAT {
			before := s.Patronage
			cpcLosePatronage(s, 1)
			r.note(CPC, "Subvert in %s: replaced 1 %s with a CPC Guerrilla; Patronage %d -> %d.", r.name(id), k, before, s.Patronage)
		} else {
			r.note(CPC, "Subvert in %s: replaced 1 %s with a CPC Guerrilla.", r.name(id), k)
		}
	}
	return nil
}

// ---- Ambush (4.5.3) ----

// attackSpaceOK is the condition of 3.3.3 on a space, cost aside: CPC
// Guerrillas and JPN forces, never Manchukuo (3.1.3).
func attackSpaceOK(r *run, id SpaceID) bool {
	p := &r.s.Spaces[id].Pieces
	return mayHold(r.m, CPC, id) && p.Guerrillas(CPC) > 0 && p.JPNCubes() > 0
}

// ambushHere reports whether a space just selected for Attack may be
// Ambushed instead (4.5.3): Ambush may accompany this Attack and has been
// used in fewer than two spaces (and no other Special Activity was chosen),
// and an Underground CPC Guerrilla is there.
func ambushHere(r *run, o *opCtx, id SpaceID) bool {
	if o.inSA || !slices.Contains(o.saKinds, Ambush) || r.s.Spaces[id].Pieces[CPCGuerrilla] == 0 {
		return false
	}
	return o.sa == "" || (o.sa == Ambush && len(o.saSpaces) < 2)
}

// ambushCan is the Special Activity prompt's test. With an Attack, Ambush is
// chosen in the Attack itself, space by space, right after a space is
// selected (ambushHere): every Attack space is resolved at once, so there
// is never a selected unresolved space to offer it for, before, between or
// after the Attack's spaces. A free Ambush without an Operation (an Event)
// takes spaces that could be selected for a free Attack.
func ambushCan(r *run, o *opCtx) bool {
	if o.kind != "" || !cpcSARoom(o, 2) {
		return false
	}
	for i := range r.s.Spaces {
		if ambushFreeSpace(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func ambushFreeSpace(r *run, o *opCtx, id SpaceID) bool {
	return attackSpaceOK(r, id) && r.s.Spaces[id].Pieces[CPCGuerrilla] > 0 &&
		!slices.Contains(o.saSpaces, id) && cpcSAWhere(o, id)
}

// ambushFree is a free Ambush granted by an Event (5.5): up to two spaces,
// each "as if selected for a free Attack".
func ambushFree(r *run, o *opCtx) error {
	if o.kind != "" {
		return fmt.Errorf("engine: Ambush with %s is chosen in the Attack's spaces", o.kind)
	}
	for cpcSARoom(o, 2) {
		done := ""
		if len(o.saSpaces) > 0 {
			done = "done: end Ambush"
		}
		id, err := r.askSpace(CPC, sayAsked(r, "CPC free Ambush (up to 2 spaces): choose a space with an Underground CPC Guerrilla and JPN forces"), done, func(add func(SpaceID)) {
			for i := range r.s.Spaces {
				if ambushFreeSpace(r, o, SpaceID(i)) {
					add(SpaceID(i))
				}
			}
		})
		if err != nil || id < 0 {
			return err
		}
		o.saSpaces = append(o.saSpaces, id)
		if err := ambushSpace(r, id); err != nil {
			return err
		}
	}
	return nil
}

// ambushSpace resolves an Ambush instead of the usual Attack (4.5.3):
// Activate one Underground Guerrilla, no roll, remove 1 JPN cube to
// Casualties; for a JPN Troop, remove a CPC Guerrilla and Patronage -1.
func ambushSpace(r *run, id SpaceID) error {
	s := r.s
	p := &s.Spaces[id].Pieces
	s.activate(id, CPC, 1)
	k, err := r.askPiece(CPC, say("Ambush in %s: remove which JPN cube?", r.name(id)), []Piece{JPNTroop, JPNPolice}, func(k Piece) bool { return p[k] > 0 })
	if err != nil {
		return err
	}
	s.removeTo(id, k, 1, &s.Casualties)
	if k != JPNTroop {
		r.note(CPC, "Ambush in %s: Activated 1 Guerrilla and removed 1 JPN Police to Casualties.", r.name(id))
		return nil
	}
	lost := cpcRemoveGuerrillas(s, id, 1)
	before := s.Patronage
	cpcLosePatronage(s, 1)
	r.note(CPC, "Ambush in %s: Activated 1 Guerrilla and removed 1 JPN Troop to Casualties; %d CPC Guerrilla removed to Available; Patronage %d -> %d.", r.name(id), lost, before, s.Patronage)
	return nil
}
