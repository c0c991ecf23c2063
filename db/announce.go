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
	if s.d != postgres {
		announced, err := isAnnounced(ctx, s.r, id)
		return func() {}, err == nil && !announced, err
	}
	// Keys are the negated game ids, apart from the store's other locks.
	conn, release, ok, err := s.sessionLock(ctx, `pg_try_advisory_lock(?)`, `pg_advisory_unlock(?)`, -id)
	if err != nil || !ok {
		return release, false, err
	}
	// Read after locking: another process may have announced it since
	// the caller listed it.
	announced, err := isAnnounced(ctx, conn, id)
	if err != nil || announced {
		release()
		return func() {}, false, err
	}
	return release, true, nil
}

// TryLock takes the lock called name for the caller's process, for work
// outside the database that one process at a time may do (posting a
// game's missing turn message), and reports false when another process
// holds it. release gives it back; a process that dies gives it back too.
// On SQLite, which one bot process uses, it is always granted.
func (s *Store) TryLock(ctx context.Context, name string) (release func(), ok bool, err error) {
	if s.d != postgres {
		return func() {}, true, nil
	}
	// Two-key locks, apart from the one-key locks of LockAnnouncement.
	_, release, ok, err = s.sessionLock(ctx, `pg_try_advisory_lock(1, hashtext(?))`, `pg_advisory_unlock(1, hashtext(?))`, name)
	return release, ok, err
}

// sessionLock tries PostgreSQL advisory lock function lock(key) on a
// connection it keeps until release, which calls unlock(key): the work it
// guards happens outside any transaction.
func (s *Store) sessionLock(ctx context.Context, lock, unlock string, key any) (conn *sql.Conn, release func(), ok bool, err error) {
	nothing := func() {}
	// Connections of their own: a holder may need the store's others
	// before it releases (to record what it did).
	conn, err = s.locks.Conn(ctx)
	if err != nil {
		return nil, nothing, false, fmt.Errorf("lock %v: %w", key, err)
	}
	if err := conn.QueryRowContext(ctx, `SELECT `+lock, key).Scan(&ok); err != nil || !ok {
		conn.Close()
		if err != nil {
			return nil, nothing, false, fmt.Errorf("lock %v: %w", key, err)
		}
		return nil, nothing, false, nil
	}
	release = func() {
		// A failed unlock ends the session, which unlocks too.
		if _, err := conn.ExecContext(context.Background(), `SELECT `+unlock, key); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn }) // discards the connection
		}
		conn.Close()
	}
	return conn, release, true, nil
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
