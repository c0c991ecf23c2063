package bot

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/commands/league"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// The authorization test walks the permission table of docs/leagues.md
// ("Who may do what") through signed HTTP deliveries, for casual and rated
// games: every "may" succeeds and is recorded with who did it, every "may
// not" is refused privately and changes nothing stored.

// The table's members: eve opens the games; ann, bob, cat and dan sit
// (JPN, NAT, WLD, CPC); lea created the league; fay is a league member
// without a seat; frank is nobody in particular; admin may manage the
// channel and owner the server.
var (
	lea   = fakediscord.Member{ID: "1011", Name: "lea"}
	fay   = fakediscord.Member{ID: "1012", Name: "fay"}
	frank = fakediscord.Member{ID: "1013", Name: "frank"}
	owner = fakediscord.Member{ID: "1014", Name: "owner", Permissions: discordgo.PermissionManageGuild}
)

type phase int

const (
	lobbyFull phase = iota // every faction seated, not started
	lobbyFree              // CPC free, not started
	started
)

const authChannel = "700000000000000900"

// authSetup makes the game of a case: rated ones report to the league Cup.
func authSetup(w *world, rated bool, ph phase) *db.Game {
	w.t.Helper()
	opts := []opt{str("scenario", "1937")}
	if rated {
		w.command(manager(lea), authChannel, "league", "create", str("name", "Cup"))
		for _, m := range []fakediscord.Member{ann, bob, cat, dan, eve, fay} {
			w.command(m, authChannel, "league", "join", str("name", "Cup"))
		}
		opts = append(opts, str("league", "Cup"))
	}
	if got := w.privateReply(w.command(eve, authChannel, "game", "new", opts...)); !strings.Contains(got, "is open") {
		w.t.Fatalf("/game new: %q", got)
	}
	seats := []fakediscord.Member{ann, bob, cat, dan}
	if ph == lobbyFree {
		seats = seats[:3]
	}
	for i, m := range seats {
		w.command(m, authChannel, "game", "join", str("faction", engine.Factions[i].String()))
	}
	if ph == started {
		if it := w.command(eve, authChannel, "game", "start"); !strings.Contains(w.publicReplies(it), "starts") {
			w.t.Fatalf("start: %q", w.privateReply(it))
		}
	}
	return w.game(authChannel)
}

// stored is everything a table change could touch, as text.
func stored(t *testing.T, path string) string {
	t.Helper()
	d, err := sql.Open("sqlite3", path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var b strings.Builder
	for _, q := range []string{
		`SELECT id, status, lobby, host FROM games ORDER BY id`,
		`SELECT game, faction, player FROM seats ORDER BY game, faction`,
		`SELECT game, interval, escalate_after, stop_after, timeout FROM reminder_settings ORDER BY game`,
		`SELECT game, member, timeout FROM deadline_votes ORDER BY game, member`,
		`SELECT game, abandoned, forfeit FROM league_results ORDER BY game`,
		`SELECT game, seat, player, place FROM league_seats ORDER BY game, seat`,
		`SELECT id, name, creator FROM leagues ORDER BY id`,
		`SELECT game, actor, action, detail FROM game_events ORDER BY id`,
		`SELECT COUNT(*) FROM decisions`,
	} {
		rows, err := d.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, vals...)
		}
		rows.Close()
		b.WriteString("--\n")
	}
	return b.String()
}

// lastEvent is the newest event of game id.
func lastEvent(t *testing.T, w *world, id int64) db.Event {
	t.Helper()
	evs, err := w.store.Events(t.Context(), id)
	if err != nil || len(evs) == 0 {
		t.Fatalf("events of game %d: %v %v", id, evs, err)
	}
	return evs[len(evs)-1]
}

// confirm clicks the confirmation button of an abandon (or forfeit)
// question.
func confirm(t *testing.T, w *world, m fakediscord.Member, it *fakediscord.Interaction) {
	t.Helper()
	for _, msg := range w.fake.Replies(it) {
		for _, c := range msg.Controls() {
			if id, err := commands.ParseControlID(c.CustomID); err == nil && id.Kind == commands.KindAbandon {
				w.click(m, msg, c.CustomID)
				return
			}
		}
	}
	t.Fatalf("no confirmation button: %q", w.privateReply(it))
}

// waitedOn is the faction the started game g waits on, and its member.
func waitedOn(g *db.Game) (engine.Faction, fakediscord.Member) {
	f := g.Engine.Prompt().Faction
	return f, memberFor(f)
}

// seatedOther is a seated member not holding f.
func seatedOther(f engine.Faction) fakediscord.Member {
	return memberFor((f + 1) % engine.NumFactions)
}

type authCase struct {
	name  string
	rated bool
	phase phase
	actor fakediscord.Member
	// act does what the case asks; confirm-type actions click through.
	act func(t *testing.T, w *world, g *db.Game, m fakediscord.Member) *fakediscord.Interaction
	may bool
	// event is the game event a "may" records for its actor; "" for none.
	event string
	check func(t *testing.T, w *world, g *db.Game) // what a "may" did
	stall bool                                     // the game waited past its deadline
}

func cmd(name, sub string, opts ...opt) func(*testing.T, *world, *db.Game, fakediscord.Member) *fakediscord.Interaction {
	return func(t *testing.T, w *world, g *db.Game, m fakediscord.Member) *fakediscord.Interaction {
		return w.command(m, authChannel, name, sub, opts...)
	}
}

func confirmed(name, sub string) func(*testing.T, *world, *db.Game, fakediscord.Member) *fakediscord.Interaction {
	return func(t *testing.T, w *world, g *db.Game, m fakediscord.Member) *fakediscord.Interaction {
		it := w.command(m, authChannel, name, sub)
		if len(w.fake.Replies(it)) > 0 && strings.Contains(w.privateReply(it), "?") {
			confirm(t, w, m, it)
		}
		return it
	}
}

// replaceWaited hands the seat the game waits on to to.
func replaceWaited(to fakediscord.Member) func(*testing.T, *world, *db.Game, fakediscord.Member) *fakediscord.Interaction {
	return func(t *testing.T, w *world, g *db.Game, m fakediscord.Member) *fakediscord.Interaction {
		f, _ := waitedOn(g)
		return w.command(m, authChannel, "game", "replace", str("faction", f.String()), user("member", to.ID))
	}
}

// replaceWaitedBySeated hands the waited-on seat to a member seated
// elsewhere in the game.
func replaceWaitedBySeated(t *testing.T, w *world, g *db.Game, m fakediscord.Member) *fakediscord.Interaction {
	f, _ := waitedOn(g)
	return w.command(m, authChannel, "game", "replace", str("faction", f.String()), user("member", seatedOther(f).ID))
}

func hasStatus(want db.Status, lobby bool) func(*testing.T, *world, *db.Game) {
	return func(t *testing.T, w *world, g *db.Game) {
		i, err := w.store.Info(t.Context(), g.ID)
		if err != nil || i.Status != want || i.Lobby != lobby {
			t.Errorf("game %d: %+v %v, want %s lobby=%v", g.ID, i, err, want, lobby)
		}
	}
}

func seat(f engine.Faction, want string) func(*testing.T, *world, *db.Game) {
	return func(t *testing.T, w *world, g *db.Game) {
		if got := w.game(authChannel).Seats[f].Player; got != want {
			t.Errorf("%s is held by %q, want %q", f, got, want)
		}
	}
}

func waitedSeat(want fakediscord.Member) func(*testing.T, *world, *db.Game) {
	return func(t *testing.T, w *world, g *db.Game) {
		f, _ := waitedOn(g)
		seat(f, want.ID)(t, w, g)
	}
}

func timeout(want time.Duration) func(*testing.T, *world, *db.Game) {
	return func(t *testing.T, w *world, g *db.Game) {
		all, err := w.store.ReminderSettingsOf(t.Context())
		if err != nil || all[g.ID].Timeout != want {
			t.Errorf("timeout %v %v, want %v", all[g.ID].Timeout, err, want)
		}
	}
}

// result checks the league result of an ended rated game: forfeit names
// who forfeited ("" for a moderator's abandon) and ranks last.
func result(forfeit fakediscord.Member) func(*testing.T, *world, *db.Game) {
	return func(t *testing.T, w *world, g *db.Game) {
		hasStatus(db.Abandoned, false)(t, w, g)
		rs, err := w.store.LeagueResults(t.Context(), 1)
		if err != nil || len(rs) != 1 {
			t.Fatalf("results: %+v %v", rs, err)
		}
		r := rs[0]
		if forfeit.ID == "" {
			if !r.Abandoned || r.Forfeit != "" {
				t.Errorf("a moderator's abandon recorded as %+v", r)
			}
			return
		}
		if r.Abandoned || r.Forfeit != forfeit.ID {
			t.Errorf("a forfeit recorded as %+v", r)
		}
		for _, s := range r.Seats {
			if (s.Player == forfeit.ID) != (s.Place == len(r.Seats)) {
				t.Errorf("seat %+v: the forfeiting member must rank last, and only they", s)
			}
		}
		told := false
		for _, m := range w.fake.Messages(authChannel) {
			told = told || !m.Ephemeral && strings.Contains(m.Content, "<@"+forfeit.ID+"> forfeited and ranks last")
		}
		if !told {
			t.Error("the channel is not told of the forfeit")
		}
		lr := commands.LeagueResults(rs)
		if st := lr[0].Status(); st != league.Rated {
			t.Errorf("a forfeit is %s, want rated", st)
		}
	}
}

func TestAuthorizationTable(t *testing.T) {
	const day = 24 * time.Hour
	cases := []authCase{
		// /game start: the host, a seated member, Manage Channels.
		{name: "start/host", phase: lobbyFull, actor: eve, act: cmd("game", "start"), may: true, event: "started", check: hasStatus(db.Active, false)},
		{name: "start/seated", phase: lobbyFull, actor: bob, act: cmd("game", "start"), may: true, event: "started", check: hasStatus(db.Active, false)},
		{name: "start/manage channels", phase: lobbyFull, actor: admin, act: cmd("game", "start"), may: true, event: "started", check: hasStatus(db.Active, false)},
		{name: "start/stranger", phase: lobbyFull, actor: frank, act: cmd("game", "start")},
		{name: "start/host", rated: true, phase: lobbyFull, actor: eve, act: cmd("game", "start"), may: true, event: "started", check: hasStatus(db.Active, false)},
		{name: "start/seated", rated: true, phase: lobbyFull, actor: bob, act: cmd("game", "start"), may: true, event: "started", check: hasStatus(db.Active, false)},
		{name: "start/manage channels", rated: true, phase: lobbyFull, actor: admin, act: cmd("game", "start"), may: true, event: "started", check: hasStatus(db.Active, false)},
		{name: "start/unseated member", rated: true, phase: lobbyFull, actor: fay, act: cmd("game", "start")},

		// /game join: anyone in a casual game, league members in a rated one.
		{name: "join/stranger", phase: lobbyFree, actor: frank, act: cmd("game", "join", str("faction", "CPC")), may: true, event: "joined", check: seat(engine.CPC, frank.ID)},
		{name: "join/member", rated: true, phase: lobbyFree, actor: fay, act: cmd("game", "join", str("faction", "CPC")), may: true, event: "joined", check: seat(engine.CPC, fay.ID)},
		{name: "join/non-member", rated: true, phase: lobbyFree, actor: frank, act: cmd("game", "join", str("faction", "CPC"))},

		// /game leave: free in a lobby and a casual game; a forfeit in a
		// started rated game.
		{name: "leave/seated", phase: started, actor: bob, act: cmd("game", "leave"), may: true, event: "left", check: seat(engine.NAT, "")},
		{name: "leave/seated", rated: true, phase: lobbyFull, actor: bob, act: cmd("game", "leave"), may: true, event: "left", check: seat(engine.NAT, "")},
		{name: "leave/forfeit", rated: true, phase: started, actor: bob, act: confirmed("game", "leave"), may: true, event: "forfeited", check: result(bob)},

		// /game replace.
		{name: "replace/host", phase: started, actor: eve, act: replaceWaited(fay), may: true, event: "replaced", check: waitedSeat(fay)},
		{name: "replace/manage channels", phase: started, actor: admin, act: replaceWaited(fay), may: true, event: "replaced", check: waitedSeat(fay)},
		{name: "replace/stranger", phase: started, actor: frank, act: replaceWaited(fay)},
		{name: "replace/host, playing seat", rated: true, phase: started, actor: eve, act: replaceWaited(fay)},
		{name: "replace/manage channels, playing seat", rated: true, phase: started, actor: admin, act: replaceWaited(fay)},
		{name: "replace/creator", rated: true, phase: started, actor: lea, act: replaceWaited(fay), may: true, event: "replaced", check: waitedSeat(fay)},
		{name: "replace/manage server", rated: true, phase: started, actor: owner, act: replaceWaited(fay), may: true, event: "replaced", check: waitedSeat(fay)},
		{name: "replace/host, stalled seat", rated: true, phase: started, stall: true, actor: eve, act: replaceWaited(fay), may: true, event: "replaced", check: waitedSeat(fay)},
		{name: "replace/host, stalled seat to a non-member", rated: true, phase: started, stall: true, actor: eve, act: replaceWaited(frank)},
		{name: "replace/host, stalled seat to a seated member", rated: true, phase: started, stall: true, actor: eve, act: replaceWaitedBySeated},
		{name: "replace/host, empty seat", rated: true, phase: lobbyFree, actor: eve, act: cmd("game", "replace", str("faction", "CPC"), user("member", fay.ID)), may: true, event: "replaced", check: seat(engine.CPC, fay.ID)},
		{name: "replace/host, held seat in the lobby", rated: true, phase: lobbyFull, actor: eve, act: cmd("game", "replace", str("faction", "NAT"), user("member", fay.ID))},

		// /game abandon.
		{name: "abandon/host", phase: started, actor: eve, act: confirmed("game", "abandon"), may: true, event: "abandoned", check: hasStatus(db.Abandoned, false)},
		{name: "abandon/manage channels", phase: started, actor: admin, act: confirmed("game", "abandon"), may: true, event: "abandoned", check: hasStatus(db.Abandoned, false)},
		{name: "abandon/seated", phase: started, actor: bob, act: confirmed("game", "abandon")},
		{name: "abandon/host", rated: true, phase: lobbyFull, actor: eve, act: confirmed("game", "abandon"), may: true, event: "abandoned", check: hasStatus(db.Abandoned, true)},
		{name: "abandon/host, started", rated: true, phase: started, actor: eve, act: confirmed("game", "abandon")},
		{name: "abandon/manage channels, started", rated: true, phase: started, actor: admin, act: confirmed("game", "abandon")},
		{name: "abandon/seated forfeits", rated: true, phase: started, actor: bob, act: confirmed("game", "abandon"), may: true, event: "forfeited", check: result(bob)},
		{name: "abandon/creator", rated: true, phase: started, actor: lea, act: confirmed("game", "abandon"), may: true, event: "abandoned", check: result(fakediscord.Member{})},
		{name: "abandon/manage server", rated: true, phase: started, actor: owner, act: confirmed("game", "abandon"), may: true, event: "abandoned", check: result(fakediscord.Member{})},

		// /remind game timeout.
		{name: "timeout/host", phase: started, actor: eve, act: cmd("remind", "game", str("timeout", "2d")), may: true, event: "deadline", check: timeout(2 * day)},
		{name: "timeout/seated", phase: started, actor: bob, act: cmd("remind", "game", str("timeout", "2d"))},
		{name: "timeout/host, players seated", rated: true, phase: lobbyFull, actor: eve, act: cmd("remind", "game", str("timeout", "2d"))},
		{name: "timeout/seated vote in the lobby", rated: true, phase: lobbyFull, actor: bob, act: cmd("remind", "game", str("timeout", "2d")), may: true, event: "deadline vote", check: timeout(0)},
		{name: "timeout/host, started", rated: true, phase: started, actor: eve, act: cmd("remind", "game", str("timeout", "1h"))},
		{name: "timeout/manage channels, started", rated: true, phase: started, actor: admin, act: cmd("remind", "game", str("timeout", "1h"))},
		{name: "timeout/creator", rated: true, phase: started, actor: lea, act: cmd("remind", "game", str("timeout", "1h")), may: true, event: "deadline", check: timeout(time.Hour)},
		{name: "timeout/one seated vote", rated: true, phase: started, actor: bob, act: cmd("remind", "game", str("timeout", "1h")), may: true, event: "deadline vote", check: timeout(0)},
		{name: "timeout/every seated vote", rated: true, phase: started, actor: dan, may: true, event: "deadline vote", check: timeout(time.Hour),
			act: func(t *testing.T, w *world, g *db.Game, m fakediscord.Member) *fakediscord.Interaction {
				for _, o := range []fakediscord.Member{ann, bob, cat} {
					w.command(o, authChannel, "remind", "game", str("timeout", "1h"))
				}
				timeout(0)(t, w, g)
				return w.command(m, authChannel, "remind", "game", str("timeout", "1h"))
			}},

		// /league create.
		{name: "league create/stranger", phase: lobbyFull, actor: frank, act: cmd("league", "create", str("name", "Other"))},
		{name: "league create/manage server", phase: lobbyFull, actor: owner, act: cmd("league", "create", str("name", "Other")), may: true,
			check: func(t *testing.T, w *world, g *db.Game) {
				if l, err := w.store.LeagueByName(t.Context(), "800000000000000001", "Other"); err != nil || l.Creator != owner.ID {
					t.Errorf("league Other: %+v %v", l, err)
				}
			}},
	}
	for _, tc := range cases {
		kind := "casual"
		if tc.rated {
			kind = "rated"
		}
		verb := "may not"
		if tc.may {
			verb = "may"
		}
		t.Run(fmt.Sprintf("%s/%s/%s", kind, tc.name, verb), func(t *testing.T) {
			w := newWorld(t, worldOptions{route: viaHTTP})
			g := authSetup(w, tc.rated, tc.phase)
			if tc.stall {
				w.clock.Set(time.Now().Add(commands.StallAfter + time.Hour))
			}
			before := stored(t, w.dbPath)
			it := tc.act(t, w, g, tc.actor)
			w.bot.Wait()
			after := stored(t, w.dbPath)
			reply := w.privateReply(it)
			if !tc.may {
				if before != after {
					t.Errorf("a refused request changed what is stored:\nbefore:\n%s\nafter:\n%s", before, after)
				}
				if pub := w.publicReplies(it); pub != "" || reply == "" || strings.Contains(reply, "?") {
					t.Errorf("not refused privately: private %q, public %q", reply, pub)
				}
				w.checkDiscord()
				return
			}
			if before == after {
				t.Errorf("an allowed request changed nothing: %q", reply)
			}
			tc.check(t, w, g)
			if tc.event != "" {
				if ev := lastEvent(t, w, g.ID); ev.Actor != tc.actor.ID || ev.Action != tc.event {
					t.Errorf("last event %+v, want %q by %s", ev, tc.event, tc.actor.ID)
				}
			}
			w.checkDiscord()
		})
	}
}
