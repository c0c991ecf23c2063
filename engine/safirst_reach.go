package engine

// What a Special Activity done first cannot do, found without running it.
//
// Before a search runs a Special Activity over its possible answers, the
// pairs whose search is the longest ask a cheap question: could any way of
// executing it leave the Operation a space? Transport (4.2.2, 4.3.2) and
// Deploy (4.2.1) only move the faction's own Troops, and an Assault (3.2.5)
// needs them in a space whose enemies they can target; the rest of what
// that space needs (no Floods, the targets, the cost, which Transport's toll
// only raises) they leave as it is. So when no space the Troops are in or
// could reach would do, no execution can open the Assault, and the search,
// which would try every walk only to find none (often running out of budget
// first), is not run: it finds nothing either way.

// mayOpen reports whether some execution of the Special Activity from the
// start could leave the Operation a space. It is false only where none can.
func (p *saProbe) mayOpen() bool {
	if p.o.kind != Assault {
		return true
	}
	var reach func(r *run, f Faction, into []bool)
	switch {
	case p.kind == Transport && p.o.f == JPN:
		reach = jpnTransportRules.reach
	case p.kind == Transport && p.o.f == NAT:
		reach = natTransportRules.reach
	case p.kind == Deploy && p.o.f == JPN:
		reach = deployReach
	default:
		return true
	}
	p.scratch.copyFrom(&p.start)
	r := &p.r
	*r = run{s: &p.scratch, m: p.m, d: p.d, choices: choiceList{list: r.choices.list, bare: true}, addSpace: r.addSpace, probing: true}
	into := make([]bool, len(p.m.Spaces))
	reach(r, p.o.f, into)
	o := &p.cur
	*o = p.o
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
func (tr *saTransportRules) reach(r *run, f Faction, into []bool) {
	m, s := r.m, r.s
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

// deployReach marks the Provinces Deploy could bring JPN Troops into
// (4.2.1): any Coastal Province they may enter, whatever the three it may
// select turn out to be.
func deployReach(r *run, _ Faction, into []bool) {
	for i := range r.m.Spaces {
		id := SpaceID(i)
		if r.m.Spaces[i].IsProvince() && r.m.Spaces[i].Coastal && r.s.cubesMayEnter(r.m, JPN, id) {
			into[i] = true
		}
	}
}
