package db

import (
	"fmt"
	"testing"
)

// More games than the cache holds, played in turns: each is dropped and
// reloaded on demand, and every one still ends up exactly as played.
func TestCacheBoundKeepsPlaying(t *testing.T) {
	s, _ := openTemp(t)
	const bound, n = 3, 8
	s.SetCacheSize(bound)
	var ps []*player
	for i := range n {
		id := create(t, s, fmt.Sprintf("place-%d", i), "1938", uint64(100+i))
		ps = append(ps, newPlayer(t, s, id, uint64(i+1), true))
	}
	start := s.Applications()
	made := 0
	for range 4 {
		for _, p := range ps {
			made += p.play(t, 6)
			if c := s.Cached(); c > bound {
				t.Fatalf("%d games in memory, bound %d", c, bound)
			}
		}
	}
	if got := s.Applications() - start; got != int64(made) {
		t.Errorf("the engine applied %d decisions for %d made: each must be applied once", got, made)
	}
	for _, p := range ps {
		g := load(t, s, p.id)
		if g.Seq != p.seq || saved(t, g.Engine) != saved(t, p.g) {
			t.Errorf("game %d: stored at decision %d differs from the game played (decision %d)", p.id, g.Seq, p.seq)
		}
	}
}

// Apply hands back the game before and after the decision; Load hands out
// copies, so changing one changes nothing stored.
func TestApplyReturnsTheGame(t *testing.T) {
	s, _ := openTemp(t)
	id := create(t, s, "p", "1937", 5)
	g := load(t, s, id)
	before := saved(t, g.Engine)
	pr := g.Engine.Prompt()
	choice := pr.Choices[0].ID
	a, err := s.Apply(ctx, id, Decision{ExpectSeq: g.Seq, Faction: pr.Faction, Choice: choice, Key: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Engine.Do(pr.Faction, choice); err != nil {
		t.Fatal(err)
	}
	if saved(t, a.Before) != before || saved(t, a.Game) != saved(t, g.Engine) {
		t.Fatal("Applied.Before and Applied.Game are not the game before and after the decision")
	}
	dup, err := s.Apply(ctx, id, Decision{ExpectSeq: g.Seq, Faction: pr.Faction, Choice: choice, Key: "k1"})
	if err != nil || !dup.Duplicate || saved(t, dup.Game) != saved(t, g.Engine) {
		t.Fatalf("a repeated key should return the game as it is: %+v, %v", dup, err)
	}
	mine := load(t, s, id)
	if p := mine.Engine.Prompt(); p != nil {
		if err := mine.Engine.Do(p.Faction, p.Choices[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	if again := load(t, s, id); again.Seq != a.Seq || saved(t, again.Engine) != saved(t, g.Engine) {
		t.Error("changing a loaded game changed the stored one")
	}
}
