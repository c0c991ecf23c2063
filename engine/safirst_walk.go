package engine

import "slices"

// A Transport walk's reach, judged at every step of the walk (walkMayOpen).
//
// A search for a Transport done before an Assault asks at every point of
// every walk whether the walk can still open the Assault. Until the walk
// ends nothing on the map moves (the Troops move at its end, 4.2.2, 4.3.2),
// so what that question reads of each space (may a group enter it, must
// it stop there, is the toll due there, could the Assault be executed
// there were Troops in it) is the same at every point of one search. The
// walk table holds it, worked out at the search's first such question;
// each question is then a breadth-first walk over the table, ending at
// the first space where the Assault could be executed.

// walkFlag is what a walk table knows of one space.
type walkFlag uint8

const (
	wLoC   walkFlag = 1 << iota // the space is a LoC
	wEnter                      // the faction's cubes may enter it (not Flooded)
	wStop                       // a group entering it must stop there
	wToll                       // a LoC whose entry makes NAT's toll due
	wGoal                       // the Assault could select it, were Troops there
	wHeld                       // it holds the faction's Troops
)

// walkTable is the flags of every space for one search, and its buffers.
type walkTable struct {
	ready bool
	flags []walkFlag
	mark  []bool
	queue []SpaceID
}

// build works out the flags from the position the search's runs stand in
// mid-walk (the search's start: nothing has moved yet).
func (t *walkTable) build(p *saProbe) {
	r, o, tr := &p.r, &p.cur, p.tr
	m, s, f := r.m, r.s, o.f
	troop := movablePiece(f)
	t.flags = t.flags[:0]
	for i := range m.Spaces {
		id := SpaceID(i)
		st := &s.Spaces[i]
		var fl walkFlag
		if m.Spaces[i].IsLoC() {
			fl |= wLoC
			if tr.saTollDue(r, id) {
				fl |= wToll
			}
		}
		if s.cubesMayEnter(m, f, id) {
			fl |= wEnter
		}
		if tr.stops(st) {
			fl |= wStop
		}
		if st.Pieces[troop] > 0 {
			fl |= wHeld
		}
		// What assaultOpSpace asks of the space, without what the next
		// space costs (the same for every space; walkMayOpen asks it).
		had := st.Pieces[troop]
		st.Pieces[troop] = max(had, 1)
		if o.selectable(id) && convCanAssault(r, f, id) {
			fl |= wGoal
		}
		st.Pieces[troop] = had
		t.flags = append(t.flags, fl)
	}
	t.ready = true
}

// walkMayOpen reports whether the Transport walk the last run stopped in
// (p.walk) could still end where it opens the Assault: some space holding
// the faction's Troops, or one the group could still end in, where they
// could Assault. It is the test mayOpen makes before the first answer, made
// again at every step of the walk and with NAT's toll counted (4.3.2: it
// may leave too little for the Assault), so a walk heading away from every
// space the Assault needs is not followed to each of its ends.
func (p *saProbe) walkMayOpen(tr *saTransportRules) bool {
	walk := p.walk.path
	if len(walk) == 0 {
		return true // not asked in the walk (origin, count)
	}
	t := &p.walks
	if !t.ready {
		t.build(p)
	}
	// A space already holding Troops where they could Assault will do,
	// wherever the group goes; the origin only if the group leaves some
	// there.
	origin := walk[0]
	held := false
	for i, fl := range t.flags {
		if fl&(wHeld|wGoal) != wHeld|wGoal {
			continue
		}
		if SpaceID(i) != origin || int(p.scratch.Spaces[origin].Pieces[tr.troop]) > p.walk.n {
			held = true
			break
		}
	}
	tolled := slices.ContainsFunc(walk[1:], func(id SpaceID) bool { return t.flags[id]&wToll != 0 })
	if !tolled && p.affordAssault(0) && (held || t.reaches(p.m, walk, true)) {
		return true
	}
	toll := 0
	if tolled || tr.toll {
		toll = 1
	}
	return p.affordAssault(toll) && (held || t.reaches(p.m, walk, false))
}

// affordAssault reports whether the faction could pay for the Assault's
// next space with toll Resources paid first.
func (p *saProbe) affordAssault(toll int) bool {
	res := &p.scratch.Resources[p.cur.f]
	had := *res
	*res -= min(toll, had)
	ok := convAffordNext(&p.r, &p.cur)
	*res = had
	return ok
}

// reaches reports whether the group of a walk begun along walk could
// still end its move where the Assault could be executed: where it is when
// on a LoC, the LoCs it could enter next and pass on through (not those
// on walk, nor with avoidToll those where the toll falls due), and the
// spaces next to those it could end in. Like reach, it ignores that a walk
// enters each LoC once beyond those on walk already: more ends, never
// fewer.
func (t *walkTable) reaches(m *Map, walk []SpaceID, avoidToll bool) bool {
	mark := t.mark[:0]
	for range t.flags {
		mark = append(mark, false)
	}
	t.mark = mark
	for _, id := range walk {
		mark[id] = true // never entered again, never an end
	}
	skip := wToll
	if !avoidToll {
		skip = 0
	}
	queue := t.queue[:0]
	defer func() { t.queue = queue[:0] }()
	at := walk[len(walk)-1]
	if len(walk) > 1 {
		if t.flags[at]&wGoal != 0 {
			return true // it may stop where it is
		}
		queue = append(queue, at)
	} else {
		queue = t.enterNext(m, at, skip, queue)
	}
	for head := 0; head < len(queue); head++ {
		at := queue[head]
		if t.flags[at]&wGoal != 0 {
			return true
		}
		for _, a := range m.Spaces[at].Adj {
			if fl := t.flags[a]; fl&(wLoC|wEnter) == wEnter && !mark[a] && fl&wGoal != 0 {
				return true // it may end its move there
			}
		}
		if t.flags[at]&wStop != 0 {
			continue // (the LoC the group is on now does not stop it)
		}
		queue = t.enterNext(m, at, skip, queue)
	}
	return false
}

// enterNext marks and queues the LoCs next to space at a group may enter,
// but for those with a flag in skip.
func (t *walkTable) enterNext(m *Map, at SpaceID, skip walkFlag, queue []SpaceID) []SpaceID {
	for _, a := range m.Spaces[at].Adj {
		if fl := t.flags[a]; fl&(wLoC|wEnter) == wLoC|wEnter && fl&skip == 0 && !t.mark[a] {
			t.mark[a] = true
			queue = append(queue, a)
		}
	}
	return queue
}
