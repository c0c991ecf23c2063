// Package bot runs China's War games in Discord channels.
//
// Interactions reach one handler by either of Discord's two routes: the
// gateway (a websocket; discordgo calls OnInteractionCreate) or an HTTP
// interactions endpoint (ServeHTTP, which checks Discord's Ed25519
// signature first). Either way the handler answers within Discord's 3
// seconds: at once for autocomplete and fixed text; for a click on a
// message, with the message as the click left it when the click's work
// finishes in time (answer.go); otherwise with a deferral, after which the
// work (storage, rendering) runs in the background and edits the deferred
// response and sends follow-ups through Discord's REST API.
//
// Nothing about a game lives only in memory. A game is a row of the store
// keyed by its channel; every button carries the game, the faction, the
// game's decision count and the choice (commands.ControlID). A button
// pressed after a restart is checked against the stored game like any
// other, and the interaction id makes each press count once. What the bot
// keeps in memory is a cache: which message is a game's current turn
// message, and the latest game state for autocomplete.
package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/remind"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// BoardRenderer draws a game's board as PNG bytes, outlining the spaces in
// highlight; with focus set it draws a close-up of that space and its
// neighbours instead. serve.go injects the real renderer.
type BoardRenderer func(g *engine.Game, highlight []engine.SpaceID, focus *engine.SpaceID) ([]byte, error)

// Config is what a Bot needs.
type Config struct {
	Store *db.Store
	// REST sends everything but the first answer to a gateway interaction's
	// HTTP endpoint: deferred edits, follow-ups, command registration. Its
	// Token may be empty for an HTTP-endpoint bot, which then cannot edit a
	// turn message from a slash command (it posts a fresh one instead).
	REST *discordgo.Session
	// Board renders board images; nil when none are available.
	Board BoardRenderer
	// Charts draws the league and margin charts; nil when none are
	// available.
	Charts ChartRenderer
	// Log receives one line per interaction; slog.Default() when nil.
	Log *slog.Logger
	// Seed seeds new games; random when nil. Tests fix it.
	Seed func() uint64
	// Layout says when choices become a menu; zero for Discord's most.
	Layout commands.Layout
	// Now tells the time for reminders and turn messages; time.Now when
	// nil. Tests drive reminders with a fake clock.
	Now func() time.Time
}

// Bot handles interactions. It is safe for concurrent use.
type Bot struct {
	store  *db.Store
	tables *commands.Tables // every change to a game goes through it
	rest   *discordgo.Session
	board  BoardRenderer
	asked  memberRenders // /board pictures each member is waiting for
	charts ChartRenderer
	log    *slog.Logger
	seed   func() uint64
	menus  commands.Layout
	now    func() time.Time
	sched  *remind.Scheduler
	ai     *aiSeats // the AI seats' players and runs

	// ctx is cancelled when a shutdown gives up waiting for work.
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	closed  bool
	work    sync.WaitGroup
	workers *workers               // run the work after first answers
	locks   map[string]*sync.Mutex // per channel, for seat and lifecycle changes
	recent  map[string]cached      // per channel, for autocomplete

	// answerWait is how long a click's first answer waits for its work;
	// zero answers every click with a deferral before its work begins.
	answerWait time.Duration
}

// turnRef is the message showing a game's current decision, kept in the
// store so that it survives restarts.
type turnRef struct {
	channel, message string
	seq              int64 // the decision count it shows
}

// cached is a channel's game as last seen.
type cached struct {
	id, seq int64
	g       *engine.Game // never changed once cached
}

// New makes a Bot.
func New(cfg Config) (*Bot, error) {
	if cfg.Store == nil || cfg.REST == nil {
		return nil, errors.New("bot: a store and a REST session are required")
	}
	b := &Bot{store: cfg.Store, tables: commands.NewTables(cfg.Store), rest: cfg.REST, board: cfg.Board, log: cfg.Log, seed: cfg.Seed, menus: cfg.Layout, now: cfg.Now,
		locks: map[string]*sync.Mutex{}, recent: map[string]cached{}, ai: newAISeats()}
	if b.log == nil {
		b.log = slog.Default()
	}
	b.log = slog.New(redacting(b.log.Handler()))
	b.board = bounded(b.board, renderSlots())
	if b.charts = cfg.Charts; b.charts == nil {
		b.charts = noCharts{}
	}
	if b.now == nil {
		b.now = time.Now
	} else {
		// Waits begin at the bot's time, which reminders compare with.
		cfg.Store.SetClock(b.now)
	}
	r := reminders{b}
	b.sched = remind.New(r, remindStore{b.store}, r, r, clockFunc(b.now))
	if b.seed == nil {
		b.seed = rand.Uint64
	}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	b.workers = newWorkers()
	b.answerWait = clickWait
	return b, nil
}

// Shutdown stops taking interactions and waits for the work under way to
// finish, or for ctx to end, when it cancels the rest.
func (b *Bot) Shutdown(ctx context.Context) error {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	done := make(chan struct{})
	go func() {
		b.work.Wait()
		close(done)
	}()
	defer b.workers.stop()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		b.cancel()
		<-done
		return fmt.Errorf("bot: shutdown: work cut short: %w", ctx.Err())
	}
}

// Wait waits until no interaction is being worked on. Tests call it between
// interactions; it must not race with new ones arriving.
func (b *Bot) Wait() { b.work.Wait() }

// enter counts an interaction in, unless the bot is shutting down.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.work.Add(1)
	return true
}

// channelLock serialises changes to a channel's seats and game, so that a
// seat cannot be taken twice by two joins at once.
func (b *Bot) channelLock(channel string) *sync.Mutex {
	b.mu.Lock()
	defer b.mu.Unlock()
	l := b.locks[channel]
	if l == nil {
		l = &sync.Mutex{}
		b.locks[channel] = l
	}
	return l
}

func (b *Bot) turn(ctx context.Context, game int64) (turnRef, bool) {
	r, ok, err := b.store.Turn(ctx, game)
	if err != nil {
		b.log.Warn("reading the turn message", "game", game, "error", err)
	}
	return turnRef{channel: r.Channel, message: r.Message, seq: r.Seq}, ok
}

// setTurn records game's turn message; guild is the channel's guild, for
// links.
func (b *Bot) setTurn(ctx context.Context, game int64, guild string, t turnRef) {
	if err := b.store.SetTurn(ctx, game, db.TurnRef{Guild: guild, Channel: t.channel, Message: t.message, Seq: t.seq, Since: b.now()}); err != nil {
		b.log.Warn("recording the turn message", "game", game, "error", err)
	}
}

func (b *Bot) forgetTurn(ctx context.Context, game int64) {
	if err := b.store.ClearTurn(ctx, game); err != nil {
		b.log.Warn("forgetting the turn message", "game", game, "error", err)
	}
}

// remember caches a channel's game; g must not change afterwards.
func (b *Bot) remember(channel string, id, seq int64, g *engine.Game) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.recent[channel] = cached{id: id, seq: seq, g: g}
}

func (b *Bot) cachedGame(channel string, id, seq int64) *engine.Game {
	b.mu.Lock()
	defer b.mu.Unlock()
	if c, ok := b.recent[channel]; ok && c.id == id && c.seq == seq {
		return c.g
	}
	return nil
}

// responder delivers an interaction's first answer: over the gateway's REST
// callback, or as the HTTP endpoint's response body.
type responder func(*discordgo.InteractionResponse) error

// handle is the one entry point of both routes. It answers the interaction
// at once and runs any deferred work in the background. shown is the
// interaction's body, when the route left its message undecoded
// (decodeInteraction).
func (b *Bot) handle(i *discordgo.Interaction, shown json.RawMessage, respond responder) {
	c := newCall(b, i)
	c.shown = shown
	if !b.enter() {
		c.outcome = "refused: shutting down"
		if err := respond(ephemeral("The bot is restarting; try again in a minute. Nothing was changed.")); err != nil {
			c.fail(err)
		}
		c.logLine()
		return
	}
	resp, work := c.firstAnswer()
	if h := c.handoff; h != nil && work != nil {
		// The work may give the first answer (answer.go): it starts
		// first, and the answer waits for it, briefly.
		b.run(c, work)
		timer := time.NewTimer(b.answerWait)
		r := h.choose(resp, timer.C)
		timer.Stop()
		err := respond(r)
		c.ack = time.Since(c.start)
		h.done(err) // the work records err, if any, for the log line
		return
	}
	err := respond(resp)
	c.ack = time.Since(c.start)
	if err != nil || work == nil {
		if err != nil {
			c.fail(fmt.Errorf("answering: %w", err))
		}
		c.logLine()
		b.work.Done()
		return
	}
	b.run(c, work)
}

// run runs an interaction's work on a worker, then logs the interaction
// and counts it out.
func (b *Bot) run(c *call, work work) {
	b.workers.run(func() {
		defer b.work.Done()
		defer c.logLine()
		defer c.settleAnswer()
		defer func() {
			if r := recover(); r != nil {
				c.fail(fmt.Errorf("panic: %v\n%s", r, debug.Stack()))
				c.tell("Something went wrong on the bot's side; nothing more was changed. The error is logged.")
			}
		}()
		ctx, cancel := context.WithTimeout(b.ctx, 14*time.Minute) // interaction tokens last 15
		defer cancel()
		work(ctx)
	})
}

// settleAnswer makes sure, once the work is done, that the first answer
// was sent, and records its failure. Before the work began it always was.
func (c *call) settleAnswer() {
	if h := c.handoff; h != nil && c.outcome == "duplicate" {
		// Another delivery of this click applied it, and may be about to
		// answer with the message updated: a deferral from here could
		// reach Discord first and take its place. Let the wait run out.
		<-h.sent
	}
	if _, err := c.answerWith(nil); err != nil {
		c.fail(fmt.Errorf("answering: %w", err))
	}
}

// call is one interaction being handled.
type call struct {
	b        *Bot
	i        *discordgo.Interaction
	user     *discordgo.User
	start    time.Time
	ack      time.Duration
	deferred bool // the first answer was a deferral: edit it before any follow-up
	// handoff, for a click, lets its work give the first answer; nil when
	// the first answer is sent before the work begins.
	handoff *handoff
	// shown is the interaction as the HTTP route received it, whose
	// message i.Message holds only the id and channel of; nil when
	// i.Message is whole (shownMessage).
	shown json.RawMessage

	// For the log line.
	what    string
	game    int64
	faction string
	seq     int64
	outcome string
	err     error
}

func newCall(b *Bot, i *discordgo.Interaction) *call {
	c := &call{b: b, i: i, start: time.Now(), seq: -1}
	switch {
	case i.Member != nil && i.Member.User != nil:
		c.user = i.Member.User
	case i.User != nil:
		c.user = i.User
	}
	return c
}

// fail records err for the log line, after any error recorded already: a
// store failure followed by a failed message keeps both causes.
func (c *call) fail(err error) {
	if err == nil || errors.Is(c.err, err) {
		return
	}
	c.err = errors.Join(c.err, err)
	if c.outcome == "" {
		c.outcome = "error"
	}
}

func (c *call) logLine() {
	// Attrs, not arguments: an argument is boxed, an allocation each.
	attrs := append(make([]slog.Attr, 0, 12),
		slog.String("interaction", c.i.ID),
		slog.String("what", c.what),
		slog.String("channel", c.i.ChannelID),
		slog.Float64("ack_ms", float64(c.ack.Microseconds())/1000),
		slog.Float64("latency_ms", float64(time.Since(c.start).Microseconds())/1000),
		slog.String("outcome", c.outcome),
	)
	if c.user != nil {
		attrs = append(attrs, slog.String("user", c.user.ID))
	}
	if c.game != 0 {
		attrs = append(attrs, slog.Int64("game", c.game))
	}
	if c.faction != "" {
		attrs = append(attrs, slog.String("faction", c.faction))
	}
	if c.seq >= 0 {
		attrs = append(attrs, slog.Int64("seq", c.seq))
	}
	if c.err != nil {
		c.b.log.LogAttrs(context.Background(), slog.LevelError, "interaction", append(attrs, slog.String("error", c.err.Error()))...)
		return
	}
	c.b.log.LogAttrs(context.Background(), slog.LevelInfo, "interaction", attrs...)
}

// userID is who acted, or "" when Discord sent no user.
func (c *call) userID() string {
	if c.user == nil {
		return ""
	}
	return c.user.ID
}

// displayName is how people in the channel know the user.
func (c *call) displayName() string {
	if c.i.Member != nil && c.i.Member.Nick != "" {
		return c.i.Member.Nick
	}
	if c.user == nil {
		return ""
	}
	if c.user.GlobalName != "" {
		return c.user.GlobalName
	}
	return c.user.Username
}

// canManage reports whether the user has Manage Channels here.
func (c *call) canManage() bool {
	return c.i.Member != nil && c.i.Member.Permissions&discordgo.PermissionManageChannels != 0
}
