package engine

import (
	"strings"
	"testing"
)

// retiredDeckID is the stand-in deck before the balance changes of
// docs/deck.md ("Balance"): games created under it keep it.
const retiredDeckID = "sha256:aa303126f7229af8"

// TestEmbeddedDecks: the current deck and every retired version are found
// by their ID, anything else is refused, and a game saved under a retired
// deck loads with it and plays on by its cards.
func TestEmbeddedDecks(t *testing.T) {
	if d, err := EmbeddedDeck(DefaultDeck().ID); err != nil || d != DefaultDeck() {
		t.Fatalf("EmbeddedDeck(current) = %v, %v", d, err)
	}
	old, err := EmbeddedDeck(retiredDeckID)
	if err != nil {
		t.Fatal(err)
	}
	if old.ID == DefaultDeck().ID {
		t.Fatal("the retired deck is the current one")
	}
	if again, _ := EmbeddedDeck(retiredDeckID); again != old {
		t.Error("a retired deck is parsed again at every lookup")
	}
	if text := old.Card(43).Shaded.Text; strings.Contains(text, "Neutral") {
		t.Errorf("the retired deck's card 43 reads %q", text)
	}
	for _, id := range []string{"", "sha256:", "sha256:0000000000000000", "sha256:../deck", "aa303126f7229af8", "sha256:aa303126f7229af8.json"} {
		if _, err := EmbeddedDeck(id); err == nil {
			t.Errorf("EmbeddedDeck(%q) found a deck", id)
		}
	}

	g, err := New(Config{Scenario: "1937", Seed: 3, Deck: old})
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		p := g.Prompt()
		if err := g.Do(p.Faction, p.Choices[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	js, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	h, err := Load(js, nil)
	if err != nil {
		t.Fatalf("a game of the retired deck does not load: %v", err)
	}
	if h.Deck() != old {
		t.Fatalf("it loads with deck %s", h.Deck().ID)
	}
	if _, err := Load(js, DefaultDeck()); err == nil {
		t.Error("a game of the retired deck loads with the current one")
	}
}
