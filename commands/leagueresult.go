package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/chinaswar/chinaswar/commands/league"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// LeagueSeats are a game's seats as the engine ranks them (7.1): one per
// team of its teams= option (1.5: the factions share victory, and the
// member holding them is placed by the lower margin), one per faction
// otherwise. A member holding two factions without teams= thus holds two
// seats, and a faction nobody holds is a seat without a member: either makes
// the result unrated (league.NotDistinct), as a hot-seat game should be.
func LeagueSeats(options string, held map[engine.Faction]db.Seat) []league.Seat {
	teams := engine.Options{}.Players()
	if opts, err := engine.ParseOptions(options); err == nil {
		teams = opts.Players()
	}
	seats := make([]league.Seat, 0, len(teams))
	for _, team := range teams {
		p := held[team[0]].Player
		for _, f := range team[1:] {
			if held[f].Player != p {
				p = "" // a team split between members: nobody's seat
			}
		}
		seats = append(seats, league.Seat{Player: p, Factions: append([]engine.Faction(nil), team...), AI: IsAIPlayer(p)})
	}
	slices.SortFunc(seats, func(a, b league.Seat) int { return cmp.Compare(a.Factions[0], b.Factions[0]) })
	return seats
}

// rankLeague is the store's league rules: how a league game that ended
// (or was abandoned) is ranked, in the transaction that ends it.
func rankLeague(e db.Ending) (db.LeagueResult, error) {
	seats := LeagueSeats(e.Game.Options, e.Seats)
	var r league.Result
	var err error
	switch {
	case e.Result != nil:
		r, err = league.NewResult(e.Game.ID, e.League.Season, e.Ended, e.Result.Margins, seats)
	case e.Forfeit != "":
		r, err = league.NewForfeit(e.Game.ID, e.League.Season, e.Ended, e.Margins, seats, e.Forfeit)
	default:
		r, err = league.NewAbandoned(e.Game.ID, e.League.Season, e.Ended, seats)
	}
	if err != nil {
		return db.LeagueResult{}, err
	}
	out := db.LeagueResult{Game: r.Game, League: e.League.ID, Season: r.Season, Ended: r.Ended,
		Abandoned: r.Abandoned, Forfeit: r.Forfeit, RateAI: e.League.RateAI, Margins: r.Margins, Seats: make([]db.LeagueSeat, len(r.Seats))}
	for i, s := range r.Seats {
		out.Seats[i] = db.LeagueSeat{Player: s.Player, Factions: s.Factions, Place: s.Place}
	}
	return out, nil
}

// LeagueResults are stored results as the league package reads them.
func LeagueResults(stored []db.LeagueResult) []league.Result {
	out := make([]league.Result, len(stored))
	for i, r := range stored {
		seats := make([]league.Seat, len(r.Seats))
		for j, s := range r.Seats {
			seats[j] = league.Seat{Player: s.Player, Factions: s.Factions, Place: s.Place, AI: IsAIPlayer(s.Player)}
		}
		out[i] = league.Result{Game: r.Game, Season: r.Season, Ended: r.Ended, Abandoned: r.Abandoned, Forfeit: r.Forfeit,
			RateAI: r.RateAI, Margins: r.Margins, Seats: seats}
	}
	return out
}

// LeagueNote says what a game's end meant for its league, from the result
// stored when it ended; "" for a game outside leagues.
func (t *Tables) LeagueNote(ctx context.Context, game int64) (string, error) {
	l, ok, err := t.store.GameLeague(ctx, game)
	if err != nil || !ok {
		return "", err
	}
	stored, err := t.store.LeagueResults(ctx, l.ID)
	if err != nil {
		return "", err
	}
	i := slices.IndexFunc(stored, func(r db.LeagueResult) bool { return r.Game == game })
	if i < 0 {
		return "", fmt.Errorf("game %d: %w", game, errNoResult)
	}
	r := LeagueResults(stored[i : i+1])[0]
	if st := r.Status(); st != league.Rated {
		return fmt.Sprintf("League **%s**, season %d: the game is listed but %s; it changes no points or ratings.", l.Name, r.Season, st), nil
	}
	if r.Forfeit != "" {
		return fmt.Sprintf("League **%s**, season %d: <@%s> forfeited and ranks last; the others are ranked by the board as it stood. The result is recorded and rated. `/league standings name:%s`", l.Name, r.Season, r.Forfeit, l.Name), nil
	}
	return fmt.Sprintf("League **%s**, season %d: the result is recorded and rated. `/league standings name:%s`", l.Name, r.Season, l.Name), nil
}

// errNoResult: a league game ended without its result, which the store
// records in the same transaction; only a damaged database shows it.
var errNoResult = errors.New("the league game has no stored result")
