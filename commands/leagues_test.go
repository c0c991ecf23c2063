package commands

import (
	"math/rand/v2"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestMarginTrack(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var track MarginTrack
	track.See(g)
	cards := map[int]bool{}
	for n := 0; g.Prompt() != nil; n++ {
		if n > 20000 {
			t.Fatal("the game does not end")
		}
		p := g.Prompt()
		if err := g.Do(p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID); err != nil {
			t.Fatal(err)
		}
		if c := g.State().Current; c != 0 {
			cards[c] = true
		}
		track.See(g)
	}
	pts := track.Points()
	if len(pts) < 3 || pts[0].Card != 0 {
		t.Fatalf("points: %+v", pts)
	}
	if last := pts[len(pts)-1]; last.Margins != g.State().Result.Margins {
		t.Errorf("last point %+v, want the final margins %v", last, g.State().Result.Margins)
	}
	prop := 0
	for _, p := range pts[1:] {
		if p.Card == 0 || !cards[p.Card] {
			t.Errorf("a point for card %d, never current", p.Card)
		}
		if p.Propaganda != g.Deck().IsPropaganda(p.Card) {
			t.Errorf("card %d: Propaganda %v", p.Card, p.Propaganda)
		}
		if p.Propaganda {
			prop++
		}
	}
	if prop == 0 {
		t.Error("no Propaganda Round marked")
	}
	t.Logf("%d cards, %d Propaganda Rounds", len(pts)-1, prop)
}
