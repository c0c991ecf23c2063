package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
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
	// Steps is the effect in the deck vocabulary as written in the file.
	Steps json.RawMessage
	// prog is the effect read into typed steps at load (event_parse.go).
	prog []evStep
}

// Deck is a full deck of 48 Events and 4 Propaganda cards.
type Deck struct {
	// ID identifies the deck's content (a hash of the file), so a saved game
	// is never resumed with a different deck.
	ID        string
	Notice    string
	Modifiers []ModifierInfo
	cards     map[int]*Card
}

// ModifierInfo documents a lasting modifier (deck.md §5).
type ModifierInfo struct {
	ID      string
	Kinds   []string
	Section string
	Effect  string
}

// Modifier returns the documentation of a lasting modifier.
func (d *Deck) Modifier(id string) (ModifierInfo, bool) {
	for _, m := range d.Modifiers {
		if m.ID == id {
			return m, true
		}
	}
	return ModifierInfo{}, false
}

// Deck sizes (1.2, Deck Preparation).
const (
	NumEvents     = 48
	NumPropaganda = 4
)

// ParseDeck reads a deck file (deck.md §1) and checks it as strictly as the
// reference validator check_deck.py: the structure, the 48 Events numbered
// 1-48 with their Faction orders and texts, the 4 Propaganda cards 49-52, and
// every side's steps, read into typed steps that the Event interpreter runs.
// Errors name the card, the side, the step and the field, e.g.
// `deck: card #17 shaded step 2 (place): field "piece": "tank" is not a piece`.
func ParseDeck(data []byte) (*Deck, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top any
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("deck: not valid JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("deck: not valid JSON: data after the top-level object")
	}
	obj, ok := top.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("deck: the file must hold a JSON object")
	}
	m := DefaultMap()
	if len(m.Spaces) > 64 {
		return nil, fmt.Errorf("deck: the map has %d spaces; Event space sets hold at most 64", len(m.Spaces))
	}
	p := &evParser{m: m}
	for _, k := range []string{"format", "notice", "modifiers", "markers", "cards"} {
		if _, ok := obj[k]; !ok {
			p.errf("", k, "missing top-level key")
		}
	}
	if f := obj["format"]; f != "chinaswar-deck/1" {
		return nil, fmt.Errorf("deck: field \"format\": %s, want \"chinaswar-deck/1\"", evShow(f))
	}
	sum := sha256.Sum256(data)
	d := &Deck{ID: "sha256:" + hex.EncodeToString(sum[:8]), cards: map[int]*Card{}}
	d.Notice, _ = obj["notice"].(string)
	for _, k := range []string{"markers", "modifiers", "cards"} {
		if _, ok := obj[k].([]any); !ok {
			p.errf("", k, "must be a list")
		}
	}
	p.modifierList(d, obj["modifiers"])
	cards, _ := obj["cards"].([]any)
	titles := map[string]int{}
	for i, cv := range cards {
		p.card(d, i, cv, titles)
	}
	events, props := 0, 0
	for n, c := range d.cards {
		if c.Propaganda {
			props++
		} else if n <= NumEvents {
			events++
		}
	}
	if len(cards) != NumEvents+NumPropaganda || events != NumEvents || props != NumPropaganda {
		p.errf("", "cards", "want exactly cards 1-%d (Events) and %d-%d (Propaganda) once each; got %d cards, %d Events and %d Propaganda", NumEvents, NumEvents+1, NumEvents+NumPropaganda, len(cards), events, props)
	}
	for _, t := range slices.Sorted(evIntKeys(titles)) {
		if titles[t] > 1 {
			p.errf("", "cards", "title %q used by %d cards", t, titles[t])
		}
	}
	if c := d.cards[17]; c == nil || c.Title != "New Fourth Army Incident" {
		p.errf("card #17", "title", "must be \"New Fourth Army Incident\" (3.2.5)")
	}
	granted := map[string][]string{}
	for _, u := range p.lastingUses {
		granted[u.id] = append(granted[u.id], fmt.Sprintf("%d %s (%s)", u.card, u.side, u.flag))
	}
	if !slices.ContainsFunc(p.lastingUses, func(u evLastingUse) bool { return u.card == 17 && u.id == "new_fourth_army_incident" }) {
		p.errf("card #17", "", "one side must grant new_fourth_army_incident (3.2.5)")
	}
	if len(p.floods) != 1 {
		p.errf("", "cards", "exactly one card must place the Floods marker; found %v", p.floods)
	}
	for _, mi := range d.Modifiers {
		if _, ok := evModifierKinds[mi.ID]; !ok {
			continue
		}
		if got := granted[mi.ID]; len(got) == 0 {
			p.errf("modifier "+mi.ID, "", "defined but granted by no card")
		}
	}
	p.checkSources(obj["modifiers"], granted)
	if len(p.errs) > 0 {
		const most = 10
		msg := p.errs
		if len(msg) > most {
			msg = append(msg[:most:most], fmt.Sprintf("deck: and %d more errors", len(p.errs)-most))
		}
		return nil, errors.New(strings.Join(msg, "\n"))
	}
	return d, nil
}

// card reads the i-th entry of the deck's cards into d: a Propaganda card,
// or an Event with its order, texts and sides.
func (p *evParser) card(d *Deck, i int, cv any, titles map[string]int) {
	c, ok := cv.(map[string]any)
	if !ok {
		p.errf(fmt.Sprintf("cards[%d]", i), "", "a card must be an object")
		return
	}
	num, ok := evInt(c["number"])
	if !ok || num < 1 {
		p.errf(fmt.Sprintf("cards[%d]", i), "number", "must be an integer of 1 or more, got %s", evShow(c["number"]))
		return
	}
	path := fmt.Sprintf("card #%d", num)
	if _, dup := d.cards[num]; dup {
		p.errf(path, "number", "used by two cards")
		return
	}
	card := &Card{Number: num}
	card.Title, _ = c["title"].(string)
	d.cards[num] = card
	if _, isProp := c["propaganda"]; isProp {
		card.Propaganda = true
		if len(c) != 3 || card.Title != "Propaganda" || c["propaganda"] != true {
			p.errf(path, "", `a Propaganda card is exactly {"number", "title": "Propaganda", "propaganda": true}`)
		}
		if num < NumEvents+1 || num > NumEvents+NumPropaganda {
			p.errf(path, "number", "Propaganda cards are numbers %d-%d", NumEvents+1, NumEvents+NumPropaganda)
		}
		return
	}
	if num > NumEvents {
		p.errf(path, "number", "Event cards are numbers 1-%d", NumEvents)
	}
	for _, k := range slices.Sorted(evMapKeys(c)) {
		if !slices.Contains([]string{"number", "title", "order", "flavour", "unshaded", "shaded"}, k) {
			p.errf(path, k, "unknown card key")
		}
	}
	card.Flavour, _ = c["flavour"].(string)
	for k, v := range map[string]string{"title": card.Title, "flavour": card.Flavour} {
		if strings.TrimSpace(v) == "" {
			p.errf(path, k, "missing or empty")
		}
	}
	titles[card.Title]++
	if ws, ok := p.factions(path, "order", c["order"], true, false); ok && len(ws) == NumFactions {
		seen := [NumFactions]bool{}
		for j, w := range ws {
			seen[w] = true
			card.Order[j] = Faction(w)
		}
		if seen != [NumFactions]bool{true, true, true, true} {
			p.errf(path, "order", "must name JPN, NAT, WLD and CPC once each")
		}
	} else if ok {
		p.errf(path, "order", "must name JPN, NAT, WLD and CPC once each, got %d", len(ws))
	}
	if _, has := c["unshaded"]; !has {
		p.errf(path, "unshaded", "an Event needs an unshaded (or single) text")
		return
	}
	if cs := p.side(num, "unshaded", c["unshaded"]); cs != nil {
		card.Unshaded = *cs
	}
	if _, has := c["shaded"]; has {
		card.Shaded = p.side(num, "shaded", c["shaded"])
		if card.Shaded != nil && (card.Unshaded.Flag == "CAPABILITY") != (card.Shaded.Flag == "CAPABILITY") {
			p.errf(path, "flag", "a CAPABILITY card has a Capability on both sides (5.3)")
		}
	} else if card.Unshaded.Flag == "CAPABILITY" {
		p.errf(path, "shaded", "a CAPABILITY card needs both sides")
	}
}

func evIntKeys(m map[string]int) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// modifierList reads the deck's list of lasting modifiers: exactly the ones
// the engine implements, each documented.
func (p *evParser) modifierList(d *Deck, v any) {
	p.modifiers = map[string]bool{}
	l, _ := v.([]any)
	for i, x := range l {
		path := fmt.Sprintf("modifiers[%d]", i)
		o, ok := x.(map[string]any)
		if !ok {
			p.errf(path, "", "a modifier must be an object")
			continue
		}
		id, _ := o["id"].(string)
		if id == "" {
			p.errf(path, "id", "missing")
			continue
		}
		path = "modifier " + id
		if p.modifiers[id] {
			p.errf(path, "id", "listed twice")
		}
		p.modifiers[id] = true
		mi := ModifierInfo{ID: id}
		mi.Section, _ = o["section"].(string)
		mi.Effect, _ = o["effect"].(string)
		for _, k := range []string{"section", "effect"} {
			if v, _ := o[k].(string); strings.TrimSpace(v) == "" {
				p.errf(path, k, "missing or not a text")
			}
		}
		for _, k := range []string{"kinds", "sources"} {
			if v, _ := o[k].([]any); len(v) == 0 {
				p.errf(path, k, "missing or not a non-empty list")
			}
		}
		kl, _ := o["kinds"].([]any)
		for _, k := range kl {
			s, _ := k.(string)
			mi.Kinds = append(mi.Kinds, s)
		}
		want, known := evModifierKinds[id]
		if !known {
			p.errf(path, "id", "the engine implements no lasting modifier %q (a new modifier needs code)", id)
			continue
		}
		got := slices.Sorted(slices.Values(mi.Kinds))
		if !slices.Equal(got, want) {
			p.errf(path, "kinds", "%v, want %v", got, want)
		}
		d.Modifiers = append(d.Modifiers, mi)
	}
	for _, id := range slices.Sorted(evModifierIDs()) {
		if !p.modifiers[id] {
			p.errf("", "modifiers", "the engine's modifier %q is not listed", id)
		}
	}
}

func evModifierIDs() func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range evModifierKinds {
			if !yield(k) {
				return
			}
		}
	}
}

// checkSources compares each listed modifier's sources with the cards that
// grant it.
func (p *evParser) checkSources(v any, granted map[string][]string) {
	l, _ := v.([]any)
	for _, x := range l {
		o, _ := x.(map[string]any)
		id, _ := o["id"].(string)
		if _, known := evModifierKinds[id]; !known {
			continue
		}
		var listed []string
		sl, _ := o["sources"].([]any)
		for _, s := range sl {
			str, _ := s.(string)
			listed = append(listed, str)
		}
		slices.Sort(listed)
		actual := slices.Sorted(slices.Values(granted[id]))
		if !slices.Equal(listed, actual) {
			p.errf("modifier "+id, "sources", "%q do not match the cards %q", listed, actual)
		}
	}
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

var (
	retired   = map[string]*Deck{}
	retiredMu sync.Mutex
)

// EmbeddedDeck returns the embedded deck with the given ID: the current
// stand-in deck, or an earlier version of it that games created before a
// change of the cards still use (assets.RetiredDecks).
func EmbeddedDeck(id string) (*Deck, error) {
	if d := DefaultDeck(); d.ID == id {
		return d, nil
	}
	retiredMu.Lock()
	defer retiredMu.Unlock()
	if d := retired[id]; d != nil {
		return d, nil
	}
	hex, ok := strings.CutPrefix(id, "sha256:")
	if !ok || strings.ContainsAny(hex, "/.") {
		return nil, fmt.Errorf("no embedded deck %q", id)
	}
	data, err := assets.RetiredDecks.ReadFile("decks/" + hex + ".json")
	if err != nil {
		return nil, fmt.Errorf("no embedded deck %q", id)
	}
	d, err := ParseDeck(data)
	if err != nil {
		return nil, fmt.Errorf("embedded deck %q: %w", id, err)
	}
	if d.ID != id {
		return nil, fmt.Errorf("embedded deck %q holds deck %q", id, d.ID)
	}
	retired[id] = d
	return d, nil
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
