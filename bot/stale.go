package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// A click on the turn message the bot last recorded, but made at an
// earlier decision than the game's, comes from a message whose update
// failed (or had not reached the member yet). It is never refused just for
// that: the message is shown afresh from the stored game, and the member
// told to choose again. Only when the message still shows exactly what the
// current decision would show (the same question and the same controls: a
// voluntary transfer moved the count on, say) is the click taken as made
// now, since the member then chose from what they would see anyway.

// sameAsShown reports whether a click at an earlier decision id.Seq, on
// the recorded turn message ref, was made on a message that shows the
// current decision as it would be drawn now.
func (c *call) sameAsShown(t *table, id commands.ControlID, ref turnRef) bool {
	p := t.Engine.Prompt()
	if id.Kind != commands.KindDecide || ref.seq != id.Seq || p == nil || p.Faction != id.Faction {
		return false
	}
	shown := c.shownMessage()
	if shown == nil || len(shown.Embeds) == 0 {
		return false
	}
	m := c.b.turnMessage(t.Game, t.Engine, id.Seq, shownPage(shown.Components), false).fit()
	return len(m.embeds) > 0 && m.embeds[0].Description == shown.Embeds[0].Description &&
		slices.Equal(controlKeys(m.components), controlKeys(shown.Components))
}

// refreshTurn shows the recorded turn message afresh for the current
// decision, after a click made on it at an earlier one, and tells the
// member nothing was changed. When even that edit fails, a new turn
// message replaces it.
func (c *call) refreshTurn(ctx context.Context, t *table, id commands.ControlID) error {
	m := c.b.turnMessage(t.Game, t.Engine, t.Seq, 0, false)
	if err := retry(ctx, true, func() error { return c.edit(ctx, m) }); err == nil {
		c.b.setTurn(ctx, t.ID, c.i.GuildID, turnRef{c.i.ChannelID, c.messageID(), t.Seq})
	} else {
		c.b.log.Warn("refreshing a turn message; posting a new one", "game", t.ID, "message", c.messageID(), "error", err)
		c.newTurn(ctx, t.Game, m, t.Seq)
	}
	return refused("refused: stale, refreshed", fmt.Sprintf("This message was out of date: it showed decision %d, and the game is at decision %d. Nothing was changed; the turn message now shows the current question, so choose again.", id.Seq, t.Seq))
}

// shownPage is the page of choices a turn message's controls show.
func shownPage(rows []discordgo.MessageComponent) int {
	for _, row := range rows {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if s, ok := c.(*discordgo.SelectMenu); ok {
				if id, err := commands.ParseControlID(s.CustomID); err == nil && id.Kind == commands.KindMenu {
					return id.Page
				}
			}
		}
	}
	return 0
}

// controlKeys describes each choice a message offers as the member sees
// and uses it: its control's id, label, state and menu entries. Other
// controls (Undo, page turns) are left out: they do not choose.
func controlKeys(rows []discordgo.MessageComponent) []string {
	var out []string
	add := func(c discordgo.MessageComponent) {
		if !choosing(c) {
			return
		}
		switch c := c.(type) {
		case discordgo.Button:
			out = append(out, fmt.Sprintf("button %q %q %v", c.CustomID, c.Label, c.Disabled))
		case *discordgo.Button:
			out = append(out, fmt.Sprintf("button %q %q %v", c.CustomID, c.Label, c.Disabled))
		case discordgo.SelectMenu:
			out = append(out, menuKey(&c))
		case *discordgo.SelectMenu:
			out = append(out, menuKey(c))
		default:
			out = append(out, fmt.Sprintf("type %d", c.Type()))
		}
	}
	for _, row := range rows {
		switch r := row.(type) {
		case discordgo.ActionsRow:
			for _, c := range r.Components {
				add(c)
			}
		case *discordgo.ActionsRow:
			for _, c := range r.Components {
				add(c)
			}
		default:
			add(row)
		}
	}
	return out
}

// choosing reports whether control c makes a decision.
func choosing(c discordgo.MessageComponent) bool {
	var custom string
	switch c := c.(type) {
	case discordgo.Button:
		custom = c.CustomID
	case *discordgo.Button:
		custom = c.CustomID
	case discordgo.SelectMenu:
		custom = c.CustomID
	case *discordgo.SelectMenu:
		custom = c.CustomID
	}
	id, err := commands.ParseControlID(custom)
	return err == nil && (id.Kind == commands.KindDecide || id.Kind == commands.KindMenu)
}

func menuKey(s *discordgo.SelectMenu) string {
	opts := make([]string, len(s.Options))
	for i, o := range s.Options {
		opts[i] = fmt.Sprintf("%q=%q", o.Value, o.Label)
	}
	return fmt.Sprintf("menu %q %s", s.CustomID, strings.Join(opts, ","))
}
