package engine

import (
	"fmt"
	"slices"
	"strings"
)

// The General Assault Procedure (3.2.5), shared by the Assault Operation,
// the Assault of a Patrol (3.2.3) and Events that grant an Assault.

// Values for questions and log lines that name spaces, factions and
// pieces; say formats them when it is given them (see textArgOf).
type (
	convSpace      Space
	convFactionSet []Faction
	convPieceSet   Pieces
	convCap        int
)

// convSpaces lists spaces by name: "Hebei, Chahar".
type convSpaces struct {
	m   *Map
	ids []SpaceID
}

func (l *convSpaces) String() string {
	var b strings.Builder
	n := 2 * len(l.ids)
	for _, id := range l.ids {
		n += len(l.m.Spaces[id].Name)
	}
	b.Grow(n)
	for i, id := range l.ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(l.m.Spaces[id].Name)
	}
	return b.String()
}

func convNm(r *run, id SpaceID) *convSpace { return (*convSpace)(&r.m.Spaces[id]) }
func (s *convSpace) String() string        { return s.Name }
func (fs *convFactionSet) String() string  { return convFactions(*fs) }
func (c convCap) String() string {
	if c > 6 {
		return fmt.Sprintf(", %d capped at 6", int(c))
	}
	return ""
}

// String lists pieces as "1 NAT Troops, 1 WLD Bases", or "nothing".
func (p *convPieceSet) String() string {
	var parts []string
	for k, n := range p {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, Piece(k)))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// convGroup stands, in an Assault's loss choices, for all the Active
// defending Guerrillas of the targeted Factions together: they are worth 1
// CV in total and are removed together for it (3.2.5, Assault Example B).
const convGroup = NumPieces

// convAssault is one Assault being resolved in one space.
type convAssault struct {
	r        *run
	id       SpaceID
	attacker Faction
	targets  convFactionSet
	withWLD  bool
	// toAvailable sends the attacker's removed cubes to Available: every
	// defending force was a Guerrilla or a Base.
	toAvailable bool
	// what was removed, for Disaster and Glorious Victory
	natBases, chineseTroops, jpnCubes, jpnTroops int
	removed                                      [2]Pieces
}

func (a *convAssault) targeted(f Faction) bool { return slices.Contains(a.targets, f) }

// cpcBasesTargeted reports whether CPC Bases defend: only against JPN. The
// New Fourth Army Incident lets NAT and WLD target Active CPC Guerrillas,
// never CPC Bases (deck.md §5).
func (a *convAssault) cpcBasesTargeted() bool { return a.targeted(CPC) && a.attacker == JPN }

// group counts the Active Guerrillas of the targeted Factions.
func (a *convAssault) group() int {
	p, n := &a.r.s.Spaces[a.id].Pieces, 0
	if a.targeted(NAT) {
		n += p.N(NATGuerrillaActive)
	}
	if a.targeted(CPC) {
		n += p.N(CPCGuerrillaActive)
	}
	return n
}

// attackers lists the kinds of assaulting pieces: the executing Faction's
// Troops, WLD Troops included by NAT, and JPN Police under Puppet Army.
func (a *convAssault) attackers(add func(Piece)) {
	switch a.attacker {
	case JPN:
		add(JPNTroop)
		if a.r.s.HasModifier("puppet_army") {
			add(JPNPolice)
		}
	case NAT:
		add(NATTroop)
		if a.withWLD {
			add(WLDTroop)
		}
	case WLD:
		add(WLDTroop)
	}
}

// defenders lists the defending kinds, Bases included whether or not they
// may be removed yet. The Guerrilla group is not listed.
func (a *convAssault) defenders(add func(Piece)) {
	if a.targeted(JPN) {
		add(JPNTroop)
		add(JPNPolice)
	}
	if a.targeted(NAT) {
		add(NATTroop)
		add(NATBase)
	}
	if a.targeted(WLD) {
		add(WLDTroop)
		add(WLDBase)
	}
	if a.cpcBasesTargeted() {
		add(CPCBase)
	}
}

// convCV is a piece's Combat Value (3.2.5).
func convCV(k Piece) int {
	if k == JPNTroop {
		return 2
	}
	return 1
}

func (a *convAssault) attackCV() int {
	p, cv := &a.r.s.Spaces[a.id].Pieces, 0
	a.attackers(func(k Piece) { cv += convCV(k) * p.N(k) })
	if a.attacker == NAT && a.r.s.HasModifier("chinese_air_force") {
		cv++
	}
	return cv
}

func (a *convAssault) defenceCV() int {
	p, cv := &a.r.s.Spaces[a.id].Pieces, 0
	a.defenders(func(k Piece) { cv += convCV(k) * p.N(k) })
	if a.group() > 0 {
		cv++
	}
	if cv > 0 && a.r.m.Spaces[a.id].Rough {
		cv++
	}
	return cv
}

// removable lists what may be removed now from one side (attacking or
// defending) to satisfy a die result: any such piece present, all Active
// targeted Guerrillas as one group, and a Base only once no other piece of
// its Faction remains (Underground Guerrillas protect it).
func (a *convAssault) removable(attacking bool) []Piece {
	p := &a.r.s.Spaces[a.id].Pieces
	var out []Piece
	if attacking {
		a.attackers(func(k Piece) {
			if p[k] > 0 {
				out = append(out, k)
			}
		})
		return out
	}
	a.defenders(func(k Piece) {
		if !k.Base() && p[k] > 0 {
			out = append(out, k)
		}
	})
	if a.group() > 0 {
		out = append(out, convGroup)
	}
	a.defenders(func(k Piece) {
		if k.Base() && p[k] > 0 && basesLast(p, k.Faction()) {
			out = append(out, k)
		}
	})
	return out
}

func (a *convAssault) groupLabel() string {
	p := &a.r.s.Spaces[a.id].Pieces
	var parts []string
	if a.targeted(NAT) && p[NATGuerrillaActive] > 0 {
		parts = append(parts, fmt.Sprintf("%d NAT", p[NATGuerrillaActive]))
	}
	if a.targeted(CPC) && p[CPCGuerrillaActive] > 0 {
		parts = append(parts, fmt.Sprintf("%d CPC", p[CPCGuerrillaActive]))
	}
	return "all Active Guerrillas (" + strings.Join(parts, ", ") + "): 1 CV together"
}

// loseCV removes pieces from one side worth need CV, the assaulting Faction
// choosing which (3.2.5): never more than necessary, but one 2-CV piece may
// satisfy a last 1 CV. It removes as many as possible when there are too
// few.
func (a *convAssault) loseCV(attacking bool, need int) error {
	r, s := a.r, a.r.s
	question := "Assault in %v: remove which defending piece to satisfy %d CV of losses?"
	if attacking {
		question = "Assault in %v: remove which assaulting piece to satisfy %d CV of losses?"
	}
	for need > 0 {
		opts := a.removable(attacking)
		if len(opts) == 0 {
			return nil
		}
		ans, err := r.ask(a.attacker, sayAsked(r, question, convNm(r, a.id), need), func(c *choiceList) {
			for _, k := range opts {
				if k == convGroup {
					c.add("piece:guerrillas", a.groupLabel())
					continue
				}
				c.add("piece:"+pieceInfo[k].key, fmt.Sprintf("a %s (%d CV; %d there)", strings.TrimSuffix(k.String(), "s"), convCV(k), s.Spaces[a.id].Pieces[k]))
			}
		})
		if err != nil {
			return err
		}
		key := strings.TrimPrefix(ans, "piece:")
		if key == "guerrillas" {
			if a.targeted(NAT) {
				a.removed[0][NATGuerrillaActive] += int16(s.removeTo(a.id, NATGuerrillaActive, s.Spaces[a.id].Pieces.N(NATGuerrillaActive), &s.Available))
			}
			if a.targeted(CPC) {
				a.removed[0][CPCGuerrillaActive] += int16(s.removeTo(a.id, CPCGuerrillaActive, s.Spaces[a.id].Pieces.N(CPCGuerrillaActive), &s.Available))
			}
			need--
			continue
		}
		k, ok := pieceByKey(key)
		if !ok || !slices.Contains(opts, k) {
			return fmt.Errorf("engine: recorded answer %q is not an Assault loss", ans)
		}
		box, i := &s.Casualties, 0
		if attacking {
			i = 1
			if a.toAvailable {
				box = &s.Available
			}
		}
		if k.Base() {
			box = &s.Available
		}
		s.removeTo(a.id, k, 1, box)
		a.removed[i][k]++
		switch {
		case k == NATBase:
			a.natBases++
		case k == NATTroop || k == WLDTroop:
			a.chineseTroops++
		case k == JPNTroop:
			a.jpnTroops++
			a.jpnCubes++
		case k == JPNPolice:
			a.jpnCubes++
		}
		need -= convCV(k)
	}
	return nil
}

// convFactions writes factions as "NAT and WLD".
func convFactions(fs []Faction) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.String()
	}
	if len(names) > 1 {
		return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return strings.Join(names, "")
}

// assaultSpace resolves the General Assault Procedure (3.2.5) in space id:
// attacker assaults with its Troops (and, for NAT, the WLD Troops there when
// withWLD; JPN Police too under Puppet Army) against the forces of targets.
// Costs are the caller's. The attacker chooses the losses on both sides. o
// is the Operation the Assault belongs to, nil for an Event's Assault; the
// procedure itself does not depend on it.
func assaultSpace(r *run, o *opCtx, id SpaceID, attacker Faction, targets []Faction, withWLD bool) error {
	s := r.s
	a := &convAssault{r: r, id: id, attacker: attacker, targets: targets, withWLD: withWLD}
	a.toAvailable = true
	p := &s.Spaces[id].Pieces
	a.defenders(func(k Piece) {
		if k.Cube() && p[k] > 0 {
			a.toAvailable = false
		}
	})
	rawAtt, rawDef := a.attackCV(), a.defenceCV()
	att, def := min(rawAtt, 6), min(rawDef, 6)
	ar := r.roll()
	dr := r.roll()
	r.note(attacker, "Assault in %v: %s (CV %d%v) against %v (CV %d%v). %s rolls %d, the defenders roll %d.",
		convNm(r, id), attacker, att, convCap(rawAtt), &a.targets, def, convCap(rawDef), attacker, ar, dr)
	if ar <= att {
		if err := a.loseCV(false, ar); err != nil {
			return err
		}
	}
	if dr <= def {
		if err := a.loseCV(true, dr); err != nil {
			return err
		}
	}
	where := "Casualties"
	if a.toAvailable {
		where = "Available, since only Guerrillas and Bases defended"
	}
	r.note(attacker, "Assault in %v: removed from the defenders: %v; from the assaulting %s: %v (cubes to %s).", convNm(r, id), (*convPieceSet)(&a.removed[0]), attacker, (*convPieceSet)(&a.removed[1]), where)
	if a.natBases > 0 || a.chineseTroops >= 3 {
		s.Patronage = max(0, s.Patronage-1)
		r.note(attacker, "Disaster in %v (%d Chinese Troops, %d NAT Bases removed): Patronage -1 to %d.", convNm(r, id), a.chineseTroops, a.natBases, s.Patronage)
	}
	if a.jpnCubes >= 2 && a.jpnTroops >= 1 {
		s.Patronage = min(30, s.Patronage+1)
		r.note(attacker, "Glorious Victory in %v (%d JPN cubes removed, %d of them Troops): Patronage +1 to %d.", convNm(r, id), a.jpnCubes, a.jpnTroops, s.Patronage)
	}
	return nil
}

// convAssailable counts the pieces of faction g in a space that an Assault
// could remove: cubes, Active Guerrillas, and Bases not protected by an
// Underground Guerrilla of their Faction. Against NAT or WLD (the New Fourth
// Army Incident) only Active CPC Guerrillas of CPC's.
func convAssailable(p *Pieces, g Faction, attacker Faction) int {
	switch g {
	case JPN:
		return p.JPNCubes()
	case NAT:
		n := p.N(NATTroop) + p.N(NATGuerrillaActive)
		if p[NATGuerrilla] == 0 {
			n += p.N(NATBase)
		}
		return n
	case WLD:
		return p.N(WLDTroop) + p.N(WLDBase)
	}
	n := p.N(CPCGuerrillaActive)
	if attacker == JPN && p[CPCGuerrilla] == 0 {
		n += p.N(CPCBase)
	}
	return n
}

// convCanAssault reports whether faction f could Assault in a space now
// (3.2.5): it has Troops there, the space is not Flooded (deck.md §6), and
// some piece it may target could be removed.
func convCanAssault(r *run, f Faction, id SpaceID) bool {
	p := &r.s.Spaces[id].Pieces
	switch f {
	case JPN:
		if p[JPNTroop] == 0 {
			return false
		}
	case NAT:
		if p[NATTroop] == 0 {
			return false
		}
	case WLD:
		if p[WLDTroop] == 0 {
			return false
		}
	default:
		return false
	}
	if r.s.Flooded(r.m, id) {
		return false
	}
	if f == JPN {
		return convAssailable(p, NAT, JPN)+convAssailable(p, WLD, JPN)+convAssailable(p, CPC, JPN) > 0
	}
	return p.Of(JPN) > 0 || (r.s.HasModifier("new_fourth_army_incident") && p[CPCGuerrillaActive] > 0)
}

// convTargetSets lists the target choices of an Assault by f in a space:
// JPN any non-empty set of Chinese Factions with Active forces there, at
// least one of which has a piece that could be removed; NAT and WLD all JPN
// forces, plus (New Fourth Army Incident) optionally the Active CPC
// Guerrillas.
func convTargetSets(r *run, f Faction, id SpaceID) [][]Faction {
	p := &r.s.Spaces[id].Pieces
	var out [][]Faction
	if f == JPN {
		var cands []Faction
		for _, g := range []Faction{NAT, WLD, CPC} {
			if p.ActiveOf(g) > 0 {
				cands = append(cands, g)
			}
		}
		for mask := 1; mask < 1<<len(cands); mask++ {
			var set []Faction
			hits := 0
			for i, g := range cands {
				if mask&(1<<i) != 0 {
					set = append(set, g)
					hits += convAssailable(p, g, JPN)
				}
			}
			if hits > 0 {
				out = append(out, set)
			}
		}
		// Smaller sets first, in Faction order.
		slices.SortStableFunc(out, func(a, b []Faction) int { return len(a) - len(b) })
		return out
	}
	cpc := r.s.HasModifier("new_fourth_army_incident") && p[CPCGuerrillaActive] > 0
	if p.Of(JPN) > 0 {
		out = append(out, []Faction{JPN})
		if cpc {
			out = append(out, []Faction{JPN, CPC})
		}
	} else if cpc {
		out = append(out, []Faction{CPC})
	}
	return out
}

// convAssaultChoices asks the executing faction what its Assault in a space
// targets and, for NAT, whether to include the WLD Troops there for 1
// Resource paid to WLD (free under Central Command), which it pays.
func convAssaultChoices(r *run, f Faction, id SpaceID) ([]Faction, bool, error) {
	sets := convTargetSets(r, f, id)
	if len(sets) == 0 {
		return nil, false, fmt.Errorf("engine: %s Assault in %s has no target", f, r.name(id))
	}
	ans, err := r.ask(f, sayAsked(r, "%s Assault in %v: target which Factions?", f, convNm(r, id)), func(c *choiceList) {
		for _, set := range sets {
			c.add("target:"+convTargetID(set), convFactions(set))
		}
	})
	if err != nil {
		return nil, false, err
	}
	var targets []Faction
	for _, set := range sets {
		if "target:"+convTargetID(set) == ans {
			targets = set
		}
	}
	if targets == nil {
		return nil, false, fmt.Errorf("engine: recorded answer %q is not an Assault target", ans)
	}
	withWLD := false
	if f == NAT && r.s.Spaces[id].Pieces[WLDTroop] > 0 && convCanPayWLD(r) {
		ans, err := r.ask(NAT, sayAsked(r, "NAT Assault in %v: include the %d WLD Troops there?", convNm(r, id), r.s.Spaces[id].Pieces[WLDTroop]), func(c *choiceList) {
			if r.s.HasModifier("central_command") {
				c.add("wld:include", "include the WLD Troops (no payment: Central Command)")
			} else {
				c.add("wld:include", "include the WLD Troops, paying WLD 1 Resource")
			}
			c.add("wld:exclude", "assault without the WLD Troops")
		})
		if err != nil {
			return nil, false, err
		}
		if withWLD = ans == "wld:include"; withWLD {
			convPayWLD(r, "to include the WLD Troops in the Assault in", id)
		}
	}
	return targets, withWLD, nil
}

func convTargetID(set []Faction) string {
	names := make([]string, len(set))
	for i, g := range set {
		names[i] = g.String()
	}
	return strings.Join(names, ",")
}

// convCanPayWLD reports whether NAT can pay WLD the 1 Resource for using
// WLD Troops (3.2.3-3.2.5): it has 1 Resource, or Central Command is in
// effect (deck.md §5).
func convCanPayWLD(r *run) bool {
	return r.s.HasModifier("central_command") || r.s.Resources[NAT] >= 1
}

// convPayWLD pays WLD 1 Resource from NAT for using WLD Troops, even in a
// free Operation; nothing under Central Command.
func convPayWLD(r *run, why string, id SpaceID) {
	if r.s.HasModifier("central_command") {
		r.note(NAT, "NAT uses WLD Troops %s %v without paying (Central Command).", why, convNm(r, id))
		return
	}
	r.s.Resources[NAT]--
	r.s.addResources(WLD, 1)
	r.note(NAT, "NAT pays WLD 1 Resource %s %v (NAT %d, WLD %d).", why, convNm(r, id), r.s.Resources[NAT], r.s.Resources[WLD])
}

// convSayPick is sayAsked for the question of pickSpace, which asks again
// after a Special Activity answered at the same prompt: the text is dropped
// only when the recorded answer selects a space or ends the selection.
func convSayPick(r *run, format string, args ...any) text {
	if a, ok := r.recorded(); ok && !strings.HasPrefix(a.Choice, "sa:") {
		return text{format: format}
	}
	return say(format, args...)
}
