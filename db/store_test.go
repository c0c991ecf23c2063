package db

import (
	"errors"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestGamesPlacesSeatsStatus(t *testing.T) {
	s, _ := openTemp(t)
	opts, err := engine.ParseOptions("elig-b,elig-a,teams=WLD+NAT")
	if err != nil {
		t.Fatal(err)
	}
	seats := map[engine.Faction]Seat{engine.JPN: {Player: "u1", Name: "Ann"}, engine.CPC: {Player: "u2"}}
	a, err := s.Create(ctx, "chan-1", engine.Config{Scenario: "1938", Seed: 1 << 63, Options: opts}, seats)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "chan-1", engine.Config{Scenario: "1937"}, nil); !errors.Is(err, ErrPlaceTaken) {
		t.Fatalf("second active game in a place: %v, want ErrPlaceTaken", err)
	}
	if id, err := s.ActiveGame(ctx, "chan-1"); err != nil || id != a {
		t.Fatalf("ActiveGame = %d, %v; want %d", id, err, a)
	}
	if _, err := s.ActiveGame(ctx, "chan-2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ActiveGame of an empty place: %v, want ErrNotFound", err)
	}
	if _, err := s.Load(ctx, 99); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Load of a missing game: %v, want ErrNotFound", err)
	}

	if err := s.SeatBy(ctx, a, engine.NAT, Seat{Player: "u3", Name: "Bo"}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SeatBy(ctx, a, engine.CPC, Seat{}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	g := load(t, s, a)
	want := map[engine.Faction]Seat{engine.JPN: {Player: "u1", Name: "Ann"}, engine.NAT: {Player: "u3", Name: "Bo"}}
	if len(g.Seats) != len(want) || g.Seats[engine.JPN] != want[engine.JPN] || g.Seats[engine.NAT] != want[engine.NAT] {
		t.Errorf("seats = %v, want %v", g.Seats, want)
	}
	if g.Seed != 1<<63 || g.Options != "elig-a,elig-b,teams=NAT+WLD" || g.Scenario != "1938" || g.Status != Active || g.Seq != 0 {
		t.Errorf("loaded %+v", g.Info)
	}

	if err := s.SetStatus(ctx, a, Abandoned); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, a, Decision{Faction: engine.JPN, Choice: "pass"}); !errors.Is(err, ErrNotActive) {
		t.Fatalf("decision in an abandoned game: %v, want ErrNotActive", err)
	}
	b := create(t, s, "chan-1", "1937", 2)
	if err := s.SetStatus(ctx, a, Active); !errors.Is(err, ErrPlaceTaken) {
		t.Fatalf("reactivating beside an active game: %v, want ErrPlaceTaken", err)
	}
	if err := s.SetStatus(ctx, a, Finished); err == nil {
		t.Fatal("SetStatus(Finished) succeeded")
	}
	list, err := s.List(ctx, "chan-1")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != a || list[0].Status != Abandoned || list[1].ID != b || list[1].Status != Active {
		t.Errorf("List = %+v", list)
	}
	if all, err := s.List(ctx, ""); err != nil || len(all) != 2 {
		t.Errorf("List(\"\") = %d games, %v", len(all), err)
	}
}

// ViewActive reads a place's active game as View does, from memory when
// the game there is up to date, and else as View does.
func TestViewActive(t *testing.T) {
	s, path := openTemp(t)
	if _, err := s.ViewActive(ctx, "chan-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ViewActive of an empty place: %v, want ErrNotFound", err)
	}
	old := create(t, s, "chan-1", "1937", 1)
	if err := s.SetStatus(ctx, old, Abandoned); err != nil {
		t.Fatal(err)
	}
	a := create(t, s, "chan-1", "1937", 2)
	create(t, s, "chan-2", "1937", 3)
	if err := s.SeatBy(ctx, a, engine.NAT, Seat{Player: "u3", Name: "Bo"}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	want := load(t, s, a)
	before := s.Rebuilds()
	g, err := s.ViewActive(ctx, "chan-1")
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != a || g.Seq != want.Seq || g.Status != Active || g.Seats[engine.NAT] != want.Seats[engine.NAT] {
		t.Errorf("ViewActive = game %d at %d (%s), seats %v; want game %d at %d, seats %v", g.ID, g.Seq, g.Status, g.Seats, a, want.Seq, want.Seats)
	}
	if s.Rebuilds() != before {
		t.Errorf("ViewActive rebuilt a game in memory (%d rebuilds)", s.Rebuilds()-before)
	}
	if g2, err := s.View(ctx, a); err != nil || g2.Engine != g.Engine {
		t.Errorf("ViewActive and View give different games (%v)", err)
	}
	if g, err := s.ViewActive(ctx, "chan-2"); err != nil || len(g.Seats) != 0 || g.ID == a {
		t.Errorf("ViewActive of a game without seats: %v", err)
	}
	// Another store (a process) decides: this one's game is behind.
	other := open(t, path)
	if _, err := other.Apply(ctx, a, Decision{ExpectSeq: want.Seq, Faction: want.Engine.Prompt().Faction, Choice: want.Engine.Prompt().Choices[0].ID}); err != nil {
		t.Fatal(err)
	}
	g, err = s.ViewActive(ctx, "chan-1")
	if err != nil || g.Seq != want.Seq+1 || g.Engine.Prompt() == nil {
		t.Fatalf("ViewActive after another store decided: %v", err)
	}
	if s.Rebuilds() != before+1 {
		t.Errorf("ViewActive of a game behind the database: %d rebuilds, want 1", s.Rebuilds()-before)
	}
	if err := s.SetStatus(ctx, a, Abandoned); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ViewActive(ctx, "chan-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ViewActive once the game is abandoned: %v, want ErrNotFound", err)
	}
}
