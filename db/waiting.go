package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Waiting is what a started, active game waits for, as the transaction
// that last changed it recorded: reminders read it without loading the
// game.
type Waiting struct {
	Game    int64
	Seq     int64 // the decision count it waits at (Decision.ExpectSeq)
	Faction engine.Faction
	Player  string // the member in that seat; "" when it is empty
	Step    string // WaitingStep of the game
	// ActionChoice: an Eligible faction's choice of action (IsActionChoice);
	// PassLegal: Pass is among the choices.
	ActionChoice, PassLegal bool
	Since                   time.Time // when the game began waiting on it
	Place                   string    // the game's place
	// Turn is the message showing this decision, nil when none does (it
	// could not be posted, or shows an older decision). Its Since is the
	// wait's.
	Turn     *TurnRef
	Settings ReminderSettings // the game's; zero for the defaults
}

// SetClock sets the clock that dates when a game begins waiting on a
// decision (Waiting.Since); time.Now by default. Tests drive reminders with
// a fake one.
func (s *Store) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock = now
}

// waitingSince is the time a decision recorded now begins its wait, at the
// precision stored.
func (s *Store) waitingSince() time.Time {
	s.mu.Lock()
	clock := s.clock
	s.mu.Unlock()
	if clock == nil {
		return now()
	}
	return time.UnixMilli(clock().UnixMilli()).UTC()
}

// writeWaiting records, in the caller's write transaction, what game id
// waits for now that it is g at decision count seq: since is when it began
// waiting. A game that waits on nothing loses its row.
func writeWaiting(ctx context.Context, tx *sql.Tx, id, seq int64, g *engine.Game, since time.Time) error {
	p := g.Prompt()
	if p == nil || g.Over() {
		if _, err := tx.ExecContext(ctx, `DELETE FROM waiting WHERE game = ?`, id); err != nil {
			return fmt.Errorf("game %d: waiting: %w", id, err)
		}
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO waiting (game, seq, faction, player, step, action_choice, pass_legal, since)
		VALUES (?1, ?2, ?3, COALESCE((SELECT player FROM seats WHERE game = ?1 AND faction = ?3), ''), ?4, ?5, ?6, ?7)
		ON CONFLICT (game) DO UPDATE SET seq = excluded.seq, faction = excluded.faction, player = excluded.player,
			step = excluded.step, action_choice = excluded.action_choice, pass_legal = excluded.pass_legal, since = excluded.since`,
		id, seq, p.Faction.String(), WaitingStep(g), IsActionChoice(p), p.Has("pass"), since.UnixMilli())
	if err != nil {
		return fmt.Errorf("game %d: waiting: %w", id, err)
	}
	return nil
}

// waitingQuery reads waiting rows with the game's place, the turn message
// when it shows the decision waited on, and the reminder settings: every
// join is on a primary key.
const waitingQuery = `SELECT w.game, w.seq, w.faction, w.player, w.step, w.action_choice, w.pass_legal, w.since, g.place,
	CASE WHEN t.game IS NULL THEN 0 ELSE 1 END, COALESCE(t.guild, ''), COALESCE(t.channel, ''), COALESCE(t.message, ''),
	COALESCE(r.interval, 0), COALESCE(r.escalate_after, 0), COALESCE(r.stop_after, 0), COALESCE(r.timeout, 0),
	COALESCE(r.on_timeout, '')
	FROM waiting w JOIN games g ON g.id = w.game
	LEFT JOIN turns t ON t.game = w.game AND t.seq = w.seq
	LEFT JOIN reminder_settings r ON r.game = w.game`

// scanWaiting reads a row of waitingQuery into w. Every column is scanned
// into a string or an int64, which database/sql converts without
// reflection: a reminder pass reads ten thousand rows.
func scanWaiting(scan func(...any) error, w *Waiting) error {
	var faction, guild, channel, message, onTimeout string
	var actionChoice, passLegal, since, shown, interval, escalate, stop, timeout int64
	err := scan(&w.Game, &w.Seq, &faction, &w.Player, &w.Step, &actionChoice, &passLegal, &since, &w.Place,
		&shown, &guild, &channel, &message,
		&interval, &escalate, &stop, &timeout, &onTimeout)
	if err != nil {
		return err
	}
	if w.Faction, err = engine.ParseFaction(faction); err != nil {
		return fmt.Errorf("game %d: %w: waiting: %v", w.Game, ErrCorrupt, err)
	}
	w.ActionChoice, w.PassLegal = actionChoice != 0, passLegal != 0
	w.Since = time.UnixMilli(since).UTC()
	w.Turn = nil
	if shown != 0 {
		w.Turn = &TurnRef{Guild: guild, Channel: channel, Message: message, Seq: w.Seq, Since: w.Since}
	}
	w.Settings = ReminderSettings{Interval: time.Duration(interval) * time.Millisecond, EscalateAfter: int(escalate),
		StopAfter: int(stop), Timeout: time.Duration(timeout) * time.Millisecond, OnTimeout: onTimeout}
	return nil
}

// Waiting lists what every started, active game waits for, in one query,
// by game id: no game is loaded.
func (s *Store) Waiting(ctx context.Context) ([]Waiting, error) {
	return s.queryWaiting(ctx, "waiting games", " ORDER BY w.game")
}

// Unshown lists the games that have waited since before on a decision no
// turn message shows (its post failed). The scan and the turn message
// lookups stay inside SQLite; only those games are read.
func (s *Store) Unshown(ctx context.Context, before time.Time) ([]Waiting, error) {
	return s.queryWaiting(ctx, "games without a turn message", ` WHERE t.game IS NULL AND w.since <= ?`, before.UnixMilli())
}

func (s *Store) queryWaiting(ctx context.Context, what, where string, args ...any) ([]Waiting, error) {
	rows, err := s.r.QueryContext(ctx, waitingQuery+where, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	// As many as last time, so that ten thousand rows are not copied
	// over and over as the list grows.
	out := make([]Waiting, 0, s.waitingRows.Load())
	for rows.Next() {
		out = append(out, Waiting{})
		if err := scanWaiting(rows.Scan, &out[len(out)-1]); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	s.waitingRows.Store(int64(len(out)))
	return out, nil
}

// WaitingFor returns what game id waits for, and false when it waits for
// nothing (it is over, in its lobby or not active).
func (s *Store) WaitingFor(ctx context.Context, id int64) (Waiting, bool, error) {
	var w Waiting
	err := scanWaiting(s.r.QueryRowContext(ctx, waitingQuery+` WHERE w.game = ?`, id).Scan, &w)
	if errors.Is(err, sql.ErrNoRows) {
		return w, false, nil
	}
	if err != nil {
		return w, false, fmt.Errorf("game %d: waiting: %w", id, err)
	}
	return w, true, nil
}

// fillWaiting writes the waiting rows of the started, active games that
// have none: games started before the store kept them, or made active
// again. Each is loaded once; one that does not load is left for its next
// load to report (and mark broken). The wait is dated from its turn
// message when that shows the same decision.
func (s *Store) fillWaiting(ctx context.Context) error {
	rows, err := s.r.QueryContext(ctx, `SELECT id FROM games g WHERE status = 'active' AND lobby = 0
		AND NOT EXISTS (SELECT 1 FROM waiting w WHERE w.game = g.id)`)
	if err != nil {
		return fmt.Errorf("waiting games: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("waiting games: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("waiting games: %w", err)
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, s.fillOne(ctx, id))
	}
	return errors.Join(errs...)
}

func (s *Store) fillOne(ctx context.Context, id int64) error {
	info, err := s.Info(ctx, id)
	if err != nil {
		return err
	}
	e := s.cached(id)
	if e == nil || e.seq != info.Seq {
		rtx, err := s.r.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
		e, err = s.loadEngine(ctx, rtx, info)
		rtx.Rollback()
		if err != nil {
			return nil // not loadable: its next load says why
		}
		s.keep(id, e)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: waiting: %w", id, err)
	}
	defer tx.Rollback()
	// Only if nothing changed the game meanwhile: a change writes its own row.
	cur, err := s.lockInfo(ctx, tx, id)
	if err != nil {
		return err
	}
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM waiting WHERE game = ?)`, id).Scan(&exists); err != nil {
		return fmt.Errorf("game %d: waiting: %w", id, err)
	}
	if exists || cur.Seq != info.Seq || cur.Status != Active || cur.Lobby {
		return nil
	}
	since := s.waitingSince()
	if ref, ok, err := s.Turn(ctx, id); err == nil && ok && ref.Seq == info.Seq {
		since = ref.Since
	}
	if err := writeWaiting(ctx, tx, id, info.Seq, e.g, since); err != nil {
		return err
	}
	return tx.Commit()
}
