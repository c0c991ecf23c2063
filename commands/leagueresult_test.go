package commands

import (
	"reflect"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/commands/league"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

func TestLeagueSeats(t *testing.T) {
	seat := func(p string) db.Seat { return db.Seat{Player: p} }
	g := &db.Game{Info: db.Info{Options: "teams=JPN+WLD"}, Seats: map[engine.Faction]db.Seat{
		engine.JPN: seat("a"), engine.NAT: seat("b"), engine.WLD: seat("a"), engine.CPC: seat("c")}}
	got := LeagueSeats(g.Options, g.Seats)
	want := []league.Seat{{Player: "a", Factions: []engine.Faction{engine.JPN, engine.WLD}}, {Player: "b", Factions: []engine.Faction{engine.NAT}},
		{Player: "c", Factions: []engine.Faction{engine.CPC}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("seats of a team game: %+v", got)
	}
	ended := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	if r, err := league.NewResult(1, 1, ended, [4]int{1, 2, 3, 4}, got); err != nil || r.Status() != league.Rated {
		t.Errorf("a three-member team game: %v %v", r.Status(), err)
	}
	// Without teams=, a member holding two factions holds two seats.
	g.Options = ""
	got = LeagueSeats(g.Options, g.Seats)
	if r, err := league.NewResult(1, 1, ended, [4]int{1, 2, 3, 4}, got); err != nil || len(got) != 4 || r.Status() != league.NotDistinct {
		t.Errorf("a hot-seat game: %+v %v %v", got, r.Status(), err)
	}
	g.Seats = map[engine.Faction]db.Seat{engine.JPN: seat("a"), engine.NAT: seat("b")}
	got = LeagueSeats(g.Options, g.Seats)
	if len(got) != 4 || got[2].Player != "" || got[3].Player != "" {
		t.Errorf("empty seats: %+v", got)
	}
	if r, err := league.NewAbandoned(1, 1, ended, got); err != nil || r.Status() != league.Abandoned {
		t.Errorf("abandoned with empty seats: %v %v", r.Status(), err)
	}
}
