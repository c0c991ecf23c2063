package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestParseAgentAndSeats(t *testing.T) {
	for _, tc := range []struct {
		in          string
		sims        int
		cheat, fail bool
	}{
		{in: "random"},
		{in: "easy", sims: 64},
		{in: "Normal", sims: 960},
		{in: "cheat-hard", sims: 1600, cheat: true},
		{in: "cheat-random", fail: true},
		{in: "superb", fail: true},
	} {
		a, err := parseAgent(tc.in)
		if (err != nil) != tc.fail {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if !tc.fail && (a.Seat.Level.Sims != tc.sims || (a.Seat.Sample != nil) != tc.cheat) {
			t.Errorf("%q: %+v", tc.in, a)
		}
	}
	seats, err := parseSeats("NAT=normal,jpn=easy")
	if err != nil || seats[engine.NAT].Level.Name != "Normal" || seats[engine.JPN].Level.Name != "Easy" || !seats[engine.WLD].IsRandom() {
		t.Errorf("parseSeats: %v %+v", err, seats)
	}
	if all, err := parseSeats("hard"); err != nil || all[engine.CPC].Level.Name != "Hard" {
		t.Errorf("parseSeats(hard): %v", err)
	}
	if _, err := parseSeats("NAT=great"); err == nil {
		t.Error("parseSeats accepted an unknown level")
	}
}

// TestArenaGamesOut: --games-out saves every game and leaves nothing else
// beside it, and a path that cannot be written is refused before any game
// is played.
func TestArenaGamesOut(t *testing.T) {
	dir := t.TempDir()
	args := []string{"arena", "--agents", "random", "--field", "random", "--games", "2", "--scenario", "1938", "--factions", "NAT", "--quiet"}

	var out, errOut strings.Builder
	path := filepath.Join(dir, "games.jsonl")
	if code := run(append(args, "--games-out", path), strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 2 {
		t.Errorf("%d games saved, want 2:\n%s", n, data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d files, want only the games file", len(entries))
	}

	out.Reset()
	errOut.Reset()
	bad := filepath.Join(dir, "no such directory", "games.jsonl")
	if code := run(append(args, "--games-out", bad), strings.NewReader(""), &out, &errOut); code == 0 {
		t.Fatal("an unwritable --games-out was accepted")
	}
	if !strings.Contains(errOut.String(), "--games-out") {
		t.Errorf("the refusal does not name the flag: %q", errOut.String())
	}
	if out.Len() != 0 {
		t.Errorf("games were played before the path was refused:\n%s", out.String())
	}
}
