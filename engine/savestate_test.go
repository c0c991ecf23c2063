package engine

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMarshalStateWithoutLog: a state save does not grow with the game, and
// with its log given back it is the game MarshalJSON saves, mid-step too.
func TestMarshalStateWithoutLog(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		playRandom(t, g, rng, int(40+seed*60))
		if len(g.Log()) == 0 {
			t.Fatalf("seed %d: no log to leave out", seed)
		}
		state, err := g.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(state, []byte(`"log"`)) || bytes.Contains(state, []byte(g.Log()[0].Text)) {
			t.Fatalf("seed %d: the state save holds the log", seed)
		}
		h, err := Load(state, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(h.Log()) != 0 {
			t.Fatalf("seed %d: a state save loads with %d log entries", seed, len(h.Log()))
		}
		if err := h.RestoreLog(append([]Entry(nil), g.Log()...)); err != nil {
			t.Fatal(err)
		}
		want, _ := g.MarshalJSON()
		got, _ := h.MarshalJSON()
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d: state save plus log is not the game", seed)
		}
		// Both play on alike, new entries numbered after the restored ones.
		for range 30 {
			if g.Over() {
				break
			}
			p := g.Prompt()
			c := p.Choices[rng.IntN(len(p.Choices))].ID
			mustDo(t, g, p.Faction, c)
			mustDo(t, h, p.Faction, c)
		}
		want, _ = g.MarshalJSON()
		got, _ = h.MarshalJSON()
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d: the restored game diverged", seed)
		}
	}
}

func TestRestoreLogRefusals(t *testing.T) {
	g, err := New(Config{Scenario: "1937", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, g, rand.New(rand.NewPCG(5, 5)), 60)
	log := g.Log()
	if len(log) < 2 {
		t.Fatal("the game needs a log of two entries")
	}
	state, _ := g.MarshalState()
	for _, tc := range []struct {
		name string
		game func() *Game
		log  []Entry
		want string
	}{
		{"a game with a log", func() *Game { return g.Clone() }, log, "has a log"},
		{"a gap", func() *Game { h, _ := Load(state, nil); return h }, log[1:], "entry 1 is numbered 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.game().RestoreLog(tc.log); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("RestoreLog: %v, want %q", err, tc.want)
			}
		})
	}
}

// TestShowForcedSurvivesSaveAndDeterminize: a game that poses its
// single-choice questions (Config.ShowForced) has answers for them, so a
// save, a save without the log and a determinization must keep the
// setting: each goes on to the same question, and the game plays on.
func TestShowForcedSurvivesSaveAndDeterminize(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed, ShowForced: true})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		singles := 0
		for step := 0; !g.Over() && step < 400; step++ {
			p := g.Prompt()
			if len(p.Choices) == 1 {
				singles++
			}
			if step%7 == 3 {
				for name, save := range map[string]func() ([]byte, error){"save": g.MarshalJSON, "state": g.MarshalState} {
					b, err := save()
					if err != nil {
						t.Fatal(err)
					}
					h, err := Load(b, g.Deck())
					if err != nil {
						t.Fatalf("seed %d step %d: %s does not load: %v", seed, step, name, err)
					}
					if q := h.Prompt(); q.Question != p.Question || len(q.Choices) != len(p.Choices) {
						t.Fatalf("seed %d step %d: after the %s, %q (%d choices), want %q (%d)", seed, step, name, q.Question, len(q.Choices), p.Question, len(p.Choices))
					}
				}
				d, err := g.Determinize(seed + uint64(step))
				if err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				if q := d.Prompt(); q.Question != p.Question {
					t.Fatalf("seed %d step %d: determinized at %q, want %q", seed, step, q.Question, p.Question)
				}
				c := d.Prompt().Choices[0].ID
				if err := d.Do(d.Prompt().Faction, c); err != nil {
					t.Fatalf("seed %d step %d: the determinized game refuses %q: %v", seed, step, c, err)
				}
			}
			if err := g.Do(p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID); err != nil {
				t.Fatal(err)
			}
		}
		if singles == 0 {
			t.Errorf("seed %d: no single-choice question was posed", seed)
		}
	}
}
