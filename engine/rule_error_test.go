package engine

import (
	"errors"
	"testing"
)

// A refused decision is a *RuleError, read with errors.As, that still
// matches its kind with errors.Is.
func TestRuleError(t *testing.T) {
	g, err := New(Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Prompt()
	other := Factions[(int(p.Faction)+1)%NumFactions]
	for _, c := range []struct {
		name string
		err  error
		kind error
	}{
		{"illegal choice", g.Do(p.Faction, "no such choice"), ErrIllegal},
		{"out of turn", g.Do(other, p.Choices[0].ID), ErrNotYourTurn},
		{"nothing to undo", g.Undo(p.Faction), ErrIllegal},
		{"transfer out of time", g.Transfer(Transfer{From: JPN, To: NAT, Amount: 1}), ErrIllegal},
	} {
		var re *RuleError
		if !errors.As(c.err, &re) || !errors.Is(c.err, c.kind) || re.Reason == "" {
			t.Errorf("%s: %v is not a RuleError of kind %v", c.name, c.err, c.kind)
		}
	}
}
