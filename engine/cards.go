package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/chinaswar/chinaswar/assets"
)

// Card is one card of the deck. Event effects are data (deck.md); this file
// reads what the sequence of play needs: number, title, Faction order, and
// the texts players read.
type Card struct {
	Number     int
	Title      string
	Flavour    string
	Order      [NumFactions]Faction // left to right (2.3.2)
	Propaganda bool
	Unshaded   CardSide
	Shaded     *CardSide // nil on a single-text card
}

// CardSide is one Event text.
type CardSide struct {
	Text string
	Flag string // "CAPABILITY", "MOMENTUM" or ""
	// Steps is the effect in the deck vocabulary, kept raw until the event
	// interpreter reads it.
	Steps json.RawMessage
}

// Deck is a full deck of 48 Events and 4 Propaganda cards.
type Deck struct {
	// ID identifies the deck's content (a hash of the file), so a saved game
	// is never resumed with a different deck.
	ID     string
	Notice string
	cards  map[int]*Card
}

type deckFile struct {
	Format string `json:"format"`
	Notice string `json:"notice"`
	Cards  []struct {
		Number     int       `json:"number"`
		Title      string    `json:"title"`
		Flavour    string    `json:"flavour"`
		Order      []string  `json:"order"`
		Propaganda bool      `json:"propaganda"`
		Unshaded   *sideFile `json:"unshaded"`
		Shaded     *sideFile `json:"shaded"`
	} `json:"cards"`
}

type sideFile struct {
	Text  string          `json:"text"`
	Flag  string          `json:"flag"`
	Steps json.RawMessage `json:"steps"`
}

// Deck sizes (1.2, Deck Preparation).
const (
	NumEvents     = 48
	NumPropaganda = 4
)

// ParseDeck reads a deck file and checks its structure: 48 Events numbered
// with their Faction orders and texts, and 4 Propaganda cards. Errors name the
// card and the field.
func ParseDeck(data []byte) (*Deck, error) {
	var f deckFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("deck: %w", err)
	}
	if f.Format != "chinaswar-deck/1" {
		return nil, fmt.Errorf("deck: format %q, want chinaswar-deck/1", f.Format)
	}
	sum := sha256.Sum256(data)
	d := &Deck{ID: "sha256:" + hex.EncodeToString(sum[:8]), Notice: f.Notice, cards: map[int]*Card{}}
	events, props := 0, 0
	for i, c := range f.Cards {
		where := fmt.Sprintf("deck: card #%d (entry %d)", c.Number, i+1)
		if c.Number < 1 {
			return nil, fmt.Errorf("%s: field number: must be 1 or more", where)
		}
		if _, dup := d.cards[c.Number]; dup {
			return nil, fmt.Errorf("%s: field number: used twice", where)
		}
		if c.Title == "" {
			return nil, fmt.Errorf("%s: field title: missing", where)
		}
		card := &Card{Number: c.Number, Title: c.Title, Flavour: c.Flavour, Propaganda: c.Propaganda}
		if c.Propaganda {
			props++
			d.cards[c.Number] = card
			continue
		}
		events++
		if len(c.Order) != NumFactions {
			return nil, fmt.Errorf("%s: field order: want all four factions, got %d", where, len(c.Order))
		}
		seen := [NumFactions]bool{}
		for j, name := range c.Order {
			fa, err := ParseFaction(name)
			if err != nil {
				return nil, fmt.Errorf("%s: field order: %w", where, err)
			}
			if seen[fa] {
				return nil, fmt.Errorf("%s: field order: %s twice", where, fa)
			}
			seen[fa] = true
			card.Order[j] = fa
		}
		if c.Unshaded == nil || c.Unshaded.Text == "" {
			return nil, fmt.Errorf("%s: field unshaded.text: missing", where)
		}
		card.Unshaded = CardSide{Text: c.Unshaded.Text, Flag: c.Unshaded.Flag, Steps: c.Unshaded.Steps}
		if c.Shaded != nil {
			if c.Shaded.Text == "" {
				return nil, fmt.Errorf("%s: field shaded.text: missing", where)
			}
			card.Shaded = &CardSide{Text: c.Shaded.Text, Flag: c.Shaded.Flag, Steps: c.Shaded.Steps}
		}
		for _, side := range []*sideFile{c.Unshaded, c.Shaded} {
			if side != nil && side.Flag != "" && side.Flag != "CAPABILITY" && side.Flag != "MOMENTUM" {
				return nil, fmt.Errorf("%s: field flag: %q, want CAPABILITY, MOMENTUM or nothing", where, side.Flag)
			}
		}
		d.cards[c.Number] = card
	}
	if events != NumEvents || props != NumPropaganda {
		return nil, fmt.Errorf("deck: %d Events and %d Propaganda cards, want %d and %d", events, props, NumEvents, NumPropaganda)
	}
	return d, nil
}

var (
	defaultDeck     *Deck
	defaultDeckErr  error
	defaultDeckOnce sync.Once
)

// DefaultDeck is the embedded stand-in deck.
func DefaultDeck() *Deck {
	defaultDeckOnce.Do(func() { defaultDeck, defaultDeckErr = ParseDeck(assets.DeckJSON) })
	if defaultDeckErr != nil {
		panic(defaultDeckErr)
	}
	return defaultDeck
}

// Card returns card n, or nil.
func (d *Deck) Card(n int) *Card { return d.cards[n] }

// Numbers lists the card numbers in ascending order.
func (d *Deck) Numbers() []int {
	var out []int
	for n := 1; len(out) < len(d.cards); n++ {
		if d.cards[n] != nil {
			out = append(out, n)
		}
	}
	return out
}

// IsPropaganda reports whether card n is a Propaganda card.
func (d *Deck) IsPropaganda(n int) bool {
	c := d.cards[n]
	return c != nil && c.Propaganda
}
