package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A running league game's deadline (its reminder timeout, after which an
// Eligible faction choosing its action Passes, or the AI plays the turn:
// onTimeout, as ReminderSettings.OnTimeout) changes only when every seated
// member agrees: each votes for the same timeout and onTimeout, and the
// last vote sets them. The league's creator, or a member who may manage the server,
// sets it directly (SetTimeout).

// Vote is where a deadline vote stands after a member's vote.
type Vote struct {
	Agreed  bool     // every voter voted for this timeout: it is set
	Waiting []string // the voters who have not voted for it yet
}

// VoteTimeout records member's vote for timeout (0 for none) and onTimeout
// in game id, whose seated members are voters, and records ev with it. When
// every voter has voted for both, they are set (as SetTimeout) and the
// votes are cleared, in the same transaction.
func (s *Store) VoteTimeout(ctx context.Context, id int64, member string, timeout time.Duration, onTimeout string, voters []string, ev Event) (Vote, error) {
	var v Vote
	err := s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		if info.Status != Active {
			return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO deadline_votes (game, member, timeout, on_timeout, at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (game, member) DO UPDATE SET timeout = excluded.timeout, on_timeout = excluded.on_timeout, at = excluded.at`,
			id, member, timeout.Milliseconds(), onTimeout, now().UnixMilli()); err != nil {
			return fmt.Errorf("game %d: deadline vote: %w", id, err)
		}
		v = Vote{}
		for _, p := range voters {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM deadline_votes WHERE game = ? AND member = ? AND timeout = ? AND on_timeout = ?`,
				id, p, timeout.Milliseconds(), onTimeout).Scan(&n); err != nil {
				return fmt.Errorf("game %d: deadline vote: %w", id, err)
			}
			if n == 0 {
				v.Waiting = append(v.Waiting, p)
			}
		}
		if len(v.Waiting) > 0 {
			return nil
		}
		v.Agreed = true
		return setTimeout(ctx, tx, id, timeout, onTimeout)
	})
	return v, err
}

// SetTimeout sets game id's timeout (0 for none) and what it does
// (onTimeout), clears any votes for one and records ev with it.
func (s *Store) SetTimeout(ctx context.Context, id int64, timeout time.Duration, onTimeout string, ev Event) error {
	return s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		return setTimeout(ctx, tx, id, timeout, onTimeout)
	})
}

func setTimeout(ctx context.Context, tx *sql.Tx, id int64, timeout time.Duration, onTimeout string) error {
	// A game without settings gets the defaults (0) for all but the timeout.
	if _, err := tx.ExecContext(ctx, `INSERT INTO reminder_settings (game, interval, escalate_after, stop_after, timeout, on_timeout)
		VALUES (?, 0, 0, 0, ?, ?) ON CONFLICT (game) DO UPDATE SET timeout = excluded.timeout, on_timeout = excluded.on_timeout`,
		id, timeout.Milliseconds(), onTimeout); err != nil {
		return fmt.Errorf("game %d: timeout: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM deadline_votes WHERE game = ?`, id); err != nil {
		return fmt.Errorf("game %d: timeout: %w", id, err)
	}
	return nil
}
