package engine

import "strconv"

// Recruit (3.2.2) for JPN, NAT and WLD, and what the conventional Factions'
// Operations pay per space (3.2.1-3.2.5).

// wldCost is what WLD pays for the nth space selected for Recruit, Sweep
// or Assault (3.2.1): 1, 2, 3, ...; under Regional Armies 1, 2, 2, ...
func wldCost(r *run, n int) int {
	if n > 1 && r.s.HasModifier("regional_armies") {
		return 2
	}
	return n
}

// convCost is the cost of the nth space (counting from 1) selected for a
// Recruit, Sweep or Assault. JPN Recruit pays 3 in all, with the first
// Province; NAT Assault costs nothing under Winter Offensive.
// convCostText says what the next space costs, for a question: "costs 2",
// or "is free" in a free Operation.
func convCostText(r *run, o *opCtx, n int) string {
	if o.free {
		return "is free"
	}
	if c := convCost(r, o, n); c >= 0 && c < len(costTexts) {
		return costTexts[c]
	}
	return "costs " + strconv.Itoa(convCost(r, o, n))
}

// costTexts are the usual texts of convCostText, built once: a question
// says its cost on every replay.
var costTexts = func() (t [10]string) {
	for n := range t {
		t[n] = "costs " + strconv.Itoa(n)
	}
	return t
}()

func convCost(r *run, o *opCtx, n int) int {
	switch {
	case o.f == WLD:
		return wldCost(r, n)
	case o.f == JPN && o.kind == Recruit:
		if n == 1 {
			return 3
		}
		return 0
	case o.f == JPN:
		return 3
	case o.kind == Assault && r.s.HasModifier("winter_offensive"):
		return 0
	}
	return 2
}

// convAffordNext reports whether another space can be paid for.
func convAffordNext(r *run, o *opCtx) bool { return o.afford(r, convCost(r, o, len(o.spaces)+1)) }

// convPayLast pays for the space just selected and returns what it cost
// (0 if the Operation is free).
func convPayLast(r *run, o *opCtx) int {
	if o.free {
		return 0
	}
	c := convCost(r, o, len(o.spaces))
	o.pay(r, c)
	return c
}

// convObtainable counts the pieces of kind k the executing faction could
// place: those Available plus, when it may take them from the map (1.4.1),
// those on the map.
func convObtainable(s *State, k Piece) int {
	if k == JPNTroop {
		return s.Available.N(k)
	}
	return s.Available.N(k) + s.onMap(k)
}

// recruitSpace reports whether a Province may be selected for Recruit by
// o.f now: the faction's condition (3.2.2), the cost, and something to do
// there. used is the number of cubes JPN has placed or replaced so far.
func recruitSpace(r *run, o *opCtx, id SpaceID, used int) bool {
	sp, st := &r.m.Spaces[id], &r.s.Spaces[id]
	p := &st.Pieces
	if !sp.IsProvince() || !convAffordNext(r, o) {
		return false
	}
	switch o.f {
	case JPN:
		return len(o.spaces) < 3 && p.JPNCubes() > 0 && !st.Terror && used < 6 && r.s.canObtain(JPNPolice)
	case NAT:
		if p.Of(NAT) == 0 {
			return false
		}
		left := r.s.Resources[NAT] - convCost(r, o, len(o.spaces)+1)
		if o.free {
			left = r.s.Resources[NAT]
		}
		return r.s.canObtain(NATTroop) || recruitBaseOK(r, id) || (left >= 2 && recruitPacifyOK(r, id))
	case WLD:
		return p[WLDBase] > 0 && !st.Terror && r.s.canObtain(WLDTroop)
	}
	return false
}

func recruitCan(r *run, o *opCtx) bool {
	for i := range r.m.Spaces {
		if o.selectable(SpaceID(i)) && recruitSpace(r, o, SpaceID(i), 0) {
			return true
		}
	}
	return false
}

// recruitJPN: replace WLD Troops with Available Police and/or place Police,
// at most six cubes in all (3.2.2). JPN may take Police from the map when
// none is Available (1.4.1); replacing needs an Available Police (5.1.1).
func recruitJPN(r *run, o *opCtx) error {
	s, used := r.s, 0
	for {
		id, err := o.pickSpace(r, convSayPick(r, "JPN Recruit (3 Resources in all; up to 3 Provinces; %d of 6 cubes placed or replaced): choose a Province with JPN cubes and no Terror", used), func(id SpaceID) bool {
			return recruitSpace(r, o, id, used)
		})
		if err != nil || id < 0 {
			return err
		}
		paid := convPayLast(r, o)
		p := &s.Spaces[id].Pieces
		replaced := 0
		if hi := min(p.N(WLDTroop), s.Available.N(JPNPolice), 6-used); hi > 0 {
			if replaced, err = r.askCount(JPN, sayAsked(r, "JPN Recruit in %s: replace how many WLD Troops with Available Police?", convNm(r, id)), 0, hi); err != nil {
				return err
			}
			s.removeTo(id, WLDTroop, replaced, &s.Available)
			s.place(id, JPNPolice, replaced)
			used += replaced
		}
		placed := 0
		lo := 0
		if replaced == 0 {
			lo = 1
		}
		if hi := min(6-used, convObtainable(s, JPNPolice)); hi > 0 && hi >= lo {
			n, err := r.askCount(JPN, sayAsked(r, "JPN Recruit in %s: place how many Police?", convNm(r, id)), lo, hi)
			if err != nil {
				return err
			}
			if placed, err = o.placeOwn(r, id, JPNPolice, n); err != nil {
				return err
			}
			used += placed
		}
		r.note(JPN, "JPN Recruit in %s (paid %d): replaced %d WLD Troops with Police, placed %d Police.", convNm(r, id), paid, replaced, placed)
	}
}

// recruitBaseOK reports whether NAT could replace two NAT Troops with a
// NAT Base in a Province (3.2.2, 1.4.2).
func recruitBaseOK(r *run, id SpaceID) bool {
	return r.s.Spaces[id].Pieces[NATTroop] >= 2 && r.s.baseRoom(r.m, id) && recruitBaseSource(r, id)
}

// recruitBaseSource reports whether a NAT Base could be obtained for a
// Province: Available, or taken from elsewhere on the map (1.4.1).
func recruitBaseSource(r *run, id SpaceID) bool {
	return r.s.Available.N(NATBase) > 0 || r.s.onMap(NATBase) > r.s.Spaces[id].Pieces.N(NATBase)
}

// recruitPacifyOK reports whether Pacify could do something in a Province,
// costs aside: a NAT Base, and Terror to remove or a shift toward Support
// (1.6: never in a Pop-0 Province).
func recruitPacifyOK(r *run, id SpaceID) bool {
	st := &r.s.Spaces[id]
	return st.Pieces[NATBase] > 0 && (st.Terror || (r.m.Spaces[id].Pop > 0 && st.Support != Support))
}

// recruitNAT: place up to three NAT Troops in each selected Province, then
// in one of them optionally replace two NAT Troops with a Base or Pacify
// (3.2.2).
func recruitNAT(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := o.pickSpace(r, convSayPick(r, "NAT Recruit (2 Resources per Province; NAT has %d): choose a Province with NAT forces", live(&s.Resources[NAT])), func(id SpaceID) bool {
			return recruitSpace(r, o, id, 0)
		})
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		paid := convPayLast(r, o)
		placed := 0
		if hi := min(3, convObtainable(s, NATTroop)); hi > 0 {
			n, err := r.askCount(NAT, sayAsked(r, "NAT Recruit in %s: place how many NAT Troops?", convNm(r, id)), 0, hi)
			if err != nil {
				return err
			}
			if placed, err = o.placeOwn(r, id, NATTroop, n); err != nil {
				return err
			}
		}
		r.note(NAT, "NAT Recruit in %s (paid %d): placed %d NAT Troops.", convNm(r, id), paid, placed)
	}
	return recruitBaseOrPacify(r, o)
}

// recruitBaseOrPacify is NAT Recruit's option in one selected Province
// (even in a Limited Operation): a Base for two Troops, or Pacify, which
// costs 2 Resources per Terror removed and per level shifted even when the
// Recruit was free.
func recruitBaseOrPacify(r *run, o *opCtx) error {
	s := r.s
	base := func(id SpaceID) bool { return recruitBaseOK(r, id) }
	pacify := func(id SpaceID) bool { return s.Resources[NAT] >= 2 && recruitPacifyOK(r, id) }
	some := func(ok func(SpaceID) bool) bool {
		for _, id := range o.spaces {
			if ok(id) {
				return true
			}
		}
		return false
	}
	if !some(base) && !some(pacify) {
		return nil
	}
	ans, err := r.ask(NAT, sayAsked(r, "NAT Recruit: in one selected Province, replace two NAT Troops with a Base, or Pacify?"), func(c *choiceList) {
		if some(base) {
			c.add("recruit:base", "replace two NAT Troops with a NAT Base")
		}
		if some(pacify) {
			c.add("recruit:pacify", "Pacify (2 Resources per Terror removed and per level shifted)")
		}
		c.add("done", "neither")
	})
	if err != nil || ans == "done" {
		return err
	}
	ok := base
	if ans == "recruit:pacify" {
		ok = pacify
	}
	id, err := r.askSpace(NAT, sayAsked(r, "NAT Recruit: in which Province?"), "", func(add func(SpaceID)) {
		for _, id := range o.spaces {
			if ok(id) {
				add(id)
			}
		}
	})
	if err != nil {
		return err
	}
	if ans == "recruit:base" {
		from := SpaceID(-1)
		if s.Available[NATBase] == 0 {
			if from, err = r.askSpace(NAT, sayAsked(r, "No NAT Base Available to place in %s. Take one from which space (1.4.1)?", convNm(r, id)), "", func(add func(SpaceID)) {
				for i := range s.Spaces {
					if SpaceID(i) != id && s.Spaces[i].Pieces[NATBase] > 0 {
						add(SpaceID(i))
					}
				}
			}); err != nil {
				return err
			}
		}
		s.removeTo(id, NATTroop, 2, &s.Available)
		if from < 0 {
			s.place(id, NATBase, 1)
			r.note(NAT, "NAT Recruit in %s: replaced two NAT Troops with a NAT Base.", convNm(r, id))
		} else {
			s.relocate(from, id, NATBase, 1)
			r.note(NAT, "NAT Recruit in %s: replaced two NAT Troops with a NAT Base taken from %s (none Available).", convNm(r, id), convNm(r, from))
		}
		return nil
	}
	st := &s.Spaces[id]
	shift := func() {
		s.Resources[NAT] -= 2
		s.shiftSupport(r.m, id, Support)
		r.note(NAT, "NAT Pacifies in %s: shifted to %s for 2 Resources (NAT %d).", convNm(r, id), SupportName(st.Support), s.Resources[NAT])
	}
	canShift := func() bool { return r.m.Spaces[id].Pop > 0 && st.Support != Support && s.Resources[NAT] >= 2 }
	if !st.Terror {
		shift()
		return nil
	}
	s.Resources[NAT] -= 2
	st.Terror = false
	r.note(NAT, "NAT Pacifies in %s: removed Terror for 2 Resources (NAT %d).", convNm(r, id), s.Resources[NAT])
	if !canShift() {
		return nil
	}
	ans, err = r.ask(NAT, sayAsked(r, "NAT Pacify in %s: also shift one level toward Support for 2 Resources?", convNm(r, id)), func(c *choiceList) {
		c.add("pacify:shift", "shift toward Support (2 Resources)")
		c.add("done", "stop")
	})
	if err != nil || ans == "done" {
		return err
	}
	shift()
	return nil
}

// recruitWLD: place up to three WLD Troops in each selected Province with a
// WLD Base and no Terror, at the escalating cost (3.2.1, 3.2.2).
func recruitWLD(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := o.pickSpace(r, convSayPick(r, "WLD Recruit (next Province %s; WLD has %d): choose a Province with a WLD Base and no Terror", convCostText(r, o, len(o.spaces)+1), live(&s.Resources[WLD])), func(id SpaceID) bool {
			return recruitSpace(r, o, id, 0)
		})
		if err != nil || id < 0 {
			return err
		}
		paid := convPayLast(r, o)
		n, err := r.askCount(WLD, sayAsked(r, "WLD Recruit in %s: place how many WLD Troops?", convNm(r, id)), 1, min(3, convObtainable(s, WLDTroop)))
		if err != nil {
			return err
		}
		if n, err = o.placeOwn(r, id, WLDTroop, n); err != nil {
			return err
		}
		r.note(WLD, "WLD Recruit in %s (paid %d): placed %d WLD Troops.", convNm(r, id), paid, n)
	}
}
