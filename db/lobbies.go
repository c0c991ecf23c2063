package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// ErrTooManyLobbies is a lobby refused because its host, or its server,
// has as many open lobbies as allowed (LobbyLimits).
var ErrTooManyLobbies = errors.New("too many open lobbies")

// Lobby is a game to open in its lobby.
type Lobby struct {
	Place  string
	Guild  string // the Discord server; "" outside one
	Config engine.Config
	Host   string
	League int64 // the league it reports to; 0 for none
}

// LobbyLimits caps the lobbies open (not started, active) at once: per
// host, and per server (Guild). 0 is no cap.
type LobbyLimits struct {
	PerHost, PerGuild int
}

// OpenLobby opens a new game in l.Place in its lobby: it takes no decision
// until StartBy. A league game is linked to its league in the same
// transaction. It is refused when l's host or server has lim's open
// lobbies already (ErrTooManyLobbies); the count and the creation are one
// transaction.
func (s *Store) OpenLobby(ctx context.Context, l Lobby, lim LobbyLimits) (_ int64, err error) {
	defer func() { err = diskFull(err) }()
	deck, err := storedDeck(l.Config.Deck)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	t := now()
	info := Info{Place: l.Place, Scenario: l.Config.Scenario, Options: l.Config.Options.String(), Seed: l.Config.Seed,
		Deck: deck, Engine: engine.Version, Status: Active, Created: t, Updated: t, Lobby: true, Host: l.Host}
	g, err := newGame(info)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	defer tx.Rollback()
	for _, c := range []struct {
		cap   int
		where string
		arg   string
		whose string
	}{{lim.PerHost, "host = ?", l.Host, "its host"}, {lim.PerGuild, "guild = ?", l.Guild, "the server"}} {
		if c.cap <= 0 || c.arg == "" {
			continue
		}
		// Of two lobbies opened at once, the second counts the first.
		if err := s.lockName(ctx, tx, "lobbies: "+c.where+c.arg); err != nil {
			return 0, fmt.Errorf("create game: counting lobbies: %w", err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE lobby = 1 AND status = 'active' AND `+c.where, c.arg).Scan(&n); err != nil {
			return 0, fmt.Errorf("create game: counting lobbies: %w", err)
		}
		if n >= c.cap {
			return 0, fmt.Errorf("create game: %w: %s has %d of %d", ErrTooManyLobbies, c.whose, n, c.cap)
		}
	}
	if err := s.createIn(ctx, tx, &info, g, nil, l.League); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET guild = ? WHERE id = ?`, l.Guild, info.ID); err != nil {
		s.forget(info.ID)
		return 0, fmt.Errorf("create game: %w", err)
	}
	if err := writeEvent(ctx, tx, Event{Game: info.ID, At: t, Actor: l.Host, Action: "opened"}); err != nil {
		s.forget(info.ID)
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		s.forget(info.ID)
		return 0, fmt.Errorf("create game: %w", err)
	}
	return info.ID, nil
}

// ExpireLobbies abandons every lobby opened before cutoff that never
// started, each with its end (finish) and an "expired" event, and returns
// the places they were opened in, by game id.
func (s *Store) ExpireLobbies(ctx context.Context, cutoff time.Time) (map[int64]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, place FROM games WHERE lobby = 1 AND status = 'active' AND created < ?`, cutoff.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("expire lobbies: %w", err)
	}
	old := map[int64]string{}
	for rows.Next() {
		var id int64
		var place string
		if err := rows.Scan(&id, &place); err != nil {
			rows.Close()
			return nil, fmt.Errorf("expire lobbies: %w", err)
		}
		old[id] = place
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("expire lobbies: %w", err)
	}
	done := map[int64]string{}
	for id, place := range old {
		ev := Event{Action: "expired", Detail: "the lobby never started"}
		err := s.abandonBy(ctx, id, nil, ev, true)
		switch {
		case errors.Is(err, ErrNotActive), errors.Is(err, ErrStarted):
			continue // started or abandoned meanwhile
		case err != nil:
			return done, err
		}
		done[id] = place
	}
	return done, nil
}
