package engine

// The Event step that removes pieces from the map to a box (deck.md §4.2).

// evRemove removes pieces from spaces of where to a box (remove).
type evRemove struct {
	kinds     []Piece
	count     int // 0: all
	upTo      bool
	where     *evRef
	to        evBox
	chooser   evWho
	basesLast bool
}

// readRemove reads a remove step.
func (x *evStepReader) readRemove() evStep {
	p, obj := x.p, x.obj
	ws, _ := p.factions(x.path, "faction", obj["faction"], true, false)
	ts, _ := p.pieceTypes(x.path, "piece", obj["piece"], true, true)
	prs := p.pairs(x.path, "piece", evWhoFactions(ws), ts)
	st := &evRemove{count: p.count(x.path, "count", obj["count"], true), upTo: x.upTo(), chooser: x.chooser()}
	st.kinds = evKindsOf(prs, x.state("state"))
	if v, ok := obj["to"]; ok {
		st.to = p.box(x.path, "to", v, prs)
	}
	if v, ok := obj["bases_last"]; ok {
		st.basesLast, _ = p.boolean(x.path, "bases_last", v)
	}
	var set evSet
	st.where, set = p.ref(x.path, "where", obj["where"], x.sc)
	x.nonEmpty("where", set)
	return st
}

// removable is how many pieces of kind k may be removed from a space now:
// with bases_last a Base only once no other piece of its faction is there.
func (st *evRemove) removable(r *run, id SpaceID, k Piece) int {
	p := &r.s.Spaces[id].Pieces
	if st.basesLast && k.Base() && p.Of(k.Faction()) > p.N(k) {
		return 0
	}
	return p.N(k)
}

// eventual is how many matching pieces could be removed from a space in all.
func (st *evRemove) eventual(r *run, id SpaceID) int {
	p := &r.s.Spaces[id].Pieces
	n := 0
	for _, k := range st.kinds {
		if !k.Base() {
			n += p.N(k)
		}
	}
	for _, k := range st.kinds {
		if !k.Base() {
			continue
		}
		if st.basesLast {
			others := p.Of(k.Faction()) - p.N(k)
			for _, m := range st.kinds {
				if !m.Base() && m.Faction() == k.Faction() {
					others -= p.N(m)
				}
			}
			if others > 0 {
				continue
			}
		}
		n += p.N(k)
	}
	return n
}

// exec executes remove: all that may go when the count allows it, else as
// the chooser decides, never more than could be removed in all.
func (st *evRemove) exec(r *run, e *evEnv) error {
	s, who := r.s, e.who(st.chooser)
	box := s.evBox(st.to)
	where := e.resolve(r, st.where)
	most := func() int {
		n := 0
		where.each(func(id SpaceID) { n += st.eventual(r, id) })
		return n
	}
	total := most()
	target := total
	if st.count > 0 {
		target = min(st.count, total)
	}
	if target == 0 {
		r.note(e.f, "#%d: no matching pieces to remove.", e.card.Number)
		return nil
	}
	if !st.upTo && target == total {
		// Everything that may go, goes: Bases after the rest.
		for _, bases := range []bool{false, true} {
			where.each(func(id SpaceID) {
				for _, k := range st.kinds {
					if k.Base() == bases {
						if n := s.removeTo(id, k, st.removable(r, id, k), box); n > 0 {
							r.note(who, "#%d: removed %d %s from %s to %s.", e.card.Number, n, k, r.name(id), st.to)
						}
					}
				}
			})
		}
		return nil
	}
	removed := 0
	for removed < target {
		rem := min(target-removed, most())
		cands := evSpacesWhere(where, func(id SpaceID) bool {
			for _, k := range st.kinds {
				if st.removable(r, id, k) > 0 {
					return true
				}
			}
			return false
		})
		if rem <= 0 || cands == 0 {
			break
		}
		id, err := evAskSpace(r, who, sayAsked(r, "#%d %s: %s removes pieces (%d to remove%s): from which space?", e.card.Number, e.card.Title, who, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "remove no more"), evAddSet(cands))
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		k, err := r.askPiece(who, say("#%d %s: remove which pieces from %s?", e.card.Number, e.card.Title, r.name(id)), st.kinds, func(k Piece) bool { return st.removable(r, id, k) > 0 })
		if err != nil {
			return err
		}
		// Taking fewer here only to come back later gives the same result:
		// the lower bound leaves no more than the other pieces can cover.
		lo := 1
		if !st.upTo {
			lo = max(1, rem-(most()-st.removable(r, id, k)))
		}
		n, err := r.askCount(who, sayAsked(r, "#%d %s: remove how many %s from %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, min(rem, st.removable(r, id, k)))
		if err != nil {
			return err
		}
		s.removeTo(id, k, n, box)
		removed += n
		r.note(who, "#%d: removed %d %s from %s to %s.", e.card.Number, n, k, r.name(id), st.to)
	}
	return nil
}
