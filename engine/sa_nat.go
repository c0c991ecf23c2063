package engine

import (
	"fmt"
	"slices"
)

// Nationalist Special Activities (4.3): Govern, Transport and Partisan
// Action.

// ---- 4.3.1 Govern ------------------------------------------------------------

// governOptions lists what Govern could do in a Province now (4.3.1):
// remove a WLD or CPC Base (only WLD under United Front, deck.md §5); gain
// 1 Resource per NAT Base up to Pop; or, at Support, set Neutral for 3 x Pop
// Resources or Pop Patronage. Options that would change nothing (a gain of
// 0, or a track already at its cap) are left out, except that setting
// Neutral always changes something.
func governOptions(r *run, id SpaceID, out []string) []string {
	s, p, pop := r.s, &r.s.Spaces[id].Pieces, r.m.Spaces[id].Pop
	if p[WLDBase] > 0 {
		out = append(out, "govern:remove_wld")
	}
	if p[CPCBase] > 0 && !s.HasModifier("united_front") {
		out = append(out, "govern:remove_cpc")
	}
	if min(p.N(NATBase), pop) > 0 && s.Resources[NAT] < 60 {
		out = append(out, "govern:bases")
	}
	if s.Spaces[id].Support == Support {
		out = append(out, "govern:support_resources", "govern:support_patronage")
	}
	return out
}

// governSpace reports whether Govern may select a space: a Province with
// NAT Control (1.7) where it can do something.
func governSpace(r *run, id SpaceID) bool {
	var buf [5]string
	return r.m.Spaces[id].IsProvince() && r.s.ControlOf(r.m, id) == NATControl && len(governOptions(r, id, buf[:0])) > 0
}

func governCan(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return governSpace(r, id) })
}

// govern executes Govern in up to two NAT-Controlled Provinces (4.3.1).
func govern(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := saPick(r, o, 2, sayAsked(r, "Govern: select a Province with NAT Control"), func(id SpaceID) bool {
			return governSpace(r, id)
		})
		if err != nil || id < 0 {
			return err
		}
		p, pop := &s.Spaces[id].Pieces, r.m.Spaces[id].Pop
		ans, err := r.ask(NAT, sayAsked(r, "Govern in %s: which?", r.name(id)), func(c *choiceList) {
			var buf [5]string
			for _, opt := range governOptions(r, id, buf[:0]) {
				var label text
				switch opt {
				case "govern:remove_wld":
					label = say("remove a WLD Base to Available")
				case "govern:remove_cpc":
					label = say("remove a CPC Base to Available")
				case "govern:bases":
					label = say("+%d Resources (1 per NAT Base, up to Pop)", min(p.N(NATBase), pop))
				case "govern:support_resources":
					label = say("set Neutral and +%d Resources (3 x Pop)", 3*pop)
				case "govern:support_patronage":
					label = say("set Neutral and +%d Patronage (Pop)", pop)
				}
				c.addSaid(opt, label)
			}
		})
		if err != nil {
			return err
		}
		switch ans {
		case "govern:remove_wld", "govern:remove_cpc":
			k := WLDBase
			if ans == "govern:remove_cpc" {
				k = CPCBase
			}
			s.removeTo(id, k, 1, &s.Available)
			r.note(NAT, "Govern in %s: removed a %s Base to Available.", r.name(id), k.Faction())
		case "govern:bases":
			n := min(p.N(NATBase), pop)
			s.addResources(NAT, n)
			r.note(NAT, "Govern in %s: +%d Resources for NAT Bases (now %d).", r.name(id), n, s.Resources[NAT])
		case "govern:support_resources":
			s.Spaces[id].Support = Neutral
			s.addResources(NAT, 3*pop)
			r.note(NAT, "Govern in %s: set Neutral, +%d Resources (now %d).", r.name(id), 3*pop, s.Resources[NAT])
		case "govern:support_patronage":
			s.Spaces[id].Support = Neutral
			s.Patronage = min(30, s.Patronage+pop)
			r.note(NAT, "Govern in %s: set Neutral, +%d Patronage (now %d).", r.name(id), pop, s.Patronage)
		default:
			return fmt.Errorf("engine: unknown Govern choice %q", ans)
		}
	}
}

// ---- 4.3.2 Transport -----------------------------------------------------------

var natTransportRules = saTransportRules{
	troop: NATTroop,
	stops: func(st *SpaceState) bool { return st.Sabotage || st.Pieces.JPNCubes() > 0 },
	toll:  true,
}

func natTransportCan(r *run, o *opCtx) bool { return natTransportRules.can(r, o) }
func natTransport(r *run, o *opCtx) error   { return natTransportRules.run(r, o) }

// ---- 4.3.3 Partisan Action -------------------------------------------------------

// partisanPlace reports whether Partisan Action can place NAT Guerrillas
// (Available, or from the map by 1.4.1).
func partisanPlace(r *run) bool { return r.s.canObtain(NATGuerrilla) }

// partisanLoCs reports whether a Province's Underground NAT Guerrillas can
// go onto an adjacent LoC.
func partisanLoCs(r *run, id SpaceID) bool {
	if r.s.Spaces[id].Pieces[NATGuerrilla] == 0 {
		return false
	}
	for _, a := range r.m.Spaces[id].Adj {
		if r.m.Spaces[a].IsLoC() && mayHold(r.m, NAT, a) {
			return true
		}
	}
	return false
}

// partisanSpace reports whether Partisan Action may select a space: a
// Province (never Manchukuo, 3.1.3) without Opposition or Terror where it
// can do something.
func partisanSpace(r *run, id SpaceID) bool {
	st := &r.s.Spaces[id]
	return r.m.Spaces[id].IsProvince() && st.Support != Opposition && !st.Terror && (partisanPlace(r) || partisanLoCs(r, id))
}

func partisanCan(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return partisanSpace(r, id) })
}

// partisan executes Partisan Action in up to two Provinces (4.3.3).
func partisan(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := saPick(r, o, 2, sayAsked(r, "Partisan Action: select a Province without Opposition or Terror"), func(id SpaceID) bool {
			return partisanSpace(r, id)
		})
		if err != nil || id < 0 {
			return err
		}
		ans, err := r.ask(NAT, sayAsked(r, "Partisan Action in %s: which?", r.name(id)), func(c *choiceList) {
			if partisanPlace(r) {
				c.add("partisan:place", "place up to 3 NAT Guerrillas")
			}
			if partisanLoCs(r, id) {
				c.addSay("partisan:sabotage", "Activate Underground NAT Guerrillas (%d) onto adjacent LoCs and Sabotage them", s.Spaces[id].Pieces[NATGuerrilla])
			}
		})
		if err != nil {
			return err
		}
		switch ans {
		case "partisan:place":
			n, err := r.askCount(NAT, sayAsked(r, "Partisan Action in %s: place how many NAT Guerrillas?", r.name(id)), 1, 3)
			if err != nil {
				return err
			}
			if n, err = o.placeOwn(r, id, NATGuerrilla, n); err != nil {
				return err
			}
			r.note(NAT, "Partisan Action in %s: placed %d NAT Guerrillas.", r.name(id), n)
		case "partisan:sabotage":
			if err := partisanSabotage(r, id); err != nil {
				return err
			}
		default:
			return fmt.Errorf("engine: unknown Partisan Action choice %q", ans)
		}
	}
}

// partisanSabotage Activates Underground NAT Guerrillas of a Province and
// places them on adjacent LoCs, one LoC and number at a time, then puts
// Sabotage on each LoC that received one (if none there).
func partisanSabotage(r *run, id SpaceID) error {
	s := r.s
	var got []SpaceID
	for s.Spaces[id].Pieces[NATGuerrilla] > 0 {
		ans, err := r.ask(NAT, sayAsked(r, "Partisan Action in %s: %d Underground NAT Guerrillas left. Activate some onto which LoC?", r.name(id), s.Spaces[id].Pieces[NATGuerrilla]), func(c *choiceList) {
			for _, a := range r.m.Spaces[id].Adj {
				if r.m.Spaces[a].IsLoC() && mayHold(r.m, NAT, a) {
					sabotage := ""
					if !s.Spaces[a].Sabotage {
						sabotage = " (place Sabotage)"
					}
					c.addSay(r.m.choice(a), "%s%s", r.name(a), sabotage)
				}
			}
			if len(got) > 0 {
				c.add("done", "no more")
			}
		})
		if err != nil {
			return err
		}
		if ans == "done" {
			break
		}
		loc, err := saSpaceOf(r, ans)
		if err != nil {
			return err
		}
		n, err := r.askCount(NAT, sayAsked(r, "Partisan Action: how many Guerrillas from %s onto %s?", r.name(id), r.name(loc)), 1, s.Spaces[id].Pieces.N(NATGuerrilla))
		if err != nil {
			return err
		}
		s.activate(id, NAT, n)
		s.relocate(id, loc, NATGuerrillaActive, n)
		r.note(NAT, "Partisan Action: Activated %d NAT Guerrillas in %s and placed them on %s.", n, r.name(id), r.name(loc))
		if !slices.Contains(got, loc) {
			got = append(got, loc)
		}
	}
	for _, loc := range got {
		if !s.Spaces[loc].Sabotage {
			s.Spaces[loc].Sabotage = true
			r.note(NAT, "Partisan Action: Sabotage placed on %s.", r.name(loc))
		}
	}
	return nil
}
