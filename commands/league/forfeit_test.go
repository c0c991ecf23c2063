package league

import (
	"slices"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// A forfeit ranks its member last, whatever the board said, and the other
// seats among themselves by rule 7.1; it is rated and gives points.
func TestNewForfeit(t *testing.T) {
	four := []Seat{seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)}
	tests := []struct {
		name    string
		margins [engine.NumFactions]int
		seats   []Seat
		member  string
		want    []int
	}{
		{"the leader forfeits", margins(9, -2, 1, -5), four, "ann", []int{4, 2, 1, 3}},
		{"the last forfeits", margins(9, -2, 1, -5), four, "dan", []int{1, 3, 2, 4}},
		{"ties among the rest go to CPC, WLD, NAT", margins(0, 0, 0, 0), four, "dan", []int{3, 2, 1, 4}},
		{"a team forfeits", margins(6, 2, 1, -3),
			[]Seat{seat("ann", engine.JPN, engine.CPC), seat("bob", engine.NAT), seat("cat", engine.WLD)}, "ann", []int{3, 1, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewForfeit(1, 1, time.Unix(100, 0), tc.margins, tc.seats, tc.member)
			if err != nil {
				t.Fatal(err)
			}
			if got := placesOf(r); !slices.Equal(got, tc.want) {
				t.Errorf("places %v, want %v", got, tc.want)
			}
			if r.Status() != Rated || r.Abandoned {
				t.Errorf("status %s, abandoned %v: a forfeit is rated", r.Status(), r.Abandoned)
			}
			if err := r.Validate(); err != nil {
				t.Error(err)
			}
			// Places tampered with are caught as for any result.
			bad := r
			bad.Seats = cloneSeats(r.Seats)
			bad.Seats[0].Place, bad.Seats[1].Place = bad.Seats[1].Place, bad.Seats[0].Place
			if bad.Validate() == nil {
				t.Error("a forfeit with its places swapped validates")
			}
		})
	}
	if _, err := NewForfeit(1, 1, time.Unix(100, 0), margins(0, 0, 0, 0), four, "eve"); err == nil {
		t.Error("a forfeit by a member without a seat was accepted")
	}
	if _, err := NewForfeit(1, 1, time.Unix(100, 0), margins(0, 0, 0, 0), four, ""); err == nil {
		t.Error("a forfeit by nobody was accepted")
	}
}
