package engine

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// A question quoting the executing faction's Resources quotes them after the
// voluntary transfers made while it was asked (1.5.2), not before.
func TestQuestionQuotesResourcesAfterTransfer(t *testing.T) {
	g := cpcRallying(t, Options{})
	if q := g.Prompt().Question; !strings.Contains(q, "4 left") {
		t.Fatalf("question %q should quote CPC's 4 Resources", q)
	}
	if err := g.Transfer(Transfer{From: JPN, To: CPC, Amount: 3}); err != nil {
		t.Fatal(err)
	}
	if q := g.Prompt().Question; !strings.Contains(q, "7 left") {
		t.Errorf("after JPN gave 3, question %q should quote CPC's 7 Resources", q)
	}
	if err := g.Transfer(Transfer{From: CPC, To: NAT, Amount: 5}); err != nil {
		t.Fatal(err)
	}
	if q := g.Prompt().Question; !strings.Contains(q, "2 left") {
		t.Errorf("after CPC gave 5, question %q should quote CPC's 2 Resources", q)
	}
}

// Forced reports the answers the engine applied on its own during the last
// Do: checked against the saved answers of the current step, which mark
// forced ones, over a whole random game.
func TestForcedListsEngineAnswers(t *testing.T) {
	g, err := New(Config{Scenario: "1937", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	reported := 0
	for !g.Over() {
		n := len(savedAnswers(t, g))
		p := g.Prompt()
		c := p.Choices[rng.IntN(len(p.Choices))]
		mustDo(t, g, p.Faction, c.ID)
		got := g.Forced()
		for _, f := range got {
			if f.Question == "" || f.Choice.ID == "" || f.Choice.Label == "" {
				t.Fatalf("forced answer %+v lacks its question or choice", f)
			}
		}
		reported += len(got)
		after := savedAnswers(t, g)
		if len(after) <= n {
			continue // the step was committed: its answers are gone
		}
		tail := after[n+1:]
		if len(tail) > len(got) {
			t.Fatalf("after %s %q: %d forced answers saved in the step, %d reported", p.Faction, c.ID, len(tail), len(got))
		}
		for i, a := range tail {
			f := got[len(got)-len(tail)+i]
			if !a.Forced || a.Faction != f.Faction || a.Choice != f.Choice.ID {
				t.Fatalf("after %s %q: saved answer %+v, reported %+v", p.Faction, c.ID, a, f)
			}
		}
	}
	if reported == 0 {
		t.Error("a whole game reported no forced answer")
	}
}

func savedAnswers(t *testing.T, g *Game) []answer {
	t.Helper()
	data, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	return j.Answers
}
