package db

import (
	"context"
	"fmt"
	"time"
)

// InteractionMemory is how long a claimed interaction id is remembered.
// Discord's signature timestamps are checked against a window of a few
// minutes; an hour covers that with room for clock skew between the bot's
// machines.
const InteractionMemory = time.Hour

// ClaimInteraction records that the interaction id is being handled now.
// It reports false when the id was claimed before: the interaction is a
// replay and must change nothing. Claims older than InteractionMemory are
// forgotten in the same transaction.
func (s *Store) ClaimInteraction(ctx context.Context, id string, now time.Time) (bool, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("claiming interaction %s: %w", id, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM interactions WHERE seen < ?`, ms(now.Add(-InteractionMemory))); err != nil {
		return false, fmt.Errorf("claiming interaction %s: %w", id, err)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO interactions (id, seen) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`, id, ms(now))
	if err != nil {
		return false, fmt.Errorf("claiming interaction %s: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("claiming interaction %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("claiming interaction %s: %w", id, err)
	}
	return n == 1, nil
}
