package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/assets"
)

// writeDeck writes the embedded deck, changed by edit, to a file.
func writeDeck(t *testing.T, edit func(d map[string]any)) string {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(assets.DeckJSON, &d); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(d)
	}
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "deck.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func card(d map[string]any, n float64) map[string]any {
	for _, c := range d["cards"].([]any) {
		if c.(map[string]any)["number"] == n {
			return c.(map[string]any)
		}
	}
	return nil
}

func TestPlayDeckFlag(t *testing.T) {
	script := filepath.Join(t.TempDir(), "script.txt")
	if err := os.WriteFile(script, []byte("status\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := writeDeck(t, func(d map[string]any) {
		card(d, 17)["shaded"].(map[string]any)["steps"].([]any)[0].(map[string]any)["op"] = "fly"
	})
	replaced := writeDeck(t, func(d map[string]any) {
		card(d, 14)["unshaded"].(map[string]any)["text"] = "Eight hundred heroes. Patronage +2. Foreign Aid +1!"
	})
	for _, tc := range []struct {
		name string
		args []string
		want string // "" for success
	}{
		{"broken deck", []string{"--deck", broken, "--db", ""}, `deck: card #17 shaded step 1: field "op": "fly" is not a step type`},
		{"missing file", []string{"--deck", filepath.Join(t.TempDir(), "none.json")}, "--deck: open"},
		{"replacement deck with a database", []string{"--deck", replaced, "--db", filepath.Join(t.TempDir(), "x.db")}, "the database stores games of the embedded deck only"},
		{"replacement deck in memory", []string{"--deck", replaced}, ""},
		{"the embedded deck as a file", []string{"--deck", writeDeck(t, nil), "--db", ""}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := playCmd(append(tc.args, "--script", script))
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
