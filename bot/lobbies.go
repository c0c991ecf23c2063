package bot

import (
	"context"
	"fmt"

	"github.com/chinaswar/chinaswar/commands"
)

// expireLobbies abandons the lobbies that never started within
// commands.LobbyLifetime and tells their channels. An announcement that
// fails is posted by the startup pass (AnnounceEnded) instead.
func (b *Bot) expireLobbies(ctx context.Context) error {
	gone, err := b.tables.ExpireLobbies(ctx, b.now())
	if err != nil {
		return err
	}
	for id, place := range gone {
		text := fmt.Sprintf("Game %d expired: it did not start within %d days of being opened. The channel is free: `/game new`.",
			id, int(commands.LobbyLifetime.Hours()/24))
		if err := b.announceEnd(ctx, id, []message{{content: text}}, func(m message) error {
			_, err := b.post(ctx, place, m)
			return err
		}); err != nil {
			b.log.Error("announcing an expired lobby", "game", id, "error", err)
		}
	}
	return nil
}
