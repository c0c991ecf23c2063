package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// Lookups anyone may make. They answer privately unless share is set.

func (c *call) lookup(ctx context.Context, name string, o options, private bool) error {
	if name == "card" && o.str("card") != "" {
		// A card can be read without a game. In a game's channel it is
		// read from that game's deck: a game created before a change of
		// the cards keeps the earlier version (docs/deck.md, "Balance").
		d := engine.DefaultDeck()
		if g, _, err := c.b.viewable(ctx, c.i.ChannelID); err == nil {
			d = g.Engine.Deck()
		}
		return c.cardLookup(ctx, d, o.str("card"), private)
	}
	g, note, err := c.b.viewable(ctx, c.i.ChannelID)
	if errors.Is(err, errNoGame) && name == "card" {
		return refused("refused: no card", "There is no game here, so no current card: name one, e.g. `/card card:17`.")
	}
	if err != nil {
		return err
	}
	c.game, c.seq = g.ID, g.Seq
	e := g.Engine
	c.outcome = "ok"
	var text string
	switch name {
	case "status":
		text = commands.Status(e)
		if p := e.Prompt(); p != nil {
			text += fmt.Sprintf("To decide: %s (%s): %s\n", p.Faction, who(g, p.Faction), p.Question)
		}
	case "victory":
		text = commands.VictoryText(e)
		if e.Over() {
			text = commands.FinalText(e)
		}
	case "forces":
		text = commands.ForcesText(e)
	case "log":
		if err := c.codeReply(ctx, note+commands.LogText(e, o.integer("lines", 20))+c.eventsText(ctx, g.ID), private); err != nil {
			c.fail(err)
		}
		return nil
	case "space":
		id, err := commands.FindSpace(e.Map(), o.str("name"))
		if err != nil {
			return refused("refused: name", err.Error())
		}
		if text, err = commands.SpaceText(e, e.Map().Space(id).Name); err != nil {
			return refused("refused: name", err.Error())
		}
	case "card":
		s := e.State()
		if s.Current == 0 {
			return refused("refused: no card", "No card is being played now; name one, e.g. `/card card:17`.")
		}
		return c.cardLookup(ctx, e.Deck(), fmt.Sprint(s.Current), private)
	case "board":
		return c.boardLookup(ctx, e, o.str("space"), note, private)
	}
	if err := c.reply(ctx, note+text, private); err != nil {
		c.fail(err)
	}
	return nil
}

func (c *call) cardLookup(ctx context.Context, d *engine.Deck, typed string, private bool) error {
	n, err := commands.FindCard(d, typed)
	if err != nil {
		return refused("refused: card", err.Error())
	}
	text, err := commands.CardText(d, n)
	if err != nil {
		return refused("refused: card", err.Error())
	}
	c.outcome = "ok"
	if d != engine.DefaultDeck() {
		text += "This game began under an earlier version of the stand-in deck and keeps its cards.\n"
	}
	if err := c.reply(ctx, text+"The whole deck is a stand-in written for this project: the published cards are not public.", private); err != nil {
		c.fail(err)
	}
	return nil
}

func (c *call) boardLookup(ctx context.Context, e *engine.Game, space, note string, private bool) error {
	var focus *engine.SpaceID
	if space != "" {
		id, err := commands.FindSpace(e.Map(), space)
		if err != nil {
			return refused("refused: name", err.Error())
		}
		focus = &id
	}
	if c.b.board == nil {
		c.outcome = "no renderer"
		if err := c.reply(ctx, note+"Board pictures are not available on this bot; here is the state as text.\n"+commands.Status(e), private); err != nil {
			c.fail(err)
		}
		return nil
	}
	release, ok := c.b.asked.take(ctx, c.userID())
	if !ok {
		return refused("refused: busy", fmt.Sprintf("You are already waiting for %d board pictures; this one was not drawn. Ask again once they are shown.", perMemberRenders+perMemberQueue))
	}
	png, err := c.b.board(e, nil, focus)
	release()
	if err != nil {
		c.fail(err)
		return refused("error", "The board could not be drawn; the error is logged. `/status` shows the state as text.")
	}
	caption := note + "The board"
	if focus != nil {
		caption += ": " + e.Map().Space(*focus).Name + " and its neighbours"
	}
	if err := c.edit(ctx, message{content: caption + ".", files: []file{{name: "board.png", data: png}}}); err != nil {
		c.fail(err)
	}
	return nil
}

// helpResponse is /help, which needs no game.
func helpResponse(private bool) *discordgo.InteractionResponse {
	d := &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{{
			Title:       "How to play China's War here",
			Description: commands.HelpText,
			Fields:      []*discordgo.MessageEmbedField{{Name: "Where the map and cards come from", Value: commands.Provenance}},
		}},
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
	}
	if private {
		d.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}
}

// autocomplete answers the list shown while an option is typed. It reads
// the game from memory when it is current, so it stays fast.
func (c *call) autocomplete(d discordgo.ApplicationCommandInteractionData) *discordgo.InteractionResponse {
	_, o := commandOptions(d)
	c.what = "autocomplete /" + d.Name
	c.outcome = "ok"
	var list []commands.Suggestion
	if f := o.focused(); f != nil {
		typed, _ := f.Value.(string)
		switch {
		case d.Name == "do" && f.Name == "choice":
			if g := c.gameForCompletion(); g != nil {
				list = commands.SuggestChoices(g, typed, 25)
			}
		case (d.Name == "space" && f.Name == "name") || (d.Name == "board" && f.Name == "space"):
			list = commands.SuggestSpaceNames(engine.DefaultMap(), typed, 25)
		case d.Name == "card" && f.Name == "card":
			list = commands.SuggestCards(engine.DefaultDeck(), typed, 25)
		}
	}
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	for _, s := range list {
		if s.Name == "" || len(s.Value) > commands.MaxSuggestion {
			continue
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: commands.Clip(s.Name, commands.MaxSuggestion), Value: s.Value})
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}}
}

// gameForCompletion is the channel's game, from memory when it is current.
func (c *call) gameForCompletion() *engine.Game {
	ctx, cancel := context.WithTimeout(c.b.ctx, 2*time.Second)
	defer cancel()
	list, err := c.b.store.List(ctx, c.i.ChannelID)
	if err != nil {
		c.fail(err)
		return nil
	}
	for _, info := range list {
		if info.Status != db.Active {
			continue
		}
		c.game, c.seq = info.ID, info.Seq
		if g := c.b.cachedGame(c.i.ChannelID, info.ID, info.Seq); g != nil {
			return g
		}
		loaded, err := c.b.store.Load(ctx, info.ID)
		if err != nil {
			c.fail(err)
			return nil
		}
		c.b.remember(c.i.ChannelID, loaded.ID, loaded.Seq, loaded.Engine)
		return loaded.Engine
	}
	return nil
}
