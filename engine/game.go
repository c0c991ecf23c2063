package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
)

// Version identifies the rules code. Stored games record it so a replay under
// changed rules can be detected.
const Version = "0.4.1"

// Errors a player's input can cause; anything else Do, Undo or Transfer
// returns is an engine failure.
var (
	ErrGameOver    = errors.New("the game is over")
	ErrNotYourTurn = errors.New("not your decision")
	ErrIllegal     = errors.New("illegal")
)

// RuleError is a decision the rules refuse: Kind is ErrGameOver,
// ErrNotYourTurn or ErrIllegal (so errors.Is finds it), and Reason says why
// in words a player reads.
type RuleError struct {
	Kind   error
	Reason string
	Cause  error // what the refusal rests on, when another error; may be nil
}

func (e *RuleError) Error() string { return e.Kind.Error() + ": " + e.Reason }

func (e *RuleError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// refuse is a RuleError of kind kind, its reason formatted.
func refuse(kind error, format string, args ...any) error {
	return &RuleError{Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// Game is a game in progress: the committed snapshot of the current step,
// the answers given within it, and the state they lead to.
type Game struct {
	m       *Map
	d       *Deck
	base    State
	cur     State
	trail   []answer
	pending *Prompt
	barrier int
	log     []Entry
	// showForced poses single-choice questions instead of answering them.
	showForced bool
	// forced holds the answers the engine applied on its own during the
	// last Do, Transfer or Undo.
	forced []forcedAnswer
	// halt, when set, pauses settle before a step whose committed state
	// satisfies it, leaving no prompt. Tests use it to look at the state
	// between automatic steps.
	halt func(*State) bool
	// observe, when set, is told of every committed step (Observe).
	observe func(Commit)
	// Scratch reused from one replay to the next, so that replaying a step
	// does not allocate: the run, its log notes, and a copy of the snapshot
	// to roll back to if the engine fails.
	r      run
	probes probePool
	// notesKept is how many log lines the last replay had said when it
	// stopped to wait, with notesAt answers (0: none to keep). settle
	// keeps them for a replay that goes on from there; whatever changes
	// the snapshot or takes answers back sets it to 0.
	notesKept, notesAt int
	// buf is the scratch of the game's runs (scratch).
	buf scratch
	// work counts the questions the game's procedures have asked (Work).
	work int64
	// stepRolls is how many dice the current step has rolled so far (as of
	// the last replay, which waits on the current question).
	stepRolls int
	// answers counts the answers given to this game and the games it was
	// copied from, for yielding to the collector (answer): a search's
	// copies keep the rhythm of the game they search from.
	answers int
	spare   State
	// reseed, in a determinization, gives the dice of the current step not
	// yet seen a new generator (determinize.go).
	reseed *reseed
	// commits counts the steps committed, so a caller can tell that the
	// step it answered in has ended.
	commits int
}

// Config says how to set up a new game.
type Config struct {
	Scenario string // "1937" or "1938"
	Seed     uint64
	Options  Options
	Deck     *Deck // nil for the embedded stand-in deck
	// ShowForced poses every question that has a single legal choice
	// instead of answering it, for tests and a "confirm each step" mode.
	// By default the engine applies such answers itself.
	ShowForced bool
}

// New sets up a game (2.1) and runs it to its first decision.
func New(cfg Config) (*Game, error) {
	if err := cfg.Options.Validate(); err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	cfg.Options = cfg.Options.canonical()
	d := cfg.Deck
	if d == nil {
		d = DefaultDeck()
	}
	m := DefaultMap()
	s, err := setup(m, d, cfg.Scenario, cfg.Seed, cfg.Options)
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	g := &Game{m: m, d: d, base: *s, showForced: cfg.ShowForced}
	if err := g.settle(); err != nil {
		return nil, err
	}
	g.forced = nil
	return g, nil
}

// StartAt starts a game from a position set up by hand (a tutorial, a
// puzzle, a test, a game continued from elsewhere) and runs it to its first
// decision. Only cfg.Deck and cfg.ShowForced are used; the position carries
// its own scenario, options and generator state. A position that breaks an
// invariant of the game is refused with every violation named.
func StartAt(cfg Config, s *State) (*Game, error) {
	d := cfg.Deck
	if d == nil {
		d = DefaultDeck()
	}
	m := DefaultMap()
	if err := CheckInvariants(m, d, s); err != nil {
		return nil, fmt.Errorf("start at position: %w", err)
	}
	if _, ok := steps[s.Step.Kind]; !ok && s.Result == nil {
		return nil, fmt.Errorf("start at position: unknown step %q", s.Step.Kind)
	}
	g := &Game{m: m, d: d, showForced: cfg.ShowForced}
	g.base.copyFrom(s)
	g.base.Options = g.base.Options.canonical()
	if err := g.settle(); err != nil {
		return nil, fmt.Errorf("start at position: %w", err)
	}
	return g, nil
}

// StepStart is a copy of the state when the current step (one faction's
// action, or a phase) began: what "changed during this action" compares to.
func (g *Game) StepStart() *State { return g.base.clone() }

// Map is the board the game is played on.
func (g *Game) Map() *Map { return g.m }

// Deck is the card deck the game uses.
func (g *Game) Deck() *Deck { return g.d }

// State is the current state, including the effect of the decisions already
// made in the current step. Callers must not modify it.
func (g *Game) State() *State { return &g.cur }

// Prompt is the decision the game waits on, or nil when the game is over.
func (g *Game) Prompt() *Prompt { return g.pending }

// Log is the game log, oldest first. Callers must not modify it.
func (g *Game) Log() []Entry { return g.log }

// Work is how many questions the engine's procedures have asked on this
// game (this copy of it: a Clone or a determinization starts at 0),
// answered or not, in every replay of a step and every run of the searches
// for a Special Activity done first: a count of the work done that a clock
// cannot make differ from one machine to another, for players that bound
// their lookahead by work (engine/ai).
func (g *Game) Work() int64 { return g.work }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.cur.Result != nil }

// Forced is an answer the engine gave on its own because it was the only
// legal choice: the question a person would have been asked, and the choice.
type Forced struct {
	Faction  Faction
	Question string
	Choice   Choice
}

// forcedAnswer is a Forced whose question is formatted only if read: a
// game applies hundreds, and the simulator reads none.
type forcedAnswer struct {
	f Faction
	q text
	c Choice
}

// Forced lists the answers the engine applied on its own during the last
// Do, Transfer or Undo (none if it failed), oldest first, so that a player
// can be told what was decided for them.
func (g *Game) Forced() []Forced {
	out := make([]Forced, len(g.forced))
	for i, a := range g.forced {
		out[i] = Forced{Faction: a.f, Question: a.q.String(), Choice: a.c}
	}
	return out
}

// Do applies one decision for faction f. An illegal or out-of-turn choice
// returns an error naming what is legal and changes nothing.
func (g *Game) Do(f Faction, choice string) error {
	if err := g.Legal(f, choice); err != nil {
		return err
	}
	return g.answer(answer{Faction: f, Choice: choice})
}

// Legal reports whether Do would accept choice from faction f now, and if
// not, why (wrapping ErrGameOver, ErrNotYourTurn or ErrIllegal). It changes
// nothing. The prompt lists every legal answer and every one of them can be
// completed into a legal action, so checking against it is the whole test.
// A voluntary transfer written as its answer ("give:WLD:3", Transfer.ID)
// is checked as Transfer would check it.
func (g *Game) Legal(f Faction, choice string) error {
	if isTransfer(choice) {
		t, err := ParseTransfer(f, choice)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrIllegal, err)
		}
		return g.transferLegal(t)
	}
	p := g.pending
	if p == nil {
		return refuse(ErrGameOver, "there is nothing to decide")
	}
	if f != p.Faction {
		return refuse(ErrNotYourTurn, "it is %s's decision (%s), not %s's", p.Faction, p.Question, f)
	}
	if !p.Has(choice) {
		return refuse(ErrIllegal, "%q is not a legal choice for %q; legal: %s", choice, p.Question, listChoices(p.Choices))
	}
	return nil
}

// answer records one answer (a decision or a transfer) and runs the game on.
// If the engine fails, the answer is dropped and the game is as before.
func (g *Game) answer(a answer) error {
	// Every few decisions the scheduler runs first. While the collector
	// marks, every pointer the engine writes pays a write barrier, and on
	// one processor its marking runs only when the scheduler does: a
	// process playing decision after decision without yielding (a search,
	// a simulation) kept it marking, and paying, for most of its time
	// (docs/performance.md, "Smaller copies, kept log lines, and yielding
	// to the collector"). Not every decision: a yield costs a goroutine
	// locked to its thread a few microseconds.
	if g.answers++; g.answers%yieldEvery == 0 {
		runtime.Gosched()
	}
	// settle may commit steps before failing in a later one, so a rollback
	// needs the snapshot, the answers and the log as they were.
	g.spare.copyFrom(&g.base)
	// The answers are only appended to (no one else holds g.trail; Clone
	// copies it), so the answers as they were are a prefix of the same array.
	trail, logLen := g.trail, len(g.log)
	g.trail = append(g.trail, a)
	g.forced = g.forced[:0]
	if err := g.settle(); err != nil {
		g.base.copyFrom(&g.spare)
		g.probes.forget()
		g.notesKept = 0
		g.trail, g.log = trail, g.log[:logLen]
		err2 := g.settle()
		g.forced = g.forced[:0]
		if err2 != nil {
			return fmt.Errorf("%w (and restoring the previous decision failed: %v)", err, err2)
		}
		return err
	}
	return nil
}

func listChoices(cs []Choice) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	if len(ids) > 30 {
		return strings.Join(ids[:30], ", ") + fmt.Sprintf(" and %d more", len(ids)-30)
	}
	return strings.Join(ids, ", ")
}

// CanUndo reports whether faction f may undo now: it has a choice of its own
// in the current action, after the last die roll or card reveal, and no other
// faction has decided since.
func (g *Game) CanUndo(f Faction) bool {
	_, err := g.undoPoint(f)
	return err == nil
}

func (g *Game) undoPoint(f Faction) (int, error) {
	if g.pending == nil {
		return 0, refuse(ErrGameOver, "nothing to undo")
	}
	if g.pending.Faction != f {
		return 0, refuse(ErrNotYourTurn, "%s cannot undo: it is %s's decision", f, g.pending.Faction)
	}
	for i := len(g.trail) - 1; i >= g.barrier; i-- {
		a := g.trail[i]
		if a.Faction != f {
			break
		}
		if !a.Forced {
			return i, nil
		}
	}
	return 0, refuse(ErrIllegal, "%s has nothing to undo: undo reaches back only to the start of the current action, and never past a die roll, a card reveal or another faction's decision", f)
}

// Undo takes back faction f's last decision (and anything the engine applied
// on its own after it).
func (g *Game) Undo(f Faction) error {
	i, err := g.undoPoint(f)
	if err != nil {
		return err
	}
	saved := g.trail
	g.notesKept = 0
	g.trail = append([]answer(nil), g.trail[:i]...)
	g.forced = g.forced[:0]
	if err := g.settle(); err != nil {
		g.trail = saved
		return errors.Join(err, g.settle())
	}
	return nil
}

// settle runs steps from the committed snapshot until one waits on a
// decision or the game ends.
func (g *Game) settle() error {
	idle := 0
	for {
		g.cur.copyFrom(&g.base)
		g.pending, g.barrier = nil, 0
		if g.cur.Result != nil {
			return nil
		}
		proc, ok := steps[g.cur.Step.Kind]
		if !ok {
			return fmt.Errorf("engine: unknown step %q", g.cur.Step.Kind)
		}
		r := &g.r
		g.buf.reset()
		// A replay that goes on from where the last one stopped (the same
		// snapshot, and the answers it had followed by more) says the same
		// log lines up to there: they are kept rather than said again.
		kept := 0
		if g.notesKept > 0 && len(g.trail) > g.notesAt {
			kept = g.notesKept
		}
		g.notesKept = 0
		*r = run{s: &g.cur, m: g.m, d: g.d, trail: g.trail, notes: r.notes[:kept], notesSkip: kept, choices: r.choices, opSpaces: r.opSpaces[:0], scratch: &g.buf, work: &g.work, addSpace: r.addSpace, showForced: g.showForced, forced: &g.forced, reseed: g.reseed, probes: &g.probes}
		before := g.cur.Step
		err := proc(r)
		g.trail = r.trail
		if errors.Is(err, errAwait) {
			g.pending, g.barrier, g.stepRolls = r.pending, r.barrier, r.rolls
			if r.notesSkip == 0 {
				g.notesKept, g.notesAt = len(r.notes), len(g.trail)
			}
			return nil
		}
		if err != nil {
			return err
		}
		if r.pos != len(r.trail) {
			return fmt.Errorf("engine: step %s finished with %d unused answers", before.Kind, len(r.trail)-r.pos)
		}
		if r.notesSkip != 0 {
			return fmt.Errorf("engine: step %s said %d fewer log lines than its replay before", before.Kind, r.notesSkip)
		}
		if r.pos > 0 {
			idle = 0
		} else if idle++; idle > maxIdleSteps {
			// No game runs this many steps without a decision: a step
			// that fails to advance would otherwise loop for ever.
			return fmt.Errorf("engine: %d steps without a decision, last %s", idle, before.Kind)
		}
		if g.reseed != nil {
			if r.rolls <= g.reseed.after {
				g.cur.RNG = g.reseed.rng
			}
			g.reseed = nil
		}
		g.commits++
		for _, n := range r.notes {
			e := n.entry
			e.Seq, e.Text = len(g.log)+1, n.text.String()
			g.log = append(g.log, e)
		}
		g.base.copyFrom(&g.cur)
		if g.observe != nil {
			c := Commit{Step: before, State: &g.base}
			if len(g.trail) > 0 {
				c.By, c.First, c.Forced = g.trail[0].Faction, g.trail[0].Choice, g.trail[0].Forced
			}
			g.observe(c)
		}
		g.trail = nil
		g.probes.forget()
		if g.halt != nil && g.halt(&g.base) {
			g.cur.copyFrom(&g.base)
			g.pending, g.barrier = nil, 0
			return nil
		}
	}
}

// yieldEvery is how many answers a game takes between yields to the
// scheduler (answer): often enough that a collection's marking never waits
// long on a busy processor (a decision takes microseconds), seldom enough
// that yielding costs nothing measurable.
const yieldEvery = 32

// maxIdleSteps bounds the steps run without any decision: a whole game of
// forced Passes is about 60 cards of 3 steps each.
const maxIdleSteps = 10000

// Steps are registered by the files that implement them, in init.
var steps = map[string]func(*run) error{}

// gameJSON is the saved form of a game.
type gameJSON struct {
	Format  string   `json:"format"`
	Engine  string   `json:"engine"`
	Deck    string   `json:"deck"`
	Base    State    `json:"base"`
	Answers []answer `json:"answers"`
	Log     []Entry  `json:"log"`
	// ShowForced is Config.ShowForced: the answers of such a game include
	// single-choice questions the player answered, so it replays only
	// with it.
	ShowForced bool `json:"show_forced,omitempty"`
}

const gameFormat = "chinaswar-game/1"

// MarshalJSON saves the game: the snapshot of the current step, the answers
// given in it, and the log. The output is byte-identical for equal games.
func (g *Game) MarshalJSON() ([]byte, error) {
	return json.Marshal(gameJSON{Format: gameFormat, Engine: Version, Deck: g.d.ID, Base: g.base, Answers: g.trail, Log: g.log, ShowForced: g.showForced})
}

// MarshalState saves the game without its log: what MarshalJSON saves but
// the log, so its size does not grow with the game's length. Load restores
// it with an empty log, and RestoreLog gives the log back: a store that
// saves often keeps the log elsewhere, a piece at a time.
func (g *Game) MarshalState() ([]byte, error) {
	return json.Marshal(stateJSON{Format: gameFormat, Engine: Version, Deck: g.d.ID, Base: g.base, Answers: g.trail, ShowForced: g.showForced})
}

// stateJSON is gameJSON without the log.
type stateJSON struct {
	Format     string   `json:"format"`
	Engine     string   `json:"engine"`
	Deck       string   `json:"deck"`
	Base       State    `json:"base"`
	Answers    []answer `json:"answers"`
	ShowForced bool     `json:"show_forced,omitempty"`
}

// RestoreLog gives a game loaded from MarshalState its log back. The game
// must have no log of its own, and the entries must be numbered from 1.
func (g *Game) RestoreLog(log []Entry) error {
	if len(g.log) > 0 {
		return fmt.Errorf("restore log: the game has a log of %d entries already", len(g.log))
	}
	for i, e := range log {
		if e.Seq != i+1 {
			return fmt.Errorf("restore log: entry %d is numbered %d", i+1, e.Seq)
		}
	}
	g.log = log[:len(log):len(log)]
	return nil
}

// Load restores a saved game. The deck must be the one the game was created
// with (nil for the embedded deck it names, current or retired). A corrupt or inconsistent save is an
// error; nothing of it is used.
func Load(data []byte, d *Deck) (*Game, error) {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("load game: %w", err)
	}
	if j.Format != gameFormat {
		return nil, fmt.Errorf("load game: format %q, want %q", j.Format, gameFormat)
	}
	if d == nil {
		// The embedded deck the game was saved with: the current one, or
		// the version of it the game was created under.
		var err error
		if d, err = EmbeddedDeck(j.Deck); err != nil {
			return nil, fmt.Errorf("load game: %w", err)
		}
	}
	if j.Deck != d.ID {
		return nil, fmt.Errorf("load game: saved with deck %q, but deck %q was given", j.Deck, d.ID)
	}
	m := DefaultMap()
	if err := CheckInvariants(m, d, &j.Base); err != nil {
		return nil, fmt.Errorf("load game: saved state is invalid: %w", err)
	}
	if _, ok := steps[j.Base.Step.Kind]; !ok && j.Base.Result == nil {
		return nil, fmt.Errorf("load game: unknown step %q", j.Base.Step.Kind)
	}
	// Replay the saved answers through Do, so each one is checked against the
	// legal choices as if it were given now: a tampered answer is refused.
	g := &Game{m: m, d: d, base: j.Base, log: j.Log, showForced: j.ShowForced}
	if err := g.settle(); err != nil {
		return nil, fmt.Errorf("load game: starting the current step: %w", err)
	}
	for i, a := range j.Answers {
		if i < len(g.trail) {
			if g.trail[i] != a {
				return nil, fmt.Errorf("load game: saved answer %d (%s %q) does not replay", i+1, a.Faction, a.Choice)
			}
			continue
		}
		if a.Forced {
			return nil, fmt.Errorf("load game: saved answer %d (%s %q) was marked forced but is not", i+1, a.Faction, a.Choice)
		}
		do := func() error { return g.Do(a.Faction, a.Choice) }
		if isTransfer(a.Choice) {
			do = func() error {
				t, err := ParseTransfer(a.Faction, a.Choice)
				if err != nil {
					return err
				}
				return g.Transfer(t)
			}
		}
		if err := do(); err != nil {
			return nil, fmt.Errorf("load game: saved answer %d: %w", i+1, err)
		}
		if len(g.trail) <= i {
			return nil, fmt.Errorf("load game: saved answer %d completed the step, which a save never holds", i+1)
		}
	}
	if len(g.trail) != len(j.Answers) {
		return nil, fmt.Errorf("load game: the saved answers do not replay (%d saved, %d replayed)", len(j.Answers), len(g.trail))
	}
	g.forced = nil
	return g, nil
}

// Commit is one step the game has committed: what it was, its first answer
// and who gave it (First is "" when it asked nothing: an automatic phase),
// whether the engine gave it itself (the only legal choice), and the state
// it left.
type Commit struct {
	Step   Step
	By     Faction
	First  string
	Forced bool
	State  *State
}

// Observe has f told of every step the game commits from now on, after
// the commit; nil stops it. It is for measuring a game (what moved the
// victory margins, and when): f must not change the state. Clones and
// determinizations do not inherit it.
func (g *Game) Observe(f func(Commit)) { g.observe = f }

// Clone returns an independent copy of the game, for looking ahead (AI
// players) or trying a decision without committing to it.
func (g *Game) Clone() *Game {
	// A determinization's new dice begin within its current step (reseed):
	// its copies must roll them too, not the real game's.
	h := &Game{m: g.m, d: g.d, barrier: g.barrier, showForced: g.showForced, answers: g.answers, stepRolls: g.stepRolls, reseed: g.reseed}
	h.base.copyFrom(&g.base)
	h.cur.copyFrom(&g.cur)
	h.trail = append([]answer(nil), g.trail...)
	h.log = g.log[:len(g.log):len(g.log)]
	if g.pending != nil {
		p := *g.pending
		h.pending = &p
	}
	return h
}
