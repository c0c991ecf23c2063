package bot

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
)

// TestRunHTTP runs the endpoint as serve --http does: it registers the
// commands, answers a signed PING and a command, and stops cleanly when
// its context ends.
func TestRunHTTP(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.bot.RunHTTP(ctx, ln, w.fake.Public, "", true) }()
	url := "http://" + ln.Addr().String() + "/interactions"
	var it *fakediscord.Interaction
	for range 50 {
		if it, err = w.fake.Post(url, w.fake.Interaction(discordgo.InteractionPing, "", fakediscord.Member{}, nil, nil)); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil || it.Type != 1 {
		t.Fatalf("PING: %v %+v", err, it)
	}
	it, err = w.fake.Post(url, w.fake.Interaction(discordgo.InteractionApplicationCommand, "710", ann, commandData("game", "new", str("scenario", "1937")), nil))
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("RunHTTP: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("RunHTTP did not stop")
	}
	if got := w.privateReply(it); !strings.Contains(got, "is open") {
		t.Errorf("/game new: %q", got)
	}
	if len(w.fake.Commands("")) == 0 {
		t.Error("commands not registered")
	}
	w.bot = nil // already shut down
	w.store.Close()
	w.checkDiscord()
}
