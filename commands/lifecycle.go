package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// View is game id as stored now. Its Engine is the store's, shared: read
// it, never change it.
func (t *Tables) View(ctx context.Context, id int64) (*db.Game, error) {
	return t.store.View(ctx, id)
}

// ViewActive is View of place's active game (db.Store.ViewActive).
func (t *Tables) ViewActive(ctx context.Context, place string) (*db.Game, error) {
	return t.store.ViewActive(ctx, place)
}

// Pass answers faction f's decision with Pass because its deadline passed:
// only while the game still waits on that decision (at decision seq) and
// Pass is legal there. Its key makes a second deadline Pass a duplicate.
func (t *Tables) Pass(ctx context.Context, id int64, f engine.Faction, seq int64) (Change, error) {
	g, err := t.store.View(ctx, id)
	if err != nil {
		return Change{}, err
	}
	p := g.Engine.Prompt()
	if g.Seq != seq || p == nil || p.Faction != f || !IsActionChoice(p) || !p.Has("pass") {
		return Change{}, fmt.Errorf("game %d: the decision is no longer pending, or Pass is not legal", id)
	}
	return t.Decide(ctx, Move{Game: id, Seq: seq, Key: fmt.Sprintf("deadline:%d", seq)}, f, "pass")
}

// Abandon stops game id unfinished, for the bot's operator (the console),
// who answers to no table rule. Its end, and its league result for a league
// game, are recorded as one.
func (t *Tables) Abandon(ctx context.Context, id int64) (Change, error) {
	// Read first: the store replays an abandoned game from its seed at
	// its next load. A game that no longer loads may be abandoned all the
	// same; its Change then has no game.
	g, viewErr := t.store.View(ctx, id)
	var err error
	if viewErr == nil && g.Status == db.Active {
		// Recorded in the game's events like a member's abandon.
		err = t.store.AbandonBy(ctx, id, nil, db.Event{Action: "abandoned", Detail: "by the bot's operator"})
	} else {
		err = t.store.SetStatus(ctx, id, db.Abandoned)
	}
	if err != nil {
		return Change{}, err
	}
	ch := Change{Game: id, Abandoned: true}
	if viewErr == nil {
		ch.Seq, ch.Before, ch.After = g.Seq, g.Engine, g.Engine
	}
	return ch, nil
}

// Unannounced lists the games played in Discord channels whose end has not
// been announced yet, for a pass at startup.
func (t *Tables) Unannounced(ctx context.Context) ([]db.Info, error) {
	all, err := t.store.Unannounced(ctx)
	if err != nil {
		return nil, err
	}
	var out []db.Info
	for _, i := range all {
		if !IsConsolePlace(i.Place) {
			out = append(out, i)
		}
	}
	return out, nil
}

// Announced records that game id's end has been shown where it was played.
func (t *Tables) Announced(ctx context.Context, id int64) error {
	return t.store.SetAnnounced(ctx, id)
}

// consolePrefix begins the place of a game played in the console.
const consolePrefix = "console:"

// ConsolePlace is the place of the console game called name.
func ConsolePlace(name string) string { return consolePrefix + name }

// IsConsolePlace reports whether place is a console game's.
func IsConsolePlace(place string) bool { return strings.HasPrefix(place, consolePrefix) }
