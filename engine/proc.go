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
// Its arguments are held by value, not as interface values: say does not
// keep the values it is given, so a call boxes them on the stack and a
// replay allocates nothing for its questions and log lines.
type text struct {
	format string
	live   *int // what the liveNum argument reads, if there is one
	n      uint8
	kinds  [maxTextArgs]argKind
	// The arguments: the first inlineTextArgs in the text, the rest (three
	// log lines have more) in more, shared by the text's copies. A text is
	// copied at every question a replay passes, so it is kept small.
	args [inlineTextArgs]textArg
	more *[maxTextArgs - inlineTextArgs]textArg
}

// maxTextArgs is the most arguments a question or log line takes, and
// inlineTextArgs the most a text holds in itself.
const (
	maxTextArgs    = 10
	inlineTextArgs = 6
)

// arg is the text's i-th argument.
func (t *text) arg(i int) textArg {
	if i < inlineTextArgs {
		return t.args[i]
	}
	return t.more[i-inlineTextArgs]
}

// setArg sets the text's i-th argument. The arguments beyond the first
// inlineTextArgs are copied first: another copy of the text may share them.
func (t *text) setArg(i int, a textArg) {
	if i < inlineTextArgs {
		t.args[i] = a
		return
	}
	more := new([maxTextArgs - inlineTextArgs]textArg)
	if t.more != nil {
		*more = *t.more
	}
	more[i-inlineTextArgs], t.more = a, more
}

// textArg is one argument of a text: its value, which with its kind (the
// type it had) formats exactly as the original would have.
type textArg struct {
	s string
	n int
}

type argKind uint8

const (
	argString argKind = iota // also a value formatted when said
	argInt
	argLive // reads text.live
	argFaction
	argPiece
	argBox
	argCap
	argMover // a Patrol or Sweep: its faction in n, its Operation in s
	argBool
	argControl
	argSpaceKind
)

// say is a text of format and args. Arguments of the engine's own
// pointer types (lists of spaces, pieces, moves) are formatted now: the
// value they point to may change before the text is read. Any other type
// is a programming error, caught by TestSayArguments.
func say(format string, args ...any) (t text) {
	// t is the result itself, built in place: a text is large, and
	// building it in a variable of its own would copy it on return.
	t.format = format
	if len(args) > maxTextArgs {
		panic("engine: too many arguments for a text: " + format)
	}
	if len(args) > inlineTextArgs {
		t.more = new([maxTextArgs - inlineTextArgs]textArg)
	}
	for i, a := range args {
		if v, ok := a.(liveNum); ok {
			if t.live != nil {
				panic("engine: two live numbers in a text: " + format)
			}
			t.live, t.kinds[i] = v.p, argLive
			continue
		}
		var arg textArg
		arg, t.kinds[i] = textArgOf(a, format)
		if i < inlineTextArgs {
			t.args[i] = arg
		} else {
			t.more[i-inlineTextArgs] = arg
		}
	}
	t.n = uint8(len(args))
	return t
}

// textArgOf holds a by value. Only concrete types are taken out of a, and
// nothing of a is kept but what its box holds: keeping a pointer a holds
// directly would make every argument of every say escape to the heap.
func textArgOf(a any, format string) (textArg, argKind) {
	switch v := a.(type) {
	case string:
		return textArg{s: v}, argString
	case OpKind: // string kinds without methods format as their strings
		return textArg{s: string(v)}, argString
	case SAKind:
		return textArg{s: string(v)}, argString
	case Did:
		return textArg{s: string(v)}, argString
	case int:
		return textArg{n: v}, argInt
	case int16: // a piece count (Pieces)
		return textArg{n: int(v)}, argInt
	case SpaceID: // an int kind without methods formats as its number
		return textArg{n: int(v)}, argInt
	case bool:
		n := 0
		if v {
			n = 1
		}
		return textArg{n: n}, argBool
	case Control:
		return textArg{n: int(v)}, argControl
	case SpaceKind:
		return textArg{n: int(v)}, argSpaceKind
	case Faction:
		return textArg{n: int(v)}, argFaction
	case Piece:
		return textArg{n: int(v)}, argPiece
	case evBox:
		return textArg{n: int(v)}, argBox
	case convCap:
		return textArg{n: int(v)}, argCap
	case *convSpace:
		return textArg{s: v.String()}, argString
	case *convSpaces:
		return textArg{s: v.String()}, argString
	case *convFactionSet:
		return textArg{s: v.String()}, argString
	case *convPieceSet:
		return textArg{s: v.String()}, argString
	case *convMover:
		return textArg{n: int(v.f), s: string(v.op)}, argMover
	case *convKindList:
		return textArg{s: v.String()}, argString
	case *convMoveLog:
		return textArg{s: v.String()}, argString
	}
	panic("engine: unsupported argument type in text: " + format)
}

// value is argument i as the value it was given as.
func (t *text) value(i int) any {
	a := t.arg(i)
	switch t.kinds[i] {
	case argInt:
		return a.n
	case argLive:
		return *t.live
	case argFaction:
		return Faction(a.n)
	case argPiece:
		return Piece(a.n)
	case argBox:
		return evBox(a.n)
	case argCap:
		return convCap(a.n)
	case argMover:
		return (&convMover{f: Faction(a.n), op: OpKind(a.s)}).String()
	case argBool:
		return a.n == 1
	case argControl:
		return Control(a.n)
	case argSpaceKind:
		return SpaceKind(a.n)
	}
	return a.s
}

// liveNum is a number a question shows as it is when the question is asked,
// not when its text was built: voluntary transfers (1.5.2) recorded at a
// question are applied inside ask, after the caller built the text, so a
// question quoting Resources must read them late to quote them right.
// The second word keeps it from fitting in an interface value by itself,
// so that say reads p out of a box instead of keeping the interface's own
// pointer (see textArgOf).
type liveNum struct {
	p *int
	_ int
}

// live reads *p when the text is formatted.
func live(p *int) liveNum { return liveNum{p: p} }

// frozen is t with its live numbers read now, for a text formatted later.
func (t text) frozen() text {
	for i := range t.kinds[:t.n] {
		if t.kinds[i] == argLive {
			t.setArg(i, textArg{n: *t.live})
			t.kinds[i] = argInt
		}
	}
	t.live = nil
	return t
}

func (t text) String() string {
	if t.n == 0 {
		return t.format
	}
	var line [256]byte
	if b, ok := t.appendPlain(line[:0]); ok {
		return string(b)
	}
	var buf [maxTextArgs]any
	args := buf[:t.n]
	for i := range args {
		args[i] = t.value(i)
	}
	return fmt.Sprintf(t.format, args...)
}

// appendPlain appends t formatted to b when its format uses only %s, %v,
// %d and %% with no flags, width or precision, and each argument suits its
// verb, as fmt.Sprintf would; otherwise it reports false and String leaves
// the text to fmt. This is how almost every log line reads, and it formats
// them without boxing each argument again.
func (t text) appendPlain(b []byte) ([]byte, bool) {
	f, next := t.format, 0
	for {
		i := strings.IndexByte(f, '%')
		if i < 0 || i+1 >= len(f) {
			if i >= 0 || next != int(t.n) {
				return nil, false // a trailing % or unused arguments
			}
			return append(b, f...), true
		}
		b = append(b, f[:i]...)
		verb := f[i+1]
		f = f[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if next >= int(t.n) {
			return nil, false
		}
		var ok bool
		if b, ok = t.appendArg(b, next, verb); !ok {
			return nil, false
		}
		next++
	}
}

// appendArg appends argument i formatted with verb ('s', 'v' or 'd') as
// fmt would, or reports false for a verb fmt would format some other way.
func (t *text) appendArg(b []byte, i int, verb byte) ([]byte, bool) {
	a, kind := t.arg(i), t.kinds[i]
	switch kind {
	case argString:
		return append(b, a.s...), verb == 's' || verb == 'v'
	case argInt:
		return strconv.AppendInt(b, int64(a.n), 10), verb == 'd' || verb == 'v'
	case argLive:
		return strconv.AppendInt(b, int64(*t.live), 10), verb == 'd' || verb == 'v'
	}
	if verb != 's' && verb != 'v' {
		return b, false
	}
	var s string
	switch kind {
	case argFaction:
		s = Faction(a.n).String()
	case argPiece:
		s = Piece(a.n).String()
	case argBox:
		s = evBox(a.n).String()
	case argCap:
		s = convCap(a.n).String()
	case argControl:
		s = Control(a.n).String()
	case argSpaceKind:
		s = SpaceKind(a.n).String()
	case argMover:
		return append(append(append(b, Faction(a.n).String()...), ' '), opLabel(OpKind(a.s))...), true
	default:
		return b, false
	}
	return append(b, s...), true
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
	// work, when set, counts the questions the run asks (the game's
	// Work), its searches' included.
	work *int64
	// notesSkip counts the log lines still to be said that notes already
	// holds from the replay before (Game.notesKept).
	notesSkip int
	// choices gathers a question's choices, and op is the Operation of
	// an Eligible faction's step (stepEligible) with opSpaces the buffer
	// of its selected spaces: kept across replays, so that a replay does
	// not allocate them again.
	choices  choiceList
	op       opCtx
	opSpaces []SpaceID
	// scratch lends the run's procedures buffers; reset when a run begins.
	scratch *scratch
	// addSpace adds a space to choices, for askSpace; made once for the
	// run, which every replay of a game reuses.
	addSpace func(SpaceID)
	// executing and executor mark a faction executing an Operation, Special
	// Activity or Event (1.5.2).
	executing bool
	executor  Faction
	// showForced poses questions with a single legal choice instead of
	// answering them (Config.ShowForced).
	showForced bool
	// forced collects the answers the engine applies on its own (nil when
	// nobody reads them).
	forced *[]forcedAnswer
	// openForTransfers marks the next question as a point where voluntary
	// transfers may be made: a space selection, before anything is checked
	// or paid for the next space, so a transfer can never invalidate a cost
	// already found affordable.
	openForTransfers bool
	// rolls counts the dice rolled in this run; reseed, in a
	// determinization, swaps the generator before the first die not yet
	// seen (determinize.go).
	rolls  int
	reseed *reseed
	// guard, when set, keeps only the choices it accepts: those from which
	// a Special Activity done first can still be completed (safirst.go).
	guard func(f Faction, id string) bool
	// probes keeps the scratch of those searches for the next ones.
	probes *probePool
	// probing marks a run of a search (safirst.go): a question not yet
	// answered is kept in asked, by askedBy, with its choices left in
	// choices, instead of becoming a prompt nobody reads.
	probing bool
	waiting bool
	asked   *text // the search's own, so the run stays small
	askedBy Faction
	// walk, in a search's run, receives the walk of a Transport as each
	// of its steps is asked (safirst_reach.go).
	walk *transportWalk
	// autopilot, in a search's dive, answers a question not yet answered
	// instead of stopping the run there (safirst.go).
	autopilot func(Faction) (string, error)
}

// choiceList collects a prompt's choices. A bare list is read for its ids
// only (by a search for a Special Activity done first, safirst.go), so its
// labels are not formatted.
type choiceList struct {
	list []Choice
	bare bool
}

func (c *choiceList) add(id, label string) { c.list = append(c.list, Choice{ID: id, Label: label}) }

// addSaid adds a choice labelled t, formatted only if the list is read for
// its labels.
func (c *choiceList) addSaid(id string, t text) {
	label := ""
	if !c.bare {
		label = t.String()
	}
	c.add(id, label)
}

// addJoined adds a choice labelled label+more, joined only if the list is
// read for its labels.
func (c *choiceList) addJoined(id, label, more string) {
	if c.bare {
		c.add(id, "")
		return
	}
	c.add(id, label+more)
}

// addSay adds a choice labelled say(format, args...), made only if the
// list is read for its labels.
func (c *choiceList) addSay(id, format string, args ...any) {
	label := ""
	if !c.bare {
		label = say(format, args...).String()
	}
	c.add(id, label)
}

// ask poses a question to faction f. gen lists the legal choices; it is not
// called when the answer is already recorded, which keeps replays cheap. A
// question with a single legal choice is answered by the engine itself.
func (r *run) ask(f Faction, question text, gen func(c *choiceList)) (string, error) {
	if r.work != nil {
		*r.work++
	}
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
	c := &r.choices
	c.list = c.list[:0]
	gen(c)
	if r.guard != nil {
		c.list = slices.DeleteFunc(c.list, func(ch Choice) bool { return !r.guard(f, ch.ID) })
	}
	switch len(c.list) {
	case 0:
		return "", fmt.Errorf("engine: no legal choice for %s at %q (step %s)", f, question.String(), r.s.Step.Kind)
	case 1:
		if r.showForced {
			break
		}
		r.trail = append(r.trail, answer{Faction: f, Choice: c.list[0].ID, Forced: true})
		if r.forced != nil {
			*r.forced = append(*r.forced, forcedAnswer{f, question.frozen(), c.list[0]})
		}
		r.pos++
		return c.list[0].ID, nil
	}
	if r.probing {
		if r.autopilot != nil {
			id, err := r.autopilot(f)
			if err != nil {
				return "", err
			}
			r.trail = append(r.trail, answer{Faction: f, Choice: id})
			r.pos++
			return id, nil
		}
		*r.asked, r.askedBy, r.waiting = question.frozen(), f, true
		return "", errAwait
	}
	r.pending = newPrompt(c.list)
	*r.pending = Prompt{Faction: f, Question: question.String(), Choices: r.pending.Choices, Step: r.s.Step.Kind, Executing: transfers, Executor: r.executor}
	return "", errAwait
}

// promptWith is a prompt with room for its choices, so that the usual
// question, of a few choices, takes one allocation rather than two;
// promptWith4 is the same for the most usual, of up to four, in little
// more than half the memory.
type promptWith struct {
	p       Prompt
	choices [8]Choice
}

type promptWith4 struct {
	p       Prompt
	choices [4]Choice
}

// newPrompt is a prompt holding a copy of choices.
func newPrompt(choices []Choice) *Prompt {
	switch n := len(choices); {
	case n <= len(promptWith4{}.choices):
		pw := new(promptWith4)
		copy(pw.choices[:], choices)
		pw.p.Choices = pw.choices[:n:n]
		return &pw.p
	case n <= len(promptWith{}.choices):
		pw := new(promptWith)
		copy(pw.choices[:], choices)
		pw.p.Choices = pw.choices[:n:n]
		return &pw.p
	}
	return &Prompt{Choices: slices.Clone(choices)}
}

// sayAsked is say for the text of a question about to be asked: a step is
// replayed for every answer, and when the question's answer is already
// recorded its text is never read, so it is not built (say formats the
// pointer arguments at once). A question asked again at the same prompt
// after an answer there (pickSpace) uses convSayPick.
func sayAsked(r *run, format string, args ...any) text {
	if _, ok := r.recorded(); ok {
		return text{format: format}
	}
	return say(format, args...)
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
		if r.addSpace == nil {
			r.addSpace = func(s SpaceID) { r.choices.add(r.m.choice(s), r.m.Spaces[s].Name) }
		}
		gen(r.addSpace)
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
			c.add(countChoice(n), strconv.Itoa(n))
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

// countChoices are the answers "count:N" of the usual counts, built once.
var countChoices = func() (ids [100]string) {
	for n := range ids {
		ids[n] = "count:" + strconv.Itoa(n)
	}
	return ids
}()

// countChoice is the answer naming count n.
func countChoice(n int) string {
	if n >= 0 && n < len(countChoices) {
		return countChoices[n]
	}
	return "count:" + strconv.Itoa(n)
}

// pieceChoices are the answers "piece:KEY" naming each kind of piece.
var pieceChoices = func() (ids [NumPieces]string) {
	for k := range ids {
		ids[k] = "piece:" + pieceInfo[k].key
	}
	return ids
}()

// askPiece asks faction f which kind of piece, among kinds (in that order)
// those ok accepts, the next effect applies to.
func (r *run) askPiece(f Faction, question text, kinds []Piece, ok func(Piece) bool) (Piece, error) {
	ans, err := r.ask(f, question, func(c *choiceList) {
		for _, k := range kinds {
			if ok(k) {
				c.add(pieceChoices[k], k.String())
			}
		}
	})
	if err != nil {
		return 0, err
	}
	k, found := pieceByKey(strings.TrimPrefix(ans, "piece:"))
	if !found || !strings.HasPrefix(ans, "piece:") {
		return 0, fmt.Errorf("engine: recorded answer %q names no piece", ans)
	}
	return k, nil
}

// roll rolls one die, or takes the next queued roll. Undo may not cross it.
func (r *run) roll() int {
	r.barrier = r.pos
	if r.reseed != nil && r.rolls == r.reseed.after {
		r.s.RNG = r.reseed.rng
	}
	r.rolls++
	if q := r.s.Dice; len(q) > 0 {
		r.s.Dice = q[1:]
		return q[0]
	}
	return intn(&r.s.RNG, 6) + 1
}

// revealed marks a card reveal: undo may not cross it.
func (r *run) revealed() { r.barrier = r.pos }

// note adds a line to the game log when the step commits. A search's runs
// keep no log.
func (r *run) note(f Faction, format string, args ...any) {
	if r.probing {
		return
	}
	if r.notesSkip > 0 {
		r.notesSkip--
		return
	}
	r.notes = append(r.notes, pendingNote{Entry{Round: r.s.Rounds, Card: r.s.Current, Faction: f.String()}, say(format, args...)})
}

// sys adds a line about the game's own procedure to the log.
func (r *run) sys(format string, args ...any) {
	if r.probing {
		return
	}
	if r.notesSkip > 0 {
		r.notesSkip--
		return
	}
	r.notes = append(r.notes, pendingNote{Entry{Round: r.s.Rounds, Card: r.s.Current}, say(format, args...)})
}

// name is a space's name.
func (r *run) name(id SpaceID) string { return r.m.Spaces[id].Name }
