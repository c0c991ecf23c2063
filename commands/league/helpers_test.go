package league

import (
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func day(n int) time.Time { return t0.Add(time.Duration(n) * 24 * time.Hour) }

func seat(player string, fs ...engine.Faction) Seat { return Seat{Player: player, Factions: fs} }

// margins reads margins in faction order JPN, NAT, WLD, CPC.
func margins(jpn, nat, wld, cpc int) [engine.NumFactions]int {
	return [engine.NumFactions]int{engine.JPN: jpn, engine.NAT: nat, engine.WLD: wld, engine.CPC: cpc}
}

func finished(t testing.TB, game int64, season, d int, m [engine.NumFactions]int, seats ...Seat) Result {
	t.Helper()
	r, err := NewResult(game, season, day(d), m, seats)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func abandoned(t testing.TB, game int64, season, d int, seats ...Seat) Result {
	t.Helper()
	r, err := NewAbandoned(game, season, day(d), seats)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func placesOf(r Result) []int {
	out := make([]int, len(r.Seats))
	for i, s := range r.Seats {
		out[i] = s.Place
	}
	return out
}
