package commands

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestRunScript(t *testing.T) {
	c, _ := newConsole(t)
	done, err := Run(context.Background(), c.Table, engine.NAT, "shaanxi; 2; from Hebei 1; done")
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 5 {
		t.Errorf("applied %d choices %v, want 5", len(done), done)
	}
	g := c.Table.Game()
	if got := g.State().Space(g.Map().MustID("Zhengzhou-Xi'an")).Pieces[engine.NATTroop]; got != 2 {
		t.Errorf("Zhengzhou-Xi'an has %d NAT Troops, want 2", got)
	}
	if p := g.Prompt(); p.Faction != engine.WLD {
		t.Errorf("after NAT's done the prompt is %s's, want WLD's", p.Faction)
	}
}

func TestRunScriptStopsAtIllegalStep(t *testing.T) {
	c, _ := newConsole(t)
	done, err := Run(context.Background(), c.Table, engine.NAT, "shaanxi; 9; done")
	if err == nil || !strings.Contains(err.Error(), `step "9"`) || !strings.Contains(err.Error(), "no choice 9") {
		t.Fatalf("error %v, want it to name step 9", err)
	}
	if len(done) != 1 || done[0].Choice.ID != "space:Shaanxi" {
		t.Errorf("applied %v, want only Shaanxi kept", done)
	}
	if _, err := Run(context.Background(), c.Table, engine.WLD, "done"); err == nil || !strings.Contains(err.Error(), "NAT's decision") {
		t.Errorf("out-of-turn script: %v", err)
	}
}

// TestRunScriptFillerOnly: a step of filler words alone ("from") asks for
// nothing, so it is refused with a reason rather than passing silently.
func TestRunScriptFillerOnly(t *testing.T) {
	c, _ := newConsole(t)
	for _, script := range []string{"from", "from to; done", "in and with"} {
		done, err := Run(context.Background(), c.Table, engine.NAT, script)
		if err == nil || len(done) != 0 {
			t.Errorf("%q: applied %v, error %v; want a refusal and nothing applied", script, done, err)
		}
	}
}

// TestBareOperationName: a bare Operation name means the ordinary
// Operation even when a Large Offensive of the same name is offered.
func TestBareOperationName(t *testing.T) {
	p := &engine.Prompt{Faction: engine.JPN, Choices: []engine.Choice{
		{ID: "pass", Label: "Pass"},
		{ID: "op:sweep", Label: "Operation: Sweep"},
		{ID: "lo:sweep", Label: "Large Offensive (free, Commitment -1): Sweep"},
	}}
	for in, want := range map[string]string{"sweep": "op:sweep", "op sweep": "op:sweep", "lo sweep": "lo:sweep", "lo:sweep": "lo:sweep"} {
		c, err := ResolveTyped(p, engine.DefaultMap(), in)
		if err != nil || c.ID != want {
			t.Errorf("%q resolved to %q (%v), want %q", in, c.ID, err, want)
		}
	}
}

// countingTable counts how often a script looks at the game, which is the
// work of resolving its words; its decisions change nothing.
type countingTable struct {
	g     *engine.Game
	looks int
	did   int
}

func (c *countingTable) Game() *engine.Game              { c.looks++; return c.g }
func (c *countingTable) Do(engine.Faction, string) error { c.did++; return nil }
func (c *countingTable) Undo(engine.Faction) error       { return nil }

// TestScriptCost: no script costs more than its length warrants. A script
// over the limit is refused whole; a step of junk is given up after a
// bounded number of readings, however long; a script stops at the choice
// limit and when its context ends.
func TestScriptCost(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := g.Prompt().Faction
	ctx := context.Background()

	tb := &countingTable{g: g}
	if done, err := Run(ctx, tb, f, strings.Repeat("zz ", 10000)); !errors.Is(err, ErrScriptTooLong) || len(done) > 0 || tb.did > 0 || tb.looks > 0 {
		t.Errorf("an over-long script: %v, %d applied, %d looks", err, tb.did, tb.looks)
	}

	for _, junk := range []string{strings.Repeat("zz ", 660), strings.Repeat("- ", 990), strings.Repeat("x", MaxScript)} {
		tb = &countingTable{g: g}
		if _, err := Run(ctx, tb, f, junk); err == nil {
			t.Errorf("a junk script was accepted")
		}
		if tb.looks > 3*maxRunWords || tb.did > 0 {
			t.Errorf("a junk step of %d characters took %d readings (bound %d), %d applied", len(junk), tb.looks, 3*maxRunWords, tb.did)
		}
	}

	tb = &countingTable{g: g}
	done, err := Run(ctx, tb, f, strings.Repeat("done; ", MaxScriptChoices+5))
	if err == nil || len(done) != MaxScriptChoices || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a script past the choice limit: %d applied, %v", len(done), err)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	tb = &countingTable{g: g}
	if done, err := Run(cancelled, tb, f, "done"); !errors.Is(err, context.Canceled) || len(done) > 0 || tb.did > 0 {
		t.Errorf("a cancelled script: %v, %d applied", err, tb.did)
	}
}

func BenchmarkScriptJunk(b *testing.B) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	junk := strings.Repeat("zz ", MaxScript/3)
	for b.Loop() {
		Run(context.Background(), &countingTable{g: g}, g.Prompt().Faction, junk)
	}
}
