package engine

// Control is who controls a Province (1.7).
type Control uint8

const (
	Uncontrolled Control = iota
	NATControl
	WLDControl
)

func (c Control) String() string {
	return [...]string{"Uncontrolled", "NAT Control", "WLD Control"}[c]
}

// ControlOf computes Control of a Province (1.7): NAT or WLD controls it when
// its Active pieces outnumber all other Active pieces combined, ignoring JPN
// Troops. Underground Guerrillas do not count; JPN Police do. Only Provinces
// can be Controlled.
func (s *State) ControlOf(m *Map, id SpaceID) Control {
	if !m.Spaces[id].IsProvince() {
		return Uncontrolled
	}
	p := &s.Spaces[id].Pieces
	nat := p.ActiveOf(NAT)
	wld := p.ActiveOf(WLD)
	others := p.N(JPNPolice) + p.ActiveOf(CPC)
	switch {
	case nat > wld+others:
		return NATControl
	case wld > nat+others:
		return WLDControl
	}
	return Uncontrolled
}

// SupportOf is the Support level of a space (1.6).
func (s *State) SupportOf(id SpaceID) int { return s.Spaces[id].Support }

// BasesOnMap counts a faction's Bases on the map.
func (s *State) BasesOnMap(f Faction) int {
	var k Piece
	switch f {
	case NAT:
		k = NATBase
	case WLD:
		k = WLDBase
	case CPC:
		k = CPCBase
	default:
		return 0
	}
	n := 0
	for i := range s.Spaces {
		n += s.Spaces[i].Pieces.N(k)
	}
	return n
}

// TroopsOnMap counts a faction's Troops on the map.
func (s *State) TroopsOnMap(k Piece) int {
	n := 0
	for i := range s.Spaces {
		n += s.Spaces[i].Pieces.N(k)
	}
	return n
}

// hasEnemyOfJPN reports whether a space holds any Chinese piece.
func hasChinese(p *Pieces) bool {
	return p.Of(NAT)+p.Of(WLD)+p.Of(CPC) > 0
}

// JPNEcon is the Econ of LoCs with JPN cubes and no enemy pieces (1.9, 7.2).
func (s *State) JPNEcon(m *Map) int {
	n := 0
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		p := &s.Spaces[i].Pieces
		if sp.IsLoC() && p.JPNCubes() > 0 && !hasChinese(p) {
			n += sp.Econ
		}
	}
	return n
}

// NATEcon is the Econ of LoCs with neither Sabotage nor JPN cubes (6.2).
func (s *State) NATEcon(m *Map) int {
	n := 0
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		if sp.IsLoC() && !s.Spaces[i].Sabotage && s.Spaces[i].Pieces.JPNCubes() == 0 {
			n += sp.Econ
		}
	}
	return n
}

// SabotagedJPNEcon is the Econ of LoCs with both JPN forces and Sabotage (6.2).
func (s *State) SabotagedJPNEcon(m *Map) int {
	n := 0
	for i := range s.Spaces {
		sp := &m.Spaces[i]
		if sp.IsLoC() && s.Spaces[i].Sabotage && s.Spaces[i].Pieces.Of(JPN) > 0 {
			n += sp.Econ
		}
	}
	return n
}
