package engine

import (
	"strings"
)

// Event steps that change the tracks: Resources, Commitment, Patronage and
// Foreign Aid (deck.md §4.4).

// evTrack is a track of deck.md §4.4.
type evTrack struct {
	track string
	who   evWho // resources only
}

// track reads a track name with its faction (Resources only).
func (x *evStepReader) track(field string, tv, fv any, hasFaction bool) evTrack {
	t := evTrack{who: evSelf}
	name, _ := tv.(string)
	switch name {
	case "resources", "commitment", "patronage", "aid", "aid_reset":
		t.track = name
	default:
		x.p.errf(x.path, field, "%s is not a track (resources, commitment, patronage, aid, aid_reset)", evShow(tv))
		return t
	}
	ff := strings.TrimSuffix(field, "track") + "faction"
	if field == "track" {
		ff = "faction"
	}
	switch {
	case name == "resources" && !hasFaction:
		x.p.errf(x.path, ff, "resources needs a faction")
	case name == "resources":
		if ws, ok := x.p.factions(x.path, ff, fv, false, true); ok {
			t.who = ws[0]
		}
	case hasFaction:
		x.p.errf(x.path, ff, "a faction is allowed only with resources")
	}
	return t
}

// evTrackOf returns a track's value and its maximum (E4).
func (e *evEnv) track(r *run, t evTrack) (*int, int, string) {
	s := r.s
	switch t.track {
	case "resources":
		f := e.who(t.who)
		return &s.Resources[f], 60, f.String() + " Resources"
	case "commitment":
		return &s.Commitment, 60, "Commitment"
	case "patronage":
		return &s.Patronage, 30, "Patronage"
	case "aid":
		return &s.Aid, 10, "Foreign Aid"
	}
	return &s.AidReset, 10, "Foreign Aid Reset"
}

// evAdjust adds to or subtracts from a track (adjust).
type evAdjust struct {
	track  evTrack
	amount int
}

// readAdjust reads a adjust step.
func (x *evStepReader) readAdjust() evStep {
	p, obj := x.p, x.obj
	st := &evAdjust{track: x.track("track", obj["track"], obj["faction"], obj["faction"] != nil)}
	n, ok := evInt(obj["amount"])
	if !ok || n == 0 {
		p.errf(x.path, "amount", "must be a non-zero integer, got %s", evShow(obj["amount"]))
	}
	st.amount = n
	return st
}

// exec executes adjust, within the track's limits (E4).
func (st *evAdjust) exec(r *run, e *evEnv) error {
	// Foreign Aid rises even under burma_road_closed: the current Event
	// takes precedence over the Momentum of an earlier one (5.1.2, E9).
	v, hi, name := e.track(r, st.track)
	was := *v
	*v = clamp(*v+st.amount, 0, hi)
	r.note(e.f, "#%d: %s %+d: %d to %d.", e.card.Number, name, st.amount, was, *v)
	return nil
}

// evTransfer moves points from one track to another (transfer).
type evTransfer struct {
	from, to evTrack
	amount   int
	upTo     bool
}

// readTransfer reads a transfer step.
func (x *evStepReader) readTransfer() evStep {
	p, obj := x.p, x.obj
	st := &evTransfer{upTo: x.upTo()}
	for i, key := range []string{"from", "to"} {
		ref, ok := obj[key].(map[string]any)
		extra := false
		for k := range ref {
			if k != "track" && k != "faction" {
				extra = true
			}
		}
		if !ok || ref["track"] == nil || extra {
			p.errf(x.path, key, "a track reference is {track, faction?}")
			return nil
		}
		t := x.track(key+".track", ref["track"], ref["faction"], ref["faction"] != nil)
		if i == 0 {
			st.from = t
		} else {
			st.to = t
		}
	}
	if evShow(obj["from"]) == evShow(obj["to"]) {
		p.errf(x.path, "to", "from and to are the same track")
	}
	n, ok := evInt(obj["amount"])
	if !ok || n < 1 {
		p.errf(x.path, "amount", "must be a positive integer, got %s", evShow(obj["amount"]))
	}
	st.amount = n
	return st
}

// exec executes transfer: no more than the source holds or the target can
// take. Like adjust, it may raise Foreign Aid under burma_road_closed (E9).
func (st *evTransfer) exec(r *run, e *evEnv) error {
	from, _, fname := e.track(r, st.from)
	to, hi, tname := e.track(r, st.to)
	n := min(st.amount, *from, hi-*to)
	n = max(0, n)
	if st.upTo && n > 0 {
		var err error
		n, err = r.askCount(e.f, sayAsked(r, "#%d %s: transfer how much %s to %s?", e.card.Number, e.card.Title, fname, tname), 0, n)
		if err != nil {
			return err
		}
	}
	*from -= n
	*to += n
	r.note(e.f, "#%d: %d %s transferred to %s.", e.card.Number, n, fname, tname)
	return nil
}
