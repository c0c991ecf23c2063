package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// TestConsoleResumes plays some of a console game, closes the database as a
// quit (or crash) would, and checks that play resumes the same game.
func TestConsoleResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	cfg := engine.Config{Scenario: "1938", Seed: 5}
	st, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tb, resumed, err := openConsoleGame(st, "club", cfg, nil)
	if err != nil || resumed {
		t.Fatalf("first open: resumed=%v err=%v", resumed, err)
	}
	var out bytes.Buffer
	c := &commands.Console{Table: tb, Out: &out}
	for _, line := range []string{"done", "shaanxi", "1", "undo", "2"} {
		if err := c.Exec(line); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	want, _ := tb.Game().MarshalJSON()
	st.Close()

	st, err = db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tb2, resumed, err := openConsoleGame(st, "club", engine.Config{Scenario: "1937", Seed: 99}, nil)
	if err != nil || !resumed {
		t.Fatalf("second open: resumed=%v err=%v", resumed, err)
	}
	if got, _ := tb2.Game().MarshalJSON(); !bytes.Equal(got, want) {
		t.Error("the resumed game differs from the one left")
	}
	if err := abandonConsoleGame(st, "club"); err != nil {
		t.Fatal(err)
	}
	if _, resumed, _ := openConsoleGame(st, "club", cfg, nil); resumed {
		t.Error("after --new the old game was resumed")
	}
}
