package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/chinaswar/chinaswar/engine"
)

// Suggestion is one autocomplete entry: what the player reads and what is
// submitted when it is picked.
type Suggestion struct {
	Name  string
	Value string
}

// MaxSuggestion is the longest name or value an autocomplete entry may have
// (Discord's limit, which suits any front end).
const MaxSuggestion = 100

// SuggestChoices completes what a player has typed into a decision: the
// legal choices of the current prompt matching the text, best first, at
// most max of them. When the text is a script ("sweep; Hebei; 3"), the
// steps before the last are played on a copy of the game and the last one
// is completed against the prompt they lead to, so each suggestion is the
// whole script with its last step filled in. A suggestion whose value would
// exceed MaxSuggestion characters is left out.
func SuggestChoices(g *engine.Game, typed string, max int) []Suggestion {
	p := g.Prompt()
	if p == nil {
		return nil
	}
	head, last := "", typed
	if i := strings.LastIndexAny(typed, ";\n"); i >= 0 {
		head, last = strings.TrimSpace(typed[:i]), typed[i+1:]
		h := g.Clone()
		if _, err := Run(context.Background(), Local{G: h}, p.Faction, head); err != nil {
			return nil
		}
		if p = h.Prompt(); p == nil {
			return nil
		}
		head += "; "
	}
	var out []Suggestion
	for _, i := range rankChoices(p, g.Map(), last) {
		c := p.Choices[i]
		s := Suggestion{Name: head + c.Label, Value: head + c.ID}
		if len(s.Value) > MaxSuggestion {
			continue
		}
		s.Name = clipLeft(s.Name, MaxSuggestion)
		out = append(out, s)
		if len(out) == max {
			break
		}
	}
	return out
}

// rankChoices orders the indexes of a prompt's choices matching typed: an
// exact match, then prefixes of the label or value, then words of the label
// starting with it, then labels containing it, then the spaces a name or an
// old name leads to. Empty text lists every choice in order.
func rankChoices(p *engine.Prompt, m *engine.Map, typed string) []int {
	k := fold(typed)
	if k == "" {
		out := make([]int, len(p.Choices))
		for i := range out {
			out[i] = i
		}
		return out
	}
	if n, err := strconv.Atoi(strings.TrimSpace(typed)); err == nil && n >= 1 && n <= len(p.Choices) && !isCount(p) {
		return []int{n - 1}
	}
	tiers := make([][]int, 5)
	for i, c := range p.Choices {
		label, val := fold(c.Label), fold(value(c.ID))
		switch {
		case k == label || k == val || k == fold(c.ID):
			tiers[0] = append(tiers[0], i)
		case strings.HasPrefix(label, k) || strings.HasPrefix(val, k):
			tiers[1] = append(tiers[1], i)
		case wordPrefix(c.Label, k):
			tiers[2] = append(tiers[2], i)
		case strings.Contains(label, k):
			tiers[3] = append(tiers[3], i)
		}
	}
	seen := map[int]bool{}
	for _, t := range tiers[:4] {
		for _, i := range t {
			seen[i] = true
		}
	}
	for _, id := range SuggestSpaces(m, typed, len(m.Spaces)) {
		for i, c := range p.Choices {
			if c.ID == "space:"+m.Space(id).Name && !seen[i] {
				tiers[4] = append(tiers[4], i)
				seen[i] = true
			}
		}
	}
	var out []int
	for _, t := range tiers {
		out = append(out, t...)
	}
	return out
}

// isCount reports whether a prompt asks for a number, where a typed number
// is the count rather than the position in the list.
func isCount(p *engine.Prompt) bool {
	for _, c := range p.Choices {
		if strings.HasPrefix(c.ID, "count:") {
			return true
		}
	}
	return false
}

// wordPrefix reports whether a word of label, folded, starts with k.
func wordPrefix(label, k string) bool {
	for _, w := range strings.FieldsFunc(label, func(r rune) bool { return r == ' ' || r == ':' || r == '-' || r == '(' }) {
		if strings.HasPrefix(fold(w), k) {
			return true
		}
	}
	return false
}

// clipLeft shortens s to max characters by dropping its beginning, which
// for a script is the part the player has already seen.
func clipLeft(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return "…" + string(r[len(r)-max+1:])
}

// Clip shortens s to at most max characters, marking the cut with "…".
func Clip(s string, max int) string {
	// Most strings fit: tell without copying them into runes.
	if len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s
	}
	if max < 1 {
		return ""
	}
	return string([]rune(s)[:max-1]) + "…"
}

// SuggestSpaceNames completes a space name for a lookup: each suggestion
// shows and submits the exact name.
func SuggestSpaceNames(m *engine.Map, typed string, max int) []Suggestion {
	var out []Suggestion
	for _, id := range SuggestSpaces(m, typed, max) {
		sp := m.Space(id)
		out = append(out, Suggestion{Name: fmt.Sprintf("%s (%s)", sp.Name, sp.Kind), Value: sp.Name})
	}
	return out
}

// SuggestCards completes a card by number or title: "17", "#17", "fourth",
// "new f". Each suggestion submits the card's number.
func SuggestCards(d *engine.Deck, typed string, max int) []Suggestion {
	k := fold(strings.TrimPrefix(strings.TrimSpace(typed), "#"))
	var exact, prefix, contains []int
	for _, n := range d.Numbers() {
		num, title := strconv.Itoa(n), fold(d.Card(n).Title)
		switch {
		case k == "" || k == num:
			exact = append(exact, n)
		case strings.HasPrefix(num, k) || strings.HasPrefix(title, k) || wordPrefix(d.Card(n).Title, k):
			prefix = append(prefix, n)
		case strings.Contains(title, k):
			contains = append(contains, n)
		}
	}
	var out []Suggestion
	for _, n := range append(append(exact, prefix...), contains...) {
		if len(out) == max {
			break
		}
		out = append(out, Suggestion{Name: Clip(CardLine(d, n), MaxSuggestion), Value: strconv.Itoa(n)})
	}
	return out
}

// FindCard reads a card as a person names it: its number ("17", "#17") or
// a title or an unambiguous part of one.
func FindCard(d *engine.Deck, typed string) (int, error) {
	t := strings.TrimPrefix(strings.TrimSpace(typed), "#")
	nums := d.Numbers()
	if n, err := strconv.Atoi(t); err == nil {
		if d.Card(n) == nil {
			return 0, fmt.Errorf("there is no card #%d (cards are numbered %d to %d)", n, nums[0], nums[len(nums)-1])
		}
		return n, nil
	}
	k := fold(t)
	if k == "" {
		return 0, fmt.Errorf("no card given: type a number (%d to %d) or part of a title", nums[0], nums[len(nums)-1])
	}
	var hits []int
	for _, n := range nums {
		title := fold(d.Card(n).Title)
		if title == k {
			return n, nil
		}
		if strings.Contains(title, k) {
			hits = append(hits, n)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return 0, fmt.Errorf("no card title contains %q (cards are numbered %d to %d)", typed, nums[0], nums[len(nums)-1])
	}
	var names []string
	for i, n := range hits {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(hits)-8))
			break
		}
		names = append(names, fmt.Sprintf("#%d %s", n, d.Card(n).Title))
	}
	return 0, fmt.Errorf("%q matches several cards: %s; give the number", typed, strings.Join(names, ", "))
}
