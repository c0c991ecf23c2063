package commands

import (
	"fmt"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// A game opens in its lobby, where members take and leave factions; it
// starts once every faction has a player and every team of its teams=
// option (1.5) is held by one member.

// FreeSeats are the factions of g nobody plays, in faction order.
func FreeSeats(g *db.Game) []engine.Faction {
	var free []engine.Faction
	for _, f := range engine.Factions {
		if s, ok := g.Seats[f]; !ok || s.Player == "" {
			free = append(free, f)
		}
	}
	return free
}

// SeatsError is a start refused for its seats: some are free, or a team
// of the teams= option is split between members.
type SeatsError struct {
	Free []engine.Faction // the factions nobody plays
	// Team is a team whose faction Split is not held by the member holding
	// the team's first faction.
	Team  []engine.Faction
	Split engine.Faction
}

func (e *SeatsError) Error() string {
	if len(e.Free) > 0 {
		return fmt.Sprintf("factions without a player: %v", e.Free)
	}
	return fmt.Sprintf("team %v is split: %s has another player", e.Team, e.Split)
}

// startable checks that g's lobby may end: *SeatsError when its seats do
// not allow it, db.ErrStarted when it has started already.
func (t *Tables) startable(g *db.Game) error {
	if !g.Lobby {
		return fmt.Errorf("game %d: %w", g.ID, db.ErrStarted)
	}
	if free := FreeSeats(g); len(free) > 0 {
		return &SeatsError{Free: free}
	}
	opts, err := engine.ParseOptions(g.Options)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	for _, team := range opts.Teams {
		for _, f := range team[1:] {
			if g.Seats[f].Player != g.Seats[team[0]].Player {
				return &SeatsError{Team: team, Split: f}
			}
		}
	}
	return nil
}
