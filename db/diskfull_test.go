package db

import (
	"errors"
	"strings"
	"testing"
)

// TestDiskFull fills a database capped at its current size with decisions
// until SQLite refuses one: the refusal is ErrDiskFull, keeps SQLite's own
// error, and leaves the game as it was at its last committed decision.
func TestDiskFull(t *testing.T) {
	sqliteOnly(t)
	s, _ := openTemp(t)
	id := create(t, s, "full", "1937", 3)
	p := newPlayer(t, s, id, 3, false)
	var pages int64
	if err := s.w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if got, err := s.LimitPages(ctx, pages); err != nil || got != pages {
		t.Fatalf("LimitPages(%d) = %d, %v", pages, got, err)
	}
	var err error
	for i := 0; i < 5000 && p.g.Prompt() != nil; i++ {
		if err = p.step(); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrDiskFull) {
		t.Fatalf("a write past the cap: %v, want ErrDiskFull", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "full") {
		t.Errorf("the error lost SQLite's message: %q", msg)
	}
	s.forget(id)
	if g := load(t, s, id); g.Seq != p.seq {
		t.Errorf("after the refused write the game is at decision %d, want %d", g.Seq, p.seq)
	}
	if errors.Is(errors.New("other"), ErrDiskFull) || diskFull(nil) != nil {
		t.Error("diskFull marks errors that are not SQLITE_FULL")
	}
}
