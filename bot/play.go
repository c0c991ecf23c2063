package bot

import (
	"context"
	"errors"
	"fmt"
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
func (c *call) playClick(ctx context.Context, id commands.ControlID) {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if errors.Is(err, errNoGame) {
		c.refuse("refused: no game", fmt.Sprintf("Game %d is no longer played in this channel. Nothing was changed.", id.Game))
		return
	}
	if err != nil {
		c.fail(err)
		c.refuse(problem(err))
		return
	}
	user := c.userID()
	switch {
	case t.ID != id.Game:
		c.refuse("refused: other game", fmt.Sprintf("This message belongs to game %d, which is no longer played here. Nothing was changed.", id.Game))
		return
	case t.lobby:
		c.refuse("refused: lobby", "This game has not started yet. Nothing was changed.")
		return
	case !holds(t.Game, user, id.Faction):
		c.refuse("refused: not your seat", fmt.Sprintf("Only %s, who plays %s, can choose here. Nothing was changed.", who(t.Game, id.Faction), id.Faction))
		return
	case id.Seq < t.Seq && c.retried(ctx, t, id):
		c.outcome = "duplicate"
		return
	case t.Seq != id.Seq:
		c.refuse("refused: stale", fmt.Sprintf("This message is out of date: the game has moved on (decision %d; this message showed decision %d). Nothing was changed: use the newest turn message.", t.Seq, id.Seq))
		return
	}
	p := t.Engine.Prompt()
	if p == nil {
		c.refuse("refused: over", "The game is over. Nothing was changed.")
		return
	}
	if p.Faction != id.Faction {
		c.refuse("refused: not your turn", fmt.Sprintf("It is %s's decision, not %s's. Nothing was changed.", p.Faction, id.Faction))
		return
	}
	switch id.Kind {
	case commands.KindPage:
		c.outcome = "page"
		m := c.b.turnMessage(t.Game, t.Engine, t.Seq, id.Page, false)
		if err := c.edit(ctx, m); err != nil {
			c.fail(err)
			return
		}
		c.b.setTurn(ctx, t.ID, c.i.GuildID, turnRef{c.i.ChannelID, c.messageID(), t.Seq})
		return
	case commands.KindUndo:
		c.undo(ctx, t, p.Faction, true)
		return
	}
	choice, err := id.Pick.Choice(p)
	if err != nil {
		c.refuse("refused: bad control", "This button does not match the game's question; nothing was changed. Use /do instead.")
		return
	}
	before := t.Engine.Clone()
	st := c.stored(ctx, t)
	if err := st.Do(p.Faction, choice.ID); err != nil {
		c.applyFailed(err)
		return
	}
	c.outcome, c.seq = "applied", st.seq
	c.present(ctx, change{t: t, before: before, after: st.g, seq: st.seq, applied: []commands.Applied{{Faction: p.Faction, Choice: choice}}}, true)
}

// retried reports whether a click on an outdated message is a second
// delivery of one already applied, which needs no answer: the store knows
// its interaction id. Asking with the outdated decision count is safe: the
// game's count only grows, so anything but a repeat is refused as stale
// before anything is written.
func (c *call) retried(ctx context.Context, t *table, id commands.ControlID) bool {
	d := db.Decision{ExpectSeq: id.Seq, Faction: id.Faction, Choice: id.Pick.ID, Player: c.userID(), Key: c.i.ID}
	var a db.Applied
	var err error
	switch id.Kind {
	case commands.KindDecide:
		a, err = c.b.store.Apply(ctx, t.ID, d)
	case commands.KindUndo:
		a, err = c.b.store.Undo(ctx, t.ID, d)
	default:
		return false
	}
	return errors.Is(err, db.ErrDuplicate) || (err == nil && a.Duplicate)
}

func (c *call) messageID() string {
	if c.i.Message != nil {
		return c.i.Message.ID
	}
	return ""
}

func (c *call) stored(ctx context.Context, t *table) *stored {
	return &stored{ctx: ctx, store: c.b.store, id: t.ID, g: t.Engine, seq: t.Seq, player: c.userID(), key: c.i.ID}
}

// applyFailed reports a decision the store did not take.
func (c *call) applyFailed(err error) {
	outcome, text := problem(err)
	if outcome == "duplicate" {
		// A retried delivery of something already applied: its effects are
		// already shown.
		c.outcome = outcome
		if c.deferred {
			c.tell("Already applied.")
		}
		return
	}
	if outcome == "error" {
		c.fail(err)
	}
	c.refuse(outcome, text)
}

// doCommand applies /do: one choice or a script.
func (c *call) doCommand(ctx context.Context, script string) {
	t, p, ok := c.myTurn(ctx)
	if !ok {
		return
	}
	before := t.Engine.Clone()
	st := c.stored(ctx, t)
	done, err := commands.Run(st, p.Faction, script)
	c.seq = st.seq
	if errors.Is(err, errAlreadyApplied) {
		c.applyFailed(err)
		return
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
		var se *storeError
		if errors.As(err, &se) {
			if outcome, text = problem(se.err); outcome == "error" {
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
		c.fail(err)
		return
	}
	if len(done) > 0 {
		c.present(ctx, change{t: t, before: before, after: st.g, seq: st.seq, applied: done}, false)
	}
}

// undoCommand applies /undo.
func (c *call) undoCommand(ctx context.Context) {
	t, p, ok := c.myTurn(ctx)
	if !ok {
		return
	}
	c.undo(ctx, t, p.Faction, false)
}

// undo takes back faction f's last decision.
func (c *call) undo(ctx context.Context, t *table, f engine.Faction, clicked bool) {
	if err := t.Engine.Clone().Undo(f); err != nil {
		c.refuse("refused: cannot undo", "Nothing was changed: "+err.Error())
		return
	}
	before := t.Engine.Clone()
	st := c.stored(ctx, t)
	if err := st.Undo(f); err != nil {
		c.applyFailed(err)
		return
	}
	c.outcome, c.seq = "undone", st.seq
	if !clicked {
		if err := c.reply(ctx, fmt.Sprintf("Undone: %s's last decision.", f), true); err != nil {
			c.fail(err)
			return
		}
	}
	c.present(ctx, change{t: t, before: before, after: st.g, seq: st.seq, undo: true}, clicked)
}

// myTurn loads the channel's game for a command that decides: it must be
// started, not over, and the user must hold the faction to decide.
func (c *call) myTurn(ctx context.Context) (*table, *engine.Prompt, bool) {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil {
		if !errors.Is(err, errNoGame) {
			c.fail(err)
		}
		c.refuse(problem(err))
		return nil, nil, false
	}
	c.game, c.seq = t.ID, t.Seq
	if t.lobby {
		c.refuse("refused: lobby", "The game has not started: `/game start` once all four factions are seated.")
		return nil, nil, false
	}
	p := t.Engine.Prompt()
	if p == nil {
		c.refuse("refused: over", "The game is over.")
		return nil, nil, false
	}
	c.faction = p.Faction.String()
	if !holds(t.Game, c.userID(), p.Faction) {
		yours := ""
		if fs := seatsOf(t.Game, c.userID()); len(fs) > 0 {
			yours = fmt.Sprintf(" You play %s.", factionList(fs))
		}
		c.refuse("refused: not your turn", fmt.Sprintf("It is %s's decision (%s), played by %s.%s Nothing was changed.", p.Faction, p.Question, who(t.Game, p.Faction), yours))
		return nil, nil, false
	}
	return t, p, true
}

func factionList(fs []engine.Faction) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return strings.Join(s, ", ")
}

// change is what one interaction did to a game.
type change struct {
	t       *table
	before  *engine.Game // as it was
	after   *engine.Game // as it is now, seq decisions in
	seq     int64
	applied []commands.Applied
	undo    bool
}

// present shows a change: the turn message edited in place while the same
// faction goes on deciding, or else the old turn closed, a summary with the
// board, and the next turn (or the end of the game). clicked says the
// interaction came from the turn message itself, which it may edit.
func (c *call) present(ctx context.Context, ch change, clicked bool) {
	t, after := ch.t, ch.after
	channel := c.i.ChannelID
	c.b.remember(channel, t.ID, ch.seq, after.Clone())
	entries := after.Log()[len(ch.before.Log()):]
	prev := ch.before.Prompt()
	over := after.Over()
	if !over && len(entries) == 0 && after.Prompt().Faction == prev.Faction {
		c.showTurn(ctx, t.Game, after, ch.seq, clicked)
		return
	}
	// Draw the board while the old turn message is closed.
	var board <-chan []byte
	if len(entries) > 0 {
		board = c.drawChange(ch)
	}
	closing := closedTurn(t.Game, prev, ch.applied, ch.undo)
	if clicked {
		if err := c.edit(ctx, closing); err != nil {
			c.fail(err)
		}
	} else if ref, ok := c.b.turn(ctx, t.ID); ok {
		c.b.editChannelMessage(ctx, ref, closing)
	}
	c.b.forgetTurn(ctx, t.ID)
	if len(entries) > 0 {
		c.summary(ctx, entries, <-board)
	}
	if over {
		c.outcome = "game over"
		for _, m := range c.b.finalMessages(ctx, t.Game, after, "The game is archived; `/game new` opens another here.") {
			if _, err := c.followup(ctx, m, false); err != nil {
				c.fail(err)
				return
			}
		}
		return
	}
	c.postTurn(ctx, t.Game, after, ch.seq)
}

// showTurn updates the turn message for the same faction's next decision:
// in place when it can, else as a new message.
func (c *call) showTurn(ctx context.Context, g *db.Game, e *engine.Game, seq int64, clicked bool) {
	m := c.b.turnMessage(g, e, seq, 0, false)
	if clicked {
		if err := c.edit(ctx, m); err != nil {
			c.fail(err)
			return
		}
		c.b.setTurn(ctx, g.ID, c.i.GuildID, turnRef{c.i.ChannelID, c.messageID(), seq})
		return
	}
	if ref, ok := c.b.turn(ctx, g.ID); ok && c.b.editChannelMessage(ctx, ref, m) {
		ref.seq = seq
		c.b.setTurn(ctx, g.ID, c.i.GuildID, ref)
		return
	}
	c.postTurn(ctx, g, e, seq)
}

// postTurn posts a new turn message, pinging the player unless it is the
// one who just acted.
func (c *call) postTurn(ctx context.Context, g *db.Game, e *engine.Game, seq int64) {
	p := e.Prompt()
	m := c.b.turnMessage(g, e, seq, 0, g.Seats[p.Faction].Player != c.userID())
	msg, err := c.followup(ctx, m, false)
	if err != nil {
		c.fail(err)
		return
	}
	c.b.setTurn(ctx, g.ID, c.i.GuildID, turnRef{msg.ChannelID, msg.ID, seq})
}

// drawChange draws the board after a change, outlining the spaces changed
// since the action began. The channel yields nil when there is no picture.
func (c *call) drawChange(ch change) <-chan []byte {
	out := make(chan []byte, 1)
	if c.b.board == nil {
		out <- nil
		return out
	}
	go func() {
		start := ch.before.StepStart()
		png, err := c.b.board(ch.after, commands.ChangedSpaces(start, ch.after.State()), nil)
		if err != nil {
			c.b.log.Error("drawing the board", "game", ch.t.ID, "error", err)
		}
		out <- png
	}()
	return out
}

// summary posts the completed action's log lines as a paragraph, with the
// board.
func (c *call) summary(ctx context.Context, entries []engine.Entry, png []byte) {
	parts := commands.Split(commands.Summary(entries), maxContent)
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
	comps := m.components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	_, err := b.rest.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: ref.message, Channel: ref.channel,
		Content: &m.content, Embeds: &m.embeds, Components: &comps, AllowedMentions: m.mentions()}, discordgo.WithContext(ctx))
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
