package commands

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

func openTables(t *testing.T) (*Tables, *db.Store, int64) {
	t.Helper()
	st, err := db.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	id, err := st.Create(context.Background(), "chan", engine.Config{Scenario: "1937", Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewTables(st), st, id
}

// Every kind of move goes through the engine once, and its Change is the
// game before and after; a repeated key changes nothing.
func TestTablesApplyOnce(t *testing.T) {
	ctx := context.Background()
	tb, st, id := openTables(t)
	g, err := tb.View(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	mirror := g.Engine.Clone()
	seq := g.Seq
	runs := st.Applications()
	step := func(what string, ch Change, err error, mirrored error) {
		t.Helper()
		if err != nil || mirrored != nil {
			t.Fatalf("%s: %v / %v", what, err, mirrored)
		}
		if ch.Seq != seq+1 || ch.Before == nil || ch.After == nil {
			t.Fatalf("%s: change %+v after decision %d", what, ch, seq)
		}
		a, _ := ch.After.MarshalJSON()
		b, _ := mirror.MarshalJSON()
		if string(a) != string(b) {
			t.Fatalf("%s: the change's game is not the game played", what)
		}
		seq = ch.Seq
		if got := st.Applications() - runs; got != seq {
			t.Fatalf("%s: the engine ran %d times for %d decisions", what, got, seq)
		}
	}
	p := mirror.Prompt()
	c := p.Choices[0].ID
	ch, err := tb.Decide(ctx, Move{Game: id, Seq: seq, Player: "a", Key: "k1"}, p.Faction, c)
	step("decide", ch, err, mirror.Do(p.Faction, c))
	if len(ch.Applied) != 1 || ch.Applied[0].Choice.ID != c {
		t.Errorf("applied: %+v", ch.Applied)
	}
	if _, err := tb.Decide(ctx, Move{Game: id, Seq: seq - 1, Player: "a", Key: "k1"}, p.Faction, c); !errors.Is(err, ErrAlreadyApplied) {
		t.Fatalf("a repeated key: %v", err)
	}
	if _, err := tb.Decide(ctx, Move{Game: id, Seq: seq - 1, Player: "a", Key: "k2"}, p.Faction, c); !errors.Is(err, db.ErrStale) {
		t.Fatalf("an old decision count: %v", err)
	}
	var re *engine.RuleError
	if _, err := tb.Decide(ctx, Move{Game: id, Seq: seq, Key: "k3"}, mirror.Prompt().Faction, "no such choice"); !errors.As(err, &re) || !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("an illegal choice: %v", err)
	}
	runs++ // the refused choice ran through the engine too
	script := mirror.Prompt().Choices[0].ID
	f := mirror.Prompt().Faction
	ch, err = tb.Script(ctx, Move{Game: id, Seq: seq, Key: "k4"}, ch.After, f, script)
	step("script", ch, err, mirror.Do(f, script))
	if mirror.CanUndo(mirror.Prompt().Faction) {
		f := mirror.Prompt().Faction
		ch, err = tb.Undo(ctx, Move{Game: id, Seq: seq, Key: "k5"}, f)
		step("undo", ch, err, mirror.Undo(f))
		if !ch.Undo {
			t.Error("an undo's change does not say so")
		}
	}
	ab, err := tb.Abandon(ctx, id)
	if err != nil || !ab.Abandoned {
		t.Fatalf("abandon: %+v %v", ab, err)
	}
	if _, err := tb.Decide(ctx, Move{Game: id, Seq: seq, Key: "k6"}, mirror.Prompt().Faction, mirror.Prompt().Choices[0].ID); !errors.Is(err, db.ErrNotActive) {
		t.Fatalf("a decision in an abandoned game: %v", err)
	}
}

// Pass answers only the decision it was meant for.
func TestTablesPass(t *testing.T) {
	ctx := context.Background()
	tb, _, id := openTables(t)
	g, _ := tb.View(ctx, id)
	p := g.Engine.Prompt()
	for n := 0; !IsActionChoice(p) || !p.Has("pass"); n++ {
		if n > 200 {
			t.Fatal("no action with Pass in 200 decisions")
		}
		if _, err := tb.Decide(ctx, Move{Game: id, Seq: g.Seq}, p.Faction, p.Choices[0].ID); err != nil {
			t.Fatal(err)
		}
		g, _ = tb.View(ctx, id)
		p = g.Engine.Prompt()
	}
	if _, err := tb.Pass(ctx, id, p.Faction, g.Seq+1); err == nil {
		t.Fatal("a Pass for a later decision was applied")
	}
	ch, err := tb.Pass(ctx, id, p.Faction, g.Seq)
	if err != nil || ch.Seq != g.Seq+1 || ch.Applied[0].Choice.ID != "pass" {
		t.Fatalf("pass: %+v %v", ch, err)
	}
	if _, err := tb.Pass(ctx, id, p.Faction, g.Seq); err == nil {
		t.Fatal("a second deadline Pass was applied")
	}
}

// A game starts only with every faction played and every team held by one
// member (1.5).
func TestTablesStart(t *testing.T) {
	ctx := context.Background()
	tb, _, _ := openTables(t)
	cfg := engine.Config{Scenario: "1937", Seed: 1, Options: engine.Options{Teams: [][]engine.Faction{{engine.JPN, engine.WLD}}}}
	host := Actor{Member: "ann"}
	id, err := tb.Enter(ctx, host, "lobby", "", cfg, 0)
	if err != nil {
		t.Fatal(err)
	}
	start := func() error {
		g, err := tb.View(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return tb.StartAs(ctx, host, g)
	}
	var bad *SeatsError
	if err := start(); !errors.As(err, &bad) || len(bad.Free) != engine.NumFactions {
		t.Fatalf("start with no player: %v", err)
	}
	for _, f := range engine.Factions {
		g, err := tb.View(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.JoinAs(ctx, Actor{Member: "p" + f.String()}, g, f, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := start(); !errors.As(err, &bad) || bad.Split != engine.WLD {
		t.Fatalf("start with a split team: %v", err)
	}
	g, err := tb.View(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.ReplaceAs(ctx, host, g, engine.WLD, db.Seat{Player: "pJPN"}); err != nil {
		t.Fatal(err)
	}
	if err := start(); err != nil {
		t.Fatalf("start: %v", err)
	}
	if err := start(); !errors.Is(err, db.ErrStarted) {
		t.Fatalf("a second start: %v", err)
	}
}
