package db

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFilesArePrivate: the database, its WAL and a backup hold members' ids
// and names, so only their owner may read them.
func TestFilesArePrivate(t *testing.T) {
	sqliteOnly(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.ClaimInteraction(ctx, "1", time.Now()); err != nil { // a write, so the WAL exists
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "copy.db")
	if err := s.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm", backup} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm&0o077 != 0 {
			t.Errorf("%s has permissions %v; want readable by its owner only", filepath.Base(p), perm)
		}
	}
}

// TestClaimInteraction: an interaction id is claimed once; a replay is
// refused, and old claims are forgotten.
func TestClaimInteraction(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		id   string
		at   time.Time
		want bool
	}{
		{"100", t0, true},
		{"100", t0, false},
		{"100", t0.Add(time.Minute), false},
		{"200", t0.Add(time.Minute), true},
		{"300", t0.Add(2 * InteractionMemory), true}, // prunes 100 and 200
		{"100", t0.Add(2 * InteractionMemory), true},
		{"300", t0.Add(2 * InteractionMemory), false},
	} {
		got, err := s.ClaimInteraction(ctx, tc.id, tc.at)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("claim %s at %v: %v, want %v", tc.id, tc.at, got, tc.want)
		}
	}
	if n := count(t, s.r, `SELECT count(*) FROM interactions`); n != 2 {
		t.Errorf("%d claims kept, want 2", n)
	}
}
