package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
)

// pass runs one reminder pass at start+d.
func (w *world) pass(start time.Time, d time.Duration) {
	w.t.Helper()
	now := start.Add(d)
	w.clock.Set(now)
	if _, err := w.bot.Reminders().Pass(context.Background(), now); err != nil {
		w.t.Fatalf("reminder pass at +%s: %v", d, err)
	}
}

// reminders lists the channel's reminder messages (those with a Snooze
// button) after message index from.
func reminderMsgs(w *world, channel string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range w.fake.Messages(channel) {
		for _, c := range m.Controls() {
			if strings.HasPrefix(c.CustomID, snoozePrefix) {
				out = append(out, m)
			}
		}
	}
	return out
}

func TestReminders(t *testing.T) {
	w := newWorld(t, worldOptions{})
	const ch = "chan-remind"
	start := w.clock.Now()
	g := w.finishSetup(ch, w.setup(ch, ""))
	pr := g.Engine.Prompt()
	player := memberFor(pr.Faction)
	if !commands.IsActionChoice(pr) || !pr.Has("pass") {
		t.Fatalf("the first decision is %+v; the test wants an Eligible faction's action choice", pr)
	}
	ref, ok, err := w.store.Turn(context.Background(), g.ID)
	if !ok || err != nil || !ref.Since.Equal(start) || ref.Seq != g.Seq {
		t.Fatalf("stored turn message: %+v, %v, %v", ref, ok, err)
	}

	// Settings: refused for a non-host, checked, then set by the host.
	other := memberFor((pr.Faction + 1) % 4)
	if other == ann {
		other = memberFor((pr.Faction + 2) % 4)
	}
	if got := w.privateReply(w.command(other, ch, "remind", "game", str("interval", "1h"))); !strings.Contains(got, "Only the member who opened") {
		t.Fatalf("a non-host set reminders: %q", got)
	}
	for _, bad := range []opt{str("interval", "soon"), str("interval", "1m"), str("timeout", "5m")} {
		if got := w.privateReply(w.command(ann, ch, "remind", "game", bad)); !strings.Contains(got, "Nothing was changed") {
			t.Fatalf("/remind game %v: %q", bad, got)
		}
	}
	if got := w.privateReply(w.command(ann, ch, "remind", "game", str("interval", "1h"), num("escalate-after", 0))); !strings.Contains(got, "every 1h") || !strings.Contains(got, "after never") {
		t.Fatalf("/remind game: %q", got)
	}
	for _, bad := range []opt{str("zone", "Mars/Olympus"), str("quiet", "25:00-07:00"), str("snooze", "forever")} {
		if got := w.privateReply(w.command(player, ch, "remind", "me", bad)); !strings.Contains(got, "Nothing was changed") {
			t.Fatalf("/remind me %v: %q", bad, got)
		}
	}
	if got := w.privateReply(w.command(player, ch, "remind", "me", str("zone", "Asia/Tokyo"))); !strings.Contains(got, "Asia/Tokyo") {
		t.Fatalf("/remind me zone: %q", got)
	}

	// Idle for less than an interval: nothing. After one: one reminder,
	// a new message that pings the player and links the turn message.
	w.pass(start, 59*time.Minute)
	if n := len(reminderMsgs(w, ch)); n != 0 {
		t.Fatalf("%d reminders before the interval", n)
	}
	w.pass(start, 61*time.Minute)
	w.pass(start, 62*time.Minute) // a second pass sends nothing more
	rs := reminderMsgs(w, ch)
	if len(rs) != 1 {
		t.Fatalf("%d reminders after one interval, want 1", len(rs))
	}
	r := rs[0]
	link := "https://discord.com/channels/800000000000000001/" + ch + "/" + ref.Message
	if len(r.Pinged) != 1 || r.Pinged[0] != player.ID || !strings.Contains(r.Content, "<@"+player.ID+">") ||
		!strings.Contains(r.Content, link) || !strings.Contains(r.Content, pr.Faction.String()+" is 1st Eligible on #") || !strings.Contains(r.Content, "or Pass") {
		t.Fatalf("reminder %+v", r)
	}
	snooze := r.Controls()[0].CustomID
	if len(snooze) > commands.MaxID {
		t.Fatalf("snooze id %q is longer than %d", snooze, commands.MaxID)
	}

	// The Snooze button: politely refused for others; defers the player's
	// next reminder by the default 12h.
	if got := w.privateReply(w.click(other, r, snooze)); !strings.Contains(got, "only they can snooze") {
		t.Fatalf("someone else's snooze: %q", got)
	}
	if got := w.privateReply(w.click(player, r, snooze)); !strings.Contains(got, "Snoozed") {
		t.Fatalf("snooze: %q", got)
	}
	w.pass(start, 3*time.Hour)
	w.pass(start, 12*time.Hour)
	if n := len(reminderMsgs(w, ch)); n != 1 {
		t.Fatalf("%d reminders while snoozed", n)
	}
	w.pass(start, 13*time.Hour+2*time.Minute)
	if n := len(reminderMsgs(w, ch)); n != 2 {
		t.Fatalf("%d reminders after the snooze, want 2", n)
	}

	// The timeout Passes an Eligible faction's action choice...
	w.command(ann, ch, "remind", "game", str("timeout", "1d"))
	seq := w.game(ch).Seq
	w.pass(start, 24*time.Hour+time.Minute)
	g = w.game(ch)
	if g.Seq != seq+1 {
		t.Fatalf("the timeout made %d decisions, want 1 Pass", g.Seq-seq)
	}
	var recs strings.Builder
	exp, err := w.store.Export(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	recs.Write(exp)
	if !strings.Contains(recs.String(), `"faction":"`+pr.Faction.String()+`","choice":"pass"`) {
		t.Fatalf("the last decision is not %s's Pass", pr.Faction)
	}
	msgs := w.fake.Messages(ch)
	if !strings.Contains(msgs[len(msgs)-1].Content+msgs[len(msgs)-2].Content, "Passed for") && !strings.Contains(allText(msgs), "so "+pr.Faction.String()+" Passed") {
		t.Fatalf("no auto-pass notice: %q", allText(msgs[len(msgs)-4:]))
	}
	_, id, ok := w.turnMessage(ch)
	p2 := g.Engine.Prompt()
	if !ok || id.Seq != g.Seq || id.Faction != p2.Faction {
		t.Fatalf("after the Pass the turn message shows %+v, want decision %d for %s", id, g.Seq, p2.Faction)
	}

	// ...but never a decision where Pass is not legal: the next faction
	// starts an action, and its deadline goes to the host instead.
	next := memberFor(p2.Faction)
	var op string
	for _, c := range p2.Choices {
		if c.ID != "pass" && !strings.HasPrefix(c.ID, "event") {
			op = c.ID
			break
		}
	}
	if op == "" {
		t.Skip("no Operation to start here")
	}
	w.clock.Set(start.Add(25 * time.Hour))
	w.command(next, ch, "do", "", str("choice", op))
	g = w.game(ch)
	p3 := g.Engine.Prompt()
	if p3 == nil || p3.Has("pass") || commands.IsActionChoice(p3) {
		t.Skipf("after %s the prompt is %+v; no non-passable decision to test", op, p3)
	}
	seq = g.Seq
	before := len(w.fake.Messages(ch))
	w.pass(start, 50*time.Hour+time.Minute)
	if w.game(ch).Seq != seq {
		t.Fatal("the timeout decided where Pass is not legal")
	}
	if got := allText(w.fake.Messages(ch)[before:]); !strings.Contains(got, "cannot be Passed") || !strings.Contains(got, "<@"+ann.ID+">") {
		t.Fatalf("no timeout escalation to the host: %q", got)
	}

}

func allText(ms []fakediscord.Message) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(m.Content + "\n")
	}
	return b.String()
}
