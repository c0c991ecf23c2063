package engine

func init() {
	steps["victory"] = stepVictory
	steps["resources"] = stepResources
	steps["pacify"] = stepPacify
	steps["agitate"] = stepAgitate
	steps["aid"] = stepAid
	steps["commitment"] = stepCommitment
	steps["reset"] = stepReset
}

// startRound begins a Propaganda Round (6.0) with the current card.
func startRound(r *run) {
	r.s.Rounds++
	r.sys("Propaganda Round %d begins (#%d).", r.s.Rounds, r.s.Current)
	r.s.Step = Step{Kind: "victory"}
}

// FinalRound reports whether the Propaganda Round under way is the last one:
// no Propaganda card is left in the draw deck (2.4.1).
func (s *State) FinalRound(d *Deck) bool {
	return d.IsPropaganda(s.Current) && !s.propagandaLeft(d)
}

// VictoryCheckSkipped reports whether this Round's victory check is skipped:
// the first Propaganda Round of the 1937 scenario (6.1).
func (s *State) VictoryCheckSkipped() bool {
	return s.Scenario == "1937" && s.Rounds == 1
}

// stepVictory is the Victory Phase (6.1).
func stepVictory(r *run) error {
	s := r.s
	s.Step = Step{Kind: "resources"}
	if s.VictoryCheckSkipped() {
		r.sys("Victory Phase: no victory check in the first Propaganda Round of 1937 (6.1).")
		return nil
	}
	if w := s.Winners(r.m); len(w) > 0 {
		endGame(r, false, "a victory check was passed")
		return nil
	}
	r.sys("Victory Phase: no faction meets its victory condition.")
	return nil
}

// stepResources is the Resources Phase (6.2). The incomes are automatic;
// NAT then decides how much Patronage to transfer to its Resources.
func stepResources(r *run) error {
	s := r.s
	nat := s.NATEcon(r.m)
	if s.HasModifier("fabi_inflation") {
		// deck.md §5: 4 fewer from LoC Econ, never fewer than 0 added.
		nat = max(0, nat-4)
		r.sys("Fabi inflation (Capability): NAT adds 4 fewer Resources from LoC Econ.")
	}
	if s.HasModifier("industrial_cooperatives") {
		// deck.md §5: +1 per NAT Base on the map.
		coop := s.BasesOnMap(NAT)
		nat += coop
		r.sys("Industrial Cooperatives (Capability): NAT adds %d for its Bases.", coop)
	}
	jpn := max(0, s.Commitment-s.SabotagedJPNEcon(r.m))
	wld := s.BasesOnMap(WLD)
	cpc := s.BasesOnMap(CPC)
	s.addResources(NAT, nat)
	s.addResources(JPN, jpn)
	s.addResources(WLD, wld)
	s.addResources(CPC, cpc)
	r.sys("Resources Phase: NAT +%d, JPN +%d, WLD +%d, CPC +%d.", nat, jpn, wld, cpc)
	hi := min(s.Patronage, 60-s.Resources[NAT])
	n, err := r.askCount(NAT, sayAsked(r, "Resources Phase: transfer how much Patronage (%d) to NAT Resources (%d)?", s.Patronage, s.Resources[NAT]), 0, hi)
	if err != nil {
		return err
	}
	if n > 0 {
		s.Patronage -= n
		s.addResources(NAT, n)
		r.note(NAT, "NAT transferred %d Patronage to Resources.", n)
	}
	s.Step = Step{Kind: "pacify", Faction: NAT}
	return nil
}

// shiftable reports whether Pacification/Agitation can still act in a
// Province: remove Terror, or shift it one level toward dir (6.3).
func shiftable(m *Map, s *State, id SpaceID, dir int) bool {
	sp := &s.Spaces[id]
	return sp.Terror || (m.Spaces[id].Pop > 0 && sp.Support != dir)
}

// stepPacify is Pacification (6.3.1): every 2 NAT Resources remove a Terror
// marker or, with none, shift a NAT-Controlled Province toward Support.
func stepPacify(r *run) error {
	return supportPhase(r, NAT, Support, 2, func(id SpaceID) bool {
		return r.s.ControlOf(r.m, id) == NATControl
	})
}

// stepAgitate is Agitation (6.3.2): every CPC Resource removes a Terror
// marker or, with none, shifts a Province with CPC pieces and no NAT Control
// toward Opposition.
func stepAgitate(r *run) error {
	return supportPhase(r, CPC, Opposition, 1, func(id SpaceID) bool {
		return r.s.Spaces[id].Pieces.Of(CPC) > 0 && r.s.ControlOf(r.m, id) != NATControl
	})
}

func supportPhase(r *run, f Faction, dir, cost int, where func(SpaceID) bool) error {
	s := r.s
	verb := map[int]string{Support: "Pacification", Opposition: "Agitation"}[dir]
	for {
		id, err := r.askSpace(f, sayAsked(r, "Support Phase, %s: spend %d Resources (of %d) in which Province?", verb, cost, s.Resources[f]), "done", func(add func(SpaceID)) {
			if s.Resources[f] < cost {
				return
			}
			for i := range r.m.Spaces {
				id := SpaceID(i)
				if r.m.Spaces[i].IsProvince() && where(id) && shiftable(r.m, s, id, dir) {
					add(id)
				}
			}
		})
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		s.Resources[f] -= cost
		sp := &s.Spaces[id]
		if sp.Terror {
			sp.Terror = false
			r.note(f, "%s: %s removed Terror in %s for %d Resources.", verb, f, r.name(id), cost)
		} else {
			sp.Support += dir
			r.note(f, "%s: %s shifted %s to %s for %d Resources.", verb, f, r.name(id), SupportName(sp.Support), cost)
		}
	}
	if f == NAT {
		s.Step = Step{Kind: "agitate", Faction: CPC}
	} else {
		s.Step = Step{Kind: "redeploy", Faction: NAT}
	}
	return nil
}

// SupportName names a Support level.
func SupportName(level int) string {
	switch level {
	case Support:
		return "Support"
	case Opposition:
		return "Opposition"
	}
	return "Neutral"
}

// afterRedeploy ends the game after the final Round's Redeploy (6.4.1) or
// goes on to Aid and Commitment.
func afterRedeploy(r *run) {
	if r.s.FinalRound(r.d) {
		endGame(r, true, "the final Propaganda Round is complete")
		return
	}
	r.s.Step = Step{Kind: "aid", Faction: NAT}
}

// stepAid is the NAT half of the Aid and Commitment Phase (6.5): Foreign Aid
// grows by a third of the JPN Troops in Casualties, then NAT divides it
// between Resources and Patronage.
func stepAid(r *run) error {
	s := r.s
	gain := s.Casualties.N(JPNTroop) / 3
	if gain > 0 && s.HasModifier("burma_road_closed") {
		// deck.md §5: Foreign Aid may not increase.
		r.sys("Aid Phase: the Burma Road is closed (Momentum): Foreign Aid does not grow.")
		gain = 0
	}
	s.Aid = clamp(s.Aid+gain, 0, 10)
	if gain > 0 {
		r.sys("Aid Phase: Foreign Aid +%d (a third of %d JPN Troop Casualties), now %d.", gain, s.Casualties[JPNTroop], s.Aid)
	}
	aid := s.Aid
	// NAT "transfers all" Foreign Aid (docs/rulings.md R15): Patronage takes
	// at most what it has room for under 30, and Resources must take the
	// rest while they have room under 60. Only Aid that neither track can
	// hold is lost.
	hi := min(aid, 30-s.Patronage)
	lo := min(hi, max(0, aid-(60-s.Resources[NAT])))
	pat, err := r.askCount(NAT, sayAsked(r, "Aid Phase: of Foreign Aid %d, how much goes to Patronage (%d)? The rest goes to Resources (%d).", aid, s.Patronage, s.Resources[NAT]), lo, hi)
	if err != nil {
		return err
	}
	s.Patronage += pat
	s.addResources(NAT, aid-pat)
	s.Aid = 0
	r.note(NAT, "NAT divided Foreign Aid %d: %d to Patronage, %d to Resources.", aid, pat, aid-pat)
	s.Step = Step{Kind: "commitment", Faction: JPN}
	return nil
}

// stepCommitment is the JPN half of the Aid and Commitment Phase (6.5).
// Each adjustment uses Commitment as the previous one left it.
func stepCommitment(r *run) error {
	s := r.s
	if econ := s.JPNEcon(r.m); econ*3 < s.Commitment {
		s.Commitment = max(0, s.Commitment-2)
		r.sys("Commitment Phase: JPN Econ %d x3 is below Commitment: Commitment -2, now %d.", econ, s.Commitment)
	}
	cas := s.Casualties.N(JPNTroop) * 3
	switch {
	case cas > s.Commitment:
		s.Commitment = max(0, s.Commitment-2)
		r.sys("Commitment Phase: JPN Troop Casualties x3 (%d) exceed Commitment: Commitment -2, now %d.", cas, s.Commitment)
	case cas <= s.Commitment/2:
		s.Commitment = min(60, s.Commitment+1)
		r.sys("Commitment Phase: JPN Troop Casualties x3 (%d) are at most half of Commitment: Commitment +1, now %d.", cas, s.Commitment)
	}
	for {
		excess := s.TroopsOnMap(JPNTroop) - s.Commitment
		if excess <= 0 {
			break
		}
		id, err := r.askSpace(JPN, sayAsked(r, "Commitment Phase: %d JPN Troops above Commitment %d must go Out of Play. Remove from which space?", excess, s.Commitment), "", func(add func(SpaceID)) {
			for i := range s.Spaces {
				if s.Spaces[i].Pieces[JPNTroop] > 0 {
					add(SpaceID(i))
				}
			}
		})
		if err != nil {
			return err
		}
		n, err := r.askCount(JPN, sayAsked(r, "Commitment Phase: remove how many JPN Troops from %s?", r.name(id)), 1, min(excess, s.Spaces[id].Pieces.N(JPNTroop)))
		if err != nil {
			return err
		}
		s.Spaces[id].Pieces[JPNTroop] -= int16(n)
		s.OutOfPlay[JPNTroop] += int16(n)
		r.note(JPN, "JPN removed %d Troops from %s to Out of Play (Commitment).", n, r.name(id))
	}
	s.Step = Step{Kind: "reset"}
	return nil
}

// stepReset is the Reset Phase (6.6).
func stepReset(r *run) error {
	s := r.s
	for _, k := range []Piece{JPNTroop, NATTroop} {
		out := s.Casualties[k] / 3
		s.OutOfPlay[k] += out
		s.Casualties[k] -= out
	}
	for k := range s.Casualties {
		s.Available[k] += s.Casualties[k]
		s.Casualties[k] = 0
	}
	for i := range s.Spaces {
		sp := &s.Spaces[i]
		sp.Sabotage = false
		sp.Pieces[NATGuerrilla] += sp.Pieces[NATGuerrillaActive]
		sp.Pieces[NATGuerrillaActive] = 0
		sp.Pieces[CPCGuerrilla] += sp.Pieces[CPCGuerrillaActive]
		sp.Pieces[CPCGuerrillaActive] = 0
	}
	s.LargeOffensiveUsed = false
	s.Momentum = nil
	s.Floods = ""
	s.Aid = s.AidReset
	for _, f := range Factions {
		s.Elig[f] = Eligible
	}
	r.sys("Reset Phase: Casualties cleared, Sabotage removed, Guerrillas Underground, Momentum discarded, Foreign Aid %d, all factions Eligible.", s.Aid)
	s.Played = append(s.Played, s.Current)
	s.EventsSinceRound = 0
	if s.Held != 0 {
		s.Current, s.Held = s.Held, 0
		r.revealed()
		revealNext(r)
		return nil
	}
	s.Current = 0
	advanceCard(r)
	return nil
}
