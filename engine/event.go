package engine

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
