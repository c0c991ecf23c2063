package engine

import (
	"slices"
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
