package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/chart"
)

// A world is the bot, its database and a fake Discord, with helpers that
// act as members clicking and typing.

type route int

const (
	viaHTTP route = iota
	viaGateway
	viaEither // each interaction picks one at random
)

type world struct {
	t      testing.TB
	fake   *fakediscord.Server
	dbPath string
	store  *db.Store
	bot    *Bot
	ep     *httptest.Server // the bot's HTTP interactions endpoint
	route  route
	procs  []*botProcess // bots in other processes, when they serve instead
	token  bool          // the bot has a bot token
	rng    *rand.Rand
	render *fakeRenderer
	logs   *syncBuffer
	layout commands.Layout
	clock  *testClock
	// deferClicks answers every click with a deferral before its work
	// begins, as clicks whose work outlasts the bot's answerWait are.
	deferClicks bool
	answerWait  time.Duration // the bot's, when not zero
}

// testClock is the bot's clock in tests: fixed until a test moves it.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

type worldOptions struct {
	route   route
	layout  commands.Layout
	noToken bool
	render  BoardRenderer // overrides the fake renderer
	// fakeChild runs the fake Discord in a process of its own
	// (fakediscord.Start), whose CPU time is not the test's.
	fakeChild bool
	// deferClicks, answerWait: see world.
	deferClicks bool
	answerWait  time.Duration
}

func newWorld(t testing.TB, o worldOptions) *world {
	t.Helper()
	fake := fakediscord.New
	if o.fakeChild {
		fake = func() *fakediscord.Server {
			s, err := fakediscord.Start()
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	w := &world{t: t, fake: fake(), dbPath: filepath.Join(t.TempDir(), "games.db"), route: o.route,
		token: !o.noToken, rng: rand.New(rand.NewPCG(1, 2)), render: &fakeRenderer{}, logs: &syncBuffer{},
		clock: &testClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}}
	t.Cleanup(func() {
		w.stop()
		w.fake.Close()
	})
	w.layout = o.layout
	w.deferClicks, w.answerWait = o.deferClicks, o.answerWait
	w.render.next = o.render
	w.start()
	return w
}

// start opens the database and starts a bot on it.
func (w *world) start() {
	w.t.Helper()
	st, err := db.Open(w.dbPath)
	if err != nil {
		w.t.Fatal(err)
	}
	token := ""
	if w.token {
		token = "Bot " + w.fake.Token
	}
	rest, err := discordgo.New(token)
	if err != nil {
		w.t.Fatal(err)
	}
	rest.Client = w.fake.Client()
	b, err := New(Config{Store: st, REST: rest, Board: w.render.render, Charts: chart.Drawer{}, Seed: func() uint64 { return 42 }, Layout: w.layout, Now: w.clock.Now,
		Log: slog.New(slog.NewJSONHandler(w.logs, nil))})
	if err != nil {
		w.t.Fatal(err)
	}
	if w.answerWait != 0 {
		b.answerWait = w.answerWait
	}
	if w.deferClicks {
		b.answerWait = 0
	}
	w.store, w.bot = st, b
	w.ep = httptest.NewServer(b.HTTPHandler(w.fake.Public))
}

// stop shuts the bot down as serve does on SIGTERM.
func (w *world) stop() {
	if w.bot == nil {
		return
	}
	w.ep.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.bot.Shutdown(ctx); err != nil {
		w.t.Error(err)
	}
	if err := w.store.Close(); err != nil {
		w.t.Error(err)
	}
	w.bot, w.store = nil, nil
}

func (w *world) restart() {
	w.stop()
	w.start()
}

// deliver sends an interaction by the world's route and waits for the
// bot to finish with it.
func (w *world) deliver(i *discordgo.Interaction) *fakediscord.Interaction {
	w.t.Helper()
	if len(w.procs) > 0 {
		return w.deliverTo(w.procs[w.rng.IntN(len(w.procs))], i)
	}
	r := w.route
	if r == viaEither {
		r = route(w.rng.IntN(2))
	}
	var it *fakediscord.Interaction
	if r == viaHTTP {
		var err error
		if it, err = w.fake.Post(w.ep.URL+"/interactions", i); err != nil {
			w.t.Fatalf("posting interaction: %v", err)
		}
	} else {
		it = w.fake.Expect(i)
		w.bot.OnInteractionCreate(nil, &discordgo.InteractionCreate{Interaction: i})
	}
	select {
	case <-it.Answered:
	case <-time.After(5 * time.Second):
		w.t.Fatalf("interaction %s was not answered", i.ID)
	}
	w.bot.Wait()
	return it
}

// Options of a slash command as Discord sends them.
type opt struct {
	name    string
	typ     int
	value   any
	focused bool
}

func str(name, v string) opt       { return opt{name: name, typ: 3, value: v} }
func num(name string, v int) opt   { return opt{name: name, typ: 4, value: v} }
func flag(name string, v bool) opt { return opt{name: name, typ: 5, value: v} }
func user(name, id string) opt     { return opt{name: name, typ: 6, value: id} }
func typing(name, v string) opt    { return opt{name: name, typ: 3, value: v, focused: true} }

func optionsJSON(opts []opt) []map[string]any {
	out := []map[string]any{}
	for _, o := range opts {
		m := map[string]any{"name": o.name, "type": o.typ, "value": o.value}
		if o.focused {
			m["focused"] = true
		}
		out = append(out, m)
	}
	return out
}

// commandData is a command's data; sub names a subcommand, or "".
func commandData(name, sub string, opts ...opt) map[string]any {
	d := map[string]any{"id": "1", "name": name, "type": 1, "options": optionsJSON(opts)}
	if sub != "" {
		d["options"] = []map[string]any{{"name": sub, "type": 1, "options": optionsJSON(opts)}}
	}
	var users map[string]any
	for _, o := range opts {
		if o.typ == 6 {
			if users == nil {
				users = map[string]any{}
			}
			id := o.value.(string)
			users[id] = map[string]any{"id": id, "username": "user" + id}
		}
	}
	if users != nil {
		d["resolved"] = map[string]any{"users": users}
	}
	return d
}

func (w *world) command(m fakediscord.Member, channel, name, sub string, opts ...opt) *fakediscord.Interaction {
	w.t.Helper()
	return w.deliver(w.fake.Interaction(discordgo.InteractionApplicationCommand, channel, m, commandData(name, sub, opts...), nil))
}

// complete asks for autocomplete suggestions.
func (w *world) complete(m fakediscord.Member, channel, name string, opts ...opt) []map[string]any {
	w.t.Helper()
	it := w.deliver(w.fake.Interaction(discordgo.InteractionApplicationCommandAutocomplete, channel, m, commandData(name, "", opts...), nil))
	if it.Type != 8 {
		w.t.Fatalf("autocomplete answered with type %d", it.Type)
	}
	return it.Choices
}

// click presses a control of a message; values are a menu's picks.
func (w *world) click(m fakediscord.Member, msg fakediscord.Message, customID string, values ...string) *fakediscord.Interaction {
	w.t.Helper()
	w.fake.Messages("") // settle
	data := map[string]any{"custom_id": customID, "component_type": 2}
	if values != nil {
		data["component_type"], data["values"] = 3, values
	}
	return w.deliver(w.fake.Interaction(discordgo.InteractionMessageComponent, msg.Channel, m, data, &msg))
}

// privateReply is the text of an interaction's ephemeral answer(s).
func (w *world) privateReply(it *fakediscord.Interaction) string {
	var b strings.Builder
	for _, m := range w.fake.Replies(it) {
		if m.Ephemeral {
			b.WriteString(m.Text() + "\n")
		}
	}
	return b.String()
}

// publicReplies is the text of an interaction's public messages.
func (w *world) publicReplies(it *fakediscord.Interaction) string {
	var b strings.Builder
	for _, m := range w.fake.Replies(it) {
		if !m.Ephemeral {
			b.WriteString(m.Text() + "\n")
		}
	}
	return b.String()
}

// turnMessage finds the newest public message offering decision controls.
// It is among the channel's last few messages, unless a test had much
// said after it.
func (w *world) turnMessage(channel string) (fakediscord.Message, commands.ControlID, bool) {
	if m, id, ok := turnIn(w.fake.Recent(channel, 8)); ok {
		return m, id, ok
	}
	return turnIn(w.fake.Messages(channel))
}

// turnIn finds the newest public message of msgs offering decision
// controls.
func turnIn(msgs []fakediscord.Message) (fakediscord.Message, commands.ControlID, bool) {
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.Ephemeral {
			continue
		}
		for _, c := range m.Controls() {
			if id, err := commands.ParseControlID(c.CustomID); err == nil && id.Kind != commands.KindAbandon && id.Kind != commands.KindKeep {
				return m, id, true
			}
		}
	}
	return fakediscord.Message{}, commands.ControlID{}, false
}

// game loads the channel's active game from the store.
// finishSetup answers the set-up choices of game g in channel (the last
// choice, or "done") until the game asks for an action, and returns it.
func (w *world) finishSetup(channel string, g *db.Game) *db.Game {
	w.t.Helper()
	for i := 0; i < 20 && !commands.IsActionChoice(g.Engine.Prompt()); i++ {
		pr := g.Engine.Prompt()
		choice := pr.Choices[len(pr.Choices)-1].ID
		if pr.Has("done") {
			choice = "done"
		}
		w.command(memberFor(pr.Faction), channel, "do", "", str("choice", choice))
		g = w.game(channel)
	}
	return g
}

func (w *world) game(channel string) *db.Game {
	w.t.Helper()
	id, err := w.store.ActiveGame(context.Background(), channel)
	if err != nil {
		w.t.Fatalf("no active game in %s: %v", channel, err)
	}
	g, err := w.store.Load(context.Background(), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return g
}

// saved is the engine save of a stored game.
func (w *world) saved(id int64) string {
	w.t.Helper()
	g, err := w.store.Load(context.Background(), id)
	if err != nil {
		w.t.Fatal(err)
	}
	b, err := g.Engine.MarshalJSON()
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// checkDiscord fails the test for every rule the bot broke.
func (w *world) checkDiscord() {
	w.t.Helper()
	for _, p := range w.fake.Problems() {
		w.t.Error("Discord would object: " + p)
	}
	if u := w.fake.Unanswered(); len(u) > 0 {
		w.t.Errorf("interactions never answered: %v", u)
	}
}

// Members of the fake guild.
var (
	ann   = fakediscord.Member{ID: "1001", Name: "ann"}
	bob   = fakediscord.Member{ID: "1002", Name: "bob"}
	cat   = fakediscord.Member{ID: "1003", Name: "cat"}
	dan   = fakediscord.Member{ID: "1004", Name: "dan"}
	eve   = fakediscord.Member{ID: "1005", Name: "eve"}
	admin = fakediscord.Member{ID: "1006", Name: "admin", Permissions: discordgo.PermissionManageChannels}
)

// setup opens a game in channel with one member per faction (ann JPN,
// bob NAT, cat WLD, dan CPC) and starts it.
func (w *world) setup(channel string, rules string) *db.Game {
	w.t.Helper()
	opts := []opt{str("scenario", "1937")}
	if rules != "" {
		opts = append(opts, str("rules", rules))
	}
	w.command(ann, channel, "game", "new", opts...)
	for i, m := range []fakediscord.Member{ann, bob, cat, dan} {
		w.command(m, channel, "game", "join", str("faction", engine.Factions[i].String()))
	}
	it := w.command(ann, channel, "game", "start")
	if !strings.Contains(w.publicReplies(it), "starts") {
		w.t.Fatalf("start: %q %q", w.privateReply(it), w.publicReplies(it))
	}
	return w.game(channel)
}

// memberFor returns who plays f in the standard setup.
func memberFor(f engine.Faction) fakediscord.Member {
	return []fakediscord.Member{ann, bob, cat, dan}[f]
}

// fakeRenderer draws a 1x1 PNG, or passes the work to next, and
// remembers what it was asked.
type fakeRenderer struct {
	mu    sync.Mutex
	next  BoardRenderer
	calls int
	last  []engine.SpaceID
	focus *engine.SpaceID
}

var tinyPNG = func() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.RGBA{200, 30, 30, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}()

func (r *fakeRenderer) render(g *engine.Game, hl []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
	r.mu.Lock()
	r.calls++
	r.last, r.focus = append([]engine.SpaceID(nil), hl...), focus
	next := r.next
	r.mu.Unlock()
	if next != nil {
		return next(g, hl, focus)
	}
	return tinyPNG, nil
}

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// lines returns the JSON log lines.
func (s *syncBuffer) lines() []map[string]any {
	s.mu.Lock()
	data := append([]byte(nil), s.b.Bytes()...)
	s.mu.Unlock()
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var m map[string]any
		if err := dec.Decode(&m); err == io.EOF {
			return out
		} else if err != nil {
			return out
		}
		out = append(out, m)
	}
}

// manager is m with Manage Server, as a server's owner or moderator.
func manager(m fakediscord.Member) fakediscord.Member {
	m.Permissions |= discordgo.PermissionManageGuild
	return m
}
