package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// visible is what the players can see of a state: everything but the
// generator and the order of the hidden cards. The hidden cards themselves
// are known as a set (every card not yet seen), so they are kept sorted.
func visible(s *State, d *Deck) State {
	v := *s.clone()
	v.RNG = 0
	first := 0
	if !s.Options.NoReveal && len(s.Deck) > 0 {
		first = 1
	}
	hidden := hiddenRemoved(s)
	unseen := append(slices.Clone(v.Deck[first:]), v.Removed[:hidden]...)
	slices.Sort(unseen)
	v.Deck = append(v.Deck[:first], unseen...)
	v.Removed = v.Removed[hidden:]
	return v
}

// propagandaPiles lists the pile of every Propaganda card in the draw deck.
func propagandaPiles(s *State, d *Deck) []int {
	var piles []int
	drawn := initialDeckSize(s) - len(s.Deck)
	for k, c := range s.Deck {
		if d.IsPropaganda(c) {
			piles = append(piles, (drawn+k)/pileSize)
			if (drawn+k)/pileSize == 0 && (drawn+k)%pileSize < 6 {
				panic("Propaganda card in the top half of the first pile")
			}
		}
	}
	return piles
}

// TestDeterminizeHidesOnlyTheHidden plays random games and, at many points
// (some in the middle of a step after dice were rolled), checks that a
// determinization leaves the real game unchanged, agrees with it in
// everything visible, keeps each Propaganda card in its pile, plays on
// legally, and that two seeds draw different hidden cards and dice.
func TestDeterminizeHidesOnlyTheHidden(t *testing.T) {
	points, afterDice, deckDiffers, diceDiffer := 0, 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		opts := Options{}
		if seed%3 == 0 {
			opts.NoReveal = true
		}
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for !g.Over() {
			playRandom(t, g, rng, 1+rng.IntN(40))
			if g.Over() {
				break
			}
			points++
			if g.r.rolls > 0 {
				afterDice++
			}
			before, _ := g.MarshalJSON()
			a, err := g.Determinize(1)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			b, err := g.Determinize(2)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if after, _ := g.MarshalJSON(); !bytes.Equal(before, after) {
				t.Fatalf("seed %d: Determinize changed the real game", seed)
			}
			for _, h := range []*Game{a, b} {
				if !reflect.DeepEqual(visible(h.State(), h.d), visible(g.State(), g.d)) {
					t.Fatalf("seed %d: a determinization differs in what is visible:\n%+v\n%+v", seed, visible(h.State(), h.d), visible(g.State(), g.d))
				}
				if !reflect.DeepEqual(h.Prompt(), g.Prompt()) || !reflect.DeepEqual(h.Log(), g.Log()) {
					t.Fatalf("seed %d: a determinization asks or logs differently", seed)
				}
				if !slices.Equal(propagandaPiles(h.State(), h.d), propagandaPiles(g.State(), g.d)) {
					t.Fatalf("seed %d: a Propaganda card left its pile", seed)
				}
			}
			if !slices.Equal(a.State().Deck, b.State().Deck) || !slices.Equal(a.State().Removed, b.State().Removed) {
				deckDiffers++
			}
			// Play both on with the same choices to the end of the step:
			// the generator each leaves behind must differ.
			for _, h := range []*Game{a, b} {
				for n := h.StepsDone(); h.StepsDone() == n && !h.Over(); {
					p := h.Prompt()
					mustDo(t, h, p.Faction, p.Choices[0].ID)
				}
			}
			if a.base.RNG != b.base.RNG {
				diceDiffer++
			}
			if err := CheckInvariants(a.m, a.d, a.State()); err != nil {
				t.Fatalf("seed %d: determinization played on: %v", seed, err)
			}
		}
	}
	t.Logf("%d points, %d after dice in the step; deck differed at %d, dice at %d", points, afterDice, deckDiffers, diceDiffer)
	if afterDice == 0 {
		t.Error("no point had dice rolled earlier in its step: the reseeding path was not tested")
	}
	if deckDiffers < points*3/4 || diceDiffer != points {
		t.Errorf("two seeds should draw different cards (%d of %d points) and dice (%d of %d)", deckDiffers, points, diceDiffer, points)
	}
}

// TestDeterminizeIsDeterministic: equal seeds give equal games.
func TestDeterminizeIsDeterministic(t *testing.T) {
	g, err := New(Config{Scenario: "1938", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, g, rand.New(rand.NewPCG(3, 3)), 30)
	a, _ := g.Determinize(9)
	b, _ := g.Determinize(9)
	ja, _ := a.MarshalJSON()
	jb, _ := b.MarshalJSON()
	if !bytes.Equal(ja, jb) {
		t.Fatal("equal seeds gave different determinizations")
	}
}

// TestDeterminizeKeepsTheSearches: a determinization takes over what the
// real game's searches for a Special Activity done first found. From
// positions of random games where a search was made, the copy and a copy
// of it that searches everything again (nothing kept) must pose the same
// questions, with the same choices, to the end of the step.
func TestDeterminizeKeepsTheSearches(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 16; seed++ {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for i := 0; !g.Over(); i++ {
			if len(g.probes.searches) > 0 && i%3 == 0 {
				h, err := g.Determinize(seed*1000 + uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				if len(h.probes.searches) < len(g.probes.searches) {
					t.Fatalf("the copy kept %d of %d searches", len(h.probes.searches), len(g.probes.searches))
				}
				fresh := h.Clone() // a clone keeps no searches
				steps, prng := h.StepsDone(), rand.New(rand.NewPCG(seed, uint64(i)))
				for !h.Over() && h.StepsDone() == steps {
					p, q := h.Prompt(), fresh.Prompt()
					if p.Question != q.Question || fmt.Sprint(p.Choices) != fmt.Sprint(q.Choices) {
						t.Fatalf("seed %d, decision %d: with the searches kept %q %v, searched again %q %v", seed, i, p.Question, p.Choices, q.Question, q.Choices)
					}
					c := p.Choices[prng.IntN(len(p.Choices))].ID
					mustDo(t, h, p.Faction, c)
					mustDo(t, fresh, q.Faction, c)
				}
				checked++
			}
			p := g.Prompt()
			mustDo(t, g, p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID)
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions with searches checked", checked)
	}
	t.Logf("%d positions checked", checked)
}
