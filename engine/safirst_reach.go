package engine

import "errors"

// What a Special Activity done first cannot do, found without running it.
//
// Before a search runs a Special Activity over its possible answers (from
// its start, or for Deploy from any point of it), the pairs whose search is
// the longest ask a cheap question: could any way of executing it leave
// the Operation a space? Transport (4.2.2, 4.3.2) and
// Deploy (4.2.1) only move the faction's own Troops, and an Assault (3.2.5)
// needs them in a space whose enemies they can target; the rest of what
// that space needs (no Floods, the targets, the cost, which Transport's toll
// only raises) they leave as it is. So when no space the Troops are in or
// could reach would do, no execution can open the Assault, and the search,
// which would try every walk only to find none (often running out of budget
// first), is not run: it finds nothing either way.

// mayOpen reports whether some execution of the Special Activity, given
// the answers path[:n], could leave the Operation a space. It is false only
// where none can. Transport is judged before its first answer only; Deploy,
// whose reach does not depend on its answers so far but through the
// Provinces it has selected, at any point.
func (p *saProbe) mayOpen(n int) bool {
	if p.o.kind != Assault {
		return true
	}
	var reach func(r *run, o *opCtx, into []bool)
	switch {
	case n == 0 && p.kind == Transport && p.o.f == JPN:
		reach = jpnTransportRules.reach
	case n == 0 && p.kind == Transport && p.o.f == NAT:
		reach = natTransportRules.reach
	case p.kind == Deploy && p.o.f == JPN:
		reach = deployReach
	default:
		return true
	}
	r, o := &p.r, &p.cur
	if n == 0 {
		p.scratch.copyFrom(&p.start)
		*r = run{s: &p.scratch, m: p.m, d: p.d, choices: choiceList{list: r.choices.list, bare: true}, addSpace: r.addSpace, probing: true, asked: &p.question}
		*o = p.o
	} else if err := p.runAt(n); !errors.Is(err, errAwait) || !r.waiting {
		return true // it ended or failed there: the search sees that at once
	}
	into := make([]bool, len(p.m.Spaces))
	reach(r, o, into)
	troop := movablePiece(o.f)
	for i := range p.scratch.Spaces {
		n := &p.scratch.Spaces[i].Pieces[troop]
		if *n == 0 && !into[i] {
			continue
		}
		// Troops there, as many as any execution could leave.
		had := *n
		*n = max(had, 1)
		ok := o.selectable(SpaceID(i)) && assaultOpSpace(r, o, SpaceID(i))
		*n = had
		if ok {
			return true
		}
	}
	return false
}

// reach marks the spaces a Transport could end its walk in (4.2.2, 4.3.2):
// the LoCs a group can enter from a space holding the faction's Troops,
// passing on only from those it need not stop on, and the spaces next to
// them it could end the move in. It ignores that a walk enters each LoC
// once and the toll's cost: more walks, never fewer.
func (tr *saTransportRules) reach(r *run, o *opCtx, into []bool) {
	m, s, f := r.m, r.s, o.f
	var queue []SpaceID
	enter := func(id SpaceID) {
		if m.Spaces[id].IsLoC() && !into[id] && s.cubesMayEnter(m, f, id) {
			into[id] = true
			queue = append(queue, id)
		}
	}
	for i := range s.Spaces {
		if s.Spaces[i].Pieces[tr.troop] > 0 {
			for _, a := range m.Spaces[i].Adj {
				enter(a)
			}
		}
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, a := range m.Spaces[at].Adj {
			if !m.Spaces[a].IsLoC() && s.cubesMayEnter(m, f, a) {
				into[a] = true
			}
		}
		if tr.stops(&s.Spaces[at]) {
			continue
		}
		for _, a := range m.Spaces[at].Adj {
			enter(a)
		}
	}
}

// deployReach marks the Provinces Deploy could still bring JPN Troops into
// (4.2.1): a Coastal Province they may enter, selected already or while
// fewer than three are.
func deployReach(r *run, o *opCtx, into []bool) {
	room := deployRoom(o)
	for i := range r.m.Spaces {
		into[i] = deployInto(r, o, SpaceID(i), room)
	}
}
