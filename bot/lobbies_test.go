package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/commands"
)

// TestLobbyCaps: a member hosts at most commands.LobbiesPerMember lobbies;
// the next /game new is refused with the reason and creates nothing. A
// lobby that never starts expires after commands.LobbyLifetime, at the next
// /game new, which frees its channel and records why.
func TestLobbyCaps(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	channel := func(i int) string { return fmt.Sprintf("7000000000000010%02d", i) }
	for i := range commands.LobbiesPerMember {
		if got := w.privateReply(w.command(ann, channel(i), "game", "new", str("scenario", "1937"))); !strings.Contains(got, "is open") {
			t.Fatalf("lobby %d: %q", i, got)
		}
	}
	before := stored(t, w.dbPath)
	it := w.command(ann, channel(commands.LobbiesPerMember), "game", "new", str("scenario", "1937"))
	if got := w.privateReply(it); !strings.Contains(got, "too many games waiting to start") || w.publicReplies(it) != "" {
		t.Errorf("a lobby beyond the cap: private %q, public %q", got, w.publicReplies(it))
	}
	if after := stored(t, w.dbPath); after != before {
		t.Errorf("the refused lobby changed what is stored:\n%s\n%s", before, after)
	}
	// Another member may still open one.
	if got := w.privateReply(w.command(bob, channel(commands.LobbiesPerMember), "game", "new", str("scenario", "1937"))); !strings.Contains(got, "is open") {
		t.Errorf("bob's lobby: %q", got)
	}

	// Fourteen days on, ann's lobbies expire when anyone opens a game.
	w.clock.Set(time.Now().Add(commands.LobbyLifetime + time.Hour))
	if got := w.privateReply(w.command(ann, channel(0), "game", "new", str("scenario", "1937"))); !strings.Contains(got, "is open") {
		t.Fatalf("a new game where a lobby expired: %q", got)
	}
	told := 0
	for i := range commands.LobbiesPerMember {
		for _, m := range w.fake.Messages(channel(i)) {
			if strings.Contains(m.Content, "expired") {
				told++
			}
		}
	}
	if told != commands.LobbiesPerMember {
		t.Errorf("%d channels told of their expired lobby, want %d", told, commands.LobbiesPerMember)
	}
	evs, err := w.store.Events(t.Context(), 1)
	if err != nil || len(evs) == 0 || evs[len(evs)-1].Action != "expired" {
		t.Errorf("the expired lobby's events: %+v %v", evs, err)
	}
	if i, err := w.store.Info(t.Context(), 1); err != nil || i.Status != "abandoned" {
		t.Errorf("the expired lobby: %+v %v", i, err)
	}
	w.checkDiscord()
}

// TestLogShowsTableEvents: /log lists who did what at the table.
func TestLogShowsTableEvents(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	w.setup("700000000000001100", "")
	got := w.privateReply(w.command(eve, "700000000000001100", "log", ""))
	for _, want := range []string{"At the table", ann.ID + " opened", bob.ID + " joined: took NAT", ann.ID + " started"} {
		if !strings.Contains(got, want) {
			t.Errorf("/log lacks %q:\n%s", want, got)
		}
	}
}
