package db

import (
	"testing"
	"time"
)

// A decision committed through one store makes the others drop their copy
// of the game at once (LISTEN/NOTIFY), rather than at their next use.
func TestOtherStoresDropStaleGames(t *testing.T) {
	if pgServer == nil {
		t.Skip("PostgreSQL only")
	}
	a, path := openTemp(t)
	b := open(t, path)
	id := create(t, a, "chan", "1937", 5)
	if b.cached(id) == nil {
		load(t, b, id)
	}
	newPlayer(t, a, id, 5, false).play(t, 1)
	deadline := time.Now().Add(10 * time.Second)
	for b.cached(id) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the other store still holds the game it saw before the decision")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Its own decisions leave a store's copy in place.
	g := load(t, b, id)
	p := g.Engine.Prompt()
	if _, err := b.Apply(ctx, id, Decision{ExpectSeq: g.Seq, Faction: p.Faction, Choice: p.Choices[0].ID}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if e := b.cached(id); e == nil || e.seq != g.Seq+1 {
		t.Fatalf("the deciding store dropped its own game: %+v", e)
	}
}

// One process at a time announces a game's end, and none once it is
// announced.
func TestLockAnnouncement(t *testing.T) {
	a, path := openTemp(t)
	b := open(t, path)
	id := create(t, a, "chan", "1937", 5)
	if err := a.AbandonBy(ctx, id, nil, Event{Action: "abandoned"}); err != nil {
		t.Fatal(err)
	}
	release, ok, err := a.LockAnnouncement(ctx, id)
	if err != nil || !ok {
		t.Fatalf("the first lock: %v, %v", ok, err)
	}
	if pgServer != nil {
		if _, ok, err := b.LockAnnouncement(ctx, id); err != nil || ok {
			t.Fatalf("another store announces it at the same time: %v, %v", ok, err)
		}
	}
	release()
	release2, ok, err := b.LockAnnouncement(ctx, id)
	if err != nil || !ok {
		t.Fatalf("after the release: %v, %v", ok, err)
	}
	if err := b.SetAnnounced(ctx, id); err != nil {
		t.Fatal(err)
	}
	release2()
	if _, ok, err := a.LockAnnouncement(ctx, id); err != nil || ok {
		t.Fatalf("an announced end is locked again: %v, %v", ok, err)
	}
}

// A named lock is held by one process at a time (PostgreSQL) and always
// granted on SQLite.
func TestTryLock(t *testing.T) {
	a, path := openTemp(t)
	b := open(t, path)
	release, ok, err := a.TryLock(ctx, "turn message of game 1")
	if err != nil || !ok {
		t.Fatalf("the first lock: %v, %v", ok, err)
	}
	if _, ok, err := b.TryLock(ctx, "turn message of game 1"); err != nil || ok != (pgServer == nil) {
		t.Fatalf("a second store's lock while the first holds it: %v, %v", ok, err)
	}
	other, ok, err := b.TryLock(ctx, "turn message of game 2")
	if err != nil || !ok {
		t.Fatalf("another name: %v, %v", ok, err)
	}
	other()
	release()
	again, ok, err := b.TryLock(ctx, "turn message of game 1")
	if err != nil || !ok {
		t.Fatalf("after the release: %v, %v", ok, err)
	}
	again()
}
