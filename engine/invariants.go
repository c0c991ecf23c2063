package engine

import (
	"errors"
	"fmt"
)

// CheckInvariants verifies what must hold in every reachable state (design.md):
// piece conservation, stacking, the boxes' contents, track bounds, markers
// only where they may be, and a well-formed card flow. It returns every
// violation found, joined.
func CheckInvariants(m *Map, d *Deck, s *State) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if len(s.Spaces) != len(m.Spaces) {
		return fmt.Errorf("state has %d spaces, map has %d", len(s.Spaces), len(m.Spaces))
	}
	// Piece conservation (1.2, 1.4.1): 144 pieces across map and boxes.
	var total Pieces
	for i := range s.Spaces {
		for k, v := range s.Spaces[i].Pieces {
			if v < 0 {
				bad("%s: negative %s", m.Spaces[i].Name, Piece(k))
			}
			total[k] += v
		}
	}
	for _, box := range []*Pieces{&s.Available, &s.Casualties, &s.OutOfPlay} {
		for k, v := range box {
			if v < 0 {
				bad("negative %s in a box", Piece(k))
			}
			total[k] += v
		}
	}
	for _, k := range []Piece{NATGuerrilla, CPCGuerrilla} {
		total[k] += total[k+1]
		total[k+1] = 0
	}
	if total != Pool {
		bad("piece conservation: have %v, want %v", total, Pool)
	}
	if s.Available[NATGuerrillaActive]+s.Available[CPCGuerrillaActive]+s.Casualties[NATGuerrillaActive]+s.Casualties[CPCGuerrillaActive]+s.OutOfPlay[NATGuerrillaActive]+s.OutOfPlay[CPCGuerrillaActive] > 0 {
		bad("an Active Guerrilla is off the map")
	}
	// Casualties hold only cubes; Out of Play only JPN and NAT Troops (1.3.7).
	for k, v := range s.Casualties {
		if v > 0 && !Piece(k).Cube() {
			bad("Casualties hold %d %s, but only cubes go there", v, Piece(k))
		}
	}
	for k, v := range s.OutOfPlay {
		if v > 0 && Piece(k) != JPNTroop && Piece(k) != NATTroop {
			bad("Out of Play holds %d %s, but only JPN and NAT Troops go there", v, Piece(k))
		}
	}
	// Stacking and markers (1.4.2, 1.6, 1.10).
	for i := range s.Spaces {
		sp, st := &m.Spaces[i], &s.Spaces[i]
		p := &st.Pieces
		switch {
		case !sp.Enterable && p.Total() > 0:
			bad("%s holds pieces but is out of play", sp.Name)
		case sp.JPNOnly && p.Total() != p.Of(JPN):
			bad("%s holds non-JPN pieces", sp.Name)
		case sp.IsLoC() && p.Bases() > 0:
			bad("%s is a LoC but holds a Base", sp.Name)
		case sp.IsProvince() && p.Bases() > 2:
			bad("%s holds %d Bases (at most 2)", sp.Name, p.Bases())
		}
		if st.Support < Opposition || st.Support > Support {
			bad("%s: support level %d", sp.Name, st.Support)
		}
		if st.Support != Neutral && (!sp.IsProvince() || sp.Pop == 0) {
			bad("%s has %s but only Provinces with Pop may", sp.Name, SupportName(st.Support))
		}
		if st.Terror && !sp.IsProvince() {
			bad("%s has Terror but is not a Province", sp.Name)
		}
		if st.Sabotage && !sp.IsLoC() {
			bad("%s has Sabotage but is not a LoC", sp.Name)
		}
	}
	// Track bounds (1.8).
	for _, f := range Factions {
		if s.Resources[f] < 0 || s.Resources[f] > 60 {
			bad("%s Resources %d outside 0..60", f, s.Resources[f])
		}
	}
	for _, t := range []struct {
		name   string
		v, max int
	}{{"Commitment", s.Commitment, 60}, {"Patronage", s.Patronage, 30}, {"Foreign Aid", s.Aid, 10}, {"Foreign Aid Reset", s.AidReset, 10}} {
		if t.v < 0 || t.v > t.max {
			bad("%s %d outside 0..%d", t.name, t.v, t.max)
		}
	}
	// Card flow: every card exactly once across deck, current, held, played
	// and removed.
	seen := map[int]int{}
	for _, list := range [][]int{s.Deck, s.Played, s.Removed, {s.Current, s.Held}} {
		for _, n := range list {
			if n == 0 {
				continue
			}
			if d.Card(n) == nil {
				bad("card #%d is not in the deck", n)
			}
			seen[n]++
		}
	}
	for _, n := range d.Numbers() {
		if seen[n] != 1 {
			bad("card #%d appears %d times", n, seen[n])
		}
	}
	for _, v := range s.Dice {
		if v < 1 || v > 6 {
			bad("queued die roll %d outside 1..6", v)
		}
	}
	if err := s.Options.Validate(); err != nil {
		bad("options: %v", err)
	}
	return errors.Join(errs...)
}
