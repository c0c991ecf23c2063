package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// ResolveTyped is ResolveChoice with the naming rules of names.go: old
// romanisations and Town names are understood, and a choice of Hebei, Hubei,
// Shanxi, Shaanxi, Henan or Hunan is taken only from its exact name, its
// number or its ID, never from a prefix or an alias. In a prompt asking for
// a number, a typed number is that number rather than a position.
func ResolveTyped(p *engine.Prompt, m *engine.Map, input string) (engine.Choice, error) {
	in := strings.TrimSpace(input)
	if _, err := strconv.Atoi(in); err == nil && isCount(p) {
		// In a prompt for a number, a number is that number ("from Hebei
		// 3" moves three), not a position in the list.
		for _, c := range p.Choices {
			if c.ID == "count:"+in {
				return c, nil
			}
		}
	}
	if _, err := strconv.Atoi(in); err == nil || exactChoice(p, in) {
		return ResolveChoice(p, m, in)
	}
	key := fold(in)
	n := namesOf(m)
	if _, isName := n.exact[key]; !isName && key != "" {
		if id, alias := n.keys[key]; alias {
			// An old name: translate it, unless it leads to a confusable
			// Province.
			if _, err := n.checked(in, id, fmt.Sprintf("%q is an old name for %s", in, m.Space(id).Name)); err != nil {
				return engine.Choice{}, legalHint(err, p)
			}
			in = m.Space(id).Name
		} else if t, town := n.towns[key]; town {
			id, err := n.town(in, t)
			if err != nil {
				return engine.Choice{}, legalHint(err, p)
			}
			in = m.Space(id).Name
		}
	}
	c, err := ResolveChoice(p, m, in)
	if err != nil {
		return c, err
	}
	// ResolveChoice takes prefixes of spaces and labels: refuse one that
	// landed on a confusable Province without naming it in full.
	if name, ok := strings.CutPrefix(c.ID, "space:"); ok {
		if other, risky := confusable[name]; risky && fold(in) != fold(name) {
			return engine.Choice{}, &NameError{Typed: input, Candidates: []string{name, other},
				Why: fmt.Sprintf("%q could be short for %s, but %s and %s are easily confused: type the full name, %s or %s.", input, name, name, other, name, other)}
		}
	}
	return c, nil
}

// exactChoice reports whether in is exactly a choice's ID, label or value.
func exactChoice(p *engine.Prompt, in string) bool {
	key := fold(in)
	for _, c := range p.Choices {
		if key == fold(c.ID) || key == fold(c.Label) || key == fold(value(c.ID)) {
			return true
		}
	}
	return false
}

// legalHint adds to a name error which of its candidates the prompt offers.
func legalHint(err error, p *engine.Prompt) error {
	var ne *NameError
	if !errors.As(err, &ne) || len(ne.Candidates) == 0 {
		return err
	}
	var legal []string
	for _, name := range ne.Candidates {
		if p.Has("space:" + name) {
			legal = append(legal, name)
		}
	}
	hint := " None of them is a legal choice now."
	if len(legal) > 0 {
		hint = " Legal now: " + strings.Join(legal, ", ") + "."
	}
	return &NameError{Typed: ne.Typed, Candidates: ne.Candidates, Why: ne.Why + hint}
}

func isNameError(err error) bool {
	var ne *NameError
	return errors.As(err, &ne)
}
