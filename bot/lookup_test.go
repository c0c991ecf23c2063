package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
)

func TestLookups(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "640"
	it := w.command(eve, ch, "status", "")
	if got := w.privateReply(it); !strings.Contains(got, "no game in this channel") {
		t.Errorf("/status without a game: %q", got)
	}
	g := w.setup(ch, "")
	before := w.saved(g.ID)
	for _, tc := range []struct {
		cmd   string
		opts  []opt
		want  []string
		share bool
	}{
		{"status", nil, []string{"Scenario 1937", "Next card: not yet revealed", "Draw deck: 52 cards, 4 of them Propaganda", "To decide: NAT (<@1002>)"}, false},
		{"victory", nil, []string{"If the game ended now"}, false},
		{"forces", nil, []string{"Available:"}, false},
		{"space", []opt{str("name", "Szechwan")}, []string{"Sichuan: Province"}, false},
		{"space", []opt{str("name", "wuhan-y")}, []string{"Wuhan-Yichang: River LoC"}, false},
		{"card", []opt{str("card", "17")}, []string{"New Fourth Army Incident", "stand-in"}, false},
		{"card", []opt{str("card", "fourth army incident")}, []string{"#17"}, false},
		{"log", []opt{num("lines", 5)}, []string{"```"}, false},
		{"status", []opt{flag("share", true)}, []string{"Scenario 1937"}, true},
	} {
		it := w.command(eve, ch, tc.cmd, "", tc.opts...)
		got := w.privateReply(it)
		if tc.share {
			got = w.publicReplies(it)
		}
		for _, s := range tc.want {
			if !strings.Contains(got, s) {
				t.Errorf("/%s %v: %q lacks %q", tc.cmd, tc.opts, got, s)
			}
		}
	}
	// The board, whole and as a close-up.
	it = w.command(eve, ch, "board", "")
	if r := w.fake.Replies(it); len(r) != 1 || len(r[0].Files) != 1 || !r[0].Ephemeral || w.render.focus != nil {
		t.Errorf("/board: %+v", r)
	}
	it = w.command(eve, ch, "board", "", str("space", "Kwangtung"), flag("share", true))
	if r := w.fake.Replies(it); len(r) != 1 || len(r[0].Files) != 1 || r[0].Ephemeral || w.render.focus == nil ||
		g.Engine.Map().Space(*w.render.focus).Name != "Guangdong" {
		t.Errorf("/board close-up: %+v", r)
	}
	// /help needs no game and names where the map and cards come from.
	it = w.command(eve, "641", "help", "")
	if got := w.privateReply(it); !strings.Contains(got, "stand-in") || !strings.Contains(got, "/game new") {
		t.Errorf("/help: %q", got)
	}
	if w.saved(g.ID) != before {
		t.Error("a lookup changed the game")
	}
	// Autocomplete: spaces by old names, cards by title, choices of the
	// prompt; nothing beyond 25.
	names := func(list []map[string]any) []string {
		var out []string
		for _, c := range list {
			out = append(out, c["value"].(string))
		}
		return out
	}
	if got := names(w.complete(eve, ch, "space", typing("name", "szech"))); len(got) == 0 || got[0] != "Sichuan" {
		t.Errorf("space completion: %v", got)
	}
	if got := names(w.complete(eve, ch, "space", typing("name", ""))); len(got) != 25 {
		t.Errorf("empty space completion: %d entries", len(got))
	}
	if got := names(w.complete(eve, ch, "card", typing("card", "flying"))); len(got) == 0 || got[0] != "24" {
		t.Errorf("card completion: %v", got)
	}
	if got := names(w.complete(bob, ch, "do", typing("choice", "shaa"))); len(got) != 2 || got[0] != "space:Shaanxi" || got[1] != "space:Shanxi" {
		t.Errorf("choice completion: %v", got)
	}
	if got := names(w.complete(bob, ch, "do", typing("choice", "Shaanxi; "))); len(got) == 0 || !strings.HasPrefix(got[0], "Shaanxi; ") {
		t.Errorf("script completion: %v", got)
	}
	if got := w.complete(bob, "642", "do", typing("choice", "x")); len(got) != 0 {
		t.Errorf("completion without a game: %v", got)
	}
	// A long log is split into messages within Discord's limit.
	w.command(bob, ch, "do", "", str("choice", "Shaanxi; 2; from Hebei 1; done"))
	it = w.command(eve, ch, "log", "", num("lines", 200))
	if len(w.fake.Replies(it)) == 0 {
		t.Error("/log sent nothing")
	}
	w.checkDiscord()
}

// TestSummary: an action that completes a step is summed up with the board,
// its changed spaces outlined, and the next player is pinged in a new
// message.
func TestSummary(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "650"
	g := w.setup(ch, "")
	first, _, _ := w.turnMessage(ch)
	it := w.command(bob, ch, "do", "", str("choice", "Shaanxi; 2; from Hebei 1; done"))
	if got := w.privateReply(it); !strings.Contains(got, "Applied for NAT: Shaanxi") {
		t.Fatalf("/do: %q", got)
	}
	pub := w.fake.Replies(it)[1:]
	if len(pub) < 2 {
		t.Fatalf("replies: %+v", pub)
	}
	summary, next := pub[0], pub[len(pub)-1]
	if !strings.Contains(summary.Content, "NAT: Setup: moved") || len(summary.Files) != 1 || summary.Ephemeral {
		t.Errorf("summary: %+v", summary)
	}
	var hl []string
	for _, id := range w.render.last {
		hl = append(hl, g.Engine.Map().Space(id).Name)
	}
	for _, s := range []string{"Shaanxi", "Hebei", "Zhengzhou-Xi'an"} {
		if !contains(hl, s) {
			t.Errorf("highlighted %v, want %s among them", hl, s)
		}
	}
	if !contains(next.Pinged, cat.ID) || !strings.Contains(next.Content, "WLD") {
		t.Errorf("next turn: %+v", next)
	}
	// The old turn message was closed: its buttons are gone.
	if m, _ := w.fake.Message(first.ID); len(m.Components) != 0 || !strings.Contains(m.Content, "NAT (Nationalists) (<@1002>) chose") {
		t.Errorf("old turn message: %+v", m)
	}
	w.checkDiscord()
}

// TestDoWithoutToken: an HTTP-endpoint bot without a bot token cannot edit
// an earlier turn message, so /do posts the turn anew.
func TestDoWithoutToken(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP, noToken: true})
	const ch = "660"
	w.setup(ch, "")
	it := w.command(bob, ch, "do", "", str("choice", "Shaanxi"))
	pub := w.fake.Replies(it)[1:]
	if len(pub) != 1 || len(pub[0].Controls()) == 0 || len(pub[0].Pinged) != 0 {
		t.Fatalf("after /do: %+v", pub)
	}
	msg, id, _ := w.turnMessage(ch)
	if msg.ID != pub[0].ID || id.Seq != 1 {
		t.Fatalf("turn message %s at %d", msg.ID, id.Seq)
	}
	w.click(bob, msg, msg.Controls()[0].CustomID)
	if w.game(ch).Seq != 2 {
		t.Fatal("click on the reposted turn message failed")
	}
	w.checkDiscord()
}

// TestCommandsFitDiscord registers the commands with the fake, which holds
// them to Discord's limits, and checks the definitions themselves.
func TestCommandsFitDiscord(t *testing.T) {
	for _, c := range commands.Slash {
		for _, err := range commands.CheckSlash(c) {
			t.Error(err)
		}
	}
	for _, c := range applicationCommands() {
		data, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 8000 {
			t.Errorf("/%s is %d bytes of JSON", c.Name, len(data))
		}
	}
	w := newWorld(t, worldOptions{})
	if err := w.bot.Register(w.fake.AppID, ""); err != nil {
		t.Fatal(err)
	}
	if err := w.bot.Register(w.fake.AppID, "800000000000000001"); err != nil {
		t.Fatal(err)
	}
	if got := len(w.fake.Commands("")); got != len(commands.Slash) {
		t.Errorf("%d commands registered, want %d", got, len(commands.Slash))
	}
	w.checkDiscord()
}

// TestLogs: one structured line per interaction, with the game, the
// faction, the latency and the outcome.
func TestLogs(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaGateway})
	const ch = "670"
	w.setup(ch, "")
	msg, _, _ := w.turnMessage(ch)
	w.click(bob, msg, msg.Controls()[0].CustomID)
	w.click(eve, msg, msg.Controls()[0].CustomID)
	lines := w.logs.lines()
	var clicks []map[string]any
	for _, l := range lines {
		if l["msg"] != "interaction" {
			continue
		}
		for _, k := range []string{"interaction", "what", "channel", "latency_ms", "outcome", "user"} {
			if _, ok := l[k]; !ok {
				t.Errorf("log line without %s: %v", k, l)
			}
		}
		if strings.HasPrefix(l["what"].(string), "click") {
			clicks = append(clicks, l)
		}
	}
	if len(clicks) != 2 || clicks[0]["outcome"] != "applied" || clicks[0]["faction"] != "NAT" || clicks[0]["game"] == nil ||
		clicks[1]["outcome"] != "refused: not your seat" {
		t.Errorf("click log lines: %v", clicks)
	}
}

// TestShutdownFinishesWork: work under way when the bot is told to stop is
// finished; interactions arriving after are refused politely.
func TestShutdownFinishesWork(t *testing.T) {
	slow := func(g *engine.Game, hl []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		time.Sleep(300 * time.Millisecond)
		return tinyPNG, nil
	}
	w := newWorld(t, worldOptions{route: viaGateway, render: slow})
	const ch = "680"
	w.setup(ch, "")
	i := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, eve, commandData("board", ""), nil)
	it := w.fake.Expect(i)
	w.bot.OnInteractionCreate(nil, &discordgo.InteractionCreate{Interaction: i})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.bot.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if r := w.fake.Replies(it); len(r) != 1 || len(r[0].Files) != 1 {
		t.Fatalf("the board under way was not finished: %+v", r)
	}
	late := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, eve, commandData("status", ""), nil)
	it = w.fake.Expect(late)
	w.bot.OnInteractionCreate(nil, &discordgo.InteractionCreate{Interaction: late})
	if got := w.privateReply(it); !strings.Contains(got, "restarting") {
		t.Errorf("after shutdown: %q", got)
	}
	w.checkDiscord()
}

// TestLobbySurvivesRestart: seats and the lobby are stored, not remembered.
func TestLobbySurvivesRestart(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "690"
	w.command(ann, ch, "game", "new", str("scenario", "1937"))
	w.command(ann, ch, "game", "join", str("faction", "JPN"))
	w.command(bob, ch, "game", "join", str("faction", "NAT"))
	w.restart()
	w.command(cat, ch, "game", "join", str("faction", "WLD"))
	w.command(dan, ch, "game", "join", str("faction", "CPC"))
	it := w.command(eve, ch, "game", "abandon")
	if got := w.privateReply(it); !strings.Contains(got, "Only the member who opened") {
		t.Errorf("abandon by a stranger after a restart: %q", got)
	}
	it = w.command(ann, ch, "game", "start")
	if got := w.publicReplies(it); !strings.Contains(got, "starts") {
		t.Fatalf("start after a restart: %q %q", w.privateReply(it), got)
	}
	w.restart()
	it = w.command(ann, ch, "game", "start")
	if got := w.privateReply(it); !strings.Contains(got, "already started") {
		t.Errorf("second start after a restart: %q", got)
	}
	w.checkDiscord()
}

// TestCardFromTheGamesDeck: /card in the channel of a game created under an
// earlier version of the stand-in deck shows that game's cards, and says
// so; elsewhere it shows the current deck.
func TestCardFromTheGamesDeck(t *testing.T) {
	w := newWorld(t, worldOptions{})
	old, err := engine.EmbeddedDeck("sha256:aa303126f7229af8")
	if err != nil {
		t.Fatal(err)
	}
	const ch = "650"
	if _, err := w.store.Create(context.Background(), ch, engine.Config{Scenario: "1937", Seed: 8, Deck: old}, nil); err != nil {
		t.Fatal(err)
	}
	got := w.privateReply(w.command(eve, ch, "card", "", str("card", "43")))
	if strings.Contains(got, "toward Neutral") {
		t.Errorf("/card 43 in the old game's channel shows the current card: %q", got)
	}
	for _, want := range []string{"The December Incident", "earlier version of the stand-in deck", "stand-in written for this project"} {
		if !strings.Contains(got, want) {
			t.Errorf("/card 43 in the old game's channel: %q lacks %q", got, want)
		}
	}
	got = w.privateReply(w.command(eve, "651", "card", "", str("card", "43")))
	if !strings.Contains(got, "shift it 1 level toward Neutral") || strings.Contains(got, "earlier version") {
		t.Errorf("/card 43 without a game: %q", got)
	}
}
