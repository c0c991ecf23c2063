package league

import (
	"fmt"
	"math"
	"testing"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// jpnAlwaysWins is a league of 40 games among eight members who rotate
// through the factions, so each plays each faction alike, where every game
// ends JPN, NAT, WLD, CPC: the league must learn that JPN is strong and
// CPC weak, and not blame the members.
func jpnAlwaysWins(t testing.TB) []Result {
	var out []Result
	for g := range 40 {
		base := 4 * (g % 2)
		var seats []Seat
		for i, f := range engine.Factions {
			seats = append(seats, seat(fmt.Sprintf("p%d", base+(i+g/2)%4), f))
		}
		out = append(out, finished(t, int64(g+1), 1, g, margins(5, 2, 0, -4), seats...))
	}
	return out
}

// nextGame is a game of four newcomers: x wins holding winner, y comes last
// holding loser, u and v hold the other two in between.
func nextGame(t testing.TB, winner, loser engine.Faction) Result {
	m := [engine.NumFactions]int{}
	m[winner], m[loser] = 5, -4
	var mid []engine.Faction
	for _, f := range engine.Factions {
		if f != winner && f != loser {
			mid = append(mid, f)
		}
	}
	m[mid[0]], m[mid[1]] = 2, 0
	return finished(t, 1000, 1, 100, m, seat("x", winner), seat("u", mid[0]), seat("v", mid[1]), seat("y", loser))
}

// gain applies res to a copy of ratings and returns how far each seat's
// member moved, in seat order.
func gain(t *testing.T, ratings *Ratings, res Result) []float64 {
	changes, err := ratings.Clone().Apply(res)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(changes))
	for i, c := range changes {
		out[i] = c.After.Mu - c.Before.Mu
	}
	return out
}

func TestFactionAdjustmentDirection(t *testing.T) {
	m := openskill.Default()
	b, err := Recompute(m, jpnAlwaysWins(t))
	if err != nil {
		t.Fatal(err)
	}
	st := b.FactionStats(0)
	if !(st[engine.JPN].Strength.Mu > st[engine.NAT].Strength.Mu && st[engine.NAT].Strength.Mu > st[engine.WLD].Strength.Mu &&
		st[engine.WLD].Strength.Mu > st[engine.CPC].Strength.Mu) {
		t.Fatalf("strengths not learnt in the order of results: %+v", st)
	}
	if st[engine.JPN].WinRate != 1 || st[engine.CPC].WinRate != 0 {
		t.Errorf("win rates JPN %v, CPC %v", st[engine.JPN].WinRate, st[engine.CPC].WinRate)
	}

	weak := gain(t, b.Ratings(), nextGame(t, engine.CPC, engine.JPN))   // x wins with CPC, y loses with JPN
	strong := gain(t, b.Ratings(), nextGame(t, engine.JPN, engine.CPC)) // x wins with JPN, y loses with CPC
	if !(weak[0] > strong[0] && strong[0] > 0) {
		t.Errorf("winning with weak CPC gains %.4f, with strong JPN %.4f: want the weak faction's win to count for more", weak[0], strong[0])
	}
	if !(weak[3] < strong[3] && strong[3] < 0) {
		t.Errorf("losing with strong JPN moves %.4f, with weak CPC %.4f: want the strong faction's loss to cost more", weak[3], strong[3])
	}

	// Before the league has learnt anything the faction does not matter.
	fresh := NewRatings(m)
	a, c := gain(t, fresh, nextGame(t, engine.CPC, engine.JPN)), gain(t, fresh, nextGame(t, engine.JPN, engine.CPC))
	if math.Abs(a[0]-c[0]) > 1e-12 || math.Abs(a[3]-c[3]) > 1e-12 {
		t.Errorf("fresh league: CPC win %.6f vs JPN win %.6f, JPN loss %.6f vs CPC loss %.6f", a[0], c[0], a[3], c[3])
	}
}

// A member holding two factions plays with their mean strength: with every
// rating fresh, a 3-seat game's expected performances are equal, and the
// double seat's factions, equal before, move alike.
func TestTwoFactionSeat(t *testing.T) {
	m := openskill.Default()
	r := NewRatings(m)
	res := finished(t, 1, 1, 0, margins(6, 2, 1, 5), seat("ann", engine.JPN, engine.CPC), seat("bob", engine.NAT), seat("cat", engine.WLD))
	if got := placesOf(res); got[0] != 1 {
		t.Fatalf("places %v, want ann (min(+6,+5) = +5) first", got)
	}
	changes, err := r.Apply(res)
	if err != nil {
		t.Fatal(err)
	}
	if r.Factions[engine.JPN] != r.Factions[engine.CPC] || r.Factions[engine.JPN].Mu <= m.Mu {
		t.Errorf("the winning seat's factions: JPN %v, CPC %v", r.Factions[engine.JPN], r.Factions[engine.CPC])
	}
	// Were the two factions summed, ann's seat would start at μ 75 against
	// 50, be expected to win, and learn little from winning; at their mean
	// it is an even game and the win counts in full.
	f := m.New()
	summed, err := m.Rate([][]openskill.Rating{{m.New(), f, f}, {m.New(), f}, {m.New(), f}}, []int{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if got, sum := changes[0].After.Mu-m.Mu, summed[0][0].Mu-m.Mu; !(got > 1.5*sum) {
		t.Errorf("ann's win moves her %.3f; summing her factions would move her %.3f", got, sum)
	}
}
