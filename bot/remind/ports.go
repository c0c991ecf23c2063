package remind

import (
	"context"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Clock tells the time; tests use a fake one.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock.
type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now() }

// Waiting is one pending decision of a game, as the caller's game summary
// describes it.
type Waiting struct {
	Game    int64
	Faction engine.Faction
	Player  string    // the member who must decide
	Since   time.Time // when the game began waiting on this decision
	Step    string    // what it waits for, in sequence-of-play terms
	Link    string    // link to the turn message
	// Eligible is true when the decision is the faction's choice as 1st or
	// 2nd Eligible; PassLegal when Pass is among the legal choices. Only both
	// together let a deadline Pass for the faction.
	Eligible  bool
	PassLegal bool
	Settings  Settings // the game's
}

// Source tells the scheduler what waits and how members want reminding.
type Source interface {
	// Waiting lists the pending decisions of every active game.
	Waiting(ctx context.Context) ([]Waiting, error)
	// Prefs returns the preferences of players, by member; a member
	// without any is absent (the zero Prefs).
	Prefs(ctx context.Context, players []string) (map[string]Prefs, error)
}

// Reminder is a nudge to the member who holds a game up.
type Reminder struct {
	Waiting
	Number int  // 1 for the first reminder of this decision
	Final  bool // no more reminders will follow for this decision
}

// Reason says why the host and channel are told.
type Reason int

const (
	// Stalled: the reminders went unanswered.
	Stalled Reason = iota
	// TimedOut: the deadline passed on a decision that cannot be passed
	// automatically; the host must act.
	TimedOut
	// AutoPassed: the deadline passed and the faction was Passed.
	AutoPassed
	// AIPlayed: the deadline passed and the AI played the faction's turn.
	AIPlayed
)

func (r Reason) String() string {
	switch r {
	case Stalled:
		return "stalled"
	case TimedOut:
		return "timed out"
	case AutoPassed:
		return "passed automatically"
	case AIPlayed:
		return "played by the AI"
	}
	return "Reason(?)"
}

// Escalation tells a game's host and channel about a stalled game.
type Escalation struct {
	Waiting
	Reason    Reason
	Reminders int // reminders counted so far for this decision
}

// Notifier posts messages.
type Notifier interface {
	// Remind posts a new message in the game's channel that mentions the
	// member.
	Remind(ctx context.Context, r Reminder) error
	// Escalate tells the game's host and channel.
	Escalate(ctx context.Context, e Escalation) error
}

// Actor plays for a member when the game's deadline passes.
type Actor interface {
	// Pass answers w's decision with Pass, provided it is still the pending
	// one (the game still waits on w.Faction since w.Since); otherwise it
	// returns an error and changes nothing.
	Pass(ctx context.Context, w Waiting) error
	// PlayAI has the AI (level w.Settings.TimeoutAI) play w's faction's
	// turn, provided w's decision is still the pending one; the seat stays
	// the member's. Otherwise it returns an error and changes nothing.
	PlayAI(ctx context.Context, w Waiting) error
}
