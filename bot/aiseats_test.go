package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// TestAISeatsPlayInDiscord: two members and two Easy AI seats play a
// stretch of a game through the fake Discord. The members decide by button
// and /do; the AI seats move by themselves after each member's action,
// posting their explanation lines; /why answers; a member's seat is handed
// to the AI and taken back; after a restart /why knows no action.
func TestAISeatsPlayInDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("plays AI turns (-short)")
	}
	w := newWorld(t, worldOptions{})
	const ch = "700000000000000077"
	w.command(ann, ch, "game", "new", str("scenario", "1937"))

	// Only the host (or Manage Channels) may seat the AI.
	it := w.command(bob, ch, "game", "join", str("faction", "NAT"), str("ai", "easy"))
	if got := w.privateReply(it); !strings.Contains(got, "Only the member who opened the game") {
		t.Fatalf("a guest seating the AI: %q", got)
	}
	w.command(ann, ch, "game", "join", str("faction", "JPN"))
	w.command(bob, ch, "game", "join", str("faction", "CPC"))
	it = w.command(ann, ch, "game", "join", str("faction", "CPC"), str("ai", "easy"))
	if got := w.privateReply(it); !strings.Contains(got, "is held by") {
		t.Fatalf("the AI joining a held seat: %q", got)
	}
	for _, f := range []string{"NAT", "WLD"} {
		it := w.command(ann, ch, "game", "join", str("faction", f), str("ai", "easy"))
		if got := w.privateReply(it); !strings.Contains(got, "the AI (Easy) now plays "+f) {
			t.Fatalf("seating the AI as %s: %q", f, got)
		}
	}
	it = w.command(ann, ch, "game", "start")
	if !strings.Contains(w.publicReplies(it), "starts") {
		t.Fatalf("start: %q %q", w.privateReply(it), w.publicReplies(it))
	}
	if g := w.game(ch); g.Seats[engine.NAT].Player != "ai:easy" || g.Seats[engine.WLD].Player != "ai:easy" {
		t.Fatalf("stored seats: %+v", g.Seats)
	}

	members := map[engine.Faction]fakediscord.Member{engine.JPN: ann, engine.CPC: bob}
	clicks, dos := 0, 0
	play := func(decisions int) {
		t.Helper()
		for n := 0; n < decisions; n++ {
			g := w.game(ch)
			p := g.Engine.Prompt()
			if p == nil {
				return
			}
			m, ok := members[p.Faction]
			if !ok {
				t.Fatalf("decision %d: the game waits on the AI's %s after the bot finished its work", g.Seq, p.Faction)
			}
			msg, id, ok := w.turnMessage(ch)
			if !ok || id.Faction != p.Faction || id.Seq != g.Seq {
				t.Fatalf("decision %d of %s: the newest turn message shows %+v", g.Seq, p.Faction, id)
			}
			if c := controlOf(msg, commands.KindDecide, 0); c != "" && n%2 == 0 {
				w.click(m, msg, c)
				clicks++
				if w.game(ch).Seq == g.Seq {
					t.Fatalf("decision %d: a click changed nothing", g.Seq)
				}
				continue
			}
			choice := p.Choices[w.rng.IntN(len(p.Choices))]
			it := w.command(m, ch, "do", "", str("choice", choice.ID))
			if !strings.Contains(w.privateReply(it), "Applied") {
				t.Fatalf("/do %q: %q", choice.ID, w.privateReply(it))
			}
			dos++
		}
	}
	aiLines := func() map[string]int {
		out := map[string]int{}
		for _, m := range w.fake.Messages(ch) {
			for _, f := range []string{"NAT", "WLD", "CPC"} {
				if strings.Contains(m.Content, "🤖 "+f+" (AI, Easy): ") {
					out[f]++
				}
			}
		}
		return out
	}

	// Members play until both AI seats have acted.
	for n := 0; n < 60 && (aiLines()["NAT"] == 0 || aiLines()["WLD"] == 0); n += 4 {
		play(4)
	}
	if got := aiLines(); got["NAT"] == 0 || got["WLD"] == 0 {
		t.Fatalf("AI actions posted: %v, want some by NAT and WLD", got)
	}
	it = w.command(bob, ch, "why", "")
	if got := w.privateReply(it); !strings.Contains(got, "(AI, Easy) weighed") || !strings.Contains(got, "1. ") {
		t.Fatalf("/why: %q", got)
	}

	// Bob's seat goes to the AI, which plays it, and comes back.
	it = w.command(ann, ch, "game", "replace", str("faction", "CPC"), str("ai", "easy"))
	if got := w.privateReply(it); !strings.Contains(got, "the AI (Easy) now plays CPC") {
		t.Fatalf("replace with the AI: %q", got)
	}
	delete(members, engine.CPC)
	before := aiLines()["CPC"]
	for n := 0; n < 40 && aiLines()["CPC"] == before; n += 4 {
		play(4)
	}
	if aiLines()["CPC"] == before {
		t.Fatal("the AI holding CPC never acted")
	}
	it = w.command(ann, ch, "game", "replace", str("faction", "CPC"), user("member", bob.ID))
	if g := w.game(ch); g.Seats[engine.CPC].Player != bob.ID {
		t.Fatalf("CPC handed back: %q, seats %+v", w.privateReply(it), g.Seats)
	}
	members[engine.CPC] = bob
	play(6)

	// After a restart, the AI's reasons are gone, and the game goes on.
	w.restart()
	it = w.command(bob, ch, "why", "")
	if got := w.privateReply(it); !strings.Contains(got, "No AI action") {
		t.Fatalf("/why after a restart: %q", got)
	}
	play(6)
	if clicks == 0 || dos == 0 {
		t.Errorf("clicks %d, /do %d: both should be used", clicks, dos)
	}
	t.Logf("decision %d: %d clicks, %d /do, AI actions %v", w.game(ch).Seq, clicks, dos, aiLines())
	w.checkDiscord()
}

// TestAISeatResumedAtStart: a game left waiting on an AI seat (the bot
// stopped before its run) goes on when the bot starts again, and the
// member next to decide gets a turn message.
func TestAISeatResumedAtStart(t *testing.T) {
	w := newWorld(t, worldOptions{})
	const ch = "700000000000000078"
	g := w.setup(ch, "")
	f := g.Engine.Prompt().Faction
	// The seat changes behind the bot's back, as if it had stopped
	// before running the AI.
	ev := db.Event{At: w.clock.Now(), Actor: ann.ID, Action: "replaced", Detail: "test"}
	if err := w.store.SeatBy(context.Background(), g.ID, f, commands.AISeat(ai.Easy), false, ev); err != nil {
		t.Fatal(err)
	}
	w.restart()
	if err := w.bot.ResumeAI(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.bot.Wait()
	after := w.game(ch)
	p := after.Engine.Prompt()
	if after.Seq == g.Seq || p == nil || p.Faction == f {
		t.Fatalf("the AI's %s did not play: decision %d -> %d, waiting on %v", f, g.Seq, after.Seq, p)
	}
	posted := false
	for _, m := range w.fake.Messages(ch) {
		posted = posted || strings.Contains(m.Content, "🤖 "+f.String()+" (AI, Easy): ")
	}
	if !posted {
		for _, m := range w.fake.Messages(ch) {
			t.Log(m.Content)
		}
		t.Errorf("no explanation line of %s's action posted", f)
	}
	if _, id, ok := w.turnMessage(ch); !ok || id.Seq != after.Seq || id.Faction != p.Faction {
		t.Errorf("turn message after the AI: %+v, want %s at decision %d", id, p.Faction, after.Seq)
	}
	// A second resume finds nothing to do and posts nothing.
	n := len(w.fake.Messages(ch))
	if err := w.bot.ResumeAI(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.bot.Wait()
	if got := len(w.fake.Messages(ch)); got != n {
		t.Errorf("a second resume posted %d messages", got-n)
	}
	w.checkDiscord()
}

// TestAISeatRefused: bad AI seat requests change nothing, in a league
// game as in any.
func TestAISeatRefused(t *testing.T) {
	w := newWorld(t, worldOptions{})
	const lobby, ch = "700000000000000079", "700000000000000080"
	w.command(manager(ann), lobby, "league", "create", str("name", "Cup"))
	w.command(ann, ch, "game", "new", str("scenario", "1937"), str("league", "Cup"))
	tests := []struct {
		name string
		who  fakediscord.Member
		sub  string
		opts []opt
		want string
	}{
		{"a guest", bob, "join", []opt{str("faction", "NAT"), str("ai", "easy")}, "Only the member who opened the game"},
		{"unknown level", ann, "replace", []opt{str("faction", "NAT"), str("ai", "godlike")}, "unknown AI level"},
		{"member and AI", ann, "replace", []opt{str("faction", "NAT"), str("ai", "easy"), user("member", bob.ID)}, "not both"},
		{"neither", ann, "replace", []opt{str("faction", "NAT")}, "or an AI level"},
	}
	for _, tc := range tests {
		it := w.command(tc.who, ch, "game", tc.sub, tc.opts...)
		if got := w.privateReply(it); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		if s := w.game(ch).Seats[engine.NAT]; s.Player != "" {
			t.Fatalf("%s: NAT seated %+v", tc.name, s)
		}
	}
	w.checkDiscord()
}

// TestAISeatsAtNew: /game new gives seats to the AI, one option per
// faction; a bad level creates nothing; a league game takes AI seats and
// says whether its league rates them, which the league's creator sets.
func TestAISeatsAtNew(t *testing.T) {
	w := newWorld(t, worldOptions{})
	const lobby, ch, ch2 = "700000000000000081", "700000000000000082", "700000000000000083"
	it := w.command(ann, ch, "game", "new", str("scenario", "1938"), str("nat", "godlike"))
	if got := w.privateReply(it); !strings.Contains(got, "unknown AI level") || !strings.Contains(got, "Nothing was created") {
		t.Fatalf("a bad level: %q", got)
	}
	if _, err := w.store.ActiveGame(context.Background(), ch); err == nil {
		t.Fatal("a game was created with a bad AI level")
	}
	it = w.command(ann, ch, "game", "new", str("scenario", "1938"), str("nat", "normal"), str("wld", "easy"))
	if got := w.publicReplies(it); !strings.Contains(got, "The AI plays NAT (Normal), WLD (Easy).") {
		t.Fatalf("announcement: %q", got)
	}
	g := w.game(ch)
	if g.Seats[engine.NAT].Player != "ai:normal" || g.Seats[engine.WLD].Player != "ai:easy" || g.Seats[engine.JPN].Player != "" {
		t.Fatalf("seats: %+v", g.Seats)
	}
	it = w.command(ann, ch, "game", "seats")
	if got := w.privateReply(it); !strings.Contains(got, "NAT (Nationalists): the AI (Normal)") {
		t.Errorf("/game seats: %q", got)
	}

	w.command(manager(ann), lobby, "league", "create", str("name", "Cup"))
	it = w.command(ann, ch2, "game", "new", str("scenario", "1937"), str("league", "Cup"), str("cpc", "easy"))
	if got := w.publicReplies(it); !strings.Contains(got, "does not rate games with AI seats") {
		t.Fatalf("league game with an AI seat: %q", got)
	}
	if got := w.privateReply(w.command(bob, lobby, "league", "ai", flag("rated", true))); !strings.Contains(got, "Only the league's creator") {
		t.Errorf("a member rating the AI: %q", got)
	}
	it = w.command(ann, lobby, "league", "ai", flag("rated", true))
	if got := w.publicReplies(it); !strings.Contains(got, "rates games with AI seats") {
		t.Errorf("/league ai rated:true: %q", got)
	}
	if l, err := w.store.LeagueByName(context.Background(), fakediscord.Guild, "Cup"); err != nil || !l.RateAI {
		t.Errorf("the league after /league ai rated:true: %+v, %v", l, err)
	}
	if got := w.privateReply(w.command(bob, lobby, "league", "ai")); !strings.Contains(got, "rates games with AI seats") {
		t.Errorf("/league ai: %q", got)
	}
	w.checkDiscord()
}

// TestAILeagueRatings: a league game with AI seats of two levels is rated
// once the league rates the AI, each level with a rating row of its own;
// after the creator turns that off, the next such game is listed as
// unrated and the earlier one keeps its rating.
func TestAILeagueRatings(t *testing.T) {
	w := newWorld(t, worldOptions{})
	cheapAI(w)
	const lobby, ch1, ch2 = "700000000000000084", "700000000000000085", "700000000000000086"
	w.command(manager(eve), lobby, "league", "create", str("name", "Cup"))
	w.command(ann, lobby, "league", "join", str("name", "Cup"))
	w.command(bob, lobby, "league", "join", str("name", "Cup"))
	w.command(eve, lobby, "league", "ai", flag("rated", true))

	game := func(ch string, leaver fakediscord.Member, vote bool) string {
		t.Helper()
		w.command(ann, ch, "game", "new", str("scenario", "1937"), str("league", "Cup"), str("nat", "easy"), str("wld", "normal"))
		w.command(ann, ch, "game", "join", str("faction", "JPN"))
		w.command(bob, ch, "game", "join", str("faction", "CPC"))
		if it := w.command(ann, ch, "game", "start"); !strings.Contains(w.publicReplies(it), "starts") {
			t.Fatalf("start: %q", w.privateReply(it))
		}
		if vote {
			// The deadline is the seated members' to agree on; the AI
			// seats have no vote.
			deadline := []opt{str("timeout", "2d"), str("on-timeout", "normal")}
			if got := w.publicReplies(w.command(ann, ch, "remind", "game", deadline...)); !strings.Contains(got, "it is set once <@"+bob.ID+"> ask") {
				t.Errorf("ann's deadline vote: %q", got)
			}
			if got := w.publicReplies(w.command(bob, ch, "remind", "game", deadline...)); !strings.Contains(got, "timeout 2d (then the AI (Normal) plays") {
				t.Errorf("bob's agreeing vote: %q", got)
			}
		}
		it := w.command(leaver, ch, "game", "leave")
		confirm(t, w, leaver, it)
		return allText(w.fake.Messages(ch))
	}
	if got := game(ch1, ann, true); !strings.Contains(got, "forfeited and ranks last") || !strings.Contains(got, "recorded and rated") {
		t.Fatalf("the first game's end: %q", got)
	}
	standings := func() string {
		t.Helper()
		return w.privateReply(w.command(bob, lobby, "league", "standings"))
	}
	got := standings()
	for _, want := range []string{"AI (Easy)", "AI (Normal)", "bob"} {
		if !strings.Contains(got, want) {
			t.Errorf("standings lack %q:\n%s", want, got)
		}
	}

	if got := w.privateReply(w.command(bob, lobby, "league", "info")); !strings.Contains(got, "AI (Normal) WLD") || !strings.Contains(got, "AI (Easy) NAT") {
		t.Errorf("/league info names the AI seats: %q", got)
	}

	w.command(eve, lobby, "league", "ai", flag("rated", false))
	if got := game(ch2, bob, false); !strings.Contains(got, "unrated: the league does not rate AI seats") {
		t.Fatalf("the second game's end: %q", got)
	}
	if got := standings(); !strings.Contains(got, "AI (Easy)") || !strings.Contains(got, "2 games, 1 unrated") {
		t.Errorf("standings after an unrated AI game:\n%s", got)
	}
	w.checkDiscord()
}
