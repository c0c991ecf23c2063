package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema change. Its version is the number in its file
// name (NNNN_what.sql) and the schema version it produces, which the
// database keeps in PRAGMA user_version.
type migration struct {
	version int
	name    string
	sql     string
}

// readMigrations lists the migrations in fsys in order, checking that they
// are numbered from 1 without gaps.
func readMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for i, name := range names {
		base := path.Base(name)
		num, _, _ := strings.Cut(base, "_")
		if v, err := strconv.Atoi(num); err != nil || v != i+1 {
			return nil, fmt.Errorf("migration %s: want number %04d", base, i+1)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: i + 1, name: base, sql: string(body)})
	}
	return ms, nil
}

// migrate brings the schema to the last of ms, all pending migrations in one
// transaction so a failure leaves the database as it was. The transaction
// is IMMEDIATE, so two processes starting at once migrate one after the
// other.
func migrate(ctx context.Context, db *sql.DB, ms []migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if v > len(ms) {
		return fmt.Errorf("%w: the database is at schema version %d but this program knows versions up to %d; it was written by a newer chinaswar, so run that, or restore a backup from before the upgrade", ErrSchemaTooNew, v, len(ms))
	}
	for _, m := range ms[v:] {
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
