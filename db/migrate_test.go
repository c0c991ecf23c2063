package db

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chinaswar/chinaswar/engine"
)

func TestMigrations(t *testing.T) {
	sqliteOnly(t)
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
	if err := s.StartBy(ctx, 4, Event{Action: "started"}); err != nil {
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

// TestMigrateFromV3: a database at schema version 3, with games, upgrades
// to leagues with its games intact.
func TestMigrateFromV3(t *testing.T) {
	sqliteOnly(t)
	ms, err := readMigrations(migrationFiles)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v3.db")
	db := rawDB(t, path)
	if err := migrate(ctx, db, ms[:3]); err != nil {
		t.Fatal(err)
	}
	exec1(t, db, `INSERT INTO games (id, place, scenario, options, seed, deck, engine, status, created, updated, lobby, host)
		VALUES (5, 'chan-1', '1937', '', 3, ?, ?, 'active', 1, 1, 1, 'ann')`, engine.DefaultDeck().ID, engine.Version)
	exec1(t, db, `INSERT INTO member_prefs (player, zone) VALUES ('ann', 'Europe/Paris')`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := count(t, db, `PRAGMA user_version`); v != int64(len(ms)) || len(ms) < 4 {
		t.Fatalf("upgraded to version %d, want %d", v, len(ms))
	}
	if info, err := s.Info(ctx, 5); err != nil || !info.Lobby || info.Host != "ann" {
		t.Fatalf("the v3 game: %+v %v", info, err)
	}
	if p, err := s.Prefs(ctx, "ann"); err != nil || p.Zone != "Europe/Paris" {
		t.Fatalf("the v3 prefs: %+v %v", p, err)
	}
	if _, ok, err := s.GameLeague(ctx, 5); ok || err != nil {
		t.Fatalf("an old game has a league: %v %v", ok, err)
	}
	l, err := s.CreateLeague(ctx, "g", "After the upgrade", "ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.OpenLobby(ctx, Lobby{Place: "chan-2", Config: engine.Config{Scenario: "1937", Seed: 1}, Host: "ann", League: l.ID}, LobbyLimits{})
	if err != nil || id <= 5 {
		t.Fatalf("a league game after the upgrade: %d %v", id, err)
	}
}
