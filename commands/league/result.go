package league

import (
	"fmt"
	"slices"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Seat is one player's part in a game.
type Seat struct {
	// Player is the member's id; empty for a seat no member held.
	Player string `json:"player"`
	// Factions are the factions held: one, or several under rule 1.5.
	Factions []engine.Faction `json:"factions"`
	// Place is 1 for the winner, by rule 7.1 (engine.Rank); 0 in an
	// abandoned game.
	Place int `json:"place"`
	// AI says the computer held the seat: Player then names its level,
	// which is rated as one player wherever it plays.
	AI bool `json:"ai,omitempty"`
}

// Result is how one league game ended.
type Result struct {
	Game      int64     `json:"game"`
	Season    int       `json:"season"`
	Ended     time.Time `json:"ended"`
	Abandoned bool      `json:"abandoned,omitempty"`
	// Forfeit is the member who left or abandoned the game before its end:
	// their seats rank last and the others by the margins when they left.
	// "" for a game played to its end.
	Forfeit string `json:"forfeit,omitempty"`
	// RateAI says the league rated AI seats when the game ended; without
	// it a game with an AI seat counts for nothing.
	RateAI bool `json:"rate_ai,omitempty"`
	// Margins are the final victory margins (7.3), zero when abandoned;
	// for a forfeit, the margins when it was forfeited.
	Margins [engine.NumFactions]int `json:"margins"`
	Seats   []Seat                  `json:"seats"`
}

// NewResult records a finished game: the seats (their Place is ignored) and
// the final margins. Places are rule 7.1's, through engine.Rank: highest
// margin first, a member holding several factions taking the lowest of them,
// ties to CPC, then WLD, then NAT.
func NewResult(game int64, season int, ended time.Time, margins [engine.NumFactions]int, seats []Seat) (Result, error) {
	r := Result{Game: game, Season: season, Ended: ended, Margins: margins, Seats: cloneSeats(seats)}
	places, err := r.places()
	if err != nil {
		return Result{}, err
	}
	for i := range r.Seats {
		r.Seats[i].Place = places[i]
	}
	return r, r.Validate()
}

// NewForfeit records a game that member left or abandoned once it had
// started: the seats member held rank last, the others among themselves by
// the margins at that moment (7.1 on the board as it stood). A member who
// left is beaten by everyone who stayed, whatever the board said, so
// leaving a losing game costs as much as losing it, never less.
func NewForfeit(game int64, season int, ended time.Time, margins [engine.NumFactions]int, seats []Seat, member string) (Result, error) {
	if member == "" {
		return Result{}, fmt.Errorf("game %d: a forfeit names the member who forfeited", game)
	}
	r := Result{Game: game, Season: season, Ended: ended, Forfeit: member, Margins: margins, Seats: cloneSeats(seats)}
	if !slices.ContainsFunc(r.Seats, func(s Seat) bool { return s.Player == member }) {
		return Result{}, fmt.Errorf("game %d: %s forfeits, but holds no seat", game, member)
	}
	places, err := r.places()
	if err != nil {
		return Result{}, err
	}
	for i := range r.Seats {
		r.Seats[i].Place = places[i]
	}
	return r, r.Validate()
}

// NewAbandoned records a game abandoned before its end.
func NewAbandoned(game int64, season int, ended time.Time, seats []Seat) (Result, error) {
	r := Result{Game: game, Season: season, Ended: ended, Abandoned: true, Seats: cloneSeats(seats)}
	for i := range r.Seats {
		r.Seats[i].Place = 0
	}
	return r, r.Validate()
}

func cloneSeats(seats []Seat) []Seat {
	out := make([]Seat, len(seats))
	for i, s := range seats {
		out[i] = Seat{Player: s.Player, Factions: append([]engine.Faction(nil), s.Factions...), Place: s.Place, AI: s.AI}
	}
	return out
}

// SeatMargin is seat i's margin: the lowest margin of the factions it held
// (1.5), as rule 7.1 ranks it.
func (r Result) SeatMargin(i int) int {
	m := r.Margins[r.Seats[i].Factions[0]]
	for _, f := range r.Seats[i].Factions[1:] {
		m = min(m, r.Margins[f])
	}
	return m
}

// places ranks the seats by engine.Rank and returns each seat's place.
func (r Result) places() ([]int, error) {
	if err := r.checkSeats(); err != nil {
		return nil, err
	}
	teams := make([][]engine.Faction, len(r.Seats))
	for i, s := range r.Seats {
		teams[i] = s.Factions
	}
	// engine.Rank returns standings in place order; match them back to seats
	// by their first faction, which only one seat holds.
	seatOf := [engine.NumFactions]int{}
	for i, s := range r.Seats {
		seatOf[s.Factions[0]] = i
	}
	places := make([]int, len(r.Seats))
	for _, st := range engine.Rank(r.Margins, teams) {
		places[seatOf[st.Factions[0]]] = st.Place
	}
	if r.Forfeit != "" {
		forfeitLast(places, r.Seats, r.Forfeit)
	}
	return places, nil
}

// forfeitLast moves the seats member held below every other seat, keeping
// the order of the rest and of theirs.
func forfeitLast(places []int, seats []Seat, member string) {
	order := make([]int, len(seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		fa, fb := seats[a].Player == member, seats[b].Player == member
		if fa != fb {
			if fa {
				return 1
			}
			return -1
		}
		return places[a] - places[b]
	})
	for place, i := range order {
		places[i] = place + 1
	}
}

// Validate checks that the result describes a game: two to four seats
// holding the four factions between them, each once, and (unless abandoned)
// the places rule 7.1 gives the margins.
func (r Result) Validate() error {
	if err := r.checkSeats(); err != nil {
		return err
	}
	if r.Ended.IsZero() {
		return fmt.Errorf("game %d: no end time", r.Game)
	}
	if r.Abandoned {
		return nil
	}
	places, err := r.places()
	if err != nil {
		return err
	}
	for i, s := range r.Seats {
		if s.Place != places[i] {
			return fmt.Errorf("game %d: seat %d (%s) has place %d, but its margins make it %d (7.1)",
				r.Game, i+1, factionNames(s.Factions), s.Place, places[i])
		}
	}
	return nil
}

func (r Result) checkSeats() error {
	if n := len(r.Seats); n < 2 || n > engine.NumFactions {
		return fmt.Errorf("game %d: %d seats; a game has 2 to 4", r.Game, n)
	}
	var held [engine.NumFactions]bool
	for i, s := range r.Seats {
		if len(s.Factions) == 0 {
			return fmt.Errorf("game %d: seat %d holds no faction", r.Game, i+1)
		}
		for _, f := range s.Factions {
			if int(f) >= engine.NumFactions {
				return fmt.Errorf("game %d: seat %d: %v is not a faction", r.Game, i+1, f)
			}
			if held[f] {
				return fmt.Errorf("game %d: %s is held by two seats", r.Game, f)
			}
			held[f] = true
		}
	}
	for _, f := range engine.Factions {
		if !held[f] {
			return fmt.Errorf("game %d: nobody holds %s", r.Game, f)
		}
	}
	return nil
}

// Status says whether a result counts for points and ratings.
type Status int

const (
	// Rated results count for points and ratings.
	Rated Status = iota
	// Abandoned games count for neither.
	Abandoned
	// NotDistinct results, where a member held two seats or a seat had no
	// member, count for neither: nobody can win against themselves or an
	// empty chair. An AI level is one player: two seats of the same
	// level are not distinct.
	NotDistinct
	// WithAI results had a seat held by the AI in a league that did not
	// rate the AI: they count for neither.
	WithAI
)

func (s Status) String() string {
	switch s {
	case Rated:
		return "rated"
	case Abandoned:
		return "abandoned"
	case NotDistinct:
		return "unrated: seats not held by distinct members"
	case WithAI:
		return "unrated: the league does not rate AI seats"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Status says whether r counts.
func (r Result) Status() Status {
	if r.Abandoned {
		return Abandoned
	}
	if !r.RateAI && slices.ContainsFunc(r.Seats, func(s Seat) bool { return s.AI }) {
		return WithAI
	}
	seen := make(map[string]bool, len(r.Seats))
	for _, s := range r.Seats {
		if s.Player == "" || seen[s.Player] {
			return NotDistinct
		}
		seen[s.Player] = true
	}
	return Rated
}

// players lists the distinct players seated in r: its members, and the
// AI levels when the league rated them.
func (r Result) players() []string {
	var out []string
	seen := make(map[string]bool, len(r.Seats))
	for _, s := range r.Seats {
		if s.AI && !r.RateAI {
			continue // an AI the league does not rate has no line
		}
		if s.Player != "" && !seen[s.Player] {
			seen[s.Player] = true
			out = append(out, s.Player)
		}
	}
	return out
}

func factionNames(fs []engine.Faction) string {
	s := ""
	for i, f := range fs {
		if i > 0 {
			s += "+"
		}
		s += f.String()
	}
	return s
}
