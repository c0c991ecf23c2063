package db

import (
	"context"
	"fmt"
)

// A store's connections to PostgreSQL: pgConns for writes, as many for
// reads, pgLockConns for session locks and one that listens, 17 in all,
// so that PostgreSQL's default of 100 connections serves five processes.
// Writes to different games run at once; writes to one game wait for its
// row lock.
const (
	pgConns     = 7
	pgLockConns = 2
)

// OpenPostgres opens the PostgreSQL database at url
// (postgres://user:password@host:port/name?sslmode=...) and brings its
// schema up to date. Any number of processes may open the same database:
// the store's guarantees (each decision applied once, one active game per
// place, one holder per seat, one result per league game, each reminder
// sent once) hold across them. A database from a newer program is refused
// with ErrSchemaTooNew.
func OpenPostgres(url string) (*Store, error) {
	w, err := openPG(url, nil)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	w.SetMaxOpenConns(pgConns)
	w.SetMaxIdleConns(pgConns)
	ms, err := readMigrationsIn(migrationFiles, postgres.migrations)
	if err == nil {
		err = migrateIn(context.Background(), w, postgres, ms)
	}
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	// A read transaction sees one state of the database, as SQLite's do:
	// a game's record, snapshots and decisions must agree.
	r, err := openPG(url, map[string]string{
		"default_transaction_isolation": "repeatable read",
		"default_transaction_read_only": "on",
	})
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	r.SetMaxOpenConns(pgConns)
	r.SetMaxIdleConns(pgConns)
	locks, err := openPG(url, nil)
	if err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	locks.SetMaxOpenConns(pgLockConns)
	locks.SetMaxIdleConns(pgLockConns)
	s := &Store{d: postgres, w: w, r: r, locks: locks, cache: newGames(DefaultCacheSize), verified: map[int64]bool{}}
	stopListening := s.listen(url)
	s.stop = func() {
		stopListening()
		locks.Close()
	}
	if err := s.fillWaiting(context.Background()); err != nil {
		s.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return s, nil
}
