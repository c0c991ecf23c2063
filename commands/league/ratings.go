package league

import (
	"fmt"
	"maps"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// Ratings are a league's learnt skills: one per member and one per faction.
type Ratings struct {
	Model    openskill.Model
	Players  map[string]openskill.Rating
	Factions [engine.NumFactions]openskill.Rating
}

// NewRatings starts a league where every member and faction is unknown.
func NewRatings(m openskill.Model) *Ratings {
	r := &Ratings{Model: m, Players: map[string]openskill.Rating{}}
	for _, f := range engine.Factions {
		r.Factions[f] = m.New()
	}
	return r
}

// Player is a member's rating; a member without rated games has the model's
// initial one.
func (r *Ratings) Player(id string) openskill.Rating {
	if p, ok := r.Players[id]; ok {
		return p
	}
	return r.Model.New()
}

// Clone copies r, so a caller can try a result without touching r.
func (r *Ratings) Clone() *Ratings {
	c := *r
	c.Players = maps.Clone(r.Players)
	return &c
}

// Change is how one game moved a member's rating.
type Change struct {
	Player string           `json:"player"`
	Before openskill.Rating `json:"before"`
	After  openskill.Rating `json:"after"`
}

// Apply counts one result: for a rated one it updates the seated members and
// the factions and returns each seat's change, in seat order; any other
// result changes nothing and returns nil.
func (r *Ratings) Apply(res Result) ([]Change, error) {
	if err := res.Validate(); err != nil {
		return nil, err
	}
	if res.Status() != Rated {
		return nil, nil
	}
	// Each seat is a team: the member with weight 1, and its factions with
	// weight 1/k between them (see the package comment).
	teams := make([][]openskill.Rating, len(res.Seats))
	weights := make([][]float64, len(res.Seats))
	ranks := make([]int, len(res.Seats))
	for i, s := range res.Seats {
		teams[i] = append(teams[i], r.Player(s.Player))
		weights[i] = append(weights[i], 1)
		w := 1 / float64(len(s.Factions))
		for _, f := range s.Factions {
			teams[i] = append(teams[i], r.Factions[f])
			weights[i] = append(weights[i], w)
		}
		ranks[i] = s.Place
	}
	rated, err := r.Model.RateWeighted(teams, weights, ranks)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", res.Game, err)
	}
	changes := make([]Change, len(res.Seats))
	for i, s := range res.Seats {
		changes[i] = Change{Player: s.Player, Before: teams[i][0], After: rated[i][0]}
		r.Players[s.Player] = rated[i][0]
		for j, f := range s.Factions {
			r.Factions[f] = rated[i][1+j]
		}
	}
	return changes, nil
}
