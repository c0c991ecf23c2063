package db

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Every check-then-write of the store holds across processes: on SQLite
// through its single writer, on PostgreSQL through row locks, named locks
// and unique indexes. Each case runs one attempt on each of several stores
// (as separate processes would) at once; exactly one must win and every
// other must fail with the store's own error, changing nothing.
func TestRacesAcrossStores(t *testing.T) {
	const stores, tries = 4, 3
	cases := []struct {
		name string
		// setup prepares the database and returns the attempt; i numbers
		// the attempt. won reports a success without an error.
		setup func(t *testing.T, s *Store) (attempt func(s *Store, i int) (won bool, err error), lost error)
	}{
		{"one active game per place", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			return func(s *Store, i int) (bool, error) {
				_, err := s.Create(ctx, "chan", engine.Config{Scenario: "1937", Seed: uint64(i)}, nil)
				return err == nil, err
			}, ErrPlaceTaken
		}},
		{"one holder per seat", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			id := create(t, s, "chan", "1937", 1)
			return func(s *Store, i int) (bool, error) {
				p := fmt.Sprint("member-", i)
				err := s.SeatBy(ctx, id, engine.NAT, Seat{Player: p}, true, Event{Actor: p, Action: "joined"})
				return err == nil, err
			}, ErrSeatTaken
		}},
		{"one start per lobby", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			id, err := s.OpenLobby(ctx, Lobby{Place: "chan", Config: engine.Config{Scenario: "1937", Seed: 1}, Host: "host"}, LobbyLimits{})
			if err != nil {
				t.Fatal(err)
			}
			return func(s *Store, i int) (bool, error) {
				err := s.StartBy(ctx, id, Event{Actor: "host", Action: "started"})
				return err == nil, err
			}, ErrStarted
		}},
		{"one lobby per host", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			return func(s *Store, i int) (bool, error) {
				_, err := s.OpenLobby(ctx, Lobby{Place: fmt.Sprint("chan-", i), Guild: "guild", Config: engine.Config{Scenario: "1937", Seed: 1}, Host: "host"},
					LobbyLimits{PerHost: 1})
				return err == nil, err
			}, ErrTooManyLobbies
		}},
		{"one league of a name", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			return func(s *Store, i int) (bool, error) {
				name := []string{"Spring Cup", "SPRING CUP", "spring cup"}[i%3]
				_, err := s.CreateLeague(ctx, "guild", name, fmt.Sprint("member-", i), "")
				return err == nil, err
			}, ErrLeagueExists
		}},
		{"one close of a season", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			l, err := s.CreateLeague(ctx, "guild", "Cup", "creator", "")
			if err != nil {
				t.Fatal(err)
			}
			return func(s *Store, i int) (bool, error) {
				err := s.CloseSeason(ctx, l.ID, 1, time.Now(), []byte(`{}`))
				return err == nil, err
			}, ErrSeasonMoved
		}},
		{"one end of a game", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			id := create(t, s, "chan", "1937", 1)
			return func(s *Store, i int) (bool, error) {
				err := s.AbandonBy(ctx, id, nil, Event{Action: "abandoned"})
				return err == nil, err
			}, ErrNotActive
		}},
		{"one sender of a reminder", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			id := create(t, s, "chan", "1937", 1)
			key := ReminderKey{Game: id, Player: "member"}
			return func(s *Store, i int) (bool, error) {
				return s.ClaimReminder(ctx, key, 0, ReminderState{Since: time.Now(), Last: time.Now(), Count: 1})
			}, nil
		}},
		{"one handling of an interaction", func(t *testing.T, s *Store) (func(*Store, int) (bool, error), error) {
			return func(s *Store, i int) (bool, error) {
				return s.ClaimInteraction(ctx, "interaction-1", time.Now())
			}, nil
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			first, path := openTemp(t)
			all := []*Store{first}
			for range stores - 1 {
				all = append(all, open(t, path))
			}
			attempt, lost := tc.setup(t, first)
			var wg sync.WaitGroup
			start := make(chan struct{})
			type outcome struct {
				won bool
				err error
			}
			out := make(chan outcome, stores*tries)
			for i := range stores * tries {
				wg.Go(func() {
					<-start
					won, err := attempt(all[i%stores], i)
					out <- outcome{won, err}
				})
			}
			close(start)
			wg.Wait()
			close(out)
			wins := 0
			for o := range out {
				switch {
				case o.won:
					wins++
				case lost == nil && o.err != nil, lost != nil && !errors.Is(o.err, lost):
					t.Errorf("a losing attempt failed with %v, want %v", o.err, lost)
				}
			}
			if wins != 1 {
				t.Fatalf("%d attempts won, want 1", wins)
			}
		})
	}
}
