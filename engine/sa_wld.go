package engine

import (
	"fmt"
	"strings"
)

// Warlords Special Activities (4.4): Extort, Suborn and Organize.

// ---- 4.4.1 Extort --------------------------------------------------------------

// extortSpace reports whether Extort may select a space: a Province with a
// WLD Base, while WLD Resources can still rise (1.8).
func extortSpace(r *run, id SpaceID) bool {
	return r.m.Spaces[id].IsProvince() && r.s.Spaces[id].Pieces[WLDBase] > 0 && r.s.Resources[WLD] < 60
}

func extortCan(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return extortSpace(r, id) })
}

// extort adds 1 WLD Resource per WLD Base in each of up to three selected
// Provinces (4.4.1).
func extort(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := saPick(r, o, 3, sayAsked(r, "Extort (WLD Resources %d): select a Province with a WLD Base", live(&s.Resources[WLD])), func(id SpaceID) bool {
			return extortSpace(r, id)
		})
		if err != nil || id < 0 {
			return err
		}
		n := s.Spaces[id].Pieces.N(WLDBase)
		s.addResources(WLD, n)
		r.note(WLD, "Extort in %s: +%d Resources for WLD Bases (now %d).", r.name(id), n, s.Resources[WLD])
	}
}

// ---- 4.4.2 Suborn --------------------------------------------------------------

// subornCost is what Suborn charges (before a free Special Activity waives
// it): 1 per piece removed, 2 per piece replaced (the 4.4.2 play note: 2 in
// total), and nothing for JPN Police under Unreliable Puppets (deck.md §5).
func subornCost(r *run, k Piece, replace bool) int {
	if k == JPNPolice && r.s.HasModifier("unreliable_puppets") {
		return 0
	}
	if replace {
		return 2
	}
	return 1
}

// subornNAT lists the NAT pieces Suborn may take from a space: Troops and
// Guerrillas, and Bases only once no NAT Troops or Guerrillas remain.
func subornNAT(p *Pieces, out []Piece) []Piece {
	for _, k := range []Piece{NATTroop, NATGuerrilla, NATGuerrillaActive} {
		if p[k] > 0 {
			out = append(out, k)
		}
	}
	if p.N(NATBase) > 0 && p.N(NATTroop)+p.Guerrillas(NAT) == 0 {
		out = append(out, NATBase)
	}
	return out
}

// subornRemoveIDs and subornReplaceIDs are Suborn's answers removing or
// replacing each kind of piece, built once.
var subornRemoveIDs, subornReplaceIDs = func() (remove, replace [NumPieces]string) {
	for k := range remove {
		remove[k] = "suborn:remove:" + pieceInfo[k].key
		replace[k] = "suborn:replace:" + pieceInfo[k].key
	}
	return remove, replace
}()

// subornChoices lists what Suborn may do next in a space, given whether the
// Police and the NAT piece have been dealt with; neutral is only offered
// before any piece. Each option is affordable (1.8) unless the Special
// Activity is free.
func subornChoices(r *run, o *opCtx, id SpaceID, policeDone, natDone bool, c *choiceList) {
	s, p := r.s, &r.s.Spaces[id].Pieces
	troop := s.canObtain(WLDTroop)
	offer := func(k Piece) {
		if cost := subornCost(r, k, false); o.afford(r, cost) {
			c.addSay(subornRemoveIDs[k], "remove 1 %s to Available (%d Resources)", k, saCost(o, cost))
		}
		if cost := subornCost(r, k, true); troop && o.afford(r, cost) {
			c.addSay(subornReplaceIDs[k], "replace 1 %s with a WLD Troop (%d Resources)", k, saCost(o, cost))
		}
	}
	if !policeDone && p[JPNPolice] > 0 {
		offer(JPNPolice)
	}
	if !natDone {
		var buf [4]Piece
		for _, k := range subornNAT(p, buf[:0]) {
			offer(k)
		}
	}
	if !policeDone && !natDone && r.m.Spaces[id].IsProvince() && s.Spaces[id].Support != Neutral && o.afford(r, 2) {
		c.addSay("suborn:neutral", "set %s to Neutral (%d Resources)", r.name(id), saCost(o, 2))
	}
}

// saCost is what a cost comes to: nothing in a free Special Activity.
func saCost(o *opCtx, n int) int {
	if o.free {
		return 0
	}
	return n
}

// subornSpace reports whether Suborn may select a space: it holds WLD
// pieces and Suborn can do something affordable there. Removing never costs
// more than replacing, so a removal or the Neutral option decides.
func subornSpace(r *run, o *opCtx, id SpaceID) bool {
	p := &r.s.Spaces[id].Pieces
	if p.Of(WLD) == 0 {
		return false
	}
	if p[JPNPolice] > 0 && o.afford(r, subornCost(r, JPNPolice, false)) {
		return true
	}
	var buf [4]Piece
	if len(subornNAT(p, buf[:0])) > 0 && o.afford(r, 1) {
		return true
	}
	return r.m.Spaces[id].IsProvince() && r.s.Spaces[id].Support != Neutral && o.afford(r, 2)
}

func subornCan(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return subornSpace(r, o, id) })
}

// suborn executes Suborn in up to three spaces with WLD pieces (4.4.2).
func suborn(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := saPick(r, o, 3, sayAsked(r, "Suborn (WLD Resources %d): select a space with WLD pieces", live(&s.Resources[WLD])), func(id SpaceID) bool {
			return subornSpace(r, o, id)
		})
		if err != nil || id < 0 {
			return err
		}
		policeDone, natDone := false, false
		for !policeDone || !natDone {
			ans, err := r.ask(WLD, sayAsked(r, "Suborn in %s (WLD Resources %d): which?", r.name(id), s.Resources[WLD]), func(c *choiceList) {
				subornChoices(r, o, id, policeDone, natDone, c)
				if policeDone || natDone {
					c.addSay("done", "done in %s", r.name(id))
				}
			})
			if err != nil {
				return err
			}
			if ans == "done" {
				break
			}
			if ans == "suborn:neutral" {
				o.pay(r, 2)
				s.Spaces[id].Support = Neutral
				r.note(WLD, "Suborn in %s: set to Neutral for %d Resources.", r.name(id), saCost(o, 2))
				break
			}
			act, key, _ := strings.Cut(strings.TrimPrefix(ans, "suborn:"), ":")
			k, ok := pieceByKey(key)
			if !ok || (act != "remove" && act != "replace") {
				return fmt.Errorf("engine: unknown Suborn choice %q", ans)
			}
			replace := act == "replace"
			cost := subornCost(r, k, replace)
			o.pay(r, cost)
			s.removeTo(id, k, 1, &s.Available)
			if k == JPNPolice {
				policeDone = true
			} else {
				natDone = true
			}
			if !replace {
				r.note(WLD, "Suborn in %s: removed 1 %s to Available for %d Resources.", r.name(id), k, saCost(o, cost))
				continue
			}
			if err := subornTroop(r, id); err != nil {
				return err
			}
			r.note(WLD, "Suborn in %s: replaced 1 %s with a WLD Troop for %d Resources.", r.name(id), k, saCost(o, cost))
			if k.Faction() == NAT {
				s.saLosePatronage(1)
				r.note(WLD, "Suborn: a NAT piece replaced, Patronage -1 (now %d).", s.Patronage)
			}
		}
	}
}

// subornTroop puts the replacing WLD Troop into a space: from Available, or
// when none is there from elsewhere on the map (1.4.1; its example shows a
// "replace with Available" taking from the map). Suborn only offers a
// replacement when a WLD Troop can be obtained.
func subornTroop(r *run, id SpaceID) error {
	s := r.s
	if s.place(id, WLDTroop, 1) == 1 {
		return nil
	}
	src, err := r.askSpace(WLD, sayAsked(r, "No WLD Troop Available to replace with in %s: take one from which space?", r.name(id)), "", func(add func(SpaceID)) {
		for i := range s.Spaces {
			if s.Spaces[i].Pieces[WLDTroop] > 0 {
				add(SpaceID(i))
			}
		}
	})
	if err != nil {
		return err
	}
	s.relocate(src, id, WLDTroop, 1)
	r.note(WLD, "WLD took a WLD Troop from %s to replace with in %s (none Available).", r.name(src), r.name(id))
	return nil
}

// ---- 4.4.3 Organize --------------------------------------------------------------

// organizeSpace reports whether Organize may select a space: a Neutral
// Province (neither Support nor Opposition) without NAT Control or Terror,
// with room for a Base (1.4.2), and a WLD Base to place (1.4.1).
func organizeSpace(r *run, id SpaceID) bool {
	st := &r.s.Spaces[id]
	return r.m.Spaces[id].IsProvince() && st.Support == Neutral && !st.Terror &&
		r.s.ControlOf(r.m, id) != NATControl && r.s.baseRoom(r.m, id) && r.s.canObtain(WLDBase)
}

func organizeCan(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return organizeSpace(r, id) })
}

// organize places a total of up to three WLD Bases among up to three
// selected Provinces (4.4.3).
func organize(r *run, o *opCtx) error {
	s := r.s
	placed := 0
	for placed < 3 {
		id, err := saPick(r, o, 3, sayAsked(r, "Organize (%d of 3 Bases placed): select a Neutral Province without NAT Control or Terror", placed), func(id SpaceID) bool {
			return organizeSpace(r, id)
		})
		if err != nil || id < 0 {
			return err
		}
		most := min(3-placed, 2-s.Spaces[id].Pieces.Bases())
		n, err := r.askCount(WLD, sayAsked(r, "Organize in %s: place how many WLD Bases?", r.name(id)), 1, most)
		if err != nil {
			return err
		}
		if n, err = o.placeOwn(r, id, WLDBase, n); err != nil {
			return err
		}
		placed += n
		r.note(WLD, "Organize in %s: placed %d WLD Bases.", r.name(id), n)
	}
	return nil
}
