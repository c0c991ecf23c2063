package engine

import (
	"fmt"
	"slices"
	"sync"
)

// OpKind names an Operation (3.0).
type OpKind string

const (
	Recruit OpKind = "recruit"
	Patrol  OpKind = "patrol"
	Sweep   OpKind = "sweep"
	Assault OpKind = "assault"
	Rally   OpKind = "rally"
	March   OpKind = "march"
	Attack  OpKind = "attack"
	Agitate OpKind = "agitate"
)

// SAKind names a Special Activity (4.0).
type SAKind string

const (
	Deploy     SAKind = "deploy"
	Transport  SAKind = "transport"
	AntiBandit SAKind = "anti_bandit"
	Govern     SAKind = "govern"
	Partisan   SAKind = "partisan"
	Extort     SAKind = "extort"
	Suborn     SAKind = "suborn"
	Organize   SAKind = "organize"
	Tax        SAKind = "tax"
	Subvert    SAKind = "subvert"
	Ambush     SAKind = "ambush"
)

// opDef is one faction's Operation: whether it can be executed now, and its
// procedure.
type opDef struct {
	// can reports whether the Operation has at least one space it could be
	// executed in now (cost included). canStart adds the spaces a Special
	// Activity done first could open (4.1).
	can func(r *run, o *opCtx) bool
	run func(r *run, o *opCtx) error
}

// saDef is one faction's Special Activity.
type saDef struct {
	// with lists the Operations it may accompany (4.1.1); nil means any.
	with []OpKind
	// enables lists the Operations it may make possible when done
	// immediately before them (4.1): those whose spaces depend on what it
	// changes (docs/rulings.md C16), each with a condition it needs to (nil:
	// none beyond the Resources). gains marks the Special Activities that add
	// the faction's own Resources; the others never raise them.
	enables needs
	gains   bool
	can     func(r *run, o *opCtx) bool
	run     func(r *run, o *opCtx) error
}

// opCtx is an Operation being executed, with its accompanying Special
// Activity. Procedures read it to know their limits and record in it what
// they selected.
type opCtx struct {
	f    Faction
	kind OpKind
	// limited is a Limited Operation (2.3.5): one space (one destination),
	// no Special Activity.
	limited bool
	// free costs no Resources (3.1.2, 5.5; and a Large Offensive, 2.3.8).
	// Payments the rules demand even of free Operations (Pacify, NAT's
	// payments to WLD) are still due.
	free           bool
	largeOffensive bool
	// saKinds are the Special Activities that may accompany it; empty when
	// none may.
	saKinds []SAKind
	// where narrows the spaces the Operation may select (an Event's free
	// Operation); nil means no narrowing.
	where func(SpaceID) bool
	// maxSpaces caps the spaces selected; 0 means no cap beyond the rules'.
	maxSpaces int

	spaces []SpaceID // selected so far, in order (3.1: each once)
	sa     SAKind    // the Special Activity executed, if any
	// saSpaces are the spaces the Special Activity selected, for the log
	// and for Special Activities that care (Ambush).
	saSpaces []SpaceID
	// inSA is set while the Special Activity runs, so its own prompts do
	// not offer it again.
	inSA bool
}

// selected reports whether a space has been selected for the Operation.
func (o *opCtx) selected(id SpaceID) bool { return slices.Contains(o.spaces, id) }

// room reports whether another space may still be selected.
func (o *opCtx) room() bool {
	if o.limited && len(o.spaces) >= 1 {
		return false
	}
	return o.maxSpaces == 0 || len(o.spaces) < o.maxSpaces
}

// selectable reports whether space id may be selected next, as far as the
// Operation's framework is concerned: not yet selected, within the Event's
// narrowing and caps. The Operation adds its own conditions.
func (o *opCtx) selectable(id SpaceID) bool {
	return o.room() && !o.selected(id) && (o.where == nil || o.where(id))
}

// afford reports whether the executing faction can pay n Resources (always
// true for a free Operation).
func (o *opCtx) afford(r *run, n int) bool { return o.free || r.s.Resources[o.f] >= n }

// pay deducts an Operation's cost (nothing if free).
func (o *opCtx) pay(r *run, n int) {
	if !o.free {
		r.s.Resources[o.f] -= n
	}
}

// canSA reports whether a Special Activity may still be executed now.
func (o *opCtx) canSA(r *run) bool {
	if o.sa != "" || o.inSA || len(o.saKinds) == 0 {
		return false
	}
	for _, k := range o.saKinds {
		if d, ok := saDefs[o.f][k]; ok && d.can(r, o) {
			return true
		}
	}
	return false
}

// offerSA adds the Special Activities the faction may execute at this
// point (4.1: immediately before, during or after the Operation). Before
// the Operation's first space, only those that can leave it a space.
func (o *opCtx) offerSA(r *run, c *choiceList) {
	if o.sa != "" || o.inSA {
		return
	}
	for _, k := range o.saKinds {
		if o.first() {
			if !saFirstOK(r, o, k) {
				continue
			}
		} else if d, ok := saDefs[o.f][k]; !ok || !d.can(r, o) {
			continue
		}
		id, label := saOffer(k)
		c.add(id, label)
	}
}

// first reports whether a Special Activity now would come immediately
// before the Operation: it has selected no space yet.
func (o *opCtx) first() bool { return o.kind != "" && len(o.spaces) == 0 }

// doSA runs the Special Activity named by a "sa:" answer.
func (o *opCtx) doSA(r *run, answer string) error {
	k := SAKind(answer[len("sa:"):])
	d, ok := saDefs[o.f][k]
	if !ok {
		return fmt.Errorf("engine: unknown special activity %q", answer)
	}
	if o.first() {
		defer r.liftGuard(o.guardSA(r, k))
	}
	o.sa, o.inSA = k, true
	r.note(o.f, "%s executes %s.", o.f, saLabel(k))
	err := d.run(r, o)
	o.inSA = false
	return err
}

// pickSpace asks for the next space of the Operation. The prompt also
// offers the Special Activity (run on the spot, then the question comes
// again) and "done" once a space has been selected: an Operation is
// executed in at least one space (4.1), and canStart and offerSA make sure
// the first question has a space or a Special Activity opening one. It
// returns -1 for done.
func (o *opCtx) pickSpace(r *run, question text, ok func(SpaceID) bool) (SpaceID, error) {
	for {
		r.openForTransfers = true
		ans, err := r.ask(o.f, question, func(c *choiceList) {
			for i := range r.m.Spaces {
				id := SpaceID(i)
				if o.selectable(id) && ok(id) {
					c.add(r.m.choice(id), r.m.Spaces[i].Name)
				}
			}
			o.offerSA(r, c)
			if len(o.spaces) > 0 {
				c.add("done", "done selecting spaces")
			}
		})
		if err != nil {
			return 0, err
		}
		switch {
		case ans == "done":
			return -1, nil
		case len(ans) > 3 && ans[:3] == "sa:":
			if err := o.doSA(r, ans); err != nil {
				return 0, err
			}
			continue
		}
		id, okName := r.m.ID(ans[len("space:"):])
		if !okName {
			return 0, fmt.Errorf("engine: recorded answer %q names no space", ans)
		}
		o.spaces = append(o.spaces, id)
		return id, nil
	}
}

// finishSA offers the Special Activity once more after the Operation
// (4.1: immediately after).
func (o *opCtx) finishSA(r *run) error {
	if !o.canSA(r) {
		return nil
	}
	r.openForTransfers = true
	ans, err := r.ask(o.f, sayAsked(r, "%s %s is complete. Add a Special Activity?", o.f, opLabel(o.kind)), func(c *choiceList) {
		o.offerSA(r, c)
		c.add("done", "no Special Activity")
	})
	if err != nil || ans == "done" {
		return err
	}
	return o.doSA(r, ans)
}

// runOp executes an Operation and the Special Activity offered with it.
func runOp(r *run, o *opCtx) error {
	d, ok := opDefs[o.f][o.kind]
	if !ok {
		return fmt.Errorf("engine: %s has no %s operation", o.f, o.kind)
	}
	what := "an Operation"
	switch {
	case o.largeOffensive:
		what = "a Large Offensive"
	case o.limited:
		what = "a Limited Operation"
	case o.free:
		what = "a free Operation"
	}
	r.note(o.f, "%s executes %s: %s.", o.f, what, opLabel(o.kind))
	if err := d.run(r, o); err != nil {
		return err
	}
	return o.finishSA(r)
}

// canStart reports whether an Operation can be executed: in a space now,
// or after a Special Activity done immediately before it (4.1; C16).
func canStart(r *run, o *opCtx) bool {
	d, ok := opDefs[o.f][o.kind]
	if !ok {
		return false
	}
	if d.can(r, o) {
		return true
	}
	for _, k := range o.saKinds {
		if saEnables(r, o, k) {
			return true
		}
	}
	return false
}

// saKindsFor lists the Special Activities that may accompany an Operation
// of kind k (4.1.1). The lists are computed once, after every Special
// Activity has registered itself.
func saKindsFor(f Faction, k OpKind) []SAKind {
	saKindsOnce.Do(func() {
		for _, fa := range Factions {
			saKindsTable[fa] = map[OpKind][]SAKind{}
			for _, op := range FactionOps[fa] {
				saKindsTable[fa][op] = computeSAKinds(fa, op)
			}
		}
	})
	return saKindsTable[f][k]
}

var (
	saKindsOnce  sync.Once
	saKindsTable [NumFactions]map[OpKind][]SAKind
)

func computeSAKinds(f Faction, k OpKind) []SAKind {
	var out []SAKind
	for _, sa := range FactionSAs[f] {
		d, ok := saDefs[f][sa]
		if ok && (d.with == nil || slices.Contains(d.with, k)) {
			out = append(out, sa)
		}
	}
	return out
}

var (
	opLabels = map[OpKind]string{Recruit: "Recruit", Patrol: "Patrol", Sweep: "Sweep", Assault: "Assault", Rally: "Rally", March: "March", Attack: "Attack", Agitate: "Agitate"}
	saLabels = map[SAKind]string{Deploy: "Deploy", Transport: "Transport", AntiBandit: "Anti-Bandit Action", Govern: "Govern", Partisan: "Partisan Action", Extort: "Extort", Suborn: "Suborn", Organize: "Organize", Tax: "Tax", Subvert: "Subvert", Ambush: "Ambush"}
)

func opLabel(k OpKind) string { return opLabels[k] }

// saOffer is the answer offering Special Activity k, and its label.
func saOffer(k SAKind) (id, label string) {
	if c, ok := saOfferTable[k]; ok {
		return c.ID, c.Label
	}
	return "sa:" + string(k), "Special Activity: " + saLabel(k)
}

// saOfferTable holds the answers offering each Special Activity, built once.
var saOfferTable = func() map[SAKind]Choice {
	m := map[SAKind]Choice{}
	for k, l := range saLabels {
		m[k] = Choice{ID: "sa:" + string(k), Label: "Special Activity: " + l}
	}
	return m
}()

func saLabel(k SAKind) string { return saLabels[k] }
