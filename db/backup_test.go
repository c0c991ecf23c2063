package db

import (
	"path/filepath"
	"sync"
	"testing"
)

// A backup taken while a game is being played is a sound database in which
// every game replays.
func TestBackup(t *testing.T) {
	sqliteOnly(t)
	if testing.Short() {
		t.Skip("plays whole games to back up (-short)")
	}
	s, _ := openTemp(t)
	done := create(t, s, "a", "1937", 51)
	newPlayer(t, s, done, 51, true).play(t, -1)
	id := create(t, s, "b", "1938", 52)
	p := newPlayer(t, s, id, 52, true)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for p.g.Prompt() != nil {
			if err := p.step(); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	dir := t.TempDir()
	for i := range 3 {
		dest := filepath.Join(dir, "backup.db")
		if err := s.Backup(ctx, dest); err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		b := open(t, dest)
		if err := s.Backup(ctx, dest); err == nil {
			t.Fatal("backup over a database in use succeeded")
		}
		var check string
		if err := b.r.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Fatalf("backup %d: integrity_check %q, %v", i, check, err)
		}
		for _, g := range []int64{done, id} {
			if rep, err := b.Replay(ctx, g); err != nil || !rep.Identical() {
				t.Fatalf("backup %d: %v, %v", i, rep, err)
			}
		}
		b.Close()
	}
	wg.Wait()
	if err := s.Backup(ctx, filepath.Join(dir, "no-such-dir", "backup.db")); err == nil {
		t.Fatal("backup into a missing directory succeeded")
	}
}
