package remind

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// t0 is a Monday noon UTC.
var t0 = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

type fakeSource struct {
	mu      sync.Mutex
	waiting []Waiting
	prefs   map[string]Prefs
}

func (s *fakeSource) Waiting(context.Context) ([]Waiting, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Waiting(nil), s.waiting...), nil
}

func (s *fakeSource) Prefs(_ context.Context, players []string) (map[string]Prefs, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]Prefs{}
	for _, p := range players {
		if pr, ok := s.prefs[p]; ok {
			out[p] = pr
		}
	}
	return out, nil
}

// recorder is a Notifier and an Actor that writes down what it is asked to
// do; fail, when set, makes a call fail instead.
type recorder struct {
	mu        sync.Mutex
	reminders []Reminder
	escalated []Escalation
	passed    []Waiting
	played    []Waiting // turns the AI played
	fail      func(what string) bool
}

var errDown = errors.New("discord is down")

func (r *recorder) failing(what string) bool { return r.fail != nil && r.fail(what) }

func (r *recorder) Remind(_ context.Context, m Reminder) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failing("remind") {
		return errDown
	}
	r.reminders = append(r.reminders, m)
	return nil
}

func (r *recorder) Escalate(_ context.Context, e Escalation) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failing("escalate") {
		return errDown
	}
	r.escalated = append(r.escalated, e)
	return nil
}

func (r *recorder) Pass(_ context.Context, w Waiting) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failing("pass") {
		return errDown
	}
	r.passed = append(r.passed, w)
	return nil
}

func (r *recorder) PlayAI(_ context.Context, w Waiting) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failing("ai") {
		return errDown
	}
	r.played = append(r.played, w)
	return nil
}

func (r *recorder) counts() (reminders, escalations, passes int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reminders), len(r.escalated), len(r.passed)
}

// waiting is game g waiting on player's NAT 1st Eligible choice since t0.
func waiting(g int64, player string) Waiting {
	return Waiting{Game: g, Faction: engine.NAT, Player: player, Since: t0,
		Step: fmt.Sprintf("NAT is 1st Eligible on #23: Event, Operation or Pass (game %d)", g),
		Link: fmt.Sprintf("https://discord.com/channels/1/%d/99", g), Eligible: true, PassLegal: true}
}

// rig is a scheduler over an in-memory store with a fake clock.
type rig struct {
	src   *fakeSource
	store *MemStore
	rec   *recorder
	clock *fakeClock
	s     *Scheduler
}

func newRig(ws ...Waiting) *rig {
	r := &rig{src: &fakeSource{waiting: ws, prefs: map[string]Prefs{}}, store: NewMemStore(), rec: &recorder{}, clock: &fakeClock{t: t0}}
	r.s = New(r.src, r.store, r.rec, r.rec, r.clock)
	return r
}

// restart is a new scheduler process on the same store, source and
// recorder.
func (r *rig) restart() { r.s = New(r.src, r.store, r.rec, r.rec, r.clock) }

// at runs a pass at t0+d.
func (r *rig) at(t *testing.T, d time.Duration) Summary {
	t.Helper()
	r.clock.Set(t0.Add(d))
	sum, err := r.s.Pass(context.Background(), t0.Add(d))
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// every runs a pass every step from t0+from to t0+to inclusive.
func (r *rig) every(t *testing.T, step, from, to time.Duration) {
	t.Helper()
	for d := from; d <= to; d += step {
		r.at(t, d)
	}
}

const h = time.Hour
