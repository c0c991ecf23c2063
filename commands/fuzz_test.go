package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// FuzzControlID: any custom_id Discord hands back is either refused or
// read into a control that writes back to the same text, within Discord's
// length limit.
func FuzzControlID(f *testing.F) {
	for _, s := range []string{"c1:d:12:NAT:57:=space:Hebei", "c1:d:12:NAT:57:#31", "c1:s:12:NAT:57:2",
		"c1:p:12:NAT:57:3", "c1:u:12:NAT:57", "c1:a:12:-:0", "c1:x:12:-:0", "c1:d:1:JPN:0:=", "c2:d:1:JPN:0:#0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseControlID(s)
		if err != nil {
			return
		}
		back := c.String()
		if len(back) > MaxID {
			t.Fatalf("%q reads as a control writing %d characters", s, len(back))
		}
		again, err := ParseControlID(back)
		if err != nil || again != c {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, c, back, again, err)
		}
	})
}

// FuzzFindSpace: a typed name resolves to a real space or to a NameError,
// never panics, and never reaches one of the confusable Provinces but by
// its exact name.
func FuzzFindSpace(f *testing.F) {
	for _, s := range []string{"Sichuan", "szechwan", "sich", "heb", "Hebei", "hopei", "Peking", "Wuhan-Yichang",
		"tientsin-peking", "Sichuwan", "", "French Indochina", "xian", "Xi'an"} {
		f.Add(s)
	}
	m := engine.DefaultMap()
	f.Fuzz(func(t *testing.T, s string) {
		id, err := FindSpace(m, s)
		if err != nil {
			if _, ok := err.(*NameError); !ok {
				t.Fatalf("%q: %T %v, want a *NameError", s, err, err)
			}
			return
		}
		if int(id) < 0 || int(id) >= len(m.Spaces) {
			t.Fatalf("%q: space %d of %d", s, id, len(m.Spaces))
		}
		if name := m.Space(id).Name; confusable[name] != "" && fold(s) != fold(name) {
			t.Fatalf("%q resolved to %s, one of a confusable pair, without its exact name", s, name)
		}
	})
}

// FuzzScript: a script applies only legal choices on a copy of a game in
// progress, stops at the first it cannot read, never panics, and leaves a
// game whose invariants hold.
func FuzzScript(f *testing.F) {
	for _, s := range []string{"done", "done; event:unshaded", "op sweep; Hebei; from Manchukuo 4", "pass; pass",
		"shaanxi; 2; from Hebei 1; done", "zz zz", ";;;", "1; 1; 1; 1", "Hebei Hubei Hunan 3 4"} {
		f.Add(s)
	}
	start, err := engine.New(engine.Config{Scenario: "1937", Seed: 3})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, script string) {
		g := start.Clone()
		done, err := Run(context.Background(), Local{G: g}, g.Prompt().Faction, script)
		if len(done) > MaxScriptChoices {
			t.Fatalf("%d choices applied", len(done))
		}
		if err == nil && len(done) == 0 && strings.Trim(script, "; \n\t\r") != "" {
			// Only a script of separators may do nothing without an error.
			for _, step := range splitSteps(script) {
				if strings.TrimSpace(step) != "" {
					t.Fatalf("%q did nothing and said nothing", script)
				}
			}
		}
		if err := engine.CheckInvariants(g.Map(), g.Deck(), g.State()); err != nil {
			t.Fatalf("%q broke an invariant: %v", script, err)
		}
	})
}
