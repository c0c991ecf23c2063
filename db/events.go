package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// A game's events are what members did to it besides its decisions: who
// joined, left, started, replaced, abandoned or forfeited it, or changed
// its deadline. Each is written in the transaction of the change it
// records, so the record and the change are kept or lost together.

// Event is one thing a member did to a game.
type Event struct {
	Game   int64
	At     time.Time
	Actor  string // the member; "" for the bot itself
	Action string // e.g. "joined", "forfeited"
	Detail string // what exactly, in words
}

func writeEvent(ctx context.Context, tx *sql.Tx, ev Event) error {
	if ev.At.IsZero() {
		ev.At = now()
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO game_events (game, at, actor, action, detail) VALUES (?, ?, ?, ?, ?)`,
		ev.Game, ev.At.UnixMilli(), ev.Actor, ev.Action, ev.Detail); err != nil {
		return fmt.Errorf("game %d: event %s: %w", ev.Game, ev.Action, err)
	}
	return nil
}

// Events returns game id's events, oldest first.
func (s *Store) Events(ctx context.Context, id int64) ([]Event, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT at, actor, action, detail FROM game_events WHERE game = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("game %d: events: %w", id, err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		ev := Event{Game: id}
		var at int64
		if err := rows.Scan(&at, &ev.Actor, &ev.Action, &ev.Detail); err != nil {
			return nil, fmt.Errorf("game %d: events: %w", id, err)
		}
		ev.At = time.UnixMilli(at).UTC()
		out = append(out, ev)
	}
	return out, rows.Err()
}

// inTx runs do in a write transaction of game id that also records ev,
// and commits; do sees the game's record.
func (s *Store) inTx(ctx context.Context, id int64, ev Event, do func(tx *sql.Tx, info Info) error) (err error) {
	defer func() { err = diskFull(err) }()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: %s: %w", id, ev.Action, err)
	}
	defer tx.Rollback()
	info, err := s.lockInfo(ctx, tx, id)
	if err != nil {
		return err
	}
	if err := do(tx, info); err != nil {
		return err
	}
	ev.Game = id
	if err := writeEvent(ctx, tx, ev); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("game %d: %s: %w", id, ev.Action, err)
	}
	return nil
}

// SeatBy gives faction f of active game id to seat (frees it with the zero
// Seat) and records ev with it. With claim, a seat held by anyone is
// ErrSeatTaken: of two claims at once, one wins.
func (s *Store) SeatBy(ctx context.Context, id int64, f engine.Faction, seat Seat, claim bool, ev Event) error {
	if claim && seat.Player == "" {
		return fmt.Errorf("game %d: seat %s: a claim needs a player", id, f)
	}
	return s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		if info.Status != Active {
			return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
		}
		if claim {
			var holder string
			err := tx.QueryRowContext(ctx, `SELECT player FROM seats WHERE game = ? AND faction = ?`, id, f.String()).Scan(&holder)
			switch {
			case errors.Is(err, sql.ErrNoRows):
			case err != nil:
				return fmt.Errorf("game %d: seat %s: %w", id, f, err)
			case holder != "":
				return fmt.Errorf("game %d: %w: %s is held by %s", id, ErrSeatTaken, f, holder)
			}
		}
		if err := setSeat(ctx, tx, id, f, seat); err != nil {
			return fmt.Errorf("game %d: seat %s: %w", id, f, err)
		}
		return nil
	})
}

// StartBy ends game id's lobby like Start, and records ev with it.
func (s *Store) StartBy(ctx context.Context, id int64, ev Event) error {
	return s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		switch {
		case info.Status != Active:
			return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
		case !info.Lobby:
			return fmt.Errorf("game %d: %w", id, ErrStarted)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET lobby = 0, updated = ? WHERE id = ?`, now().UnixMilli(), id); err != nil {
			return err
		}
		// From now on the game waits on its first decision.
		e, err := s.entry(ctx, tx, info)
		if err != nil {
			return err
		}
		return writeWaiting(ctx, tx, id, info.Seq, e.g, s.waitingSince())
	})
}

// AbandonBy stops active game id unfinished and records ev with it, in one
// transaction with its end (db.finish). A forfeit, when not nil, makes a
// league game's result a forfeit of its member instead of an abandon.
func (s *Store) AbandonBy(ctx context.Context, id int64, forfeit *Forfeit, ev Event) error {
	return s.abandonBy(ctx, id, forfeit, ev, false)
}

// abandonBy is AbandonBy; with lobbyOnly, a game that has started is
// ErrStarted and is left as it is.
func (s *Store) abandonBy(ctx context.Context, id int64, forfeit *Forfeit, ev Event, lobbyOnly bool) error {
	err := s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		if info.Status != Active {
			return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
		}
		if lobbyOnly && !info.Lobby {
			return fmt.Errorf("game %d: %w", id, ErrStarted)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, problem = '', updated = ? WHERE id = ?`,
			Abandoned, now().UnixMilli(), id); err != nil {
			return fmt.Errorf("game %d: abandon: %w", id, err)
		}
		return s.finishWith(ctx, tx, info, nil, forfeit, now())
	})
	if err == nil {
		s.unverify(id)
	}
	return err
}
