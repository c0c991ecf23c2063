package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Info reads game id's record, Seq included, without loading its state:
// cheap enough for autocomplete and for checking a click.
func (s *Store) Info(ctx context.Context, id int64) (Info, error) {
	return readInfo(ctx, s.r, id)
}

// Start ends game id's lobby: from now on it takes decisions. A game that
// has started already is ErrStarted; one no longer active, ErrNotActive.
func (s *Store) Start(ctx context.Context, id int64) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: start: %w", id, err)
	}
	defer tx.Rollback()
	info, err := readInfo(ctx, tx, id)
	if err != nil {
		return err
	}
	switch {
	case info.Status != Active:
		return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
	case !info.Lobby:
		return fmt.Errorf("game %d: %w", id, ErrStarted)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET lobby = 0, updated = ? WHERE id = ?`, now().UnixMilli(), id); err != nil {
		return fmt.Errorf("game %d: start: %w", id, err)
	}
	e, err := s.entry(ctx, tx, info)
	if err != nil {
		return fmt.Errorf("game %d: start: %w", id, err)
	}
	if err := writeWaiting(ctx, tx, id, info.Seq, e.g, s.waitingSince()); err != nil {
		return fmt.Errorf("game %d: start: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("game %d: start: %w", id, err)
	}
	return nil
}

// ClaimSeat gives faction f of active game id to seat.Player if nobody
// holds it, in one transaction: of two claims at once, one wins and the
// other is ErrSeatTaken (also when the claimant holds it already).
func (s *Store) ClaimSeat(ctx context.Context, id int64, f engine.Faction, seat Seat) error {
	if seat.Player == "" {
		return fmt.Errorf("game %d: seat %s: no player", id, f)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: seat %s: %w", id, f, err)
	}
	defer tx.Rollback()
	info, err := readInfo(ctx, tx, id)
	if err != nil {
		return err
	}
	if info.Status != Active {
		return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
	}
	var holder string
	err = tx.QueryRowContext(ctx, `SELECT player FROM seats WHERE game = ? AND faction = ?`, id, f.String()).Scan(&holder)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return fmt.Errorf("game %d: seat %s: %w", id, f, err)
	case holder != "":
		return fmt.Errorf("game %d: %w: %s is held by %s", id, ErrSeatTaken, f, holder)
	}
	if err := setSeat(ctx, tx, id, f, seat); err != nil {
		return fmt.Errorf("game %d: seat %s: %w", id, f, err)
	}
	return tx.Commit()
}

// TurnRef is the message showing a game's current decision.
type TurnRef struct {
	Guild, Channel, Message string
	Seq                     int64     // the decision count it shows
	Since                   time.Time // when the game began waiting on that decision
}

// SetTurn records game id's turn message. Since is kept from the stored
// reference when that showed the same Seq (the message was edited or
// reposted for the same decision); otherwise it is ref.Since, or now when
// that is zero.
func (s *Store) SetTurn(ctx context.Context, id int64, ref TurnRef) error {
	since := ref.Since
	if since.IsZero() {
		since = now()
	}
	_, err := s.w.ExecContext(ctx, `INSERT INTO turns (game, guild, channel, message, seq, since) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game) DO UPDATE SET guild = excluded.guild, channel = excluded.channel, message = excluded.message,
			since = CASE WHEN turns.seq = excluded.seq THEN turns.since ELSE excluded.since END, seq = excluded.seq`,
		id, ref.Guild, ref.Channel, ref.Message, ref.Seq, since.UnixMilli())
	if err != nil {
		return fmt.Errorf("game %d: turn message: %w", id, err)
	}
	return nil
}

// Turn returns game id's turn message, and false when none is stored.
func (s *Store) Turn(ctx context.Context, id int64) (TurnRef, bool, error) {
	var r TurnRef
	var since int64
	err := s.r.QueryRowContext(ctx, `SELECT guild, channel, message, seq, since FROM turns WHERE game = ?`, id).
		Scan(&r.Guild, &r.Channel, &r.Message, &r.Seq, &since)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("game %d: turn message: %w", id, err)
	}
	r.Since = time.UnixMilli(since).UTC()
	return r, true, nil
}

// Turns returns the turn messages of every active game, by game id.
func (s *Store) Turns(ctx context.Context) (map[int64]TurnRef, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT t.game, t.guild, t.channel, t.message, t.seq, t.since
		FROM turns t JOIN games g ON g.id = t.game WHERE g.status = 'active'`)
	if err != nil {
		return nil, fmt.Errorf("turn messages: %w", err)
	}
	defer rows.Close()
	out := map[int64]TurnRef{}
	for rows.Next() {
		var id, since int64
		var r TurnRef
		if err := rows.Scan(&id, &r.Guild, &r.Channel, &r.Message, &r.Seq, &since); err != nil {
			return nil, fmt.Errorf("turn messages: %w", err)
		}
		r.Since = time.UnixMilli(since).UTC()
		out[id] = r
	}
	return out, rows.Err()
}

// ClearTurn forgets game id's turn message.
func (s *Store) ClearTurn(ctx context.Context, id int64) error {
	if _, err := s.w.ExecContext(ctx, `DELETE FROM turns WHERE game = ?`, id); err != nil {
		return fmt.Errorf("game %d: turn message: %w", id, err)
	}
	return nil
}
