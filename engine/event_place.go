package engine

import (
	"slices"
)

// Event steps that put pieces on the map: place, from a box, and replace,
// one piece for another (deck.md §4.2).

// evPlace places pieces from a box in spaces of where (place).
type evPlace struct {
	f       Faction
	piece   Piece
	count   int
	upTo    bool
	where   *evRef
	from    evBox
	chooser evWho
}

// readPlace reads a place step.
func (x *evStepReader) readPlace() evStep {
	p, obj := x.p, x.obj
	f := x.one("faction")
	ts, _ := p.pieceTypes(x.path, "piece", obj["piece"], false, false)
	prs := p.pairs(x.path, "piece", []Faction{f}, ts)
	st := &evPlace{f: f, count: p.count(x.path, "count", obj["count"], false), upTo: x.upTo(), chooser: x.chooser()}
	if len(prs) == 1 {
		st.piece = evPieceKinds(prs[0], "")[0]
	} else if len(ts) == 1 {
		// pairs reported the bad pair
		st.piece = JPNTroop
	}
	if v, ok := obj["from"]; ok {
		st.from = p.box(x.path, "from", v, prs)
	}
	var set evSet
	st.where, set = p.ref(x.path, "where", obj["where"], x.sc)
	x.nonEmpty("where", set)
	if len(ts) == 1 && ts[0] == "base" && set != 0 && p.where(set, (*Space).IsProvince) == 0 {
		p.errf(x.path, "where", "Bases may be placed only in Provinces")
	}
	if f != JPN && set != 0 && p.where(set, func(sp *Space) bool { return !sp.JPNOnly }) == 0 {
		p.errf(x.path, "where", "only JPN pieces may enter Manchukuo")
	}
	return st
}

// exec executes place: as many as the box and the stacking limits allow
// (5.1.3), spread as the chooser decides.
func (st *evPlace) exec(r *run, e *evEnv) error {
	s, who, k := r.s, e.who(st.chooser), boxKind(st.piece)
	box := s.evBox(st.from)
	where := e.resolve(r, st.where)
	room := func(id SpaceID) int {
		if !mayHold(r.m, k.Faction(), id) {
			return 0
		}
		if k.Base() {
			if !r.m.Spaces[id].IsProvince() {
				return 0
			}
			return max(0, 2-s.Spaces[id].Pieces.Bases())
		}
		return st.count
	}
	totalRoom := func() int {
		n := 0
		where.each(func(id SpaceID) { n += room(id) })
		return n
	}
	target := min(st.count, box.N(k), totalRoom())
	if target == 0 {
		r.note(e.f, "#%d: no %s can be placed (none in %s or no room).", e.card.Number, k, st.from)
		return nil
	}
	placed := 0
	for placed < target {
		rem := min(target-placed, box.N(k), totalRoom())
		cands := evSpacesWhere(where, func(id SpaceID) bool { return room(id) > 0 })
		if rem <= 0 || cands == 0 {
			break
		}
		var id SpaceID
		lo := 1
		if st.upTo && cands.count() == 1 {
			id, lo = cands.first(), 0
		} else {
			var err error
			id, err = evAskSpace(r, who, sayAsked(r, "#%d %s: %s places %s (%d to place%s): in which space?", e.card.Number, e.card.Title, who, k, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "place no more"), evAddSet(cands))
			if err != nil {
				return err
			}
			if id < 0 {
				break
			}
		}
		hi := min(rem, room(id))
		if !st.upTo {
			lo = max(1, rem-(totalRoom()-room(id)))
		}
		n, err := r.askCount(who, sayAsked(r, "#%d %s: place how many %s in %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, hi)
		if err != nil {
			return err
		}
		if n == 0 {
			break
		}
		box[k] -= int16(n)
		s.Spaces[id].Pieces[k] += int16(n)
		placed += n
		r.note(who, "#%d: %s placed %d %s in %s (from %s).", e.card.Number, who, n, k, r.name(id), st.from)
	}
	return nil
}

// evReplace replaces pieces on the map with pieces from Available (replace).
type evReplace struct {
	kinds   []Piece
	place   Piece
	count   int // 0: all
	upTo    bool
	where   *evRef
	chooser evWho
}

// readReplace reads a replace step.
func (x *evStepReader) readReplace() evStep {
	p, obj := x.p, x.obj
	st := &evReplace{count: p.count(x.path, "count", obj["count"], true), upTo: x.upTo(), chooser: x.chooser()}
	for _, key := range []string{"remove", "place"} {
		spec, ok := obj[key].(map[string]any)
		if !ok || spec["faction"] == nil || spec["piece"] == nil {
			p.errf(x.path, key, "must be {faction, piece}")
			return nil
		}
		allowed := []string{"faction", "piece"}
		if key == "remove" {
			allowed = append(allowed, "state")
		}
		for _, k := range slices.Sorted(evMapKeys(spec)) {
			if !slices.Contains(allowed, k) {
				p.errf(x.path, key, "unknown key %q", k)
			}
		}
		ws, _ := p.factions(x.path, key+".faction", spec["faction"], false, false)
		ts, _ := p.pieceTypes(x.path, key+".piece", spec["piece"], false, key == "remove")
		prs := p.pairs(x.path, key+".piece", evWhoFactions(ws), ts)
		if key == "remove" {
			state := ""
			if v, ok := spec["state"]; ok {
				state, _ = v.(string)
				if state != "active" && state != "underground" {
					p.errf(x.path, "remove.state", "%s is not a state (active, underground)", evShow(v))
					state = ""
				}
			}
			st.kinds = evKindsOf(prs, state)
		} else if len(prs) == 1 {
			st.place = evPieceKinds(prs[0], "")[0]
		}
	}
	var set evSet
	st.where, set = p.ref(x.path, "where", obj["where"], x.sc)
	x.nonEmpty("where", set)
	return st
}

// takes is how many pieces of kind k in a space may be replaced now.
func (st *evReplace) takes(r *run, id SpaceID, k Piece) int {
	p := &r.s.Spaces[id].Pieces
	pk := boxKind(st.place)
	if !mayHold(r.m, pk.Faction(), id) || (pk.Base() && !r.m.Spaces[id].IsProvince()) {
		return 0
	}
	if pk.Base() && !k.Base() {
		return min(p.N(k), max(0, 2-p.Bases()))
	}
	return p.N(k)
}

// capacity is how many replacements a space allows in all (stacking).
func (st *evReplace) capacity(r *run, id SpaceID) int {
	p := &r.s.Spaces[id].Pieces
	nonBase, bases := 0, 0
	for _, k := range st.kinds {
		if k.Base() {
			bases += st.takes(r, id, k)
		} else {
			nonBase += p.N(k)
		}
	}
	if pk := boxKind(st.place); pk.Base() {
		if !r.m.Spaces[id].IsProvince() || !mayHold(r.m, pk.Faction(), id) {
			return 0
		}
		nonBase = min(nonBase, max(0, 2-p.Bases()))
	} else if !mayHold(r.m, pk.Faction(), id) {
		return 0
	}
	return nonBase + bases
}

// exec executes replace: every replacement respects stacking and the pieces
// Available.
func (st *evReplace) exec(r *run, e *evEnv) error {
	s, who, pk := r.s, e.who(st.chooser), boxKind(st.place)
	where := e.resolve(r, st.where)
	most := func() int {
		n := 0
		where.each(func(id SpaceID) { n += st.capacity(r, id) })
		return min(n, s.Available.N(pk))
	}
	target := most()
	if st.count > 0 {
		target = min(st.count, target)
	}
	if target == 0 {
		r.note(e.f, "#%d: nothing can be replaced (no matching pieces or no %s Available).", e.card.Number, pk)
		return nil
	}
	done := 0
	for done < target {
		rem := min(target-done, most())
		cands := evSpacesWhere(where, func(id SpaceID) bool { return st.capacity(r, id) > 0 })
		if rem <= 0 || cands == 0 {
			break
		}
		id, err := evAskSpace(r, who, sayAsked(r, "#%d %s: %s replaces pieces with %s (%d to replace%s): in which space?", e.card.Number, e.card.Title, who, pk, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "replace no more"), evAddSet(cands))
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		k, err := r.askPiece(who, say("#%d %s: replace which pieces in %s?", e.card.Number, e.card.Title, r.name(id)), st.kinds, func(k Piece) bool { return st.takes(r, id, k) > 0 })
		if err != nil {
			return err
		}
		lo := 1
		if !st.upTo {
			capSum := 0
			where.each(func(id SpaceID) { capSum += st.capacity(r, id) })
			lo = max(1, rem-(capSum-st.takes(r, id, k)))
		}
		n, err := r.askCount(who, sayAsked(r, "#%d %s: replace how many %s in %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, min(rem, st.takes(r, id, k)))
		if err != nil {
			return err
		}
		s.removeTo(id, k, n, &s.Available)
		s.place(id, pk, n)
		done += n
		r.note(who, "#%d: replaced %d %s with %s in %s.", e.card.Number, n, k, pk, r.name(id))
	}
	return nil
}
