package engine

import (
	"slices"
	"strings"
)

// The Event interpreter: it executes a card side's steps (deck.md §2, §4)
// inside the decision contract. Every choice the text leaves open is an ask
// with exactly the legal choices; a step does what can be done (5.1.3, E3)
// and never breaks the limits of 5.1.1 (E4).

// EventElig is an eligibility effect of an Event on the current card
// (deck.md §4.5 "eligibility").
type EventElig uint8

const (
	// EventEligNone: no Event has changed the faction's eligibility.
	EventEligNone EventElig = iota
	// EventEligStays: Eligible at the next adjustment whatever it did.
	EventEligStays
	// EventEligIneligible: Ineligible at once, and at the next adjustment.
	EventEligIneligible
)

// evEnv is an Event being executed.
type evEnv struct {
	f    Faction // the executing faction ("self")
	card *Card
	flag string // the side's CAPABILITY or MOMENTUM flag
	vars []evVar
}

type evVar struct {
	name string
	set  evSet
}

func (e *evEnv) who(w evWho) Faction {
	if w == evSelf {
		return e.f
	}
	return Faction(w)
}

func (e *evEnv) bind(name string, set evSet) {
	for i := range e.vars {
		if e.vars[i].name == name {
			e.vars[i].set = set
			return
		}
	}
	e.vars = append(e.vars, evVar{name, set})
}

// lookup is a bound set; a name bound only inside a loop that never ran
// denotes no space.
func (e *evEnv) lookup(name string) evSet {
	for _, v := range e.vars {
		if v.name == name {
			return v.set
		}
	}
	return 0
}

// runEvent executes one side of the current card for faction f: "unshaded",
// "shaded", or "" for a single-text card.
func runEvent(r *run, f Faction, card *Card, side string) error {
	cs := &card.Unshaded
	label := "Event"
	switch side {
	case "shaded":
		cs, label = card.Shaded, "shaded Event"
	case "unshaded":
		label = "unshaded Event"
	}
	r.note(f, "%s executes the %s of #%d %s: %s", f, label, card.Number, card.Title, cs.Text)
	e := &evEnv{f: f, card: card, flag: cs.Flag}
	return e.run(r, cs.prog)
}

func (e *evEnv) run(r *run, steps []evStep) error {
	for _, st := range steps {
		if err := st.exec(r, e); err != nil {
			return err
		}
	}
	return nil
}

// resolve is the set of spaces a reference denotes now.
func (e *evEnv) resolve(r *run, ref *evRef) evSet {
	switch {
	case ref == nil:
		return 0
	case ref.isName:
		return evOne(ref.name)
	case ref.filter == nil:
		return e.lookup(ref.v)
	}
	return e.eval(r, ref.filter)
}

// eval is the set of spaces matching a filter now (deck.md §3).
func (e *evEnv) eval(r *run, f *evFilter) evSet {
	var adj, in, notIn, anyOf evSet
	for _, ref := range f.adjacentTo {
		adj |= e.resolve(r, ref)
	}
	if f.in != "" {
		in = e.lookup(f.in)
	}
	for _, n := range f.notIn {
		notIn |= e.lookup(n)
	}
	for _, sf := range f.anyOf {
		anyOf |= e.eval(r, sf)
	}
	var out evSet
	for i := range r.m.Spaces {
		id := SpaceID(i)
		if evKindMask(&r.m.Spaces[i])&f.kinds == 0 ||
			(f.hasNames && !f.names.has(id)) || f.notNames.has(id) ||
			(f.in != "" && !in.has(id)) || notIn.has(id) ||
			(len(f.anyOf) > 0 && !anyOf.has(id)) ||
			(len(f.adjacentTo) > 0 && !evAdjacentTo(r.m, id, adj)) ||
			!f.matchSpace(r, id) {
			continue
		}
		out = out.add(id)
	}
	return out
}

func evKindMask(sp *Space) uint8 {
	switch {
	case sp.IsProvince():
		return evKindProvince
	case sp.IsLoC():
		return evKindLoC
	case sp.Enterable:
		return evKindManchukuo
	}
	return 0
}

func evAdjacentTo(m *Map, id SpaceID, targets evSet) bool {
	for _, a := range m.Spaces[id].Adj {
		if targets.has(a) {
			return true
		}
	}
	return false
}

func evTri(t int8, v bool) bool { return t == 0 || (t == 1) == v }

// matchSpace checks the keys that read the space and its state.
func (f *evFilter) matchSpace(r *run, id SpaceID) bool {
	sp, st := &r.m.Spaces[id], &r.s.Spaces[id]
	if (f.provOnly && !sp.IsProvince()) || (f.locOnly && !sp.IsLoC()) {
		return false
	}
	if (f.rough != 0 && sp.Rough != (f.rough == 1)) || !evTri(f.coastal, sp.Coastal) ||
		(f.popMin >= 0 && sp.Pop < f.popMin) || (f.popMax >= 0 && sp.Pop > f.popMax) ||
		(f.econMin >= 0 && sp.Econ < f.econMin) || (f.river != 0 && sp.River != (f.river == 1)) {
		return false
	}
	if f.hasSupport && f.support&(1<<(st.Support+1)) == 0 {
		return false
	}
	if f.hasControl && f.control&(1<<r.s.ControlOf(r.m, id)) == 0 {
		return false
	}
	if !evTri(f.terror, st.Terror) || !evTri(f.sabotage, st.Sabotage) || (f.flooded != 0 && !evTri(f.flooded, r.s.Flooded(r.m, id))) {
		return false
	}
	for _, pc := range f.pieces {
		n := 0
		for _, k := range pc.kinds {
			n += st.Pieces[k]
		}
		if n < pc.min || (pc.max >= 0 && n > pc.max) {
			return false
		}
	}
	return true
}

// box is an off-map box of the state.
func (s *State) evBox(b evBox) *Pieces {
	switch b {
	case evCasualties:
		return &s.Casualties
	case evOutOfPlay:
		return &s.OutOfPlay
	}
	return &s.Available
}

// evNames lists the spaces of a set, for the log.
func evNames(m *Map, set evSet) string {
	var names []string
	set.each(func(id SpaceID) { names = append(names, m.Spaces[id].Name) })
	if len(names) == 0 {
		return "no space"
	}
	return strings.Join(names, ", ")
}

// evSpacesWhere is the set of spaces of from for which ok holds.
func evSpacesWhere(from evSet, ok func(SpaceID) bool) evSet {
	var out evSet
	from.each(func(id SpaceID) {
		if ok(id) {
			out = out.add(id)
		}
	})
	return out
}

// evAskSpace asks for the space of an Event's next effect: a point where
// voluntary transfers may be made (1.5.2), as at an Operation's space
// selection.
func evAskSpace(r *run, f Faction, q text, done string, gen func(add func(SpaceID))) (SpaceID, error) {
	r.openForTransfers = true
	return r.askSpace(f, q, done, gen)
}

func evAddSet(set evSet) func(add func(SpaceID)) {
	return func(add func(SpaceID)) { set.each(add) }
}

// evIf is a if cond, else b.
func evIf(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

func evUpToDone(upTo bool, label string) string {
	if upTo {
		return label
	}
	return ""
}

// ---------------------------------------------------------------- flow

// ---------------------------------------------------------------- pieces

type evPlace struct {
	f       Faction
	piece   Piece
	count   int
	upTo    bool
	where   *evRef
	from    evBox
	chooser evWho
}

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
	target := min(st.count, box[k], totalRoom())
	if target == 0 {
		r.note(e.f, "#%d: no %s can be placed (none in %s or no room).", e.card.Number, k, st.from)
		return nil
	}
	placed := 0
	for placed < target {
		rem := min(target-placed, box[k], totalRoom())
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
			id, err = evAskSpace(r, who, say("#%d %s: %s places %s (%d to place%s): in which space?", e.card.Number, e.card.Title, who, k, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "place no more"), evAddSet(cands))
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
		n, err := r.askCount(who, say("#%d %s: place how many %s in %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, hi)
		if err != nil {
			return err
		}
		if n == 0 {
			break
		}
		box[k] -= n
		s.Spaces[id].Pieces[k] += n
		placed += n
		r.note(who, "#%d: %s placed %d %s in %s (from %s).", e.card.Number, who, n, k, r.name(id), st.from)
	}
	return nil
}

type evRemove struct {
	kinds     []Piece
	count     int // 0: all
	upTo      bool
	where     *evRef
	to        evBox
	chooser   evWho
	basesLast bool
}

// removable is how many pieces of kind k may be removed from a space now:
// with bases_last a Base only once no other piece of its faction is there.
func (st *evRemove) removable(r *run, id SpaceID, k Piece) int {
	p := &r.s.Spaces[id].Pieces
	if st.basesLast && k.Base() && p.Of(k.Faction()) > p[k] {
		return 0
	}
	return p[k]
}

// eventual is how many matching pieces could be removed from a space in all.
func (st *evRemove) eventual(r *run, id SpaceID) int {
	p := &r.s.Spaces[id].Pieces
	n := 0
	for _, k := range st.kinds {
		if !k.Base() {
			n += p[k]
		}
	}
	for _, k := range st.kinds {
		if !k.Base() {
			continue
		}
		if st.basesLast {
			others := p.Of(k.Faction()) - p[k]
			for _, m := range st.kinds {
				if !m.Base() && m.Faction() == k.Faction() {
					others -= p[m]
				}
			}
			if others > 0 {
				continue
			}
		}
		n += p[k]
	}
	return n
}

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
		id, err := evAskSpace(r, who, say("#%d %s: %s removes pieces (%d to remove%s): from which space?", e.card.Number, e.card.Title, who, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "remove no more"), evAddSet(cands))
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
		n, err := r.askCount(who, say("#%d %s: remove how many %s from %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, min(rem, st.removable(r, id, k)))
		if err != nil {
			return err
		}
		s.removeTo(id, k, n, box)
		removed += n
		r.note(who, "#%d: removed %d %s from %s to %s.", e.card.Number, n, k, r.name(id), st.to)
	}
	return nil
}

type evMove struct {
	kinds    []Piece
	count    int // 0: all
	upTo     bool
	from, to *evRef
	chooser  evWho
}

func (st *evMove) exec(r *run, e *evEnv) error {
	s, who := r.s, e.who(st.chooser)
	from, to := e.resolve(r, st.from), e.resolve(r, st.to)
	// A piece moves one step only: arrivals may not move again.
	var arrived map[SpaceID]*Pieces
	dests := func(o SpaceID, k Piece) evSet {
		return evSpacesWhere(to, func(d SpaceID) bool {
			return d != o && r.m.Adjacent(o, d) && mayHold(r.m, k.Faction(), d) && !(k.Cube() && s.Flooded(r.m, d))
		})
	}
	movable := func(o SpaceID, k Piece) int {
		n := s.Spaces[o].Pieces[k]
		if a := arrived[o]; a != nil {
			n -= a[k]
		}
		if n <= 0 || dests(o, k) == 0 {
			return 0
		}
		return n
	}
	most := func() int {
		n := 0
		from.each(func(o SpaceID) {
			for _, k := range st.kinds {
				n += movable(o, k)
			}
		})
		return n
	}
	target := most()
	if st.count > 0 {
		target = min(st.count, target)
	}
	if target == 0 {
		r.note(e.f, "#%d: no matching pieces can move.", e.card.Number)
		return nil
	}
	moved := 0
	for moved < target {
		rem := min(target-moved, most())
		origins := evSpacesWhere(from, func(o SpaceID) bool {
			for _, k := range st.kinds {
				if movable(o, k) > 0 {
					return true
				}
			}
			return false
		})
		if rem <= 0 || origins == 0 {
			break
		}
		o, err := evAskSpace(r, who, say("#%d %s: %s moves pieces (%d to move%s): from which space?", e.card.Number, e.card.Title, who, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "move no more"), evAddSet(origins))
		if err != nil {
			return err
		}
		if o < 0 {
			break
		}
		k, err := r.askPiece(who, say("#%d %s: move which pieces from %s?", e.card.Number, e.card.Title, r.name(o)), st.kinds, func(k Piece) bool { return movable(o, k) > 0 })
		if err != nil {
			return err
		}
		d, err := r.askSpace(who, say("#%d %s: move %s from %s to which adjacent space?", e.card.Number, e.card.Title, k, r.name(o)), "", evAddSet(dests(o, k)))
		if err != nil {
			return err
		}
		n, err := r.askCount(who, say("#%d %s: move how many %s from %s to %s?", e.card.Number, e.card.Title, k, r.name(o), r.name(d)), 1, min(rem, movable(o, k)))
		if err != nil {
			return err
		}
		s.relocate(o, d, k, n)
		if arrived == nil {
			arrived = map[SpaceID]*Pieces{}
		}
		if arrived[d] == nil {
			arrived[d] = &Pieces{}
		}
		arrived[d][k] += n
		moved += n
		r.note(who, "#%d: moved %d %s from %s to %s.", e.card.Number, n, k, r.name(o), r.name(d))
	}
	return nil
}

type evReplace struct {
	kinds   []Piece
	place   Piece
	count   int // 0: all
	upTo    bool
	where   *evRef
	chooser evWho
}

// takes is how many pieces of kind k in a space may be replaced now.
func (st *evReplace) takes(r *run, id SpaceID, k Piece) int {
	p := &r.s.Spaces[id].Pieces
	pk := boxKind(st.place)
	if !mayHold(r.m, pk.Faction(), id) || (pk.Base() && !r.m.Spaces[id].IsProvince()) {
		return 0
	}
	if pk.Base() && !k.Base() {
		return min(p[k], max(0, 2-p.Bases()))
	}
	return p[k]
}

// capacity is how many replacements a space allows in all (stacking).
func (st *evReplace) capacity(r *run, id SpaceID) int {
	p := &r.s.Spaces[id].Pieces
	nonBase, bases := 0, 0
	for _, k := range st.kinds {
		if k.Base() {
			bases += st.takes(r, id, k)
		} else {
			nonBase += p[k]
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

func (st *evReplace) exec(r *run, e *evEnv) error {
	s, who, pk := r.s, e.who(st.chooser), boxKind(st.place)
	where := e.resolve(r, st.where)
	most := func() int {
		n := 0
		where.each(func(id SpaceID) { n += st.capacity(r, id) })
		return min(n, s.Available[pk])
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
		id, err := evAskSpace(r, who, say("#%d %s: %s replaces pieces with %s (%d to replace%s): in which space?", e.card.Number, e.card.Title, who, pk, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "replace no more"), evAddSet(cands))
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
		n, err := r.askCount(who, say("#%d %s: replace how many %s in %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, min(rem, st.takes(r, id, k)))
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

type evFlip struct {
	kinds   []Piece // the kinds flipped (their current side)
	active  bool    // to Active (else Underground)
	count   int     // 0: all
	upTo    bool
	where   *evRef
	chooser evWho
}

func (st *evFlip) exec(r *run, e *evEnv) error {
	s, who := r.s, e.who(st.chooser)
	where := e.resolve(r, st.where)
	flip := func(id SpaceID, k Piece, n int) {
		to := k - 1
		if st.active {
			to = k + 1
		}
		s.Spaces[id].Pieces[k] -= n
		s.Spaces[id].Pieces[to] += n
		side := evIf(st.active, "Active", "Underground")
		r.note(who, "#%d: flipped %d %s Guerrillas in %s to %s.", e.card.Number, n, k.Faction(), r.name(id), side)
	}
	most := func() int {
		n := 0
		where.each(func(id SpaceID) {
			for _, k := range st.kinds {
				n += s.Spaces[id].Pieces[k]
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
				if n := s.Spaces[id].Pieces[k]; n > 0 {
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
		id, err := evAskSpace(r, who, say("#%d %s: %s flips Guerrillas (%d to flip%s): in which space?", e.card.Number, e.card.Title, who, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "flip no more"), evAddSet(cands))
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
			lo = max(1, rem-(most()-s.Spaces[id].Pieces[k]))
		}
		n, err := r.askCount(who, say("#%d %s: flip how many %s in %s?", e.card.Number, e.card.Title, k, r.name(id)), lo, min(rem, s.Spaces[id].Pieces[k]))
		if err != nil {
			return err
		}
		flip(id, k, n)
		done += n
	}
	return nil
}

type evBoxMove struct {
	piece    Piece
	count    int
	upTo     bool
	from, to evBox
}

func (st *evBoxMove) exec(r *run, e *evEnv) error {
	from, to := r.s.evBox(st.from), r.s.evBox(st.to)
	k := boxKind(st.piece)
	n := min(st.count, from[k])
	if st.upTo && n > 0 {
		var err error
		n, err = r.askCount(e.f, say("#%d %s: move how many %s from %s to %s?", e.card.Number, e.card.Title, k, st.from, st.to), 0, n)
		if err != nil {
			return err
		}
	}
	from[k] -= n
	to[k] += n
	r.note(e.f, "#%d: moved %d %s from %s to %s.", e.card.Number, n, k, st.from, st.to)
	return nil
}

// ---------------------------------------------------------------- markers

type evShift struct {
	where  *evRef
	toward int
	levels int
}

func (st *evShift) exec(r *run, e *evEnv) error {
	e.resolve(r, st.where).each(func(id SpaceID) {
		sp := &r.m.Spaces[id]
		if !sp.IsProvince() || sp.Pop == 0 {
			return
		}
		lvl := &r.s.Spaces[id].Support
		was := *lvl
		for range st.levels {
			switch {
			case *lvl < st.toward:
				*lvl++
			case *lvl > st.toward:
				*lvl--
			}
		}
		if *lvl != was {
			r.note(e.f, "#%d: %s shifted from %s to %s.", e.card.Number, sp.Name, SupportName(was), SupportName(*lvl))
		}
	})
	return nil
}

type evMarker struct {
	marker string
	place  bool
	where  *evRef
}

func (st *evMarker) exec(r *run, e *evEnv) error {
	s := r.s
	where := e.resolve(r, st.where)
	verb := evIf(st.place, "placed", "removed")
	switch st.marker {
	case "terror", "sabotage":
		where.each(func(id SpaceID) {
			sp := &s.Spaces[id]
			flag, ok := &sp.Terror, r.m.Spaces[id].IsProvince()
			if st.marker == "sabotage" {
				flag, ok = &sp.Sabotage, r.m.Spaces[id].IsLoC()
			}
			if ok && *flag != st.place {
				*flag = st.place
				r.note(e.f, "#%d: %s %s in %s.", e.card.Number, strings.ToUpper(st.marker[:1])+st.marker[1:], verb, r.name(id))
			}
		})
	case "floods":
		if !st.place {
			if s.Floods != "" {
				r.note(e.f, "#%d: the Floods marker is removed from %s.", e.card.Number, s.Floods)
			}
			s.Floods = ""
			return nil
		}
		cands := evSpacesWhere(where, func(id SpaceID) bool { return r.m.Spaces[id].IsProvince() })
		if cands == 0 {
			return nil
		}
		id, err := evAskSpace(r, e.f, say("#%d %s: place the Floods marker in which Province?", e.card.Number, e.card.Title), "", evAddSet(cands))
		if err != nil {
			return err
		}
		s.Floods = r.name(id)
		r.note(e.f, "#%d: the Floods marker is placed in %s.", e.card.Number, r.name(id))
	}
	return nil
}

// ---------------------------------------------------------------- tracks

// evTrackOf returns a track's value and its maximum (E4).
func (e *evEnv) track(r *run, t evTrack) (*int, int, string) {
	s := r.s
	switch t.track {
	case "resources":
		f := e.who(t.who)
		return &s.Resources[f], 60, f.String() + " Resources"
	case "commitment":
		return &s.Commitment, 60, "Commitment"
	case "patronage":
		return &s.Patronage, 30, "Patronage"
	case "aid":
		return &s.Aid, 10, "Foreign Aid"
	}
	return &s.AidReset, 10, "Foreign Aid Reset"
}

type evAdjust struct {
	track  evTrack
	amount int
}

func (st *evAdjust) exec(r *run, e *evEnv) error {
	v, hi, name := e.track(r, st.track)
	if st.track.track == "aid" && st.amount > 0 && r.s.HasModifier("burma_road_closed") {
		r.note(e.f, "#%d: Foreign Aid may not increase (Burma Road closed).", e.card.Number)
		return nil
	}
	was := *v
	*v = clamp(*v+st.amount, 0, hi)
	r.note(e.f, "#%d: %s %+d: %d to %d.", e.card.Number, name, st.amount, was, *v)
	return nil
}

type evTransfer struct {
	from, to evTrack
	amount   int
	upTo     bool
}

func (st *evTransfer) exec(r *run, e *evEnv) error {
	from, _, fname := e.track(r, st.from)
	to, hi, tname := e.track(r, st.to)
	n := min(st.amount, *from, hi-*to)
	if st.to.track == "aid" && r.s.HasModifier("burma_road_closed") {
		n = 0
	}
	n = max(0, n)
	if st.upTo && n > 0 {
		var err error
		n, err = r.askCount(e.f, say("#%d %s: transfer how much %s to %s?", e.card.Number, e.card.Title, fname, tname), 0, n)
		if err != nil {
			return err
		}
	}
	*from -= n
	*to += n
	r.note(e.f, "#%d: %d %s transferred to %s.", e.card.Number, n, fname, tname)
	return nil
}

// ---------------------------------------------------------------- sequence and lasting

type evEligibility struct {
	who      evWho
	eligible bool
}

func (st *evEligibility) exec(r *run, e *evEnv) error {
	f := e.who(st.who)
	if st.eligible {
		r.s.EventElig[f] = EventEligStays
		r.note(e.f, "#%d: %s stays Eligible.", e.card.Number, f)
	} else {
		r.s.EventElig[f] = EventEligIneligible
		r.note(e.f, "#%d: %s is Ineligible through the next card.", e.card.Number, f)
	}
	return nil
}

type evFreeOp struct {
	f         Faction
	ops       []OpKind
	where     *evRef
	maxSpaces int
	special   []SAKind
}

// evWhere turns a free Operation's narrowing into a filter, fixed when the
// step begins (E5).
func (e *evEnv) evWhere(r *run, ref *evRef) func(SpaceID) bool {
	if ref == nil {
		return nil
	}
	set := e.resolve(r, ref)
	return set.has
}

func (st *evFreeOp) exec(r *run, e *evEnv) error {
	where := e.evWhere(r, st.where)
	mk := func(k OpKind) *opCtx {
		var sas []SAKind
		for _, sa := range saKindsFor(st.f, k) {
			if slices.Contains(st.special, sa) {
				sas = append(sas, sa)
			}
		}
		return &opCtx{f: st.f, kind: k, free: true, where: where, maxSpaces: st.maxSpaces, saKinds: sas}
	}
	return e.offerFree(r, st.f, "Operation", func(c *choiceList) {
		for _, k := range st.ops {
			if canStart(r, mk(k)) {
				c.add("op:"+string(k), "free "+opLabel(k))
			}
		}
	}, func(ans string) error {
		return runOp(r, mk(OpKind(strings.TrimPrefix(ans, "op:"))))
	})
}

type evFreeSA struct {
	f         Faction
	sas       []SAKind
	where     *evRef
	maxSpaces int
}

func (st *evFreeSA) exec(r *run, e *evEnv) error {
	where := e.evWhere(r, st.where)
	mk := func(k SAKind) *opCtx {
		return &opCtx{f: st.f, free: true, where: where, maxSpaces: st.maxSpaces, saKinds: []SAKind{k}}
	}
	return e.offerFree(r, st.f, "Special Activity", func(c *choiceList) {
		for _, k := range st.sas {
			if d, ok := saDefs[st.f][k]; ok && d.can(r, mk(k)) {
				c.add("sa:"+string(k), "free "+saLabel(k))
			}
		}
	}, func(ans string) error {
		return mk(SAKind(strings.TrimPrefix(ans, "sa:"))).doSA(r, ans)
	})
}

// offerFree offers faction f a free Operation or Special Activity (5.5):
// the choices gen lists, or declining. The chosen one runs with f as the
// executing faction, the one that may give or receive transfers meanwhile
// (1.5.2).
func (e *evEnv) offerFree(r *run, f Faction, what string, gen func(c *choiceList), execute func(ans string) error) error {
	r.openForTransfers = true
	ans, err := r.ask(f, say("#%d %s: %s may execute a free %s", e.card.Number, e.card.Title, f, what), func(c *choiceList) {
		gen(c)
		c.add("decline", "decline the free "+what)
	})
	if err != nil {
		return err
	}
	if ans == "decline" {
		r.note(f, "#%d: %s %s the free %s.", e.card.Number, f, evDeclined(r), what)
		return nil
	}
	prev := r.executor
	r.executor = f
	err = execute(ans)
	r.executor = prev
	return err
}

// evDeclined words the last answer "decline": chosen, or forced because
// nothing else was possible.
func evDeclined(r *run) string {
	if r.pos > 0 && r.trail[r.pos-1].Forced {
		return "cannot execute"
	}
	return "declines"
}

type evLargeOffensive struct{ used bool }

func (st *evLargeOffensive) exec(r *run, e *evEnv) error {
	r.s.LargeOffensiveUsed = st.used
	r.note(e.f, "#%d: the Large Offensive marker is %s.", e.card.Number, evIf(st.used, "used", "available"))
	return nil
}

type evLasting struct{ id string }

func (st *evLasting) exec(r *run, e *evEnv) error {
	list := &r.s.Momentum
	kind := "Momentum (until the next Reset Phase)"
	if e.flag == "CAPABILITY" {
		list, kind = &r.s.Capabilities, "Capability (for the rest of the game)"
	}
	if !slices.Contains(*list, st.id) {
		*list = append(*list, st.id)
		slices.Sort(*list)
	}
	r.note(e.f, "#%d: %s in effect: %s.", e.card.Number, kind, st.id)
	return nil
}

// evStep is one step of an Event's effect.
type evStep interface {
	exec(r *run, e *evEnv) error
}
