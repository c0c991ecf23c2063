package engine

import (
	"strings"
)

// The Event interpreter: it executes a card side's steps (deck.md §2, §4)
// inside the decision contract. Every choice the text leaves open is an ask
// with exactly the legal choices; a step does what can be done (5.1.3, E3)
// and never breaks the limits of 5.1.1 (E4).

const (
	// EventEligNone: no Event has changed the faction's eligibility.
	EventEligNone EventElig = iota
	// EventEligStays: Eligible at the next adjustment whatever it did.
	EventEligStays
	// EventEligIneligible: Ineligible at once, and at the next adjustment.
	EventEligIneligible
)

// evEnv is an Event being executed.
type evEnv struct {
	f    Faction // the executing faction ("self")
	card *Card
	flag string // the side's CAPABILITY or MOMENTUM flag
	vars []evVar
}

type evVar struct {
	name string
	set  evSet
}

func (e *evEnv) who(w evWho) Faction {
	if w == evSelf {
		return e.f
	}
	return Faction(w)
}

func (e *evEnv) bind(name string, set evSet) {
	for i := range e.vars {
		if e.vars[i].name == name {
			e.vars[i].set = set
			return
		}
	}
	e.vars = append(e.vars, evVar{name, set})
}

// lookup is a bound set; a name bound only inside a loop that never ran
// denotes no space.
func (e *evEnv) lookup(name string) evSet {
	for _, v := range e.vars {
		if v.name == name {
			return v.set
		}
	}
	return 0
}

// runEvent executes one side of the current card for faction f: "unshaded",
// "shaded", or "" for a single-text card.
func runEvent(r *run, f Faction, card *Card, side string) error {
	cs := &card.Unshaded
	label := "Event"
	switch side {
	case "shaded":
		cs, label = card.Shaded, "shaded Event"
	case "unshaded":
		label = "unshaded Event"
	}
	r.note(f, "%s executes the %s of #%d %s: %s", f, label, card.Number, card.Title, cs.Text)
	e := &evEnv{f: f, card: card, flag: cs.Flag}
	return e.run(r, cs.prog)
}

func (e *evEnv) run(r *run, steps []evStep) error {
	for _, st := range steps {
		if err := st.exec(r, e); err != nil {
			return err
		}
	}
	return nil
}

// resolve is the set of spaces a reference denotes now.
func (e *evEnv) resolve(r *run, ref *evRef) evSet {
	switch {
	case ref == nil:
		return 0
	case ref.isName:
		return evOne(ref.name)
	case ref.filter == nil:
		return e.lookup(ref.v)
	}
	return e.eval(r, ref.filter)
}

// eval is the set of spaces matching a filter now (deck.md §3).
func (e *evEnv) eval(r *run, f *evFilter) evSet {
	var adj, in, notIn, anyOf evSet
	for _, ref := range f.adjacentTo {
		adj |= e.resolve(r, ref)
	}
	if f.in != "" {
		in = e.lookup(f.in)
	}
	for _, n := range f.notIn {
		notIn |= e.lookup(n)
	}
	for _, sf := range f.anyOf {
		anyOf |= e.eval(r, sf)
	}
	var out evSet
	for i := range r.m.Spaces {
		id := SpaceID(i)
		if evKindMask(&r.m.Spaces[i])&f.kinds == 0 ||
			(f.hasNames && !f.names.has(id)) || f.notNames.has(id) ||
			(f.in != "" && !in.has(id)) || notIn.has(id) ||
			(len(f.anyOf) > 0 && !anyOf.has(id)) ||
			(len(f.adjacentTo) > 0 && !evAdjacentTo(r.m, id, adj)) ||
			!f.matchSpace(r, id) {
			continue
		}
		out = out.add(id)
	}
	return out
}

func evKindMask(sp *Space) uint8 {
	switch {
	case sp.IsProvince():
		return evKindProvince
	case sp.IsLoC():
		return evKindLoC
	case sp.Enterable:
		return evKindManchukuo
	}
	return 0
}

func evAdjacentTo(m *Map, id SpaceID, targets evSet) bool {
	for _, a := range m.Spaces[id].Adj {
		if targets.has(a) {
			return true
		}
	}
	return false
}

func evTri(t int8, v bool) bool { return t == 0 || (t == 1) == v }

// matchSpace checks the keys that read the space and its state.
func (f *evFilter) matchSpace(r *run, id SpaceID) bool {
	sp, st := &r.m.Spaces[id], &r.s.Spaces[id]
	if (f.provOnly && !sp.IsProvince()) || (f.locOnly && !sp.IsLoC()) {
		return false
	}
	if (f.rough != 0 && sp.Rough != (f.rough == 1)) || !evTri(f.coastal, sp.Coastal) ||
		(f.popMin >= 0 && sp.Pop < f.popMin) || (f.popMax >= 0 && sp.Pop > f.popMax) ||
		(f.econMin >= 0 && sp.Econ < f.econMin) || (f.river != 0 && sp.River != (f.river == 1)) {
		return false
	}
	if f.hasSupport && f.support&(1<<(st.Support+1)) == 0 {
		return false
	}
	if f.hasControl && f.control&(1<<r.s.ControlOf(r.m, id)) == 0 {
		return false
	}
	if !evTri(f.terror, st.Terror) || !evTri(f.sabotage, st.Sabotage) || (f.flooded != 0 && !evTri(f.flooded, r.s.Flooded(r.m, id))) {
		return false
	}
	for _, pc := range f.pieces {
		n := 0
		for _, k := range pc.kinds {
			n += st.Pieces[k]
		}
		if n < pc.min || (pc.max >= 0 && n > pc.max) {
			return false
		}
	}
	return true
}

// box is an off-map box of the state.
func (s *State) evBox(b evBox) *Pieces {
	switch b {
	case evCasualties:
		return &s.Casualties
	case evOutOfPlay:
		return &s.OutOfPlay
	}
	return &s.Available
}

// evNames lists the spaces of a set, for the log.
func evNames(m *Map, set evSet) string {
	var names []string
	set.each(func(id SpaceID) { names = append(names, m.Spaces[id].Name) })
	if len(names) == 0 {
		return "no space"
	}
	return strings.Join(names, ", ")
}

// evSpacesWhere is the set of spaces of from for which ok holds.
func evSpacesWhere(from evSet, ok func(SpaceID) bool) evSet {
	var out evSet
	from.each(func(id SpaceID) {
		if ok(id) {
			out = out.add(id)
		}
	})
	return out
}

// evAskSpace asks for the space of an Event's next effect: a point where
// voluntary transfers may be made (1.5.2), as at an Operation's space
// selection.
func evAskSpace(r *run, f Faction, q text, done string, gen func(add func(SpaceID))) (SpaceID, error) {
	r.openForTransfers = true
	return r.askSpace(f, q, done, gen)
}

func evAddSet(set evSet) func(add func(SpaceID)) {
	return func(add func(SpaceID)) { set.each(add) }
}

// evIf is a if cond, else b.
func evIf(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

func evUpToDone(upTo bool, label string) string {
	if upTo {
		return label
	}
	return ""
}

// ---------------------------------------------------------------- flow

// ---------------------------------------------------------------- pieces

// ---------------------------------------------------------------- markers

// ---------------------------------------------------------------- tracks

// ---------------------------------------------------------------- sequence and lasting

// evStep is one step of an Event's effect.
type evStep interface {
	exec(r *run, e *evEnv) error
}
