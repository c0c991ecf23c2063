package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// A seat held by the computer is stored like a member's, under a reserved
// player id "ai:LEVEL" that no Discord member can have (their ids are
// numbers). The seat therefore survives restarts with the game, and every
// rule about seats (a lobby starts once every seat has a player) holds.

// aiPrefix starts the player id of a seat held by the AI.
const aiPrefix = "ai:"

// AISeat is the seat of an AI of level l.
func AISeat(l ai.Level) db.Seat {
	return db.Seat{Player: aiPrefix + strings.ToLower(l.Name), Name: "AI (" + l.Name + ")"}
}

// AILevel is the level of the AI holding a seat whose player is player;
// ok is false when a member holds it.
func AILevel(player string) (l ai.Level, ok bool) {
	name, isAI := strings.CutPrefix(player, aiPrefix)
	if !isAI {
		return ai.Level{}, false
	}
	l, err := ai.ParseLevel(name)
	return l, err == nil
}

// AIMoveKey is the idempotency key of the AI's decision at decision count
// seq of game id: a decision planned twice (a restart in the middle) is
// applied once.
func AIMoveKey(id, seq int64) string { return fmt.Sprintf("ai:%d:%d", id, seq) }

// IsAIPlayer reports whether player is an AI's id rather than a member's.
func IsAIPlayer(player string) bool { return strings.HasPrefix(player, aiPrefix) }

// SeatAIAs gives faction f of g to the AI at level l, by the rules of
// ReplaceAs: the game's host or a member who may manage the channel; in a
// league game that has started, only an empty or stalled seat unless the
// league's creator asks. A league game with an AI seat is rated only when
// its league rates the AI (/league ai) at its end; the AI needs no league
// membership.
func (t *Tables) SeatAIAs(ctx context.Context, a Actor, g *db.Game, f engine.Faction, l ai.Level) error {
	return t.ReplaceAs(ctx, a, g, f, AISeat(l))
}
