package engine

func init() { steps["redeploy"] = stepRedeploy }

// redeployOrder is the order factions redeploy in (6.4).
var redeployOrder = []Faction{NAT, CPC, JPN, WLD}

// stepRedeploy runs one faction's part of the Redeploy Phase (6.4).
func stepRedeploy(r *run) error {
	f := r.s.Step.Faction
	var err error
	switch f {
	case NAT:
		err = redeployNAT(r)
	case CPC:
		err = redeployChinese(r, CPC, func(id SpaceID) bool {
			return r.s.Spaces[id].Support == Opposition || r.s.Spaces[id].Pieces[CPCBase] > 0
		})
	case JPN:
		err = redeployJPN(r)
	case WLD:
		err = redeployChinese(r, WLD, func(id SpaceID) bool { return r.s.Spaces[id].Pieces[WLDBase] > 0 })
	}
	if err != nil {
		return err
	}
	for i, o := range redeployOrder {
		if o == f && i+1 < len(redeployOrder) {
			r.s.Step = Step{Kind: "redeploy", Faction: redeployOrder[i+1]}
			return nil
		}
	}
	afterRedeploy(r)
	return nil
}

// mobile is the force a Chinese faction redeploys: Troops, or for CPC its
// Guerrillas in either state.
func mobile(f Faction) []Piece {
	switch f {
	case NAT:
		return []Piece{NATTroop}
	case WLD:
		return []Piece{WLDTroop}
	}
	return []Piece{CPCGuerrillaActive, CPCGuerrilla}
}

func count(p *Pieces, ks []Piece) int {
	n := 0
	for _, k := range ks {
		n += p.N(k)
	}
	return n
}

// move moves n pieces of the kinds ks (taken in that order) between spaces.
// Moving never changes a Guerrilla's state (1.4.3 play note).
func move(s *State, ks []Piece, from, to SpaceID, n int) {
	for _, k := range ks {
		m := min(n, s.Spaces[from].Pieces.N(k))
		s.Spaces[from].Pieces[k] -= int16(m)
		s.Spaces[to].Pieces[k] += int16(m)
		n -= m
	}
}

// provinces lists the Provinces satisfying ok, in ID order.
func provinces(m *Map, ok func(SpaceID) bool) []SpaceID {
	var out []SpaceID
	for i := range m.Spaces {
		if m.Spaces[i].IsProvince() && ok(SpaceID(i)) {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

// redeployChinese is the common Redeploy of NAT Troops, CPC Guerrillas and
// WLD Troops (6.4): every such piece in a Province that is not a home must
// move to a home, and pieces on LoCs may. With no home on the map, they all
// go to the Province where the faction has the most of them (owner's choice
// if tied).
// redeployedPieces names the pieces redeployChinese moves, by faction.
var redeployedPieces = [NumFactions]string{JPN: "JPN Troops", NAT: "NAT Troops", WLD: "WLD Troops", CPC: "CPC Guerrillas"}

func redeployChinese(r *run, f Faction, home func(SpaceID) bool) error {
	s, ks := r.s, mobile(f)
	what := redeployedPieces[f]
	homes := provinces(r.m, home)
	if len(homes) == 0 {
		most := 0
		for _, id := range provinces(r.m, func(SpaceID) bool { return true }) {
			most = max(most, count(&s.Spaces[id].Pieces, ks))
		}
		if most == 0 {
			return nil
		}
		tied := provinces(r.m, func(id SpaceID) bool { return count(&s.Spaces[id].Pieces, ks) == most })
		target, err := r.askSpace(f, sayAsked(r, "Redeploy: no home Province on the map, so all %s gather in the Province with the most. Which?", what), "", func(add func(SpaceID)) {
			for _, id := range tied {
				add(id)
			}
		})
		if err != nil {
			return err
		}
		homes = []SpaceID{target}
		home = func(id SpaceID) bool { return id == target }
	}
	for _, src := range provinces(r.m, func(id SpaceID) bool { return !home(id) && count(&s.Spaces[id].Pieces, ks) > 0 }) {
		for count(&s.Spaces[src].Pieces, ks) > 0 {
			have := count(&s.Spaces[src].Pieces, ks)
			dest, n := homes[0], have
			if len(homes) > 1 {
				var err error
				dest, err = r.askSpace(f, sayAsked(r, "Redeploy: %s in %s must move (%d left). To which Province?", what, r.name(src), have), "", func(add func(SpaceID)) {
					for _, h := range homes {
						add(h)
					}
				})
				if err != nil {
					return err
				}
				if n, err = r.askCount(f, sayAsked(r, "Redeploy: how many %s from %s to %s?", what, r.name(src), r.name(dest)), 1, have); err != nil {
					return err
				}
			}
			move(s, ks, src, dest, n)
			r.note(f, "Redeploy: %s moved %d %s from %s to %s.", f, n, what, r.name(src), r.name(dest))
		}
	}
	return mayLeaveLoCs(r, f, ks, what, homes)
}

// mayLeaveLoCs offers the optional moves from LoCs to home Provinces (6.4).
func mayLeaveLoCs(r *run, f Faction, ks []Piece, what string, homes []SpaceID) error {
	s := r.s
	for {
		src, err := r.askSpace(f, sayAsked(r, "Redeploy: %s may leave LoCs for a home Province. From which LoC?", what), "done", func(add func(SpaceID)) {
			for i := range s.Spaces {
				if r.m.Spaces[i].IsLoC() && count(&s.Spaces[i].Pieces, ks) > 0 {
					add(SpaceID(i))
				}
			}
		})
		if err != nil || src < 0 {
			return err
		}
		dest, err := r.askSpace(f, sayAsked(r, "Redeploy: move %s from %s to which Province?", what, r.name(src)), "", func(add func(SpaceID)) {
			for _, h := range homes {
				add(h)
			}
		})
		if err != nil {
			return err
		}
		n, err := r.askCount(f, sayAsked(r, "Redeploy: how many %s from %s to %s?", what, r.name(src), r.name(dest)), 1, count(&s.Spaces[src].Pieces, ks))
		if err != nil {
			return err
		}
		move(s, ks, src, dest, n)
		r.note(f, "Redeploy: %s moved %d %s from %s to %s.", f, n, what, r.name(src), r.name(dest))
	}
}

// redeployNAT is NAT's Redeploy (6.4): Troops as for every Chinese faction,
// then NAT Guerrillas off the LoCs, then Troops back from Out of Play.
func redeployNAT(r *run) error {
	s := r.s
	if err := redeployChinese(r, NAT, func(id SpaceID) bool { return s.Spaces[id].Pieces[NATBase] > 0 }); err != nil {
		return err
	}
	gs := []Piece{NATGuerrillaActive, NATGuerrilla}
	for i := range s.Spaces {
		src := SpaceID(i)
		if !r.m.Spaces[i].IsLoC() || count(&s.Spaces[i].Pieces, gs) == 0 {
			continue
		}
		var dests []SpaceID
		for _, a := range r.m.Spaces[i].Adj {
			if r.m.Spaces[a].IsProvince() && s.Spaces[a].Support != Opposition {
				dests = append(dests, a)
			}
		}
		if len(dests) == 0 {
			n := count(&s.Spaces[i].Pieces, gs)
			s.Spaces[i].Pieces[NATGuerrillaActive], s.Spaces[i].Pieces[NATGuerrilla] = 0, 0
			s.Available[NATGuerrilla] += int16(n)
			r.note(NAT, "Redeploy: %d NAT Guerrillas on %s had no Province without Opposition next to them and went to Available.", n, r.name(src))
			continue
		}
		for count(&s.Spaces[i].Pieces, gs) > 0 {
			have := count(&s.Spaces[i].Pieces, gs)
			dest, n := dests[0], have
			if len(dests) > 1 {
				var err error
				dest, err = r.askSpace(NAT, sayAsked(r, "Redeploy: NAT Guerrillas on %s must move to an adjacent Province without Opposition (%d left). Where?", r.name(src), have), "", func(add func(SpaceID)) {
					for _, d := range dests {
						add(d)
					}
				})
				if err != nil {
					return err
				}
				if n, err = r.askCount(NAT, sayAsked(r, "Redeploy: how many NAT Guerrillas from %s to %s?", r.name(src), r.name(dest)), 1, have); err != nil {
					return err
				}
			}
			move(s, gs, src, dest, n)
			r.note(NAT, "Redeploy: NAT moved %d Guerrillas from %s to %s.", n, r.name(src), r.name(dest))
		}
	}
	hi := min(s.OutOfPlay.N(NATTroop), 2*s.Patronage)
	n, err := r.askCount(NAT, sayAsked(r, "Redeploy: return how many NAT Troops from Out of Play (%d) to Available, at 1 Patronage (%d) per 2 Troops?", s.OutOfPlay[NATTroop], s.Patronage), 0, hi)
	if err != nil {
		return err
	}
	if n > 0 {
		s.OutOfPlay[NATTroop] -= int16(n)
		s.Available[NATTroop] += int16(n)
		s.Patronage -= (n + 1) / 2
		r.note(NAT, "Redeploy: NAT returned %d Troops from Out of Play for %d Patronage.", n, (n+1)/2)
	}
	return nil
}

// redeployJPN is JPN's Redeploy (6.4): up to six Troops and any Police, from
// any map spaces, to Provinces that began the phase with JPN cubes and/or
// Manchukuo. A piece moves at most once.
func redeployJPN(r *run) error {
	s := r.s
	var dests []SpaceID
	for i := range s.Spaces {
		sp := &r.m.Spaces[i]
		if (sp.IsProvince() && s.Spaces[i].Pieces.JPNCubes() > 0) || sp.JPNOnly {
			dests = append(dests, SpaceID(i))
		}
	}
	troops := 6
	// arrived records pieces moved in during this phase, which may not move
	// again; a short list, since a replay runs this for every decision.
	type arrival struct {
		id SpaceID
		k  Piece
		n  int
	}
	var arrived []arrival
	movable := func(id SpaceID, k Piece) int {
		n := s.Spaces[id].Pieces.N(k)
		for _, a := range arrived {
			if a.id == id && a.k == k {
				n -= a.n
			}
		}
		if k == JPNTroop {
			n = min(n, troops)
		}
		return n
	}
	canLeave := func(id SpaceID) bool {
		return len(dests) > 1 || (len(dests) == 1 && dests[0] != id)
	}
	for {
		src, err := r.askSpace(JPN, sayAsked(r, "Redeploy: JPN may move up to %d more Troops and any Police. From which space?", troops), "done", func(add func(SpaceID)) {
			for i := range s.Spaces {
				id := SpaceID(i)
				if (movable(id, JPNTroop) > 0 || movable(id, JPNPolice) > 0) && canLeave(id) {
					add(id)
				}
			}
		})
		if err != nil || src < 0 {
			return err
		}
		c, err := r.ask(JPN, sayAsked(r, "Redeploy: move Troops or Police from %s?", r.name(src)), func(c *choiceList) {
			if movable(src, JPNTroop) > 0 {
				c.add("piece:troops", "Troops")
			}
			if movable(src, JPNPolice) > 0 {
				c.add("piece:police", "Police")
			}
		})
		if err != nil {
			return err
		}
		k := JPNTroop
		if c == "piece:police" {
			k = JPNPolice
		}
		dest, err := r.askSpace(JPN, sayAsked(r, "Redeploy: move %s from %s to where?", k, r.name(src)), "", func(add func(SpaceID)) {
			for _, d := range dests {
				if d != src {
					add(d)
				}
			}
		})
		if err != nil {
			return err
		}
		n, err := r.askCount(JPN, sayAsked(r, "Redeploy: how many %s from %s to %s?", k, r.name(src), r.name(dest)), 1, movable(src, k))
		if err != nil {
			return err
		}
		s.Spaces[src].Pieces[k] -= int16(n)
		s.Spaces[dest].Pieces[k] += int16(n)
		arrived = append(arrived, arrival{dest, k, n})
		if k == JPNTroop {
			troops -= n
		}
		r.note(JPN, "Redeploy: JPN moved %d %s from %s to %s.", n, k, r.name(src), r.name(dest))
	}
}
