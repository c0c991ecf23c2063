package db

import (
	"context"
	"fmt"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// FuzzImport: an import document is either refused, leaving the database
// as it was, or stored as a game that loads and plays on.
func FuzzImport(f *testing.F) {
	s, _ := openTemp(f)
	ctx := context.Background()
	id, err := s.Create(ctx, "seed", engine.Config{Scenario: "1938", Seed: 5}, nil)
	if err != nil {
		f.Fatal(err)
	}
	for seq := int64(0); seq < 6; seq++ {
		g, err := s.Load(ctx, id)
		if err != nil {
			f.Fatal(err)
		}
		p := g.Engine.Prompt()
		if _, err := s.Apply(ctx, id, Decision{ExpectSeq: seq, Faction: p.Faction, Choice: p.Choices[0].ID}); err != nil {
			f.Fatal(err)
		}
	}
	doc, err := s.Export(ctx, id)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(doc)
	f.Add([]byte(`{"format":"chinaswar-export/1"}`))
	f.Add([]byte(`[]`))
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		n++
		place := fmt.Sprintf("fuzz-%d", n)
		before := count(t, s.r, `SELECT count(*) FROM games`)
		got, err := s.Import(ctx, place, data)
		if err != nil {
			if after := count(t, s.r, `SELECT count(*) FROM games`); after != before {
				t.Fatalf("a refused import left %d games, was %d: %v", after, before, err)
			}
			return
		}
		g, err := s.Load(ctx, got)
		if err != nil {
			t.Fatalf("an imported game does not load: %v", err)
		}
		if g.Status == Active {
			if err := s.SetStatus(ctx, got, Abandoned); err != nil { // frees the place
				t.Fatal(err)
			}
		}
	})
}
