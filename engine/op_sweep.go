package engine

// Sweep (3.2.4) for JPN, NAT and WLD.

// sweepKind is the Troop a faction moves in a Sweep (JPN never Police).
func sweepKind(f Faction) Piece {
	return [NumFactions]Piece{JPN: JPNTroop, NAT: NATTroop, WLD: WLDTroop}[f]
}

// sweepTargets are the Guerrillas a faction's Sweep Activates: JPN and WLD
// CPC or NAT, NAT only CPC.
func sweepTargets(f Faction) []Faction {
	if f == NAT {
		return []Faction{CPC}
	}
	return []Faction{CPC, NAT}
}

// sweepActivations is how many Guerrillas a Sweep by f Activates in a space
// now: one per JPN cube (JPN), Chinese Troop (NAT) or WLD Troop (WLD); in a
// Rough Province one per two, rounded down, except JPN under Air Recon.
func sweepActivations(r *run, f Faction, id SpaceID) int {
	p := &r.s.Spaces[id].Pieces
	var n int
	switch f {
	case JPN:
		n = p.JPNCubes()
	case NAT:
		n = p.ChineseTroops()
	default:
		n = p.N(WLDTroop)
	}
	if r.m.Spaces[id].Rough && !(f == JPN && r.s.HasModifier("jpn_air_recon")) {
		n /= 2
	}
	return n
}

// sweepUnderground counts the Underground Guerrillas a Sweep by f could
// Activate in a space.
func sweepUnderground(p *Pieces, f Faction) int {
	n := p.N(CPCGuerrilla)
	if f != NAT {
		n += p.N(NATGuerrilla)
	}
	return n
}

// sweepDest reports whether a space may be selected as a Sweep destination
// now: the faction may be there (Manchukuo only for JPN, never French
// Indochina), it is not Flooded (deck.md §6), the cost is affordable, and
// Troops could move in or Guerrillas could be Activated.
func sweepDest(r *run, o *opCtx, id SpaceID) bool {
	f := o.f
	if !r.s.cubesMayEnter(r.m, f, id) || !convAffordNext(r, o) {
		return false
	}
	if sweepUnderground(&r.s.Spaces[id].Pieces, f) > 0 && sweepActivations(r, f, id) > 0 {
		return true
	}
	k := sweepKind(f)
	for _, a := range r.m.Spaces[id].Adj {
		if r.s.Spaces[a].Pieces[k] > 0 {
			return true
		}
	}
	return false
}

func sweepCan(r *run, o *opCtx) bool {
	for i := range r.m.Spaces {
		if o.selectable(SpaceID(i)) && sweepDest(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func sweep(r *run, o *opCtx) error {
	f, s, paid := o.f, r.s, 0
	for {
		id, err := o.pickSpace(r, convSayPick(r, "%s Sweep (next destination %s; %s has %d): choose a destination space", f, convCostText(r, o, len(o.spaces)+1), f, live(&s.Resources[f])), func(id SpaceID) bool {
			return sweepDest(r, o, id)
		})
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		paid += convPayLast(r, o)
	}
	if len(o.spaces) > 0 {
		r.note(f, "%s Sweep: destinations %v, for %d Resources.", f, &convSpaces{r.m, o.spaces}, paid)
	}
	mv := &convMover{r: r, f: f, op: Sweep, kinds: []Piece{sweepKind(f)}, escort: f == NAT, perDest: true, moves: r.scratch.takeMoves(8),
		origin: func(SpaceID) bool { return true }}
	if err := mv.run(o.spaces); err != nil {
		return err
	}
	for _, d := range o.spaces {
		if err := convActivate(r, f, mv, d, sweepActivations(r, f, d), sweepTargets(f), f != JPN); err != nil {
			return err
		}
	}
	return nil
}
