package db

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

func TestLobby(t *testing.T) {
	s, _ := openTemp(t)
	id, err := s.OpenLobby(ctx, Lobby{Place: "chan", Config: engine.Config{Scenario: "1937", Seed: 3}, Host: "host-1"}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx, id)
	if err != nil || !info.Lobby || info.Host != "host-1" || info.Status != Active || info.Seq != 0 {
		t.Fatalf("new lobby: %+v, %v", info, err)
	}
	if _, err := s.OpenLobby(ctx, Lobby{Place: "chan", Config: engine.Config{Scenario: "1937"}, Host: "h"}, LobbyLimits{}); !errors.Is(err, ErrPlaceTaken) {
		t.Fatalf("second lobby in a place: %v", err)
	}
	g := load(t, s, id)
	p := g.Engine.Prompt()
	if _, err := s.Apply(ctx, id, Decision{Faction: p.Faction, Choice: p.Choices[0].ID}); !errors.Is(err, ErrNotActive) {
		t.Fatalf("a decision in the lobby: %v, want ErrNotActive", err)
	}
	if err := s.StartBy(ctx, id, Event{Action: "started"}); err != nil {
		t.Fatal(err)
	}
	if err := s.StartBy(ctx, id, Event{Action: "started"}); !errors.Is(err, ErrStarted) {
		t.Fatalf("second start: %v, want ErrStarted", err)
	}
	if info, _ := s.Info(ctx, id); info.Lobby || info.Host != "host-1" {
		t.Fatalf("started game: %+v", info)
	}
	a, err := s.Apply(ctx, id, Decision{Faction: p.Faction, Choice: p.Choices[0].ID})
	if err != nil || a.Seq != 1 {
		t.Fatalf("first decision after start: %+v, %v", a, err)
	}
	if info, _ := s.Info(ctx, id); info.Seq != 1 {
		t.Fatalf("Info.Seq = %d after one decision", info.Seq)
	}
	if _, err := s.Info(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Info of no game: %v", err)
	}
	if err := s.SetStatus(ctx, id, Abandoned); err != nil {
		t.Fatal(err)
	}
	if err := s.StartBy(ctx, id, Event{Action: "started"}); !errors.Is(err, ErrNotActive) {
		t.Fatalf("starting an abandoned game: %v", err)
	}
	// Create makes started games, as before.
	id2 := create(t, s, "other", "1938", 1)
	if info, _ := s.Info(ctx, id2); info.Lobby || info.Host != "" {
		t.Fatalf("Create: %+v", info)
	}
}

func TestClaimSeat(t *testing.T) {
	s, path := openTemp(t)
	id, err := s.OpenLobby(ctx, Lobby{Place: "chan", Config: engine.Config{Scenario: "1937", Seed: 3}, Host: "h"}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SeatBy(ctx, id, engine.NAT, Seat{Player: "a", Name: "Ann"}, true, Event{Action: "joined"}); err != nil {
		t.Fatal(err)
	}
	for _, who := range []string{"a", "b"} {
		if err := s.SeatBy(ctx, id, engine.NAT, Seat{Player: who}, true, Event{Action: "joined"}); !errors.Is(err, ErrSeatTaken) {
			t.Fatalf("claiming a held seat as %s: %v, want ErrSeatTaken", who, err)
		}
	}
	if g := load(t, s, id); g.Seats[engine.NAT] != (Seat{Player: "a", Name: "Ann"}) {
		t.Fatalf("seat after a refused claim: %+v", g.Seats[engine.NAT])
	}
	if err := s.SeatBy(ctx, id, engine.JPN, Seat{}, true, Event{Action: "joined"}); err == nil {
		t.Fatal("a claim without a player was accepted")
	}
	// A freed seat can be claimed again.
	if err := s.SeatBy(ctx, id, engine.NAT, Seat{}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SeatBy(ctx, id, engine.NAT, Seat{Player: "b"}, true, Event{Action: "joined"}); err != nil {
		t.Fatalf("claiming a freed seat: %v", err)
	}

	// A race: many claimants, through this store and a second one on the
	// same file (another process's view); exactly one wins each seat.
	other := open(t, path)
	for _, f := range []engine.Faction{engine.JPN, engine.WLD, engine.CPC} {
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, lost := []string{}, 0
		for i := range 16 {
			st := s
			if i%2 == 1 {
				st = other
			}
			player := string(rune('A' + i))
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := st.SeatBy(ctx, id, f, Seat{Player: player}, true, Event{Action: "joined"})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won = append(won, player)
				case errors.Is(err, ErrSeatTaken):
					lost++
				default:
					t.Errorf("claim %s: %v", f, err)
				}
			}()
		}
		wg.Wait()
		if len(won) != 1 || lost != 15 {
			t.Fatalf("%s: %d winners %v, %d refused; want exactly one winner", f, len(won), won, lost)
		}
		if g := load(t, s, id); g.Seats[f].Player != won[0] {
			t.Fatalf("%s is held by %q, but %q won", f, g.Seats[f].Player, won[0])
		}
	}
}

func TestTurnRef(t *testing.T) {
	s, _ := openTemp(t)
	id := create(t, s, "chan", "1937", 1)
	if _, ok, err := s.Turn(ctx, id); ok || err != nil {
		t.Fatalf("turn of a new game: %v, %v", ok, err)
	}
	t0 := time.UnixMilli(1_700_000_000_123).UTC()
	if err := s.SetTurn(ctx, id, TurnRef{Guild: "g", Channel: "c", Message: "m1", Seq: 4, Since: t0}); err != nil {
		t.Fatal(err)
	}
	// The same decision shown by another message keeps its Since.
	if err := s.SetTurn(ctx, id, TurnRef{Guild: "g", Channel: "c", Message: "m2", Seq: 4, Since: t0.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	r, ok, err := s.Turn(ctx, id)
	if !ok || err != nil || r.Message != "m2" || !r.Since.Equal(t0) || r.Seq != 4 || r.Guild != "g" || r.Channel != "c" {
		t.Fatalf("turn: %+v, %v, %v", r, ok, err)
	}
	// A new decision starts a new wait.
	if err := s.SetTurn(ctx, id, TurnRef{Channel: "c", Message: "m3", Seq: 5}); err != nil {
		t.Fatal(err)
	}
	r, _, _ = s.Turn(ctx, id)
	if r.Message != "m3" || !r.Since.After(t0) {
		t.Fatalf("turn after a new decision: %+v", r)
	}
	if err := s.ClearTurn(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Turn(ctx, id); ok {
		t.Fatal("turn kept after ClearTurn")
	}
}
