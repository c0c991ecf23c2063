package engine

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// playRandom makes n random legal decisions (fewer if the game ends).
func playRandom(t *testing.T, g *Game, rng *rand.Rand, n int) []answer {
	t.Helper()
	var made []answer
	for i := 0; i < n && !g.Over(); i++ {
		p := g.Prompt()
		c := p.Choices[rng.IntN(len(p.Choices))].ID
		mustDo(t, g, p.Faction, c)
		made = append(made, answer{Faction: p.Faction, Choice: c})
	}
	return made
}

// TestSaveMidDecisionContinuesIdentically saves games in the middle of
// multi-decision steps, restores them, and plays both copies on with the
// same choices: they must stay byte-identical to the end.
func TestSaveMidDecisionContinuesIdentically(t *testing.T) {
	midStep := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		playRandom(t, g, rng, int(seed*7))
		if len(g.trail) > 0 {
			midStep++
		}
		saved, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		h, err := Load(saved, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for !g.Over() {
			p := g.Prompt()
			c := p.Choices[rng.IntN(len(p.Choices))].ID
			mustDo(t, g, p.Faction, c)
			mustDo(t, h, p.Faction, c)
		}
		a, _ := g.MarshalJSON()
		b, _ := h.MarshalJSON()
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: restored game diverged", seed)
		}
	}
	if midStep < 5 {
		t.Errorf("only %d of 20 saves were in the middle of a step; the test needs more", midStep)
	}
}

// TestLoadRejectsTamperedSaves: a save whose answers or state were edited
// is refused with a clear error.
func TestLoadRejectsTamperedSaves(t *testing.T) {
	s := atPhase(t, "redeploy", JPN)
	put(t, s, "Nanjing-Hangzhou", JPNTroop, 9)
	put(t, s, "Shanghai", JPNPolice, 2)
	g := gameAt(t, s, func(s *State) bool { return s.Step.Faction != JPN })
	mustDo(t, g, JPN, "space:Nanjing-Hangzhou")
	mustDo(t, g, JPN, "space:Shanghai")
	good, _ := g.MarshalJSON()
	if _, err := Load(good, nil); err != nil {
		t.Fatalf("untampered save refused: %v", err)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"illegal answer", `"c":"space:Shanghai"`, `"c":"space:Yunnan"`, "not a legal choice"},
		{"answer out of turn", `{"f":"JPN","c":"space:Shanghai"}`, `{"f":"NAT","c":"space:Shanghai"}`, "not NAT's"},
		{"unknown step", `"kind":"redeploy"`, `"kind":"teleport"`, "unknown step"},
		{"pieces created", `"jpn_police":2`, `"jpn_police":3`, "piece conservation"},
		{"bad json", `{"format"`, `{"format`, "load game"},
		{"other deck", `"deck":"sha256:`, `"deck":"sha256:0`, "deck"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(string(good), tc.from, tc.to, 1)
			if bad == string(good) {
				t.Fatalf("tamper %q not found in the save", tc.from)
			}
			_, err := Load([]byte(bad), nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestUndoBoundaries: undo reaches back to the start of the faction's own
// action only.
func TestUndoBoundaries(t *testing.T) {
	s := atPhase(t, "redeploy", JPN)
	put(t, s, "Nanjing-Hangzhou", JPNTroop, 9)
	put(t, s, "Shanghai", JPNPolice, 2)
	g := gameAt(t, s, nil)
	if g.CanUndo(JPN) {
		t.Fatal("JPN can undo before deciding anything")
	}
	start, _ := g.MarshalJSON()
	mustDo(t, g, JPN, "space:Nanjing-Hangzhou")
	mustDo(t, g, JPN, "space:Shanghai")
	if err := g.Undo(NAT); err == nil || !strings.Contains(err.Error(), "JPN's decision") {
		t.Errorf("NAT undoing JPN's choice: %v", err)
	}
	mustDo(t, g, JPN, "count:6")
	mustDo(t, g, JPN, "done") // JPN's Redeploy ends; WLD's begins or the Round goes on
	if g.Prompt() != nil && g.CanUndo(g.Prompt().Faction) {
		t.Error("the next faction can undo into JPN's finished action")
	}
	h := gameAt(t, s, nil)
	mustDo(t, h, JPN, "space:Nanjing-Hangzhou")
	mustDo(t, h, JPN, "space:Shanghai")
	for h.CanUndo(JPN) {
		if err := h.Undo(JPN); err != nil {
			t.Fatal(err)
		}
	}
	if back, _ := h.MarshalJSON(); !bytes.Equal(back, start) {
		t.Error("undoing every JPN decision did not restore the start of its action")
	}
}

// TestUndoStopsAtDieRoll: a die roll is a barrier for undo.
func TestUndoStopsAtDieRoll(t *testing.T) {
	s := atPhase(t, "redeploy", JPN)
	steps["test_roll"] = func(r *run) error {
		if _, err := r.ask(JPN, say("before the roll"), func(c *choiceList) { c.add("a", "a"); c.add("b", "b") }); err != nil {
			return err
		}
		r.roll()
		if _, err := r.ask(JPN, say("after the roll"), func(c *choiceList) { c.add("c", "c"); c.add("d", "d") }); err != nil {
			return err
		}
		_, err := r.ask(JPN, say("last"), func(c *choiceList) { c.add("e", "e"); c.add("f", "f") })
		if err != nil {
			return err
		}
		r.s.Step = Step{Kind: "reset"}
		return nil
	}
	defer delete(steps, "test_roll")
	s.Step = Step{Kind: "test_roll"}
	g := gameAt(t, s, nil)
	mustDo(t, g, JPN, "a")
	mustDo(t, g, JPN, "c")
	if !g.CanUndo(JPN) {
		t.Fatal("JPN cannot undo its choice made after the roll")
	}
	if err := g.Undo(JPN); err != nil {
		t.Fatal(err)
	}
	if g.CanUndo(JPN) {
		t.Error("JPN can undo across the die roll")
	}
	if err := g.Undo(JPN); err == nil || !strings.Contains(err.Error(), "die roll") {
		t.Errorf("undo across the roll: %v", err)
	}
}

// TestWorkCountsTheQuestionsAsked: Game.Work grows with every answer, the
// searches' questions included, is the same for the same play, and starts
// afresh in a copy.
func TestWorkCountsTheQuestionsAsked(t *testing.T) {
	play := func() *Game {
		g, err := New(Config{Scenario: "1937", Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, g, rand.New(rand.NewPCG(11, 1)), 400)
		return g
	}
	a, b := play(), play()
	if a.Work() != b.Work() || a.Work() < 400 {
		t.Fatalf("work %d and %d for the same 400 answers", a.Work(), b.Work())
	}
	// A search's runs ask questions of their own, counted in the game's.
	grew, searches := 0, 0
	var at int64
	auditSearch = func(p *saProbe, released bool) {
		if !released {
			at = *p.work
			return
		}
		searches++
		if *p.work > at {
			grew++
		}
	}
	defer func() { auditSearch = nil }()
	for i := 0; i < 400 && !a.Over(); i++ {
		before := a.Work()
		p := a.Prompt()
		mustDo(t, a, p.Faction, p.Choices[0].ID)
		if a.Work() <= before {
			t.Fatalf("an answer added no work (%d)", a.Work())
		}
	}
	if grew == 0 {
		t.Fatalf("none of %d searches added to the work", searches)
	}
	if c := a.Clone(); c.Work() != 0 {
		t.Errorf("a clone starts with work %d", c.Work())
	}
}

// TestObserveSeesEveryCommit checks that an observer is told of each step
// the game commits, in order, and that copies do not tell it of theirs.
func TestObserveSeesEveryCommit(t *testing.T) {
	g, err := New(Config{Scenario: "1937", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var seen []Commit
	s0 := g.StepsDone()
	g.Observe(func(c Commit) {
		if c.State != &g.base {
			t.Errorf("commit %d: the state is not the game's committed one", len(seen))
		}
		seen = append(seen, Commit{Step: c.Step, By: c.By, First: c.First, Forced: c.Forced})
	})
	for i := 0; len(seen) < 40; i++ {
		steps := g.StepsDone()
		p := g.Prompt()
		first := len(g.trail) == 0
		if err := g.Do(p.Faction, p.Choices[i%len(p.Choices)].ID); err != nil {
			t.Fatal(err)
		}
		if n := g.StepsDone() - s0; n != len(seen) {
			t.Fatalf("decision %d: %d steps committed, the observer saw %d", i, n, len(seen))
		}
		if first && g.StepsDone() > steps {
			if c := seen[steps-s0]; c.By != p.Faction || c.First != p.Choices[i%len(p.Choices)].ID {
				t.Fatalf("decision %d: the step's first answer was %s %q, the observer saw %s %q", i, p.Faction, p.Choices[i%len(p.Choices)].ID, c.By, c.First)
			}
		}
		h := g.Clone()
		hp := h.Prompt()
		before := len(seen)
		for h.StepsDone() == g.StepsDone() && !h.Over() {
			hp = h.Prompt()
			if err := h.Do(hp.Faction, hp.Choices[0].ID); err != nil {
				t.Fatal(err)
			}
		}
		if len(seen) != before {
			t.Fatal("a copy's commit reached the real game's observer")
		}
	}
}
