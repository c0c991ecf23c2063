package db

import (
	"context"
	"testing"
)

// Turn messages are recorded without waiting for the disk, and leave the
// write connection waiting for it again: decisions stay durable.
// (PostgreSQL scopes its setting to the one transaction: SET LOCAL.)
func TestTurnWritesLeaveDecisionsDurable(t *testing.T) {
	sqliteOnly(t)
	s, _ := openTemp(t)
	id := create(t, s, "here", "1937", 1)
	synchronous := func() int {
		var n int
		if err := s.w.QueryRow(`PRAGMA synchronous`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const full = 2
	if n := synchronous(); n != full {
		t.Fatalf("the write connection starts at synchronous=%d, want FULL", n)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, step := range []struct {
		name string
		do   func() error
	}{
		{"set", func() error { return s.SetTurn(ctx, id, TurnRef{Channel: "c", Message: "m", Seq: 0}) }},
		{"set again", func() error { return s.SetTurn(ctx, id, TurnRef{Channel: "c", Message: "m2", Seq: 0}) }},
		{"clear", func() error { return s.ClearTurn(ctx, id) }},
		{"set, cancelled", func() error { return s.SetTurn(cancelled, id, TurnRef{Channel: "c", Message: "m3"}) }},
		{"set for no game", func() error { return s.SetTurn(ctx, 999, TurnRef{Channel: "c", Message: "m4"}) }},
	} {
		err := step.do()
		if n := synchronous(); n != full {
			t.Fatalf("%s (%v): the write connection is left at synchronous=%d", step.name, err, n)
		}
	}
	if _, ok, err := s.Turn(ctx, id); err != nil || ok {
		t.Fatalf("after clearing, Turn = %v, %v", ok, err)
	}
	p := newPlayer(t, s, id, 1, false)
	p.play(t, 3)
	if err := s.SetTurn(ctx, id, TurnRef{Channel: "c", Message: "m", Seq: p.seq}); err != nil {
		t.Fatal(err)
	}
	if ref, ok, err := s.Turn(ctx, id); err != nil || !ok || ref.Message != "m" || ref.Seq != p.seq {
		t.Fatalf("Turn = %+v, %v, %v", ref, ok, err)
	}
}
