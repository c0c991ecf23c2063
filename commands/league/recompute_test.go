package league

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// randomLeague makes n results among players members: 4-, 3- and 2-seat
// games, a few abandoned or with a member in two seats, and end times that
// often coincide so the game-id tie break matters.
func randomLeague(t testing.TB, n, players int, seed uint64) []Result {
	rng := rand.New(rand.NewPCG(seed, 1))
	layouts := [][][]engine.Faction{
		{{engine.JPN}, {engine.NAT}, {engine.WLD}, {engine.CPC}},
		{{engine.JPN, engine.CPC}, {engine.NAT}, {engine.WLD}},
		{{engine.JPN, engine.WLD}, {engine.NAT, engine.CPC}},
	}
	out := make([]Result, 0, n)
	for g := range n {
		layout := layouts[rng.IntN(len(layouts))]
		perm := rng.Perm(players)
		seats := make([]Seat, len(layout))
		for i, fs := range layout {
			seats[i] = seat(fmt.Sprintf("m%02d", perm[i]), fs...)
		}
		if rng.IntN(20) == 0 {
			seats[1].Player = seats[0].Player
		}
		var m [engine.NumFactions]int
		for f := range m {
			m[f] = rng.IntN(21) - 10
		}
		d := g / 3 // three games end on each day
		if rng.IntN(15) == 0 {
			out = append(out, abandoned(t, int64(g+1), 1+g/(n/3+1), d, seats...))
			continue
		}
		out = append(out, finished(t, int64(g+1), 1+g/(n/3+1), d, m, seats...))
	}
	return out
}

func shuffled(rs []Result, seed uint64) []Result {
	out := slices.Clone(rs)
	rand.New(rand.NewPCG(seed, 2)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// incremental feeds a book the results one at a time, in the order a
// running league sees them end.
func incremental(t *testing.T, m openskill.Model, rs []Result) *Book {
	t.Helper()
	b := NewBook(m)
	for _, r := range rs {
		if err := b.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func sameBook(t *testing.T, what string, a, b *Book) {
	t.Helper()
	if !reflect.DeepEqual(a.Entries(), b.Entries()) || !reflect.DeepEqual(a.Ratings(), b.Ratings()) {
		t.Errorf("%s: the books differ", what)
	}
}

func TestRecomputeDeterministic(t *testing.T) {
	m := openskill.Default()
	results := randomLeague(t, 300, 12, 7) // already in end order
	want := incremental(t, m, results)
	for seed := range uint64(3) {
		got, err := Recompute(m, shuffled(results, seed))
		if err != nil {
			t.Fatal(err)
		}
		sameBook(t, fmt.Sprintf("shuffle %d vs incremental", seed), got, want)
	}

	// Correct one result in the middle: the host fixes game 150's margins.
	k := slices.IndexFunc(results, func(r Result) bool { return r.Game == 150 && r.Status() == Rated })
	if k < 0 {
		t.Fatal("game 150 is not rated; pick another")
	}
	old := results[k]
	fixed, err := NewResult(old.Game, old.Season, old.Ended, margins(-9, 9, -9, -9), old.Seats)
	if err != nil {
		t.Fatal(err)
	}
	corrected := slices.Clone(results)
	corrected[k] = fixed
	again, err := Recompute(m, shuffled(corrected, 9))
	if err != nil {
		t.Fatal(err)
	}
	sameBook(t, "corrected: recompute vs incremental", again, incremental(t, m, corrected))
	twice, err := Recompute(m, corrected)
	if err != nil {
		t.Fatal(err)
	}
	sameBook(t, "corrected: recompute twice", again, twice)
	if !reflect.DeepEqual(again.Entries()[:k], want.Entries()[:k]) {
		t.Error("a correction changed the results before it")
	}
	if reflect.DeepEqual(again.Ratings(), want.Ratings()) {
		t.Error("a correction changed no rating")
	}
}

func TestAddRefuses(t *testing.T) {
	rs := smallLeague(t)
	b := NewBook(openskill.Default())
	if err := b.Add(rs[1]); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		r    Result
		want string
	}{
		{"earlier game", rs[0], "game 1 ended before game 2, already counted: recompute"},
		{"same game", rs[1], "game 2 is already counted"},
		{"invalid", Result{Game: 9, Ended: day(9)}, "0 seats"},
	}
	for _, tc := range tests {
		if err := b.Add(tc.r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	if len(b.Entries()) != 1 {
		t.Errorf("%d entries after refusals, want 1", len(b.Entries()))
	}
}

func TestSeasons(t *testing.T) {
	m := openskill.Default()
	one := smallLeague(t)
	b, err := Recompute(m, one)
	if err != nil {
		t.Fatal(err)
	}
	record := b.Close(1, day(6))
	endOfOne := b.Ratings().Clone()

	// Season 2: the same members go on; ratings carry over.
	two := []Result{
		finished(t, 6, 2, 7, margins(-3, 4, 1, 0), seat("bob", engine.JPN), seat("ann", engine.NAT), seat("dan", engine.WLD), seat("cat", engine.CPC)),
		finished(t, 7, 2, 8, margins(2, 1, 0, -1), seat("eve", engine.JPN), seat("ann", engine.NAT), seat("dan", engine.WLD), seat("bob", engine.CPC)),
	}
	all, err := Recompute(m, append(slices.Clone(one), two...))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(all.Standings(1), record.Standings) || all.FactionStats(1) != record.Factions {
		t.Error("season 1's table changed when season 2 was played")
	}
	first := all.Entries()[len(one)]
	for _, c := range first.Changes {
		if c.Before != endOfOne.Player(c.Player) {
			t.Errorf("%s starts season 2 at %v, not where season 1 left them (%v)", c.Player, c.Before, endOfOne.Player(c.Player))
		}
	}
	rows := all.Standings(2)
	byPlayer := map[string]Standing{}
	for _, r := range rows {
		byPlayer[r.Player] = r
	}
	// Season 2 by hand: g6 NAT ann +4 1st, WLD dan +1 2nd, CPC cat 0 3rd, JPN bob -3 4th;
	// g7 JPN eve +2 1st, NAT ann +1 2nd, WLD dan 0 3rd, CPC bob -1 4th.
	for p, w := range map[string][3]int{"ann": {2, 1, 6}, "dan": {2, 0, 3}, "cat": {1, 0, 1}, "bob": {2, 0, 0}, "eve": {1, 1, 4}} {
		r := byPlayer[p]
		if got := [3]int{r.Games, r.Wins, r.Points}; got != w || r.Unrated != 0 {
			t.Errorf("season 2 %s: games, wins, points %v (unrated %d), want %v", p, got, r.Unrated, w)
		}
		if r.Rating != all.Ratings().Player(p) {
			t.Errorf("season 2 %s: rating %v, want the current %v", p, r.Rating, all.Ratings().Player(p))
		}
	}
	if len(rows) != 5 || rows[0].Player != "ann" {
		t.Errorf("season 2 table %+v", rows)
	}
	if everything := all.Standings(0); everything[0].Player != "ann" || everything[0].Points != 14 || everything[0].Games != 4 {
		t.Errorf("all seasons: %+v", everything[0])
	}
}

// BenchmarkRecompute10000 recomputes a league of 10,000 results among 60
// members (the brief's bar: under a second).
func BenchmarkRecompute10000(b *testing.B) {
	results := randomLeague(b, 10000, 60, 3)
	m := openskill.Default()
	b.ResetTimer()
	for b.Loop() {
		if _, err := Recompute(m, results); err != nil {
			b.Fatal(err)
		}
	}
}
