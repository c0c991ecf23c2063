package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Info reads game id's record, Seq included, without loading its state:
// cheap enough for autocomplete and for checking a click.
func (s *Store) Info(ctx context.Context, id int64) (Info, error) {
	return readInfo(ctx, s.r, id)
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
// that is zero. It does not wait for the disk (execLazily).
func (s *Store) SetTurn(ctx context.Context, id int64, ref TurnRef) error {
	since := ref.Since
	if since.IsZero() {
		since = now()
	}
	err := s.execLazily(ctx, `INSERT INTO turns (game, guild, channel, message, seq, since) VALUES (?, ?, ?, ?, ?, ?)
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

// ClearTurn forgets game id's turn message, without waiting for the disk
// (execLazily).
func (s *Store) ClearTurn(ctx context.Context, id int64) error {
	if err := s.execLazily(ctx, `DELETE FROM turns WHERE game = ?`, id); err != nil {
		return fmt.Errorf("game %d: turn message: %w", id, err)
	}
	return nil
}
