package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// The end of a game, finished by the rules or abandoned, is recorded in the
// transaction that ends it: its status, the clearing of its turn message
// and reminders, its league result, and a mark that its end is still to be
// announced. So nothing that follows from the end can be lost to a crash or
// a failed message after the commit.

// Ending is a league game at its end, for the league rules that rank it.
type Ending struct {
	Game   Info
	Seats  map[engine.Faction]Seat
	League League
	Ended  time.Time
	// Result is how the rules ended the game; nil when it was abandoned.
	Result *engine.Result
	// Forfeit is the member who left or abandoned the started game, and
	// Margins the victory margins (7.3) at that moment; "" when the game
	// was played out or stopped by a moderator.
	Forfeit string
	Margins [engine.NumFactions]int
}

// Forfeit is a started game left or abandoned by Member, with the victory
// margins (7.3) as they stood.
type Forfeit struct {
	Member  string
	Margins [engine.NumFactions]int
}

// LeagueRules turns a league game's end into the result stored for it.
type LeagueRules func(Ending) (LeagueResult, error)

// errNoLeagueRules: a league game ended in a store nobody told how to rank
// it (SetLeagueRules), which would lose its result.
var errNoLeagueRules = errors.New("a league game ended, but the store has no league rules to rank it")

// SetLeagueRules says how the store ranks a league game when it ends. A
// league game cannot end in a store without them.
func (s *Store) SetLeagueRules(r LeagueRules) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = r
}

func (s *Store) leagueRules() LeagueRules {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rules
}

// finish records, in tx, what follows the end of game info: g is the game
// as the rules ended it, nil when it was abandoned.
func (s *Store) finish(ctx context.Context, tx *sql.Tx, info Info, g *engine.Game, at time.Time) error {
	return s.finishWith(ctx, tx, info, g, nil, at)
}

// finishWith is finish for a game that forfeit, when not nil, ended.
func (s *Store) finishWith(ctx context.Context, tx *sql.Tx, info Info, g *engine.Game, forfeit *Forfeit, at time.Time) error {
	if err := endGame(ctx, tx, info.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET announced = 0 WHERE id = ?`, info.ID); err != nil {
		return fmt.Errorf("game %d: %w", info.ID, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM deadline_votes WHERE game = ?`, info.ID); err != nil {
		return fmt.Errorf("game %d: clearing deadline votes: %w", info.ID, err)
	}
	l, err := readLeague(ctx, tx, `l.id = (SELECT league FROM league_games WHERE game = ?)`, info.ID)
	if errors.Is(err, ErrNoLeague) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("game %d: league: %w", info.ID, err)
	}
	rules := s.leagueRules()
	if rules == nil {
		return fmt.Errorf("game %d: %w", info.ID, errNoLeagueRules)
	}
	seats, err := readSeats(ctx, tx, info.ID)
	if err != nil {
		return err
	}
	e := Ending{Game: info, Seats: seats, League: l, Ended: at}
	if g != nil {
		e.Result = g.State().Result
	}
	if forfeit != nil {
		e.Forfeit, e.Margins = forfeit.Member, forfeit.Margins
	}
	r, err := rules(e)
	if err != nil {
		return fmt.Errorf("game %d: ranking it for league %d: %w", info.ID, l.ID, err)
	}
	return writeLeagueResult(ctx, tx, r)
}

// Unannounced lists the games whose end has not been announced yet, oldest
// first.
func (s *Store) Unannounced(ctx context.Context) ([]Info, error) {
	list, err := s.infos(ctx, infoQuery+` WHERE announced = 0 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("unannounced games: %w", err)
	}
	return list, nil
}

// SetAnnounced records that game id's end has been announced.
func (s *Store) SetAnnounced(ctx context.Context, id int64) error {
	if _, err := s.w.ExecContext(ctx, `UPDATE games SET announced = 1 WHERE id = ?`, id); err != nil {
		return fmt.Errorf("game %d: announced: %w", id, err)
	}
	return nil
}
