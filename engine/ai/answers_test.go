package ai

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestAnswerShapes(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	names := spaceNames(g.Map())
	for _, c := range []struct{ q, want string }{
		{"Govern in Hebei: which?", "Govern in X: which?"},
		{"NAT Patrol: how many NAT Troops from Shanxi into Beijing-Shijiazhuang?", "NAT Patrol: how many NAT Troops from X into X?"},
		{"Support Phase, Pacification: spend 2 Resources (of 13) in which Province?", "Support Phase, Pacification: spend N Resources (of N) in which Province?"},
		{"NAT is 1st Eligible on #12 Winter Offensive: choose an action", "NAT is Nst Eligible on #N Winter Offensive: choose an action"},
	} {
		if got := questionShape(names, c.q); got != c.want {
			t.Errorf("questionShape(%q) = %q, want %q", c.q, got, c.want)
		}
	}
	pr := &engine.Prompt{Choices: []engine.Choice{{ID: "count:1"}, {ID: "count:2"}, {ID: "count:3"}}}
	for _, c := range []struct{ id, want string }{
		{"count:2", "count 2 of 1-3"},
		{"space:Hebei", "a space"},
		{"govern:bases", "govern:bases"},
	} {
		if got := answerShape(pr, c.id); got != c.want {
			t.Errorf("answerShape(%q) = %q, want %q", c.id, got, c.want)
		}
	}
}

// TestAnswersChargeTheirSteps plays games with every seat uniformly random
// and checks what the answers ledger says against what the rules say the
// answers do: at the Aid Phase, NAT's answer "K to Patronage" is its only
// answer in the step and moves its final margin by exactly K (6.4, 7.3);
// Govern trading Support for Resources costs NAT the Province's Population
// (4.3.1), so its mean is well below Govern's other answers; and no answer
// comes up in more steps than its faction answered in.
func TestAnswersChargeTheirSteps(t *testing.T) {
	var seats [engine.NumFactions]Seat
	as := Answers{}
	for _, sc := range engine.Scenarios {
		for seed := uint64(1); seed <= 40; seed++ {
			m, err := Play(engine.Config{Scenario: sc, Seed: seed}, seats, seed, PlayOptions{Answers: true})
			if err != nil {
				t.Fatal(err)
			}
			as.Add(m.Answers)
		}
	}
	aid := 0
	for k, s := range as {
		f, _, _ := strings.Cut(k, " | ")
		all := as[f+" | all steps"]
		if s.Steps > all.Steps {
			t.Errorf("%q: %d steps, more than %s's %d", k, s.Steps, f, all.Steps)
		}
		if strings.HasPrefix(k, "NAT | aid | Aid Phase:") {
			var n, lo, hi int
			_, after, _ := strings.Cut(k, "=> ")
			if _, err := fmt.Sscanf(after, "count %d of %d-%d", &n, &lo, &hi); err != nil {
				t.Fatalf("%q: %v", k, err)
			}
			aid += s.Steps
			if s.Margin != n*s.Steps {
				t.Errorf("%q: NAT's margin moved %d in %d steps, want %d a step", k, s.Margin, s.Steps, n)
			}
		}
	}
	if aid < 20 {
		t.Fatalf("only %d Aid Phase answers", aid)
	}
	const govern = "NAT | eligible | Govern in X: which? => govern:"
	res, pat := as[govern+"support_resources"], as[govern+"support_patronage"]
	if res.Steps < 20 || pat.Steps < 20 {
		t.Fatalf("too few Govern answers: %d for Resources, %d for Patronage", res.Steps, pat.Steps)
	}
	t.Logf("Govern for Resources: %d steps, mean %+.2f; for Patronage: %d steps, mean %+.2f", res.Steps, res.Mean(), pat.Steps, pat.Mean())
	if res.Mean() > pat.Mean()-0.5 {
		t.Errorf("Govern for Resources %+.2f a step, for Patronage %+.2f: the Support given up does not show", res.Mean(), pat.Mean())
	}
	sorted := as.Sorted(engine.NAT, 20)
	if len(sorted) < 10 || as[sorted[0]].Mean() > as[sorted[len(sorted)-1]].Mean() {
		t.Errorf("Sorted gave %d answers, not from the lowest mean to the highest", len(sorted))
	}
}
