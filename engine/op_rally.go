package engine

// CPC Rally (3.3.1).

// rallyOptions lists what Rally could do in a Province now (3.3.1).
func rallyOptions(r *run, id SpaceID) []string {
	s, p := r.s, &r.s.Spaces[id].Pieces
	var out []string
	if s.canObtain(CPCGuerrilla) {
		out = append(out, "rally:place")
	}
	if p.Guerrillas(CPC) >= 2 && s.baseRoom(r.m, id) && s.canObtain(CPCBase) {
		out = append(out, "rally:base")
	}
	if p[CPCBase] > 0 {
		if p[CPCGuerrillaActive] > 0 {
			out = append(out, "rally:flip")
		}
		if s.canObtain(CPCGuerrilla) {
			out = append(out, "rally:many")
		}
	}
	return out
}

// rallySpace reports whether a Province may be selected for Rally: no
// Support, no Terror, the 1 Resource affordable, and something to do.
func rallySpace(r *run, o *opCtx, id SpaceID) bool {
	sp, st := &r.m.Spaces[id], &r.s.Spaces[id]
	return sp.IsProvince() && st.Support != Support && !st.Terror && o.afford(r, 1) && len(rallyOptions(r, id)) > 0
}

func rallyCan(r *run, o *opCtx) bool {
	for i := range r.m.Spaces {
		if o.selectable(SpaceID(i)) && rallySpace(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

var rallyLabels = map[string]string{
	"rally:place": "place 1 Guerrilla",
	"rally:base":  "replace 2 Guerrillas with a Base",
	"rally:flip":  "flip all Guerrillas Underground",
	"rally:many":  "place Guerrillas up to Bases + Pop",
}

func rally(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := o.pickSpace(r, say("CPC Rally (1 Resource per Province, %d left): choose a Province without Support or Terror", live(&s.Resources[CPC])), func(id SpaceID) bool {
			return rallySpace(r, o, id)
		})
		if err != nil || id < 0 {
			return err
		}
		o.pay(r, 1)
		p := &s.Spaces[id].Pieces
		choice, err := r.ask(CPC, sayAsked(r, "Rally in %s: which?", r.name(id)), func(c *choiceList) {
			for _, opt := range rallyOptions(r, id) {
				c.add(opt, rallyLabels[opt])
			}
		})
		if err != nil {
			return err
		}
		switch choice {
		case "rally:place":
			n, err := o.placeOwn(r, id, CPCGuerrilla, 1)
			if err != nil {
				return err
			}
			r.note(CPC, "Rally in %s: placed %d Guerrilla.", r.name(id), n)
		case "rally:base":
			// Replace two Guerrillas (Active ones first) with a Base. The
			// Base is obtained first: when none is Available and the
			// faction declines to take one from the map (1.4.1), nothing
			// is replaced.
			n, err := o.placeOwn(r, id, CPCBase, 1)
			if err != nil {
				return err
			}
			if n == 0 {
				r.note(CPC, "Rally in %s: no Base to place; nothing replaced.", r.name(id))
				continue
			}
			for range 2 {
				k := CPCGuerrilla
				if p[CPCGuerrillaActive] > 0 {
					k = CPCGuerrillaActive
				}
				s.removeTo(id, k, 1, &s.Available)
			}
			r.note(CPC, "Rally in %s: replaced 2 Guerrillas with a Base.", r.name(id))
		case "rally:flip":
			n := p[CPCGuerrillaActive]
			p[CPCGuerrilla] += n
			p[CPCGuerrillaActive] = 0
			r.note(CPC, "Rally in %s: flipped %d Guerrillas Underground.", r.name(id), n)
		case "rally:many":
			most := p.N(CPCBase) + r.m.Spaces[id].Pop
			n, err := r.askCount(CPC, sayAsked(r, "Rally in %s: place how many Guerrillas (up to Bases %d + Pop %d)?", r.name(id), p[CPCBase], r.m.Spaces[id].Pop), 1, most)
			if err != nil {
				return err
			}
			if n, err = o.placeOwn(r, id, CPCGuerrilla, n); err != nil {
				return err
			}
			r.note(CPC, "Rally in %s: placed %d Guerrillas.", r.name(id), n)
		}
	}
}
