package commands

import (
	"context"
	"errors"
	"fmt"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// Tables is the one way a stored game changes, whatever asks for it: a
// click, /do, /undo, /give, the deadline's Pass, the console or a computer
// player. Each change is one call that returns a Change; the store applies
// the decision once, inside the transaction that records it and everything
// that follows from it (the game's end, its league result), and hands back
// the game. Callers draw the Change; they keep no copy of the game.
type Tables struct {
	store *db.Store
}

// NewTables serves the games of st, and tells st how league games are
// ranked when they end.
func NewTables(st *db.Store) *Tables {
	st.SetLeagueRules(rankLeague)
	return &Tables{store: st}
}

// Move says who changes which game, at which point of it.
type Move struct {
	Game int64
	// Seq is the game's decision count the player saw; a move made against
	// an older count is refused (db.ErrStale).
	Seq    int64
	Player string // who, for the record; "" for the bot itself
	// Key makes the move idempotent (a Discord interaction id); "" for none.
	Key string
}

// Change is what one call did to a game.
type Change struct {
	Game int64
	Seq  int64 // the game's decision count after the change
	// Before and After are the game as it was and as it is. They are the
	// store's, shared: read them, never change them (Clone first).
	Before, After *engine.Game
	Entries       []engine.Entry // the log lines the change added
	Applied       []Applied      // the choices made, for Decide and scripts
	// Forced are the answers the engine applied on its own after the
	// choices made, each the only legal one, oldest first: the player is
	// told of them.
	Forced []engine.Forced
	Undo   bool // the change took a decision back
	// Over says the change ended the game by the rules; Result is then its
	// final ranking (7.1). The end and any league result are recorded.
	Over   bool
	Result *engine.Result
	// Abandoned says the change stopped the game unfinished.
	Abandoned bool
}

// ErrAlreadyApplied is a move delivered again after it was applied: its
// key was used already. Nothing was changed, and its effects were shown.
var ErrAlreadyApplied = errors.New("this was already applied")

// StoreError is a move the store did not take (stale, refused by the
// rules, a game no longer active, a storage failure), as opposed to a
// script that could not be read.
type StoreError struct{ Err error }

func (e *StoreError) Error() string { return e.Err.Error() }
func (e *StoreError) Unwrap() error { return e.Err }

// Decide answers faction f's decision with choice (an engine.Choice ID).
func (t *Tables) Decide(ctx context.Context, m Move, f engine.Faction, choice string) (Change, error) {
	a, err := t.store.Apply(ctx, m.Game, m.decision(f, choice))
	ch, err := t.change(m, a, err)
	if err == nil {
		ch.Applied = []Applied{{Faction: f, Choice: choiceOf(ch.Before, choice)}}
		ch.Forced = ch.After.Forced()
	}
	return ch, err
}

// Undo takes back faction f's last decision within its current action.
func (t *Tables) Undo(ctx context.Context, m Move, f engine.Faction) (Change, error) {
	a, err := t.store.Undo(ctx, m.Game, m.decision(f, ""))
	ch, err := t.change(m, a, err)
	ch.Undo = err == nil
	return ch, err
}

// Give makes a voluntary transfer (1.5.2), the one move a faction may make
// out of turn.
func (t *Tables) Give(ctx context.Context, m Move, tr engine.Transfer) (Change, error) {
	a, err := t.store.Transfer(ctx, m.Game, m.decision(tr.From, ""), tr)
	return t.change(m, a, err)
}

// Retried reports whether a move with m's key was applied already, as a
// decision (or, with undo, an undo) of faction f: a second delivery, to be
// left unanswered. It changes nothing: with an outdated m.Seq anything but
// a repeat is refused as stale before anything is written.
func (t *Tables) Retried(ctx context.Context, m Move, f engine.Faction, choice string, undo bool) bool {
	var err error
	if undo {
		_, err = t.Undo(ctx, m, f)
	} else {
		_, err = t.Decide(ctx, m, f, choice)
	}
	return errors.Is(err, ErrAlreadyApplied)
}

func (m Move) decision(f engine.Faction, choice string) db.Decision {
	return db.Decision{ExpectSeq: m.Seq, Faction: f, Choice: choice, Player: m.Player, Key: m.Key}
}

// change makes the Change of a move the store answered with a and err.
func (t *Tables) change(m Move, a db.Applied, err error) (Change, error) {
	switch {
	case errors.Is(err, db.ErrDuplicate), err == nil && a.Duplicate:
		return Change{}, &StoreError{fmt.Errorf("game %d: %w", m.Game, ErrAlreadyApplied)}
	case err != nil:
		return Change{}, &StoreError{err}
	}
	return between(m.Game, a.Seq, a.Before, a.Game), nil
}

// between is the change from game before to game after.
func between(id, seq int64, before, after *engine.Game) Change {
	ch := Change{Game: id, Seq: seq, Before: before, After: after}
	if lb, la := before.Log(), after.Log(); len(la) > len(lb) {
		ch.Entries = la[len(lb):]
	}
	if after.Over() && !before.Over() {
		ch.Over, ch.Result = true, after.State().Result
	}
	return ch
}

// choiceOf is choice as g offered it.
func choiceOf(g *engine.Game, id string) engine.Choice {
	if p := g.Prompt(); p != nil {
		for _, c := range p.Choices {
			if c.ID == id {
				return c
			}
		}
	}
	return engine.Choice{ID: id, Label: id}
}
