package engine

// The Event interpreter: it executes a card side's steps (deck.md §2, §4)
// inside the decision contract. Every choice the text leaves open is an ask
// with exactly the legal choices; a step does what can be done (5.1.3, E3)
// and never breaks the limits of 5.1.1 (E4).
//
// Each step type lives in the file of its family with its reader and its
// execution side by side: event_flow.go (choose_spaces, for_each,
// choose_one, roll), event_place.go (place, replace), event_remove.go,
// event_move.go (move, box_move), event_flip.go, event_markers.go (shift,
// marker), event_tracks.go (adjust, transfer), event_free.go (free_op,
// free_sa) and event_sequence.go (eligibility, large_offensive, lasting).
// Space references and filters are in event_spaces.go, the deck reader's
// shared machinery in event_parse.go.

// evStep is one step of an Event's effect.
type evStep interface {
	exec(r *run, e *evEnv) error
}

// evStepType is one step type of deck.md §4: its required and optional
// parameters, and the reader that turns them into a step.
type evStepType struct {
	required, optional []string
	read               func(x *evStepReader) evStep
}

// evStepTypes are the step types by name. The table is filled in init because
// the readers of nested steps (for_each, choose_one, roll) read steps too.
var evStepTypes map[string]evStepType

func init() {
	evStepTypes = map[string]evStepType{
		"choose_spaces":   {[]string{"as", "filter", "count"}, []string{"up_to", "chooser"}, (*evStepReader).readChooseSpaces},
		"for_each":        {[]string{"in", "as", "do"}, nil, (*evStepReader).readForEach},
		"choose_one":      {[]string{"options"}, []string{"chooser"}, (*evStepReader).readChooseOne},
		"roll":            {[]string{"outcomes"}, nil, (*evStepReader).readRoll},
		"place":           {[]string{"faction", "piece", "count", "where"}, []string{"up_to", "from", "chooser"}, (*evStepReader).readPlace},
		"remove":          {[]string{"faction", "piece", "count", "where"}, []string{"state", "up_to", "to", "chooser", "bases_last"}, (*evStepReader).readRemove},
		"move":            {[]string{"faction", "piece", "count", "from", "to"}, []string{"state", "up_to", "chooser"}, (*evStepReader).readMove},
		"replace":         {[]string{"remove", "place", "count", "where"}, []string{"up_to", "chooser"}, (*evStepReader).readReplace},
		"flip":            {[]string{"faction", "to", "count", "where"}, []string{"up_to", "chooser"}, (*evStepReader).readFlip},
		"box_move":        {[]string{"faction", "piece", "count", "from", "to"}, []string{"up_to"}, (*evStepReader).readBoxMove},
		"shift":           {[]string{"where", "toward", "levels"}, nil, (*evStepReader).readShift},
		"marker":          {[]string{"marker", "action", "where"}, nil, (*evStepReader).readMarker},
		"adjust":          {[]string{"track", "amount"}, []string{"faction"}, (*evStepReader).readAdjust},
		"transfer":        {[]string{"from", "to", "amount"}, []string{"up_to"}, (*evStepReader).readTransfer},
		"eligibility":     {[]string{"faction", "state"}, nil, (*evStepReader).readEligibility},
		"free_op":         {[]string{"faction", "operation"}, []string{"where", "max_spaces", "special"}, (*evStepReader).readFreeOp},
		"free_sa":         {[]string{"faction", "activity"}, []string{"where", "max_spaces"}, (*evStepReader).readFreeSA},
		"large_offensive": {[]string{"state"}, nil, (*evStepReader).readLargeOffensive},
		"lasting":         {[]string{"id"}, nil, (*evStepReader).readLasting},
	}
}

// evEnv is an Event being executed.
type evEnv struct {
	f    Faction // the executing faction ("self")
	card *Card
	flag string // the side's CAPABILITY or MOMENTUM flag
	vars []evVar
}

// evVar is a name bound by choose_spaces or for_each and its spaces.
type evVar struct {
	name string
	set  evSet
}

// who is the Faction a step names.
func (e *evEnv) who(w evWho) Faction {
	if w == evSelf {
		return e.f
	}
	return Faction(w)
}

// bind binds name to a set of spaces, replacing an earlier binding.
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

// run executes steps in order.
func (e *evEnv) run(r *run, steps []evStep) error {
	for _, st := range steps {
		if err := st.exec(r, e); err != nil {
			return err
		}
	}
	return nil
}

// evBox is an off-map box of the state.
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

// evAddSet offers every space of a set to askSpace.
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

// evUpToDone is the label of the "stop here" choice of an up_to step, and
// no such choice otherwise.
func evUpToDone(upTo bool, label string) string {
	if upTo {
		return label
	}
	return ""
}

// evWho is a Faction named by a step, or the executing Faction.
type evWho int8

const evSelf evWho = -1

// evBox is an off-map box (1.3.7).
type evBox uint8

const (
	evAvailable evBox = iota
	evCasualties
	evOutOfPlay
)

var evBoxNames = map[string]evBox{"available": evAvailable, "casualties": evCasualties, "out_of_play": evOutOfPlay}

func (b evBox) String() string { return [...]string{"Available", "Casualties", "Out of Play"}[b] }
