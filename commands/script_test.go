package commands

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestRunScript(t *testing.T) {
	c, _ := newConsole(t)
	done, err := Run(c.Table, engine.NAT, "shaanxi; 2; from Hebei 1; done")
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
	done, err := Run(c.Table, engine.NAT, "shaanxi; 9; done")
	if err == nil || !strings.Contains(err.Error(), `step "9"`) || !strings.Contains(err.Error(), "no choice 9") {
		t.Fatalf("error %v, want it to name step 9", err)
	}
	if len(done) != 1 || done[0].Choice.ID != "space:Shaanxi" {
		t.Errorf("applied %v, want only Shaanxi kept", done)
	}
	if _, err := Run(c.Table, engine.WLD, "done"); err == nil || !strings.Contains(err.Error(), "NAT's decision") {
		t.Errorf("out-of-turn script: %v", err)
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
