package engine

// CPC Agitate (3.3.4).

// agitateCost is 1 Resource per Province, 0 per LoC.
func agitateCost(m *Map, id SpaceID) int {
	if m.Spaces[id].IsProvince() {
		return 1
	}
	return 0
}

// agitateSpace reports whether a space may be selected for Agitate: an
// Underground CPC Guerrilla and the cost affordable. Any such space may be
// selected, even where only the Activation happens (a Province at
// Opposition, a Pop-0 Province without Terror, a Sabotaged LoC): the rule
// asks for nothing more, and Activating may change Control (3.3.4 play
// note; docs/rulings.md).
func agitateSpace(r *run, o *opCtx, id SpaceID) bool {
	return mayHold(r.m, CPC, id) && r.s.Spaces[id].Pieces[CPCGuerrilla] > 0 && o.afford(r, agitateCost(r.m, id))
}

func agitateCan(r *run, o *opCtx) bool {
	for i := range r.m.Spaces {
		if o.selectable(SpaceID(i)) && agitateSpace(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func agitate(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := o.pickSpace(r, say("CPC Agitate (1 Resource per Province, 0 per LoC; %d left): choose a space with an Underground CPC Guerrilla", live(&s.Resources[CPC])), func(id SpaceID) bool {
			return agitateSpace(r, o, id)
		})
		if err != nil || id < 0 {
			return err
		}
		cost := agitateCost(r.m, id)
		o.pay(r, cost)
		if o.free {
			cost = 0
		}
		st := &s.Spaces[id]
		n, err := r.askCount(CPC, sayAsked(r, "Agitate in %s: Activate how many Underground CPC Guerrillas (at least 1)?", r.name(id)), 1, st.Pieces.N(CPCGuerrilla))
		if err != nil {
			return err
		}
		s.activate(id, CPC, n)
		effect := "no other effect"
		switch sp := &r.m.Spaces[id]; {
		case sp.IsProvince() && st.Terror:
			st.Terror = false
			effect = "removed Terror"
		case sp.IsProvince():
			if s.shiftSupport(r.m, id, Opposition) {
				effect = "shifted to " + SupportName(st.Support)
			}
		case sp.IsLoC() && !st.Sabotage:
			st.Sabotage = true
			effect = "placed Sabotage"
		}
		r.note(CPC, "Agitate in %s (cost %d): Activated %d Guerrillas, %s.", r.name(id), cost, n, effect)
	}
}
