package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Patrol (3.2.3) for JPN, NAT and WLD, and the simultaneous movement that
// Patrol and Sweep (3.2.4) share.

// patrolCost is what a Patrol costs in all, however many LoCs (3.2.3).
var patrolCost = [NumFactions]int{JPN: 3, NAT: 2, WLD: 1}

// patrolKinds are the cubes a faction moves on Patrol: JPN Troops and
// Police, NAT or WLD Troops.
func patrolKinds(f Faction) []Piece {
	switch f {
	case JPN:
		return []Piece{JPNTroop, JPNPolice}
	case NAT:
		return []Piece{NATTroop}
	}
	return []Piece{WLDTroop}
}

// patrolOrigin reports whether f's cubes may Patrol out of a space (3.2.3):
// an adjacent Province (for JPN also Manchukuo), or an adjacent LoC without
// Chinese Troops (JPN) or without JPN cubes (NAT, WLD). Movement is
// simultaneous, and a Patrol never changes what blocks its own origins.
func patrolOrigin(r *run, f Faction, from SpaceID) bool {
	sp, p := &r.m.Spaces[from], &r.s.Spaces[from].Pieces
	switch {
	case sp.IsLoC() && f == JPN:
		return p.ChineseTroops() == 0
	case sp.IsLoC():
		return p.JPNCubes() == 0
	}
	return mayHold(r.m, f, from)
}

// patrolActivators counts the cubes on a LoC that Activate CPC Guerrillas
// after a Patrol: JPN cubes; for NAT every Chinese Troop; WLD Troops.
func patrolActivators(p *Pieces, f Faction) int {
	switch f {
	case JPN:
		return p.JPNCubes()
	case NAT:
		return p.ChineseTroops()
	}
	return p.N(WLDTroop)
}

// patrolAssaultAffordable reports whether JPN could pay for an Assault of
// its Patrol, the Patrol itself paid (free in a Large Offensive, 2.3.8).
func patrolAssaultAffordable(r *run, o *opCtx) bool {
	if o.f != JPN || o.free {
		return true
	}
	need := 3
	if len(o.spaces) == 0 {
		need += patrolCost[JPN]
	}
	return r.s.Resources[JPN] >= need
}

// patrolDest reports whether a LoC may be selected as a Patrol destination
// now: not Flooded (deck.md §6), WLD's limit of three, the Patrol's cost
// when it is the first, and something to do there: cubes to move in, CPC
// Guerrillas to Activate or an Assault.
func patrolDest(r *run, o *opCtx, id SpaceID) bool {
	f := o.f
	if !r.m.Spaces[id].IsLoC() || !r.s.cubesMayEnter(r.m, f, id) {
		return false
	}
	if f == WLD && len(o.spaces) >= 3 {
		return false
	}
	if len(o.spaces) == 0 && !o.afford(r, patrolCost[f]) {
		return false
	}
	p := &r.s.Spaces[id].Pieces
	if p[CPCGuerrilla] > 0 && patrolActivators(p, f) > 0 {
		return true
	}
	if convCanAssault(r, f, id) && patrolAssaultAffordable(r, o) {
		return true
	}
	for _, a := range r.m.Spaces[id].Adj {
		if convCount(&r.s.Spaces[a].Pieces, patrolKinds(f)) > 0 && patrolOrigin(r, f, a) {
			return true
		}
	}
	return false
}

func patrolCan(r *run, o *opCtx) bool {
	for i := range r.m.Spaces {
		if o.selectable(SpaceID(i)) && patrolDest(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func convCount(p *Pieces, ks []Piece) int {
	n := 0
	for _, k := range ks {
		n += p.N(k)
	}
	return n
}

func patrol(r *run, o *opCtx) error {
	f, s := o.f, r.s
	question := "%s Patrol (%d Resources in all, any number of LoCs): choose a destination LoC"
	if f == WLD {
		question = "%s Patrol (%d Resources in all, up to three LoCs): choose a destination LoC"
	}
	for {
		id, err := o.pickSpace(r, convSayPick(r, question, f, patrolCost[f]), func(id SpaceID) bool {
			return patrolDest(r, o, id)
		})
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		if len(o.spaces) == 1 {
			o.pay(r, patrolCost[f])
		}
	}
	if len(o.spaces) == 0 {
		return nil
	}
	paid := patrolCost[f]
	if o.free {
		paid = 0
	}
	r.note(f, "%s Patrol: destinations %v, for %d Resources.", f, &convSpaces{r.m, o.spaces}, paid)
	mv := &convMover{r: r, f: f, op: Patrol, kinds: patrolKinds(f), escort: f == NAT, moves: r.scratch.takeMoves(8),
		origin: func(a SpaceID) bool { return patrolOrigin(r, f, a) }}
	if err := mv.run(o.spaces); err != nil {
		return err
	}
	// Activation on each destination LoC: JPN must, NAT and WLD may.
	for _, d := range o.spaces {
		n := patrolActivators(&s.Spaces[d].Pieces, f)
		if err := convActivate(r, f, mv, d, n, []Faction{CPC}, f != JPN); err != nil {
			return err
		}
	}
	if f == JPN {
		return patrolAssaultsJPN(r, o)
	}
	// NAT and WLD: one free Assault on one of the LoCs.
	id, err := r.askSpace(f, sayAsked(r, "%s Patrol: free Assault on one of the LoCs?", f), "done: no Assault", func(add func(SpaceID)) {
		for _, d := range o.spaces {
			if convCanAssault(r, f, d) {
				add(d)
			}
		}
	})
	if err != nil || id < 0 {
		return err
	}
	targets, withWLD, err := convAssaultChoices(r, f, id)
	if err != nil {
		return err
	}
	return assaultSpace(r, o, id, f, targets, withWLD)
}

// patrolAssaultsJPN: JPN may Assault up to once on each LoC of its Patrol,
// paying 3 Resources for each (nothing in a free Operation or Large
// Offensive, 2.3.8).
func patrolAssaultsJPN(r *run, o *opCtx) error {
	var done []SpaceID
	for {
		id, err := r.askSpace(JPN, sayAsked(r, "JPN Patrol: Assault on a LoC (3 Resources each; JPN has %d)?", r.s.Resources[JPN]), "done: no more Assaults", func(add func(SpaceID)) {
			if !o.afford(r, 3) {
				return
			}
			for _, d := range o.spaces {
				if !slices.Contains(done, d) && convCanAssault(r, JPN, d) {
					add(d)
				}
			}
		})
		if err != nil || id < 0 {
			return err
		}
		done = append(done, id)
		o.pay(r, 3)
		targets, _, err := convAssaultChoices(r, JPN, id)
		if err != nil {
			return err
		}
		if err := assaultSpace(r, o, id, JPN, targets, false); err != nil {
			return err
		}
	}
}

// convActivate Activates up to n Underground Guerrillas of the factions fs
// in a space for faction f's Operation op. The executing faction chooses how
// they split between NAT and CPC; when optional, it may Activate fewer.
func convActivate(r *run, f Faction, op *convMover, id SpaceID, n int, fs []Faction, optional bool) error {
	p := &r.s.Spaces[id].Pieces
	nat, cpc := 0, 0
	for _, g := range fs {
		switch g {
		case NAT:
			nat = p.N(NATGuerrilla)
		case CPC:
			cpc = p.N(CPCGuerrilla)
		}
	}
	n = min(n, nat+cpc)
	if n == 0 {
		return nil
	}
	var err error
	if optional {
		if n, err = r.askCount(f, sayAsked(r, "%v in %v: Activate how many Guerrillas (up to %d)?", op, convNm(r, id), n), 0, n); err != nil || n == 0 {
			return err
		}
	}
	natN := min(n, nat)
	if nat > 0 && cpc > 0 {
		if natN, err = r.askCount(f, sayAsked(r, "%v in %v: Activating %d Guerrillas. How many of them NAT (the rest CPC)?", op, convNm(r, id), n), max(0, n-cpc), min(n, nat)); err != nil {
			return err
		}
	}
	a := r.s.activate(id, NAT, natN)
	b := r.s.activate(id, CPC, n-natN)
	switch {
	case a == 0:
		r.note(f, "%v in %v: Activated %d CPC Guerrillas.", op, convNm(r, id), b)
	case b == 0:
		r.note(f, "%v in %v: Activated %d NAT Guerrillas.", op, convNm(r, id), a)
	default:
		r.note(f, "%v in %v: Activated %d NAT and %d CPC Guerrillas.", op, convNm(r, id), a, b)
	}
	return nil
}

// convMove is one group of pieces moved in a Patrol or Sweep.
type convMove struct {
	from, to SpaceID
	k        Piece
	n        int
}

// convMover carries out the simultaneous movement of a Patrol or Sweep
// (3.2.3, 3.2.4): the destinations are already selected; for each, the
// executing faction names origins and how many pieces come from each. A
// piece moves at most once and only pieces that began the Operation in an
// origin move, so what arrives in a space never moves on.
type convMover struct {
	r      *run
	f      Faction
	op     OpKind
	kinds  []Piece
	origin func(SpaceID) bool
	// escort lets each moving NAT Troop take one WLD Troop that began in
	// the same space, for 1 Resource to WLD: once in all (perDest false,
	// Patrol) or per destination (perDest true, Sweep).
	escort  bool
	perDest bool
	moves   []convMove
	paid    []SpaceID // destinations paid for (Sweep)
	paidAll bool      // Patrol paid
}

// String names the Operation, for questions: "NAT Sweep".
func (mv *convMover) String() string { return mv.f.String() + " " + opLabel(mv.op) }

// convKindList names the kinds a mover moves: "JPN Troops or JPN Police".
type convKindList convMover

func (l *convKindList) String() string {
	names := make([]string, len(l.kinds))
	for i, k := range l.kinds {
		names[i] = k.String()
	}
	return strings.Join(names, " or ")
}

// convMoveLog is the log line of all the moves.
type convMoveLog convMover

func (l *convMoveLog) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s moves: ", l.f, opLabel(l.op))
	for i, m := range l.moves {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d %s from %s to %s", m.n, m.k, l.r.name(m.from), l.r.name(m.to))
	}
	b.WriteString(".")
	return b.String()
}

// unmoved counts the pieces of kind k in a space that may still move: those
// there minus those that arrived during the Operation.
func (mv *convMover) unmoved(id SpaceID, k Piece) int {
	n := mv.r.s.Spaces[id].Pieces.N(k)
	for _, m := range mv.moves {
		if m.to == id && m.k == k {
			n -= m.n
		}
	}
	return n
}

func (mv *convMover) movable(id SpaceID) int {
	n := 0
	for _, k := range mv.kinds {
		n += mv.unmoved(id, k)
	}
	return n
}

// mayEscort reports whether WLD Troops may go along into destination d:
// already paid for, or NAT can pay.
func (mv *convMover) mayEscort(d SpaceID) bool {
	if !mv.escort {
		return false
	}
	if mv.paidAll || slices.Contains(mv.paid, d) {
		return true
	}
	return convCanPayWLD(mv.r)
}

// into asks for the moves into destination d.
func (mv *convMover) into(d SpaceID) error {
	r, s, f := mv.r, mv.r.s, mv.f
	for {
		from, err := r.askSpace(f, sayAsked(r, "%v: move %v into %v from which adjacent space?", mv, (*convKindList)(mv), convNm(r, d)), "done: no more moves into this space", func(add func(SpaceID)) {
			for _, a := range r.m.Spaces[d].Adj {
				if mv.movable(a) > 0 && mv.origin(a) {
					add(a)
				}
			}
		})
		if err != nil || from < 0 {
			return err
		}
		k := mv.kinds[0]
		if len(mv.kinds) > 1 {
			ans, err := r.ask(f, sayAsked(r, "%v from %v into %v: move which cubes?", mv, convNm(r, from), convNm(r, d)), func(c *choiceList) {
				for _, k := range mv.kinds {
					if n := mv.unmoved(from, k); n > 0 {
						c.add("piece:"+pieceInfo[k].key, fmt.Sprintf("%s (%d may move)", k, n))
					}
				}
			})
			if err != nil {
				return err
			}
			kk, ok := pieceByKey(strings.TrimPrefix(ans, "piece:"))
			if !ok {
				return fmt.Errorf("engine: recorded answer %q names no piece", ans)
			}
			k = kk
		}
		n, err := r.askCount(f, sayAsked(r, "%v: how many %s from %v into %v?", mv, k, convNm(r, from), convNm(r, d)), 1, mv.unmoved(from, k))
		if err != nil {
			return err
		}
		w := 0
		if mv.escort && mv.unmoved(from, WLDTroop) > 0 && mv.mayEscort(d) {
			if w, err = r.askCount(f, sayAsked(r, "%v: how many WLD Troops from %v go along with the %d NAT Troops into %v (NAT pays WLD 1 Resource for using them, once per Patrol or per Sweep destination)?", mv, convNm(r, from), n, convNm(r, d)), 0, min(n, mv.unmoved(from, WLDTroop))); err != nil {
				return err
			}
		}
		s.relocate(from, d, k, n)
		mv.moves = append(mv.moves, convMove{from, d, k, n})
		if w == 0 {
			continue
		}
		s.relocate(from, d, WLDTroop, w)
		mv.moves = append(mv.moves, convMove{from, d, WLDTroop, w})
		switch {
		case mv.perDest && !slices.Contains(mv.paid, d):
			mv.paid = append(mv.paid, d)
			convPayWLD(r, "for the WLD Troops moved into", d)
		case !mv.perDest && !mv.paidAll:
			mv.paidAll = true
			convPayWLD(r, "for the WLD Troops moving on Patrol with NAT, first into", d)
		}
	}
}

// run asks for the moves into each destination in turn and logs them.
func (mv *convMover) run(dests []SpaceID) error {
	for _, d := range dests {
		if err := mv.into(d); err != nil {
			return err
		}
	}
	if len(mv.moves) > 0 {
		mv.r.note(mv.f, "%v", (*convMoveLog)(mv))
	}
	return nil
}
