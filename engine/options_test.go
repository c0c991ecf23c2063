package engine

import (
	"slices"
	"testing"
)

func TestOptionsRoundTrip(t *testing.T) {
	for _, in := range []string{"", "no-reveal", "sudden-discard,elig-a,elig-b", "teams=CPC+JPN", "teams=WLD+JPN/CPC+NAT", "elig-a,teams=NAT+CPC+WLD"} {
		o, err := ParseOptions(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		back, err := ParseOptions(o.String())
		if err != nil || !slices.EqualFunc(back.Teams, o.Teams, slices.Equal) || back.String() != o.String() {
			t.Errorf("%q: %q parses back to %q (%v)", in, o.String(), back.String(), err)
		}
	}
	g, err := New(Config{Scenario: "1937", Seed: 1, Options: Options{Teams: [][]Faction{{CPC, JPN}}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := g.State().Options.String(); got != "teams=JPN+CPC" {
		t.Errorf("New kept teams as %q, want the canonical teams=JPN+CPC", got)
	}
}

func TestOptionsRejected(t *testing.T) {
	for _, in := range []string{"no-reveal,elig-a", "no-reveal,sudden-discard", "elig-b", "teams=JPN", "teams=JPN+CPC/CPC+NAT", "teams=JPN+XYZ", "bogus"} {
		if _, err := ParseOptions(in); err == nil {
			t.Errorf("ParseOptions(%q) accepted a forbidden combination", in)
		}
	}
}
