package db

import (
	"context"
	"fmt"
)

// SetLeagueRateAI says whether league rates games with AI seats from now
// on. Results already recorded keep the setting they ended under.
func (s *Store) SetLeagueRateAI(ctx context.Context, league int64, rate bool) error {
	res, err := s.w.ExecContext(ctx, `UPDATE leagues SET rate_ai = ? WHERE id = ?`, rate, league)
	if err != nil {
		return fmt.Errorf("league %d: rate AI: %w", league, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("league %d: rate AI: %w", league, err)
	} else if n == 0 {
		return fmt.Errorf("league %d: %w", league, ErrNoLeague)
	}
	return nil
}
