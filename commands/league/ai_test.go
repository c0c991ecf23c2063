package league

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func aiSeat(level string, fs ...engine.Faction) Seat {
	return Seat{Player: "ai:" + level, Factions: fs, AI: true}
}

// A game with an AI seat counts only in a league that rated the AI when it
// ended; the AI level then has a rating row of its own, and an AI level in
// two seats is one player in two seats.
func TestAISeatsRated(t *testing.T) {
	tests := []struct {
		name   string
		rateAI bool
		seats  []Seat
		want   Status
		rows   []string // the standings' players, in any order
	}{
		{"not rated", false, []Seat{seat("ann", engine.JPN), aiSeat("normal", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)},
			WithAI, []string{"ann", "cat", "dan"}},
		{"rated", true, []Seat{seat("ann", engine.JPN), aiSeat("normal", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)},
			Rated, []string{"ann", "ai:normal", "cat", "dan"}},
		{"two levels", true, []Seat{seat("ann", engine.JPN), aiSeat("normal", engine.NAT), aiSeat("easy", engine.WLD), seat("dan", engine.CPC)},
			Rated, []string{"ann", "ai:normal", "ai:easy", "dan"}},
		{"one level twice", true, []Seat{seat("ann", engine.JPN), aiSeat("easy", engine.NAT), aiSeat("easy", engine.WLD), seat("dan", engine.CPC)},
			NotDistinct, []string{"ann", "ai:easy", "dan"}},
		{"members only", false, []Seat{seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)},
			Rated, []string{"ann", "bob", "cat", "dan"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := finished(t, 1, 1, 1, margins(5, 1, -2, -4), tc.seats...)
			r.RateAI = tc.rateAI
			if got := r.Status(); got != tc.want {
				t.Fatalf("status %s, want %s", got, tc.want)
			}
			b, err := Rate([]Result{r})
			if err != nil {
				t.Fatal(err)
			}
			rows := map[string]Standing{}
			for _, s := range b.Standings(1) {
				rows[s.Player] = s
			}
			if len(rows) != len(tc.rows) {
				t.Errorf("standings rows %v, want %v", rows, tc.rows)
			}
			for _, p := range tc.rows {
				s, ok := rows[p]
				if !ok {
					t.Errorf("no standings row for %s", p)
					continue
				}
				if rated := s.Games == 1; rated != (tc.want == Rated) {
					t.Errorf("%s: %d rated games, status %s", p, s.Games, tc.want)
				}
			}
			if tc.want == Rated && b.Ratings().Player("ai:normal") == b.Ratings().Model.New() && tc.rateAI {
				t.Error("the AI's rating did not move")
			}
		})
	}
}
