package db

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// ErrDiskFull is a write the database refused because the disk (or the
// size the database may grow to) is full (SQLITE_FULL; PostgreSQL's
// disk_full). The transaction was rolled back: nothing of it was kept, and
// nothing committed before it was lost.
var ErrDiskFull = errors.New("the database's disk is full")

// fullError marks a SQLite error as ErrDiskFull while keeping SQLite's own
// error and message.
type fullError struct{ err error }

func (e *fullError) Error() string        { return e.err.Error() }
func (e *fullError) Unwrap() error        { return e.err }
func (e *fullError) Is(target error) bool { return target == ErrDiskFull }

// diskFull marks err as ErrDiskFull when SQLite reported SQLITE_FULL, or
// PostgreSQL disk_full (53100), anywhere in its chain; other errors are
// returned unchanged.
func diskFull(err error) error {
	if err == nil || errors.Is(err, ErrDiskFull) {
		return err
	}
	var se sqlite3.Error
	var pe *pgconn.PgError
	if errors.As(err, &se) && se.Code == sqlite3.ErrFull || errors.As(err, &pe) && pe.Code == "53100" {
		return &fullError{err}
	}
	return err
}

// LimitPages caps the database file at n pages (PRAGMA max_page_count) on
// the connection that writes, for a server that shares its disk: a write
// beyond the cap fails as on a full disk (ErrDiskFull). It returns the cap
// SQLite settled on, which is never below the database's current size.
// PostgreSQL's size is the server's to limit: there LimitPages refuses.
func (s *Store) LimitPages(ctx context.Context, n int64) (int64, error) {
	if s.d != sqlite {
		return 0, errors.New("limit pages: the games are in PostgreSQL, whose server limits its size")
	}
	var got int64
	if err := s.w.QueryRowContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", n)).Scan(&got); err != nil {
		return 0, fmt.Errorf("limit pages: %w", err)
	}
	return got, nil
}
