package engine

import (
	"errors"
	"slices"
	"strings"
	"sync/atomic"
)

// A Special Activity done first (4.1, 3.1).
//
// A faction may execute its Special Activity immediately before its
// Operation, and an Operation's costs and conditions are checked as each
// space is selected (3.1). So an Operation is possible when it can be
// executed in a space now, or after some Special Activity the faction may do
// immediately before it: CPC at 0 Resources Taxes, then Rallies; WLD
// Organizes a Base, then Recruits there (docs/rulings.md C16).
//
// Until the Operation has selected its first space, the Special Activity
// must leave it possible: a Special Activity is offered then only if some
// way of executing it leaves the Operation a space, and while it runs each
// of its choices is offered only if the Special Activity can still be
// completed that way. The test is a search: the Special Activity's own
// procedure is run on copies of the position over its possible answers
// until one ends with the Operation possible. So no prompt leads into a dead
// end, and every Special Activity first that the rules allow is offered.

// probeBudget bounds one search, in runs of the Special Activity. A search
// that runs out finds nothing: the choice is not offered, never wrongly
// offered. probeCutoffs counts the searches that ran out, so the simulator
// can report them (a few in a thousand games, where a Transport has many
// walks and none of them leads to an Assault).
const probeBudget = 2000

var probeCutoffs atomic.Int64

// ProbeCutoffs reports how many searches for a Special Activity done first
// ran out of budget since the program started (normally 0).
func ProbeCutoffs() int64 { return probeCutoffs.Load() }

// saProbe searches the executions of Special Activity kind from position
// start, for the Operation o has not begun (no space selected).
type saProbe struct {
	m     *Map
	d     *Deck
	start State
	o     opCtx // the Operation as it was when the Special Activity began
	kind  SAKind
	def   saDef
	nodes int    // runs of the Special Activity in the current search
	work  *int64 // the game's count of questions asked (Game.Work)
	// failed holds the points found to lead nowhere (failKey).
	failed map[uint64]bool
	found  []answer // the witness of the last search that found one (in foundBuf)
	// Scratch every run of a search reuses, so that a run allocates
	// nothing of its own: the position it starts from, the run, the
	// Operation with the Special Activity's spaces, and two stacks. path
	// holds the answers of the point being run, each level of the search
	// a prefix of it; ids holds the choices of each level, one after the
	// other.
	scratch  State
	buf      scratch
	r        run
	cur      opCtx
	saSpaces []SpaceID
	oSpaces  []SpaceID
	path     []answer
	ids      []string
	// memo, for the search guarding a Special Activity being executed,
	// keeps what it found for the step's next replays.
	memo *guardMemo
	// The guard (guardSA): the run it guards, where the Special
	// Activity's answers begin there, the next answer of the witness for
	// the answers up to at, and accept as a function value, made once.
	guarded  *run
	from, at int
	nextID   string
	accept   func(f Faction, id string) bool
	// foundBuf holds found, and question the question a run stopped at.
	foundBuf []answer
	question text
	// For a Transport before an Assault, tr holds its rules, walk the
	// walk a run is in (its origin and LoCs; empty when it is
	// before the walk) and walks what its questions read of each space.
	tr    *saTransportRules
	walk  transportWalk
	walks walkTable
	// dist, when distFrom is the walk's origin (-1 before it is chosen,
	// -2 when not worked out), is how many more steps a group needs to end
	// its walk where it could Assault (transportDist); goal is worked out
	// with the first dist of a search.
	dist     []int
	distFrom SpaceID
	goal     []bool    // the spaces where the Assault could be executed
	queue    []SpaceID // transportDist's

	// A dive's run answers its questions itself (pilots) while piloting,
	// until diveEnd answers; pilot is pilots as a function value, made once.
	piloting bool
	diveEnd  int
	pilot    func(Faction) (string, error)
}

// probePool keeps searches' scratch from one search to the next (each
// holds a few copies of the position), and what the searches of each
// Special Activity being executed first found, for the replays of the
// step.
type probePool struct {
	free   []*saProbe
	guards []*guardMemo
	// What the memos hold, kept from step to step: the memos no longer
	// used (spare), every search they record (searches, chained by hash),
	// and the answers those searches were made from and found (answers).
	spare    []*guardMemo
	searches []searched
	answers  []answer
}

// guardMemo is what the searches of a Special Activity begun first found,
// by the answers searched from. A step is replayed for every answer, and
// the replay guards the Special Activity again from the same position (the
// step's snapshot and the answers before it), asking again what earlier
// replays asked: the witness the previous question's search found, above
// all. A search is a function of that position and its answers alone, so
// what it found then it finds now.
type guardMemo struct {
	pool  *probePool
	at    []answer         // the answers of the step up to the Special Activity
	found map[uint64]int32 // by trailHash, the last search made (index+1 in pool.searches)
}

// searched is one search and what it found.
type searched struct {
	from    []answer
	witness []answer
	ok      bool
	next    int32 // the search before it with the same hash (index+1), or 0
}

// forget drops the guards' memos: the step's snapshot changed. Their
// memory is kept for the next step's.
func (pool *probePool) forget() {
	for _, g := range pool.guards {
		clear(g.found)
	}
	pool.spare = append(pool.spare, pool.guards...)
	pool.guards = pool.guards[:0]
	pool.searches = pool.searches[:0]
	pool.answers = pool.answers[:0]
}

// copyMemos makes pool's memos a copy of src's, for a copy of the game
// whose step replays from the same snapshot and answers.
func (pool *probePool) copyMemos(src *probePool) {
	pool.forget()
	for _, e := range src.searches {
		e.from, e.witness = pool.keep(e.from), pool.keep(e.witness)
		pool.searches = append(pool.searches, e)
	}
	for _, sg := range src.guards {
		g := pool.newMemo()
		g.at = pool.keep(sg.at)
		for h, i := range sg.found {
			g.found[h] = i // the same index: searches were copied in order
		}
		pool.guards = append(pool.guards, g)
	}
}

// newMemo is an empty memo, reused if one is spare.
func (pool *probePool) newMemo() *guardMemo {
	if n := len(pool.spare); n > 0 {
		g := pool.spare[n-1]
		pool.spare = pool.spare[:n-1]
		return g
	}
	return &guardMemo{pool: pool, found: map[uint64]int32{}}
}

// keep copies answers into the pool's store, for a memo.
func (pool *probePool) keep(a []answer) []answer {
	return append(take(&pool.answers, len(a))[:0], a...)
}

// guardAt is the memo of the Special Activity begun after the answers at,
// made if there is none.
func (pool *probePool) guardAt(at []answer) *guardMemo {
	for _, g := range pool.guards {
		if slices.Equal(g.at, at) {
			return g
		}
	}
	g := pool.newMemo()
	g.at = pool.keep(at)
	pool.guards = append(pool.guards, g)
	return g
}

// lookup finds the search from answers from, if made.
func (g *guardMemo) lookup(h uint64, from []answer) (searched, bool) {
	for i := g.found[h]; i != 0; {
		e := &g.pool.searches[i-1]
		if slices.Equal(e.from, from) {
			return *e, true
		}
		i = e.next
	}
	return searched{}, false
}

// record adds a search to the memo, from answers already kept.
func (g *guardMemo) record(h uint64, e searched) {
	pool := g.pool
	e.witness = pool.keep(e.witness) // the next search reuses its buffer
	e.next = g.found[h]
	pool.searches = append(pool.searches, e)
	g.found[h] = int32(len(pool.searches))
}

// trailHash is a hash of a list of answers, in order.
func trailHash(trail []answer) uint64 {
	var k keyHash
	k.init()
	for _, a := range trail {
		k.word(uint64(a.Faction))
		k.text(a.Choice)
	}
	return k.h
}

// newProbe is a search of Special Activity k for the Operation o from the
// position now. Release it when done.
func (r *run) newProbe(o *opCtx, k SAKind) *saProbe {
	var p *saProbe
	if pool := r.probes; pool != nil && len(pool.free) > 0 {
		p = pool.free[len(pool.free)-1]
		pool.free = pool.free[:len(pool.free)-1]
	} else {
		p = &saProbe{failed: map[uint64]bool{}}
	}
	p.m, p.d, p.kind, p.def, p.work = r.m, r.d, k, saDefs[o.f][k], r.work
	p.start.copyFrom(r.s)
	p.o = *o
	p.oSpaces = append(p.oSpaces[:0], o.saSpaces...)
	p.o.saSpaces = p.oSpaces
	p.o.sa, p.o.inSA = "", false
	p.tr, p.distFrom = p.transportRules(), -2
	p.walks.ready = false
	if auditSearch != nil {
		auditSearch(p, false)
	}
	return p
}

// auditSearch, when set (by tests), is called as a search begins and as it
// is released, to check what its runs share with its start (copyForSearch).
var auditSearch func(p *saProbe, released bool)

// release gives a search's scratch back for the next search.
func (r *run) release(p *saProbe) {
	if auditSearch != nil {
		auditSearch(p, true)
	}
	p.o, p.cur, p.found, p.memo, p.guarded = opCtx{}, opCtx{}, nil, nil, nil
	if r.probes != nil {
		r.probes.free = append(r.probes.free, p)
	}
}

// leads reports whether the Special Activity, given the answers in trail,
// can be completed so that the Operation can then be executed in a space.
func (p *saProbe) leads(trail []answer) bool {
	_, ok := p.witness(trail)
	return ok
}

// leadsAfter is leads(q followed by a).
func (p *saProbe) leadsAfter(q []answer, a answer) bool {
	p.path = append(append(p.path[:0], q...), a)
	_, ok := p.searchMemo()
	return ok
}

// witness returns the answers of a completion found from trail (trail
// included), good until the next search. The search is a function of the
// position and trail alone (a fresh budget and record of failures each
// time), so it finds the same witness whenever it is asked again: the guard
// relies on that.
func (p *saProbe) witness(trail []answer) ([]answer, bool) {
	p.path = append(p.path[:0], trail...)
	return p.searchMemo()
}

// searchMemo is searchPath, taken from the memo when the step's replays
// made the same search before.
func (p *saProbe) searchMemo() ([]answer, bool) {
	if p.memo == nil {
		return p.searchPath()
	}
	h := trailHash(p.path)
	if e, ok := p.memo.lookup(h, p.path); ok {
		return e.witness, e.ok
	}
	from := p.memo.pool.keep(p.path)
	w, ok := p.searchPath()
	p.memo.record(h, searched{from: from, witness: w, ok: ok})
	return w, ok
}

// searchPath is witness of the answers in path.
func (p *saProbe) searchPath() ([]answer, bool) {
	n := len(p.path)
	p.nodes, p.found = 0, nil
	if !p.mayOpen(n) {
		return nil, false
	}
	if p.dive(n) {
		return p.found, true
	}
	// The search proper has its own budget, so that it finds whatever it
	// would find without the dive.
	p.nodes = 0
	clear(p.failed)
	// Iterative deepening: short ways of executing the Special Activity
	// are tried first, so a long walk that leads nowhere does not use the
	// budget before a short one that works is seen.
	for _, depth := range []int{4, 8, 1 << 30} {
		found, complete := p.search(n, n+depth)
		if found || complete {
			return p.found, found
		}
		if p.nodes > probeBudget {
			probeCutoffs.Add(1)
			return nil, false
		}
	}
	return nil, false
}

// diveLen bounds a dive, in answers.
const diveLen = 48

// dive follows one way of completing the Special Activity from the answers
// path[:n], in one run that answers each question as it is asked
// (divePick). Most searches have a completion there (the Special Activity
// ended as soon as it may), and some only a long one (Partisan Action in a
// second Province, a Transport's walk to a far Assault), which iterative
// deepening would reach only after trying every shorter way. It reports
// whether the completion it followed leaves the Operation a space; if not,
// the search proper begins.
func (p *saProbe) dive(n int) bool {
	r, o := &p.r, &p.cur
	p.nodes++
	p.diveEnd, p.piloting = n+diveLen, true
	err := p.runAt(n)
	p.piloting = false
	if err != nil {
		return false
	}
	o.inSA = false
	if !opDefs[o.f][o.kind].can(r, o) {
		return false
	}
	p.foundBuf = append(p.foundBuf[:0], r.trail[:r.pos]...)
	p.found = p.foundBuf
	return true
}

// errDiveStop ends a dive's run where the dive gives up.
var errDiveStop = errors.New("engine: the dive stops")

// pilots answers the questions of a dive's run as they are asked, so that
// the dive is one run of the Special Activity, not one per answer.
func (p *saProbe) pilots(f Faction) (string, error) {
	r := &p.r
	if r.pos+1 >= p.diveEnd || len(r.choices.list) == 0 {
		return "", errDiveStop
	}
	return p.divePick(), nil
}

// divePick is the answer a dive gives to the question being asked: for a
// Transport before an Assault the way nearest to a space where the
// Assault could be executed; otherwise the first answer ending what is
// asked, or else Suborn's replacing a piece with a WLD Troop, or else,
// before an Assault, a space where it could be executed (Deploy's
// destination), or else the first answer.
func (p *saProbe) divePick() string {
	list := p.r.choices.list
	if p.tr != nil {
		if id, ok := p.towardAssault(); ok {
			return id
		}
	}
	for _, c := range list {
		if ends(c.ID) {
			return c.ID
		}
	}
	if p.kind == Suborn {
		// What Suborn may open an Operation with is the WLD Troop that
		// replaces a piece (docs/rulings.md C16).
		for _, c := range list {
			if strings.HasPrefix(c.ID, "suborn:replace:") {
				return c.ID
			}
		}
	}
	if p.o.kind == Assault && p.tr == nil {
		if id, ok := p.assaultSpaceChoice(); ok {
			return id
		}
	}
	return list[0].ID
}

// search reports whether a completion exists from the answers path[:n]
// within maxLen answers, and whether the search was complete (not cut
// short by maxLen or the budget).
func (p *saProbe) search(n, maxLen int) (found, complete bool) {
	if p.nodes++; p.nodes > probeBudget {
		return false, false
	}
	r, o := &p.r, &p.cur
	err := p.runAt(n)
	if err == nil {
		o.inSA = false
		if !opDefs[o.f][o.kind].can(r, o) {
			return false, true
		}
		p.foundBuf = append(p.foundBuf[:0], r.trail[:r.pos]...)
		p.found = p.foundBuf
		return true, true
	}
	if !errors.Is(err, errAwait) || !r.waiting {
		return false, true
	}
	base := r.pos
	// The point's key is needed to look it up once some point has failed,
	// and to record it if it fails; until then (most searches) it is not
	// worked out, and a point that fails is run again for it.
	var key uint64
	keyed := len(p.failed) > 0
	if keyed {
		key = p.failKey(r, p.path[:base])
		if p.failed[key] {
			return false, true
		}
	}
	if p.tr != nil && !p.walkMayOpen(p.tr) {
		return false, true
	}
	if base >= maxLen {
		return false, false
	}
	// The answers ending the Special Activity are tried first: most
	// positions need little of it. The runs below reuse r, so the question
	// is read now.
	by, from := r.askedBy, len(p.ids)
	for _, c := range r.choices.list {
		p.ids = append(p.ids, c.ID)
	}
	to := len(p.ids)
	complete = true
	for _, last := range []bool{true, false} {
		for i := from; i < to; i++ {
			id := p.ids[i]
			if ends(id) != last {
				continue
			}
			p.path = append(p.path[:base], answer{Faction: by, Choice: id})
			f, done := p.search(base+1, maxLen)
			if f {
				p.ids = p.ids[:from]
				return true, true
			}
			complete = complete && done
		}
	}
	p.ids = p.ids[:from]
	if complete {
		if !keyed {
			p.runAt(n) // the same point: the same position and question
			key = p.failKey(r, p.path[:base])
		}
		p.failed[key] = true
	}
	return false, complete
}

// runAt runs the Special Activity given the answers path[:n], in p.r and
// p.cur. The run appends the answers it applied itself (forced ones) to
// the path, beyond this level's.
func (p *saProbe) runAt(n int) error {
	p.scratch.copyForSearch(&p.start)
	r := &p.r
	p.buf.reset()
	*r = run{s: &p.scratch, m: p.m, d: p.d, trail: p.path[:n], choices: choiceList{list: r.choices.list, bare: true}, scratch: &p.buf, work: p.work, addSpace: r.addSpace, probing: true, asked: &p.question}
	if p.tr != nil {
		p.walk.path = p.walk.path[:0]
		r.walk = &p.walk
	}
	if p.piloting {
		if p.pilot == nil {
			p.pilot = p.pilots
		}
		r.autopilot = p.pilot
	}
	o := &p.cur
	*o = p.o
	o.saSpaces = append(p.saSpaces[:0], p.o.saSpaces...)
	o.sa, o.inSA = p.kind, true
	err := p.def.run(r, o)
	p.saSpaces = o.saSpaces[:0]
	p.path = r.trail
	return err
}

// failKey identifies a point of the search: the position, the question
// asked and its choices, and the answers given, in any order. Answers given
// in another order that reach the same position and question (Tax in A then
// B, or B then A) can be completed in the same ways, so a point that led
// nowhere is not searched again. The spaces are hashed where they differ
// from the start: equal positions differ from it in the same spaces.
func (p *saProbe) failKey(r *run, trail []answer) uint64 {
	s := r.s
	var k keyHash
	k.init()
	for i := range s.Spaces {
		st := &s.Spaces[i]
		if *st == p.start.Spaces[i] {
			continue
		}
		k.word(uint64(i))
		for _, n := range st.Pieces {
			k.word(uint64(n))
		}
		k.word(uint64(st.Support))
		k.word(uint64(boolBit(st.Terror))<<1 | uint64(boolBit(st.Sabotage)))
	}
	for _, box := range []*Pieces{&s.Available, &s.Casualties, &s.OutOfPlay} {
		for _, n := range box {
			k.word(uint64(n))
		}
	}
	for _, n := range s.Resources {
		k.word(uint64(n))
	}
	k.word(uint64(s.Patronage))
	k.word(uint64(s.Aid))
	k.word(uint64(s.Commitment))
	// The answers in any order: their hashes are summed, which does not
	// depend on the order.
	var given uint64
	for _, a := range trail {
		var ak keyHash
		ak.init()
		ak.text(a.Choice)
		given += ak.h
	}
	k.word(given)
	var line [256]byte
	if q, ok := r.asked.appendPlain(line[:0]); ok {
		hashText(&k, q)
	} else {
		k.text(r.asked.String())
	}
	for _, c := range r.choices.list {
		k.text(c.ID)
	}
	return k.h
}

// keyHash is FNV-1a taken a word at a time, with a shift to spread the
// high bits: deterministic (no per-process seed), and fast enough to key
// every point of a search by the whole position.
type keyHash struct{ h uint64 }

func (k *keyHash) init() { k.h = 14695981039346656037 }

func (k *keyHash) word(v uint64) {
	k.h ^= v
	k.h *= 1099511628211
	k.h ^= k.h >> 29
}

func (k *keyHash) text(s string) { hashText(k, s) }

// hashText hashes a text given as a string or its bytes alike, eight
// bytes to a word.
func hashText[T string | []byte](k *keyHash, s T) {
	n := len(s)
	for ; len(s) >= 8; s = s[8:] {
		k.word(uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56)
	}
	var w uint64
	for i := 0; i < len(s); i++ {
		w |= uint64(s[i]) << (8 * i)
	}
	k.word(w)
	k.word(uint64(n))
}

func boolBit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// ends reports whether an answer ends what is being asked ("done", "done:
// ...").
func ends(id string) bool { return id == "done" || strings.HasPrefix(id, "done:") }

// saFirst reports whether Special Activity k, done now before any space of
// the Operation, can leave the Operation a space to be executed in.
func saFirst(r *run, o *opCtx, k SAKind) bool {
	d, ok := saDefs[o.f][k]
	if !ok || !d.can(r, o) {
		return false
	}
	p := r.newProbe(o, k)
	defer r.release(p)
	return p.leads(nil)
}

// saEnables reports whether Special Activity k may make the Operation
// possible when done first: the pair is one where it may (the catalog's
// enables), and it adds Resources or the faction already has what the
// cheapest space of the Operation costs.
func saEnables(r *run, o *opCtx, k SAKind) bool {
	d := saDefs[o.f][k]
	need, ok := d.enables[o.kind]
	if !ok || (need != nil && !need(r, o)) {
		return false
	}
	if !d.gains && !o.free && r.s.Resources[o.f] < opMinCost(r, o) {
		return false
	}
	return saFirst(r, o, k)
}

// needs maps the Operations a Special Activity may make possible to what it
// needs for that (nil: nothing beyond the Resources).
type needs map[OpKind]func(r *run, o *opCtx) bool

// freeNeed is the need of a Special Activity that makes an Operation
// possible only through the Resources it adds (Tax, Extort; Govern before
// Patrol): the Operation could be executed now if it cost nothing.
func freeNeed(r *run, o *opCtx) bool {
	f := *o
	f.free = true
	return opDefs[o.f][o.kind].can(r, &f)
}

// canObtainNeed is the need of a Special Activity that makes Recruit
// possible by bringing the faction's forces into a Province (Deploy,
// Transport, Partisan Action, Organize): Recruit there must have a piece to
// place, one of ks (3.2.2).
func canObtainNeed(ks ...Piece) func(r *run, o *opCtx) bool {
	return func(r *run, o *opCtx) bool {
		return slices.ContainsFunc(ks, r.s.canObtain)
	}
}

// subornNeed is the need of Suborn before a WLD Operation: a space with WLD
// pieces and a JPN Police or NAT piece to remove or replace (4.4.2), with JPN
// forces remaining there when jpn is set (an Assault), and a WLD Troop to
// place when troop is set (the new Troop is what Sweep or Assault can use;
// a Patrol may also use a LoC cleared of Police).
func subornNeed(jpn, troop bool) func(r *run, o *opCtx) bool {
	return func(r *run, o *opCtx) bool {
		if troop && !r.s.canObtain(WLDTroop) {
			return false
		}
		for i := range r.s.Spaces {
			p := &r.s.Spaces[i].Pieces
			if p.Of(WLD) == 0 || p.N(JPNPolice)+p.Of(NAT) == 0 {
				continue
			}
			if !jpn || p.Of(JPN) > 0 {
				return true
			}
		}
		return false
	}
}

// saFirstOK reports whether Special Activity k may be offered before the
// Operation's first space: it keeps a possible Operation possible, or makes
// an impossible one possible.
func saFirstOK(r *run, o *opCtx, k SAKind) bool {
	if opDefs[o.f][o.kind].can(r, o) {
		return saFirst(r, o, k)
	}
	return saEnables(r, o, k)
}

// opMinCost is the least an Operation's first space can cost (3.2, 3.3).
func opMinCost(r *run, o *opCtx) int {
	switch {
	case o.f == CPC && (o.kind == Rally || o.kind == Attack):
		return 1
	case o.f == CPC:
		return 0 // a LoC (3.3.2, 3.3.4)
	case o.kind == Patrol:
		return patrolCost[o.f]
	}
	return convCost(r, o, 1)
}

// guardSA makes the Special Activity being begun keep the Operation
// possible: until it ends, only choices from which it can be completed that
// way are offered. liftGuard(p) lifts it.
//
// A choice is accepted when a search from it finds a completion, and the
// next answer of a completion found earlier on the way here always is: the
// search that accepted the previous answer, run again, finds the same
// witness, so some choice is always left even where a search from the next
// answer alone would run out of budget.
func (o *opCtx) guardSA(r *run, k SAKind) *saProbe {
	p := r.newProbe(o, k)
	p.guarded, p.from, p.at, p.nextID = r, r.pos, -1, ""
	if r.probes != nil {
		p.memo = r.probes.guardAt(r.trail[:p.from])
	}
	if p.accept == nil {
		p.accept = p.accepts
	}
	r.guard = p.accept
	return p
}

// liftGuard lifts the guard guardSA set.
func (r *run) liftGuard(p *saProbe) {
	r.guard = nil
	r.release(p)
}

// accepts is the guard's test of a choice.
func (p *saProbe) accepts(f Faction, id string) bool {
	r := p.guarded
	q := r.trail[p.from:r.pos]
	if p.at != len(q) {
		p.at, p.nextID = len(q), p.next(q)
	}
	return id == p.nextID || p.leadsAfter(q, answer{Faction: f, Choice: id})
}

// next is the next answer of the witness found from the longest beginning
// of q that q still follows ("" if none).
func (p *saProbe) next(q []answer) string {
	for i := len(q); i >= 0; i-- {
		w, ok := p.witness(q[:i])
		if !ok || len(w) <= len(q) {
			continue
		}
		if slices.EqualFunc(w[i:len(q)], q[i:], func(a, b answer) bool { return a.Choice == b.Choice }) {
			return w[len(q)].Choice
		}
	}
	return ""
}
