package main

import (
	"context"
	"errors"
	"fmt"
	"os/user"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// storedTable is a console game kept in SQLite: every decision is recorded
// durably before the console goes on, so quitting or a crash loses nothing.
type storedTable struct {
	st     *db.Store
	id     int64
	g      *engine.Game
	seq    int64
	player string
}

func (t *storedTable) Game() *engine.Game { return t.g }

func (t *storedTable) Do(f engine.Faction, choice string) error {
	a, err := t.st.Apply(context.Background(), t.id, db.Decision{ExpectSeq: t.seq, Faction: f, Choice: choice, Player: t.player})
	if err != nil {
		return err
	}
	t.seq = a.Seq
	return t.g.Do(f, choice)
}

func (t *storedTable) Undo(f engine.Faction) error {
	a, err := t.st.Undo(context.Background(), t.id, db.Decision{ExpectSeq: t.seq, Faction: f, Player: t.player})
	if err != nil {
		return err
	}
	t.seq = a.Seq
	return t.g.Undo(f)
}

func (t *storedTable) Transfer(tr engine.Transfer) error {
	a, err := t.st.Transfer(context.Background(), t.id, db.Decision{ExpectSeq: t.seq, Faction: tr.From, Player: t.player}, tr)
	if err != nil {
		return err
	}
	t.seq = a.Seq
	return t.g.Transfer(tr)
}

// openConsoleGame resumes the active console game called name, or creates
// it from cfg. It reports whether the game was resumed.
func openConsoleGame(st *db.Store, name string, cfg engine.Config, seats map[engine.Faction]string) (*storedTable, bool, error) {
	ctx := context.Background()
	place := "console:" + name
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
	g, err := st.Load(ctx, id)
	if err != nil {
		return nil, false, fmt.Errorf("game %q: %w", name, err)
	}
	return &storedTable{st: st, id: id, g: g.Engine, seq: g.Seq, player: player}, resumed, nil
}

// abandonConsoleGame marks the active console game called name abandoned,
// if there is one; its rows stay in the database.
func abandonConsoleGame(st *db.Store, name string) error {
	ctx := context.Background()
	id, err := st.ActiveGame(ctx, "console:"+name)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return st.SetStatus(ctx, id, db.Abandoned)
}
