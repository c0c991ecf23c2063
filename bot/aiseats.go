package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// Seats held by the AI.
//
// A seat given to the AI is stored with the game (commands.AISeat), so it
// outlives the process. Its turns are played off the interaction path:
// when a change leaves the game waiting on an AI seat, a background run
// plans and applies the AI's decisions through commands.Tables, each keyed
// by the game and its decision count (a decision planned again after a
// restart is applied once), and posts each completed action's summary
// with the AI's explanation line, until a member must decide or the game
// ends. One AI thinks at a time in a process, whatever the number of
// games, so the AI never takes more than one core from the bot.

// aiSeats is the bot's memory of its AI players. Nothing in it is needed to
// play on after a restart: the players plan afresh, and /why then says no
// action is known.
type aiSeats struct {
	think chan struct{} // one AI plans at a time in this process
	// budget, when set, replaces each level's search budget: tests play
	// whole games through the same code with a cheaper AI.
	budget func(ai.Level) ai.Level

	mu      sync.Mutex
	running map[int64]bool // games with a run under way
	again   map[int64]bool // games asked to run again once the current run ends
	games   map[int64]*aiGame
}

// aiGame is what the AI keeps about one game.
type aiGame struct {
	players map[engine.Faction]*ai.Player
	// work is the AI's own copy of the game at decision seq: the players
	// follow their plans only on the game they planned on.
	work *engine.Game
	seq  int64
	last *ai.Explanation // the last planned action's, for /why
}

func newAISeats() *aiSeats {
	return &aiSeats{think: make(chan struct{}, 1), running: map[int64]bool{}, again: map[int64]bool{}, games: map[int64]*aiGame{}}
}

// game is the AI's memory of game id (the caller holds a.mu).
func (a *aiSeats) game(id int64) *aiGame {
	g := a.games[id]
	if g == nil {
		g = &aiGame{players: map[engine.Faction]*ai.Player{}}
		a.games[id] = g
	}
	return g
}

// lastOf is the explanation of game id's last AI action, or nil.
func (a *aiSeats) lastOf(id int64) *ai.Explanation {
	a.mu.Lock()
	defer a.mu.Unlock()
	if g := a.games[id]; g != nil {
		return g.last
	}
	return nil
}

// finished lets go of an ended game's players and copy, keeping only its
// last explanation for /why.
func (a *aiSeats) finished(id int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if g := a.games[id]; g != nil {
		a.games[id] = &aiGame{players: map[engine.Faction]*ai.Player{}, last: g.last}
	}
}

// isAI reports whether the AI holds faction f of g.
func isAI(g *db.Game, f engine.Faction) bool {
	_, ok := commands.AILevel(g.Seats[f].Player)
	return ok
}

// playAI starts a background run of game id's AI seats, posting in
// channel; if one is under way it runs once more when done, so a change
// made meanwhile is never missed.
func (b *Bot) playAI(id int64, channel string) {
	a := b.ai
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.running[id] {
		a.again[id] = true
		return
	}
	if !b.enter() {
		return // shutting down: the next start resumes the game
	}
	a.running[id] = true
	go func() {
		defer b.work.Done()
		for {
			b.runAISafely(id, channel)
			a.mu.Lock()
			if !a.again[id] {
				delete(a.running, id)
				a.mu.Unlock()
				return
			}
			delete(a.again, id)
			a.mu.Unlock()
		}
	}()
}

func (b *Bot) runAISafely(id int64, channel string) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("AI seat", "game", id, "error", fmt.Sprintf("panic: %v\n%s", r, debug.Stack()))
		}
	}()
	if err := b.runAI(b.ctx, id, channel); err != nil && !errors.Is(err, context.Canceled) {
		b.log.Error("AI seat", "game", id, "error", err)
	}
}

// runAI plays game id's AI seats until a member must decide or the game
// ends, then posts the member's turn message.
func (b *Bot) runAI(ctx context.Context, id int64, channel string) error {
	var lines []string // the explanations of the action under way
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if b.closing() {
			return nil // the next start resumes the game (ResumeAI)
		}
		g, err := b.tables.View(ctx, id)
		if err != nil {
			return err
		}
		p := g.Engine.Prompt()
		if g.Lobby || p == nil {
			return nil
		}
		seat := g.Seats[p.Faction]
		level, ok := commands.AILevel(seat.Player)
		if !ok {
			if len(lines) > 0 {
				// Decisions that completed nothing yet (a question put
				// to the AI inside another's step): say what it weighed.
				if _, err := b.post(ctx, channel, message{content: "🤖 " + strings.Join(lines, "\n🤖 ")}); err != nil {
					return fmt.Errorf("game %d: posting the AI's lines: %w", id, err)
				}
			}
			return b.postAfterAI(ctx, g, channel)
		}
		choice, ex, err := b.decideAI(id, g, p.Faction, level)
		if err != nil {
			return fmt.Errorf("%s (AI): %w", p.Faction, err)
		}
		if ex != nil {
			lines = append(lines, ex.Line())
		}
		m := commands.Move{Game: id, Seq: g.Seq, Player: seat.Player, Key: commands.AIMoveKey(id, g.Seq)}
		ch, err := b.tables.Decide(ctx, m, p.Faction, choice)
		if errors.Is(err, commands.ErrAlreadyApplied) || errors.Is(err, db.ErrStale) {
			continue // applied before a restart, or the game moved: look again
		}
		if err != nil {
			return fmt.Errorf("%s (AI) chose %q: %w", p.Faction, choice, err)
		}
		b.advanceAI(id, p.Faction, choice, ch.Seq)
		b.remember(channel, id, ch.Seq, ch.After)
		if len(ch.Entries) > 0 || ch.Over {
			if err := b.postAIAction(ctx, channel, ch, lines); err != nil {
				return err
			}
			lines = nil
		}
		if ch.Over {
			b.ai.finished(id)
			post := func(m message) error {
				_, err := b.post(ctx, channel, m)
				return err
			}
			return b.announceEnd(ctx, id, b.finalMessages(ctx, g, ch.After, "The game is archived; `/game new` opens another here."), post)
		}
	}
}

// closing reports whether the bot is shutting down.
func (b *Bot) closing() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closed
}

// decideAI asks faction f's AI for its answer to g's question, on the AI's
// own copy of the game (refreshed when the game moved without it), one AI
// at a time.
func (b *Bot) decideAI(id int64, g *db.Game, f engine.Faction, l ai.Level) (string, *ai.Explanation, error) {
	a := b.ai
	a.mu.Lock()
	if a.budget != nil {
		l = a.budget(l)
	}
	ag := a.game(id)
	pl := ag.players[f]
	if pl == nil || pl.Level != l {
		pl = ai.New(f, l, uint64(id)*engine.NumFactions+uint64(f))
		ag.players[f] = pl
	}
	if ag.work == nil || ag.seq != g.Seq || ag.work.StepsDone() != g.Engine.StepsDone() {
		ag.work, ag.seq = g.Engine.Clone(), g.Seq
	}
	work := ag.work
	a.mu.Unlock()

	a.think <- struct{}{}
	choice, ex, err := pl.Decide(work)
	<-a.think

	if ex != nil {
		a.mu.Lock()
		ag.last = ex
		a.mu.Unlock()
	}
	return choice, ex, err
}

// advanceAI applies an answer the store took to the AI's copy too.
func (b *Bot) advanceAI(id int64, f engine.Faction, choice string, seq int64) {
	a := b.ai
	a.mu.Lock()
	defer a.mu.Unlock()
	ag := a.game(id)
	if ag.work == nil || ag.work.Do(f, choice) != nil {
		ag.work = nil // planned again on the stored game
		return
	}
	ag.seq = seq
}

// postAIAction posts a completed action of the AI: its explanation lines,
// the action's log lines and the board, changed spaces outlined.
func (b *Bot) postAIAction(ctx context.Context, channel string, ch commands.Change, lines []string) error {
	text := commands.Summary(ch.Entries)
	if len(lines) > 0 {
		text = "🤖 " + strings.Join(lines, "\n🤖 ") + "\n\n" + text
	}
	var png []byte
	if b.board != nil && len(ch.Entries) > 0 {
		var err error
		if png, err = b.board(ch.After, commands.ChangedSpaces(ch.Before.StepStart(), ch.After.State()), nil); err != nil {
			b.log.Error("drawing the board", "game", ch.Game, "error", err)
		}
	}
	for i, part := range commands.Split(text, maxContent) {
		m := message{content: part}
		if i == 0 && png != nil {
			m.files = []file{{name: "board.png", data: png}}
		}
		if _, err := b.post(ctx, channel, m); err != nil {
			return fmt.Errorf("game %d: posting the AI's action: %w", ch.Game, err)
		}
	}
	return nil
}

// postAfterAI posts the turn message of the member the AI's run leaves
// the game waiting on, unless one shows that decision already.
func (b *Bot) postAfterAI(ctx context.Context, g *db.Game, channel string) error {
	old, ok := b.turn(ctx, g.ID)
	if ok && old.seq == g.Seq {
		return nil
	}
	msg, err := b.post(ctx, channel, b.turnMessage(g, g.Engine, g.Seq, 0, true))
	if err != nil {
		return fmt.Errorf("game %d: posting its turn message: %w", g.ID, err)
	}
	guild := msg.GuildID
	if guild == "" {
		if c, err := b.rest.Channel(channel, discordgo.WithContext(ctx)); err == nil {
			guild = c.GuildID
		}
	}
	b.setTurn(ctx, g.ID, guild, turnRef{msg.ChannelID, msg.ID, g.Seq})
	if ok && old.message != "" && old.message != msg.ID {
		b.closeTurn(ctx, old, g.ID, g.Seq)
	}
	return nil
}

// handToAI closes the turn message of a decision an AI seat now takes, and
// starts the AI.
func (b *Bot) handToAI(ctx context.Context, g *db.Game, channel string) {
	p := g.Engine.Prompt()
	if ref, ok := b.turn(ctx, g.ID); ok {
		b.editChannelMessage(ctx, ref, message{content: fmt.Sprintf("↪ %s is played by %s now; these buttons are gone.", commands.FactionTitle(p.Faction), who(g, p.Faction))})
		b.forgetTurn(ctx, g.ID)
	}
	b.playAI(g.ID, channel)
}

// ResumeAI starts the AI of every game waiting on an AI seat: at start-up
// (a run cut short by a restart goes on) and after each reminder pass.
func (b *Bot) ResumeAI(ctx context.Context) error {
	ws, err := b.store.Waiting(ctx)
	if err != nil {
		return err
	}
	for _, w := range ws {
		if _, ok := commands.AILevel(w.Player); ok && !commands.IsConsolePlace(w.Place) {
			b.playAI(w.Game, w.Place)
		}
	}
	return nil
}

// whyCommand answers /why: the alternatives the AI weighed for the
// channel's game's last AI action.
func (c *call) whyCommand(ctx context.Context, private bool) error {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	c.game = t.ID
	ex := c.b.ai.lastOf(t.ID)
	if ex == nil {
		c.outcome = "none"
		return c.reply(ctx, fmt.Sprintf("No AI action of game %d is known: the AI has not acted since the bot last started.", t.ID), private)
	}
	c.outcome = "ok"
	return c.reply(ctx, ex.Line()+"\n"+commands.WhyText(ex), private)
}

// seatAI gives faction f of t to the AI at the named level.
func (c *call) seatAI(ctx context.Context, t *table, f engine.Faction, level string) error {
	l, err := ai.ParseLevel(level)
	if err != nil {
		return refused("refused: ai level", err.Error()+". Nothing was changed.")
	}
	if c.b.rest.Token == "" {
		return refused("refused: no token", "The AI posts its actions with the bot token, and this bot has none (DISCORD_TOKEN). Nothing was changed.")
	}
	old := who(t.Game, f)
	if err := c.b.tables.SeatAIAs(ctx, c.actor(), t.Game, f, l); err != nil {
		return err
	}
	t.Seats[f] = commands.AISeat(l)
	c.outcome = "seated AI"
	if err := c.done(ctx, fmt.Sprintf("%s now plays %s.", who(t.Game, f), f),
		fmt.Sprintf("<@%s> gives **%s** (held by %s) to %s.", c.userID(), commands.FactionTitle(f), old, who(t.Game, f))); err != nil {
		return err
	}
	c.resumeIfWaiting(ctx, t, f)
	return nil
}

// aiSeatsOption reads /game new's per-faction AI options (nat:normal), in
// faction order, refusing a bad one before anything is created.
func (c *call) aiSeatsOption(o options) (map[engine.Faction]ai.Level, error) {
	seats := map[engine.Faction]ai.Level{}
	for _, f := range engine.Factions {
		v := o.str(strings.ToLower(f.String()))
		if v == "" {
			continue
		}
		l, err := ai.ParseLevel(v)
		if err != nil {
			return nil, refused("refused: ai level", fmt.Sprintf("%s: %v. Nothing was created.", f, err))
		}
		seats[f] = l
	}
	if len(seats) > 0 && c.b.rest.Token == "" {
		return nil, refused("refused: no token", "The AI posts its actions with the bot token, and this bot has none (DISCORD_TOKEN). Nothing was created.")
	}
	return seats, nil
}

// seatAIAtNew gives the seats asked for at /game new to the AI, in the
// lobby just opened in channel, and says so for the announcement.
func (c *call) seatAIAtNew(ctx context.Context, channel string, seats map[engine.Faction]ai.Level) (string, error) {
	if len(seats) == 0 {
		return "", nil
	}
	t, err := c.b.current(ctx, channel)
	if err != nil {
		return "", err
	}
	var names []string
	for _, f := range engine.Factions {
		l, ok := seats[f]
		if !ok {
			continue
		}
		if err := c.b.tables.SeatAIAs(ctx, c.actor(), t.Game, f, l); err != nil {
			return "", err
		}
		t.Seats[f] = commands.AISeat(l)
		names = append(names, fmt.Sprintf("%s (%s)", f, l.Name))
	}
	note := " The AI plays " + strings.Join(names, ", ") + "."
	if l, rated, err := c.b.store.GameLeague(ctx, t.ID); err == nil && rated && !l.RateAI {
		note += fmt.Sprintf(" **%s** does not rate games with AI seats, so this one will be listed as unrated.", l.Name)
	}
	return note, nil
}
