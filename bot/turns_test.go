package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
)

// liveTurns lists the public messages of channel that offer decision
// controls: a channel should show one at most.
func (w *world) liveTurns(channel string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range w.fake.Messages(channel) {
		if m.Ephemeral {
			continue
		}
		for _, c := range m.Controls() {
			if id, err := commands.ParseControlID(c.CustomID); err == nil && id.Kind != commands.KindAbandon && id.Kind != commands.KindKeep {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// oneLiveTurn fails the test unless channel shows exactly one live turn
// message, for the current decision, and returns it.
func (w *world) oneLiveTurn(channel string) fakediscord.Message {
	w.t.Helper()
	live := w.liveTurns(channel)
	if len(live) != 1 {
		for _, m := range live {
			w.t.Logf("live: %s %q", m.ID, m.Content)
		}
		w.t.Fatalf("%d live turn messages, want 1", len(live))
	}
	_, id, _ := w.turnMessage(channel)
	if g := w.game(channel); id.Seq != g.Seq {
		w.t.Fatalf("the live turn message shows decision %d; the game is at %d", id.Seq, g.Seq)
	}
	return live[0]
}

// control finds the control of msg that picks choice, with the menu value
// to send if it is a menu entry.
func control(t *testing.T, msg fakediscord.Message, p *engine.Prompt, choice string) (customID string, values []string) {
	t.Helper()
	picks, _, menu := offered(t, msg, p)
	v, ok := picks[index(p, choice)]
	if !ok {
		t.Fatalf("choice %q is not on the turn message's page", choice)
	}
	if menu {
		return controlOf(msg, commands.KindMenu, 0), []string{v}
	}
	return v, nil
}

// toInPlace plays on with /do until the deciding faction has a choice on
// its turn message after which it decides again within the same step, so
// that clicking it edits the turn message in place; it returns that choice.
func (w *world) toInPlace(channel string) (engine.Faction, string) {
	w.t.Helper()
	return w.toChoice(channel, true)
}

// toChoice is toInPlace, or with inPlace false its opposite: a choice
// that completes a step or hands the decision on, after which the turn
// message is closed and a new one posted.
func (w *world) toChoice(channel string, inPlace bool) (engine.Faction, string) {
	w.t.Helper()
	for i := 0; i < 300; i++ {
		g := w.game(channel)
		p := g.Engine.Prompt()
		if p == nil {
			w.t.Fatal("the game ended")
		}
		msg, _, ok := w.turnMessage(channel)
		if !ok {
			w.t.Fatal("no turn message")
		}
		picks, _, _ := offered(w.t.(*testing.T), msg, p)
		for k := range p.Choices {
			if _, shown := picks[k]; !shown {
				continue
			}
			h := g.Engine.Clone()
			if err := h.Do(p.Faction, p.Choices[k].ID); err != nil {
				w.t.Fatal(err)
			}
			same := len(h.Log()) == len(g.Engine.Log()) && h.Prompt() != nil && h.Prompt().Faction == p.Faction
			if same == inPlace && h.Prompt() != nil {
				return p.Faction, p.Choices[k].ID
			}
		}
		c := p.Choices[i%len(p.Choices)]
		w.command(memberFor(p.Faction), channel, "do", "", str("choice", c.ID))
		if w.game(channel).Seq != g.Seq+1 {
			w.t.Fatalf("/do %s was not applied", c.ID)
		}
	}
	w.t.Fatalf("no such decision (in place: %v) within 300 decisions", inPlace)
	return 0, ""
}

// TestFailedTurnEdit: when editing the turn message after a click fails
// (Unknown Webhook, as when the edit races the click's first answer, or a
// server error), the decision stands, the edit is tried again, and if it
// keeps failing a new turn message replaces the old one; either way the
// next click on the newest turn message is accepted and the channel shows
// one live turn message. A click edits its message when its work outlasts
// the wait for its first answer (deferClicks); a click answered with its
// message updated is TestClickAnswerLost's.
func TestFailedTurnEdit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		edits  int  // failed edits in a row
		typed  bool // the choice is typed with /do, not clicked
	}{
		{"unknown webhook once", http.StatusNotFound, 1, false},
		{"server error once", http.StatusInternalServerError, 1, false},
		{"unknown webhook throughout", http.StatusNotFound, len(retryDelays) + 1, false},
		{"service unavailable throughout", http.StatusServiceUnavailable, len(retryDelays) + 1, false},
		{"server error throughout", http.StatusInternalServerError, len(retryDelays) + 1, false},
		{"typed, server error once", http.StatusInternalServerError, 1, true},
		{"typed, server error throughout", http.StatusInternalServerError, len(retryDelays) + 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, worldOptions{route: viaEither, deferClicks: true})
			const ch = "650"
			w.setup(ch, "")
			f, choice := w.toInPlace(ch)
			g := w.game(ch)
			msg, _, _ := w.turnMessage(ch)
			id, values := control(t, msg, g.Engine.Prompt(), choice)
			w.fake.Fail(fakediscord.Edits, tc.edits, tc.status)
			if tc.typed {
				w.command(memberFor(f), ch, "do", "", str("choice", choice))
			} else {
				w.click(memberFor(f), msg, id, values...)
			}
			if left := w.fake.Pending(fakediscord.Edits); left != 0 {
				t.Fatalf("%d injected failures unused: the edit was not tried again", left)
			}
			if got := w.game(ch).Seq; got != g.Seq+1 {
				t.Fatalf("decision %d after the click, want %d", got, g.Seq+1)
			}
			newest := w.oneLiveTurn(ch)
			if tc.edits > len(retryDelays) {
				if newest.ID == msg.ID {
					t.Fatal("the turn message was not replaced after its edits failed")
				}
				old, _ := w.fake.Message(msg.ID)
				if !strings.Contains(old.Content, "Replaced by a newer turn message") {
					t.Errorf("the old turn message says %q", old.Content)
				}
			} else if newest.ID != msg.ID {
				t.Error("a new turn message was posted although the edit went through on a later try")
			}
			g = w.game(ch)
			p := g.Engine.Prompt()
			id, values = control(t, newest, p, p.Choices[0].ID)
			it := w.click(memberFor(p.Faction), newest, id, values...)
			if got := w.game(ch).Seq; got != g.Seq+1 {
				t.Fatalf("the next click on the newest turn message was not accepted: %q", w.privateReply(it))
			}
			w.oneLiveTurn(ch)
			w.checkDiscord()
		})
	}
}

// TestFailedTurnClose: when closing the turn message after a completed
// step fails on the click's own route (after a deferred first answer), it
// is closed through the channel instead, and the next turn message is the
// only live one.
func TestFailedTurnClose(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither, deferClicks: true})
	const ch = "655"
	w.setup(ch, "")
	f, choice := w.toChoice(ch, false)
	g := w.game(ch)
	msg, _, _ := w.turnMessage(ch)
	id, values := control(t, msg, g.Engine.Prompt(), choice)
	w.fake.Fail(fakediscord.Edits, len(retryDelays)+1, http.StatusNotFound)
	w.click(memberFor(f), msg, id, values...)
	if got := w.game(ch).Seq; got != g.Seq+1 {
		t.Fatalf("decision %d after the click, want %d", got, g.Seq+1)
	}
	if old, _ := w.fake.Message(msg.ID); !strings.HasPrefix(old.Content, "✔") || len(old.Controls()) != 0 {
		t.Errorf("the old turn message was not closed: %q, %d controls", old.Content, len(old.Controls()))
	}
	newest := w.oneLiveTurn(ch)
	g = w.game(ch)
	p := g.Engine.Prompt()
	id, values = control(t, newest, p, p.Choices[0].ID)
	it := w.click(memberFor(p.Faction), newest, id, values...)
	if got := w.game(ch).Seq; got != g.Seq+1 {
		t.Fatalf("the next click on the newest turn message was not accepted: %q", w.privateReply(it))
	}
	w.checkDiscord()
}

// TestStrandedTurnRefreshed: when both editing the turn message and
// posting a new one fail, the recorded turn message still shows the
// earlier decision. A click on it is not refused as out of date for good:
// the message is shown afresh for the current decision, the member told to
// choose again, and the next click is accepted.
func TestStrandedTurnRefreshed(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither, deferClicks: true})
	const ch = "651"
	w.setup(ch, "")
	f, choice := w.toInPlace(ch)
	g := w.game(ch)
	msg, _, _ := w.turnMessage(ch)
	id, values := control(t, msg, g.Engine.Prompt(), choice)
	w.fake.Fail(fakediscord.Edits, len(retryDelays)+1, http.StatusServiceUnavailable)
	w.fake.Fail(fakediscord.Posts, len(retryDelays)+1, http.StatusServiceUnavailable)
	w.click(memberFor(f), msg, id, values...)
	after := w.game(ch)
	if after.Seq != g.Seq+1 {
		t.Fatalf("decision %d after the click, want %d", after.Seq, g.Seq+1)
	}
	stranded, sid, _ := w.turnMessage(ch)
	if stranded.ID != msg.ID || sid.Seq != g.Seq {
		t.Fatalf("the setup failed: turn message %s shows decision %d", stranded.ID, sid.Seq)
	}

	// A click on it, at the decision it shows, refreshes it.
	saved := w.saved(g.ID)
	cid, cvalues := firstDecide(t, stranded)
	it := w.click(memberFor(f), stranded, cid, cvalues...)
	if got := w.privateReply(it); !strings.Contains(got, "choose again") {
		t.Errorf("a click on the stranded turn message: %q", got)
	}
	if w.saved(g.ID) != saved {
		t.Fatal("a click made at an earlier decision changed the game")
	}
	refreshed := w.oneLiveTurn(ch)
	if refreshed.ID != msg.ID {
		t.Errorf("a new message %s was posted instead of refreshing %s", refreshed.ID, msg.ID)
	}
	p := after.Engine.Prompt()
	cid, cvalues = control(t, refreshed, p, p.Choices[0].ID)
	it = w.click(memberFor(p.Faction), refreshed, cid, cvalues...)
	if got := w.game(ch).Seq; got != after.Seq+1 {
		t.Fatalf("the click on the refreshed turn message was not accepted: %q", w.privateReply(it))
	}
	w.checkDiscord()
}

// TestStrandedSamePrompt: a voluntary transfer moves the decision count on
// without changing the question or the choices. If the turn message could
// not be updated, it still shows exactly what the current decision shows,
// so a click on it is taken as made now.
func TestStrandedSamePrompt(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "652"
	w.setup(ch, "")
	p := w.toExecuting(ch)
	// A question that does not quote the Resources the transfer changes.
	for i := 0; strings.Contains(p.Question, " has "); i++ {
		if i > 400 {
			t.Fatal("no such question in 400 decisions")
		}
		c := p.Choices[i%len(p.Choices)]
		w.command(memberFor(p.Faction), ch, "do", "", str("choice", c.ID))
		p = w.toExecuting(ch)
	}
	giver := engine.JPN
	if p.Executor == engine.JPN {
		giver = engine.NAT
	}
	g := w.game(ch)
	msg, _, _ := w.turnMessage(ch)
	w.fake.Fail(fakediscord.Edits, len(retryDelays)+1, http.StatusInternalServerError)
	w.fake.Fail(fakediscord.Posts, len(retryDelays)+1, http.StatusServiceUnavailable)
	it := w.command(memberFor(giver), ch, "give", "resources", str("to", p.Executor.String()), num("amount", 1))
	after := w.game(ch)
	if after.Seq != g.Seq+1 {
		t.Fatalf("the transfer was not applied: %q", w.privateReply(it))
	}
	stranded, sid, _ := w.turnMessage(ch)
	if stranded.ID != msg.ID || sid.Seq != g.Seq {
		t.Fatalf("the setup failed: turn message %s shows decision %d", stranded.ID, sid.Seq)
	}
	if after.Engine.Prompt().Question != g.Engine.Prompt().Question {
		t.Fatalf("the transfer changed the question: %q -> %q", g.Engine.Prompt().Question, after.Engine.Prompt().Question)
	}
	cid, values := firstDecide(t, stranded)
	it = w.click(memberFor(p.Faction), stranded, cid, values...)
	if got := w.game(ch).Seq; got != after.Seq+1 {
		t.Fatalf("a click on a message showing the current question was refused: %q", w.privateReply(it))
	}
	w.oneLiveTurn(ch)
}

// TestOneLiveTurnMessage: after /game leave and /game join, or /game
// replace, of the faction to decide, a new turn message is posted and the
// old one loses its controls.
func TestOneLiveTurnMessage(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "653"
	w.setup(ch, "")
	w.oneLiveTurn(ch)
	p := w.game(ch).Engine.Prompt()
	who := memberFor(p.Faction)

	w.command(who, ch, "game", "leave")
	w.command(eve, ch, "game", "join", str("faction", p.Faction.String()))
	live := w.oneLiveTurn(ch)
	if !strings.Contains(live.Content, "<@"+eve.ID+">") {
		t.Errorf("the turn message after the join: %q", live.Content)
	}

	w.command(ann, ch, "game", "replace", str("faction", p.Faction.String()), user("member", who.ID))
	live = w.oneLiveTurn(ch)
	if !strings.Contains(live.Content, "<@"+who.ID+">") {
		t.Errorf("the turn message after the replacement: %q", live.Content)
	}
	// It works.
	g := w.game(ch)
	id, values := firstDecide(t, live)
	it := w.click(who, live, id, values...)
	if w.game(ch).Seq != g.Seq+1 {
		t.Fatalf("the click on the new turn message: %q", w.privateReply(it))
	}
	w.oneLiveTurn(ch)
	w.checkDiscord()
}

// TestForcedAnswersShown: the answers the engine applies for a player,
// each the only legal one, are shown in the channel after the decision
// that led to them, as in the console.
func TestForcedAnswersShown(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "654"
	g := w.setup(ch, "")
	shadow, err := engine.New(engine.Config{Scenario: g.Scenario, Seed: g.Info.Seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 400; i++ {
		p := shadow.Prompt()
		if p == nil {
			t.Fatal("the game ended without a forced answer")
		}
		c := p.Choices[(i*7)%len(p.Choices)]
		if err := shadow.Do(p.Faction, c.ID); err != nil {
			t.Fatal(err)
		}
		forced := shadow.Forced()
		before := len(w.fake.Messages(ch))
		it := w.command(memberFor(p.Faction), ch, "do", "", str("choice", c.ID))
		if !strings.Contains(w.privateReply(it), "Applied") {
			t.Fatalf("/do %s: %q", c.ID, w.privateReply(it))
		}
		if len(forced) == 0 {
			continue
		}
		var shown strings.Builder
		for _, m := range w.fake.Messages(ch)[before:] {
			shown.WriteString(m.Text() + "\n")
		}
		if ref, ok := w.bot.turn(context.Background(), g.ID); ok {
			m, _ := w.fake.Message(ref.message)
			shown.WriteString(m.Text())
		}
		for _, f := range forced {
			want := "Applied for you (the only legal choice): " + f.Faction.String() + ": " + f.Question + " → " + f.Choice.Label
			if !strings.Contains(shown.String(), want) {
				t.Errorf("after /do %s, the channel does not show %q:\n%s", c.ID, want, shown.String())
			}
		}
		w.checkDiscord()
		return
	}
	t.Fatal("no forced answer in 400 decisions")
}

// TestRendererPanicCostsOnlyThePicture: a renderer that panics while
// drawing a completed action's board costs the summary its picture; the
// summary is posted, the game goes on, and the process lives.
func TestRendererPanicCostsOnlyThePicture(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither, render: func(*engine.Game, []engine.SpaceID, *engine.SpaceID) ([]byte, error) {
		panic("the renderer broke")
	}})
	const ch = "655"
	g := w.setup(ch, "")
	for i := 0; w.render.calls == 0; i++ {
		if i == 200 {
			t.Fatal("no action completed in 200 decisions")
		}
		e := w.game(ch).Engine
		p := e.Prompt()
		c := p.Choices[(i*5)%len(p.Choices)]
		if it := w.command(memberFor(p.Faction), ch, "do", "", str("choice", c.ID)); !strings.Contains(w.privateReply(it), "Applied") {
			t.Fatalf("/do %s: %q", c.ID, w.privateReply(it))
		}
	}
	for _, m := range w.fake.Messages(ch) {
		if len(m.Files) > 0 {
			t.Errorf("a message carries a picture the renderer never drew: %q", m.Text())
		}
	}
	logged := false
	for _, l := range w.logs.lines() {
		e, _ := l["error"].(string)
		logged = logged || strings.Contains(e, "the renderer broke")
	}
	if !logged {
		t.Error("the panic was not logged")
	}
	if w.game(ch).Seq == g.Seq {
		t.Error("the game did not go on")
	}
}
