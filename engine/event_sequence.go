package engine

import (
	"slices"
)

// Event steps that change the sequence of play and lasting effects:
// eligibility, the Large Offensive marker, Capabilities and Momentum
// (deck.md §4.5, §5).

// EventElig is an eligibility effect of an Event on the current card
// (deck.md §4.5 "eligibility").
type EventElig uint8

const (
	// EventEligNone: no Event has changed the faction's eligibility.
	EventEligNone EventElig = iota
	// EventEligStays: Eligible at the next adjustment whatever it did.
	EventEligStays
	// EventEligIneligible: Ineligible at once, and at the next adjustment.
	EventEligIneligible
)

// evEligibility makes a faction Eligible or Ineligible for the next card
// (eligibility).
type evEligibility struct {
	who      evWho
	eligible bool
}

// readEligibility reads a eligibility step.
func (x *evStepReader) readEligibility() evStep {
	p, obj := x.p, x.obj
	st := &evEligibility{who: evSelf}
	if ws, ok := p.factions(x.path, "faction", obj["faction"], false, true); ok {
		st.who = ws[0]
	}
	switch obj["state"] {
	case "eligible":
		st.eligible = true
	case "ineligible":
	default:
		p.errf(x.path, "state", "must be eligible or ineligible, got %s", evShow(obj["state"]))
	}
	return st
}

// exec executes eligibility.
func (st *evEligibility) exec(r *run, e *evEnv) error {
	f := e.who(st.who)
	if st.eligible {
		r.s.EventElig[f] = EventEligStays
		r.note(e.f, "#%d: %s stays Eligible.", e.card.Number, f)
	} else {
		r.s.EventElig[f] = EventEligIneligible
		r.note(e.f, "#%d: %s is Ineligible through the next card.", e.card.Number, f)
	}
	return nil
}

// evLargeOffensive sets the Large Offensive marker to available or used
// (large_offensive).
type evLargeOffensive struct{ used bool }

// readLargeOffensive reads a large_offensive step.
func (x *evStepReader) readLargeOffensive() evStep {
	p, obj := x.p, x.obj
	st := &evLargeOffensive{}
	switch obj["state"] {
	case "used":
		st.used = true
	case "available":
	default:
		p.errf(x.path, "state", "must be available or used, got %s", evShow(obj["state"]))
	}
	return st
}

// exec executes large_offensive.
func (st *evLargeOffensive) exec(r *run, e *evEnv) error {
	r.s.LargeOffensiveUsed = st.used
	r.note(e.f, "#%d: the Large Offensive marker is %s.", e.card.Number, evIf(st.used, "used", "available"))
	return nil
}

// evModifierKinds are the lasting modifiers the engine implements (deck.md
// §5) and how each may be granted. A deck's "modifiers" list must name
// exactly these: a new modifier always needs code.
var evModifierKinds = map[string][]string{
	"united_front":             {"capability"},
	"new_fourth_army_incident": {"capability"},
	"chinese_air_force":        {"capability", "momentum"},
	"jpn_air_recon":            {"capability"},
	"tunnel_warfare":           {"capability"},
	"three_alls":               {"capability"},
	"puppet_army":              {"capability", "momentum"},
	"unreliable_puppets":       {"capability"},
	"industrial_cooperatives":  {"capability"},
	"fabi_inflation":           {"capability"},
	"regional_armies":          {"capability"},
	"central_command":          {"capability"},
	"northern_crisis":          {"momentum"},
	"winter_offensive":         {"momentum"},
	"burma_road_closed":        {"momentum"},
	"hundred_regiments":        {"momentum"},
}

// evLasting puts a Capability or Momentum in effect (lasting).
type evLasting struct{ id string }

// readLasting reads a lasting step.
func (x *evStepReader) readLasting() evStep {
	p, obj := x.p, x.obj
	id, _ := obj["id"].(string)
	if _, ok := evModifierKinds[id]; !ok || (p.modifiers != nil && !p.modifiers[id]) {
		p.errf(x.path, "id", "%s is not a known lasting modifier", evShow(obj["id"]))
	}
	p.lasting = append(p.lasting, id)
	return &evLasting{id: id}
}

// exec executes lasting: the side's flag says which.
func (st *evLasting) exec(r *run, e *evEnv) error {
	list := &r.s.Momentum
	kind := "Momentum (until the next Reset Phase)"
	if e.flag == "CAPABILITY" {
		list, kind = &r.s.Capabilities, "Capability (for the rest of the game)"
	}
	if !slices.Contains(*list, st.id) {
		*list = append(*list, st.id)
		slices.Sort(*list)
	}
	r.note(e.f, "#%d: %s in effect: %s.", e.card.Number, kind, st.id)
	return nil
}
