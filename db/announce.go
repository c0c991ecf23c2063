package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
)

// LockAnnouncement takes the right to announce game id's end, for the
// caller to post it and then call SetAnnounced. It reports false when the
// end is announced already, or when another process sharing a PostgreSQL
// database is announcing it: one that ended the game a moment ago while
// this one was starting and looking for ends never announced. release
// gives the right back; a process that dies gives it back too, so its
// unfinished announcement is left to the next start. On SQLite, which
// one bot process uses, only the announced flag is checked.
func (s *Store) LockAnnouncement(ctx context.Context, id int64) (release func(), ok bool, err error) {
	nothing := func() {}
	if s.d != postgres {
		announced, err := isAnnounced(ctx, s.r, id)
		return nothing, err == nil && !announced, err
	}
	// A session lock, on a connection held until release: the
	// announcement is posted outside any transaction. Keys are the
	// negated game ids, apart from the store's other advisory locks.
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return nothing, false, fmt.Errorf("game %d: announcing its end: %w", id, err)
	}
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(?)`, -id).Scan(&got); err != nil || !got {
		conn.Close()
		if err != nil {
			return nothing, false, fmt.Errorf("game %d: announcing its end: %w", id, err)
		}
		return nothing, false, nil
	}
	release = func() {
		// A failed unlock ends the session, which unlocks too.
		if _, err := conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(?)`, -id); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn }) // discards the connection
		}
		conn.Close()
	}
	// Read after locking: another process may have announced it since
	// the caller listed it.
	announced, err := isAnnounced(ctx, conn, id)
	if err != nil || announced {
		release()
		return nothing, false, err
	}
	return release, true, nil
}

func isAnnounced(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, id int64) (bool, error) {
	var announced bool
	err := q.QueryRowContext(ctx, `SELECT announced FROM games WHERE id = ?`, id).Scan(&announced)
	if errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return false, fmt.Errorf("game %d: announced: %w", id, err)
	}
	return announced, nil
}
