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

//go:embed migrations/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migration is one schema change. Its version is the number in its file
// name (NNNN_what.sql) and the schema version it produces, which the
// database keeps (dialect.version). Each dialect has its own files, with
// the same numbers: migrations/ for SQLite, migrations/postgres/ for
// PostgreSQL.
type migration struct {
	version int
	name    string
	sql     string
}

// readMigrations lists SQLite's migrations in fsys in order, checking that
// they are numbered from 1 without gaps.
func readMigrations(fsys fs.FS) ([]migration, error) {
	return readMigrationsIn(fsys, sqlite.migrations)
}

// readMigrationsIn lists the migrations in directory dir of fsys.
func readMigrationsIn(fsys fs.FS, dir string) ([]migration, error) {
	names, err := fs.Glob(fsys, dir+"/*.sql")
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

// migrate brings a SQLite schema to the last of ms (migrateIn).
func migrate(ctx context.Context, db *sql.DB, ms []migration) error {
	return migrateIn(ctx, db, sqlite, ms)
}

// migrateIn brings the schema to the last of ms, all pending migrations in
// one transaction so a failure leaves the database as it was. The dialect
// makes the transaction exclusive (SQLite's is IMMEDIATE; PostgreSQL's
// takes a lock), so two processes starting at once migrate one after the
// other.
func migrateIn(ctx context.Context, db *sql.DB, d *dialect, ms []migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	v, err := d.version(ctx, tx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if v > len(ms) {
		return fmt.Errorf("%w: the database is at schema version %d but this program knows versions up to %d; it was written by a newer chinaswar, so run that, or restore a backup from before the upgrade", ErrSchemaTooNew, v, len(ms))
	}
	for _, m := range ms[v:] {
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if err := d.setVersion(ctx, tx, m.version); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// SchemaVersion is the database's schema version, which Open brought up to
// the newest this program knows.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	defer tx.Rollback()
	v, err := s.d.version(ctx, tx)
	if err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	return v, nil
}
