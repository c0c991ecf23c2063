package bot

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
)

var (
	updated  = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage}
	deferral = deferUpdate()
)

// TestHandoff: a click's first answer is decided once, by the work or by
// the deadline, never both and never neither, however the two meet.
func TestHandoff(t *testing.T) {
	never := make(chan time.Time)
	passed := make(chan time.Time)
	close(passed)

	t.Run("work first", func(t *testing.T) {
		h := newHandoff()
		taken := make(chan bool)
		go func() {
			ok, _ := h.offer(updated)
			taken <- ok
		}()
		if got := h.choose(deferral, never); got != updated {
			t.Fatalf("answer type %d, want the work's", got.Type)
		}
		h.done(nil)
		if !<-taken {
			t.Error("the work was told its answer was not taken")
		}
	})
	t.Run("deadline first", func(t *testing.T) {
		h := newHandoff()
		if got := h.choose(deferral, passed); got != deferral {
			t.Fatalf("answer type %d, want the deferral", got.Type)
		}
		h.done(nil)
		if ok, _ := h.offer(updated); ok {
			t.Error("the work's answer was taken after the deferral was sent")
		}
	})
	t.Run("nothing to show", func(t *testing.T) {
		h := newHandoff()
		go h.offer(nil)
		if got := h.choose(deferral, never); got != deferral {
			t.Fatalf("answer type %d, want the deferral", got.Type)
		}
		h.done(nil)
	})
	t.Run("failure reported", func(t *testing.T) {
		h := newHandoff()
		res := make(chan error)
		go func() {
			_, err := h.offer(updated)
			res <- err
		}()
		h.choose(deferral, never)
		h.done(context.DeadlineExceeded)
		if err := <-res; err != context.DeadlineExceeded {
			t.Errorf("the work was told %v", err)
		}
	})
	// The work gives its answer as the deadline passes: the route sees
	// the deadline, yet the answer is the work's, since the work closed
	// the handoff first.
	t.Run("given at the deadline", func(t *testing.T) {
		for range 100 {
			h := newHandoff()
			taken := make(chan bool)
			go func() {
				ok, _ := h.offer(updated)
				taken <- ok
			}()
			for closed := false; !closed; {
				h.mu.Lock()
				closed = !h.open
				h.mu.Unlock()
			}
			got := h.choose(deferral, passed)
			h.done(nil)
			if ok := <-taken; got != updated || !ok {
				t.Fatalf("answer type %d, work's taken %v: want the work's, taken", got.Type, ok)
			}
		}
	})
	// Both at once, in any order: the answer sent is the work's exactly
	// when the work is told so.
	t.Run("race", func(t *testing.T) {
		seen := map[bool]int{}
		for range 2000 {
			h := newHandoff()
			deadline := make(chan time.Time)
			taken := make(chan bool)
			go func() {
				ok, _ := h.offer(updated)
				taken <- ok
			}()
			go close(deadline)
			got := h.choose(deferral, deadline)
			h.done(nil)
			ok := <-taken
			if (got == updated) != ok {
				t.Fatalf("answer type %d sent, but the work was told taken=%v", got.Type, ok)
			}
			seen[ok]++
		}
		t.Logf("the work's answer taken %d times, the deferral %d", seen[true], seen[false])
	})
}

// TestClickAnswersWithMessage: a click is answered with its message as the
// click left it, in one exchange: the turn message for the same faction's
// next decision, or closed when the turn passes or a step completes (the
// summary, its board and the next turn message are posts of their own). No
// edit of the clicked message follows. A refused click is answered with
// the refusal itself.
func TestClickAnswersWithMessage(t *testing.T) {
	for _, r := range []route{viaHTTP, viaGateway} {
		w := newWorld(t, worldOptions{route: r})
		const ch = "660"
		w.setup(ch, "")
		inPlace, closed := 0, 0
		draws := w.render.calls
		for n := range 40 {
			msg, _, _ := w.turnMessage(ch)
			g := w.game(ch)
			custom, values := w.anyChoice(msg)
			it := w.click(memberFor(g.Engine.Prompt().Faction), msg, custom, values...)
			if it.Type != int(discordgo.InteractionResponseUpdateMessage) {
				t.Fatalf("route %d, click %d: answered with type %d, want the message updated", r, n, it.Type)
			}
			if e := w.fake.OriginalEdits(it); e != 0 {
				t.Fatalf("route %d, click %d: the clicked message was edited %d times after the answer", r, n, e)
			}
			after := w.game(ch)
			if after.Seq != g.Seq+1 {
				t.Fatalf("route %d, click %d: decision %d, want %d", r, n, after.Seq, g.Seq+1)
			}
			m, _ := w.fake.Message(msg.ID)
			switch _, id, ok := turnIn([]fakediscord.Message{m}); {
			case ok && id.Seq == after.Seq:
				inPlace++
			case !ok && strings.HasPrefix(m.Content, "✔"):
				closed++
			default:
				t.Fatalf("route %d, click %d: the clicked message neither shows decision %d nor is closed: %q", r, n, after.Seq, m.Text())
			}
			w.oneLiveTurn(ch)
		}
		if inPlace == 0 || closed == 0 || w.render.calls == draws {
			t.Errorf("route %d: %d clicks updated in place, %d closed, %d boards drawn: want each", r, inPlace, closed, w.render.calls-draws)
		}

		// Someone else's click is refused in its answer.
		msg, id, _ := w.turnMessage(ch)
		custom, values := firstDecide(t, msg)
		it := w.click(memberFor((id.Faction+1)%engine.Faction(len(engine.Factions))), msg, custom, values...)
		if it.Type != int(discordgo.InteractionResponseChannelMessageWithSource) || !strings.Contains(w.privateReply(it), "Nothing was changed") {
			t.Errorf("route %d: someone else's click answered with type %d, %q", r, it.Type, w.privateReply(it))
		}
		if m, _ := w.fake.Message(msg.ID); m.Edits != msg.Edits {
			t.Errorf("route %d: a refused click edited the turn message", r)
		}
		w.checkDiscord()
	}
}

// TestSlowClickEditsOnce: a click whose work outlasts the wait for its
// first answer (here the database is busy) is answered with a deferral,
// and its work edits the clicked message once it is done: once, never as
// well as answering with it.
func TestSlowClickEditsOnce(t *testing.T) {
	for _, r := range []route{viaHTTP, viaGateway} {
		w := newWorld(t, worldOptions{route: r, answerWait: 50 * time.Millisecond})
		const ch = "661"
		w.setup(ch, "")
		f, choice := w.toInPlace(ch)
		g := w.game(ch)
		msg, _, _ := w.turnMessage(ch)
		custom, values := control(t, msg, g.Engine.Prompt(), choice)

		release := w.holdWrites()
		go func() {
			time.Sleep(500 * time.Millisecond) // well past answerWait
			release()
		}()
		it := w.click(memberFor(f), msg, custom, values...)
		if it.Type != int(discordgo.InteractionResponseDeferredMessageUpdate) {
			t.Errorf("route %d: a slow click answered with type %d, want a deferral", r, it.Type)
		}
		if e := w.fake.OriginalEdits(it); e != 1 {
			t.Errorf("route %d: the clicked message edited %d times, want once", r, e)
		}
		if got := w.game(ch).Seq; got != g.Seq+1 {
			t.Fatalf("route %d: decision %d, want %d", r, got, g.Seq+1)
		}
		if live := w.oneLiveTurn(ch); live.ID != msg.ID {
			t.Errorf("route %d: a new turn message was posted instead of the edit", r)
		}
		w.checkDiscord()
	}
}

// anyChoice picks one of a turn message's choices at random: its control,
// and the menu value to send if it is a menu.
func (w *world) anyChoice(msg fakediscord.Message) (customID string, values []string) {
	var picks [][2]string
	for _, c := range msg.Controls() {
		id, err := commands.ParseControlID(c.CustomID)
		switch {
		case err != nil:
		case id.Kind == commands.KindDecide:
			picks = append(picks, [2]string{c.CustomID, ""})
		case id.Kind == commands.KindMenu:
			for _, o := range c.Options {
				picks = append(picks, [2]string{c.CustomID, o.Value})
			}
		}
	}
	if len(picks) == 0 {
		w.t.Fatalf("turn message without a choice: %q", msg.Text())
	}
	p := picks[w.rng.IntN(len(picks))]
	if p[1] != "" {
		return p[0], []string{p[1]}
	}
	return p[0], nil
}

// holdWrites takes the database's write lock, as another process writing
// would, until the function it returns is called.
func (w *world) holdWrites() (release func()) {
	w.t.Helper()
	conn, err := sql.Open("sqlite3", w.dbPath+"?_busy_timeout=10000")
	if err != nil {
		w.t.Fatal(err)
	}
	ctx := context.Background()
	c, err := conn.Conn(ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := c.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		w.t.Fatal(err)
	}
	return sync.OnceFunc(func() {
		c.ExecContext(ctx, "ROLLBACK")
		c.Close()
		conn.Close()
	})
}

// TestClickAnswerDeadline: with the wait for the first answer about as long
// as a click's work, clicks end on either side of it, and some at it. Each
// is answered with its message updated and not edited, or deferred and
// edited once; the channel shows what the game is at throughout.
func TestClickAnswerDeadline(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither, answerWait: 300 * time.Microsecond})
	const ch = "662"
	w.setup(ch, "")
	seen := map[int]int{}
	for n := range 60 {
		msg, _, _ := w.turnMessage(ch)
		g := w.game(ch)
		custom, values := w.anyChoice(msg)
		it := w.click(memberFor(g.Engine.Prompt().Faction), msg, custom, values...)
		e := w.fake.OriginalEdits(it)
		switch {
		case it.Type == int(discordgo.InteractionResponseUpdateMessage) && e == 0:
		case it.Type == int(discordgo.InteractionResponseDeferredMessageUpdate) && e == 1:
		default:
			t.Fatalf("click %d: answered with type %d and edited %d times afterwards", n, it.Type, e)
		}
		seen[it.Type]++
		if got := w.game(ch).Seq; got != g.Seq+1 {
			t.Fatalf("click %d: decision %d, want %d", n, got, g.Seq+1)
		}
		w.oneLiveTurn(ch)
	}
	t.Logf("answered with the message %d times, deferred %d", seen[7], seen[6])
	w.checkDiscord()
}

// TestClickAnswerLost: when the answer that carries the updated message
// fails (the gateway's callback errs, or the HTTP connection breaks while
// the answer is written, and Discord never had it), the decision stays made
// and the bot goes on as after a failed edit: it tries to edit, then to
// post a new turn message, both of which Discord refuses without a first
// answer. The turn message still shows the earlier decision; a click on it
// shows it afresh, and the next is accepted.
func TestClickAnswerLost(t *testing.T) {
	for _, r := range []route{viaHTTP, viaGateway} {
		w := newWorld(t, worldOptions{route: r})
		const ch = "663"
		w.setup(ch, "")
		f, choice := w.toInPlace(ch)
		g := w.game(ch)
		msg, _, _ := w.turnMessage(ch)
		custom, values := control(t, msg, g.Engine.Prompt(), choice)
		data := map[string]any{"custom_id": custom, "component_type": 2}
		if values != nil {
			data["component_type"], data["values"] = 3, values
		}
		i := w.fake.Interaction(discordgo.InteractionMessageComponent, ch, memberFor(f), data, &msg)
		if r == viaGateway {
			w.fake.Fail(fakediscord.Answers, 1, http.StatusInternalServerError)
			w.fake.Expect(i)
			w.bot.OnInteractionCreate(nil, &discordgo.InteractionCreate{Interaction: i})
			if left := w.fake.Pending(fakediscord.Answers); left != 0 {
				t.Fatal("the click was not answered with its message")
			}
		} else {
			w.fake.Lose(i)
			w.bot.HTTPHandler(w.fake.Public).ServeHTTP(&brokenWriter{header: http.Header{}}, w.signed(i))
		}
		w.bot.Wait()
		after := w.game(ch)
		if after.Seq != g.Seq+1 {
			t.Fatalf("route %d: decision %d after the click, want %d: it must stand", r, after.Seq, g.Seq+1)
		}
		failed := false
		for _, l := range w.logs.lines() {
			if e, _ := l["error"].(string); l["interaction"] == i.ID && strings.Contains(e, "answering") {
				failed = true
			}
		}
		if !failed {
			t.Errorf("route %d: the failed answer is not in the interaction's log line", r)
		}
		stranded, sid, _ := w.turnMessage(ch)
		if stranded.ID != msg.ID || sid.Seq != g.Seq {
			t.Fatalf("route %d: turn message %s shows decision %d: want the clicked one, unchanged", r, stranded.ID, sid.Seq)
		}

		cid, cvalues := firstDecide(t, stranded)
		it := w.click(memberFor(f), stranded, cid, cvalues...)
		if got := w.privateReply(it); !strings.Contains(got, "choose again") {
			t.Errorf("route %d: a click on the stranded turn message: %q", r, got)
		}
		refreshed := w.oneLiveTurn(ch)
		p := after.Engine.Prompt()
		cid, cvalues = control(t, refreshed, p, p.Choices[0].ID)
		it = w.click(memberFor(p.Faction), refreshed, cid, cvalues...)
		if got := w.game(ch).Seq; got != after.Seq+1 {
			t.Fatalf("route %d: the click on the refreshed turn message was not accepted: %q", r, w.privateReply(it))
		}
		for _, p := range w.fake.Problems() {
			t.Errorf("route %d: Discord would object: %s", r, p)
		}
	}
}

// TestClickAnswerRefused: when the answer with the updated message is
// refused because the interaction was answered already (another delivery
// of it deferred first), the message is edited instead: once.
func TestClickAnswerRefused(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaGateway})
	const ch = "665"
	w.setup(ch, "")
	f, choice := w.toInPlace(ch)
	g := w.game(ch)
	msg, _, _ := w.turnMessage(ch)
	custom, values := control(t, msg, g.Engine.Prompt(), choice)
	w.fake.Fail(fakediscord.Answers, 1, http.StatusBadRequest)
	it := w.click(memberFor(f), msg, custom, values...)
	if left := w.fake.Pending(fakediscord.Answers); left != 0 {
		t.Fatal("the click was not answered with its message")
	}
	if e := w.fake.OriginalEdits(it); e != 1 {
		t.Errorf("the clicked message was edited %d times, want once", e)
	}
	if live := w.oneLiveTurn(ch); live.ID != msg.ID {
		t.Error("a new turn message was posted instead of the edit")
	}
	w.checkDiscord()
}

// signed is interaction i as Discord posts it to the HTTP endpoint.
func (w *world) signed(i *discordgo.Interaction) *http.Request {
	w.t.Helper()
	body, err := json.Marshal(i)
	if err != nil {
		w.t.Fatal(err)
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", w.fake.Sign(body, ts))
	req.Header.Set("X-Signature-Timestamp", ts)
	return req
}

// brokenWriter is an HTTP response whose connection broke: nothing written
// to it arrives.
type brokenWriter struct{ header http.Header }

func (b *brokenWriter) Header() http.Header       { return b.header }
func (b *brokenWriter) WriteHeader(int)           {}
func (b *brokenWriter) Write([]byte) (int, error) { return 0, errors.New("connection reset by peer") }

// TestClickEditWithFiles: a click's message with files is never its first
// answer, which would have to be multipart: the click is deferred and the
// message edited with the files.
func TestClickEditWithFiles(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaGateway})
	const ch = "664"
	w.setup(ch, "")
	msg, _, _ := w.turnMessage(ch)
	i := w.fake.Interaction(discordgo.InteractionMessageComponent, ch, ann, map[string]any{"custom_id": "x", "component_type": 2}, &msg)
	it := w.fake.Expect(i)
	c := newCall(w.bot, i)
	c.handoff = newHandoff()
	go func() {
		r := c.handoff.choose(deferUpdate(), make(chan time.Time))
		c.handoff.done(w.bot.rest.InteractionRespond(i, r))
	}()
	if err := c.edit(context.Background(), message{content: "board", files: []file{{name: "board.png", data: tinyPNG}}}); err != nil {
		t.Fatal(err)
	}
	if it.Type != int(discordgo.InteractionResponseDeferredMessageUpdate) || w.fake.OriginalEdits(it) != 1 {
		t.Errorf("answered with type %d and edited %d times, want a deferral and an edit", it.Type, w.fake.OriginalEdits(it))
	}
	if m, _ := w.fake.Message(msg.ID); m.Content != "board" || len(m.Files) != 1 {
		t.Errorf("the message shows %q with %d files", m.Content, len(m.Files))
	}
	w.checkDiscord()
}
