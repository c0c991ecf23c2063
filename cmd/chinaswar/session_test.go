package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// play runs "chinaswar play ARGS" in-process with input typed at it.
func play(t *testing.T, input string, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"play"}, args...), strings.NewReader(input), &out, &errOut); code != 0 {
		t.Fatalf("play %v: exit status %d: %s", args, code, errOut.String())
	}
	return out.String(), errOut.String()
}

var seedLine = regexp.MustCompile(`New game: scenario 1937, seed (\d+) `)

func TestNewGameSeed(t *testing.T) {
	_, e1 := play(t, "quit\n", "--db", "")
	_, e2 := play(t, "quit\n", "--db", "")
	m1, m2 := seedLine.FindStringSubmatch(e1), seedLine.FindStringSubmatch(e2)
	if m1 == nil || m2 == nil {
		t.Fatalf("no seed announced: %q, %q", e1, e2)
	}
	if m1[1] == m2[1] {
		t.Errorf("two new games both got seed %s", m1[1])
	}
	out1, e3 := play(t, "status\nquit\n", "--db", "", "--seed", m1[1])
	if m := seedLine.FindStringSubmatch(e3); m == nil || m[1] != m1[1] {
		t.Errorf("--seed %s announced %q", m1[1], e3)
	}
	out2, _ := play(t, "status\nquit\n", "--db", "", "--seed", m1[1])
	if out1 != out2 {
		t.Error("the same seed dealt different games")
	}
}

func TestConsoleSession(t *testing.T) {
	t.Chdir(t.TempDir())
	out, _ := play(t, "?\nquit\n", "--seed", "1")
	if n := strings.Count(out, "NAT decides: Setup"); n != 2 {
		t.Errorf("the prompt was shown %d times for one ? (want 2: at the start and once for ?)", n)
	}
	if !strings.Contains(out, `Game "default" is saved in chinaswar.db after every decision; chinaswar play resumes it.`) {
		t.Errorf("quit does not say the game is saved:\n%s", out[max(0, len(out)-300):])
	}
	out, errOut := play(t, "", "--seed", "2")
	if !strings.Contains(errOut, `Resuming game "default" from chinaswar.db (scenario 1937); --scenario, --seed and --options apply only to a new game`) {
		t.Errorf("resuming with --seed does not say it is ignored: %q", errOut)
	}
	if !strings.Contains(out, "is saved in chinaswar.db") {
		t.Errorf("the end of the input does not say the game is saved:\n%s", out[max(0, len(out)-300):])
	}
	out, _ = play(t, "quit\n", "--db", "")
	if !strings.Contains(out, "kept in memory only and is gone") {
		t.Errorf("quitting an in-memory game does not say it is gone")
	}
}
