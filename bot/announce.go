package bot

import (
	"context"
	"fmt"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// A game's end is recorded (with its league result) in the transaction
// that ends it; announcing it comes after and may fail. The store marks an
// ended game unannounced until every part of its announcement was posted,
// and AnnounceEnded posts, at startup, the announcements still missing.

// finalMessages are a game's final ranking, with the margin chart and what
// the result means for its league.
func (b *Bot) finalMessages(ctx context.Context, g *db.Game, e *engine.Game, tail string) []message {
	text := commands.FinalText(e)
	if note := b.leagueNote(ctx, g.ID); note != "" {
		text += note + "\n"
	}
	text += tail
	msgs := textMessages(commands.Split(text, maxContent))
	png, err := b.marginChart(ctx, g.ID, g.Scenario)
	if err != nil {
		b.log.Error("drawing the margin chart", "game", g.ID, "error", err)
	} else {
		msgs[0].files = []file{{name: "margins.png", data: png}}
	}
	return msgs
}

// abandonedText announces that game g was abandoned, by whom when known.
func (b *Bot) abandonedText(ctx context.Context, g *db.Game, by string) string {
	text := fmt.Sprintf("Game %d was abandoned after %d decisions. The channel is free: `/game new`.", g.ID, g.Seq)
	if by != "" {
		text = fmt.Sprintf("<@%s> abandoned game %d after %d decisions. The channel is free: `/game new`.", by, g.ID, g.Seq)
	}
	if note := b.leagueNote(ctx, g.ID); note != "" {
		text += "\n" + note
	}
	return text
}

// leagueNote says what the stored result of game id means for its league.
func (b *Bot) leagueNote(ctx context.Context, id int64) string {
	note, err := b.tables.LeagueNote(ctx, id)
	if err != nil {
		b.log.Error("reading a league result", "game", id, "error", err)
		return "The league result is recorded, but could not be read back (the error is logged)."
	}
	return note
}

// announceEnd posts the messages that announce game g's end with send, and
// records the announcement once all were posted. An end announced already,
// or being announced by another process on the same database (one that
// ended the game while this one started), is left alone.
func (b *Bot) announceEnd(ctx context.Context, id int64, msgs []message, send func(message) error) error {
	release, ok, err := b.store.LockAnnouncement(ctx, id)
	if err != nil {
		return fmt.Errorf("game %d: announcing its end: %w", id, err)
	}
	if !ok {
		return nil
	}
	defer release()
	for i, m := range msgs {
		if err := send(m); err != nil {
			return fmt.Errorf("game %d: announcing its end, part %d: %w", id, i+1, err)
		}
	}
	return b.tables.Announced(ctx, id)
}

// AnnounceEnded posts the end of every game whose end was recorded but not
// announced (the bot stopped, or Discord failed, in between), each in its
// channel, once. The service runs it at startup, before taking
// interactions.
func (b *Bot) AnnounceEnded(ctx context.Context) error {
	ended, err := b.tables.Unannounced(ctx)
	if err != nil {
		return err
	}
	for _, info := range ended {
		g, err := b.tables.View(ctx, info.ID)
		if err != nil {
			b.log.Error("announcing a game's end", "game", info.ID, "error", err)
			continue
		}
		msgs := []message{{content: b.abandonedText(ctx, g, "")}}
		if info.Status == db.Finished {
			msgs = b.finalMessages(ctx, g, g.Engine, "The game is archived; `/game new` opens another here.")
		}
		if err := b.announceEnd(ctx, info.ID, msgs, func(m message) error {
			_, err := b.post(ctx, info.Place, m)
			return err
		}); err != nil {
			b.log.Error("announcing a game's end", "game", info.ID, "error", err)
			continue
		}
		b.log.Info("announced a game's end", "game", info.ID, "channel", info.Place)
	}
	return nil
}
