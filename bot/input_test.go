package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/engine"
)

// TestBadInput: every bad command gets a clear private message and
// changes nothing. The 1937 game starts with NAT choosing a Province to
// move Troops from (Hebei, Henan, Hubei, Shaanxi, Sichuan... or done).
func TestBadInput(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	const ch = "600"
	g := w.setup(ch, "")
	for _, tc := range []struct {
		name string
		who  fakediscord.Member
		cmd  string
		sub  string
		opts []opt
		want []string
	}{
		{"unknown name in /do", bob, "do", "", []opt{str("choice", "Atlantis")}, []string{"Nothing was changed", "not a legal choice", "Hebei"}},
		{"ambiguous name in /do", bob, "do", "", []opt{str("choice", "h")}, []string{"Nothing was changed", "ambiguous", "Hebei", "Hubei"}},
		{"confusable old name in /do", bob, "do", "", []opt{str("choice", "Hupeh")}, []string{"Nothing was changed", "Hubei or Hebei"}},
		{"confusable prefix in /do", bob, "do", "", []opt{str("choice", "shaa")}, []string{"Nothing was changed", "Shaanxi or Shanxi"}},
		{"town in /do", bob, "do", "", []opt{str("choice", "Peking")}, []string{"Nothing was changed", "Town", "Legal now: Hebei"}},
		{"illegal first step", bob, "do", "", []opt{str("choice", "99; done")}, []string{"Nothing was changed", `step "99"`, "no choice 99"}},
		{"not your turn", ann, "do", "", []opt{str("choice", "done")}, []string{"NAT's decision", "<@1002>", "You play JPN", "Nothing was changed"}},
		{"not seated", eve, "do", "", []opt{str("choice", "done")}, []string{"NAT's decision", "Nothing was changed"}},
		{"nothing to undo", bob, "undo", "", nil, []string{"Nothing was changed", "nothing to undo"}},
		{"unknown space", eve, "space", "", []opt{str("name", "Atlantis")}, []string{`no space is called "Atlantis"`}},
		{"ambiguous space", eve, "space", "", []opt{str("name", "sh")}, []string{"could be", "Shandong", "Shanghai"}},
		{"confusable space", eve, "space", "", []opt{str("name", "Shensi")}, []string{"Shaanxi or Shanxi"}},
		{"town as space", eve, "space", "", []opt{str("name", "Hankow")}, []string{"Town", "Hubei", "Wuhan-Yichang"}},
		{"unknown card", eve, "card", "", []opt{str("card", "99")}, []string{"no card #99"}},
		{"ambiguous card", eve, "card", "", []opt{str("card", "a")}, []string{"several cards", "give the number"}},
		{"unknown card title", eve, "card", "", []opt{str("card", "zzzz")}, []string{"no card title"}},
		{"close-up of no space", eve, "board", "", []opt{str("space", "Atlantis")}, []string{"no space is called"}},
		{"second game", eve, "game", "new", []opt{str("scenario", "1938")}, []string{"already has game", "being played"}},
		{"bad rules", eve, "game", "new", []opt{str("scenario", "1938"), str("rules", "elig-b")}, []string{"do not work", "requires Eligibility Option A"}},
		{"taken seat", eve, "game", "join", []opt{str("faction", "NAT")}, []string{"NAT is taken by <@1002>", "Nothing was changed"}},
		{"own seat", bob, "game", "join", []opt{str("faction", "NAT")}, []string{"already play NAT"}},
		{"start twice", ann, "game", "start", nil, []string{"already started"}},
		{"replace by a player", cat, "game", "replace", []opt{str("faction", "NAT"), user("member", eve.ID)}, []string{"Only the member who opened the game"}},
		{"abandon by a player", cat, "game", "abandon", nil, []string{"Only the member who opened the game"}},
		{"leave a seat not held", eve, "game", "leave", []opt{str("faction", "NAT")}, []string{"do not play NAT"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := w.saved(g.ID)
			seats := w.game(ch).Seats
			n := len(w.fake.Messages(ch))
			it := w.command(tc.who, ch, tc.cmd, tc.sub, tc.opts...)
			got := w.privateReply(it)
			for _, s := range tc.want {
				if !strings.Contains(got, s) {
					t.Errorf("reply %q lacks %q", got, s)
				}
			}
			if w.saved(g.ID) != before {
				t.Error("the game changed")
			}
			if after := w.game(ch).Seats; len(after) != len(seats) || after[engine.NAT] != seats[engine.NAT] {
				t.Error("the seats changed")
			}
			for _, m := range w.fake.Messages(ch)[n:] {
				if !m.Ephemeral {
					t.Errorf("a public message was posted: %q", m.Text())
				}
			}
		})
	}
	// A script stopping at an illegal step keeps the steps before it.
	it := w.command(bob, ch, "do", "", str("choice", "Shaanxi; 99"))
	if got := w.privateReply(it); !strings.Contains(got, "Applied for NAT: Shaanxi") || !strings.Contains(got, "Stopped there") || !strings.Contains(got, "no choice 99") {
		t.Errorf("partial script: %q", got)
	}
	if w.game(ch).Seq != 1 {
		t.Errorf("after a partial script the game is at decision %d, want 1", w.game(ch).Seq)
	}
	w.checkDiscord()
}

// TestLobby covers starting with empty seats, teams that do not match the
// seats, and one member holding every faction (solo hot-seat).
func TestLobby(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "610"
	w.command(ann, ch, "game", "new", str("scenario", "1938"), str("rules", "teams=JPN+CPC"))
	w.command(ann, ch, "game", "join", str("faction", "JPN"))
	it := w.command(ann, ch, "game", "start")
	if got := w.privateReply(it); !strings.Contains(got, "Free: NAT, WLD, CPC") {
		t.Errorf("start with empty seats: %q", got)
	}
	for _, f := range []string{"NAT", "WLD"} {
		w.command(ann, ch, "game", "join", str("faction", f))
	}
	w.command(bob, ch, "game", "join", str("faction", "CPC"))
	it = w.command(ann, ch, "game", "start")
	if got := w.privateReply(it); !strings.Contains(got, "JPN, CPC play as one team") {
		t.Errorf("start with a split team: %q", got)
	}
	if _, id, ok := w.turnMessage(ch); ok {
		t.Fatalf("a turn message before the start: %+v", id)
	}
	it = w.command(eve, ch, "do", "", str("choice", "done"))
	if got := w.privateReply(it); !strings.Contains(got, "has not started") {
		t.Errorf("/do in the lobby: %q", got)
	}
	// bob leaves; ann takes CPC too and starts a solo game.
	w.command(bob, ch, "game", "leave")
	w.command(ann, ch, "game", "join", str("faction", "CPC"))
	it = w.command(ann, ch, "game", "seats")
	if got := w.privateReply(it); !strings.Contains(got, "waiting to start") || !strings.Contains(got, "Host: <@1001>") || strings.Count(got, "<@1001>") != 5 {
		t.Errorf("seats: %q", got)
	}
	it = w.command(ann, ch, "game", "start")
	if got := w.publicReplies(it); !strings.Contains(got, "starts") || !strings.Contains(got, "Teams share victory") {
		t.Fatalf("solo start: %q", got)
	}
	// Hot-seat: ann answers for whichever faction is asked; nobody is
	// pinged for her own turns.
	g := w.game(ch)
	for i := 0; i < 30 && !g.Engine.Over(); i++ {
		msg, id, ok := w.turnMessage(ch)
		if !ok {
			t.Fatal("no turn message")
		}
		if len(msg.Pinged) > 0 {
			t.Errorf("ann was pinged for her own turn: %v", msg.Pinged)
		}
		c := msg.Controls()[0]
		w.click(ann, msg, c.CustomID)
		g = w.game(ch)
		if g.Seq != id.Seq+1 {
			t.Fatalf("click %d not applied: %q", i, w.fake.Messages(ch)[len(w.fake.Messages(ch))-1].Text())
		}
	}
	w.checkDiscord()
}

// TestSeatsMidGame: a player leaves mid-game, the host hands the faction
// to someone else, who is pinged for the waiting turn; and abandoning needs
// the host's confirmation.
func TestSeatsMidGame(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaGateway})
	const ch = "620"
	g := w.setup(ch, "")
	w.command(bob, ch, "game", "leave")
	it := w.command(admin, ch, "game", "replace", str("faction", "NAT"), user("member", eve.ID))
	if got := w.publicReplies(it); !strings.Contains(got, "to <@1005>") {
		t.Fatalf("replace: %q", got)
	}
	msg, _, ok := w.turnMessage(ch)
	if !ok || !contains(msg.Pinged, eve.ID) {
		t.Fatalf("the new NAT player was not pinged: %+v", msg)
	}
	it = w.click(eve, msg, msg.Controls()[0].CustomID)
	if w.game(ch).Seq != 1 {
		t.Fatalf("the new player's click: %q", w.privateReply(it))
	}
	// Abandon: the host is asked to confirm; "keep" keeps.
	it = w.command(ann, ch, "game", "abandon")
	confirm := w.fake.Replies(it)[0]
	if !confirm.Ephemeral || len(confirm.Controls()) != 2 {
		t.Fatalf("abandon confirmation: %+v", confirm)
	}
	w.click(ann, confirm, confirm.Controls()[1].CustomID)
	if w.game(ch).ID != g.ID {
		t.Fatal("keep playing abandoned the game")
	}
	it = w.click(ann, confirm, confirm.Controls()[0].CustomID)
	if got := w.publicReplies(it); !strings.Contains(got, "abandoned game") {
		t.Fatalf("abandon: %q", got)
	}
	list, err := w.store.List(context.Background(), ch)
	if err != nil || len(list) != 1 || list[0].Status != "abandoned" {
		t.Fatalf("games: %+v %v", list, err)
	}
	it = w.command(cat, ch, "game", "new", str("scenario", "1937"))
	if got := w.privateReply(it); !strings.Contains(got, "is open") {
		t.Fatalf("a new game after abandoning: %q", got)
	}
	w.checkDiscord()
}

// TestSignature: the HTTP endpoint refuses anything not signed by the
// application's key with 401, and changes nothing.
func TestSignature(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	const ch = "630"
	g := w.setup(ch, "")
	before := w.saved(g.ID)
	msg, id, _ := w.turnMessage(ch)
	i := w.fake.Interaction(discordgo.InteractionMessageComponent, ch, memberFor(id.Faction),
		map[string]any{"custom_id": msg.Controls()[0].CustomID, "component_type": 2}, &msg)
	body, _ := json.Marshal(i)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	good := w.fake.Sign(body, ts)
	other := fakediscord.New()
	defer other.Close()
	for _, tc := range []struct {
		name       string
		sig, stamp string
		body       []byte
	}{
		{"no signature", "", ts, body},
		{"no timestamp", good, "", body},
		{"not hex", "zz" + good[2:], ts, body},
		{"short", good[:20], ts, body},
		{"another key", other.Sign(body, ts), ts, body},
		{"another timestamp", good, ts + "1", body},
		{"changed body", good, ts, bytes.Replace(body, []byte(`"custom_id"`), []byte(`"custom_id" `), 1)},
		{"ping with a bad signature", good, ts, []byte(`{"type":1}`)},
	} {
		req, _ := http.NewRequest(http.MethodPost, w.ep.URL+"/interactions", bytes.NewReader(tc.body))
		if tc.sig != "" {
			req.Header.Set("X-Signature-Ed25519", tc.sig)
		}
		if tc.stamp != "" {
			req.Header.Set("X-Signature-Timestamp", tc.stamp)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: status %d, want 401", tc.name, resp.StatusCode)
		}
	}
	w.bot.Wait()
	if w.saved(g.ID) != before {
		t.Error("an unsigned request changed the game")
	}
	// PING is answered with PONG, and /healthz says ok.
	ping := w.fake.Interaction(discordgo.InteractionPing, "", fakediscord.Member{}, nil, nil)
	it := w.deliver(ping)
	if it.Type != 1 {
		t.Errorf("PING answered with type %d", it.Type)
	}
	resp, err := http.Get(w.ep.URL + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("healthz: %v %v", resp, err)
	}
	w.checkDiscord()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
