package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestDiskFullMove: a move on a full disk tells the member what happened
// and that nothing was lost, logs SQLite's cause, and changes nothing.
func TestDiskFullMove(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	g := w.setup("c1", "")
	before := w.saved(g.ID)
	if _, err := w.store.LimitPages(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	var reply string
	for range 3000 {
		p := w.game("c1").Engine.Prompt()
		it := w.command(memberFor(p.Faction), "c1", "do", "", str("choice", p.Choices[0].ID))
		if r := w.privateReply(it); strings.Contains(r, "disk is full") {
			reply = r
			break
		}
		before = w.saved(g.ID)
	}
	if reply == "" {
		t.Fatal("no move was refused for the full disk")
	}
	if !strings.Contains(reply, "Nothing was lost") {
		t.Errorf("the member is not told that nothing was lost: %q", reply)
	}
	if after := w.saved(g.ID); after != before {
		t.Error("the refused move changed the game")
	}
	var logged bool
	for _, l := range w.logs.lines() {
		if e, _ := l["error"].(string); l["outcome"] == "error: disk full" && strings.Contains(e, "full") {
			logged = true
		}
	}
	if !logged {
		t.Errorf("the disk-full cause is not in the log: %v", w.logs.lines()[len(w.logs.lines())-1])
	}
}

// TestFailKeepsEveryCause: a store failure followed by a failed message to
// the member logs both.
func TestFailKeepsEveryCause(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP})
	storeErr, restErr := errors.New("database or disk is full"), errors.New("HTTP 500 Internal Server Error")
	c := newCall(w.bot, w.fake.Interaction(2, "c1", ann, commandData("help", ""), nil))
	c.fail(storeErr)
	c.fail(restErr)
	c.fail(restErr)
	if !errors.Is(c.err, storeErr) || !errors.Is(c.err, restErr) {
		t.Fatalf("err = %v, want both causes", c.err)
	}
	c.logLine()
	lines := w.logs.lines()
	msg, _ := lines[len(lines)-1]["error"].(string)
	if !strings.Contains(msg, storeErr.Error()) || !strings.Contains(msg, restErr.Error()) || strings.Count(msg, restErr.Error()) != 1 {
		t.Errorf("log line error %q, want each cause once", msg)
	}
}
