package db

import (
	"errors"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// A whole game through the store, with undos, ends finished and loads,
// from memory and from disk alike, as the game that was played.
func TestPlayWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games through storage (-short)")
	}
	for _, sc := range engine.Scenarios {
		t.Run(sc, func(t *testing.T) {
			s, path := openTemp(t)
			id := create(t, s, "here", sc, 5)
			p := newPlayer(t, s, id, 5, true)
			n := p.play(t, -1)
			db := rawDB(t, path)
			for _, kind := range []string{kindUndo, kindTransfer} {
				if count(t, db, `SELECT COUNT(*) FROM decisions WHERE kind = ?`, kind) == 0 {
					t.Errorf("the game recorded no %s", kind)
				}
			}
			// Kept: every checkpoint and the final snapshot, nothing else.
			sns := snapshotSeqs(t, db, id)
			for i, seq := range sns {
				if last := i == len(sns)-1; last && seq != int64(n) || !last && !checkpoint(seq) {
					t.Fatalf("snapshots after decisions %v of %d", sns, n)
				}
			}
			t.Logf("%d decisions, snapshots after %v", n, sns)
			g := load(t, s, id)
			if g.Status != Finished || g.Seq != int64(n) || !g.Engine.Over() {
				t.Fatalf("after the game: %+v", g.Info)
			}
			if saved(t, g.Engine) != saved(t, p.g) {
				t.Fatal("the loaded game differs from the game played")
			}
			if g := load(t, open(t, path), id); saved(t, g.Engine) != saved(t, p.g) {
				t.Fatal("the game replayed from its seed differs from the game played")
			}
			if _, err := s.Apply(ctx, id, Decision{ExpectSeq: int64(n), Faction: engine.JPN, Choice: "pass"}); !errors.Is(err, ErrNotActive) {
				t.Fatalf("decision after the end: %v, want ErrNotActive", err)
			}
		})
	}
}

// A refused decision writes nothing and leaves the game playable.
func TestRefusedDecisions(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1937", 3)
	p := newPlayer(t, s, id, 3, false)
	p.play(t, 10)
	pr := p.g.Prompt()
	other := engine.Faction((pr.Faction + 1) % engine.NumFactions)
	apply := func(d Decision) (Applied, error) { return s.Apply(ctx, id, d) }
	undo := func(d Decision) (Applied, error) { return s.Undo(ctx, id, d) }
	transfer := func(d Decision) (Applied, error) {
		return s.Transfer(ctx, id, d, engine.Transfer{From: engine.JPN, To: engine.NAT, Amount: 1})
	}
	cases := []struct {
		name string
		call func(Decision) (Applied, error)
		d    Decision
		want error
	}{
		{"old button", apply, Decision{ExpectSeq: p.seq - 1, Faction: pr.Faction, Choice: pr.Choices[0].ID}, ErrStale},
		{"future seq", apply, Decision{ExpectSeq: p.seq + 1, Faction: pr.Faction, Choice: pr.Choices[0].ID}, ErrStale},
		{"illegal choice", apply, Decision{ExpectSeq: p.seq, Faction: pr.Faction, Choice: "space:Atlantis"}, ErrRejected},
		{"out of turn", apply, Decision{ExpectSeq: p.seq, Faction: other, Choice: pr.Choices[0].ID}, ErrRejected},
		{"undo out of turn", undo, Decision{ExpectSeq: p.seq, Faction: other}, ErrRejected},
		{"stale undo", undo, Decision{ExpectSeq: 3, Faction: pr.Faction}, ErrStale},
		{"transfer while nobody executes", transfer, Decision{ExpectSeq: p.seq}, ErrRejected},
		{"stale transfer", transfer, Decision{ExpectSeq: 2}, ErrStale},
	}
	db := rawDB(t, path)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := count(t, db, `SELECT COUNT(*) FROM decisions`)
			_, err := tc.call(tc.d)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			t.Log(err)
			if after := count(t, db, `SELECT COUNT(*) FROM decisions`); after != before {
				t.Fatalf("%d decisions written", after-before)
			}
		})
	}
	if _, err := s.Apply(ctx, 99, Decision{}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("decision in a missing game: %v, want ErrNotFound", err)
	}
	p.play(t, -1)
	if g := load(t, open(t, path), id); saved(t, g.Engine) != saved(t, p.g) {
		t.Fatal("the game differs from the game played")
	}
}

// A submission repeating an idempotency key returns the first result and
// writes nothing, even once the game has moved on.
func TestIdempotencyKey(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1937", 4)
	g := load(t, s, id)
	pr := g.Engine.Prompt()
	d := Decision{ExpectSeq: 0, Faction: pr.Faction, Choice: pr.Choices[0].ID, Player: "u1", Key: "interaction-1"}
	first, err := s.Apply(ctx, id, d)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Apply(ctx, id, d)
	if err != nil || !again.Duplicate || again.Seq != first.Seq || again.Prompt.Question != first.Prompt.Question {
		t.Fatalf("repeat = %+v, %v; want the first result %+v marked duplicate", again, err, first)
	}
	p := newPlayer(t, open(t, path), id, 4, false)
	p.play(t, 5)
	if late, err := s.Apply(ctx, id, d); err != nil || !late.Duplicate || late.Seq != first.Seq {
		t.Fatalf("repeat after the game moved on = %+v, %v", late, err)
	}
	changed := d
	changed.Choice = "something else"
	if _, err := s.Apply(ctx, id, changed); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("key reused for another choice: %v, want ErrDuplicate", err)
	}
	if _, err := s.Undo(ctx, id, d); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("key reused for an undo: %v, want ErrDuplicate", err)
	}
	if n := count(t, rawDB(t, path), `SELECT COUNT(*) FROM decisions WHERE key = 'interaction-1'`); n != 1 {
		t.Fatalf("key recorded %d times", n)
	}
	p.play(t, -1)
	if late, err := s.Apply(ctx, id, d); err != nil || !late.Duplicate || !late.Over {
		t.Fatalf("repeat after the game ended = %+v, %v", late, err)
	}
}

// The schema itself keeps the log append-only and gap-free.
func TestLogIsAppendOnly(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1937", 4)
	newPlayer(t, s, id, 4, false).play(t, 3)
	db := rawDB(t, path)
	for _, q := range []string{
		`UPDATE decisions SET choice = 'pass' WHERE seq = 2`,
		`DELETE FROM decisions WHERE seq = 3`,
		`INSERT INTO decisions (game, seq, kind, faction, at) VALUES (1, 5, 'do', 'JPN', 0)`,
		`INSERT INTO decisions (game, seq, kind, faction, at) VALUES (1, 4, 'redo', 'JPN', 0)`,
	} {
		if _, err := db.Exec(q); err == nil {
			t.Errorf("%s: succeeded", q)
		}
	}
}
