package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// How decisions work.
//
// The game is a chain of steps (State.Step). A step is a procedure written as
// plain Go, reading like the rulebook, that calls ask whenever a faction must
// decide. Every step starts from a committed snapshot (Game.base). When a
// procedure needs an answer it has not been given, ask returns errAwait and the
// game shows that question. When the answer arrives, the step is run again
// from its snapshot with the answers given so far: the same code, the same
// state, the same dice (the generator's state is part of State), so it
// reaches the same point and goes one step further. When a step finishes it
// is committed and the next one starts.
//
// This gives the contract of design.md for free: an illegal answer is refused
// before anything runs; a game saved mid-decision is the snapshot plus the
// answers; undo drops the last answer and replays; determinism holds because
// nothing but State and the answers feeds a procedure.

// errAwait is returned by ask when the procedure needs a decision that has
// not been made yet. Procedures pass it up like any error.
var errAwait = errors.New("engine: awaiting a decision")

// Choice is one legal answer to a prompt.
type Choice struct {
	ID    string `json:"id"`    // what Do takes: "pass", "space:Hebei", "count:3", "done", ...
	Label string `json:"label"` // what a person reads
}

// Prompt is the question the game is waiting on.
type Prompt struct {
	Faction  Faction  `json:"faction"`
	Question string   `json:"question"`
	Choices  []Choice `json:"choices"`
	// Step is the kind of step asking, e.g. "eligible" or "redeploy".
	Step string `json:"step"`
	// Executing is set while Executor is executing an Operation, Special
	// Activity or Event and the question is one where voluntary transfers
	// may be made (1.5.2): a choice of the next space.
	Executing bool    `json:"executing,omitempty"`
	Executor  Faction `json:"executor,omitempty"`
}

// Has reports whether id is one of the prompt's choices.
func (p *Prompt) Has(id string) bool {
	for _, c := range p.Choices {
		if c.ID == id {
			return true
		}
	}
	return false
}

// answer is one recorded decision of the current step.
type answer struct {
	Faction Faction `json:"f"`
	Choice  string  `json:"c"`
	// Forced answers were the only legal choice and were applied by the
	// engine itself; undo skips over them.
	Forced bool `json:"forced,omitempty"`
}

// Entry is one line of the game log.
type Entry struct {
	Seq     int    `json:"seq"`
	Round   int    `json:"round"` // Propaganda Rounds begun before it
	Card    int    `json:"card"`
	Faction string `json:"faction,omitempty"` // empty for the game's own steps
	Text    string `json:"text"`
}

// text is a message formatted only when someone reads it: a step replays
// many times, but its question is shown and its log lines kept only once.
type text struct {
	format string
	args   []any
}

func say(format string, args ...any) text { return text{format, args} }

func (t text) String() string {
	if len(t.args) == 0 {
		return t.format
	}
	return fmt.Sprintf(t.format, t.args...)
}

// pendingNote is a log line waiting for its step to commit.
type pendingNote struct {
	entry Entry
	text  text
}

// run is one execution of a step procedure.
type run struct {
	s       *State
	m       *Map
	d       *Deck
	trail   []answer
	pos     int
	pending *Prompt
	// barrier is the number of answers that undo may not remove: those given
	// before a die roll or a card reveal.
	barrier int
	notes   []pendingNote
	scratch []Choice
	// executing and executor mark a faction executing an Operation, Special
	// Activity or Event (1.5.2).
	executing bool
	executor  Faction
	// openForTransfers marks the next question as a point where voluntary
	// transfers may be made: a space selection, before anything is checked
	// or paid for the next space, so a transfer can never invalidate a cost
	// already found affordable.
	openForTransfers bool
	// guard, when set, keeps only the choices it accepts: those from which
	// a Special Activity done first can still be completed (safirst.go).
	guard func(f Faction, id string) bool
}

// choiceList collects a prompt's choices.
type choiceList struct{ list []Choice }

func (c *choiceList) add(id, label string) { c.list = append(c.list, Choice{ID: id, Label: label}) }

// ask poses a question to faction f. gen lists the legal choices; it is not
// called when the answer is already recorded, which keeps replays cheap. A
// question with a single legal choice is answered by the engine itself.
func (r *run) ask(f Faction, question text, gen func(c *choiceList)) (string, error) {
	transfers := r.executing && r.openForTransfers
	r.openForTransfers = false
	if err := r.applyTransfers(); err != nil {
		return "", err
	}
	if r.pos < len(r.trail) {
		a := r.trail[r.pos]
		r.pos++
		return a.Choice, nil
	}
	// Choices are gathered in a buffer kept across replays; only a real
	// question copies them out, a forced one allocates nothing.
	c := choiceList{list: r.scratch[:0]}
	gen(&c)
	if r.guard != nil {
		c.list = slices.DeleteFunc(c.list, func(ch Choice) bool { return !r.guard(f, ch.ID) })
	}
	r.scratch = c.list[:0]
	switch len(c.list) {
	case 0:
		return "", fmt.Errorf("engine: no legal choice for %s at %q (step %s)", f, question.String(), r.s.Step.Kind)
	case 1:
		r.trail = append(r.trail, answer{Faction: f, Choice: c.list[0].ID, Forced: true})
		r.pos++
		return c.list[0].ID, nil
	}
	r.pending = &Prompt{Faction: f, Question: question.String(), Choices: slices.Clone(c.list), Step: r.s.Step.Kind, Executing: transfers, Executor: r.executor}
	return "", errAwait
}

// recorded is the answer already recorded for the next question, after
// any voluntary transfers made while it was asked (1.5.2): those are
// applied before it is answered, so a question followed only by transfers
// is still to be asked and its text is read.
func (r *run) recorded() (answer, bool) {
	for i := r.pos; i < len(r.trail); i++ {
		if !isTransfer(r.trail[i].Choice) {
			return r.trail[i], true
		}
	}
	return answer{}, false
}

// askSpace asks for one of the given spaces, or "done" when done is set.
// It returns -1 for done.
func (r *run) askSpace(f Faction, question text, done string, gen func(add func(SpaceID))) (SpaceID, error) {
	id, err := r.ask(f, question, func(c *choiceList) {
		gen(func(s SpaceID) { c.add("space:"+r.m.Spaces[s].Name, r.m.Spaces[s].Name) })
		if done != "" {
			c.add("done", done)
		}
	})
	if err != nil {
		return 0, err
	}
	if id == "done" {
		return -1, nil
	}
	sid, ok := r.m.ID(strings.TrimPrefix(id, "space:"))
	if !ok {
		return 0, fmt.Errorf("engine: recorded answer %q names no space", id)
	}
	return sid, nil
}

// askCount asks for a number from lo to hi.
func (r *run) askCount(f Faction, question text, lo, hi int) (int, error) {
	id, err := r.ask(f, question, func(c *choiceList) {
		for n := lo; n <= hi; n++ {
			s := strconv.Itoa(n)
			c.add("count:"+s, s)
		}
	})
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimPrefix(id, "count:"))
	if err != nil || !strings.HasPrefix(id, "count:") {
		return 0, fmt.Errorf("engine: recorded answer %q is not a count", id)
	}
	return n, nil
}

// roll rolls one die. Undo may not cross it.
func (r *run) roll() int {
	r.barrier = r.pos
	return intn(&r.s.RNG, 6) + 1
}

// revealed marks a card reveal: undo may not cross it.
func (r *run) revealed() { r.barrier = r.pos }

// note adds a line to the game log when the step commits.
func (r *run) note(f Faction, format string, args ...any) {
	r.notes = append(r.notes, pendingNote{Entry{Round: r.s.Rounds, Card: r.s.Current, Faction: f.String()}, say(format, args...)})
}

// sys adds a line about the game's own procedure to the log.
func (r *run) sys(format string, args ...any) {
	r.notes = append(r.notes, pendingNote{Entry{Round: r.s.Rounds, Card: r.s.Current}, say(format, args...)})
}

// name is a space's name.
func (r *run) name(id SpaceID) string { return r.m.Spaces[id].Name }
