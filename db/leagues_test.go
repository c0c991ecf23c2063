package db

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

func TestLeagues(t *testing.T) {
	s, _ := openTemp(t)
	l, err := s.CreateLeague(ctx, "guild-1", " Spring Cup ", "ann", "Ann")
	if err != nil || l.ID == 0 || l.Name != "Spring Cup" || l.Season != 1 || l.Members != 1 || l.Creator != "ann" {
		t.Fatalf("create: %+v, %v", l, err)
	}
	if _, err := s.CreateLeague(ctx, "guild-1", "spring cup", "bob", "Bob"); !errors.Is(err, ErrLeagueExists) {
		t.Fatalf("a second league of the same name: %v", err)
	}
	if _, err := s.CreateLeague(ctx, "guild-2", "Spring Cup", "bob", "Bob"); err != nil {
		t.Fatalf("the same name in another guild: %v", err)
	}
	if _, err := s.CreateLeague(ctx, "guild-1", "  ", "bob", "Bob"); err == nil {
		t.Fatal("an empty name was accepted")
	}
	got, err := s.LeagueByName(ctx, "guild-1", "SPRING CUP")
	if err != nil || got.ID != l.ID {
		t.Fatalf("by name: %+v, %v", got, err)
	}
	if _, err := s.LeagueByName(ctx, "guild-1", "nope"); !errors.Is(err, ErrNoLeague) {
		t.Fatalf("unknown league: %v", err)
	}
	if ok, err := s.JoinLeague(ctx, l.ID, "bob", "Bob"); !ok || err != nil {
		t.Fatalf("join: %v %v", ok, err)
	}
	if ok, err := s.JoinLeague(ctx, l.ID, "bob", "Bob"); ok || err != nil {
		t.Fatalf("join twice: %v %v", ok, err)
	}
	if _, err := s.JoinLeague(ctx, 999, "bob", "Bob"); !errors.Is(err, ErrNoLeague) {
		t.Fatalf("join an unknown league: %v", err)
	}
	if m, err := s.LeagueMembers(ctx, l.ID); err != nil || !reflect.DeepEqual(m, []string{"ann", "bob"}) {
		t.Fatalf("members: %v %v", m, err)
	}
	if err := s.SeatBy(ctx, plainLater(t, s, l.ID), engine.CPC, Seat{Player: "cat", Name: "Cat"}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	if names, err := s.LeagueNames(ctx, l.ID); err != nil || names["ann"] != "Ann" || names["bob"] != "Bob" || names["cat"] != "Cat" {
		t.Fatalf("names: %v %v", names, err)
	}
	if ok, _ := s.IsLeagueMember(ctx, l.ID, "cat"); ok {
		t.Fatal("cat is a member")
	}
	if list, err := s.Leagues(ctx, "guild-1"); err != nil || len(list) != 1 || list[0].Members != 2 {
		t.Fatalf("leagues: %+v %v", list, err)
	}

	// A league game is linked when it is opened; others are not.
	id, err := s.OpenLobby(ctx, Lobby{Place: "chan", Config: engine.Config{Scenario: "1937", Seed: 1}, Host: "ann", League: l.ID}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if gl, ok, err := s.GameLeague(ctx, id); err != nil || !ok || gl.ID != l.ID {
		t.Fatalf("game league: %+v %v %v", gl, ok, err)
	}
	if _, err := s.OpenLobby(ctx, Lobby{Place: "chan-2", Config: engine.Config{Scenario: "1937", Seed: 1}, Host: "ann", League: 999}, LobbyLimits{}); !errors.Is(err, ErrNoLeague) {
		t.Fatalf("a game in an unknown league: %v", err)
	}
	if _, err := s.ActiveGame(ctx, "chan-2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the refused league game was created: %v", err)
	}
	plain := create(t, s, "chan-3", "1937", 2)
	if _, ok, err := s.GameLeague(ctx, plain); ok || err != nil {
		t.Fatalf("a plain game has a league: %v %v", ok, err)
	}

	// Results come back as stored, in order of end time; a second record
	// replaces the first.
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	r := LeagueResult{Game: id, League: l.ID, Season: 1, Ended: t0.Add(time.Hour), Margins: [4]int{3, -2, 1, -5},
		Seats: []LeagueSeat{{Player: "ann", Factions: []engine.Faction{engine.JPN}, Place: 1},
			{Player: "bob", Factions: []engine.Faction{engine.NAT, engine.CPC}, Place: 2},
			{Player: "", Factions: []engine.Faction{engine.WLD}, Place: 0}}}
	if err := s.RecordLeagueResult(ctx, r); err != nil {
		t.Fatal(err)
	}
	r.Seats[2].Place = 3
	if err := s.RecordLeagueResult(ctx, r); err != nil {
		t.Fatal(err)
	}
	id2, err := s.OpenLobby(ctx, Lobby{Place: "chan-4", Config: engine.Config{Scenario: "1938", Seed: 1}, Host: "bob", League: l.ID}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	r2 := LeagueResult{Game: id2, League: l.ID, Season: 1, Ended: t0, Abandoned: true,
		Seats: []LeagueSeat{{Player: "ann", Factions: []engine.Faction{engine.JPN, engine.NAT}}, {Player: "bob", Factions: []engine.Faction{engine.WLD, engine.CPC}}}}
	if err := s.RecordLeagueResult(ctx, r2); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordLeagueResult(ctx, LeagueResult{Game: plain, League: l.ID, Season: 1, Ended: t0, Seats: r2.Seats}); !errors.Is(err, ErrNoLeague) {
		t.Fatalf("a result for a game outside the league: %v", err)
	}
	res, err := s.LeagueResults(ctx, l.ID)
	if err != nil || len(res) != 2 {
		t.Fatalf("results: %+v %v", res, err)
	}
	if !reflect.DeepEqual(res[0], r2) || !reflect.DeepEqual(res[1], r) {
		t.Fatalf("results read back:\n%+v\n%+v\nwant\n%+v\n%+v", res[0], res[1], r2, r)
	}

	// Closing a season moves the league on, once.
	if err := s.CloseSeason(ctx, l.ID, 1, t0, []byte(`{"season":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseSeason(ctx, l.ID, 1, t0, []byte(`{}`)); !errors.Is(err, ErrSeasonMoved) {
		t.Fatalf("closing a closed season: %v", err)
	}
	if err := s.CloseSeason(ctx, 999, 1, t0, []byte(`{}`)); !errors.Is(err, ErrNoLeague) {
		t.Fatalf("closing an unknown league's season: %v", err)
	}
	if got, _ := s.LeagueByID(ctx, l.ID); got.Season != 2 {
		t.Fatalf("season after closing: %d", got.Season)
	}
	if ss, err := s.Seasons(ctx, l.ID); err != nil || len(ss) != 1 || ss[0].Season != 1 || string(ss[0].Record) != `{"season":1}` || !ss[0].Closed.Equal(t0) {
		t.Fatalf("seasons: %+v %v", ss, err)
	}
}

func TestWalk(t *testing.T) {
	s, _ := openTemp(t)
	id := create(t, s, "chan", "1937", 7)
	p := newPlayer(t, s, id, 7, false)
	p.play(t, 60)
	want := load(t, s, id)
	var seqs []int64
	var last string
	err := s.Walk(ctx, id, func(seq int64, g *engine.Game) error {
		seqs = append(seqs, seq)
		last = saved(t, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(seqs)) != want.Seq+1 || seqs[0] != 0 || seqs[len(seqs)-1] != want.Seq {
		t.Fatalf("walked %d steps, want %d", len(seqs), want.Seq+1)
	}
	if last != saved(t, want.Engine) {
		t.Fatal("the walk ends elsewhere than the stored game")
	}
	stop := errors.New("stop")
	if err := s.Walk(ctx, id, func(int64, *engine.Game) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("fn's error: %v", err)
	}
	if err := s.Walk(ctx, 999, func(int64, *engine.Game) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown game: %v", err)
	}
}

// plainLater opens a league game in a place of its own.
func plainLater(t *testing.T, s *Store, league int64) int64 {
	t.Helper()
	id, err := s.OpenLobby(ctx, Lobby{Place: "chan-names", Config: engine.Config{Scenario: "1937", Seed: 9}, Host: "ann", League: league}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	return id
}
