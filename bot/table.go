package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// table is a channel's game as the bot sees it.
type table struct {
	*db.Game
	lobby bool // not started yet (the store's Info.Lobby)
}

// current loads the channel's active game, or errNoGame.
func (b *Bot) current(ctx context.Context, channel string) (*table, error) {
	id, err := b.store.ActiveGame(ctx, channel)
	if errors.Is(err, db.ErrNotFound) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, err
	}
	g, err := b.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	return &table{Game: g, lobby: g.Lobby}, nil
}

// viewable loads the game a lookup shows: the channel's active game, or
// else its latest game, with a note saying which.
func (b *Bot) viewable(ctx context.Context, channel string) (*db.Game, string, error) {
	t, err := b.current(ctx, channel)
	if err == nil {
		b.remember(channel, t.ID, t.Seq, t.Engine.Clone())
		return t.Game, "", nil
	}
	if !errors.Is(err, errNoGame) {
		return nil, "", err
	}
	list, err := b.store.List(ctx, channel)
	if err != nil {
		return nil, "", err
	}
	if len(list) == 0 {
		return nil, "", errNoGame
	}
	last := list[len(list)-1]
	g, err := b.store.Load(ctx, last.ID)
	if err != nil {
		return nil, "", err
	}
	return g, fmt.Sprintf("(The last game here, game %d, which is %s.)\n", last.ID, last.Status), nil
}

// seatsOf returns the factions user holds in g, in faction order.
func seatsOf(g *db.Game, user string) []engine.Faction {
	var out []engine.Faction
	for _, f := range engine.Factions {
		if s, ok := g.Seats[f]; ok && s.Player == user {
			out = append(out, f)
		}
	}
	return out
}

// holds reports whether user plays faction f in g.
func holds(g *db.Game, user string, f engine.Faction) bool {
	s, ok := g.Seats[f]
	return ok && s.Player != "" && s.Player == user
}

// who names the player of f for the channel: a mention, or "nobody".
func who(g *db.Game, f engine.Faction) string {
	if s, ok := g.Seats[f]; ok && s.Player != "" {
		return "<@" + s.Player + ">"
	}
	return "nobody"
}

// stored is a commands.Table whose decisions go through the store, each
// checked against the decision count the player saw and keyed by the
// interaction, with a local copy of the game kept in step.
type stored struct {
	ctx    context.Context
	store  *db.Store
	id     int64
	g      *engine.Game // the local copy
	seq    int64
	player string
	key    string // the interaction id
	n      int    // decisions sent so far
}

// errAlreadyApplied is an interaction delivered again after it was applied.
var errAlreadyApplied = errors.New("this interaction was already applied")

func (t *stored) Game() *engine.Game { return t.g }

func (t *stored) nextKey() string {
	k := t.key
	if t.n > 0 {
		k += "/" + strconv.Itoa(t.n)
	}
	t.n++
	return k
}

func (t *stored) Do(f engine.Faction, choice string) error {
	a, err := t.store.Apply(t.ctx, t.id, db.Decision{ExpectSeq: t.seq, Faction: f, Choice: choice, Player: t.player, Key: t.nextKey()})
	if err := t.settle(a, err); err != nil {
		return err
	}
	return t.keepUp(t.g.Do(f, choice))
}

func (t *stored) Undo(f engine.Faction) error {
	a, err := t.store.Undo(t.ctx, t.id, db.Decision{ExpectSeq: t.seq, Faction: f, Player: t.player, Key: t.nextKey()})
	if err := t.settle(a, err); err != nil {
		return err
	}
	return t.keepUp(t.g.Undo(f))
}

func (t *stored) settle(a db.Applied, err error) error {
	switch {
	case errors.Is(err, db.ErrDuplicate):
		return &storeError{errAlreadyApplied}
	case err != nil:
		return &storeError{err}
	case a.Duplicate:
		return &storeError{errAlreadyApplied}
	}
	t.seq = a.Seq
	return nil
}

// keepUp checks that the local copy took the decision the store took. The
// engine is deterministic, so a failure here is a bug worth shouting about.
func (t *stored) keepUp(err error) error {
	if err != nil {
		return &storeError{fmt.Errorf("bot: the stored game accepted a decision its copy refused: %w", err)}
	}
	return nil
}

// storeError is a decision that storage did not take, as opposed to a
// script that could not be read.
type storeError struct{ err error }

func (e *storeError) Error() string { return e.err.Error() }
func (e *storeError) Unwrap() error { return e.err }

// problem turns a storage or rules error into what the player reads.
func problem(err error) (outcome, text string) {
	switch {
	case errors.Is(err, errNoGame):
		return "refused: no game", "There is no game in this channel. Open one with `/game new`."
	case errors.Is(err, db.ErrStale):
		return "refused: stale", "This was shown for an earlier moment of the game, which has moved on since. Nothing was changed: use the newest turn message."
	case errors.Is(err, db.ErrNotActive):
		return "refused: not active", "This game is no longer being played. Nothing was changed."
	case errors.Is(err, db.ErrDiverged), errors.Is(err, db.ErrCorrupt):
		return "refused: broken game", "This game no longer replays under the current rules, so it has been set aside with all its data kept. Please tell whoever runs the bot."
	case errors.Is(err, db.ErrRejected):
		return "refused: illegal", "Not applied: " + unwrapRules(err)
	case errors.Is(err, errAlreadyApplied):
		return "duplicate", "This was already applied."
	}
	return "error", "Something went wrong on the bot's side; nothing was changed. Try again in a moment."
}

// unwrapRules is the engine's own sentence from a rejected decision,
// without the store's "game N: the rules refuse this decision: " before it.
func unwrapRules(err error) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, db.ErrRejected.Error()+": "); ok {
		return after
	}
	return msg
}
