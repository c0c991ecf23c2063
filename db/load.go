package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/chinaswar/chinaswar/engine"
)

// Game is a stored game as loaded: its record, its seats and its engine
// state after Seq decisions. From Load, Engine is the caller's own copy:
// changing it does not change the store. From View, it is the store's
// shared game, to be read only.
type Game struct {
	Info
	Seats  map[engine.Faction]Seat
	Engine *engine.Game
}

// View is Load without the copy: the Game's Engine is the store's own,
// shared with other callers, and must not be changed (Clone it first).
func (s *Store) View(ctx context.Context, id int64) (*Game, error) {
	return s.load(ctx, id, false)
}

// Load reads game id: the latest snapshot plus the decisions after it. The
// first load of a game after Open replays it from its seed instead and
// checks every snapshot, so a rules change that alters stored games is
// caught before anyone plays on: that, or unreadable data, is ErrDiverged or
// ErrCorrupt, and an active game is marked Broken with every row kept.
// A game in the store's memory is copied rather than read again.
func (s *Store) Load(ctx context.Context, id int64) (*Game, error) {
	return s.load(ctx, id, true)
}

// activeQuery reads a place's active game with its seats in one
// statement, so without a transaction: a row of the game's record (kind
// 0), then a row per seat (kind 1). A join would repeat the record on
// every seat's row, which costs SQLite more than this does.
const activeQuery = `SELECT 0, ` + infoColumns + `, '', '', '' FROM games WHERE place = ?1 AND status = 'active'
	UNION ALL SELECT 1, 0, '', '', '', 0, '', '', '', '', 0, 0, 0, '', 0, faction, player, name FROM seats
	WHERE game = (SELECT id FROM games WHERE place = ?1 AND status = 'active')`

// ViewActive is View of place's active game (ActiveGame): a click's way to
// its game. When the store has the game in memory and up to date, that is
// one statement.
func (s *Store) ViewActive(ctx context.Context, place string) (*Game, error) {
	rows, err := s.r.QueryContext(ctx, activeQuery, place)
	if err != nil {
		return nil, fmt.Errorf("active game in %q: %w", place, err)
	}
	defer rows.Close()
	var info Info
	found := false
	seats := map[engine.Faction]Seat{}
	for rows.Next() {
		var kind int
		var faction string
		var seat Seat
		i, err := scanInfo(func(dest ...any) error {
			return rows.Scan(append(append([]any{&kind}, dest...), &faction, &seat.Player, &seat.Name)...)
		})
		if err != nil {
			return nil, fmt.Errorf("active game in %q: %w", place, err)
		}
		if kind == 0 {
			info, found = i, true
			continue
		}
		f, err := engine.ParseFaction(faction)
		if err != nil {
			return nil, fmt.Errorf("active game in %q: %w: seat: %v", place, ErrCorrupt, err)
		}
		seats[f] = seat
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("active game in %q: %w", place, err)
	}
	if !found {
		return nil, fmt.Errorf("no active game in %q: %w", place, ErrNotFound)
	}
	if e := s.cached(info.ID); e != nil && e.seq == info.Seq {
		return &Game{Info: info, Seats: seats, Engine: e.g}, nil
	}
	// Not in memory, or behind the database (another process wrote): read
	// it as View does, the record again with the rest.
	return s.load(ctx, info.ID, false)
}

func (s *Store) load(ctx context.Context, id int64, copied bool) (*Game, error) {
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	defer tx.Rollback()
	info, err := readInfo(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	seats, err := readSeats(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	var g *engine.Game
	if e := s.cached(id); e != nil && e.seq == info.Seq {
		g = e.g
	} else {
		var e *entry
		if e, err = s.loadEngine(ctx, tx, info); err == nil {
			s.keep(id, e)
			g = e.g
		}
	}
	// End the read before marking the game, which writes.
	if rerr := tx.Rollback(); err == nil && rerr != nil {
		return nil, fmt.Errorf("game %d: %w", id, rerr)
	}
	if err != nil {
		if isBroken(err) && info.Status == Active {
			err = errors.Join(err, s.markBroken(ctx, id, err))
		}
		return nil, err
	}
	if copied {
		g = g.Clone()
	}
	return &Game{Info: info, Seats: seats, Engine: g}, nil
}

// isBroken reports whether err means the stored game itself is bad, rather
// than that reading it failed.
func isBroken(err error) bool {
	return errors.Is(err, ErrDiverged) || errors.Is(err, ErrCorrupt)
}

// markBroken stops an active game that does not replay, keeping its rows.
func (s *Store) markBroken(ctx context.Context, id int64, cause error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: marking it broken: %w", id, err)
	}
	defer tx.Rollback()
	if err := setBroken(ctx, tx, id, cause); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("game %d: marking it broken: %w", id, err)
	}
	return nil
}

func setBroken(ctx context.Context, tx *sql.Tx, id int64, cause error) error {
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'broken', problem = ?, updated = ? WHERE id = ? AND status = 'active'`,
		cause.Error(), now().UnixMilli(), id); err != nil {
		return fmt.Errorf("game %d: marking it broken: %w", id, err)
	}
	// A broken game waits for nothing until it is made active again.
	if _, err := tx.ExecContext(ctx, `DELETE FROM waiting WHERE game = ?`, id); err != nil {
		return fmt.Errorf("game %d: marking it broken: %w", id, err)
	}
	return nil
}

// loadEngine rebuilds the engine game of info, as an entry to keep.
func (s *Store) loadEngine(ctx context.Context, q querier, info Info) (*entry, error) {
	s.rebuilt.Add(1)
	if !s.isVerified(info.ID) {
		e, rep, err := replayFromSeed(ctx, q, info)
		if err != nil {
			return nil, err
		}
		if err := rep.err(); err != nil {
			return nil, err
		}
		s.setVerified(info.ID)
		return e, nil
	}
	sns, err := readSnapshots(ctx, q, info.ID, true)
	if err != nil {
		return nil, err
	}
	e := &entry{seq: info.Seq}
	if len(sns) == 0 {
		if e.g, err = newGame(info); err != nil {
			return nil, fmt.Errorf("game %d: %w: setting it up from its seed fails: %v", info.ID, ErrDiverged, err)
		}
	} else {
		e.snap = sns[0].seq
		if e.g, e.logged, err = sns[0].restore(ctx, q, info.ID); err != nil {
			return nil, err
		}
	}
	recs, err := readRecords(ctx, q, info.ID, e.snap)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if err := r.applyTo(e.g); err != nil {
			return nil, fmt.Errorf("game %d: %w: %s does not replay: %v", info.ID, ErrDiverged, &r, err)
		}
	}
	return e, nil
}

// entry returns the game in memory, loading it when it is missing or behind
// the database (another process wrote). tx is the caller's write
// transaction, so what it reads cannot change before the caller commits.
func (s *Store) entry(ctx context.Context, tx *sql.Tx, info Info) (*entry, error) {
	if e := s.cached(info.ID); e != nil && e.seq == info.Seq {
		return e, nil
	}
	s.forget(info.ID)
	e, err := s.loadEngine(ctx, tx, info)
	if err != nil {
		return nil, err
	}
	s.keep(info.ID, e)
	return e, nil
}
