package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// walkMayOpenRef is walkMayOpen as first written, reading the position
// afresh at every question: the walk table must agree with it everywhere
// (TestMayOpenSound).
func walkMayOpenRef(p *saProbe, tr *saTransportRules) bool {
	walk := p.walk.path
	if len(walk) == 0 {
		return true
	}
	r := &p.r
	n := &p.scratch.Spaces[walk[0]].Pieces[tr.troop]
	had := *n
	*n -= int16(p.walk.n)
	defer func() { *n = had }()
	tolled := slices.ContainsFunc(walk[1:], func(id SpaceID) bool { return tr.saTollDue(r, id) })
	if !tolled && walkReachesRef(p, tr, true, 0) {
		return true
	}
	toll := 0
	if tolled || tr.toll {
		toll = 1
	}
	return walkReachesRef(p, tr, false, toll)
}

func walkReachesRef(p *saProbe, tr *saTransportRules, avoidToll bool, toll int) bool {
	r, o := &p.r, &p.cur
	into := make([]bool, len(p.m.Spaces))
	walk := p.walk.path
	skip := func(id SpaceID) bool {
		return slices.Contains(walk, id) || (avoidToll && r.m.Spaces[id].IsLoC() && tr.saTollDue(r, id))
	}
	at := walk[len(walk)-1]
	var queue []SpaceID
	if len(walk) > 1 {
		queue = append(queue, at)
		into[at] = true
	} else {
		queue = tr.enterNext(r, o, at, into, queue, skip)
	}
	tr.spread(r, o, queue, into, skip)
	res := &p.scratch.Resources[o.f]
	had := *res
	*res -= min(toll, had)
	ok := p.assaultPossibleWith(into)
	*res = had
	return ok
}

// TestWalkTableAgrees: at every point of every walk of a Transport before
// an Assault (up to six answers in), walkMayOpen and transportDist, which
// read the walk table, give what reading the position afresh gives, in positions of random games, with the
// faction's Resources as they are and at the edges of the Assault's cost
// and NAT's toll.
func TestWalkTableAgrees(t *testing.T) {
	var judged [2]int // false, true
	for seed := range 4 {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: uint64(100 + seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 5))
		for step := 0; !g.Over(); step++ {
			if step%9 == 0 {
				for _, f := range []Faction{JPN, NAT} {
					for _, res := range []int{-1, 2, 3} {
						s := g.cur.clone()
						if res >= 0 {
							s.Resources[f] = res
						}
						o := opCtx{f: f, kind: Assault, saKinds: saKindsFor(f, Assault)}
						r := &run{s: s, m: g.m, d: g.d}
						if !saDefs[f][Transport].can(r, &o) {
							continue
						}
						p := r.newProbe(&o, Transport)
						nodes := 0
						var walk func(n int)
						walk = func(n int) {
							if nodes++; nodes > 400 || n > 6 {
								return
							}
							if err := p.runAt(n); !errors.Is(err, errAwait) || !p.r.waiting {
								return
							}
							got, want := p.walkMayOpen(p.tr), walkMayOpenRef(p, p.tr)
							if got != want {
								t.Fatalf("seed %d step %d: %s Transport (Resources %d) walk %v of %d: walkMayOpen %v, read afresh %v", seed, step, f, s.Resources[f], p.walk.path, p.walk.n, got, want)
							}
							judged[boolBit(got)]++
							origin := SpaceID(-1) // before the walk
							if len(p.walk.path) > 0 {
								origin = p.walk.path[0]
							}
							p.distFrom = -2
							p.transportDist(origin)
							if want := transportDistRef(p, origin); !slices.Equal(p.dist, want) {
								t.Fatalf("seed %d step %d: %s Transport walk %v: transportDist %v, read afresh %v", seed, step, f, p.walk.path, p.dist, want)
							}
							base := p.r.pos
							by := p.r.askedBy
							ids := make([]string, 0, len(p.r.choices.list))
							for _, c := range p.r.choices.list {
								ids = append(ids, c.ID)
							}
							for _, id := range ids {
								p.path = append(p.path[:base], answer{Faction: by, Choice: id})
								walk(base + 1)
							}
						}
						p.path = p.path[:0]
						walk(0)
						r.release(p)
					}
				}
			}
			pr := g.Prompt()
			if err := g.Do(pr.Faction, pr.Choices[rng.IntN(len(pr.Choices))].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d walk points judged open, %d closed", judged[1], judged[0])
	if judged[0] < 100 || judged[1] < 100 {
		t.Errorf("judged %d open and %d closed: want many of each", judged[1], judged[0])
	}
}

// transportDistRef is transportDist as first written, reading the position
// afresh: each space's distance in steps of a walk from ending where the
// Assault could be executed.
func transportDistRef(p *saProbe, origin SpaceID) []int {
	r, o, tr := &p.r, &p.cur, p.tr
	m, s, f := r.m, r.s, o.f
	troop := movablePiece(f)
	dist := make([]int, len(m.Spaces))
	var queue []SpaceID
	for i := range m.Spaces {
		id := SpaceID(i)
		ok := false
		if s.cubesMayEnter(m, f, id) {
			n := &s.Spaces[i].Pieces[troop]
			had := *n
			*n = max(had, 1)
			ok = o.selectable(id) && assaultOpSpace(r, o, id)
			*n = had
		}
		dist[i] = noWay
		if ok && id != origin {
			dist[i] = 0
			queue = append(queue, id)
		}
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, a := range m.Spaces[at].Adj {
			if !m.Spaces[a].IsLoC() || dist[a] <= dist[at]+1 || !s.cubesMayEnter(m, f, a) || tr.stops(&s.Spaces[a]) {
				continue
			}
			dist[a] = dist[at] + 1
			queue = append(queue, a)
		}
	}
	return dist
}
