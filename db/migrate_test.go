package db

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestMigrations(t *testing.T) {
	ms, err := readMigrations(migrationFiles)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	db := rawDB(t, path)

	// A database of schema version 1 upgrades with its rows intact.
	if err := migrate(ctx, db, ms[:1]); err != nil {
		t.Fatal(err)
	}
	rows, err := os.ReadFile("testdata/v1-data.sql")
	if err != nil {
		t.Fatal(err)
	}
	exec1(t, db, string(rows))
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if v := count(t, db, `PRAGMA user_version`); v != int64(len(ms)) {
		t.Fatalf("upgraded to version %d, want %d", v, len(ms))
	}
	list, err := s.List(ctx, "chan-1")
	if err != nil || len(list) != 2 || list[0].Seq != 3 || list[0].Seed != 10000000000000000000 || list[0].Options != "elig-a" || list[1].Status != Abandoned {
		t.Fatalf("upgraded games: %+v, %v", list, err)
	}
	s.Close()

	// A database from a newer program is refused, and left alone.
	newer := append(ms, migration{version: len(ms) + 1, name: "9999_future.sql", sql: `ALTER TABLE games ADD COLUMN future TEXT`})
	if err := migrate(ctx, db, newer); err != nil {
		t.Fatal(err)
	}
	_, err = Open(path)
	if !errors.Is(err, ErrSchemaTooNew) || !strings.Contains(err.Error(), "newer chinaswar") {
		t.Fatalf("opening a newer database: %v, want ErrSchemaTooNew", err)
	}
	t.Log(err)
	if v := count(t, db, `PRAGMA user_version`); v != int64(len(newer)) {
		t.Fatalf("the refused database is at version %d now", v)
	}

	// Migrations are numbered from 1 without gaps.
	gap := fstest.MapFS{"migrations/0001_a.sql": {}, "migrations/0003_c.sql": {}}
	if _, err := readMigrations(gap); err == nil {
		t.Fatal("a gap in the migration numbers was accepted")
	}
}
