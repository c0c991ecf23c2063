package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPlayPosition: play --position starts from the documented example and
// plays a script; a bad description or a flag that does not apply is
// refused before anything is played.
func TestPlayPosition(t *testing.T) {
	doc, err := os.ReadFile("../../docs/position.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## A complete example\n\n```text file=puzzle.txt\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/position.md has no complete example")
	}
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.txt")
	script := filepath.Join(dir, "moves.txt")
	bad := filepath.Join(dir, "bad.txt")
	must := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	must(pos, string(m[1]))
	must(script, "status\nNAT: pass\nJPN: pass\n")
	must(bad, "current 14\nHebei: 10 JPN Police\n")
	if err := playCmd([]string{"--position", pos, "--script", script}); err != nil {
		t.Fatalf("play --position: %v", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--position", bad, "--script", script}, "JPN Police: 10 on the map and in boxes, the game has 9"},
		{[]string{"--position", pos, "--seed", "3", "--script", script}, "--seed do not apply"},
		{[]string{"--position", filepath.Join(dir, "none.txt")}, "no such file"},
	} {
		if err := playCmd(tc.args); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("play %v: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}
