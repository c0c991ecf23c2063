package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// Playing a turn.
//
// The faction to decide gets a turn message: it mentions the player, shows
// the cards, the question and the legal choices as controls. While the same
// faction decides, that message is edited in place (an edit pings nobody,
// and the player is already there). When the game moves to another faction
// or a step of the game completes, the old turn message is closed, the
// completed action is summed up in a paragraph with the board, changed
// spaces outlined, and a new turn message pings the next player.

// playClick applies a click on a turn message.
func (c *call) playClick(ctx context.Context, id commands.ControlID) error {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if errors.Is(err, errNoGame) {
		return refused("refused: no game", fmt.Sprintf("Game %d is no longer played in this channel. Nothing was changed.", id.Game))
	}
	if err != nil {
		return err
	}
	user := c.userID()
	switch {
	case t.ID != id.Game:
		return refused("refused: other game", fmt.Sprintf("This message belongs to game %d, which is no longer played here. Nothing was changed.", id.Game))
	case t.lobby:
		return refused("refused: lobby", "This game has not started yet. Nothing was changed.")
	case !holds(t.Game, user, id.Faction):
		return refused("refused: not your seat", fmt.Sprintf("Only %s, who plays %s, can choose here. Nothing was changed.", who(t.Game, id.Faction), id.Faction))
	case id.Seq < t.Seq && c.retried(ctx, t, id):
		c.outcome = "duplicate"
		return nil
	}
	p := t.Engine.Prompt()
	if id.Seq < t.Seq && p != nil {
		ref, ok := c.b.turn(ctx, t.ID)
		if ok && ref.message == c.messageID() {
			// The turn message the bot last recorded: a failed edit may
			// have left it behind the game.
			if !c.sameAsShown(t, id, ref) {
				return c.refreshTurn(ctx, t, id)
			}
			id.Seq = t.Seq
		}
	}
	if t.Seq != id.Seq {
		return refused("refused: stale", fmt.Sprintf("This message is out of date: the game has moved on (decision %d; this message showed decision %d). Nothing was changed: use the newest turn message.", t.Seq, id.Seq))
	}
	if p == nil {
		return refused("refused: over", "The game is over. Nothing was changed.")
	}
	if p.Faction != id.Faction {
		return refused("refused: not your turn", fmt.Sprintf("It is %s's decision, not %s's. Nothing was changed.", p.Faction, id.Faction))
	}
	switch id.Kind {
	case commands.KindPage:
		c.outcome = "page"
		m := c.b.turnMessage(t.Game, t.Engine, t.Seq, id.Page, false)
		if err := retry(ctx, true, func() error { return c.edit(ctx, m) }); err != nil {
			return quiet(err)
		}
		c.b.setTurn(ctx, t.ID, c.i.GuildID, turnRef{c.i.ChannelID, c.messageID(), t.Seq})
		return nil
	case commands.KindUndo:
		return c.undo(ctx, t, p.Faction, true)
	}
	choice, err := id.Pick.Choice(p)
	if err != nil {
		return refused("refused: bad control", "This button does not match the game's question; nothing was changed. Use /do instead.")
	}
	ch, err := c.b.tables.Decide(ctx, c.move(t, t.Seq), p.Faction, choice.ID)
	if err != nil {
		return err
	}
	ch.Applied = []commands.Applied{{Faction: p.Faction, Choice: choice}}
	c.outcome, c.seq = "applied", ch.Seq
	c.present(ctx, t, ch, true)
	return nil
}

// retried reports whether a click on an outdated message is a second
// delivery of one already applied, which needs no answer: the store knows
// its interaction id.
func (c *call) retried(ctx context.Context, t *table, id commands.ControlID) bool {
	switch id.Kind {
	case commands.KindDecide, commands.KindUndo:
		return c.b.tables.Retried(ctx, c.move(t, id.Seq), id.Faction, id.Pick.ID, id.Kind == commands.KindUndo)
	}
	return false
}

func (c *call) messageID() string {
	if c.i.Message != nil {
		return c.i.Message.ID
	}
	return ""
}

// doCommand applies /do: one choice or a script.
func (c *call) doCommand(ctx context.Context, script string) error {
	t, p, err := c.myTurn(ctx)
	if err != nil {
		return err
	}
	ch, err := c.b.tables.Script(ctx, c.move(t, t.Seq), t.Engine, p.Faction, script)
	done := ch.Applied
	c.seq = ch.Seq
	if errors.Is(err, commands.ErrAlreadyApplied) {
		return err
	}
	var b strings.Builder
	if len(done) > 0 {
		labels := make([]string, len(done))
		for i, a := range done {
			labels[i] = a.Choice.Label
		}
		fmt.Fprintf(&b, "Applied for %s: %s.\n", p.Faction, strings.Join(labels, " → "))
	}
	if err != nil {
		outcome, text := "refused: script", err.Error()
		var se *commands.StoreError
		if errors.As(err, &se) {
			if outcome, text = problem(se.Err); strings.HasPrefix(outcome, "error") {
				c.fail(err)
			}
		}
		c.outcome = outcome
		if len(done) > 0 {
			fmt.Fprintf(&b, "Stopped there: %s\nThe choices before it were kept; /undo takes them back.", text)
		} else {
			fmt.Fprintf(&b, "Nothing was changed: %s", text)
		}
	} else {
		c.outcome = "applied"
	}
	if err := c.reply(ctx, b.String(), true); err != nil {
		return quiet(err)
	}
	if len(done) > 0 {
		c.present(ctx, t, ch, false)
	}
	return nil
}

// undoCommand applies /undo.
func (c *call) undoCommand(ctx context.Context) error {
	t, p, err := c.myTurn(ctx)
	if err != nil {
		return err
	}
	return c.undo(ctx, t, p.Faction, false)
}

// undo takes back faction f's last decision.
func (c *call) undo(ctx context.Context, t *table, f engine.Faction, clicked bool) error {
	ch, err := c.b.tables.Undo(ctx, c.move(t, t.Seq), f)
	if re := (*engine.RuleError)(nil); errors.As(err, &re) {
		return refused("refused: cannot undo", "Nothing was changed: "+re.Error())
	}
	if err != nil {
		return err
	}
	c.outcome, c.seq = "undone", ch.Seq
	if !clicked {
		if err := c.reply(ctx, fmt.Sprintf("Undone: %s's last decision.", f), true); err != nil {
			return quiet(err)
		}
	}
	c.present(ctx, t, ch, clicked)
	return nil
}

// myTurn loads the channel's game for a command that decides: it must be
// started, not over, and the user must hold the faction to decide; else
// it says why not.
func (c *call) myTurn(ctx context.Context) (*table, *engine.Prompt, error) {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil {
		return nil, nil, err
	}
	c.game, c.seq = t.ID, t.Seq
	if t.lobby {
		return nil, nil, refused("refused: lobby", "The game has not started: `/game start` once all four factions are seated.")
	}
	p := t.Engine.Prompt()
	if p == nil {
		return nil, nil, refused("refused: over", "The game is over.")
	}
	c.faction = p.Faction.String()
	if !holds(t.Game, c.userID(), p.Faction) {
		yours := ""
		if fs := seatsOf(t.Game, c.userID()); len(fs) > 0 {
			yours = fmt.Sprintf(" You play %s.", factionList(fs))
		}
		return nil, nil, refused("refused: not your turn", fmt.Sprintf("It is %s's decision (%s), played by %s.%s Nothing was changed.", p.Faction, p.Question, who(t.Game, p.Faction), yours))
	}
	return t, p, nil
}

func factionList(fs []engine.Faction) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return strings.Join(s, ", ")
}

// present shows a change: the turn message edited in place while the same
// faction goes on deciding, or else the old turn closed, a summary with the
// board, and the next turn (or the end of the game). clicked says the
// interaction came from the turn message itself, which it may edit.
func (c *call) present(ctx context.Context, t *table, ch commands.Change, clicked bool) {
	after := ch.After
	channel := c.i.ChannelID
	c.b.remember(channel, t.ID, ch.Seq, after)
	prev := ch.Before.Prompt()
	if !ch.Over && len(ch.Entries) == 0 && after.Prompt().Faction == prev.Faction {
		c.showTurn(ctx, t.Game, after, ch.Seq, ch.Forced, clicked)
		return
	}
	// Draw the board while the old turn message is closed.
	var board <-chan []byte
	if len(ch.Entries) > 0 {
		board = c.drawChange(ch)
	}
	closing := closedTurn(t.Game, prev, ch.Applied, ch.Undo)
	if clicked {
		if err := retry(ctx, true, func() error { return c.edit(ctx, closing) }); err != nil {
			// Through the channel instead, so that the old buttons go.
			if !c.b.editChannelMessage(ctx, turnRef{channel: channel, message: c.messageID()}, closing) {
				c.fail(err)
			}
		}
	} else if ref, ok := c.b.turn(ctx, t.ID); ok {
		c.b.editChannelMessage(ctx, ref, closing)
	}
	c.b.forgetTurn(ctx, t.ID)
	if len(ch.Entries) > 0 {
		c.summary(ctx, ch.Entries, ch.Forced, <-board)
	}
	if ch.Over {
		c.outcome = "game over"
		msgs := c.b.finalMessages(ctx, t.Game, after, "The game is archived; `/game new` opens another here.")
		if err := c.b.announceEnd(ctx, t.ID, msgs, func(m message) error {
			_, err := c.followup(ctx, m, false)
			return err
		}); err != nil {
			c.fail(err)
		}
		return
	}
	c.postTurn(ctx, t.Game, after, ch.Seq)
}

// showTurn updates the turn message for the same faction's next decision,
// saying first what the engine applied on its own: in place when it can,
// else as a new message. A failed edit is tried again briefly; if it still
// fails, a new turn message is posted and the old one closed, so the turn
// is never stranded behind buttons of an earlier decision.
func (c *call) showTurn(ctx context.Context, g *db.Game, e *engine.Game, seq int64, forced []engine.Forced, clicked bool) {
	m := c.b.turnMessage(g, e, seq, 0, false)
	if note := forcedNote(forced); note != "" {
		m.content += "\n" + note
	}
	if clicked {
		err := retry(ctx, true, func() error { return c.edit(ctx, m) })
		if err == nil {
			c.b.setTurn(ctx, g.ID, c.i.GuildID, turnRef{c.i.ChannelID, c.messageID(), seq})
			return
		}
		c.b.log.Warn("editing a turn message; posting a new one", "game", g.ID, "message", c.messageID(), "error", err)
		old, posted := c.newTurn(ctx, g, m, seq)
		if posted && old.message != c.messageID() {
			c.b.closeTurn(ctx, turnRef{channel: c.i.ChannelID, message: c.messageID()}, g.ID, seq)
		}
		return
	}
	if ref, ok := c.b.turn(ctx, g.ID); ok && c.b.editChannelMessage(ctx, ref, m) {
		ref.seq = seq
		c.b.setTurn(ctx, g.ID, c.i.GuildID, ref)
		return
	}
	c.newTurn(ctx, g, m, seq)
}

// postTurn posts a new turn message, pinging the player unless it is the
// one who just acted.
func (c *call) postTurn(ctx context.Context, g *db.Game, e *engine.Game, seq int64) {
	p := e.Prompt()
	if isAI(g, p.Faction) {
		c.b.handToAI(ctx, g, c.i.ChannelID)
		return
	}
	c.newTurn(ctx, g, c.b.turnMessage(g, e, seq, 0, g.Seats[p.Faction].Player != c.userID()), seq)
}

// newTurn posts turn message m for decision seq, records it, and closes
// the turn message it replaces (after /game leave and join, /game replace,
// or a failed edit), so that the channel never shows two live ones. It
// returns the replaced message, and whether m was posted.
func (c *call) newTurn(ctx context.Context, g *db.Game, m message, seq int64) (old turnRef, posted bool) {
	old, _ = c.b.turn(ctx, g.ID)
	var msg *discordgo.Message
	err := retry(ctx, false, func() (err error) {
		msg, err = c.followup(ctx, m, false)
		return err
	})
	if err != nil {
		c.fail(err)
		return old, false
	}
	c.b.setTurn(ctx, g.ID, c.i.GuildID, turnRef{msg.ChannelID, msg.ID, seq})
	if old.message != "" && old.message != msg.ID {
		c.b.closeTurn(ctx, old, g.ID, seq)
	}
	return old, true
}

// closeTurn takes the controls off a turn message that a newer one, for
// decision seq, replaced.
func (b *Bot) closeTurn(ctx context.Context, ref turnRef, game, seq int64) {
	b.editChannelMessage(ctx, ref, message{content: fmt.Sprintf("↪ Replaced by a newer turn message below (game %d, decision %d); these buttons are gone.", game, seq)})
}

// forcedNote says which answers the engine applied on its own, each the
// only legal one, or "" when there were none.
func forcedNote(forced []engine.Forced) string {
	if len(forced) == 0 {
		return ""
	}
	var b strings.Builder
	for _, f := range forced {
		fmt.Fprintf(&b, "Applied for you (the only legal choice): %s: %s → %s\n", f.Faction, f.Question, f.Choice.Label)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// drawChange draws the board after a change, outlining the spaces changed
// since the action began. The channel yields nil when there is no picture.
func (c *call) drawChange(ch commands.Change) <-chan []byte {
	out := make(chan []byte, 1)
	if c.b.board == nil {
		out <- nil
		return out
	}
	go func() {
		var png []byte
		// A picture is an extra: a renderer that fails, even by
		// panicking, costs the post its board, never the process.
		defer func() {
			if r := recover(); r != nil {
				c.b.log.Error("drawing the board", "game", ch.Game, "error", fmt.Sprintf("panic: %v\n%s", r, debug.Stack()))
			}
			out <- png
		}()
		start := ch.Before.StepStart()
		var err error
		png, err = c.b.board(ch.After, commands.ChangedSpaces(start, ch.After.State()), nil)
		if err != nil {
			c.b.log.Error("drawing the board", "game", ch.Game, "error", err)
		}
	}()
	return out
}

// summary posts the completed action's log lines as a paragraph, with the
// board, after the answers the engine applied on its own.
func (c *call) summary(ctx context.Context, entries []engine.Entry, forced []engine.Forced, png []byte) {
	text := commands.Summary(entries)
	if note := forcedNote(forced); note != "" {
		text = note + "\n\n" + text
	}
	parts := commands.Split(text, maxContent)
	first := message{content: parts[0]}
	if png != nil {
		first.files = []file{{name: "board.png", data: png}}
	}
	for i, m := range append([]message{first}, textMessages(parts[1:])...) {
		if _, err := c.followup(ctx, m, false); err != nil {
			c.fail(fmt.Errorf("summary part %d: %w", i+1, err))
			return
		}
	}
}

func textMessages(parts []string) []message {
	out := make([]message, len(parts))
	for i, p := range parts {
		out[i] = message{content: p}
	}
	return out
}

// editChannelMessage edits a message the bot posted earlier, which needs
// the bot token; it reports whether the edit was made.
func (b *Bot) editChannelMessage(ctx context.Context, ref turnRef, m message) bool {
	if b.rest.Token == "" || ref.message == "" {
		return false
	}
	m = m.fit()
	comps := wireComponents(m.components)
	embeds := m.embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	err := retry(ctx, true, func() error {
		_, err := b.rest.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: ref.message, Channel: ref.channel,
			Content: &m.content, Embeds: &embeds, Components: &comps, AllowedMentions: m.mentions()}, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		b.log.Warn("editing a turn message", "channel", ref.channel, "message", ref.message, "error", err)
		return false
	}
	return true
}

// turnMessage shows the decision game e waits on, page page of its
// choices. ping notifies the player.
func (b *Bot) turnMessage(g *db.Game, e *engine.Game, seq int64, page int, ping bool) message {
	p := e.Prompt()
	s, d := e.State(), e.Deck()
	player := ""
	if seat, ok := g.Seats[p.Faction]; ok {
		player = seat.Player
	}
	content := fmt.Sprintf("%s, **%s** to decide.", who(g, p.Faction), commands.FactionTitle(p.Faction))
	if player == "" {
		content = fmt.Sprintf("**%s** to decide, but nobody plays it: `/game join faction:%s`.", commands.FactionTitle(p.Faction), p.Faction)
	}
	menu := commands.PromptMenu(p, g.ID, seq, page, e.CanUndo(p.Faction), b.menus)
	next := commands.NextCardLine(s, d)
	desc := p.Question
	if full := clippedLabels(p, menu); full != "" {
		desc += "\n\nIn full: " + full
	}
	if menu.Pages > 1 {
		desc += fmt.Sprintf("\n\n%d choices: page %d of %d. ◀ ▶ turn the pages; `/do` finds one by name.", len(p.Choices), menu.Page+1, menu.Pages)
	}
	embed := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s decides", commands.FactionTitle(p.Faction)),
		Description: desc,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Current card", Value: commands.CardLine(d, s.Current), Inline: true},
			{Name: "Next card", Value: next, Inline: true},
			{Name: "Resources", Value: fmt.Sprintf("%d", s.Resources[p.Faction]), Inline: true},
		},
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Game %d · decision %d · click a choice, or /do to type one (or a script: a; b; c)", g.ID, seq)},
	}
	m := message{content: content, embeds: []*discordgo.MessageEmbed{embed}, components: components(menu)}
	if ping && player != "" {
		m.ping = []string{player}
	}
	return m
}

// clippedLabels lists the shown choices whose labels did not fit their
// control, so the player can still read them.
func clippedLabels(p *engine.Prompt, menu commands.Menu) string {
	var out []string
	for _, row := range menu.Rows {
		for _, c := range row {
			id, err := commands.ParseControlID(c.ID)
			if err != nil {
				continue
			}
			if id.Kind == commands.KindDecide && len([]rune(c.Label)) >= commands.MaxLabel {
				if ch, err := id.Pick.Choice(p); err == nil && ch.Label != c.Label {
					out = append(out, ch.Label)
				}
			}
			for _, o := range c.Options {
				pk, err := commands.ParsePick(o.Value)
				if err != nil {
					continue
				}
				if ch, err := pk.Choice(p); err == nil && ch.Label != o.Label {
					out = append(out, ch.Label)
				}
			}
		}
	}
	return strings.Join(out, "; ")
}

// closedTurn is a turn message once its faction has decided.
func closedTurn(g *db.Game, p *engine.Prompt, applied []commands.Applied, undo bool) message {
	var what string
	switch {
	case undo:
		what = "undid a decision"
	case len(applied) > 0:
		labels := make([]string, len(applied))
		for i, a := range applied {
			labels[i] = a.Choice.Label
		}
		what = "chose " + strings.Join(labels, " → ")
	default:
		what = "decided"
	}
	return message{content: fmt.Sprintf("✔ %s (%s) %s.", commands.FactionTitle(p.Faction), who(g, p.Faction), what),
		embeds: []*discordgo.MessageEmbed{{Description: p.Question}}}
}
