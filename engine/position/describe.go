package position

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// Describe writes a state as a description that Parse reads back to the
// same state (replaced cards are not written: the description names the
// embedded deck's cards). It describes everything, the hidden draw deck
// included, so it is for saving and testing, not for showing players.
func Describe(m *engine.Map, s *engine.State) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("scenario %s", s.Scenario)
	if o := s.Options.String(); o != "" {
		w("options %s", o)
	}
	w("seed %d", s.RNG)
	w("step %s %s", s.Step.Kind, s.Step.Faction)
	w("resources JPN %d NAT %d WLD %d CPC %d", s.Resources[engine.JPN], s.Resources[engine.NAT], s.Resources[engine.WLD], s.Resources[engine.CPC])
	w("commitment %d", s.Commitment)
	w("patronage %d", s.Patronage)
	w("aid %d", s.Aid)
	w("aid-reset %d", s.AidReset)
	if s.LargeOffensiveUsed {
		w("large-offensive used")
	}
	if len(s.Capabilities) > 0 {
		w("capability %s", strings.Join(s.Capabilities, " "))
	}
	if len(s.Momentum) > 0 {
		w("momentum %s", strings.Join(s.Momentum, " "))
	}
	if s.Floods != "" {
		w("floods %s", s.Floods)
	}
	var el, in []string
	for _, f := range engine.Factions {
		if s.Elig[f] == engine.Eligible {
			el = append(el, f.String())
		} else {
			in = append(in, f.String())
		}
	}
	if len(el) > 0 {
		w("eligible %s", strings.Join(el, " "))
	}
	if len(in) > 0 {
		w("ineligible %s", strings.Join(in, " "))
	}
	for _, a := range s.Acts {
		if a.LargeOffensive {
			w("acted %s %s large-offensive", a.Faction, a.Did)
		} else {
			w("acted %s %s", a.Faction, a.Did)
		}
	}
	for _, f := range engine.Factions {
		switch s.EventElig[f] {
		case engine.EventEligStays:
			w("event-eligibility %s stays", f)
		case engine.EventEligIneligible:
			w("event-eligibility %s ineligible", f)
		}
	}
	w("rounds %d", s.Rounds)
	w("events-since-round %d", s.EventsSinceRound)
	cards := func(key string, list []int) {
		if len(list) == 0 {
			return
		}
		ns := make([]string, len(list))
		for i, n := range list {
			ns[i] = strconv.Itoa(n)
		}
		w("%s %s", key, strings.Join(ns, " "))
	}
	if s.Current != 0 {
		w("current %d", s.Current)
	}
	if s.Held != 0 {
		w("held %d", s.Held)
	}
	cards("deck", s.Deck)
	cards("played", s.Played)
	cards("removed", s.Removed)
	cards("dice", s.Dice)
	w("")
	for i := range s.Spaces {
		sp := &s.Spaces[i]
		var items []string
		items = append(items, pieceList(&sp.Pieces)...)
		if sp.Support != engine.Neutral {
			items = append(items, engine.SupportName(sp.Support))
		}
		if sp.Terror {
			items = append(items, "Terror")
		}
		if sp.Sabotage {
			items = append(items, "Sabotage")
		}
		if len(items) > 0 {
			w("%s: %s", m.Spaces[i].Name, strings.Join(items, ", "))
		}
	}
	if l := pieceList(&s.Casualties); len(l) > 0 {
		w("casualties: %s", strings.Join(l, ", "))
	}
	if l := pieceList(&s.OutOfPlay); len(l) > 0 {
		w("out of play: %s", strings.Join(l, ", "))
	}
	return b.String()
}

func pieceList(p *engine.Pieces) []string {
	var out []string
	for k, n := range p {
		if n == 0 {
			continue
		}
		name := kindName(engine.Piece(k))
		if k := engine.Piece(k); k == engine.NATGuerrillaActive || k == engine.CPCGuerrillaActive {
			name = "Active " + strings.TrimSuffix(k.String(), " (Active)")
		}
		out = append(out, fmt.Sprintf("%d %s", n, name))
	}
	return out
}
