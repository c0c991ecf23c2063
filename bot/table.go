package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// table is a channel's game as the bot sees it. Its Engine is the store's,
// shared: the bot reads it and never changes it.
type table struct {
	*db.Game
	lobby bool // not started yet (the store's Info.Lobby)
}

// current loads the channel's active game, or errNoGame.
func (b *Bot) current(ctx context.Context, channel string) (*table, error) {
	g, err := b.tables.ViewActive(ctx, channel)
	if errors.Is(err, db.ErrNotFound) {
		return nil, errNoGame
	}
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
		b.remember(channel, t.ID, t.Seq, t.Engine)
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
	g, err := b.tables.View(ctx, last.ID)
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
		if l, isAI := commands.AILevel(s.Player); isAI {
			return "the AI (" + l.Name + ")"
		}
		return "<@" + s.Player + ">"
	}
	return "nobody"
}

// move is a change the interaction asks of game t, at the decision count
// it saw, keyed by the interaction.
func (c *call) move(t *table, seq int64) commands.Move {
	return commands.Move{Game: t.ID, Seq: seq, Player: c.userID(), Key: c.i.ID}
}

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
	case errors.Is(err, commands.ErrAlreadyApplied):
		return "duplicate", "This was already applied."
	case errors.Is(err, db.ErrDiskFull):
		return "error: disk full", "The bot's disk is full, so this could not be saved and was not applied. Nothing was lost: every earlier move is kept. Whoever runs the bot has been told (it is in the log); try again once they have made room."
	}
	if f := (*commands.Forbidden)(nil); errors.As(err, &f) {
		return "refused: not allowed", f.Why
	}
	if errors.Is(err, db.ErrTooManyLobbies) {
		return "refused: too many lobbies", fmt.Sprintf("There are too many games waiting to start: a member may host %d and a server %d at once. Start or `/game abandon` one first; a lobby that never starts closes by itself after %d days. Nothing was created.",
			commands.LobbiesPerMember, commands.LobbiesPerServer, int(commands.LobbyLifetime.Hours()/24))
	}
	if re := (*engine.RuleError)(nil); errors.As(err, &re) {
		return "refused: illegal", "Not applied: " + re.Error()
	}
	return "error", "Something went wrong on the bot's side; nothing was changed. Try again in a moment."
}
