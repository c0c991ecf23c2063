// Package commands is the transport-agnostic command layer: it turns what a
// person types or clicks into engine decisions and turns the game into text.
// The console and the Discord bot both drive it.
package commands

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// ResolveChoice finds the choice a person means by input: its number in the
// prompt's list (1-based), its ID, its label, a space name as players type
// them, or an unambiguous prefix of an ID or label. Case and punctuation do
// not matter. An unknown or ambiguous input is an error that lists what is
// legal.
func ResolveChoice(p *engine.Prompt, m *engine.Map, input string) (engine.Choice, error) {
	in := strings.TrimSpace(input)
	if in == "" {
		return engine.Choice{}, fmt.Errorf("empty choice; legal: %s", ListChoices(p))
	}
	if n, err := strconv.Atoi(in); err == nil {
		if n < 1 || n > len(p.Choices) {
			return engine.Choice{}, fmt.Errorf("there is no choice %d; pick 1 to %d: %s", n, len(p.Choices), ListChoices(p))
		}
		return p.Choices[n-1], nil
	}
	key := fold(in)
	// Exact matches first: ID, label, or the ID without its "kind:" prefix.
	var exact []engine.Choice
	for _, c := range p.Choices {
		if key == fold(c.ID) || key == fold(c.Label) || key == fold(value(c.ID)) {
			exact = append(exact, c)
		}
	}
	if len(exact) == 1 {
		return exact[0], nil
	}
	// "sweep" names both the ordinary Operation and, for JPN, the Large
	// Offensive: the bare name means the ordinary one ("lo sweep" the other).
	if op := slices.IndexFunc(exact, func(c engine.Choice) bool { return strings.HasPrefix(c.ID, "op:") }); op >= 0 && len(exact) > 1 {
		return exact[op], nil
	}
	// A space name as players type it: resolve on the whole map, so that an
	// ambiguous name is reported as such rather than silently narrowed.
	if len(exact) == 0 {
		if ids := m.Match(in); len(ids) == 1 {
			id := "space:" + m.Space(ids[0]).Name
			for _, c := range p.Choices {
				if c.ID == id {
					return c, nil
				}
			}
			return engine.Choice{}, fmt.Errorf("%s is not a legal choice here; legal: %s", m.Space(ids[0]).Name, ListChoices(p))
		}
	}
	var prefixed []engine.Choice
	for _, c := range p.Choices {
		if strings.HasPrefix(fold(c.ID), key) || strings.HasPrefix(fold(c.Label), key) || strings.HasPrefix(fold(value(c.ID)), key) {
			prefixed = append(prefixed, c)
		}
	}
	switch len(prefixed) {
	case 1:
		return prefixed[0], nil
	case 0:
		return engine.Choice{}, fmt.Errorf("%q is not a legal choice; legal: %s", in, ListChoices(p))
	}
	names := make([]string, len(prefixed))
	for i, c := range prefixed {
		names[i] = c.Label
	}
	return engine.Choice{}, fmt.Errorf("%q is ambiguous: it could be %s", in, strings.Join(names, ", "))
}

// value is the part of a choice ID after its kind, e.g. "Hebei" of
// "space:Hebei".
func value(id string) string {
	if i := strings.IndexByte(id, ':'); i >= 0 {
		return id[i+1:]
	}
	return id
}

// fold lowercases and drops spaces and punctuation, so "Wuhan yichang" and
// "wuhan-yichang" compare equal.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '+' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ListChoices lists a prompt's choices by label, numbered, for an error
// message.
func ListChoices(p *engine.Prompt) string {
	parts := make([]string, 0, len(p.Choices))
	for i, c := range p.Choices {
		if i == 30 {
			parts = append(parts, fmt.Sprintf("… and %d more", len(p.Choices)-30))
			break
		}
		parts = append(parts, fmt.Sprintf("%d) %s", i+1, c.Label))
	}
	return strings.Join(parts, ", ")
}
