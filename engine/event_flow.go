package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// The steps that shape an Event: choosing spaces, looping over them,
// choosing one option and rolling a die (deck.md §4.1).

// evChooseSpaces binds a name to spaces matching a filter: all of them, or
// as many as the chooser picks (choose_spaces).
type evChooseSpaces struct {
	as      string
	filter  *evFilter
	count   int // 0: all
	upTo    bool
	chooser evWho
}

// readChooseSpaces reads a choose_spaces step.
func (x *evStepReader) readChooseSpaces() evStep {
	p, obj := x.p, x.obj
	st := &evChooseSpaces{count: p.count(x.path, "count", obj["count"], true), upTo: x.upTo(), chooser: x.chooser()}
	fo, ok := obj["filter"].(map[string]any)
	if !ok {
		p.errf(x.path, "filter", "must be a filter object")
		fo = map[string]any{}
	}
	var set evSet
	st.filter, set = p.filter(x.path, "filter", fo, x.sc)
	x.nonEmpty("filter", set)
	st.as = x.bind("as", x.sc, set)
	return st
}

// exec executes choose_spaces: it binds st.as to the chosen spaces.
func (st *evChooseSpaces) exec(r *run, e *evEnv) error {
	all := e.eval(r, st.filter)
	if st.count == 0 {
		e.bind(st.as, all)
		return nil
	}
	n := min(st.count, all.count())
	who := e.who(st.chooser)
	var chosen evSet
	for chosen.count() < n {
		left := all &^ chosen
		if !st.upTo && n-chosen.count() == left.count() {
			chosen |= left
			break
		}
		id, err := evAskSpace(r, who, sayAsked(r, "#%d %s: choose a space (%d of %d)", e.card.Number, e.card.Title, chosen.count()+1, n), evUpToDone(st.upTo, "done choosing spaces"), evAddSet(left))
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		chosen = chosen.add(id)
	}
	e.bind(st.as, chosen)
	if all.count() > n || st.upTo {
		r.note(who, "#%d: %s chose %s.", e.card.Number, who, evNames(r.m, chosen))
	}
	return nil
}

// evForEach runs its steps once for each space of a bound set (for_each).
type evForEach struct {
	in, as string
	do     []evStep
}

// readForEach reads a for_each step.
func (x *evStepReader) readForEach() evStep {
	p, obj := x.p, x.obj
	in, _ := obj["in"].(string)
	if !strings.HasPrefix(in, "$") {
		p.errf(x.path, "in", "must be a $NAME, got %s", evShow(obj["in"]))
		return nil
	}
	_, set := p.ref(x.path, "in", in, x.sc)
	inner := x.sc.clone()
	st := &evForEach{in: in[1:]}
	st.as = x.bind("as", inner, set)
	st.do = p.steps(x.path+" do", obj["do"], inner)
	// Names bound inside the body stay unique across the side.
	for k, v := range inner {
		if _, ok := x.sc[k]; !ok && k != st.as {
			x.sc[k] = v
		}
	}
	return st
}

// exec executes for_each: the executing faction orders the spaces when the
// order matters.
func (st *evForEach) exec(r *run, e *evEnv) error {
	rest := e.lookup(st.in)
	ordered := st.orderMatters(r, e, rest.count())
	for rest != 0 {
		id := rest.first()
		if ordered && rest.count() > 1 {
			var err error
			id, err = evAskSpace(r, e.f, sayAsked(r, "#%d %s: which space next?", e.card.Number, e.card.Title), "", evAddSet(rest))
			if err != nil {
				return err
			}
		}
		rest = rest.minus(id)
		e.bind(st.as, evOne(id))
		if err := e.run(r, st.do); err != nil {
			return err
		}
	}
	return nil
}

// orderMatters reports whether the order of the loop's spaces could change
// its outcome. The executing faction chooses the order (deck.md §4.1); when
// every step acts only in the loop's own space and no box can run short, any
// order gives the same result and the engine does not ask.
func (st *evForEach) orderMatters(r *run, e *evEnv, n int) bool {
	var need [3]Pieces
	own := func(ref *evRef) bool { return ref != nil && ref.filter == nil && !ref.isName && ref.v == st.as }
	for _, s := range st.do {
		switch x := s.(type) {
		case *evRemove:
			if !own(x.where) {
				return true
			}
		case *evFlip:
			if !own(x.where) {
				return true
			}
		case *evShift:
			if !own(x.where) {
				return true
			}
		case *evMarker:
			if x.marker == "floods" || !own(x.where) {
				return true
			}
		case *evPlace:
			if !own(x.where) {
				return true
			}
			need[x.from][boxKind(x.piece)] += int16(x.count * n)
		default:
			return true
		}
	}
	for b := range need {
		box := r.s.evBox(evBox(b))
		for k, v := range need[b] {
			if v > box[k] {
				return true
			}
		}
	}
	return false
}

// evChooseOne lets the chooser pick one of several labelled step lists
// (choose_one).
type evChooseOne struct {
	chooser evWho
	labels  []string
	dos     [][]evStep
}

// readChooseOne reads a choose_one step.
func (x *evStepReader) readChooseOne() evStep {
	p, obj := x.p, x.obj
	l, ok := obj["options"].([]any)
	if !ok || len(l) < 2 {
		p.errf(x.path, "options", "choose_one needs at least two options")
		return nil
	}
	st := &evChooseOne{chooser: x.chooser()}
	for i, o := range l {
		field := fmt.Sprintf("options[%d]", i)
		om, ok := o.(map[string]any)
		label, _ := om["label"].(string)
		if !ok || len(om) != 2 || om["do"] == nil || label == "" {
			p.errf(x.path, field, "an option has exactly a non-empty label and do")
			continue
		}
		st.labels = append(st.labels, label)
		st.dos = append(st.dos, p.steps(fmt.Sprintf("%s option %d", x.path, i+1), om["do"], x.sc.clone()))
	}
	return st
}

// exec executes choose_one: it asks for an option and runs its steps.
func (st *evChooseOne) exec(r *run, e *evEnv) error {
	who := e.who(st.chooser)
	ans, err := r.ask(who, sayAsked(r, "#%d %s: choose one", e.card.Number, e.card.Title), func(c *choiceList) {
		for i, l := range st.labels {
			c.add("option:"+strconv.Itoa(i+1), l)
		}
	})
	if err != nil {
		return err
	}
	i, err := strconv.Atoi(strings.TrimPrefix(ans, "option:"))
	if err != nil || i < 1 || i > len(st.dos) {
		return fmt.Errorf("engine: recorded answer %q is not an option", ans)
	}
	r.note(who, "#%d: %s chose %q.", e.card.Number, who, st.labels[i-1])
	return e.run(r, st.dos[i-1])
}

// evRoll rolls a die and runs the steps of the first outcome whose max is at
// least the roll (roll).
type evRoll struct {
	maxes []int
	dos   [][]evStep
}

// readRoll reads a roll step.
func (x *evStepReader) readRoll() evStep {
	p, obj := x.p, x.obj
	l, ok := obj["outcomes"].([]any)
	if !ok || len(l) == 0 {
		p.errf(x.path, "outcomes", "must be a non-empty list")
		return nil
	}
	st := &evRoll{}
	prev := 0
	for i, o := range l {
		field := fmt.Sprintf("outcomes[%d]", i)
		om, ok := o.(map[string]any)
		if !ok || len(om) != 2 || om["max"] == nil || om["do"] == nil {
			p.errf(x.path, field, "an outcome has exactly max and do")
			continue
		}
		mx, ok := evInt(om["max"])
		if !ok || mx <= prev || mx > 6 {
			p.errf(x.path, field+".max", "outcome maxima must rise strictly within 1-6, got %s", evShow(om["max"]))
		} else {
			prev = mx
		}
		st.maxes = append(st.maxes, mx)
		st.dos = append(st.dos, p.steps(fmt.Sprintf("%s outcome %d", x.path, i+1), om["do"], x.sc.clone()))
	}
	if prev != 6 {
		p.errf(x.path, "outcomes", "the last outcome must have max 6")
	}
	return st
}

// exec executes roll.
func (st *evRoll) exec(r *run, e *evEnv) error {
	d := r.roll()
	r.note(e.f, "#%d: die roll %d.", e.card.Number, d)
	for i, mx := range st.maxes {
		if d <= mx {
			return e.run(r, st.dos[i])
		}
	}
	return nil
}
