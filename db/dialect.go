package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// The store runs on SQLite (a file, the default) or PostgreSQL (a URL, for
// several processes). Its logic and SQL are written once; a dialect holds
// the few things that differ. Placeholders are rewritten by the
// PostgreSQL driver (pgdriver.go).
//
// Serialising writers differs most. SQLite has one writer at a time: every
// write transaction is BEGIN IMMEDIATE, so a check followed by a write
// cannot race. PostgreSQL runs writers at once, so each write to a game
// first locks the game's row (lockGame), and what is unique across games
// (one active game per place, league names) is a unique index whose
// violation is reported as the store's error (unique).
type dialect struct {
	migrations string // the directory of its migrations in migrationFiles
	// lockGame is the statement that locks a game's row for the rest of a
	// write transaction; "" when the transaction excludes all writers.
	lockGame string
	// lockName is the statement that takes a lock named by its argument
	// for the rest of a write transaction, for a check that spans rows;
	// "" when the transaction excludes all writers.
	lockName string
	// version reads the schema version in a migration's transaction, after
	// making the transaction exclusive; setVersion writes it.
	version    func(context.Context, *sql.Tx) (int, error)
	setVersion func(context.Context, *sql.Tx, int) error
}

var sqlite = &dialect{
	migrations: "migrations",
	version: func(ctx context.Context, tx *sql.Tx) (int, error) {
		var v int
		err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
		return v, err
	},
	setVersion: func(ctx context.Context, tx *sql.Tx, v int) error {
		_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v))
		return err
	},
}

// pgMigrateLock is the advisory lock key that makes one process at a time
// migrate a PostgreSQL database ("chinaswar" in ASCII).
const pgMigrateLock = 0x6368696e61737761

var postgres = &dialect{
	migrations: "migrations/postgres",
	// NO KEY: writers exclude each other, while other transactions may
	// still add rows that refer to the game (a turn message, a reminder).
	lockGame: `SELECT id FROM games WHERE id = ? FOR NO KEY UPDATE`,
	lockName: `SELECT pg_advisory_xact_lock(hashtext(?))`,
	version: func(ctx context.Context, tx *sql.Tx) (int, error) {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, int64(pgMigrateLock)); err != nil {
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)`); err != nil {
			return 0, err
		}
		var v int
		err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
		return v, err
	},
	setVersion: func(ctx context.Context, tx *sql.Tx, v int) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, v)
		return err
	},
}

// IsPostgresURL reports whether a database name (Open's path) is a
// PostgreSQL URL rather than a SQLite file.
func IsPostgresURL(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// lockInfo locks game id's row for the rest of write transaction tx, then
// reads its record. The record is read after the lock, by a statement of
// its own, so it sees every write committed before the lock was granted.
func (s *Store) lockInfo(ctx context.Context, tx *sql.Tx, id int64) (Info, error) {
	if s.d.lockGame != "" {
		var got int64
		err := tx.QueryRowContext(ctx, s.d.lockGame, id).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			return Info{}, fmt.Errorf("game %d: %w", id, ErrNotFound)
		}
		if err != nil {
			return Info{}, fmt.Errorf("game %d: locking it: %w", id, err)
		}
	}
	return readInfo(ctx, tx, id)
}

// lockName takes the lock called name for the rest of write transaction
// tx: of two transactions checking the same rows before a write (say,
// counting a host's lobbies), the second waits for the first to commit.
func (s *Store) lockName(ctx context.Context, tx *sql.Tx, name string) error {
	if s.d.lockName == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.d.lockName, name)
	return err
}

// unique turns the violation of unique index index into want, keeping the
// database's error; other errors are returned unchanged. PostgreSQL checks
// what SQLite's single writer makes a plain check-then-write: of two
// processes writing at once, the second fails here.
func unique(err error, index string, want error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == index {
		return fmt.Errorf("%w (%v)", want, err)
	}
	return err
}
