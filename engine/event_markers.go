package engine

import (
	"strings"
)

// Event steps that change the map's markers: Support and Opposition, and
// Terror, Sabotage and the Floods (deck.md §4.3).

// evShift shifts Support or Opposition in Provinces of where (shift).
type evShift struct {
	where  *evRef
	toward int
	levels int
}

// readShift reads a shift step.
func (x *evStepReader) readShift() evStep {
	p, obj := x.p, x.obj
	st := &evShift{}
	switch obj["toward"] {
	case "support":
		st.toward = Support
	case "opposition":
		st.toward = Opposition
	case "neutral":
		st.toward = Neutral
	default:
		p.errf(x.path, "toward", "must be support, opposition or neutral, got %s", evShow(obj["toward"]))
	}
	n, ok := evInt(obj["levels"])
	if !ok || (n != 1 && n != 2) {
		p.errf(x.path, "levels", "must be 1 or 2, got %s", evShow(obj["levels"]))
	}
	st.levels = n
	var set evSet
	st.where, set = p.ref(x.path, "where", obj["where"], x.sc)
	if set != 0 && p.where(set, func(sp *Space) bool { return sp.IsProvince() && sp.Pop >= 1 }) == 0 {
		p.errf(x.path, "where", "no Province with Population 1 or more can be in where")
	}
	return st
}

// exec executes shift: Provinces of Population 0 never shift.
func (st *evShift) exec(r *run, e *evEnv) error {
	e.resolve(r, st.where).each(func(id SpaceID) {
		sp := &r.m.Spaces[id]
		if !sp.IsProvince() || sp.Pop == 0 {
			return
		}
		lvl := &r.s.Spaces[id].Support
		was := *lvl
		for range st.levels {
			switch {
			case *lvl < st.toward:
				*lvl++
			case *lvl > st.toward:
				*lvl--
			}
		}
		if *lvl != was {
			r.note(e.f, "#%d: %s shifted from %s to %s.", e.card.Number, sp.Name, SupportName(was), SupportName(*lvl))
		}
	})
	return nil
}

// evMarker places or removes a Terror, Sabotage or Floods marker (marker).
type evMarker struct {
	marker string
	place  bool
	where  *evRef
}

// readMarker reads a marker step.
func (x *evStepReader) readMarker() evStep {
	p, obj := x.p, x.obj
	st := &evMarker{}
	st.marker, _ = obj["marker"].(string)
	need := map[string]func(*Space) bool{"terror": (*Space).IsProvince, "sabotage": (*Space).IsLoC, "floods": (*Space).IsProvince}[st.marker]
	if need == nil {
		p.errf(x.path, "marker", "%s is not a marker (terror, sabotage, floods)", evShow(obj["marker"]))
		return nil
	}
	switch obj["action"] {
	case "place":
		st.place = true
	case "remove":
	default:
		p.errf(x.path, "action", "must be place or remove, got %s", evShow(obj["action"]))
	}
	var set evSet
	st.where, set = p.ref(x.path, "where", obj["where"], x.sc)
	if set != 0 && p.where(set, need) == 0 {
		p.errf(x.path, "where", "%s needs a %s in where", st.marker, map[string]string{"terror": "Province", "sabotage": "LoC", "floods": "Province"}[st.marker])
	}
	if st.marker == "floods" && set != 0 && p.where(set, need) != set {
		p.errf(x.path, "where", "the Floods marker goes only in a Province")
	}
	if st.marker == "floods" && st.place {
		p.floodsSteps++
	}
	return st
}

// exec executes marker.
func (st *evMarker) exec(r *run, e *evEnv) error {
	s := r.s
	where := e.resolve(r, st.where)
	verb := evIf(st.place, "placed", "removed")
	switch st.marker {
	case "terror", "sabotage":
		where.each(func(id SpaceID) {
			sp := &s.Spaces[id]
			flag, ok := &sp.Terror, r.m.Spaces[id].IsProvince()
			if st.marker == "sabotage" {
				flag, ok = &sp.Sabotage, r.m.Spaces[id].IsLoC()
			}
			if ok && *flag != st.place {
				*flag = st.place
				r.note(e.f, "#%d: %s %s in %s.", e.card.Number, strings.ToUpper(st.marker[:1])+st.marker[1:], verb, r.name(id))
			}
		})
	case "floods":
		if !st.place {
			if s.Floods != "" {
				r.note(e.f, "#%d: the Floods marker is removed from %s.", e.card.Number, s.Floods)
			}
			s.Floods = ""
			return nil
		}
		cands := evSpacesWhere(where, func(id SpaceID) bool { return r.m.Spaces[id].IsProvince() })
		if cands == 0 {
			return nil
		}
		id, err := evAskSpace(r, e.f, sayAsked(r, "#%d %s: place the Floods marker in which Province?", e.card.Number, e.card.Title), "", evAddSet(cands))
		if err != nil {
			return err
		}
		s.Floods = r.name(id)
		r.note(e.f, "#%d: the Floods marker is placed in %s.", e.card.Number, r.name(id))
	}
	return nil
}
