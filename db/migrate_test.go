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
	// v1 -> v2: old games have started; a version-1 lobby marker gives its
	// game a lobby and a host, and is itself abandoned.
	if list[0].Lobby || list[0].Host != "" {
		t.Fatalf("an old game came out of the upgrade in a lobby: %+v", list[0])
	}
	g4, err := s.Info(ctx, 4)
	if err != nil || !g4.Lobby || g4.Host != "2001" || g4.Status != Active {
		t.Fatalf("the old lobby upgraded to %+v, %v", g4, err)
	}
	if m, err := s.Info(ctx, 3); err != nil || m.Status != Abandoned {
		t.Fatalf("the old lobby marker upgraded to %+v, %v", m, err)
	}
	if err := s.Start(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM turns`); n != 0 {
		t.Fatalf("%d turn messages after the upgrade", n)
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
