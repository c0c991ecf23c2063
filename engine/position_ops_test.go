package engine_test

import (
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/position"
)

// Each Operation through the real prompts, from positions written with the
// position kit: the faction chooses the Operation as 1st Eligible, answers
// its questions, and declines the rest.

// finish answers faction f's remaining questions in its action with
// "done" (no more spaces, no Special Activity) or a count of 0.
func finish(t *testing.T, g *engine.Game, f engine.Faction) {
	t.Helper()
	for n := 0; ; n++ {
		p := g.Prompt()
		if p == nil || p.Faction != f || p.Step != "eligible" || strings.Contains(p.Question, "choose an action") {
			return
		}
		switch {
		case p.Has("done"):
			position.Do(t, g, f.String()+" done")
		case p.Has("count:0"):
			position.Do(t, g, f.String()+" count:0")
		default:
			t.Fatalf("no way to decline %q: %v", p.Question, p.Choices)
		}
		if n > 50 {
			t.Fatal("finish: no end in sight")
		}
	}
}

func pieces(g *engine.Game, space string) engine.Pieces {
	return g.State().Spaces[g.Map().MustID(space)].Pieces
}

func TestKitRecruit(t *testing.T) {
	g := position.Must(t, `
current 14  # NAT first
resources NAT 10
deck 2 3 4
Hunan: 1 NAT Troop, NAT Base
`)
	position.Do(t, g, "NAT op:recruit", "NAT space:Hunan", "NAT count:3")
	finish(t, g, engine.NAT)
	if got := pieces(g, "Hunan")[engine.NATTroop]; got != 4 {
		t.Errorf("NAT Troops in Hunan %d, want 4", got)
	}
	if got := g.State().Resources[engine.NAT]; got != 8 {
		t.Errorf("NAT Resources %d, want 8 (2 per Province)", got)
	}
}

func TestKitPatrol(t *testing.T) {
	g := position.Must(t, `
current 1  # JPN first
resources JPN 10
deck 2 3 4
Hebei: 2 JPN Troops, 1 JPN Police
`)
	position.Do(t, g, "JPN op:patrol", "JPN space:Beijing-Tianjin", "JPN done", "JPN space:Hebei", "JPN piece:jpn_troops", "JPN count:2", "JPN space:Hebei")
	finish(t, g, engine.JPN)
	if got := pieces(g, "Beijing-Tianjin"); got.Of(engine.JPN) != 3 {
		t.Errorf("Beijing-Tianjin %v: want the 3 JPN cubes moved in", got)
	}
	if got := g.State().Resources[engine.JPN]; got != 7 {
		t.Errorf("JPN Resources %d, want 7 (Patrol costs 3 in all)", got)
	}
}

func TestKitSweep(t *testing.T) {
	g := position.Must(t, `
current 1
resources JPN 10
deck 2 3 4
Hebei: 2 JPN Troops, 1 JPN Police, 3 CPC Guerrillas
`)
	position.Do(t, g, "JPN op:sweep", "JPN space:Hebei", "JPN done")
	finish(t, g, engine.JPN)
	// 3 JPN cubes on the Plains Activate a Guerrilla each (3.2.4).
	if got := pieces(g, "Hebei"); got[engine.CPCGuerrillaActive] != 3 || got[engine.CPCGuerrilla] != 0 {
		t.Errorf("Hebei %v, want the 3 CPC Guerrillas Active", got)
	}
}

func TestKitAssault(t *testing.T) {
	g := position.Must(t, `
current 1
resources JPN 10
deck 2 3 4
Hebei: 3 JPN Troops, 2 Active CPC Guerrillas, 1 CPC Guerrilla
`)
	position.Do(t, g, "JPN op:assault", "JPN space:Hebei")
	finish(t, g, engine.JPN)
	// Active Guerrillas only: the Underground one stays (3.2.5).
	if got := pieces(g, "Hebei"); got[engine.CPCGuerrillaActive] != 0 || got[engine.CPCGuerrilla] != 1 {
		t.Errorf("Hebei %v, want the Active Guerrillas removed and the Underground one left", got)
	}
	if got := g.State().Resources[engine.JPN]; got != 7 {
		t.Errorf("JPN Resources %d, want 7", got)
	}
}

func TestKitRally(t *testing.T) {
	g := position.Must(t, `
current 37  # CPC first
resources CPC 10
deck 2 3 4
Shaanxi: 2 CPC Guerrillas, CPC Base
`)
	position.Do(t, g, "CPC op:rally", "CPC space:Shaanxi", "CPC rally:many", "CPC count:2")
	finish(t, g, engine.CPC)
	if got := pieces(g, "Shaanxi")[engine.CPCGuerrilla]; got != 4 {
		t.Errorf("CPC Guerrillas in Shaanxi %d, want 4 (Bases 1 + Pop 1 placed)", got)
	}
	if got := g.State().Resources[engine.CPC]; got != 9 {
		t.Errorf("CPC Resources %d, want 9", got)
	}
}

func TestKitMarch(t *testing.T) {
	g := position.Must(t, `
current 37
resources CPC 10
deck 2 3 4
Shanxi: 2 CPC Guerrillas
`)
	position.Do(t, g, "CPC op:march", "CPC space:Shanxi", "CPC count:2", "CPC space:Shaanxi")
	finish(t, g, engine.CPC)
	from, to := pieces(g, "Shanxi"), pieces(g, "Shaanxi")
	if a, b := from.Of(engine.CPC), to.Of(engine.CPC); a != 0 || b != 2 {
		t.Errorf("CPC pieces: Shanxi %d, Shaanxi %d; want 0, 2", a, b)
	}
	if got := g.State().Resources[engine.CPC]; got != 9 {
		t.Errorf("CPC Resources %d, want 9 (1 per destination Province)", got)
	}
}

// TestKitAttack queues the die roll: a 1 succeeds with 2 Guerrillas (3.3.3).
func TestKitAttack(t *testing.T) {
	g := position.Must(t, `
current 37
resources CPC 10
deck 2 3 4
dice 1
Hebei: 2 JPN Troops, 1 JPN Police, 2 CPC Guerrillas
`)
	position.Do(t, g, "CPC op:attack", "CPC space:Hebei", "CPC attack:roll")
	p := g.Prompt()
	if p == nil || !strings.Contains(p.Question, "rolled 1") {
		t.Fatalf("prompt %+v, want the queued roll of 1", p)
	}
	position.Do(t, g, "CPC remove:1T1P")
	finish(t, g, engine.CPC)
	st := g.State()
	if got := pieces(g, "Hebei"); got[engine.JPNTroop] != 1 || got[engine.JPNPolice] != 0 {
		t.Errorf("Hebei %v, want 1 Troop and 1 Police removed", got)
	}
	if st.Casualties[engine.JPNTroop] != 1 || st.Casualties[engine.JPNPolice] != 1 || len(st.Dice) != 0 {
		t.Errorf("Casualties %v, dice left %v", st.Casualties, st.Dice)
	}
}

func TestKitAgitate(t *testing.T) {
	g := position.Must(t, `
current 37
resources CPC 10
deck 2 3 4
Shaanxi: 2 CPC Guerrillas
`)
	position.Do(t, g, "CPC op:agitate", "CPC space:Shaanxi", "CPC count:1")
	finish(t, g, engine.CPC)
	st := g.State()
	if sp := st.Spaces[g.Map().MustID("Shaanxi")]; sp.Support != engine.Opposition || sp.Pieces[engine.CPCGuerrillaActive] != 1 {
		t.Errorf("Shaanxi %+v, want Opposition and 1 Guerrilla Active", sp)
	}
}
