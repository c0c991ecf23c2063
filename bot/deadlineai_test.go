package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestDeadlineAI: a game whose deadline lets the AI play has the AI play
// the waiting member's turn when it passes, on a decision where Pass is
// not legal (in the middle of an Operation): the action is completed
// through the table service, posted with the AI's line, the host is told,
// the seat stays the member's and the next player gets a turn message.
func TestDeadlineAI(t *testing.T) {
	w := newWorld(t, worldOptions{})
	const ch = "chan-deadline-ai"
	start := w.clock.Now()
	g := w.finishSetup(ch, w.setup(ch, ""))

	// Bad values change nothing; the host sets the deadline.
	for _, bad := range []opt{str("on-timeout", "godlike"), str("on-timeout", "ai"), str("timeout", "5m")} {
		it := w.command(ann, ch, "remind", "game", bad)
		if got := w.privateReply(it); !strings.Contains(got, "Nothing was changed") {
			t.Errorf("/remind game %v: %q", bad, got)
		}
	}
	if got := w.privateReply(w.command(bob, ch, "remind", "game", str("timeout", "1d"), str("on-timeout", "easy"))); !strings.Contains(got, "Only the member who opened the game") {
		t.Errorf("a guest setting the deadline: %q", got)
	}
	it := w.command(ann, ch, "remind", "game", str("timeout", "1d"), str("on-timeout", "normal"))
	if got := w.privateReply(it); !strings.Contains(got, "timeout 1d (then the AI (Normal) plays") {
		t.Fatalf("on-timeout:normal: %q", got)
	}
	it = w.command(ann, ch, "remind", "game", str("on-timeout", "easy"))
	if got := w.privateReply(it); !strings.Contains(got, "timeout 1d (then the AI (Easy) plays the waiting faction's turn") {
		t.Fatalf("/remind game timeout:1d on-timeout:easy: %q", got)
	}

	// The member starts an Operation, and goes quiet.
	pr := g.Engine.Prompt()
	f, member := pr.Faction, memberFor(pr.Faction)
	op := ""
	for _, c := range pr.Choices {
		if strings.HasPrefix(c.ID, "op:") {
			op = c.ID
			break
		}
	}
	if op == "" {
		t.Fatalf("no Operation among %+v", pr.Choices)
	}
	w.command(member, ch, "do", "", str("choice", op))
	g = w.game(ch)
	if p := g.Engine.Prompt(); p.Faction != f || p.Has("pass") {
		t.Fatalf("after %s the prompt is %+v; the test wants %s's non-passable decision", op, p, f)
	}
	seq := g.Seq
	w.pass(start, 23*time.Hour)
	if w.game(ch).Seq != seq {
		t.Fatal("the AI played before the deadline")
	}
	// The reminder says when the AI will play: a day after the member
	// started the Operation, at start.
	want := fmt.Sprintf("At the deadline, <t:%d:R>, the AI (Easy) plays your turn; you keep your seat.", start.Add(24*time.Hour).Unix())
	if rs := reminderMsgs(w, ch); len(rs) == 0 || !strings.Contains(rs[len(rs)-1].Content, want) {
		t.Errorf("the reminder before the deadline: %v, want %q", rs, want)
	}
	before := len(w.fake.Messages(ch))
	w.pass(start, 24*time.Hour+time.Minute)
	w.bot.Wait()

	after := w.game(ch)
	p := after.Engine.Prompt()
	if after.Seq <= seq || p == nil || p.Faction == f {
		t.Fatalf("the AI did not complete %s's action: decision %d -> %d, prompt %+v", f, seq, after.Seq, p)
	}
	if s := after.Seats[f]; s.Player != member.ID {
		t.Errorf("%s's seat after the deadline: %+v, want %s's", f, s, member.Name)
	}
	text := allText(w.fake.Messages(ch)[before:])
	for _, want := range []string{
		"⏱ The deadline passed, so the AI (Easy) plays " + f.String() + "'s turn for <@" + member.ID + ">",
		"🤖 " + f.String() + " (AI, Easy): ",
		"so the AI (Easy) played " + f.String() + "'s turn for <@" + member.ID + ">, who keeps the seat",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the channel lacks %q:\n%s", want, text)
		}
	}
	if _, id, ok := w.turnMessage(ch); !ok || id.Seq != after.Seq || id.Faction != p.Faction {
		t.Errorf("the turn message after the AI shows %+v, want %s at decision %d", id, p.Faction, after.Seq)
	}
	if got := w.privateReply(w.command(bob, ch, "why", "")); !strings.Contains(got, f.String()+" (AI, Easy) weighed") {
		t.Errorf("/why after the deadline: %q", got)
	}
	// A second pass does nothing more: the next decision has a deadline
	// of its own.
	w.pass(start, 24*time.Hour+2*time.Minute)
	if got := w.game(ch).Seq; got != after.Seq {
		t.Errorf("a second pass moved the game from decision %d to %d", after.Seq, got)
	}
	w.checkDiscord()
}
