package league

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

func TestNewResultPlaces(t *testing.T) {
	tests := []struct {
		name    string
		margins [engine.NumFactions]int
		seats   []Seat
		want    []int
	}{
		{"by margin", margins(3, -2, 1, -5),
			[]Seat{seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)},
			[]int{1, 3, 2, 4}},
		{"ties go to CPC, WLD, NAT, JPN", margins(0, 0, 0, 0),
			[]Seat{seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)},
			[]int{4, 3, 2, 1}},
		{"two factions take the lower margin", margins(6, 2, 1, -3),
			[]Seat{seat("ann", engine.JPN, engine.CPC), seat("bob", engine.NAT), seat("cat", engine.WLD)},
			[]int{3, 1, 2}},
		{"two factions tie on the better of them", margins(1, -4, 5, 1),
			[]Seat{seat("ann", engine.NAT), seat("bob", engine.JPN, engine.CPC), seat("cat", engine.WLD)},
			[]int{3, 2, 1}},
		{"two players", margins(-1, 2, 4, 0),
			[]Seat{seat("ann", engine.JPN, engine.WLD), seat("bob", engine.NAT, engine.CPC)},
			[]int{2, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := finished(t, 1, 1, 0, tc.margins, tc.seats...)
			if got := placesOf(r); !slices.Equal(got, tc.want) {
				t.Errorf("places %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSeatMargin(t *testing.T) {
	r := finished(t, 1, 1, 0, margins(6, 2, 1, -3), seat("ann", engine.JPN, engine.CPC), seat("bob", engine.NAT), seat("cat", engine.WLD))
	if got := r.SeatMargin(0); got != -3 {
		t.Errorf("JPN+CPC margin %d, want -3 (the lower)", got)
	}
	if got := r.SeatMargin(1); got != 2 {
		t.Errorf("NAT margin %d, want 2", got)
	}
}

func TestValidate(t *testing.T) {
	four := func() []Seat {
		return []Seat{seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)}
	}
	good := finished(t, 7, 1, 0, margins(3, -2, 1, -5), four()...)
	tests := []struct {
		name string
		edit func(r *Result)
		want string
	}{
		{"one seat", func(r *Result) { r.Seats = []Seat{seat("ann", engine.Factions[:]...)} }, "1 seats"},
		{"faction twice", func(r *Result) { r.Seats[1].Factions = []engine.Faction{engine.JPN} }, "JPN is held by two seats"},
		{"faction missing", func(r *Result) { r.Seats = r.Seats[:3] }, "nobody holds CPC"},
		{"no faction", func(r *Result) { r.Seats[3].Factions = nil }, "seat 4 holds no faction"},
		{"not a faction", func(r *Result) { r.Seats[3].Factions = []engine.Faction{9} }, "is not a faction"},
		{"wrong place", func(r *Result) { r.Seats[0].Place, r.Seats[2].Place = 2, 1 }, "seat 1 (JPN) has place 2, but its margins make it 1"},
		{"no end", func(r *Result) { r.Ended = time.Time{} }, "no end time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			r.Seats = cloneSeats(good.Seats)
			tc.edit(&r)
			err := r.Validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestStatus(t *testing.T) {
	m := margins(3, -2, 1, -5)
	tests := []struct {
		name string
		r    Result
		want Status
	}{
		{"four members", finished(t, 1, 1, 0, m, seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)), Rated},
		{"abandoned", abandoned(t, 2, 1, 0, seat("ann", engine.JPN), seat("bob", engine.NAT), seat("cat", engine.WLD), seat("dan", engine.CPC)), Abandoned},
		{"member in two seats", finished(t, 3, 1, 0, m, seat("ann", engine.JPN), seat("bob", engine.NAT), seat("ann", engine.WLD), seat("dan", engine.CPC)), NotDistinct},
		{"empty seat", finished(t, 4, 1, 0, m, seat("ann", engine.JPN), seat("bob", engine.NAT), seat("", engine.WLD), seat("dan", engine.CPC)), NotDistinct},
		{"one member, two factions", finished(t, 5, 1, 0, m, seat("ann", engine.JPN, engine.CPC), seat("bob", engine.NAT), seat("cat", engine.WLD)), Rated},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.Status(); got != tc.want {
				t.Errorf("status %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPoints(t *testing.T) {
	tests := []struct {
		seats int
		want  []int
	}{
		{4, []int{4, 2, 1, 0}},
		{3, []int{4, 2, 0}},
		{2, []int{4, 0}},
	}
	for _, tc := range tests {
		var got []int
		for place := 1; place <= tc.seats; place++ {
			got = append(got, Points(tc.seats, place))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%d seats: %v, want %v", tc.seats, got, tc.want)
		}
	}
	if Points(4, 0) != 0 || Points(4, 5) != 0 || Points(5, 1) != 0 {
		t.Error("places outside the table earn points")
	}
}
