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
	"github.com/chinaswar/chinaswar/engine/ai"
)

// cheapAI makes the bot's AI think with a small budget: the same code,
// quicker, so that a whole game fits in a test.
func cheapAI(w *world) {
	w.bot.ai.budget = func(l ai.Level) ai.Level { return ai.Level{Name: l.Name, Sims: 6} }
}

// TestAIGameInDiscord plays a complete game through the fake Discord: the
// host opens it with NAT and WLD given to the AI at /game new, two members
// hold JPN and CPC and decide by button and /do, and the AI seats move by
// themselves, posting each action with its line. On the way /why answers,
// CPC is handed to the AI and taken back, the bot restarts, and a deadline
// set to let the AI play passes on a member's turn. The game ends with the
// final ranking, and the channel is free again.
func TestAIGameInDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game with AI seats (-short)")
	}
	w := newWorld(t, worldOptions{})
	cheapAI(w)
	const ch = "700000000000000090"
	it := w.command(ann, ch, "game", "new", str("scenario", "1938"), str("nat", "easy"), str("wld", "easy"))
	if got := w.publicReplies(it); !strings.Contains(got, "The AI plays NAT (Easy), WLD (Easy).") {
		t.Fatalf("/game new: %q", got)
	}
	w.command(ann, ch, "game", "join", str("faction", "JPN"))
	w.command(bob, ch, "game", "join", str("faction", "CPC"))
	w.command(ann, ch, "remind", "game", str("timeout", "1d"), str("on-timeout", "easy"))
	it = w.command(bob, ch, "game", "start")
	if got := w.publicReplies(it); !strings.Contains(got, "starts") || strings.Contains(got, "holding several") {
		// Two seats of one AI level are two players, not one holding two
		// factions (1.5).
		t.Fatalf("start: %q %q", w.privateReply(it), got)
	}
	id := w.game(ch).ID
	load := func() *db.Game {
		t.Helper()
		g, err := w.store.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}

	members := map[engine.Faction]fakediscord.Member{engine.JPN: ann, engine.CPC: bob}
	var (
		clicks, dos    int
		whys           int
		handed, back   bool
		restarted      bool
		deadlineSeq    int64 = -1
		cpcByAI        int
		cpcAIDecisions int
	)
	aiLines := func(f engine.Faction) int {
		n := 0
		for _, m := range w.fake.Messages(ch) {
			n += strings.Count(m.Content, "🤖 "+f.String()+" (AI, Easy): ")
		}
		return n
	}
	for n := 0; ; n++ {
		if n > 5000 {
			t.Fatal("the game does not end")
		}
		g := load()
		if g.Status != db.Active {
			break
		}
		p := g.Engine.Prompt()
		m, ok := members[p.Faction]
		if !ok {
			t.Fatalf("decision %d: the game waits on the AI's %s after the bot finished its work", g.Seq, p.Faction)
		}
		msg, cid, ok := w.turnMessage(ch)
		if !ok || cid.Faction != p.Faction || cid.Seq != g.Seq {
			t.Fatalf("decision %d of %s: the newest turn message shows %+v", g.Seq, p.Faction, cid)
		}
		switch {
		case whys == 0 && aiLines(engine.NAT) > 0:
			got := w.privateReply(w.command(bob, ch, "why", ""))
			if !strings.Contains(got, "(AI, Easy) weighed") || !strings.Contains(got, "1. ") {
				t.Fatalf("/why: %q", got)
			}
			whys++
		case !handed && g.Seq > 150 && p.Faction == engine.CPC:
			// Bob's seat goes to the AI at his turn, which it plays at once.
			it := w.command(ann, ch, "game", "replace", str("faction", "CPC"), str("ai", "easy"))
			if got := w.privateReply(it); !strings.Contains(got, "the AI (Easy) now plays CPC") {
				t.Fatalf("replace with the AI: %q", got)
			}
			handed, cpcByAI = true, aiLines(engine.CPC)
			delete(members, engine.CPC)
			if after := load(); after.Seq == g.Seq {
				t.Fatal("the AI given CPC at its turn did not play")
			}
			continue
		case handed && !back && aiLines(engine.CPC) > cpcByAI+1:
			it := w.command(ann, ch, "game", "replace", str("faction", "CPC"), user("member", bob.ID))
			if s := load().Seats[engine.CPC]; s.Player != bob.ID {
				t.Fatalf("CPC handed back: %q, seat %+v", w.privateReply(it), s)
			}
			members[engine.CPC], back = bob, true
			cpcAIDecisions = aiLines(engine.CPC) - cpcByAI
			continue
		case !restarted && g.Seq > 300:
			w.restart()
			cheapAI(w)
			restarted = true
			if got := w.privateReply(w.command(bob, ch, "why", "")); !strings.Contains(got, "No AI action") {
				t.Fatalf("/why after a restart: %q", got)
			}
			continue
		case deadlineSeq < 0 && restarted && p.Faction == engine.JPN && !p.Has("pass"):
			// Ann goes quiet in the middle of an action: at the deadline
			// the AI plays her turn, and the seat stays hers.
			deadlineSeq = g.Seq
			now := w.clock.Now().Add(24*time.Hour + time.Minute)
			w.clock.Set(now)
			if _, err := w.bot.Reminders().Pass(context.Background(), now); err != nil {
				t.Fatalf("reminder pass: %v", err)
			}
			w.bot.Wait()
			after := load()
			if after.Seq == g.Seq || after.Seats[engine.JPN].Player != ann.ID {
				t.Fatalf("at the deadline: decision %d -> %d, JPN %+v", g.Seq, after.Seq, after.Seats[engine.JPN])
			}
			continue
		}
		if c := controlOf(msg, commands.KindDecide, 0); c != "" && n%3 == 0 {
			w.click(m, msg, c)
			clicks++
		} else {
			choice := p.Choices[w.rng.IntN(len(p.Choices))]
			it := w.command(m, ch, "do", "", str("choice", choice.ID))
			if !strings.Contains(w.privateReply(it), "Applied") {
				t.Fatalf("/do %q: %q", choice.ID, w.privateReply(it))
			}
			dos++
		}
		if load().Seq == g.Seq {
			t.Fatalf("decision %d: the member's answer changed nothing", g.Seq)
		}
	}

	list, err := w.store.List(context.Background(), ch)
	if err != nil || len(list) != 1 || list[0].ID != id || list[0].Status != "finished" {
		t.Fatalf("games in the channel: %+v, %v; want game %d finished", list, err, id)
	}
	text := allText(w.fake.Messages(ch))
	if !strings.Contains(text, "The game is over") {
		t.Error("no final ranking posted")
	}
	if !strings.Contains(text, "⏱ The deadline passed, so the AI (Easy) plays JPN's turn for <@"+ann.ID+">") {
		t.Error("no deadline played by the AI")
	}
	for _, f := range []engine.Faction{engine.NAT, engine.WLD} {
		if aiLines(f) == 0 {
			t.Errorf("no action of the AI's %s posted", f)
		}
	}
	if !handed || !back || cpcAIDecisions < 2 || !restarted || deadlineSeq < 0 || whys == 0 || clicks == 0 || dos == 0 {
		t.Errorf("not everything was exercised: handed %v back %v (CPC's AI actions %d), restarted %v, deadline at %d, /why %d, clicks %d, /do %d",
			handed, back, cpcAIDecisions, restarted, deadlineSeq, whys, clicks, dos)
	}
	if it := w.command(bob, ch, "game", "new", str("scenario", "1938")); !strings.Contains(w.privateReply(it), "is open") {
		t.Errorf("a new game after the end: %q", w.privateReply(it))
	}
	t.Logf("%d decisions: %d clicks, %d /do; AI actions NAT %d, WLD %d, CPC %d; deadline at decision %d",
		load().Seq, clicks, dos, aiLines(engine.NAT), aiLines(engine.WLD), aiLines(engine.CPC), deadlineSeq)
	w.checkDiscord()
}
