package ai

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestGameWithAISeats plays whole games with tiny budgets, Basic and
// random seats: no engine error, no illegal choice, and equal seeds replay equally.
func TestGameWithAISeats(t *testing.T) {
	tiny := Seat{Level: Level{Name: "Tiny", Sims: 4}}
	basic, err := ParseSeat("basic")
	if err != nil || basic.IsRandom() || basic.Level != Basic {
		t.Fatalf("ParseSeat(basic) = %+v, %v", basic, err)
	}
	seats := [engine.NumFactions]Seat{tiny, tiny, Random, basic}
	for _, sc := range engine.Scenarios {
		a, err := Play(engine.Config{Scenario: sc, Seed: 7}, seats, 7, PlayOptions{})
		if err != nil {
			t.Fatalf("%s: %v", sc, err)
		}
		b, err := Play(engine.Config{Scenario: sc, Seed: 7}, seats, 7, PlayOptions{})
		if err != nil {
			t.Fatalf("%s: %v", sc, err)
		}
		if a.Result == nil || a.Decisions != b.Decisions || a.Result.Narrative != b.Result.Narrative {
			t.Fatalf("%s: equal seeds played differently: %d vs %d decisions", sc, a.Decisions, b.Decisions)
		}
		// Basic plays by the policy alone: no plans, so no think times.
		if len(a.Stats[engine.NAT].Think) == 0 || len(a.Stats[engine.WLD].Think) != 0 || len(a.Stats[engine.CPC].Think) != 0 {
			t.Errorf("%s: think times recorded for the wrong seats", sc)
		}
	}
}

func TestExplanationLine(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for g.Prompt().Step != "eligible" {
		pr := g.Prompt()
		if err := g.Do(pr.Faction, pr.Choices[len(pr.Choices)-1].ID); err != nil {
			t.Fatal(err)
		}
	}
	pr := g.Prompt()
	p := New(pr.Faction, Level{Name: "Tiny", Sims: 24}, 1)
	choice, ex, err := p.Decide(g)
	if err != nil {
		t.Fatal(err)
	}
	if !pr.Has(choice) || ex == nil || p.Last() != ex {
		t.Fatalf("choice %q, explanation %v", choice, ex)
	}
	line := ex.Line()
	t.Log(line)
	if !strings.HasPrefix(line, pr.Faction.String()+" (AI, Tiny): ") || !strings.Contains(line, "simulations; next best, ") {
		t.Errorf("line %q", line)
	}
	if ex.Sims > 24 || len(ex.Alternatives) < 2 || len(ex.Alternatives) > 3 {
		t.Errorf("sims %d, alternatives %d", ex.Sims, len(ex.Alternatives))
	}
	// Every top-level option was tried.
	if n := len(pr.Choices); n <= 12 && ex.Sims < n {
		t.Errorf("%d options, only %d simulations", n, ex.Sims)
	}
}

// TestCappedPlayIsDeterministic: a work cap is a count, so a seed whose
// searches it stops still plays the same game.
func TestCappedPlayIsDeterministic(t *testing.T) {
	capped := Seat{Level: Level{Name: "Capped", Sims: 24, Work: 90_000}}
	seats := [engine.NumFactions]Seat{capped, Random, capped, Random}
	cfg := engine.Config{Scenario: "1938", Seed: 9}
	a, err := Play(cfg, seats, 9, PlayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Play(cfg, seats, 9, PlayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Result == nil || a.Decisions != b.Decisions || a.Result.Narrative != b.Result.Narrative {
		t.Fatalf("equal seeds played differently: %d vs %d decisions", a.Decisions, b.Decisions)
	}
	for _, f := range []engine.Faction{engine.JPN, engine.WLD} {
		st := a.Stats[f]
		if st.Capped == 0 || st.Capped == len(st.Think) || st.Capped != b.Stats[f].Capped {
			t.Errorf("%s: the cap stopped %d and %d of %d planned actions; want some, not all, and equal", f, st.Capped, b.Stats[f].Capped, len(st.Think))
		}
	}
}
