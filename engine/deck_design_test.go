package engine

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestStandInDeckDesign checks the design targets of the shipped stand-in
// deck (deck.md §1, §5). They are properties of our deck, not rules, so the
// loader does not impose them on a replacement deck.
func TestStandInDeckDesign(t *testing.T) {
	d := DefaultDeck()
	orders := map[[NumFactions]Faction]int{}
	capabilities, momentum := 0, 0
	for n := 1; n <= NumEvents; n++ {
		c := d.Card(n)
		orders[c.Order]++
		if c.Unshaded.Flag == "CAPABILITY" {
			capabilities++
		}
		for _, side := range []*CardSide{&c.Unshaded, c.Shaded} {
			if side != nil && side.Flag == "MOMENTUM" {
				momentum++
			}
		}
	}
	permutations := 0
	var rec func(o [NumFactions]Faction, n int)
	rec = func(o [NumFactions]Faction, n int) {
		if n == NumFactions {
			permutations++
			if orders[o] != 2 {
				t.Errorf("Faction order %v is on %d cards, want 2", o, orders[o])
			}
			return
		}
		for _, f := range Factions {
			if !slices.Contains(o[:n], f) {
				o[n] = f
				rec(o, n+1)
			}
		}
	}
	rec([NumFactions]Faction{}, 0)
	if permutations != 24 {
		t.Fatalf("%d orderings, want 24", permutations)
	}
	if capabilities != 6 || momentum != 6 {
		t.Errorf("%d Capability cards and %d Momentum sides, want 6 and 6 (deck.md §5)", capabilities, momentum)
	}
}

// TestDeckDocShowsTheCards: docs/deck.md prints every card's texts as the
// embedded deck has them, so a change of the cards cannot leave the
// document behind.
func TestDeckDocShowsTheCards(t *testing.T) {
	doc, err := os.ReadFile("../docs/deck.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	d := DefaultDeck()
	for _, n := range d.Numbers() {
		c := d.Card(n)
		if c.Propaganda {
			continue
		}
		head := fmt.Sprintf("\n### %d. %s\n", n, c.Title)
		i := strings.Index(text, head)
		if i < 0 {
			t.Errorf("docs/deck.md has no section %q", strings.TrimSpace(head))
			continue
		}
		section := text[i+len(head):]
		if j := strings.Index(section, "\n### "); j >= 0 {
			section = section[:j]
		}
		sides := []struct {
			label string // "Unshaded (`modifier`)" counts as Unshaded
			side  *CardSide
		}{{"Unshaded", &c.Unshaded}, {"Shaded", c.Shaded}}
		if c.Shaded == nil {
			sides = sides[:1]
			sides[0].label = "Event"
		}
		for _, s := range sides {
			found := false
			for _, line := range strings.Split(section, "\n") {
				found = found || strings.HasPrefix(line, "- **"+s.label) && strings.HasSuffix(line, ":** "+s.side.Text)
			}
			if !found {
				t.Errorf("docs/deck.md, card %d: no %s line %q", n, s.label, s.side.Text)
			}
		}
	}
}
