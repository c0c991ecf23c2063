package bot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/engine"
)

// endpoint serves w's bot as serve does: the real server, timeouts and
// connection limit included.
func endpoint(t *testing.T, w *world) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(w.bot.HTTPHandler(w.fake.Public))
	go srv.Serve(limitConns(ln))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// rawRequest opens a connection and sends a POST's head, well formed and
// with a signature of the right shape, declaring length bytes of body.
func rawRequest(t *testing.T, addr string, length int) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\n"+
		"X-Signature-Ed25519: %s\r\nX-Signature-Timestamp: %d\r\nContent-Length: %d\r\n\r\n",
		strings.Repeat("ab", 64), time.Now().Unix(), length)
	return c
}

// status reads the response status on c, or 0 when the server closed the
// connection without one; it waits at most limit.
func status(t *testing.T, c net.Conn, limit time.Duration) int {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(limit))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Fatalf("no answer within %v", limit)
		}
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// ping checks that a valid, signed PING is answered at once.
func ping(t *testing.T, w *world, addr string) {
	t.Helper()
	start := time.Now()
	it, err := w.fake.Post("http://"+addr+"/interactions", w.fake.Interaction(discordgo.InteractionPing, "", fakediscord.Member{}, nil, nil))
	if err != nil {
		t.Fatalf("a valid PING failed: %v", err)
	}
	if it.Type != 1 {
		t.Fatalf("a valid PING was answered with type %d", it.Type)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a valid PING took %v", d)
	}
}

func TestEndpointBodies(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	addr := endpoint(t, w)

	t.Run("declared too large", func(t *testing.T) {
		c := rawRequest(t, addr, 1<<20)
		if got := status(t, c, 3*time.Second); got != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d, want 413 before the body is sent", got)
		}
	})
	t.Run("chunked too large", func(t *testing.T) {
		body := io.MultiReader(strings.NewReader(`{"type":1,"pad":"`), strings.NewReader(strings.Repeat("x", maxBody)))
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", body)
		req.Header.Set("X-Signature-Ed25519", strings.Repeat("ab", 64))
		req.Header.Set("X-Signature-Timestamp", strconv.FormatInt(time.Now().Unix(), 10))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d, want 413", resp.StatusCode)
		}
	})
	t.Run("slow body is cut", func(t *testing.T) {
		c := rawRequest(t, addr, 1000)
		io.WriteString(c, `{"type":`)
		start := time.Now()
		status(t, c, bodyTimeout+5*time.Second) // an error status or a closed connection
		if d := time.Since(start); d > bodyTimeout+3*time.Second {
			t.Errorf("a stalled body held its connection for %v", d)
		}
	})
	t.Run("unsigned head is refused before the body", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: bot\r\nContent-Length: 100000\r\n\r\n")
		if got := status(t, c, 3*time.Second); got != http.StatusUnauthorized {
			t.Errorf("status %d, want 401", got)
		}
	})
	ping(t, w, addr)
}

// TestEndpointUnderLoad: a hundred strangers holding connections open cost
// bounded memory, and a valid request is answered meanwhile. Half are idle,
// a quarter declare a body of 1 MiB and send most of it, a quarter trickle
// a body of the largest size taken.
func TestEndpointUnderLoad(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	addr := endpoint(t, w)
	const strangers = 100
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	big := bytes.Repeat([]byte("x"), 900<<10)
	some := bytes.Repeat([]byte("x"), 64<<10)
	for i := range strangers {
		switch i % 4 {
		case 0, 2:
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
		case 1:
			c := rawRequest(t, addr, 1<<20)
			go c.Write(big) // refused with 413 after the head, so it may block
		case 3:
			c := rawRequest(t, addr, maxBody)
			c.Write(some)
		}
	}
	time.Sleep(200 * time.Millisecond)
	ping(t, w, addr)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapInuse) - int64(before.HeapInuse)
	// Each trickling request holds what it sent (64 KiB) and a little more
	// for buffer growth; each connection a few KiB.
	const bound = 32 << 20
	t.Logf("heap in use grew by %.1f MiB with %d connections", float64(grew)/(1<<20), strangers)
	if grew > bound {
		t.Errorf("heap in use grew by %d bytes, bound %d", grew, bound)
	}
}

// TestPanicRecovered: a bug that panics while an interaction is routed is
// logged and answered, by either route, and the bot keeps working.
func TestPanicRecovered(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaGateway})
	// A command without its data makes discordgo's accessor panic.
	i := &discordgo.Interaction{ID: "777", Type: discordgo.InteractionApplicationCommand, ChannelID: "660", Token: "tok-777",
		AppID: w.fake.AppID, Member: &discordgo.Member{User: &discordgo.User{ID: ann.ID, Username: ann.Name}}}
	it := w.deliver(i)
	if got := w.privateReply(it); !strings.Contains(got, "went wrong") {
		t.Errorf("a panicking interaction was answered %q", got)
	}
	found := false
	for _, l := range w.logs.lines() {
		if l["outcome"] == "error: panic" && strings.Contains(fmt.Sprint(l["error"]), "panic") {
			found = true
		}
	}
	if !found {
		t.Error("the panic was not logged")
	}
	w.command(ann, "660", "game", "new", str("scenario", "1937"))
	if g := w.game("660"); g == nil {
		t.Error("the bot stopped working after a panic")
	}
}

func TestGate(t *testing.T) {
	g := make(gate, 2)
	ctx := t.Context()
	if !g.enter(ctx) || !g.enter(ctx) {
		t.Fatal("a free place was refused")
	}
	start := time.Now()
	if g.enter(ctx) {
		t.Fatal("a third request entered a gate of two")
	}
	if d := time.Since(start); d < inFlightWait/2 {
		t.Errorf("refused after %v without waiting", d)
	}
	go func() { time.Sleep(50 * time.Millisecond); g.leave() }()
	if !g.enter(ctx) {
		t.Error("a place freed while waiting was not taken")
	}
}

// TestStaleTimestamps: a correctly signed request whose timestamp is
// outside the window is refused, and changes nothing.
func TestStaleTimestamps(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "640"
	g := w.setup(ch, "")
	before := w.saved(g.ID)
	msg, id, _ := w.turnMessage(ch)
	i := w.fake.Interaction(discordgo.InteractionMessageComponent, ch, memberFor(id.Faction),
		map[string]any{"custom_id": msg.Controls()[0].CustomID, "component_type": 2}, &msg)
	body, _ := json.Marshal(i)
	for _, off := range []time.Duration{-stampWindow - time.Minute, stampWindow + time.Minute, -24 * time.Hour} {
		ts := strconv.FormatInt(time.Now().Add(off).Unix(), 10)
		req, _ := http.NewRequest(http.MethodPost, w.ep.URL+"/interactions", bytes.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", w.fake.Sign(body, ts))
		req.Header.Set("X-Signature-Timestamp", ts)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("timestamp %v from now: status %d, want 401", off, resp.StatusCode)
		}
	}
	w.bot.Wait()
	if w.saved(g.ID) != before {
		t.Error("a request with a stale timestamp changed the game")
	}
}

// TestReplayedCommands: a state-changing command sent again, by either
// route, changes nothing: a replayed leave does not unseat a player who
// joined again, and a replayed join does not take a seat back.
func TestReplayedCommands(t *testing.T) {
	for _, r := range []route{viaHTTP, viaGateway} {
		w := newWorld(t, worldOptions{route: r})
		ch := "650"
		w.command(ann, ch, "game", "new", str("scenario", "1937"))
		w.command(bob, ch, "game", "join", str("faction", "NAT"))
		leave := w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, bob, commandData("game", "leave"), nil)
		w.deliver(leave)
		if s := w.game(ch).Seats[engine.NAT]; s.Player != "" {
			t.Fatalf("leave did not unseat: %+v", s)
		}
		w.command(bob, ch, "game", "join", str("faction", "NAT"))
		again := *leave
		w.deliver(&again)
		if s := w.game(ch).Seats[engine.NAT]; s.Player != bob.ID {
			t.Errorf("route %d: a replayed leave unseated a player who joined again: %+v", r, s)
		}
		n := 0
		for _, l := range w.logs.lines() {
			if l["outcome"] == "refused: replayed" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("route %d: %d replays logged, want 1", r, n)
		}
	}
}
