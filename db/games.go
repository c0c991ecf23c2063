package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Status is where a game stands.
type Status string

const (
	Active    Status = "active"    // being played; one per place
	Finished  Status = "finished"  // the game has ended
	Abandoned Status = "abandoned" // stopped by its players
	Broken    Status = "broken"    // was active, but stopped replaying (see Info.Problem)
)

// Info is a game's record.
type Info struct {
	ID       int64
	Place    string // a Discord channel id, or a local name in the console
	Scenario string
	Options  string // engine.Options.String(), which engine.ParseOptions reads
	Seed     uint64
	Deck     string // engine.Deck ID
	Engine   string // the rules version that created the game
	Status   Status
	Problem  string // why the game is broken
	Created  time.Time
	Updated  time.Time
	Seq      int64 // decisions in the log; a decision must name it (Decision.ExpectSeq)
	// Lobby is set while an active game waits for /game start (OpenLobby,
	// StartBy); no decision is taken until then.
	Lobby bool
	Host  string // the member who opened the game; "" when unknown
}

// Seat is the player holding a faction.
type Seat struct {
	Player string `json:"player"`         // e.g. a Discord user id
	Name   string `json:"name,omitempty"` // what people read
}

// querier is what reads need: a transaction of either pool.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// infoColumns are a game's record, as scanInfo reads it, from games.
const infoColumns = `id, place, scenario, options, seed, deck, engine, status, problem, created, updated, lobby, host,
	(SELECT COALESCE(MAX(seq), 0) FROM decisions WHERE game = games.id)`

const infoQuery = `SELECT ` + infoColumns + ` FROM games`

func scanInfo(scan func(...any) error) (Info, error) {
	var i Info
	var seed, created, updated int64
	err := scan(&i.ID, &i.Place, &i.Scenario, &i.Options, &seed, &i.Deck, &i.Engine, &i.Status, &i.Problem, &created, &updated, &i.Lobby, &i.Host, &i.Seq)
	i.Seed = uint64(seed)
	i.Created, i.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return i, err
}

func readInfo(ctx context.Context, q querier, id int64) (Info, error) {
	i, err := scanInfo(q.QueryRowContext(ctx, infoQuery+` WHERE id = ?`, id).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return i, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return i, fmt.Errorf("game %d: %w", id, err)
	}
	return i, nil
}

func readSeats(ctx context.Context, q querier, id int64) (map[engine.Faction]Seat, error) {
	rows, err := q.QueryContext(ctx, `SELECT faction, player, name FROM seats WHERE game = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("game %d: seats: %w", id, err)
	}
	defer rows.Close()
	seats := map[engine.Faction]Seat{}
	for rows.Next() {
		var name string
		var s Seat
		if err := rows.Scan(&name, &s.Player, &s.Name); err != nil {
			return nil, fmt.Errorf("game %d: seats: %w", id, err)
		}
		f, err := engine.ParseFaction(name)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w: seat: %v", id, ErrCorrupt, err)
		}
		seats[f] = s
	}
	return seats, rows.Err()
}

// now is the time stored for a change, at the precision stored, so that a
// value read back equals the one written.
func now() time.Time { return time.UnixMilli(time.Now().UnixMilli()).UTC() }

// Create starts a new game in place, which must have no active game
// (ErrPlaceTaken). cfg.Deck must be nil (the current stand-in deck) or an
// embedded one (engine.EmbeddedDeck): only those can be resumed after a
// restart.
func (s *Store) Create(ctx context.Context, place string, cfg engine.Config, seats map[engine.Faction]Seat) (int64, error) {
	return s.create(ctx, place, cfg, seats)
}

// create stores a new game, started, with seats.
func (s *Store) create(ctx context.Context, place string, cfg engine.Config, seats map[engine.Faction]Seat) (int64, error) {
	deck, err := storedDeck(cfg.Deck)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	t := now()
	info := Info{Place: place, Scenario: cfg.Scenario, Options: cfg.Options.String(), Seed: cfg.Seed,
		Deck: deck, Engine: engine.Version, Status: Active, Created: t, Updated: t}
	// Build the game from the stored form of its settings, so that every
	// later replay starts from exactly this game.
	g, err := newGame(info)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	defer tx.Rollback()
	if err := s.createIn(ctx, tx, &info, g, seats, 0); err != nil {
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		s.unverify(info.ID)
		return 0, fmt.Errorf("create game: %w", err)
	}
	return info.ID, nil
}

// createIn stores game g of info in tx (setting info.ID) and keeps it in
// the cache; the caller commits.
func (s *Store) createIn(ctx context.Context, tx *sql.Tx, info *Info, g *engine.Game, seats map[engine.Faction]Seat, league int64) error {
	if err := insertGame(ctx, tx, info, seats); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	if league != 0 {
		if err := linkLeague(ctx, tx, info.ID, league); err != nil {
			return fmt.Errorf("create game: %w", err)
		}
	}
	if !info.Lobby {
		if err := writeWaiting(ctx, tx, info.ID, 0, g, s.waitingSince()); err != nil {
			return fmt.Errorf("create game: %w", err)
		}
	}
	s.keep(info.ID, &entry{g: g})
	return nil
}

// storedDeck is the ID of the deck a new game is stored with: the current
// stand-in deck for nil, else d if it is embedded (a game resumes after a
// restart only with a deck the program holds).
func storedDeck(d *engine.Deck) (string, error) {
	if d == nil {
		return engine.DefaultDeck().ID, nil
	}
	if _, err := engine.EmbeddedDeck(d.ID); err != nil {
		return "", fmt.Errorf("only an embedded deck can be stored: %w", err)
	}
	return d.ID, nil
}

// newGame sets up the game recorded in info, before any decision, with the
// deck it was created with: the current one, or the earlier version of the
// cards it began under.
func newGame(info Info) (*engine.Game, error) {
	d, err := engine.EmbeddedDeck(info.Deck)
	if err != nil {
		return nil, fmt.Errorf("the game uses deck %s, which this program does not hold: %w", info.Deck, err)
	}
	opts, err := engine.ParseOptions(info.Options)
	if err != nil {
		return nil, err
	}
	return engine.New(engine.Config{Scenario: info.Scenario, Seed: info.Seed, Options: opts, Deck: d})
}

// insertGame writes a new game and its seats, setting info.ID. The caller
// holds the write transaction, so checking the place first cannot race.
func insertGame(ctx context.Context, tx *sql.Tx, info *Info, seats map[engine.Faction]Seat) error {
	if info.Status == Active {
		if err := placeFree(ctx, tx, info.Place); err != nil {
			return err
		}
	}
	err := tx.QueryRowContext(ctx, `INSERT INTO games (place, scenario, options, seed, deck, engine, status, created, updated, lobby, host)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, info.Place, info.Scenario, info.Options, int64(info.Seed), info.Deck,
		info.Engine, info.Status, info.Created.UnixMilli(), info.Updated.UnixMilli(), info.Lobby, info.Host).Scan(&info.ID)
	if err != nil {
		return unique(err, "games_one_active_per_place", ErrPlaceTaken)
	}
	for f, seat := range seats {
		if err := setSeat(ctx, tx, info.ID, f, seat); err != nil {
			return err
		}
	}
	return nil
}

func placeFree(ctx context.Context, tx *sql.Tx, place string) error {
	var other int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE place = ? AND status = 'active'`, place).Scan(&other)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return fmt.Errorf("%w: game %d is active in %q", ErrPlaceTaken, other, place)
}

// ActiveGame returns the id of the active game in place, or ErrNotFound.
func (s *Store) ActiveGame(ctx context.Context, place string) (int64, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, `SELECT id FROM games WHERE place = ? AND status = 'active'`, place).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("no active game in %q: %w", place, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("active game in %q: %w", place, err)
	}
	return id, nil
}

// List returns the games in place, oldest first; every game when place is "".
func (s *Store) List(ctx context.Context, place string) ([]Info, error) {
	list, err := s.infos(ctx, infoQuery+` WHERE ? = '' OR place = ? ORDER BY id`, place, place)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	return list, nil
}

// infos runs query, a select of infoQuery's columns, and reads its rows.
func (s *Store) infos(ctx context.Context, query string, args ...any) ([]Info, error) {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []Info
	for rows.Next() {
		i, err := scanInfo(rows.Scan)
		if err != nil {
			return nil, err
		}
		list = append(list, i)
	}
	return list, rows.Err()
}

// setSeat changes a seat, and the member the game waits for when it waits
// for that faction (the wait keeps its start: the decision is the same).
func setSeat(ctx context.Context, tx *sql.Tx, id int64, f engine.Faction, seat Seat) error {
	var err error
	if seat.Player == "" {
		_, err = tx.ExecContext(ctx, `DELETE FROM seats WHERE game = ? AND faction = ?`, id, f.String())
	} else {
		_, err = tx.ExecContext(ctx, `INSERT INTO seats (game, faction, player, name) VALUES (?, ?, ?, ?)
			ON CONFLICT (game, faction) DO UPDATE SET player = excluded.player, name = excluded.name`,
			id, f.String(), seat.Player, seat.Name)
	}
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE waiting SET player = ? WHERE game = ? AND faction = ?`, seat.Player, id, f.String())
	return err
}

// SetStatus abandons a game, or makes an abandoned or broken one active
// again (after a rules fix: it is replayed from its seed at its next load).
// Finished and Broken are set by the store itself.
func (s *Store) SetStatus(ctx context.Context, id int64, st Status) (err error) {
	defer func() { err = diskFull(err) }()
	if st != Active && st != Abandoned {
		return fmt.Errorf("game %d: status %q is set by the store itself", id, st)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: set status: %w", id, err)
	}
	defer tx.Rollback()
	info, err := s.lockInfo(ctx, tx, id)
	if err != nil {
		return err
	}
	if info.Status == Finished {
		return fmt.Errorf("game %d: %w: it is finished", id, ErrNotActive)
	}
	if st == Active && info.Status != Active {
		if err := placeFree(ctx, tx, info.Place); err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, problem = '', updated = ? WHERE id = ?`,
		st, now().UnixMilli(), id); err != nil {
		return fmt.Errorf("game %d: set status: %w", id, unique(err, "games_one_active_per_place", ErrPlaceTaken))
	}
	if st == Abandoned {
		if err := s.finish(ctx, tx, info, nil, now()); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("game %d: set status: %w", id, err)
	}
	s.unverify(id)
	if st == Active {
		// Replayed now, so that reminders find it without loading it.
		if err := s.fillOne(ctx, id); err != nil {
			return fmt.Errorf("game %d: active again, but: %w", id, err)
		}
	}
	return nil
}
