package league

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// Entry is one result as the league counted it.
type Entry struct {
	Result Result
	Status Status
	// Changes are the seats' rating changes, in seat order; nil unless the
	// result is rated.
	Changes []Change
	// Factions are the faction ratings after this result.
	Factions [engine.NumFactions]openskill.Rating
}

// Book is a league's results in rating order with the ratings they lead to.
type Book struct {
	entries []Entry
	ratings *Ratings
	games   map[int64]bool
}

// NewBook starts an empty league.
func NewBook(m openskill.Model) *Book {
	return &Book{ratings: NewRatings(m), games: map[int64]bool{}}
}

// Recompute rates a league from scratch: the results in order of end time,
// then game id. The input order does not matter and the input is not
// modified. A corrected result is one recompute away.
func Recompute(m openskill.Model, results []Result) (*Book, error) {
	sorted := slices.Clone(results)
	slices.SortFunc(sorted, compareResults)
	b := NewBook(m)
	for _, r := range sorted {
		if err := b.Add(r); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// compareResults is the rating order: end time, then game id, so results
// that ended at the same instant still have one order.
func compareResults(a, b Result) int {
	if c := a.Ended.Compare(b.Ended); c != 0 {
		return c
	}
	return cmp.Compare(a.Game, b.Game)
}

// Add counts one more result, the way a running league does when a game
// ends. It must come after every result already counted (else the league
// must be recomputed) and must not repeat a game.
func (b *Book) Add(r Result) error {
	if b.games[r.Game] {
		return fmt.Errorf("game %d is already counted; correct it by recomputing", r.Game)
	}
	if n := len(b.entries); n > 0 && compareResults(r, b.entries[n-1].Result) < 0 {
		return fmt.Errorf("game %d ended before game %d, already counted: recompute the league",
			r.Game, b.entries[n-1].Result.Game)
	}
	changes, err := b.ratings.Apply(r)
	if err != nil {
		return fmt.Errorf("league: %w", err)
	}
	b.games[r.Game] = true
	b.entries = append(b.entries, Entry{Result: r, Status: r.Status(), Changes: changes, Factions: b.ratings.Factions})
	return nil
}

// Entries are the counted results in rating order. The slice is the book's:
// read it, do not change it.
func (b *Book) Entries() []Entry { return b.entries }

// Ratings are the current ratings: after the last result. Read them, do not
// change them (Clone first).
func (b *Book) Ratings() *Ratings { return b.ratings }

// Point is a member's rating after one of their rated games.
type Point struct {
	Game   int64            `json:"game"`
	Ended  time.Time        `json:"ended"`
	Rating openskill.Rating `json:"rating"`
}

// History is a member's rating after each of their rated games, in order.
func (b *Book) History(player string) []Point {
	var out []Point
	for _, e := range b.entries {
		for _, c := range e.Changes {
			if c.Player == player {
				out = append(out, Point{Game: e.Result.Game, Ended: e.Result.Ended, Rating: c.After})
			}
		}
	}
	return out
}

// lastOf is the index of the last entry of season (0: of every season), or
// -1 when it has none.
func (b *Book) lastOf(season int) int {
	for i := len(b.entries) - 1; i >= 0; i-- {
		if season == 0 || b.entries[i].Result.Season == season {
			return i
		}
	}
	return -1
}

// Rate rates a league with the league's rating model, OpenSkill's defaults
// (Recompute).
func Rate(results []Result) (*Book, error) {
	return Recompute(openskill.Default(), results)
}
