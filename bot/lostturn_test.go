package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// loseTurnMessage starts a game in ch and plays it while every turn
// message fails to post (an outage), until a decision leaves the game with
// none showing what it waits for; then the outage ends. It returns the game
// and what it waits for.
func loseTurnMessage(w *world, ch string) (*db.Game, db.Waiting) {
	w.t.Helper()
	g := w.setup(ch, "")
	w.fake.FailPosts(func(content string) bool { return strings.Contains(content, "to decide") })
	defer w.fake.FailPosts(nil)
	for range 20 {
		pr := g.Engine.Prompt()
		choice := pr.Choices[len(pr.Choices)-1].ID
		if pr.Has("done") {
			choice = "done"
		}
		w.command(memberFor(pr.Faction), ch, "do", "", str("choice", choice))
		g = w.game(ch)
		wt, ok, err := w.store.WaitingFor(context.Background(), g.ID)
		if err != nil || !ok || wt.Seq != g.Seq {
			w.t.Fatalf("after a decision the game waits for %+v, %v, %v; its decision count is %d", wt, ok, err, g.Seq)
		}
		if wt.Turn == nil {
			return g, wt
		}
	}
	w.t.Fatal("no decision left the game without a turn message")
	return nil, db.Waiting{}
}

// decideButton returns the custom id of a decision button of msg.
func decideButton(t *testing.T, msg fakediscord.Message) string {
	t.Helper()
	for _, c := range msg.Controls() {
		if cid, err := commands.ParseControlID(c.CustomID); err == nil && cid.Kind == commands.KindDecide {
			return c.CustomID
		}
	}
	t.Fatalf("the turn message has no decision button: %+v", msg.Controls())
	return ""
}

// A turn message that could not be posted does not stall the game: the
// game still waits in the store, and its reminder posts a fresh turn
// message first and points at it; that message's buttons play.
func TestReminderAfterAFailedTurnPost(t *testing.T) {
	w := newWorld(t, worldOptions{})
	ctx := context.Background()
	const ch = "chan-lost-turn"
	start := w.clock.Now()
	g, wt := loseTurnMessage(w, ch)
	pr := g.Engine.Prompt()
	player := memberFor(pr.Faction)
	if wt.Player != player.ID || wt.Faction != pr.Faction || wt.Step != commands.WaitingStep(g.Engine) {
		t.Fatalf("the game waits for %+v; its prompt is %s's: %s", wt, pr.Faction, pr.Question)
	}

	// Within the interval nothing is posted; after it, a turn message and
	// a reminder that pings the member and points at it.
	w.pass(start, 11*time.Hour)
	if n := len(reminderMsgs(w, ch)); n != 0 {
		t.Fatalf("%d reminders before the interval", n)
	}
	w.pass(start, 13*time.Hour)
	w.pass(start, 13*time.Hour+time.Minute) // nothing more
	rs := reminderMsgs(w, ch)
	if len(rs) != 1 {
		t.Fatalf("%d reminders, want 1", len(rs))
	}
	r := rs[0]
	ref, ok, err := w.store.Turn(ctx, g.ID)
	if err != nil || !ok || ref.Seq != g.Seq {
		t.Fatalf("the reposted turn message is not recorded: %+v, %v, %v", ref, ok, err)
	}
	msg, id, ok := w.turnMessage(ch)
	if !ok || msg.ID != ref.Message || id.Seq != g.Seq || id.Game != g.ID {
		t.Fatalf("newest turn message %s (%+v), recorded %s", msg.ID, id, ref.Message)
	}
	if len(r.Pinged) != 1 || r.Pinged[0] != player.ID || !strings.Contains(r.Content, "<@"+player.ID+">") || !strings.Contains(r.Content, wt.Step) {
		t.Fatalf("reminder %+v", r)
	}
	if link := "https://discord.com/channels/" + fakediscord.Guild + "/" + ch + "/" + ref.Message; ref.Guild != fakediscord.Guild || !strings.Contains(r.Content, link) {
		t.Fatalf("the reminder does not link the turn message (%s): %q; recorded %+v", link, r.Content, ref)
	}

	// The reposted message's buttons are live: a click on it decides.
	w.click(player, msg, decideButton(t, msg))
	if after := w.game(ch); after.Seq != g.Seq+1 {
		t.Fatalf("a click on the reposted turn message left the game at decision %d, want %d", after.Seq, g.Seq+1)
	}
}

// A bot without a bot token cannot announce a deadline Pass, so it does not
// play one: the pass reports why, and the game still waits on the member.
func TestNoDeadlinePassWithoutTheBotToken(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP, noToken: true})
	const ch = "chan-no-token"
	start := w.clock.Now()
	g := w.setup(ch, "")
	for i := 0; i < 20 && !commands.IsActionChoice(g.Engine.Prompt()); i++ {
		pr := g.Engine.Prompt()
		choice := pr.Choices[len(pr.Choices)-1].ID
		if pr.Has("done") {
			choice = "done"
		}
		w.command(memberFor(pr.Faction), ch, "do", "", str("choice", choice))
		g = w.game(ch)
	}
	if pr := g.Engine.Prompt(); !commands.IsActionChoice(pr) || !pr.Has("pass") {
		t.Fatalf("the decision is %+v; the test wants an Eligible faction's action choice", pr)
	}
	w.command(ann, ch, "remind", "game", str("timeout", "1d"))
	now := start.Add(24*time.Hour + time.Minute)
	w.clock.Set(now)
	sum, err := w.bot.Reminders().Pass(context.Background(), now)
	if err == nil || !strings.Contains(err.Error(), "bot token") || sum.Passed != 0 {
		t.Fatalf("deadline without a token: %+v, %v", sum, err)
	}
	if after := w.game(ch); after.Seq != g.Seq {
		t.Fatalf("a deadline Pass nobody could see was played: decision %d, want %d", after.Seq, g.Seq)
	}
}

// A console game in the bot's database waits too, but has no channel to
// be reminded in: the reminder source leaves it out.
func TestConsoleGamesAreNotReminded(t *testing.T) {
	w := newWorld(t, worldOptions{})
	ctx := context.Background()
	seats := map[engine.Faction]db.Seat{}
	for f := range engine.Faction(4) {
		seats[f] = db.Seat{Player: memberFor(f).ID}
	}
	console, err := w.store.Create(ctx, commands.ConsolePlace("desk"), engine.Config{Scenario: "1937", Seed: 4}, seats)
	if err != nil {
		t.Fatal(err)
	}
	discord := w.setup("chan-source", "")
	ws, err := reminders{w.bot}.Waiting(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 1 || ws[0].Game != discord.ID {
		t.Fatalf("the source lists %+v; want only game %d, not console game %d", ws, discord.ID, console)
	}
}

// A game whose turn message could not be posted gets one a few minutes
// later, without waiting for its first reminder: it pings the member, and
// its buttons play.
func TestMissingTurnMessagePostedAgain(t *testing.T) {
	w := newWorld(t, worldOptions{})
	ctx := context.Background()
	const ch = "chan-repost"
	start := w.clock.Now()
	g, wt := loseTurnMessage(w, ch)
	player := memberFor(wt.Faction)
	posted := func() int { return len(w.fake.Messages(ch)) }

	before := posted()
	w.clock.Set(start.Add(time.Minute)) // the click's own post may still be under way
	if err := w.bot.PostMissingTurns(ctx); err != nil || posted() != before {
		t.Fatalf("within the grace: %d messages posted, %v", posted()-before, err)
	}
	w.clock.Set(start.Add(3 * time.Minute))
	if err := w.bot.PostMissingTurns(ctx); err != nil || posted() != before+1 {
		t.Fatalf("after the grace: %d messages posted, want 1; %v", posted()-before, err)
	}
	if err := w.bot.PostMissingTurns(ctx); err != nil || posted() != before+1 {
		t.Fatalf("a second run posted %d more, %v", posted()-before-1, err)
	}
	msg, id, ok := w.turnMessage(ch)
	ref, recorded, err := w.store.Turn(ctx, g.ID)
	if !ok || err != nil || !recorded || ref.Message != msg.ID || ref.Seq != g.Seq || id.Seq != g.Seq {
		t.Fatalf("turn message %s (%+v), recorded %+v, %v, %v", msg.ID, id, ref, recorded, err)
	}
	if len(msg.Pinged) != 1 || msg.Pinged[0] != player.ID {
		t.Fatalf("the turn message pings %v, want %s", msg.Pinged, player.ID)
	}
	w.click(player, msg, decideButton(t, msg))
	if after := w.game(ch); after.Seq != g.Seq+1 {
		t.Fatalf("a click on the posted turn message left the game at decision %d, want %d", after.Seq, g.Seq+1)
	}
}
