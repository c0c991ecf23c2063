package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/commands/league"
)

// countPosts counts the channel's messages containing text.
func countPosts(w *world, channel, text string) int {
	n := 0
	for _, m := range w.fake.Messages(channel) {
		if strings.Contains(m.Content, text) {
			n++
		}
	}
	return n
}

// checkOneResult fails unless the league holds exactly one result for game
// id, abandoned or not as said, and the league rates it once at most.
func checkOneResult(w *world, league1, id int64, abandoned bool) {
	w.t.Helper()
	stored, err := w.store.LeagueResults(context.Background(), league1)
	if err != nil {
		w.t.Fatal(err)
	}
	n := 0
	for _, r := range stored {
		if r.Game == id {
			n++
			if r.Abandoned != abandoned {
				w.t.Errorf("game %d: result abandoned=%v, want %v", id, r.Abandoned, abandoned)
			}
		}
	}
	if n != 1 {
		w.t.Fatalf("game %d: %d league results, want 1", id, n)
	}
	book, err := league.Rate(commands.LeagueResults(stored))
	if err != nil {
		w.t.Fatal(err)
	}
	for _, e := range book.Entries() {
		if e.Result.Game == id && (e.Status == league.Rated) == abandoned {
			w.t.Errorf("game %d: rated as %v", id, e.Status)
		}
	}
}

// The final announcement of a league game fails to post: the result is
// recorded all the same, with the last decision, and after a restart the
// announcement is posted once.
func TestEndAnnouncedAfterFailedPost(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const lobby, ch = "700000000000000300", "700000000000000301"
	w.command(manager(ann), lobby, "league", "create", str("name", "Cup"))
	for _, m := range []fakediscord.Member{bob, cat, dan} {
		w.command(m, lobby, "league", "join", str("name", "Cup"))
	}
	seats := [4]fakediscord.Member{ann, bob, cat, dan}
	w.openLeagueGame(ch, "Cup", seats)
	id := w.game(ch).ID
	const over = "The game is over"
	w.fake.FailPosts(func(content string) bool { return strings.Contains(content, over) })
	w.playOut(ch, seats)
	if n := countPosts(w, ch, over); n != 0 {
		t.Fatalf("%d final rankings posted during the outage", n)
	}
	checkOneResult(w, 1, id, false)

	w.fake.FailPosts(nil)
	for range 2 {
		w.restart()
		if err := w.bot.AnnounceEnded(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if n := countPosts(w, ch, over); n != 1 {
		t.Fatalf("%d final rankings after the restarts, want 1", n)
	}
	checkPNG(t, "the late final ranking", w.fake.Messages(ch), "margins.png")
	if !strings.Contains(w.finalPost(ch).Content, "League **Cup**") {
		t.Errorf("the late final ranking lacks the league note: %q", w.finalPost(ch).Content)
	}
	checkOneResult(w, 1, id, false)
}

// The same for an abandoned league game.
func TestAbandonAnnouncedAfterFailedPost(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const lobby, ch = "700000000000000310", "700000000000000311"
	w.command(manager(ann), lobby, "league", "create", str("name", "Cup"))
	for _, m := range []fakediscord.Member{bob, cat, dan} {
		w.command(m, lobby, "league", "join", str("name", "Cup"))
	}
	w.openLeagueGame(ch, "Cup", [4]fakediscord.Member{ann, bob, cat, dan})
	id := w.game(ch).ID
	const said = "abandoned game"
	w.fake.FailPosts(func(content string) bool { return strings.Contains(content, "abandoned") })
	it := w.command(manager(admin), ch, "game", "abandon")
	var ask fakediscord.Message
	for _, m := range w.fake.Replies(it) {
		if len(m.Controls()) > 0 {
			ask = m
		}
	}
	for _, c := range ask.Controls() {
		if cid, err := commands.ParseControlID(c.CustomID); err == nil && cid.Kind == commands.KindAbandon {
			w.click(manager(admin), ask, c.CustomID)
		}
	}
	if n := countPosts(w, ch, said) + countPosts(w, ch, "was abandoned after"); n != 0 {
		t.Fatalf("%d announcements during the outage", n)
	}
	checkOneResult(w, 1, id, true)

	w.fake.FailPosts(nil)
	for range 2 {
		w.restart()
		if err := w.bot.AnnounceEnded(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if n := countPosts(w, ch, "was abandoned after"); n != 1 {
		t.Fatalf("%d abandon announcements after the restarts, want 1", n)
	}
	checkOneResult(w, 1, id, true)
}
