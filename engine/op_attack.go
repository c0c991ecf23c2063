package engine

import (
	"fmt"
	"strconv"
)

// CPC Attack (3.3.3), with Ambush chosen space by space (4.5.3).

// attackSpace reports whether a space may be selected for Attack: CPC
// Guerrillas and JPN forces, and the 1 Resource affordable.
func attackSpace(r *run, o *opCtx, id SpaceID) bool {
	return attackSpaceOK(r, id) && o.afford(r, 1)
}

func attackCan(r *run, o *opCtx) bool {
	for i := range r.m.Spaces {
		if o.selectable(SpaceID(i)) && attackSpace(r, o, SpaceID(i)) {
			return true
		}
	}
	return false
}

func attack(r *run, o *opCtx) error {
	s := r.s
	for {
		id, err := o.pickSpace(r, say("CPC Attack (1 Resource per space, %d left): choose a space with CPC Guerrillas and JPN forces", live(&s.Resources[CPC])), func(id SpaceID) bool {
			return attackSpace(r, o, id)
		})
		if err != nil || id < 0 {
			return err
		}
		o.pay(r, 1)
		if ambushHere(r, o, id) {
			how, err := r.ask(CPC, sayAsked(r, "Attack in %s: the usual Attack (roll a die), or Ambush (no roll, remove 1 JPN cube)?", r.name(id)), func(c *choiceList) {
				c.add("attack:roll", "Attack: roll a die")
				c.add("attack:ambush", "Special Activity: Ambush")
			})
			if err != nil {
				return err
			}
			if how == "attack:ambush" {
				if o.sa == "" {
					o.sa = Ambush
					r.note(CPC, "CPC executes Ambush.")
				}
				o.saSpaces = append(o.saSpaces, id)
				if err := ambushSpace(r, id); err != nil {
					return err
				}
				continue
			}
		}
		if err := attackResolve(r, o, id); err != nil {
			return err
		}
	}
}

// attackResolve is the usual Attack procedure in one space (3.3.3).
func attackResolve(r *run, o *opCtx, id SpaceID) error {
	s := r.s
	p := &s.Spaces[id].Pieces
	cost := 1
	if o.free {
		cost = 0
	}
	s.activate(id, CPC, p.N(CPCGuerrilla))
	g := p.Guerrillas(CPC)
	roll := r.roll()
	if roll > g {
		r.note(CPC, "Attack in %s (cost %d): all %d CPC Guerrillas Activated, rolled %d: no effect.", r.name(id), cost, g, roll)
		return nil
	}
	most := 2
	if s.HasModifier("hundred_regiments") {
		most = 3
	}
	ans, err := r.ask(CPC, sayAsked(r, "Attack in %s (rolled %d, %d Guerrillas): remove up to %d JPN cubes to Casualties", r.name(id), roll, g, most), func(c *choiceList) {
		for t := min(most, p.N(JPNTroop)); t >= 0; t-- {
			for po := min(most-t, p.N(JPNPolice)); po >= 0; po-- {
				c.add("remove:"+strconv.Itoa(t)+"T"+strconv.Itoa(po)+"P", attackRemovalLabel(t, po))
			}
		}
	})
	if err != nil {
		return err
	}
	var troops, police int
	if _, err := fmt.Sscanf(ans, "remove:%dT%dP", &troops, &police); err != nil {
		return fmt.Errorf("engine: recorded answer %q is not a removal", ans)
	}
	troops = s.removeTo(id, JPNTroop, troops, &s.Casualties)
	police = s.removeTo(id, JPNPolice, police, &s.Casualties)
	lost := cpcRemoveGuerrillas(s, id, troops)
	before := s.Patronage
	cpcLosePatronage(s, troops)
	r.note(CPC, "Attack in %s (cost %d): all %d CPC Guerrillas Activated, rolled %d: removed to Casualties JPN Troops %d, JPN Police %d; CPC Guerrillas lost %d; Patronage %d -> %d.",
		r.name(id), cost, g, roll, troops, police, lost, before, s.Patronage)
	if s.HasModifier("hundred_regiments") && r.m.Spaces[id].IsLoC() && troops+police > 0 && !s.Spaces[id].Sabotage {
		s.Spaces[id].Sabotage = true
		r.note(CPC, "Hundred Regiments: Sabotage placed on %s.", r.name(id))
	}
	if roll == 1 {
		n, err := o.placeOwn(r, id, CPCGuerrilla, 1)
		if err != nil {
			return err
		}
		r.note(CPC, "Captured Goods in %s: placed %d CPC Guerrilla.", r.name(id), n)
	}
	return nil
}

func attackRemovalLabel(t, p int) string {
	switch {
	case t == 0 && p == 0:
		return "remove none"
	case p == 0:
		return cpcPlural(t, "JPN Troop")
	case t == 0:
		return cpcPlural(p, "JPN Police")
	}
	return cpcPlural(t, "JPN Troop") + " and " + cpcPlural(p, "JPN Police")
}

// cpcPlural writes "1 JPN Troop", "2 JPN Troops"; "Police" is its own plural.
func cpcPlural(n int, what string) string {
	if n != 1 && what[len(what)-1] != 'e' {
		what += "s"
	}
	return strconv.Itoa(n) + " " + what
}
