package db

import (
	"context"
	"database/sql/driver"
	"errors"
)

// execLazily runs one statement on the write connection without waiting
// for the disk (synchronous=NORMAL), for rows that are worth less than an
// fsync: which message shows a game's turn. In WAL mode such a write
// survives a crash of the process at once, and a power cut or a crash of
// the system from the next durable commit on (a decision's, which syncs
// the log it follows); before that, one may be lost, which costs a turn
// message posted again, never a decision. It saves a click an fsync, most
// of its commit's CPU time.
func (s *Store) execLazily(ctx context.Context, query string, args ...any) error {
	if s.d == postgres {
		return s.execLazilyPostgres(ctx, query, args...)
	}
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// The pragmas take no time and need no cancelling, which would cost
	// each a goroutine in the driver.
	pragma := context.WithoutCancel(ctx)
	if _, err := conn.ExecContext(pragma, `PRAGMA synchronous = NORMAL`); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, query, args...)
	// Back to FULL whatever happened, even if ctx has ended: a connection
	// left at NORMAL would commit decisions without waiting for the disk,
	// so one that cannot be set back is closed instead.
	if _, rerr := conn.ExecContext(pragma, `PRAGMA synchronous = FULL`); rerr != nil {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		err = errors.Join(err, rerr)
	}
	return err
}

// execLazilyPostgres is execLazily on PostgreSQL: the transaction commits
// without waiting for the server's WAL flush (synchronous_commit off, for
// this transaction only). A crash of the server may lose it, never a
// decision: the server flushes its WAL in order, so a later durable commit
// makes this one durable too.
func (s *Store) execLazilyPostgres(ctx context.Context, query string, args ...any) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SET LOCAL synchronous_commit TO OFF`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return err
	}
	return tx.Commit()
}
