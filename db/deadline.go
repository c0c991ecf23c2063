package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A running league game's deadline (its reminder timeout, after which an
// Eligible faction choosing its action Passes) changes only when every
// seated member agrees: each votes for the same timeout, and the last vote
// sets it. The league's creator, or a member who may manage the server,
// sets it directly (SetTimeout).

// Vote is where a deadline vote stands after a member's vote.
type Vote struct {
	Agreed  bool     // every voter voted for this timeout: it is set
	Waiting []string // the voters who have not voted for it yet
}

// VoteTimeout records member's vote for timeout (0 for none) in game id,
// whose seated members are voters, and records ev with it. When every voter
// has voted for timeout, it is set (as SetTimeout) and the votes are
// cleared, in the same transaction.
func (s *Store) VoteTimeout(ctx context.Context, id int64, member string, timeout time.Duration, voters []string, ev Event) (Vote, error) {
	var v Vote
	err := s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		if info.Status != Active {
			return fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, info.Status)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO deadline_votes (game, member, timeout, at) VALUES (?, ?, ?, ?)
			ON CONFLICT (game, member) DO UPDATE SET timeout = excluded.timeout, at = excluded.at`,
			id, member, timeout.Milliseconds(), now().UnixMilli()); err != nil {
			return fmt.Errorf("game %d: deadline vote: %w", id, err)
		}
		v = Vote{}
		for _, p := range voters {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM deadline_votes WHERE game = ? AND member = ? AND timeout = ?`,
				id, p, timeout.Milliseconds()).Scan(&n); err != nil {
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
		return setTimeout(ctx, tx, id, timeout)
	})
	return v, err
}

// SetTimeout sets game id's timeout (0 for none), clears any votes for one
// and records ev with it.
func (s *Store) SetTimeout(ctx context.Context, id int64, timeout time.Duration, ev Event) error {
	return s.inTx(ctx, id, ev, func(tx *sql.Tx, info Info) error {
		return setTimeout(ctx, tx, id, timeout)
	})
}

func setTimeout(ctx context.Context, tx *sql.Tx, id int64, timeout time.Duration) error {
	// A game without settings gets the defaults (0) for all but the timeout.
	if _, err := tx.ExecContext(ctx, `INSERT INTO reminder_settings (game, interval, escalate_after, stop_after, timeout)
		VALUES (?, 0, 0, 0, ?) ON CONFLICT (game) DO UPDATE SET timeout = excluded.timeout`, id, timeout.Milliseconds()); err != nil {
		return fmt.Errorf("game %d: timeout: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM deadline_votes WHERE game = ?`, id); err != nil {
		return fmt.Errorf("game %d: timeout: %w", id, err)
	}
	return nil
}
