package remind

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Scheduler runs reminder passes. Several may share one Store.
type Scheduler struct {
	src   Source
	store Store
	note  Notifier
	act   Actor
	clock Clock
	zones sync.Map // zone name → *time.Location: LoadLocation parses tzdata each call
}

// New returns a scheduler.
func New(src Source, store Store, note Notifier, act Actor, clock Clock) *Scheduler {
	return &Scheduler{src: src, store: store, note: note, act: act, clock: clock}
}

// Summary counts what a pass saw and did.
type Summary struct {
	Waiting   int // pending decisions seen
	Due       int // decisions something was due for
	Lost      int // claims another scheduler won
	Reminded  int
	Escalated int
	Passed    int
	PlayedAI  int // turns the AI played at a deadline
}

// Pass does everything due at now: it claims each due action in the store,
// then sends it. Errors about single games do not stop the pass; they come
// back joined.
func (s *Scheduler) Pass(ctx context.Context, now time.Time) (Summary, error) {
	var sum Summary
	ws, err := s.src.Waiting(ctx)
	if err != nil {
		return sum, fmt.Errorf("reminders: list waiting games: %w", err)
	}
	sum.Waiting = len(ws)
	keys := make([]Key, len(ws))
	for i, w := range ws {
		keys[i] = Key{Game: w.Game, Player: w.Player}
	}
	states, err := s.store.Load(ctx, keys)
	if err != nil {
		return sum, fmt.Errorf("reminders: load state: %w", err)
	}

	var errs []error
	players := make([]string, 0, len(ws))
	seen := map[string]bool{}
	for _, w := range ws {
		if !seen[w.Player] {
			seen[w.Player] = true
			players = append(players, w.Player)
		}
	}
	prefs, err := s.src.Prefs(ctx, players)
	if err != nil {
		errs = append(errs, fmt.Errorf("reminders: preferences: %w", err))
		// Remind with the defaults rather than not at all.
		prefs = nil
	}
	for i, w := range ws {
		p := prefs[w.Player]
		st := states[keys[i]]
		a, due := plan(w, p, s.zone(p.Zone), st, now)
		if !due {
			continue
		}
		sum.Due++
		if err := s.do(ctx, keys[i], st, a, &sum); err != nil {
			errs = append(errs, fmt.Errorf("reminders: game %d, %s: %w", w.Game, w.Player, err))
		}
	}
	return sum, errors.Join(errs...)
}

// do claims a's state and performs it. When the first thing to go out fails,
// nothing went out: the claim is rolled back so a later pass tries again.
func (s *Scheduler) do(ctx context.Context, key Key, st State, a action, sum *Summary) error {
	won, err := s.store.Claim(ctx, key, st.Rev, a.next)
	if err != nil {
		return fmt.Errorf("claim: %w", err)
	}
	if !won {
		sum.Lost++
		return nil
	}
	type step struct {
		run   func() error
		count *int
	}
	var steps []step
	if a.pass {
		steps = append(steps, step{func() error { return s.act.Pass(ctx, a.w) }, &sum.Passed})
	}
	if a.playAI {
		steps = append(steps, step{func() error { return s.act.PlayAI(ctx, a.w) }, &sum.PlayedAI})
	}
	if a.remind != nil {
		steps = append(steps, step{func() error { return s.note.Remind(ctx, *a.remind) }, &sum.Reminded})
	}
	if a.escalate != nil {
		steps = append(steps, step{func() error { return s.note.Escalate(ctx, *a.escalate) }, &sum.Escalated})
	}
	for i, op := range steps {
		if err := op.run(); err != nil {
			if i == 0 {
				return errors.Join(err, s.rollback(ctx, key, st))
			}
			return err
		}
		*op.count++
	}
	return nil
}

// rollback restores the state a failed action claimed over, unless someone
// changed it since.
func (s *Scheduler) rollback(ctx context.Context, key Key, old State) error {
	if _, err := s.store.Claim(ctx, key, old.Rev+1, old); err != nil {
		return fmt.Errorf("roll back: %w", err)
	}
	return nil
}

// zone loads a member's time zone, UTC when it does not load (Prefs.Validate
// catches that when the member sets it).
func (s *Scheduler) zone(name string) *time.Location {
	if loc, ok := s.zones.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		loc = time.UTC
	}
	s.zones.Store(name, loc)
	return loc
}

// maxTries bounds Snooze's compare-and-set loop; losing this often means
// something else rewrites the state continually.
const maxTries = 8

// Snooze holds a member's reminders in a game back for d from now (d <= 0
// lifts a snooze).
func (s *Scheduler) Snooze(ctx context.Context, game int64, player string, d time.Duration) error {
	key := Key{Game: game, Player: player}
	until := time.Time{}
	if d > 0 {
		until = s.clock.Now().Add(d)
	}
	for range maxTries {
		states, err := s.store.Load(ctx, []Key{key})
		if err != nil {
			return fmt.Errorf("snooze: %w", err)
		}
		st := states[key]
		next := st
		next.SnoozedUntil = until
		won, err := s.store.Claim(ctx, key, st.Rev, next)
		if err != nil {
			return fmt.Errorf("snooze: %w", err)
		}
		if won {
			return nil
		}
	}
	return fmt.Errorf("snooze: game %d, %s: state kept changing", game, player)
}
