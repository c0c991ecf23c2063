package main

import (
	"context"
	"errors"
	"fmt"
	"os/user"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// storedTable is a console game kept in SQLite: every move goes through the
// table service and is recorded durably before the console goes on, so
// quitting or a crash loses nothing. The console shows the game's end as
// it happens, so an end counts as announced at once.
type storedTable struct {
	*commands.Session
	tables *commands.Tables
	id     int64
}

func (t *storedTable) Do(f engine.Faction, choice string) error {
	return t.ended(t.Session.Do(f, choice))
}

func (t *storedTable) Transfer(tr engine.Transfer) error {
	return t.ended(t.Session.Transfer(tr))
}

// ended marks the game's end announced once a move ended it.
func (t *storedTable) ended(err error) error {
	if err != nil || !t.Game().Over() {
		return err
	}
	return t.tables.Announced(context.Background(), t.id)
}

// openConsoleGame resumes the active console game called name, or creates
// it from cfg. It reports whether the game was resumed.
func openConsoleGame(st *db.Store, name string, cfg engine.Config, seats map[engine.Faction]string) (*storedTable, bool, error) {
	ctx := context.Background()
	place := commands.ConsolePlace(name)
	player := "console"
	if u, err := user.Current(); err == nil {
		player = u.Username
	}
	id, err := st.ActiveGame(ctx, place)
	resumed := err == nil
	switch {
	case errors.Is(err, db.ErrNotFound):
		s := map[engine.Faction]db.Seat{}
		for f, n := range seats {
			s[f] = db.Seat{Player: n, Name: n}
		}
		if id, err = st.Create(ctx, place, cfg, s); err != nil {
			return nil, false, err
		}
	case err != nil:
		return nil, false, err
	}
	tables := commands.NewTables(st)
	g, err := tables.View(ctx, id)
	if err != nil {
		return nil, false, fmt.Errorf("game %q: %w", name, err)
	}
	s := tables.Session(ctx, commands.Move{Game: id, Seq: g.Seq, Player: player}, g.Engine)
	return &storedTable{Session: s, tables: tables, id: id}, resumed, nil
}

// abandonConsoleGame marks the active console game called name abandoned,
// if there is one; its rows stay in the database.
func abandonConsoleGame(st *db.Store, name string) error {
	ctx := context.Background()
	id, err := st.ActiveGame(ctx, commands.ConsolePlace(name))
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	tables := commands.NewTables(st)
	if _, err := tables.Abandon(ctx, id); err != nil {
		return err
	}
	return tables.Announced(ctx, id)
}
