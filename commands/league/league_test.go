package league

import (
	"math"
	"testing"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// smallLeague is one season of five games, worked through by hand below:
//
//	g1 4 seats: ann JPN +3 1st (4 pts), cat WLD +1 2nd (2), bob NAT -2 3rd (1), dan CPC -5 4th (0)
//	g2 3 seats: ann NAT +2 1st (4), cat WLD +1 2nd (2), bob JPN+CPC min(+6,-3) = -3 3rd (0)
//	g3 abandoned: dan, ann, bob, cat: unrated
//	g4 ann in two seats, with bob and dan: unrated
//	g5 2 seats: dan NAT+CPC min(+2,0) = 0 1st (4), bob JPN+WLD min(-1,+4) = -1 2nd (0)
func smallLeague(t testing.TB) []Result {
	return []Result{
		finished(t, 1, 1, 1, margins(3, -2, 1, -5), seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)),
		finished(t, 2, 1, 2, margins(6, 2, 1, -3), seat("ann", engine.NAT), seat("bob", engine.JPN, engine.CPC), seat("cat", engine.WLD)),
		abandoned(t, 3, 1, 3, seat("dan", engine.JPN), seat("ann", engine.NAT), seat("bob", engine.WLD), seat("cat", engine.CPC)),
		finished(t, 4, 1, 4, margins(2, 1, 0, -1), seat("ann", engine.JPN), seat("bob", engine.NAT), seat("ann", engine.WLD), seat("dan", engine.CPC)),
		finished(t, 5, 1, 5, margins(-1, 2, 4, 0), seat("bob", engine.JPN, engine.WLD), seat("dan", engine.NAT, engine.CPC)),
	}
}

func TestSmallLeagueStandings(t *testing.T) {
	b, err := Recompute(openskill.Default(), smallLeague(t))
	if err != nil {
		t.Fatal(err)
	}
	type line struct {
		games, wins, points, unrated int
		factions                     [engine.NumFactions]int
	}
	want := map[string]line{
		"ann": {2, 2, 8, 2, [4]int{1, 1, 0, 0}},
		"cat": {2, 0, 4, 1, [4]int{0, 0, 2, 0}},
		"dan": {2, 1, 4, 2, [4]int{0, 1, 0, 2}},
		"bob": {3, 0, 1, 2, [4]int{2, 1, 1, 1}},
	}
	rows := b.Standings(1)
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
	}
	for _, r := range rows {
		w := want[r.Player]
		if got := (line{r.Games, r.Wins, r.Points, r.Unrated, r.Factions}); got != w {
			t.Errorf("%s: %+v, want %+v", r.Player, got, w)
		}
		if r.Rating != b.Ratings().Player(r.Player) {
			t.Errorf("%s: table rating %v, current %v", r.Player, r.Rating, b.Ratings().Player(r.Player))
		}
	}
	// ann leads on points; cat and dan tie on 4 and are split by rating
	// (cat was 2nd twice, dan 4th then 1st of 2); bob is last.
	if rows[0].Player != "ann" || rows[3].Player != "bob" {
		t.Errorf("order %s, %s, %s, %s", rows[0].Player, rows[1].Player, rows[2].Player, rows[3].Player)
	}
	if rows[1].Points != rows[2].Points || rows[1].Display() < rows[2].Display() {
		t.Errorf("%s and %s tie on points but are not in rating order: %.3f, %.3f", rows[1].Player, rows[2].Player, rows[1].Display(), rows[2].Display())
	}
	for i, r := range rows {
		if r.Place != i+1 {
			t.Errorf("%s has place %d at line %d", r.Player, r.Place, i+1)
		}
	}
}

// TestSmallLeagueRatings replays the league with the openskill package by
// hand: each rated seat a team of its member and its faction(s), the factions
// of a seat sharing weight 1 between them; unrated games change nothing.
func TestSmallLeagueRatings(t *testing.T) {
	m := openskill.Default()
	b, err := Recompute(m, smallLeague(t))
	if err != nil {
		t.Fatal(err)
	}
	p := map[string]openskill.Rating{"ann": m.New(), "bob": m.New(), "cat": m.New(), "dan": m.New()}
	var f [engine.NumFactions]openskill.Rating
	for i := range f {
		f[i] = m.New()
	}
	rate := func(teams [][]openskill.Rating, weights [][]float64, ranks []int) [][]openskill.Rating {
		out, err := m.RateWeighted(teams, weights, ranks)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	J, N, W, C := engine.JPN, engine.NAT, engine.WLD, engine.CPC
	// g1: ann JPN 1st, bob NAT 3rd, cat WLD 2nd, dan CPC 4th.
	g := rate([][]openskill.Rating{{p["ann"], f[J]}, {p["bob"], f[N]}, {p["cat"], f[W]}, {p["dan"], f[C]}},
		[][]float64{{1, 1}, {1, 1}, {1, 1}, {1, 1}}, []int{1, 3, 2, 4})
	p["ann"], f[J], p["bob"], f[N], p["cat"], f[W], p["dan"], f[C] = g[0][0], g[0][1], g[1][0], g[1][1], g[2][0], g[2][1], g[3][0], g[3][1]
	// g2: ann NAT 1st, bob JPN+CPC 3rd, cat WLD 2nd.
	g = rate([][]openskill.Rating{{p["ann"], f[N]}, {p["bob"], f[J], f[C]}, {p["cat"], f[W]}},
		[][]float64{{1, 1}, {1, 0.5, 0.5}, {1, 1}}, []int{1, 3, 2})
	p["ann"], f[N], p["bob"], f[J], f[C], p["cat"], f[W] = g[0][0], g[0][1], g[1][0], g[1][1], g[1][2], g[2][0], g[2][1]
	// g5: bob JPN+WLD 2nd, dan NAT+CPC 1st.
	g = rate([][]openskill.Rating{{p["bob"], f[J], f[W]}, {p["dan"], f[N], f[C]}},
		[][]float64{{1, 0.5, 0.5}, {1, 0.5, 0.5}}, []int{2, 1})
	p["bob"], f[J], f[W], p["dan"], f[N], f[C] = g[0][0], g[0][1], g[0][2], g[1][0], g[1][1], g[1][2]

	for id, want := range p {
		if got := b.Ratings().Player(id); got != want {
			t.Errorf("%s: %v, want %v", id, got, want)
		}
	}
	if b.Ratings().Factions != f {
		t.Errorf("factions %v, want %v", b.Ratings().Factions, f)
	}
	statuses := []Status{Rated, Rated, Abandoned, NotDistinct, Rated}
	for i, e := range b.Entries() {
		if e.Status != statuses[i] || (e.Changes == nil) == (e.Status == Rated) {
			t.Errorf("game %d: %v with %d changes", e.Result.Game, e.Status, len(e.Changes))
		}
	}
	if h := b.History("bob"); len(h) != 3 || h[0].Game != 1 || h[1].Game != 2 || h[2].Game != 5 || h[2].Rating != p["bob"] {
		t.Errorf("bob's history %+v", h)
	}
}

// TestFirstGameReference ties a league's first game to OpenSkill's published
// 4-player values (openskill.js src/models/__tests__/plackett-luce.test.ts,
// "4p FFA", no τ). Each seat is a team of two members, player and faction,
// both N(25, σ0²). With β scaled by √2 the game is the reference game with
// every spread scaled by √2: a team's μ moves √2 times the reference move
// and its variance shrinks by the same factor 1−Δ. Each member carries half
// the team's variance, so it moves (ref μ − 25)/√2 and its variance shrinks
// by 1 − Δ/2, where 1 − Δ = (ref σ / σ0)².
func TestFirstGameReference(t *testing.T) {
	m := openskill.Default()
	m.Tau = 0
	m.Beta *= math.Sqrt2
	ref := []openskill.Rating{
		{Mu: 27.795084971874736, Sigma: 8.263160757613477},
		{Mu: 26.552824984374855, Sigma: 8.179213704945203},
		{Mu: 24.68943500312503, Sigma: 8.083731307186588},
		{Mu: 20.96265504062538, Sigma: 8.083731307186588},
	}
	b, err := Recompute(m, []Result{finished(t, 1, 1, 0, margins(4, 3, 2, 1),
		seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC))})
	if err != nil {
		t.Fatal(err)
	}
	s0 := m.Sigma
	for i, id := range []string{"ann", "bob", "cat", "dan"} {
		delta := 1 - (ref[i].Sigma/s0)*(ref[i].Sigma/s0)
		want := openskill.Rating{Mu: 25 + (ref[i].Mu-25)/math.Sqrt2, Sigma: s0 * math.Sqrt(1-delta/2)}
		for _, got := range []openskill.Rating{b.Ratings().Player(id), b.Ratings().Factions[i]} {
			if math.Abs(got.Mu-want.Mu) > 1e-12 || math.Abs(got.Sigma-want.Sigma) > 1e-12 {
				t.Errorf("place %d: %v, want %v", i+1, got, want)
			}
		}
	}
}

func TestFactionStats(t *testing.T) {
	b, err := Recompute(openskill.Default(), smallLeague(t))
	if err != nil {
		t.Fatal(err)
	}
	// From the table in smallLeague's comment, rated games only.
	want := [engine.NumFactions]struct {
		games, wins int
		margin      float64
	}{
		engine.JPN: {3, 1, (3 + 6 - 1) / 3.0},
		engine.NAT: {3, 2, (-2 + 2 + 2) / 3.0},
		engine.WLD: {3, 0, (1 + 1 + 4) / 3.0},
		engine.CPC: {3, 1, (-5 - 3 + 0) / 3.0},
	}
	for f, st := range b.FactionStats(1) {
		w := want[f]
		if st.Faction != engine.Faction(f) || st.Games != w.games || st.Wins != w.wins ||
			st.WinRate != float64(w.wins)/float64(w.games) || math.Abs(st.MeanMargin-w.margin) > 1e-12 {
			t.Errorf("%v: %+v, want %+v", engine.Faction(f), st, w)
		}
		if st.Strength != b.Ratings().Factions[f] {
			t.Errorf("%v: strength %v, want the current %v", engine.Faction(f), st.Strength, b.Ratings().Factions[f])
		}
	}
	if empty := NewBook(openskill.Default()).FactionStats(0); empty[engine.JPN].Games != 0 || empty[engine.JPN].Strength != openskill.Default().New() {
		t.Errorf("an empty league's JPN: %+v", empty[engine.JPN])
	}
}

func TestFormatStandings(t *testing.T) {
	b, err := Recompute(openskill.Default(), smallLeague(t))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{"ann": "Ann", "bob": "Bob the Builder", "cat": "Cat", "dan": "Dan"}
	got := FormatStandings(b.Standings(1), func(p string) string { return names[p] })
	want := `#  Player           Games  Wins  Pts  Rating  Unrated
1  Ann                  2     2    8     4.7        2
2  Cat                  2     0    4     2.3        1
3  Dan                  2     1    4     0.4        2
4  Bob the Builder      3     0    1    -3.6        2
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
