// Package db stores games in SQLite or PostgreSQL. Each game is an append-only log of
// decisions plus snapshots of the engine state.
//
// The decisions are the truth: a game runs for weeks, and the worst thing the
// product can do is lose a click or apply one twice. Snapshots are a cache
// that makes loading fast, and a check: replaying the log from the seed must
// reproduce every snapshot, which is how a rules change that alters stored
// games is caught (ErrDiverged) before anyone plays on.
//
// On SQLite every write goes through one connection in BEGIN IMMEDIATE
// transactions, so writes are serialised within a process and, through
// SQLite's lock and a busy timeout, across processes. On PostgreSQL, which
// several processes share, a write to a game locks the game's row instead
// (dialect.go). A decision names the sequence number its
// sender saw; one against an older number is refused with ErrStale, and one
// repeating an idempotency key returns the first result. Together these make
// each click count exactly once.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// Errors callers can tell apart with errors.Is. Returned errors wrap them
// with the game and the details.
var (
	ErrNotFound  = errors.New("no such game")
	ErrStale     = errors.New("stale decision: the game has moved on since this choice was shown (an old button); look at the game again")
	ErrDuplicate = errors.New("idempotency key already used for a different decision")
	ErrRejected  = errors.New("the rules refuse this decision")
	ErrNotActive = errors.New("the game is not being played")
	// ErrPlaceTaken: a place plays one game at a time.
	ErrPlaceTaken = errors.New("this place already has an active game")
	// ErrDiverged: the stored log does not replay under the current rules
	// to what was stored. The rows are kept; an active game is marked broken.
	ErrDiverged = errors.New("stored game does not replay under the current rules")
	// ErrCorrupt: stored data cannot be read (a damaged or edited row).
	ErrCorrupt = errors.New("stored game data is corrupt")
	// ErrSeatTaken: a claim (SeatBy) found the faction held by a player already.
	ErrSeatTaken = errors.New("the seat is taken")
	// ErrStarted: StartBy found the game out of its lobby already.
	ErrStarted = errors.New("the game has already started")
	// ErrSchemaTooNew: the database was written by a newer program.
	ErrSchemaTooNew = errors.New("database schema is newer than this program")
)

// busyTimeoutMS is how long a write waits for another process's transaction.
// Transactions last about a millisecond, so waiting this long means a
// process is stuck; failing then is better than hanging for ever.
const busyTimeoutMS = 10000

// Store is an open games database. It is safe for concurrent use, and
// several processes may open the same file.
type Store struct {
	d *dialect
	w *sql.DB // the one write connection (SQLite); the writers' pool (PostgreSQL)
	r *sql.DB // a pool of read-only connections
	// locks holds session locks while work outside the database is done
	// (PostgreSQL; announce.go); nil on SQLite.
	locks *sql.DB
	// stop ends what the store runs in the background; nil when nothing.
	stop func()

	mu       sync.Mutex
	cache    *games         // games in memory between decisions
	verified map[int64]bool // games replayed from the seed since Open

	rules   LeagueRules      // ranks league games at their end
	clock   func() time.Time // dates waits (SetClock); nil for time.Now
	applied atomic.Int64     // decisions the engine applied (Applications)
	rebuilt atomic.Int64     // games rebuilt from their rows (Rebuilds)
	// waitingRows is how many rows the last list of waiting games had.
	waitingRows atomic.Int64
}

// Open opens or creates the database at path (a file: the store uses two
// connection pools, so ":memory:" would be two databases) and brings its
// schema up to date. A path that is a PostgreSQL URL (postgres://...)
// opens that database instead (OpenPostgres). A database from a newer
// program is refused with ErrSchemaTooNew.
func Open(path string) (*Store, error) {
	if IsPostgresURL(path) {
		return OpenPostgres(path)
	}
	// The driver reads parameters after '?', so a path cannot hold one.
	if strings.Contains(path, "?") {
		return nil, fmt.Errorf("open %s: the database path may not contain '?'", path)
	}
	if err := createPrivate(path); err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w, err := sql.Open("sqlite3", fmt.Sprintf("%s?_journal_mode=WAL&_synchronous=FULL&_busy_timeout=%d&_foreign_keys=on&_txlock=immediate&_stmt_cache_size=32", path, busyTimeoutMS))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	ms, err := readMigrations(migrationFiles)
	if err == nil {
		err = migrate(context.Background(), w, ms)
	}
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r, err := sql.Open("sqlite3", fmt.Sprintf("%s?_busy_timeout=%d&_foreign_keys=on&_query_only=1&_stmt_cache_size=32", path, busyTimeoutMS))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	s := &Store{d: sqlite, w: w, r: r, cache: newGames(DefaultCacheSize), verified: map[int64]bool{}}
	if err := s.fillWaiting(context.Background()); err != nil {
		s.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

// createPrivate creates the database file readable by its owner only, if it
// does not exist yet: it holds members' ids and names. SQLite gives its -wal
// and -shm files the database file's permissions. An existing file keeps
// the permissions its owner gave it.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

// Close closes the database. Committed decisions are on disk already.
func (s *Store) Close() error {
	if s.stop != nil {
		s.stop()
	}
	return errors.Join(s.r.Close(), s.w.Close())
}

func (s *Store) setVerified(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.verified[id] = true
}

// isVerified reports whether game id has been replayed from its seed and
// checked against its snapshots since Open.
func (s *Store) isVerified(id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.verified[id]
}

// unverify makes the next load of game id replay it from its seed again.
func (s *Store) unverify(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache.drop(id)
	delete(s.verified, id)
}
