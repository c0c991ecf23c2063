package engine

// The Event step that flips Guerrillas Active or Underground (deck.md §4.2).

// evFlip flips Guerrillas Active or Underground (flip).
type evFlip struct {
	kinds   []Piece // the kinds flipped (their current side)
	active  bool    // to Active (else Underground)
	count   int     // 0: all
	upTo    bool
	where   *evRef
	chooser evWho
}

// readFlip reads a flip step.
func (x *evStepReader) readFlip() evStep {
	p, obj := x.p, x.obj
	ws, _ := p.factions(x.path, "faction", obj["faction"], true, false)
	st := &evFlip{count: p.count(x.path, "count", obj["count"], true), upTo: x.upTo(), chooser: x.chooser()}
	to, _ := obj["to"].(string)
	if to != "active" && to != "underground" {
		p.errf(x.path, "to", "must be active or underground, got %s", evShow(obj["to"]))
	}
	st.active = to == "active"
	for _, f := range evWhoFactions(ws) {
		u, a, ok := guerrillaKinds(f)
		if !ok {
			p.errf(x.path, "faction", "%s has no Guerrillas to flip", f)
			continue
		}
		if st.active {
			st.kinds = append(st.kinds, u)
		} else {
			st.kinds = append(st.kinds, a)
		}
	}
	var set evSet
	st.where, set = p.ref(x.path, "where", obj["where"], x.sc)
	x.nonEmpty("where", set)
	return st
}

// exec executes flip.
func (st *evFlip) exec(r *run, e *evEnv) error {
	s, who := r.s, e.who(st.chooser)
	where := e.resolve(r, st.where)
	flip := func(id SpaceID, k Piece, n int) {
		to := k - 1
		if st.active {
			to = k + 1
		}
		s.Spaces[id].Pieces[k] -= int16(n)
		s.Spaces[id].Pieces[to] += int16(n)
		side := evIf(st.active, "Active", "Underground")
		r.note(who, "#%d: flipped %d %s Guerrillas in %s to %s.", e.card.Number, n, k.Faction(), r.name(id), side)
	}
	most := func() int {
		n := 0
		where.each(func(id SpaceID) {
			for _, k := range st.kinds {
				n += s.Spaces[id].Pieces.N(k)
			}
		})
		return n
	}
	total := most()
	target := total
	if st.count > 0 {
		target = min(st.count, total)
	}
	if target == 0 {
		return nil
	}
	if !st.upTo && target == total {
		where.each(func(id SpaceID) {
			for _, k := range st.kinds {
				if n := s.Spaces[id].Pieces.N(k); n > 0 {
					flip(id, k, n)
				}
			}
		})
		return nil
	}
	done := 0
	for done < target {
		rem := min(target-done, most())
		cands := evSpacesWhere(where, func(id SpaceID) bool {
			for _, k := range st.kinds {
				if s.Spaces[id].Pieces[k] > 0 {
					return true
				}
			}
			return false
		})
		if rem <= 0 || cands == 0 {
			break
		}
		id, err := evAskSpace(r, who, sayAsked(r, "#%d %s: %s flips Guerrillas (%d to flip%s): in which space?", e.card.Number, e.card.Title, who, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "flip no more"), evAddSet(cands))
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		k, err := r.askPiece(who, say("#%d %s: flip which Guerrillas in %s?", e.card.Number, e.card.Title, r.name(id)), st.kinds, func(k Piece) bool { return s.Spaces[id].Pieces[k] > 0 })
		if err != nil {
			return err
		}
		lo := 1
		if !st.upTo {
			lo = max(1, rem-(most()-s.Spaces[id].Pieces.N(k)))
		}
		n, err := r.askCount(who, sayAsked(r, "#%d %s: flip how many %s in %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, min(rem, s.Spaces[id].Pieces.N(k)))
		if err != nil {
			return err
		}
		flip(id, k, n)
		done += n
	}
	return nil
}
