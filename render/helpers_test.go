package render

import (
	"math/rand/v2"

	"github.com/chinaswar/chinaswar/engine"
)

// playRandom applies up to n uniformly random legal choices, as the render
// command's --random-choices does, and returns how many it applied.
func playRandom(g *engine.Game, seed uint64, n int) int {
	rng := rand.New(rand.NewPCG(seed, seed))
	for i := 0; i < n; i++ {
		p := g.Prompt()
		if p == nil {
			return i
		}
		if err := g.Do(p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID); err != nil {
			return i
		}
	}
	return n
}

// cloneState deep-copies what a render reads, so a test may edit the copy.
func cloneState(s *engine.State) *engine.State {
	c := *s
	c.Spaces = append([]engine.SpaceState(nil), s.Spaces...)
	c.Deck = append([]int(nil), s.Deck...)
	c.Acts = append([]engine.Act(nil), s.Acts...)
	c.Capabilities = append([]string(nil), s.Capabilities...)
	c.Momentum = append([]string(nil), s.Momentum...)
	return &c
}

// crowd puts n pieces of many kinds into space id, with every marker.
func crowd(s *engine.State, id engine.SpaceID, n int) {
	ss := &s.Spaces[id]
	ss.Pieces = engine.Pieces{}
	for i := 0; i < n; i++ {
		ss.Pieces[pieceOrder[i%len(pieceOrder)]]++
	}
	ss.Support, ss.Terror, ss.Sabotage = engine.Opposition, true, true
}
