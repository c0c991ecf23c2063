package engine

import (
	"slices"
)

// Event steps that move pieces: between adjacent spaces, and between
// off-map boxes (deck.md §4.2).

// evMove moves pieces from spaces of from into adjacent spaces of to (move).
type evMove struct {
	kinds    []Piece
	count    int // 0: all
	upTo     bool
	from, to *evRef
	chooser  evWho
}

// readMove reads a move step.
func (x *evStepReader) readMove() evStep {
	p, obj := x.p, x.obj
	ws, _ := p.factions(x.path, "faction", obj["faction"], true, false)
	ts, _ := p.pieceTypes(x.path, "piece", obj["piece"], true, true)
	if slices.Contains(ts, "base") && obj["piece"] != "any" {
		p.errf(x.path, "piece", "Bases never move")
	}
	ts = slices.DeleteFunc(slices.Clone(ts), func(t string) bool { return t == "base" })
	prs := p.pairs(x.path, "piece", evWhoFactions(ws), ts)
	st := &evMove{count: p.count(x.path, "count", obj["count"], true), upTo: x.upTo(), chooser: x.chooser()}
	st.kinds = evKindsOf(prs, x.state("state"))
	var src, dst evSet
	st.from, src = p.ref(x.path, "from", obj["from"], x.sc)
	st.to, dst = p.ref(x.path, "to", obj["to"], x.sc)
	if src != 0 && dst != 0 {
		adj := false
		src.each(func(a SpaceID) {
			for _, b := range p.m.Spaces[a].Adj {
				if dst.has(b) {
					adj = true
				}
			}
		})
		if !adj {
			p.errf(x.path, "to", "no space of from is adjacent to a space of to")
		}
	}
	return st
}

// exec executes move: each piece moves one step at most.
func (st *evMove) exec(r *run, e *evEnv) error {
	s, who := r.s, e.who(st.chooser)
	from, to := e.resolve(r, st.from), e.resolve(r, st.to)
	// A piece moves one step only: arrivals may not move again. A Flooded
	// space is open: the current Event takes precedence over the Floods of
	// an earlier one (5.1.2, ruling E9).
	var arrived map[SpaceID]*Pieces
	dests := func(o SpaceID, k Piece) evSet {
		return evSpacesWhere(to, func(d SpaceID) bool {
			return d != o && r.m.Adjacent(o, d) && mayHold(r.m, k.Faction(), d)
		})
	}
	movable := func(o SpaceID, k Piece) int {
		n := s.Spaces[o].Pieces.N(k)
		if a := arrived[o]; a != nil {
			n -= a.N(k)
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
		o, err := evAskSpace(r, who, sayAsked(r, "#%d %s: %s moves pieces (%d to move%s): from which space?", e.card.Number, e.card.Title, who, rem, evIf(st.upTo, ", up to", "")), evUpToDone(st.upTo, "move no more"), evAddSet(origins))
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
		d, err := r.askSpace(who, sayAsked(r, "#%d %s: move %s from %s to which adjacent space?", e.card.Number, e.card.Title, k, r.name(o)), "", evAddSet(dests(o, k)))
		if err != nil {
			return err
		}
		n, err := r.askCount(who, sayAsked(r, "#%d %s: move how many %s from %s to %s?", e.card.Number, e.card.Title, k, r.name(o), r.name(d)), 1, min(rem, movable(o, k)))
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
		arrived[d][k] += int16(n)
		moved += n
		r.note(who, "#%d: moved %d %s from %s to %s.", e.card.Number, n, k, r.name(o), r.name(d))
	}
	return nil
}

// evBoxMove moves pieces between two off-map boxes (box_move).
type evBoxMove struct {
	piece    Piece
	count    int
	upTo     bool
	from, to evBox
}

// readBoxMove reads a box_move step.
func (x *evStepReader) readBoxMove() evStep {
	p, obj := x.p, x.obj
	f := x.one("faction")
	ts, _ := p.pieceTypes(x.path, "piece", obj["piece"], false, false)
	prs := p.pairs(x.path, "piece", []Faction{f}, ts)
	st := &evBoxMove{count: p.count(x.path, "count", obj["count"], false), upTo: x.upTo()}
	if len(prs) == 1 {
		st.piece = evPieceKinds(prs[0], "")[0]
	}
	st.from = p.box(x.path, "from", obj["from"], prs)
	st.to = p.box(x.path, "to", obj["to"], prs)
	if obj["from"] == obj["to"] {
		p.errf(x.path, "to", "from and to are the same box")
	}
	return st
}

// exec executes box_move.
func (st *evBoxMove) exec(r *run, e *evEnv) error {
	from, to := r.s.evBox(st.from), r.s.evBox(st.to)
	k := boxKind(st.piece)
	n := min(st.count, from.N(k))
	if st.upTo && n > 0 {
		var err error
		n, err = r.askCount(e.f, sayAsked(r, "#%d %s: move how many %s from %s to %s?", e.card.Number, e.card.Title, k, st.from, st.to), 0, n)
		if err != nil {
			return err
		}
	}
	from[k] -= int16(n)
	to[k] += int16(n)
	r.note(e.f, "#%d: moved %d %s from %s to %s.", e.card.Number, n, k, st.from, st.to)
	return nil
}
