package position

import (
	"math/rand/v2"

	"github.com/chinaswar/chinaswar/engine"
)

// ShuffleUnseen permutes the cards no player has seen: the draw deck except
// its revealed next card (engine.State.NextCard), and the Event cards
// removed unseen (the 1938 pile). Seen cards keep their places, and the
// removed pile stays all Events, as every player knows it is. Two states
// that differ only by this must look the same to every player; tests use
// it to prove that no view discloses the hidden order.
func ShuffleUnseen(s *engine.State, d *engine.Deck, seed uint64) {
	first := 0
	if s.NextCard(d) != 0 {
		first = 1
	}
	var events, props, removedSlots []int
	for _, n := range s.Deck[first:] {
		if d.IsPropaganda(n) {
			props = append(props, n)
		} else {
			events = append(events, n)
		}
	}
	for i, n := range s.Removed {
		if !d.IsPropaganda(n) {
			events = append(events, n)
			removedSlots = append(removedSlots, i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x756e7365656e))
	rng.Shuffle(len(events), func(i, j int) { events[i], events[j] = events[j], events[i] })
	for i, slot := range removedSlots {
		s.Removed[slot] = events[i]
	}
	rest := append(events[len(removedSlots):], props...)
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	copy(s.Deck[first:], rest)
}
