package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// work is what an interaction does after its first answer.
type work func(ctx context.Context)

// route picks the first answer and the work for an interaction.
func (c *call) route() (*discordgo.InteractionResponse, work) {
	if c.user == nil && c.i.Type != discordgo.InteractionPing {
		c.what, c.outcome = "unknown", "refused: no user"
		return ephemeral("Discord did not say who you are; nothing was done."), nil
	}
	if c.i.GuildID == "" && c.i.Type != discordgo.InteractionPing {
		return c.outsideServer()
	}
	switch c.i.Type {
	case discordgo.InteractionPing:
		c.what, c.outcome = "ping", "pong"
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}, nil
	case discordgo.InteractionApplicationCommand:
		return c.command(c.i.ApplicationCommandData())
	case discordgo.InteractionApplicationCommandAutocomplete:
		return c.autocomplete(c.i.ApplicationCommandData()), nil
	case discordgo.InteractionMessageComponent:
		return c.component(c.i.MessageComponentData())
	}
	c.what, c.outcome = fmt.Sprintf("type %d", c.i.Type), "refused: unsupported"
	return ephemeral("This kind of interaction is not supported."), nil
}

// outsideServer refuses an interaction from a direct message (or a group
// DM): games belong to a server's channels, and the commands are
// registered for servers only, but a client may still send one.
func (c *call) outsideServer() (*discordgo.InteractionResponse, work) {
	c.what, c.outcome = "direct message", "refused: not in a server"
	if c.i.Type == discordgo.InteractionApplicationCommand || c.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		c.what = "/" + c.i.ApplicationCommandData().Name + " (direct message)"
	}
	if c.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}, nil
	}
	return ephemeral(dmRefusal), nil
}

// dmRefusal is what a member reads who uses a command outside a server.
const dmRefusal = "China's War games are played in a server's channels; this command does not work in direct messages. Nothing was done: use it in a channel of a server the bot is in."

// options is a command's options by name, inside its subcommand if any.
type options map[string]*discordgo.ApplicationCommandInteractionDataOption

func commandOptions(d discordgo.ApplicationCommandInteractionData) (sub string, o options) {
	o = options{}
	opts := d.Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		sub, opts = opts[0].Name, opts[0].Options
	}
	for _, op := range opts {
		o[op.Name] = op
	}
	return sub, o
}

func (o options) str(name string) string {
	if op := o[name]; op != nil {
		if s, ok := op.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (o options) boolean(name string) bool {
	if op := o[name]; op != nil {
		if v, ok := op.Value.(bool); ok {
			return v
		}
	}
	return false
}

func (o options) integer(name string, def int) int {
	if op := o[name]; op != nil {
		if v, ok := op.Value.(float64); ok {
			return int(v)
		}
	}
	return def
}

// focused is the option being typed in an autocomplete request.
func (o options) focused() *discordgo.ApplicationCommandInteractionDataOption {
	for _, op := range o {
		if op.Focused {
			return op
		}
	}
	return nil
}

// command answers a slash command.
func (c *call) command(d discordgo.ApplicationCommandInteractionData) (*discordgo.InteractionResponse, work) {
	sub, o := commandOptions(d)
	c.what = "/" + d.Name
	if sub != "" {
		c.what += " " + sub
	}
	private := !o.boolean("share")
	switch d.Name {
	case "game":
		if sub == "chart" {
			return c.deferCommand(private, func(ctx context.Context) error { return c.gameChart(ctx, private) })
		}
		return c.deferCommand(true, func(ctx context.Context) error { return c.gameCommand(ctx, sub, o) })
	case "league":
		switch sub {
		case "info", "standings", "factions", "player":
		default:
			private = true // confirmations are private; changes are announced
		}
		return c.deferCommand(private, func(ctx context.Context) error { return c.leagueCommand(ctx, sub, o, private) })
	case "do":
		return c.deferCommand(true, func(ctx context.Context) error { return c.doCommand(ctx, o.str("choice")) })
	case "undo":
		return c.deferCommand(true, func(ctx context.Context) error { return c.undoCommand(ctx) })
	case "why":
		return c.deferCommand(private, func(ctx context.Context) error { return c.whyCommand(ctx, private) })
	case "give":
		return c.deferCommand(true, func(ctx context.Context) error { return c.giveCommand(ctx, sub, o) })
	case "remind":
		return c.deferCommand(true, func(ctx context.Context) error { return c.remindCommand(ctx, sub, o) })
	case "help":
		c.outcome = "ok"
		return helpResponse(private), nil
	case "status", "board", "space", "card", "log", "victory", "forces":
		return c.deferCommand(private, func(ctx context.Context) error { return c.lookup(ctx, d.Name, o, private) })
	}
	c.outcome = "refused: unknown command"
	return ephemeral(fmt.Sprintf("/%s is not a command of this bot (any more); try /help.", d.Name)), nil
}

// component answers a click on a button or a menu.
func (c *call) component(d discordgo.MessageComponentInteractionData) (*discordgo.InteractionResponse, work) {
	if strings.HasPrefix(d.CustomID, snoozePrefix) {
		return c.snoozeClick(d.CustomID)
	}
	id, err := commands.ParseControlID(d.CustomID)
	c.what = "click"
	if err != nil {
		c.outcome = "refused: bad control"
		return ephemeral("This button is not valid (damaged, or from an older version of the bot). Nothing was changed; use the newest turn message or /do."), nil
	}
	c.what = "click " + string(rune(id.Kind))
	c.game, c.seq = id.Game, id.Seq
	if id.Kind != commands.KindAbandon && id.Kind != commands.KindKeep {
		c.faction = id.Faction.String()
	}
	if id.Kind == commands.KindMenu {
		if len(d.Values) != 1 {
			c.outcome = "refused: bad menu value"
			return ephemeral("Pick exactly one entry. Nothing was changed."), nil
		}
		pick, err := commands.ParsePick(d.Values[0])
		if err != nil {
			c.outcome = "refused: bad menu value"
			return ephemeral("That menu entry is not valid. Nothing was changed."), nil
		}
		id.Kind, id.Pick = commands.KindDecide, pick
	}
	switch id.Kind {
	case commands.KindAbandon, commands.KindKeep:
		return c.deferClick(func(ctx context.Context) error { return c.abandonClick(ctx, id) })
	}
	return c.deferClick(func(ctx context.Context) error { return c.playClick(ctx, id) })
}

// errNoGame is a channel without an active game.
var errNoGame = errors.New("there is no game in this channel: open one with /game new")
