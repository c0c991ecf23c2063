package engine

import (
	"fmt"
)

// placement is what the setup puts in one space.
type placement struct {
	space   string
	support int
	terror  bool
	pieces  Pieces
}

// scenario is one setup page of the rulebook.
type scenario struct {
	commitment, patronage, aid, aidReset int
	resources                            [NumFactions]int
	spaces                               []placement
	available                            Pieces
	// locOrder is who may move pieces onto bordering LoCs after setup, in order.
	locOrder []Faction
	// piles is how many piles of 12 Events go into the deck (Deck Preparation).
	piles int
}

// p builds a Pieces value from piece/count pairs.
func p(kv ...int) Pieces {
	var out Pieces
	for i := 0; i < len(kv); i += 2 {
		out[kv[i]] += int16(kv[i+1])
	}
	return out
}

const (
	jt = int(JPNTroop)
	jp = int(JPNPolice)
	nt = int(NATTroop)
	ng = int(NATGuerrilla)
	nb = int(NATBase)
	wt = int(WLDTroop)
	wb = int(WLDBase)
	cg = int(CPCGuerrilla)
	cb = int(CPCBase)
)

// scenarios are the 1937 and 1938 setups exactly as printed (Setup and
// Scenarios). Control markers are not listed: Control is computed, and a test
// checks it against all 44 printed markers.
var scenarios = map[string]scenario{
	"1937": {
		commitment: 25, patronage: 15, aid: 2, aidReset: 2,
		resources: [NumFactions]int{JPN: 30, NAT: 4, WLD: 4, CPC: 4},
		spaces: []placement{
			{space: "Manchukuo", pieces: p(jt, 12)},
			{space: "Chahar", pieces: p(wt, 1)},
			{space: "Suiyuan", pieces: p(wt, 1)},
			{space: "Shandong", pieces: p(wt, 2)},
			{space: "Hebei", pieces: p(nt, 1, wt, 2, wb, 1)},
			{space: "Shanxi", pieces: p(nt, 1, wt, 1, wb, 1)},
			{space: "Shaanxi", support: Opposition, pieces: p(nt, 3, wt, 1, cg, 6, cb, 2)},
			{space: "Gansu", pieces: p(nt, 1)},
			{space: "Jiangsu", support: Support, pieces: p(nt, 3, nb, 2, wt, 1)},
			{space: "Anhui", support: Support, pieces: p(nt, 1, nb, 1, wt, 1)},
			{space: "Henan", support: Opposition, pieces: p(nt, 3, wt, 2)},
			{space: "Hubei", support: Support, pieces: p(nt, 1, nb, 1, cg, 1)},
			{space: "Sichuan", pieces: p(nt, 1, wt, 4, wb, 2)},
			{space: "Shanghai", support: Support, pieces: p(nt, 3, nb, 2, wt, 1)},
			{space: "Wannan", support: Opposition, pieces: p(cg, 1)},
			{space: "Hunan", pieces: p(nt, 2)},
			{space: "Guizhou", pieces: p(nt, 1, nb, 1)},
			{space: "Yunnan", pieces: p(wt, 1, wb, 1)},
			{space: "Zhejiang", pieces: p(nt, 1)},
			{space: "Jiangxi", support: Support, pieces: p(nt, 1, nb, 1, cg, 1)},
			{space: "Fujian", pieces: p(nt, 1, wt, 1)},
			{space: "Guangdong", support: Support, pieces: p(nt, 2, nb, 1, wt, 2, wb, 1)},
			{space: "Guangxi", pieces: p(wt, 1, wb, 1)},
		},
		available: p(jt, 18, jp, 9, nt, 4, ng, 6, wt, 2, wb, 2, cg, 9, cb, 7),
		locOrder:  []Faction{NAT, WLD, CPC},
		piles:     4,
	},
	"1938": {
		commitment: 22, patronage: 13, aid: 3, aidReset: 3,
		resources: [NumFactions]int{JPN: 24, NAT: 7, WLD: 6, CPC: 4},
		spaces: []placement{
			{space: "Chahar", pieces: p(nt, 1, wt, 2)},
			{space: "Suiyuan", pieces: p(nt, 1, wt, 2)},
			{space: "Shandong", pieces: p(jt, 3, wt, 3)},
			{space: "Hebei", pieces: p(jt, 7, jp, 1, nt, 3, wt, 2, wb, 1, cg, 1)},
			{space: "Shanxi", support: Opposition, pieces: p(jt, 1, jp, 1, nt, 2, wt, 2, wb, 1, cg, 3, cb, 1)},
			{space: "Shaanxi", support: Opposition, pieces: p(nt, 3, wt, 1, cg, 4, cb, 2)},
			{space: "Gansu", pieces: p(nt, 1)},
			{space: "Jiangsu", terror: true, pieces: p(jt, 5, ng, 2)},
			{space: "Anhui", support: Support, pieces: p(nt, 3, nb, 1)},
			{space: "Henan", support: Opposition, pieces: p(nt, 2, wt, 1, cg, 1)},
			{space: "Hubei", support: Support, pieces: p(nt, 1, nb, 1, wt, 1, wb, 1, cg, 1)},
			{space: "Sichuan", pieces: p(nb, 1, wt, 1, wb, 1)},
			{space: "Shanghai", terror: true, pieces: p(jt, 5)},
			{space: "Wannan", support: Opposition, pieces: p(nt, 2, cg, 2)},
			{space: "Hunan", pieces: p(nt, 2)},
			{space: "Guizhou", support: Support, pieces: p(nb, 1)},
			{space: "Yunnan", pieces: p(wt, 1, wb, 1)},
			{space: "Zhejiang", pieces: p(nt, 2, wt, 2)},
			{space: "Jiangxi", support: Support, pieces: p(nt, 1, nb, 1)},
			{space: "Fujian", pieces: p(nt, 1)},
			{space: "Guangdong", support: Support, pieces: p(nt, 3, nb, 1, wt, 1, wb, 1)},
			{space: "Guangxi", pieces: p(wt, 1, wb, 1)},
		},
		available: p(jt, 9, jp, 7, nt, 2, ng, 4, nb, 3, wt, 4, wb, 2, cg, 6, cb, 6),
		locOrder:  []Faction{JPN, NAT, WLD, CPC},
		piles:     3,
	},
}

// Scenarios lists the scenario names.
var Scenarios = []string{"1937", "1938"}

// setup builds the starting state of a scenario (2.1, Setup and Scenarios).
func setup(m *Map, d *Deck, name string, seed uint64, o Options) (*State, error) {
	sc, ok := scenarios[name]
	if !ok {
		return nil, fmt.Errorf("unknown scenario %q (want 1937 or 1938)", name)
	}
	s := &State{
		Scenario: name, Options: o, RNG: seed,
		Spaces:     make([]SpaceState, len(m.Spaces)),
		Available:  sc.available,
		Resources:  sc.resources,
		Commitment: sc.commitment, Patronage: sc.patronage, Aid: sc.aid, AidReset: sc.aidReset,
	}
	for _, pl := range sc.spaces {
		id, ok := m.ID(pl.space)
		if !ok {
			return nil, fmt.Errorf("scenario %s names unknown space %q", name, pl.space)
		}
		s.Spaces[id] = SpaceState{Pieces: pl.pieces, Support: pl.support, Terror: pl.terror}
	}
	if err := prepareDeck(s, d, sc.piles); err != nil {
		return nil, err
	}
	s.Step = Step{Kind: "setup_locs", Faction: sc.locOrder[0]}
	return s, nil
}

// prepareDeck builds the draw deck (Deck Preparation). The Events are
// shuffled and split into piles of 12. One Propaganda card goes into the
// bottom half of the first pile, one into each other pile, and the piles are
// stacked with the first on top. In 1938 a fourth pile is removed unseen and
// a Propaganda card starts face up as already played.
//
// The rulebook says the bottom-half card goes into "one pile"; we read that as
// the first pile, so every Campaign lasts at least six cards (docs/rulings.md).
func prepareDeck(s *State, d *Deck, piles int) error {
	var events, props []int
	for _, n := range d.Numbers() {
		if d.IsPropaganda(n) {
			props = append(props, n)
		} else {
			events = append(events, n)
		}
	}
	if len(events) != NumEvents || len(props) != NumPropaganda {
		return fmt.Errorf("deck has %d Events and %d Propaganda cards", len(events), len(props))
	}
	shuffle(&s.RNG, events)
	if piles == 3 {
		s.Removed = append(s.Removed, events[36:]...)
		events = events[:36]
		s.Played = append(s.Played, props[3])
		props = props[:3]
	}
	const size = 12
	for i := 0; i < piles; i++ {
		pile := append([]int(nil), events[i*size:(i+1)*size]...)
		if i == 0 {
			// Bottom half: the last 6 cards and the Propaganda card, shuffled.
			bottom := append(append([]int(nil), pile[size/2:]...), props[i])
			shuffle(&s.RNG, bottom)
			pile = append(pile[:size/2], bottom...)
		} else {
			pile = append(pile, props[i])
			shuffle(&s.RNG, pile)
		}
		s.Deck = append(s.Deck, pile...)
	}
	return nil
}
