package engine

// Assault (3.2.5) for JPN, NAT and WLD. The General Assault Procedure is
// assaultSpace (assault.go).

// assaultOpSpace reports whether a space may be selected for an Assault
// Operation now: the cost, and an Assault there could remove something.
func assaultOpSpace(r *run, o *opCtx, id SpaceID) bool {
	return convAffordNext(r, o) && convCanAssault(r, o.f, id)
}

// assaultCan reports whether the Assault can be executed in some space:
// assaultOpSpace of a selectable space. What the next space costs does not
// depend on which space it is, so it is checked once, not for every space
// (a search for a Special Activity done first asks this after each of its
// runs, safirst.go).
func assaultCan(r *run, o *opCtx) bool {
	if !convAffordNext(r, o) {
		return false
	}
	// convCanAssault first: most spaces hold none of the faction's Troops,
	// which it finds at once.
	for i := range r.m.Spaces {
		if convCanAssault(r, o.f, SpaceID(i)) && o.selectable(SpaceID(i)) {
			return true
		}
	}
	return false
}

func assaultOp(r *run, o *opCtx) error {
	f, s := o.f, r.s
	for {
		id, err := o.pickSpace(r, convSayPick(r, "%s Assault (next space %s; %s has %d): choose a space with %s Troops", f, convCostText(r, o, len(o.spaces)+1), f, live(&s.Resources[f]), f), func(id SpaceID) bool {
			return assaultOpSpace(r, o, id)
		})
		if err != nil || id < 0 {
			return err
		}
		if paid := convPayLast(r, o); paid > 0 {
			r.note(f, "%s Assault in %v: paid %d Resources.", f, convNm(r, id), paid)
		}
		targets, withWLD, err := convAssaultChoices(r, f, id)
		if err != nil {
			return err
		}
		if err := assaultSpace(r, o, id, f, targets, withWLD); err != nil {
			return err
		}
	}
}
