package engine

import (
	"slices"
	"strings"
)

// Event steps that grant a free Operation or Special Activity (5.5,
// deck.md §4.5).

// evFreeOp grants a faction a free Operation, possibly narrowed to some
// spaces, with its Special Activities (free_op).
type evFreeOp struct {
	f         Faction
	ops       []OpKind
	where     *evRef
	maxSpaces int
	special   []SAKind
}

// readFreeOp reads a free_op step.
func (x *evStepReader) readFreeOp() evStep {
	p, obj := x.p, x.obj
	f := x.one("faction")
	st := &evFreeOp{f: f}
	for _, name := range x.names("operation") {
		if !slices.Contains(FactionOps[f], OpKind(name)) {
			p.errf(x.path, "operation", "%s may not execute Operation %q (5.1.1)", f, name)
			continue
		}
		st.ops = append(st.ops, OpKind(name))
	}
	if _, ok := obj["special"]; ok {
		for _, name := range x.names("special") {
			if !slices.Contains(FactionSAs[f], SAKind(name)) {
				p.errf(x.path, "special", "%s may not execute Special Activity %q (5.1.1)", f, name)
				continue
			}
			st.special = append(st.special, SAKind(name))
		}
	}
	st.where, st.maxSpaces = x.narrowing()
	return st
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

// exec executes free_op.
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

// evFreeSA grants a faction a free Special Activity (free_sa).
type evFreeSA struct {
	f         Faction
	sas       []SAKind
	where     *evRef
	maxSpaces int
}

// readFreeSA reads a free_sa step.
func (x *evStepReader) readFreeSA() evStep {
	p := x.p
	f := x.one("faction")
	st := &evFreeSA{f: f}
	for _, name := range x.names("activity") {
		if !slices.Contains(FactionSAs[f], SAKind(name)) {
			p.errf(x.path, "activity", "%s may not execute Special Activity %q (5.1.1)", f, name)
			continue
		}
		st.sas = append(st.sas, SAKind(name))
	}
	st.where, st.maxSpaces = x.narrowing()
	return st
}

// exec executes free_sa.
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
	ans, err := r.ask(f, sayAsked(r, "#%d %s: %s may execute a free %s", e.card.Number, e.card.Title, f, what), func(c *choiceList) {
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

// names reads an Operation or Special Activity name, or a list of them.
func (x *evStepReader) names(field string) []string {
	v := x.obj[field]
	vals := []any{v}
	if l, ok := v.([]any); ok {
		vals = l
		if len(l) == 0 {
			x.p.errf(x.path, field, "empty list")
		}
	}
	var out []string
	for _, n := range vals {
		s, ok := n.(string)
		if !ok {
			x.p.errf(x.path, field, "%s is not a name", evShow(n))
			continue
		}
		out = append(out, s)
	}
	return out
}

// narrowing reads where and max_spaces of a free Operation or Activity.
func (x *evStepReader) narrowing() (*evRef, int) {
	var ref *evRef
	if v, ok := x.obj["where"]; ok {
		var set evSet
		ref, set = x.p.ref(x.path, "where", v, x.sc)
		x.nonEmpty("where", set)
	}
	n := 0
	if v, ok := x.obj["max_spaces"]; ok {
		n = x.p.count(x.path, "max_spaces", v, false)
	}
	return ref, n
}
