package bot

import (
	"bytes"
	"context"
	"image/png"
	"reflect"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/commands/league"
	"github.com/chinaswar/chinaswar/engine"
)

// openLeagueGame opens a game of league name in channel, seats the members
// (one per faction, in faction order) and starts it.
func (w *world) openLeagueGame(channel, name string, seats [engine.NumFactions]fakediscord.Member) {
	w.t.Helper()
	it := w.command(seats[0], channel, "game", "new", str("scenario", "1937"), str("league", name))
	if got := w.privateReply(it); !strings.Contains(got, "counts for the league") {
		w.t.Fatalf("/game new league:%s: %q", name, got)
	}
	for i, m := range seats {
		w.command(m, channel, "game", "join", str("faction", engine.Factions[i].String()))
	}
	if it := w.command(seats[0], channel, "game", "start"); !strings.Contains(w.publicReplies(it), "starts") {
		w.t.Fatalf("start: %q", w.privateReply(it))
	}
}

// playOut plays the channel's started game to its end through /do, each
// decision a random legal choice sent by the member holding the faction,
// several of a faction's decisions in one script.
func (w *world) playOut(channel string, seats [engine.NumFactions]fakediscord.Member) *engine.Game {
	w.t.Helper()
	g := w.game(channel)
	opts, err := engine.ParseOptions(g.Options)
	if err != nil {
		w.t.Fatal(err)
	}
	shadow, err := engine.New(engine.Config{Scenario: g.Scenario, Seed: g.Info.Seed, Options: opts})
	if err != nil {
		w.t.Fatal(err)
	}
	for n := 0; shadow.Prompt() != nil; n++ {
		if n > 5000 {
			w.t.Fatal("the game does not end")
		}
		f := shadow.Prompt().Faction
		var steps []string
		size := 0
		for len(steps) < 60 && size < 1500 && shadow.Prompt() != nil && shadow.Prompt().Faction == f {
			p := shadow.Prompt()
			c := p.Choices[w.rng.IntN(len(p.Choices))]
			if err := shadow.Do(f, c.ID); err != nil {
				w.t.Fatal(err)
			}
			steps = append(steps, c.ID)
			size += len(c.ID) + 2
		}
		script := strings.Join(steps, "; ")
		it := w.command(seats[f], channel, "do", "", str("choice", script))
		if got := w.privateReply(it); !strings.Contains(got, "Applied") || strings.Contains(got, "Stopped") {
			w.t.Fatalf("/do %q: %q", script, got)
		}
	}
	return shadow
}

// finalPost is the channel's final ranking message.
func (w *world) finalPost(channel string) fakediscord.Message {
	w.t.Helper()
	for _, m := range w.fake.Messages(channel) {
		if strings.Contains(m.Content, "The game is over") {
			return m
		}
	}
	w.t.Fatalf("no final ranking in %s", channel)
	return fakediscord.Message{}
}

// checkPNG fails unless the message carries a valid PNG called name.
func checkPNG(t *testing.T, what string, msgs []fakediscord.Message, name string) {
	t.Helper()
	for _, m := range msgs {
		for _, f := range m.Files {
			if f.Name != name {
				continue
			}
			img, err := png.Decode(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s: %s is not a valid PNG: %v", what, name, err)
			}
			if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 100 {
				t.Fatalf("%s: %s is %v", what, name, b)
			}
			return
		}
	}
	t.Fatalf("%s: no %s attached", what, name)
}

func TestLeagues(t *testing.T) {
	if testing.Short() {
		t.Skip("plays several whole league games (-short)")
	}
	w := newWorld(t, worldOptions{route: viaEither})
	const lobby = "700000000000000100"
	ctx := context.Background()

	it := w.command(manager(ann), lobby, "league", "create", str("name", "Spring Cup"))
	if got := w.publicReplies(it); !strings.Contains(got, "starts the league **Spring Cup**") {
		t.Fatalf("/league create: %q %q", w.privateReply(it), got)
	}
	if got := w.privateReply(w.command(manager(bob), lobby, "league", "create", str("name", "spring cup"))); !strings.Contains(got, "already has a league") {
		t.Fatalf("a second league of the same name: %q", got)
	}
	for _, m := range []fakediscord.Member{bob, cat, dan} {
		if got := w.privateReply(w.command(m, lobby, "league", "join", str("name", "SPRING CUP"))); !strings.Contains(got, "You joined") {
			t.Fatalf("/league join: %q", got)
		}
	}

	// An unknown league, or a host outside the league, creates nothing.
	const ch0 = "700000000000000101"
	it = w.command(ann, ch0, "game", "new", str("scenario", "1937"), str("league", "Autumn Cup"))
	if got := w.privateReply(it); !strings.Contains(got, `no league called "Autumn Cup"`) || !strings.Contains(got, "nothing was created") || !strings.Contains(got, "Spring Cup") {
		t.Fatalf("/game new with an unknown league: %q", got)
	}
	it = w.command(eve, ch0, "game", "new", str("scenario", "1937"), str("league", "Spring Cup"))
	if got := w.privateReply(it); !strings.Contains(got, "/league join") {
		t.Fatalf("/game new by a non-member: %q", got)
	}
	if _, err := w.store.ActiveGame(ctx, ch0); err == nil {
		t.Fatal("a refused /game new created a game")
	}
	if list, _ := w.store.List(ctx, ch0); len(list) != 0 {
		t.Fatalf("refused /game new left games: %+v", list)
	}

	// Two rated games played to the end; each final ranking has the chart.
	const ch1, ch2 = "700000000000000102", "700000000000000103"
	w.openLeagueGame(ch1, "Spring Cup", [4]fakediscord.Member{ann, bob, cat, dan})
	w.playOut(ch1, [4]fakediscord.Member{ann, bob, cat, dan})
	w.openLeagueGame(ch2, "spring cup", [4]fakediscord.Member{bob, cat, dan, ann})
	w.playOut(ch2, [4]fakediscord.Member{bob, cat, dan, ann})
	for _, ch := range []string{ch1, ch2} {
		final := w.finalPost(ch)
		if !strings.Contains(final.Content, "recorded and rated") {
			t.Errorf("final ranking in %s: %q", ch, final.Content)
		}
		checkPNG(t, "final ranking", []fakediscord.Message{final}, "margins.png")
	}

	it = w.command(cat, lobby, "league", "standings")
	table := w.privateReply(it)
	for _, want := range []string{"Spring Cup · Season 1", "ann", "bob", "cat", "dan", "Pts", "Rating", "2 games, 0 unrated"} {
		if !strings.Contains(table, want) {
			t.Errorf("/league standings lacks %q:\n%s", want, table)
		}
	}
	checkPNG(t, "/league standings", w.fake.Replies(it), "standings.png")
	it = w.command(cat, lobby, "league", "factions", flag("share", true))
	if got := w.publicReplies(it); !strings.Contains(got, "Strength") || !strings.Contains(got, "CPC") || !strings.Contains(got, "Win %") {
		t.Errorf("/league factions: %q", got)
	}
	rated, err := w.store.LeagueResults(ctx, 1)
	if err != nil || len(rated) != 2 {
		t.Fatalf("results after two games: %+v %v", rated, err)
	}

	// An abandoned league game and one where a member holds two factions
	// are listed as unrated and change no rating.
	const ch3, ch4 = "700000000000000104", "700000000000000105"
	w.openLeagueGame(ch3, "Spring Cup", [4]fakediscord.Member{ann, bob, cat, dan})
	it = w.command(manager(admin), ch3, "game", "abandon")
	var ask fakediscord.Message
	for _, m := range w.fake.Replies(it) {
		if len(m.Controls()) > 0 {
			ask = m
		}
	}
	abandoned := false
	for _, c := range ask.Controls() {
		if id, err := commands.ParseControlID(c.CustomID); err == nil && id.Kind == commands.KindAbandon {
			it = w.click(manager(admin), ask, c.CustomID)
			abandoned = strings.Contains(w.publicReplies(it), "abandoned")
		}
	}
	if !abandoned {
		t.Fatal("the league game was not abandoned")
	}
	w.openLeagueGame(ch4, "Spring Cup", [4]fakediscord.Member{ann, ann, bob, cat})
	w.playOut(ch4, [4]fakediscord.Member{ann, ann, bob, cat})
	if final := w.finalPost(ch4); !strings.Contains(final.Content, "not held by distinct members") {
		t.Errorf("final ranking of the two-faction game: %q", final.Content)
	}
	all, err := w.store.LeagueResults(ctx, 1)
	if err != nil || len(all) != 4 {
		t.Fatalf("results after four games: %+v %v", all, err)
	}
	book2, err := league.Rate(commands.LeagueResults(rated))
	if err != nil {
		t.Fatal(err)
	}
	book4, err := league.Rate(commands.LeagueResults(all))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(book2.Ratings().Players, book4.Ratings().Players) || book2.Ratings().Factions != book4.Ratings().Factions {
		t.Error("an unrated game changed the ratings")
	}
	statuses := map[league.Status]int{}
	for _, e := range book4.Entries() {
		statuses[e.Status]++
	}
	if statuses[league.Rated] != 2 || statuses[league.Abandoned] != 1 || statuses[league.NotDistinct] != 1 {
		t.Errorf("statuses: %v", statuses)
	}
	it = w.command(dan, lobby, "league", "standings", str("name", "Spring Cup"))
	table = w.privateReply(it)
	for _, want := range []string{"4 games, 2 unrated", "abandoned", "unrated: seats not held by distinct members"} {
		if !strings.Contains(table, want) {
			t.Errorf("standings after the unrated games lack %q:\n%s", want, table)
		}
	}
	t.Logf("standings:\n%s", table)
	it = w.command(bob, lobby, "league", "player", user("member", ann.ID))
	if got := w.privateReply(it); !strings.Contains(got, "after 2 rated games") {
		t.Errorf("/league player: %q", got)
	}
	checkPNG(t, "/league player", w.fake.Replies(it), "rating.png")
	if got := w.privateReply(w.command(eve, lobby, "league", "player")); !strings.Contains(got, "no rated game") {
		t.Errorf("/league player without games: %q", got)
	}

	// Closing the season keeps its table; the next one starts empty.
	if got := w.privateReply(w.command(bob, lobby, "league", "season")); !strings.Contains(got, "Only the league's creator") {
		t.Errorf("a season closed by a member: %q", got)
	}
	before := tableOf(table)
	it = w.command(ann, lobby, "league", "season")
	if got := w.publicReplies(it); !strings.Contains(got, "closes season 1") || !strings.Contains(got, before) {
		t.Errorf("/league season: %q\nwant the table\n%s", got, before)
	}
	it = w.command(dan, lobby, "league", "standings", num("season", 1))
	if got := w.privateReply(it); tableOf(got) != before || !strings.Contains(got, "closed") {
		t.Errorf("the closed season's table:\n%s\nwant\n%s", got, before)
	}
	if got := w.privateReply(w.command(dan, lobby, "league", "standings")); !strings.Contains(got, "Season 2") || !strings.Contains(got, "No games") {
		t.Errorf("the new season: %q", got)
	}
	if got := w.privateReply(w.command(dan, lobby, "league", "info")); !strings.Contains(got, "season 2") || !strings.Contains(got, "Games recorded: 4") {
		t.Errorf("/league info: %q", got)
	}

	// /game chart shows a finished game's margins.
	it = w.command(bob, ch1, "game", "chart")
	checkPNG(t, "/game chart", w.fake.Replies(it), "margins.png")
	w.checkDiscord()
}

// tableOf is the code block of a standings answer.
func tableOf(s string) string {
	_, after, ok := strings.Cut(s, "```\n")
	if !ok {
		return ""
	}
	table, _, _ := strings.Cut(after, "```")
	return table
}
