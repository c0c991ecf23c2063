package engine

import (
	"fmt"
	"slices"
)

// Determinization: a game as a player could imagine it.
//
// The generator's state and the order of the draw deck are part of State,
// so a copy of the game knows every future die and card. A player looking
// ahead (an AI searching on copies) must instead look at a game that
// differs from the real one only in what nobody at the table can see yet:
// the order of the unseen cards within the deck's pile structure, where
// the unseen Propaganda cards sit, which Events went out with the unseen
// 1938 pile, the next card under the No Reveal Option, and every die not
// yet rolled. Nothing in this game is known to one faction and hidden from
// another (no hands, no secret choices), so one determinization serves every
// faction.

// pileSize is the size of a pile of the draw deck: 12 Events and one
// Propaganda card (Deck Preparation).
const pileSize = 12 + 1

// reseed replaces the generator's state just before the die numbered after
// (counting from 0 within the current step) is rolled, or when the step
// ends if no such die is rolled: the dice already seen stay as they were,
// the dice still to come are new.
type reseed struct {
	after int
	rng   uint64
}

// Determinize returns a copy of the game that agrees with it in everything
// the players can see, including the answers already given in the current
// step and the dice they saw, and draws everything hidden afresh from seed:
// the unseen cards are reshuffled within the deck's pile structure and the
// dice not yet rolled come from a new generator. The real game is not
// changed. Equal seeds give equal copies.
func (g *Game) Determinize(seed uint64) (*Game, error) {
	h := &Game{m: g.m, d: g.d, trail: slices.Clone(g.trail), showForced: g.showForced, answers: g.answers}
	h.base.copyFrom(&g.base)
	h.log = g.log[:len(g.log):len(g.log)]
	if g.pending == nil {
		h.cur.copyFrom(&g.cur)
		return h, nil
	}
	x := seed ^ 0x6a09e667f3bcc909
	reshuffleHidden(&h.base, h.d, &x)
	// The dice seen are those the current step has rolled so far.
	h.reseed = &reseed{after: g.stepRolls, rng: splitmix(&x)}
	// The searches for a Special Activity done first are a function of the
	// step's snapshot and answers, and never read what was redrawn (the
	// order of the unseen cards, the dice to come: no Special Activity or
	// Operation test draws or rolls), so what the real game's searches
	// found holds for the copy: it replays its step without searching
	// again (TestDeterminizeKeepsTheSearches).
	h.probes.copyMemos(&g.probes)
	if err := h.settle(); err != nil {
		return nil, fmt.Errorf("determinize: replaying the current step: %w", err)
	}
	if h.pending == nil || h.pending.Question != g.pending.Question || h.pending.Faction != g.pending.Faction {
		return nil, fmt.Errorf("determinize: the current step did not replay to the same question")
	}
	return h, nil
}

// initialDeckSize is the draw deck's size after Deck Preparation.
func initialDeckSize(s *State) int {
	if s.Scenario == "1938" {
		return 3 * pileSize
	}
	return 4 * pileSize
}

// hiddenRemoved is how many of the first entries of State.Removed were
// removed unseen (the fourth pile of the 1938 scenario).
func hiddenRemoved(s *State) int {
	if s.Scenario == "1938" {
		return NumEvents - 3*(pileSize-1)
	}
	return 0
}

// reshuffleHidden redraws the hidden cards of s: the Events in unseen
// positions of the draw deck and in the unseen removed pile are permuted
// among those positions, and each unseen Propaganda card is placed at a
// uniformly drawn unseen position of its own pile (in the first pile's
// bottom half), which is where all a player knows puts it.
func reshuffleHidden(s *State, d *Deck, x *uint64) {
	drawn := initialDeckSize(s) - len(s.Deck)
	first := 0
	if !s.Options.NoReveal && len(s.Deck) > 0 {
		first = 1 // the revealed next card (2.3.7)
	}
	hidden := hiddenRemoved(s)
	if drawn < 0 || hidden > len(s.Removed) {
		// A game started from a position (StartAt) need not hold the
		// piles of Deck Preparation (2.1): all a player knows of its
		// draw deck is which cards are in it.
		shuffle(x, s.Deck[first:])
		return
	}
	type prop struct{ card, pile, at int }
	var events []int
	var props []prop
	pileSlots := map[int][]int{}
	for k := first; k < len(s.Deck); k++ {
		pile := (drawn + k) / pileSize
		if d.IsPropaganda(s.Deck[k]) {
			props = append(props, prop{s.Deck[k], pile, k})
		} else {
			events = append(events, s.Deck[k])
		}
		// The first pile's Propaganda card went into its bottom half.
		if pile > 0 || (drawn+k)%pileSize >= (pileSize-1)/2 {
			pileSlots[pile] = append(pileSlots[pile], k)
		}
	}
	events = append(events, s.Removed[:hidden]...)
	// Each unseen Propaganda card goes to an unseen position of its pile
	// (where a position's short pile has none, it stays put).
	taken := map[int]bool{}
	for _, p := range props {
		slots, k := pileSlots[p.pile], p.at
		if len(slots) > 0 {
			k = slots[intn(x, len(slots))]
		}
		taken[k] = true
		s.Deck[k] = p.card
	}
	shuffle(x, events)
	for k := first; k < len(s.Deck); k++ {
		if !taken[k] {
			s.Deck[k], events = events[0], events[1:]
		}
	}
	copy(s.Removed[:hidden], events)
}

// PropagandaUnseen counts the Propaganda cards not yet seen: those still in
// the draw deck. Everyone knows this number (4 minus those played or
// removed), though not where they sit.
func (s *State) PropagandaUnseen(d *Deck) int {
	n := 0
	for _, c := range s.Deck {
		if d.IsPropaganda(c) {
			n++
		}
	}
	return n
}

// StepsDone counts the steps this Game value has committed since it was
// created or loaded: a caller that answered a question can tell from it
// whether the step it answered in has ended.
func (g *Game) StepsDone() int { return g.commits }
