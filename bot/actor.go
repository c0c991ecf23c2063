package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// actor is the member of the interaction as the table service judges
// them: who they are and what Discord lets them do where they ask.
func (c *call) actor() commands.Actor {
	a := commands.Actor{Member: c.userID(), Now: c.b.now()}
	if c.i.Member != nil {
		p := c.i.Member.Permissions
		a.ManageGuild = p&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
		a.ManageChannels = p&(discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0
	}
	return a
}

// eventsText lists what members did to game id besides its decisions, for
// /log; "" when nothing is recorded.
func (c *call) eventsText(ctx context.Context, id int64) string {
	evs, err := c.b.store.Events(ctx, id)
	if err != nil {
		c.fail(err)
		return ""
	}
	if len(evs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nAt the table:\n")
	for _, ev := range evs {
		who := "the bot"
		if ev.Actor != "" {
			who = ev.Actor
		}
		fmt.Fprintf(&b, "%s  %s %s", ev.At.Format("2006-01-02 15:04"), who, ev.Action)
		if ev.Detail != "" {
			b.WriteString(": " + ev.Detail)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// mentions names members for a message: "<@1>, <@2>".
func mentions(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "<@" + id + ">"
	}
	return strings.Join(out, ", ")
}
