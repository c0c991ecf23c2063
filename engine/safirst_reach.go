package engine

import (
	"errors"
	"strings"
)

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
		p.scratch.copyForSearch(&p.start)
		p.buf.reset()
		*r = run{s: &p.scratch, m: p.m, d: p.d, choices: choiceList{list: r.choices.list, bare: true}, scratch: &p.buf, work: p.work, addSpace: r.addSpace, probing: true, asked: &p.question}
		*o = p.o
	} else if err := p.runAt(n); !errors.Is(err, errAwait) || !r.waiting {
		return true // it ended or failed there: the search sees that at once
	}
	into := make([]bool, len(p.m.Spaces))
	reach(r, o, into)
	return p.assaultPossibleWith(into)
}

// reach marks the spaces a Transport could end its walk in (4.2.2, 4.3.2):
// the LoCs a group can enter from a space holding the faction's Troops,
// passing on only from those it need not stop on, and the spaces next to
// them it could end the move in. It ignores that a walk enters each LoC
// once and the toll's cost: more walks, never fewer.
func (tr *saTransportRules) reach(r *run, o *opCtx, into []bool) {
	var queue []SpaceID
	for i := range r.s.Spaces {
		if r.s.Spaces[i].Pieces[tr.troop] > 0 {
			queue = tr.enterNext(r, o, SpaceID(i), into, queue, nil)
		}
	}
	tr.spread(r, o, queue, into, nil)
}

// enterNext marks and queues the LoCs next to space at a group may enter
// (skip, if set, keeps some out).
func (tr *saTransportRules) enterNext(r *run, o *opCtx, at SpaceID, into []bool, queue []SpaceID, skip func(SpaceID) bool) []SpaceID {
	m, s := r.m, r.s
	for _, a := range m.Spaces[at].Adj {
		if m.Spaces[a].IsLoC() && !into[a] && s.cubesMayEnter(m, o.f, a) && (skip == nil || !skip(a)) {
			into[a] = true
			queue = append(queue, a)
		}
	}
	return queue
}

// spread goes on from the LoCs in queue (marked already): it marks the
// spaces next to them a group could end in and, from those it need not
// stop on, the LoCs it could enter next, until none is left. skip, if set,
// keeps some spaces out.
func (tr *saTransportRules) spread(r *run, o *opCtx, queue []SpaceID, into []bool, skip func(SpaceID) bool) {
	m, s := r.m, r.s
	for head := 0; head < len(queue); head++ {
		at := queue[head]
		for _, a := range m.Spaces[at].Adj {
			if !m.Spaces[a].IsLoC() && s.cubesMayEnter(m, o.f, a) && (skip == nil || !skip(a)) {
				into[a] = true
			}
		}
		// (The LoC a walk's group is on now does not stop it: a run asks
		// no more once the group must stop.)
		if tr.stops(&s.Spaces[at]) {
			continue
		}
		queue = tr.enterNext(r, o, at, into, queue, skip)
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

// transportRules are the Transport rules of the faction searched, or nil
// when the search is not of a Transport before an Assault.
func (p *saProbe) transportRules() *saTransportRules {
	if p.o.kind != Assault || p.kind != Transport {
		return nil
	}
	switch p.o.f {
	case JPN:
		return &jpnTransportRules
	case NAT:
		return &natTransportRules
	}
	return nil
}

// transportWalk is where a Transport's walk is: its origin and the LoCs
// entered (path), and how many Troops move (n).
type transportWalk struct {
	path []SpaceID
	n    int
}

// assaultPossibleWith reports whether the Assault could be executed in a
// space holding the faction's Troops or marked in into, were Troops there.
func (p *saProbe) assaultPossibleWith(into []bool) bool {
	r, o := &p.r, &p.cur
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

// noWay is the distance of a space from which no walk ends where the
// Assault could be executed.
const noWay = 1 << 20

// towardAssault picks, for a dive through a Transport (safirst.go), the
// answer to the question being asked that brings the group nearest
// to a space where it could Assault: an origin next to the nearest LoC, and
// on the walk the end or the LoC nearest. It reports false for a question
// it has no view on (how many Troops: the first count is taken).
func (p *saProbe) towardAssault() (string, bool) {
	list := p.r.choices.list
	walk := p.walk.path
	origin := SpaceID(-1)
	if len(walk) > 0 {
		origin = walk[0]
	}
	if p.distFrom != origin {
		p.transportDist(origin)
	}
	best, bestD := "", noWay+1
	consider := func(id string, d int) {
		if d < bestD {
			best, bestD = id, d
		}
	}
	for _, c := range list {
		if c.ID == "done" {
			if len(walk) > 1 {
				consider(c.ID, p.endDist(walk[len(walk)-1]))
			}
			continue
		}
		if !strings.HasPrefix(c.ID, "space:") {
			return "", false
		}
		id, ok := p.m.ID(c.ID[len("space:"):])
		if !ok {
			return "", false
		}
		switch {
		case len(walk) == 0: // the origin
			d := noWay
			for _, a := range p.m.Spaces[id].Adj {
				d = min(d, p.dist[a]+1)
			}
			consider(c.ID, d)
		case p.m.Spaces[id].IsLoC():
			consider(c.ID, p.dist[id]+1)
		default:
			consider(c.ID, p.endDist(id))
		}
	}
	return best, best != ""
}

// endDist is 0 if a group ending its walk in space id could Assault there,
// else noWay.
func (p *saProbe) endDist(id SpaceID) int {
	if p.dist[id] == 0 {
		return 0
	}
	return noWay
}

// transportDist works out, for the position where the walk is asked, each
// space's distance in steps of a walk from ending where the Assault could
// be executed: 0 for such a space (a LoC to stop on, or a space to end in;
// never the walk's origin, which it cannot end in), then backwards along
// the LoCs a group may enter and pass on through. Like reach it ignores the
// toll and that a walk enters each LoC once: it only orders a dive's
// answers, what is legal being the run's to say.
func (p *saProbe) transportDist(origin SpaceID) {
	t := &p.walks
	if !t.ready {
		t.build(p)
	}
	if p.distFrom == -2 {
		// Where the Assault could be executed does not change along a
		// walk (the Troops move at its end): found once per search.
		afford := convAffordNext(&p.r, &p.cur)
		p.goal = p.goal[:0]
		for _, fl := range t.flags {
			p.goal = append(p.goal, afford && fl&(wEnter|wGoal) == wEnter|wGoal)
		}
	}
	p.distFrom = origin
	p.dist = p.dist[:0]
	queue := p.queue[:0]
	for i := range t.flags {
		d := noWay
		if p.goal[i] && SpaceID(i) != origin {
			d = 0
			queue = append(queue, SpaceID(i))
		}
		p.dist = append(p.dist, d)
	}
	// The queue is read from its head index, not resliced, so that the
	// buffer kept for the next search keeps its whole capacity.
	// A LoC a group may pass on from reaches the spaces next to it in one
	// more step; it ends in a goal next to it in one step.
	for head := 0; head < len(queue); head++ {
		at := queue[head]
		for _, a := range p.m.Spaces[at].Adj {
			fl := t.flags[a]
			if fl&(wLoC|wEnter) != wLoC|wEnter || p.dist[a] <= p.dist[at]+1 {
				continue
			}
			if fl&wStop != 0 {
				continue // a group stopping on a cannot go on to at
			}
			p.dist[a] = p.dist[at] + 1
			queue = append(queue, a)
		}
	}
	p.queue = queue[:0]
}

// assaultSpaceChoice picks, for a dive through a Special Activity before an
// Assault other than a Transport (Deploy, Suborn), a space among the
// question's choices where the faction's Troops could Assault, were they
// there.
func (p *saProbe) assaultSpaceChoice() (string, bool) {
	r, o := &p.r, &p.cur
	troop := movablePiece(o.f)
	for _, c := range r.choices.list {
		if !strings.HasPrefix(c.ID, "space:") {
			continue
		}
		id, ok := p.m.ID(c.ID[len("space:"):])
		if !ok {
			continue
		}
		n := &p.scratch.Spaces[id].Pieces[troop]
		had := *n
		*n = max(had, 1)
		ok = o.selectable(id) && assaultOpSpace(r, o, id)
		*n = had
		if ok {
			return c.ID, true
		}
	}
	return "", false
}
