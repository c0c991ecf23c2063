package engine

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Faction is one of the four sides (1.5). The numeric order is the order the
// rules list them in and is used for arrays indexed by faction.
type Faction uint8

const (
	JPN Faction = iota
	NAT
	WLD
	CPC
	NumFactions = 4
)

// Factions lists every faction in index order.
var Factions = [NumFactions]Faction{JPN, NAT, WLD, CPC}

var factionNames = [NumFactions]string{"JPN", "NAT", "WLD", "CPC"}

func (f Faction) String() string {
	if int(f) < len(factionNames) {
		return factionNames[f]
	}
	return fmt.Sprintf("Faction(%d)", f)
}

// Chinese reports whether f is one of the Chinese factions (1.5.1).
func (f Faction) Chinese() bool { return f != JPN }

// ParseFaction reads a faction name, case-insensitively.
func ParseFaction(s string) (Faction, error) {
	for i, n := range factionNames {
		if strings.EqualFold(s, n) {
			return Faction(i), nil
		}
	}
	return 0, fmt.Errorf("unknown faction %q (want JPN, NAT, WLD or CPC)", s)
}

func (f Faction) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

func (f *Faction) UnmarshalText(b []byte) error {
	v, err := ParseFaction(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// Piece is a kind of force piece (1.4). Guerrillas have one kind per state,
// Underground or Active (1.4.3); in the off-map boxes only the Underground
// kind is used, since a Guerrilla there has no state.
type Piece uint8

const (
	JPNTroop Piece = iota
	JPNPolice
	NATTroop
	NATGuerrilla       // Underground
	NATGuerrillaActive // Active
	NATBase
	WLDTroop
	WLDBase
	CPCGuerrilla       // Underground
	CPCGuerrillaActive // Active
	CPCBase
	NumPieces
)

var pieceInfo = [NumPieces]struct {
	key     string // JSON key
	name    string // as players read it
	faction Faction
	cube    bool
	base    bool
	guer    bool
	active  bool
}{
	{"jpn_troops", "JPN Troops", JPN, true, false, false, true},
	{"jpn_police", "JPN Police", JPN, true, false, false, true},
	{"nat_troops", "NAT Troops", NAT, true, false, false, true},
	{"nat_guerrillas", "NAT Guerrillas (Underground)", NAT, false, false, true, false},
	{"nat_guerrillas_active", "NAT Guerrillas (Active)", NAT, false, false, true, true},
	{"nat_bases", "NAT Bases", NAT, false, true, false, true},
	{"wld_troops", "WLD Troops", WLD, true, false, false, true},
	{"wld_bases", "WLD Bases", WLD, false, true, false, true},
	{"cpc_guerrillas", "CPC Guerrillas (Underground)", CPC, false, false, true, false},
	{"cpc_guerrillas_active", "CPC Guerrillas (Active)", CPC, false, false, true, true},
	{"cpc_bases", "CPC Bases", CPC, false, true, false, true},
}

func (p Piece) String() string   { return pieceInfo[p].name }
func (p Piece) Faction() Faction { return pieceInfo[p].faction }
func (p Piece) Cube() bool       { return pieceInfo[p].cube }
func (p Piece) Base() bool       { return pieceInfo[p].base }
func (p Piece) Guerrilla() bool  { return pieceInfo[p].guer }

// Active reports whether the piece counts as Active (1.4.3): everything but
// an Underground Guerrilla.
func (p Piece) Active() bool { return pieceInfo[p].active }

// Troop reports whether p is a Troop cube of any faction.
func (p Piece) Troop() bool { return p == JPNTroop || p == NATTroop || p == WLDTroop }

// Pool is the force pool (forces.md, derived from both setups): 144 pieces.
// Guerrillas are counted under their Underground kind.
var Pool = Pieces{
	JPNTroop: 30, JPNPolice: 9,
	NATTroop: 30, NATGuerrilla: 6, NATBase: 9,
	WLDTroop: 24, WLDBase: 9,
	CPCGuerrilla: 18, CPCBase: 9,
}

// PoolTotal is the number of force pieces in the game (1.2).
const PoolTotal = 144

// Pieces counts pieces by kind, in a space or a box. A count is 16 bits
// (there are 144 pieces, 1.2): a position is mostly piece counts, and the
// searches copy and compare positions by the thousand.
type Pieces [NumPieces]int16

// N is the count of kind k as an int, for arithmetic.
func (p *Pieces) N(k Piece) int { return int(p[k]) }

// Total counts every piece.
func (p *Pieces) Total() int {
	n := 0
	for _, v := range p {
		n += int(v)
	}
	return n
}

// Of counts the pieces of faction f.
func (p *Pieces) Of(f Faction) int {
	if f >= NumFactions {
		return 0
	}
	n := 0
	r := factionPieces[f]
	for _, v := range p[r[0]:r[1]] {
		n += int(v)
	}
	return n
}

// factionPieces is where each faction's kinds lie in the piece order, from
// the first to one past the last: they are listed faction by faction, and
// counting a faction's pieces is asked in every search of a position
// (TestFactionPiecesInOrder keeps the ranges true).
var factionPieces = [NumFactions][2]Piece{
	JPN: {JPNTroop, NATTroop},
	NAT: {NATTroop, WLDTroop},
	WLD: {WLDTroop, CPCGuerrilla},
	CPC: {CPCGuerrilla, NumPieces},
}

// Bases counts Bases of every faction.
func (p *Pieces) Bases() int { return int(p[NATBase] + p[WLDBase] + p[CPCBase]) }

// Cubes counts Troops and Police of every faction.
func (p *Pieces) Cubes() int { return int(p[JPNTroop] + p[JPNPolice] + p[NATTroop] + p[WLDTroop]) }

// JPNCubes counts JPN Troops and Police.
func (p *Pieces) JPNCubes() int { return int(p[JPNTroop] + p[JPNPolice]) }

// ChineseTroops counts NAT and WLD Troops.
func (p *Pieces) ChineseTroops() int { return int(p[NATTroop] + p[WLDTroop]) }

// Guerrillas counts a faction's Guerrillas, Underground and Active.
func (p *Pieces) Guerrillas(f Faction) int {
	switch f {
	case NAT:
		return int(p[NATGuerrilla] + p[NATGuerrillaActive])
	case CPC:
		return int(p[CPCGuerrilla] + p[CPCGuerrillaActive])
	}
	return 0
}

// ActiveOf counts a faction's Active pieces (1.7): all but its Underground
// Guerrillas.
func (p *Pieces) ActiveOf(f Faction) int {
	switch f {
	case NAT:
		return p.Of(f) - int(p[NATGuerrilla])
	case CPC:
		return p.Of(f) - int(p[CPCGuerrilla])
	}
	return p.Of(f)
}

// MarshalJSON writes the non-zero counts as an object with stable keys, in
// piece order, so the output is byte-identical for equal values.
func (p Pieces) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for k, v := range p {
		if v == 0 {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		fmt.Fprintf(&b, "%q:%d", pieceInfo[k].key, v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func (p *Pieces) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("pieces: %w", err)
	}
	*p = Pieces{}
	for key, v := range m {
		k, ok := pieceByKey(key)
		if !ok {
			return fmt.Errorf("pieces: unknown piece %q", key)
		}
		if v < 0 || v > PoolTotal {
			return fmt.Errorf("pieces: %s count %d out of range", key, v)
		}
		p[k] = int16(v)
	}
	return nil
}

func pieceByKey(key string) (Piece, bool) {
	for k := range pieceInfo {
		if pieceInfo[k].key == key {
			return Piece(k), true
		}
	}
	return 0, false
}
