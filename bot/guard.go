package bot

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// unclaimed are the commands that need no claim: lookups, which change
// nothing, and the decisions, which the store applies once per interaction
// id in their own transaction (a replay gets the first one's result).
// Every other command and component is claimed, so a new command is
// protected unless it is listed here.
var unclaimed = map[string]bool{
	"status": true, "board": true, "space": true, "card": true, "log": true,
	"victory": true, "forces": true, "help": true, "why": true,
	"game seats": true, "game chart": true,
	"league info": true, "league standings": true, "league factions": true, "league player": true,
	"do": true, "undo": true, "give resources": true, "give patronage": true,
}

// keyedControls are the buttons and menus whose effect is a decision keyed
// by the interaction id, or no change at all (paging).
var keyedControls = map[commands.Kind]bool{
	commands.KindDecide: true, commands.KindMenu: true, commands.KindPage: true, commands.KindUndo: true,
}

// commandName is a command's name with its subcommand, e.g. "game join".
func commandName(d discordgo.ApplicationCommandInteractionData) string {
	if len(d.Options) == 1 && d.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		return d.Name + " " + d.Options[0].Name
	}
	return d.Name
}

// claims reports whether i may change something, and so must be claimed
// by its id before it is handled.
func claims(i *discordgo.Interaction) bool {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return !unclaimed[commandName(i.ApplicationCommandData())]
	case discordgo.InteractionMessageComponent:
		id, err := commands.ParseControlID(i.MessageComponentData().CustomID)
		return err != nil || !keyedControls[id.Kind]
	case discordgo.InteractionModalSubmit:
		return true
	}
	return false
}

// replayed claims the interaction by its id and reports whether it had been
// claimed before: a signed request sent again, which must change nothing.
// Discord itself sends an interaction once, by one route. A claim the store
// cannot make is logged and the interaction handled: refusing every
// interaction while the disk is unwell would strand every game, and the
// decisions themselves stay exactly-once by their own keys.
func (c *call) replayed() bool {
	if !claims(c.i) {
		return false
	}
	ctx, cancel := context.WithTimeout(c.b.ctx, 2*time.Second)
	defer cancel()
	fresh, err := c.b.store.ClaimInteraction(ctx, c.i.ID, time.Now())
	if err != nil {
		c.b.log.Warn("claiming an interaction", "interaction", c.i.ID, "error", err)
		return false
	}
	return !fresh
}

// replayAnswer answers a replayed interaction without doing anything: a
// component's message is left as it is, a command is told.
func replayAnswer(i *discordgo.Interaction) *discordgo.InteractionResponse {
	if i.Type == discordgo.InteractionMessageComponent {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return ephemeral("This request was handled already; nothing more was done.")
}

// firstAnswer is route behind the two guards every interaction passes: a
// replay is answered and dropped, and a panic while choosing the first
// answer (a bug) is logged and answered instead of taking the process
// down. discordgo runs gateway handlers in bare goroutines, where an
// unrecovered panic ends the program.
func (c *call) firstAnswer() (resp *discordgo.InteractionResponse, w work) {
	defer func() {
		if r := recover(); r != nil {
			c.fail(fmt.Errorf("panic: %v\n%s", r, debug.Stack()))
			c.outcome = "error: panic"
			resp, w = ephemeral("Something went wrong on the bot's side. The error is logged; look at the game before trying again."), nil
		}
	}()
	if c.replayed() {
		c.what, c.outcome = "replay", "refused: replayed"
		return replayAnswer(c.i), nil
	}
	return c.route()
}
