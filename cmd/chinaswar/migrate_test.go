package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/db/pgtest"
)

// migrate brings a new or old database to the newest schema and says so,
// for a SQLite file and for a PostgreSQL URL, whose password it does not
// print.
func TestMigrateCommand(t *testing.T) {
	dbs := map[string]string{"SQLite": filepath.Join(t.TempDir(), "games.db")}
	srv, err := pgtest.Start()
	switch {
	case errors.Is(err, pgtest.ErrUnavailable):
		t.Log(pgtest.Hint)
	case err != nil:
		t.Fatal(err)
	default:
		defer srv.Stop()
		url, err := srv.NewDatabase(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		dbs["PostgreSQL"] = strings.Replace(url, "test@", "test:secret@", 1)
	}
	for name, path := range dbs {
		t.Run(name, func(t *testing.T) {
			for range 2 { // the second finds it up to date
				var out, errOut bytes.Buffer
				if code := run([]string{"migrate", "--db", path}, strings.NewReader(""), &out, &errOut); code != 0 {
					t.Fatalf("exit %d: %s", code, errOut.String())
				}
				if !strings.Contains(out.String(), "is at schema version ") {
					t.Fatalf("said %q", out.String())
				}
				if strings.Contains(out.String(), "secret") {
					t.Fatalf("printed the password: %q", out.String())
				}
			}
		})
	}
}

// serve takes a PostgreSQL URL for --db, from the flag or $CHINASWAR_DB, and
// gateway shards as --shard-id and --shard-count too.
func TestServeFlags(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "a-token")
	const url = "postgres://bot:pw@db.example:5432/chinaswar"
	for _, tc := range []struct {
		env           string
		args          []string
		db            string
		shard, shards int
		bad           bool
	}{
		{args: nil, db: "chinaswar.db", shards: 1},
		{env: url, args: nil, db: url, shards: 1},
		{args: []string{"--db", url}, db: url, shards: 1},
		{args: []string{"--shard-id", "1", "--shard-count", "4"}, db: "chinaswar.db", shard: 1, shards: 4},
		{args: []string{"--shard", "3", "--shards", "4"}, db: "chinaswar.db", shard: 3, shards: 4},
		{args: []string{"--shard-id", "4", "--shard-count", "4"}, bad: true},
	} {
		t.Setenv("CHINASWAR_DB", tc.env)
		o, err := parseServe(tc.args)
		if tc.bad {
			if err == nil {
				t.Errorf("%v: accepted", tc.args)
			}
			continue
		}
		if err != nil || o.dbPath != tc.db || o.shard != tc.shard || o.shards != tc.shards {
			t.Errorf("%v with $CHINASWAR_DB=%q: %+v, %v", tc.args, tc.env, o, err)
		}
	}
}
