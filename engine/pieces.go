package engine

// Helpers that move pieces while keeping the rules of 1.4: where pieces may
// be, where removed pieces go, and Guerrilla states.

// Flooded reports whether a space is Flooded: the Province with the Floods
// marker and every LoC adjacent to it (deck.md §6).
func (s *State) Flooded(m *Map, id SpaceID) bool {
	if s.Floods == "" {
		return false
	}
	f, ok := m.ID(s.Floods)
	if !ok {
		return false
	}
	return id == f || (m.Spaces[id].IsLoC() && m.Adjacent(id, f))
}

// mayHold reports whether faction f's forces may be in a space (1.3.5,
// 1.4.2, 3.1.3): never French Indochina, only JPN in Manchukuo.
func mayHold(m *Map, f Faction, id SpaceID) bool {
	sp := &m.Spaces[id]
	return sp.Enterable && (!sp.JPNOnly || f == JPN)
}

// cubesMayEnter reports whether Troops or Police of f may move into a space:
// mayHold, and not Flooded (deck.md §6 a).
func (s *State) cubesMayEnter(m *Map, f Faction, id SpaceID) bool {
	return mayHold(m, f, id) && !s.Flooded(m, id)
}

// baseRoom reports whether a Base may be placed in a space (1.4.2): a
// Province with fewer than two Bases.
func (s *State) baseRoom(m *Map, id SpaceID) bool {
	return m.Spaces[id].IsProvince() && s.Spaces[id].Pieces.Bases() < 2
}

// guerrillaKinds returns a faction's Underground and Active Guerrilla kinds.
func guerrillaKinds(f Faction) (underground, active Piece, ok bool) {
	switch f {
	case NAT:
		return NATGuerrilla, NATGuerrillaActive, true
	case CPC:
		return CPCGuerrilla, CPCGuerrillaActive, true
	}
	return 0, 0, false
}

// boxKind is the kind under which a piece is kept off the map: Guerrillas
// have no state there (their Underground kind is used).
func boxKind(k Piece) Piece {
	switch k {
	case NATGuerrillaActive:
		return NATGuerrilla
	case CPCGuerrillaActive:
		return CPCGuerrilla
	}
	return k
}

// activate flips up to n Underground Guerrillas of faction f in a space to
// Active and returns how many flipped (1.4.3).
func (s *State) activate(id SpaceID, f Faction, n int) int {
	u, a, ok := guerrillaKinds(f)
	if !ok {
		return 0
	}
	p := &s.Spaces[id].Pieces
	n = min(n, int(p[u]))
	p[u] -= int16(n)
	p[a] += int16(n)
	return n
}

// place moves n pieces of kind k from Available into a space, placing
// Guerrillas Underground (1.4.3). It places as many as are Available and
// returns that number (1.4.1: ignore what cannot be placed).
func (s *State) place(id SpaceID, k Piece, n int) int {
	k = boxKind(k)
	n = min(n, int(s.Available[k]))
	s.Available[k] -= int16(n)
	s.Spaces[id].Pieces[k] += int16(n)
	return n
}

// removeTo moves n pieces of kind k from a space to a box (Available,
// Casualties or Out of Play), and returns how many moved.
func (s *State) removeTo(id SpaceID, k Piece, n int, box *Pieces) int {
	n = min(n, int(s.Spaces[id].Pieces[k]))
	s.Spaces[id].Pieces[k] -= int16(n)
	box[boxKind(k)] += int16(n)
	return n
}

// relocate moves n pieces of kind k between spaces, keeping a Guerrilla's
// state (1.4.3 play note).
func (s *State) relocate(from, to SpaceID, k Piece, n int) int {
	n = min(n, int(s.Spaces[from].Pieces[k]))
	s.Spaces[from].Pieces[k] -= int16(n)
	s.Spaces[to].Pieces[k] += int16(n)
	return n
}

// shiftSupport moves a Province's Support level one step toward dir
// (Support or Opposition), never for a Pop-0 Province (1.6).
func (s *State) shiftSupport(m *Map, id SpaceID, dir int) bool {
	sp := &s.Spaces[id]
	if !m.Spaces[id].IsProvince() || m.Spaces[id].Pop == 0 || sp.Support == dir {
		return false
	}
	sp.Support += dir
	return true
}

// basesLast reports whether a faction's Base in a space may be removed: no
// other piece of that faction remains there (3.2.5 "Bases last").
func basesLast(p *Pieces, f Faction) bool {
	var base Piece
	switch f {
	case NAT:
		base = NATBase
	case WLD:
		base = WLDBase
	case CPC:
		base = CPCBase
	default:
		return false
	}
	return p.Of(f) == p.N(base)
}

// onMap counts the pieces of kind k (either state, for Guerrillas) on the map.
func (s *State) onMap(k Piece) int {
	k = boxKind(k)
	n := 0
	for i := range s.Spaces {
		n += s.Spaces[i].Pieces.N(k)
		if k == NATGuerrilla || k == CPCGuerrilla {
			n += s.Spaces[i].Pieces.N(k + 1)
		}
	}
	return n
}

// canObtain reports whether the executing faction could place a piece of
// kind k: one is Available, or (1.4.1) one can be taken from the map,
// except JPN Troops.
func (s *State) canObtain(k Piece) bool {
	k = boxKind(k)
	return s.Available[k] > 0 || (k != JPNTroop && s.onMap(k) > 0)
}

// placeOwn places up to n of the executing faction's pieces of kind k in a
// space. When none is Available the faction may take them from elsewhere on
// the map, even from the same space (1.4.1 and its example; not JPN Troops).
// A Guerrilla taken from the map is taken Active if one is, and is placed
// Underground (1.4.3; docs/rulings.md). It returns how many were placed.
func (o *opCtx) placeOwn(r *run, id SpaceID, k Piece, n int) (int, error) {
	s := r.s
	k = boxKind(k)
	placed := s.place(id, k, n)
	for placed < n && k != JPNTroop {
		src, err := r.askSpace(o.f, sayAsked(r, "No %s Available to place in %s (%d more wanted). Take one from the map?", k, r.name(id), n-placed), "skip: place no more", func(add func(SpaceID)) {
			// The space itself is a legal source too (1.4.1 example): it
			// turns an Active Guerrilla Underground, and in a replacement
			// it removes the replaced piece.
			for i := range s.Spaces {
				p := &s.Spaces[i].Pieces
				if p[k] > 0 || ((k == NATGuerrilla || k == CPCGuerrilla) && p[k+1] > 0) {
					add(SpaceID(i))
				}
			}
		})
		if err != nil {
			return placed, err
		}
		if src < 0 {
			break
		}
		from := k
		if (k == NATGuerrilla || k == CPCGuerrilla) && s.Spaces[src].Pieces[k+1] > 0 {
			from = k + 1
		}
		s.Spaces[src].Pieces[from]--
		s.Spaces[id].Pieces[k]++
		placed++
		r.note(o.f, "%s took a %s from %s to place in %s (none Available).", o.f, k, r.name(src), r.name(id))
	}
	return placed, nil
}
