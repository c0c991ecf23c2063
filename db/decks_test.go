package db

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/assets"
	"github.com/chinaswar/chinaswar/engine"
)

// A game created under an earlier version of the stand-in deck keeps it: it
// loads after a restart, from its snapshot and from its seed, with that
// deck, and plays on. A deck the program does not hold is refused.
func TestGameKeepsItsDeck(t *testing.T) {
	old, err := engine.EmbeddedDeck("sha256:aa303126f7229af8")
	if err != nil {
		t.Fatal(err)
	}
	s, path := openTemp(t)
	id, err := s.Create(ctx, "here", engine.Config{Scenario: "1937", Seed: 52, Deck: old}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(t, s, id, 52, false)
	p.play(t, 60)
	s.Close()

	s = open(t, path)
	g := load(t, s, id)
	if g.Engine.Deck() != old {
		t.Fatalf("after a restart the game has deck %s, not its own %s", g.Engine.Deck().ID, old.ID)
	}
	if saved(t, g.Engine) != saved(t, p.g) {
		t.Fatal("the game loaded after a restart differs from the game played")
	}
	if rep, err := s.Replay(ctx, id); err != nil || !rep.Identical() {
		t.Fatalf("replayed from its seed: %v, %v", rep, err)
	}
	p.s = s
	p.play(t, 20)

	// The current deck with one card's text changed: a deck no build holds.
	changed := strings.Replace(string(assets.DeckJSON), "Eight hundred heroes.", "Eight hundred heroes!", 1)
	other, err := engine.ParseDeck([]byte(changed))
	if err != nil || other.ID == engine.DefaultDeck().ID {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "there", engine.Config{Scenario: "1937", Seed: 1, Deck: other}, nil); err == nil {
		t.Error("a game of a deck the program does not hold was stored")
	}
}
