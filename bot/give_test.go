package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
)

// toExecuting plays the game in channel by /do, one legal choice at a time,
// until a faction is executing at a point where transfers are allowed, and
// returns that prompt.
func (w *world) toExecuting(channel string) *engine.Prompt {
	w.t.Helper()
	for i := 0; i < 400; i++ {
		g := w.game(channel)
		p := g.Engine.Prompt()
		if p == nil {
			w.t.Fatal("the game ended before any transfer point")
		}
		if p.Executing {
			return p
		}
		c := p.Choices[i%len(p.Choices)]
		it := w.command(memberFor(p.Faction), channel, "do", "", str("choice", c.ID))
		if w.game(channel).Seq != g.Seq+1 {
			w.t.Fatalf("/do %s at decision %d: %q", c.ID, g.Seq, w.privateReply(it))
		}
	}
	w.t.Fatal("no transfer point in 400 decisions")
	return nil
}

// firstDecide is the first choice button or menu entry of a turn message.
func firstDecide(t *testing.T, msg fakediscord.Message) (customID string, values []string) {
	t.Helper()
	for _, c := range msg.Controls() {
		id, err := commands.ParseControlID(c.CustomID)
		if err != nil {
			continue
		}
		switch id.Kind {
		case commands.KindDecide:
			return c.CustomID, nil
		case commands.KindMenu:
			return c.CustomID, []string{c.Options[0].Value}
		}
	}
	t.Fatalf("no choice on the turn message %q", msg.Text())
	return "", nil
}

// TestGive: a voluntary transfer (1.5.2) while a faction executes changes
// Resources, tells the channel and refreshes the turn message, whose old
// buttons are then out of date. Refusals are private and change nothing.
func TestGive(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "640"
	g := w.setup(ch, "")

	// Not executing: the game starts with NAT's setup moves.
	before := w.saved(g.ID)
	it := w.command(ann, ch, "give", "resources", str("to", "NAT"), num("amount", 1))
	if got := w.privateReply(it); !strings.Contains(got, "only while a faction is executing") || !strings.Contains(got, "Not applied") {
		t.Errorf("a transfer while nobody executes: %q", got)
	}
	if w.saved(g.ID) != before || w.publicReplies(it) != "" {
		t.Error("a refused transfer changed something")
	}

	p := w.toExecuting(ch)
	ex := p.Executor
	giver := engine.JPN
	if ex == engine.JPN {
		giver = engine.NAT
	}
	oldMsg, oldID, ok := w.turnMessage(ch)
	if !ok || oldID.Faction != p.Faction {
		t.Fatalf("no turn message for %s: %+v", p.Faction, oldID)
	}
	cur := w.game(ch)
	res := cur.Engine.State().Resources
	third := engine.Faction(0)
	for _, f := range engine.Factions {
		if f != ex && f != giver {
			third = f
			break
		}
	}

	// Refusals: each private, nothing changed, nothing public.
	for _, tc := range []struct {
		name string
		who  fakediscord.Member
		sub  string
		opts []opt
		want []string
	}{
		{"someone else's seat", eve, "resources", []opt{str("to", ex.String()), num("amount", 1), str("from", giver.String())},
			[]string{"Only <@" + memberFor(giver).ID + ">", "Nothing was changed"}},
		{"a seat not held", memberFor(third), "resources", []opt{str("to", ex.String()), num("amount", 1), str("from", giver.String())},
			[]string{"Only <@" + memberFor(giver).ID + ">", "You play " + third.String()}},
		{"more than it has", memberFor(giver), "resources", []opt{str("to", ex.String()), num("amount", res[giver]+1)},
			[]string{"Not applied", fmt.Sprintf("only %d", res[giver])}},
		{"neither executing", memberFor(third), "resources", []opt{str("to", giver.String()), num("amount", 1)},
			[]string{"Not applied", "executing (" + ex.String() + ")"}},
		{"patronage by a non-NAT", eve, "patronage", []opt{num("amount", 1)}, []string{"Only <@" + memberFor(engine.NAT).ID + ">"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := w.saved(g.ID)
			n := len(w.fake.Messages(ch))
			it := w.command(tc.who, ch, "give", tc.sub, tc.opts...)
			got := w.privateReply(it)
			for _, s := range tc.want {
				if !strings.Contains(got, s) {
					t.Errorf("reply %q lacks %q", got, s)
				}
			}
			if w.saved(g.ID) != before {
				t.Error("the game changed")
			}
			for _, m := range w.fake.Messages(ch)[n:] {
				if !m.Ephemeral {
					t.Errorf("a public message was posted: %q", m.Text())
				}
			}
		})
	}

	// The transfer.
	give := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, memberFor(giver),
		commandData("give", "resources", str("to", ex.String()), num("amount", 2)), nil)
	it = w.deliver(give)
	line := fmt.Sprintf("%s gave 2 Resources to %s.", giver, ex)
	if got := w.publicReplies(it); !strings.Contains(got, line) {
		t.Fatalf("public line %q, want %q (private %q)", got, line, w.privateReply(it))
	}
	after := w.game(ch)
	if after.Seq != cur.Seq+1 {
		t.Errorf("decision %d after the transfer, want %d", after.Seq, cur.Seq+1)
	}
	got := after.Engine.State().Resources
	if got[giver] != res[giver]-2 || got[ex] != res[ex]+2 {
		t.Errorf("Resources %v -> %v", res, got)
	}
	if np := after.Engine.Prompt(); np == nil || np.Faction != p.Faction || strings.Contains(np.Question, "%") {
		t.Errorf("the prompt after the transfer: %+v", np)
	}

	// The turn message now carries the new decision count; the old
	// buttons are out of date.
	newMsg, newID, ok := w.turnMessage(ch)
	if !ok || newID.Seq != after.Seq || newID.Faction != p.Faction {
		t.Fatalf("turn message after the transfer: %+v, want decision %d", newID, after.Seq)
	}
	saved := w.saved(g.ID)
	id, values := firstDecide(t, oldMsg)
	it = w.click(memberFor(p.Faction), oldMsg, id, values...)
	if got := w.privateReply(it); !strings.Contains(got, "out of date") {
		t.Errorf("an old button after the transfer: %q", got)
	}
	if w.saved(g.ID) != saved {
		t.Error("an old button changed the game")
	}
	id, values = firstDecide(t, newMsg)
	it = w.click(memberFor(p.Faction), newMsg, id, values...)
	if w.game(ch).Seq != after.Seq+1 {
		t.Errorf("the refreshed button did not work: %q", w.privateReply(it))
	}

	// A second delivery of the transfer, after the game moved on, is
	// recognised and not applied again.
	saved = w.saved(g.ID)
	n := len(w.fake.Messages(ch))
	w.route = viaHTTP
	it = w.deliver(give)
	if got := w.privateReply(it); !strings.Contains(got, "Already applied") {
		t.Errorf("a repeated transfer: %q", got)
	}
	if w.saved(g.ID) != saved {
		t.Error("a repeated transfer changed the game")
	}
	for _, m := range w.fake.Messages(ch)[n:] {
		if !m.Ephemeral {
			t.Errorf("a repeated transfer posted %q", m.Text())
		}
	}
	w.checkDiscord()
}

// TestGiveAmbiguous: a member holding several factions must say which
// gives.
func TestGiveAmbiguous(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "641"
	w.command(ann, ch, "game", "new", str("scenario", "1937"))
	for _, f := range []string{"JPN", "NAT", "WLD"} {
		w.command(ann, ch, "game", "join", str("faction", f))
	}
	w.command(dan, ch, "game", "join", str("faction", "CPC"))
	w.command(ann, ch, "game", "start")
	it := w.command(ann, ch, "give", "resources", str("to", "CPC"), num("amount", 1))
	if got := w.privateReply(it); !strings.Contains(got, "from:") || !strings.Contains(got, "JPN, NAT, WLD") {
		t.Errorf("ambiguous giver: %q", got)
	}
	it = w.command(dan, ch, "give", "resources", str("to", "CPC"), num("amount", 1))
	if got := w.privateReply(it); !strings.Contains(got, "no faction that could give") {
		t.Errorf("giving to oneself: %q", got)
	}
	w.checkDiscord()
}
