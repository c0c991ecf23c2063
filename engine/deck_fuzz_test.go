package engine

import (
	"testing"

	"github.com/chinaswar/chinaswar/assets"
)

// FuzzParseDeck: any deck file is either refused with an error or read
// into a deck a game can be set up with; the parser never panics.
func FuzzParseDeck(f *testing.F) {
	f.Add(assets.DeckJSON)
	f.Add([]byte(`{"format":"chinaswar-deck/1","cards":[]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDeck(data)
		if err != nil {
			return
		}
		if _, err := New(Config{Scenario: "1937", Seed: 1, Deck: d}); err != nil {
			t.Fatalf("a deck that parsed cannot start a game: %v", err)
		}
	})
}
