package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Options are the optional rules and player arrangement chosen at setup.
type Options struct {
	NoReveal      bool `json:"no_reveal,omitempty"`      // No Reveal Option
	SuddenDiscard bool `json:"sudden_discard,omitempty"` // Sudden Propaganda Discard
	EligA         bool `json:"elig_a,omitempty"`         // Eligibility Option A
	EligB         bool `json:"elig_b,omitempty"`         // Eligibility Option B
	// Teams lists players who hold several factions under the No Non-Player
	// Option (1.5), such as [[JPN CPC]]. Factions not listed play alone.
	Teams [][]Faction `json:"teams,omitempty"`
}

// canonical orders the teams (each team's factions in index order, teams by
// their first faction), so that equal arrangements print and save alike
// and ParseOptions(o.String()) gives o back.
func (o Options) canonical() Options {
	teams := make([][]Faction, len(o.Teams))
	for i, t := range o.Teams {
		teams[i] = slices.Clone(t)
		slices.Sort(teams[i])
	}
	slices.SortFunc(teams, func(a, b []Faction) int { return int(a[0]) - int(b[0]) })
	if len(teams) == 0 {
		teams = nil
	}
	o.Teams = teams
	return o
}

// Validate rejects combinations the optional rules forbid.
func (o Options) Validate() error {
	if o.NoReveal && (o.SuddenDiscard || o.EligA || o.EligB) {
		return errors.New("the No Reveal Option cannot be combined with Sudden Propaganda Discard or Eligibility Options A/B")
	}
	if o.EligB && !o.EligA {
		return errors.New("Eligibility Option B requires Eligibility Option A")
	}
	seen := [NumFactions]bool{}
	for _, t := range o.Teams {
		if len(t) < 2 {
			return errors.New("a team must hold at least two factions")
		}
		for _, f := range t {
			if f >= NumFactions {
				return fmt.Errorf("unknown faction %d in a team", f)
			}
			if seen[f] {
				return fmt.Errorf("%s is in two teams", f)
			}
			seen[f] = true
		}
	}
	return nil
}

// OptionNames lists the names ParseOptions accepts.
var OptionNames = []string{"no-reveal", "sudden-discard", "elig-a", "elig-b", "teams=JPN+CPC[/NAT+WLD]"}

// ParseOptions reads a comma-separated option list such as
// "elig-a,elig-b,teams=JPN+WLD/NAT+CPC".
func ParseOptions(s string) (Options, error) {
	var o Options
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(strings.ToLower(part))
		switch {
		case part == "":
		case part == "no-reveal":
			o.NoReveal = true
		case part == "sudden-discard":
			o.SuddenDiscard = true
		case part == "elig-a":
			o.EligA = true
		case part == "elig-b":
			o.EligB = true
		case strings.HasPrefix(part, "teams="):
			for _, team := range strings.Split(strings.TrimPrefix(part, "teams="), "/") {
				var t []Faction
				for _, name := range strings.Split(team, "+") {
					f, err := ParseFaction(name)
					if err != nil {
						return o, err
					}
					t = append(t, f)
				}
				o.Teams = append(o.Teams, t)
			}
		default:
			return o, fmt.Errorf("unknown option %q (known: %s)", part, strings.Join(OptionNames, ", "))
		}
	}
	if err := o.Validate(); err != nil {
		return o, err
	}
	return o.canonical(), nil
}

func (o Options) String() string {
	var parts []string
	if o.NoReveal {
		parts = append(parts, "no-reveal")
	}
	if o.SuddenDiscard {
		parts = append(parts, "sudden-discard")
	}
	if o.EligA {
		parts = append(parts, "elig-a")
	}
	if o.EligB {
		parts = append(parts, "elig-b")
	}
	if len(o.Teams) > 0 {
		var ts []string
		for _, t := range o.Teams {
			var names []string
			for _, f := range t {
				names = append(names, f.String())
			}
			ts = append(ts, strings.Join(names, "+"))
		}
		parts = append(parts, "teams="+strings.Join(ts, "/"))
	}
	return strings.Join(parts, ",")
}
