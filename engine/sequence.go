package engine

import (
	"fmt"
	"strings"
)

func init() {
	steps["setup_locs"] = stepSetupLoCs
	steps["start"] = stepStart
	steps["eligible"] = stepEligible
}

// movablePiece is what a faction may move onto LoCs after setup: its Troops,
// or CPC Guerrillas (Setup, "Lines of Communication").
func movablePiece(f Faction) Piece {
	return [NumFactions]Piece{JPN: JPNTroop, NAT: NATTroop, WLD: WLDTroop, CPC: CPCGuerrilla}[f]
}

// borderingLoCs are the LoCs that "form the border of" a Province: the LoCs
// adjacent to it (map-research.md §4.5), listed once per map; callers must
// not change the list.
func borderingLoCs(m *Map, id SpaceID) []SpaceID { return m.locs[id] }

// stepSetupLoCs lets each faction in the scenario's order move pieces from
// the Province they were set up in onto bordering LoCs (Setup).
func stepSetupLoCs(r *run) error {
	s, f := r.s, r.s.Step.Faction
	k := movablePiece(f)
	for {
		origin, err := r.askSpace(f, sayAsked(r, "Setup: move %s onto bordering LoCs? Choose a Province to move from", k), "done: no more moves", func(add func(SpaceID)) {
			for i := range s.Spaces {
				id := SpaceID(i)
				if r.m.Spaces[i].IsProvince() && s.Spaces[i].Pieces[k] > 0 && len(borderingLoCs(r.m, id)) > 0 {
					add(id)
				}
			}
		})
		if err != nil {
			return err
		}
		if origin < 0 {
			break
		}
		loc, err := r.askSpace(f, sayAsked(r, "Setup: move %s from %s onto which LoC?", k, r.name(origin)), "", func(add func(SpaceID)) {
			for _, l := range borderingLoCs(r.m, origin) {
				add(l)
			}
		})
		if err != nil {
			return err
		}
		n, err := r.askCount(f, sayAsked(r, "Setup: how many %s from %s to %s?", k, r.name(origin), r.name(loc)), 1, s.Spaces[origin].Pieces.N(k))
		if err != nil {
			return err
		}
		s.Spaces[origin].Pieces[k] -= int16(n)
		s.Spaces[loc].Pieces[k] += int16(n)
		r.note(f, "Setup: moved %d %s from %s to %s.", n, k, r.name(origin), r.name(loc))
	}
	order := scenarios[s.Scenario].locOrder
	for i, o := range order {
		if o == f && i+1 < len(order) {
			s.Step = Step{Kind: "setup_locs", Faction: order[i+1]}
			return nil
		}
	}
	s.Step = Step{Kind: "start"}
	return nil
}

// stepStart reveals the first card and the one after it (2.2).
func stepStart(r *run) error {
	r.s.EventsSinceRound = 1
	advanceCard(r)
	return nil
}

// order is the Faction order that governs the current card (2.3.2), or under
// Eligibility Option A the order of the next Event card.
func (s *State) order(d *Deck) [NumFactions]Faction {
	if s.Options.EligA && len(s.Deck) > 0 && !d.IsPropaganda(s.Deck[0]) {
		return d.Card(s.Deck[0]).Order
	}
	return d.Card(s.Current).Order
}

// actOf returns what faction f did on the current card, if anything.
func (s *State) actOf(f Faction) (Act, bool) {
	for _, a := range s.Acts {
		if a.Faction == f {
			return a, true
		}
	}
	return Act{}, false
}

// executed counts the factions that executed an Operation or Event on the
// current card and returns the first of them.
func (s *State) executed() (n int, first Act) {
	for _, a := range s.Acts {
		if a.Did.Executed() {
			if n == 0 {
				first = a
			}
			n++
		}
	}
	return n, first
}

// NextEligible is the faction that decides next on the current Event card
// and whether it is the 1st Eligible (2.3.2, 2.3.3). ok is false once two
// factions have executed or every Eligible faction has acted or passed.
func (s *State) NextEligible(d *Deck) (f Faction, first bool, ok bool) {
	n, _ := s.executed()
	if n >= 2 {
		return 0, false, false
	}
	for _, c := range s.order(d) {
		if s.Elig[c] != Eligible || s.EventElig[c] == EventEligIneligible {
			continue
		}
		if _, acted := s.actOf(c); acted {
			continue
		}
		return c, n == 0, true
	}
	return 0, false, false
}

// SecondOptions are the 2nd Eligible's options after the 1st Eligible did
// first (2.3.4): a Limited Operation, a full Operation with or without a
// Special Activity, and/or the Event. A JPN Large Offensive ignores this
// table (2.3.8).
type SecondOptions struct {
	LimitedOp, FullOp, Event bool
}

// secondOptions is the table under the Sequence of Play track (2.3.4).
func secondOptions(first Did) SecondOptions {
	switch first {
	case DidOp:
		return SecondOptions{LimitedOp: true}
	case DidOpSA:
		return SecondOptions{LimitedOp: true, Event: true}
	case DidEvent:
		return SecondOptions{FullOp: true}
	}
	return SecondOptions{LimitedOp: true, FullOp: true, Event: true}
}

// passIncome is what a Passing faction gains (2.3.3).
var passIncome = [NumFactions]int{JPN: 3, NAT: 2, WLD: 1, CPC: 1}

// passLabels are the Pass choices' labels, by faction.
var passLabels = func() (labels [NumFactions]string) {
	for f, n := range passIncome {
		labels[f] = fmt.Sprintf("Pass (+%d Resources)", n)
	}
	return labels
}()

// stepEligible gives the next Eligible faction its options on the current
// Event card (2.3.4): Pass, an Operation (a Limited one as 2nd Eligible when
// the table says so), the Event (unshaded or shaded, 5.2), and for JPN a
// Large Offensive (2.3.8). Only Operations that can actually be carried out
// are offered; the Event always is, since it does what it can (5.1.3).
func stepEligible(r *run) error {
	s := r.s
	f, first, ok := s.NextEligible(r.d)
	if !ok {
		endCard(r)
		return nil
	}
	card := r.d.Card(s.Current)
	which, opts := "1st", SecondOptions{FullOp: true, Event: true}
	if !first {
		_, firstAct := s.executed()
		which, opts = "2nd", secondOptions(firstAct.Did)
	}
	offer := func(c *choiceList, way int, o opCtx) {
		r.op = o // checked in place, so that checking allocates nothing
		if canStart(r, &r.op) {
			ch := opChoices[way][o.kind]
			c.add(ch.ID, ch.Label)
		}
	}
	ans, err := r.ask(f, sayAsked(r, "%s is %s Eligible on #%d %s: choose an action", f, which, card.Number, card.Title), func(c *choiceList) {
		c.add("pass", passLabels[f])
		for _, k := range FactionOps[f] {
			if opts.FullOp {
				offer(c, wayOp, opCtx{f: f, kind: k, saKinds: saKindsFor(f, k)})
			}
			if opts.LimitedOp {
				offer(c, wayLimited, opCtx{f: f, kind: k, limited: true})
			}
		}
		if opts.Event {
			if card.Shaded != nil {
				c.addJoined("event:unshaded", "Event (unshaded): ", card.Unshaded.Text)
				c.addJoined("event:shaded", "Event (shaded): ", card.Shaded.Text)
			} else {
				c.addJoined("event", "Event: ", card.Unshaded.Text)
			}
		}
		if f == JPN && !s.LargeOffensiveUsed && s.Commitment > 0 {
			for _, k := range FactionOps[f] {
				offer(c, wayLargeOffensive, opCtx{f: f, kind: k, free: true, largeOffensive: true, saKinds: saKindsFor(f, k)})
			}
		}
	})
	if err != nil {
		return err
	}
	if ans == "pass" {
		s.addResources(f, passIncome[f])
		s.Acts = append(s.Acts, Act{Faction: f, Did: DidPass})
		r.note(f, "%s passed on #%d and gains %d Resources.", f, card.Number, passIncome[f])
		return nil
	}
	kind, rest, _ := strings.Cut(ans, ":")
	if kind == "event" {
		r.executing, r.executor = true, f
		if err := runEvent(r, f, card, rest); err != nil {
			return err
		}
		r.executing = false
		s.Acts = append(s.Acts, Act{Faction: f, Did: DidEvent})
		return nil
	}
	r.op = opCtx{f: f, kind: OpKind(rest), spaces: r.opSpaces[:0]}
	o := &r.op
	switch kind {
	case "op":
		o.saKinds = saKindsFor(f, o.kind)
	case "limop":
		o.limited = true
	case "lo":
		// 2.3.8: free, Commitment -1, marker used.
		o.free, o.largeOffensive, o.saKinds = true, true, saKindsFor(f, o.kind)
		s.Commitment--
		s.LargeOffensiveUsed = true
	default:
		return fmt.Errorf("engine: unhandled action %q", ans)
	}
	r.executing, r.executor = true, f
	err = runOp(r, o)
	r.opSpaces = o.spaces[:0]
	if err != nil {
		return err
	}
	r.executing = false
	did := DidOp
	switch {
	case o.limited:
		did = DidLimOp
	case o.sa != "":
		did = DidOpSA
	}
	s.Acts = append(s.Acts, Act{Faction: f, Did: did, LargeOffensive: o.largeOffensive})
	return nil
}

// The ways an Operation is offered to an Eligible faction, and the choices
// offering each Operation each way, built once.
const (
	wayOp = iota
	wayLimited
	wayLargeOffensive
)

var opChoices = func() (t [3]map[OpKind]Choice) {
	ways := [3]struct{ prefix, label string }{
		wayOp:             {"op:", "Operation: "},
		wayLimited:        {"limop:", "Limited Operation: "},
		wayLargeOffensive: {"lo:", "Large Offensive (free, Commitment -1): "},
	}
	for i, w := range ways {
		t[i] = map[OpKind]Choice{}
		for k, l := range opLabels {
			t[i][k] = Choice{ID: w.prefix + string(k), Label: w.label + l}
		}
	}
	return t
}()

// addResources changes a faction's Resources within 0..60 (1.8).
func (s *State) addResources(f Faction, n int) {
	s.Resources[f] = clamp(s.Resources[f]+n, 0, 60)
}

func clamp(v, lo, hi int) int {
	return max(lo, min(hi, v))
}

// endCard adjusts eligibility (2.3.6) and moves to the next card (2.3.7).
func endCard(r *run) {
	s := r.s
	_, first := s.executed()
	for _, f := range Factions {
		a, acted := s.actOf(f)
		switch {
		case !acted || !a.Did.Executed():
			s.Elig[f] = Eligible
		case s.Options.EligB:
			// Option B: only Event text makes a faction Ineligible.
			s.Elig[f] = Eligible
		case a.LargeOffensive && first.Faction == f:
			// 2.3.8: a Large Offensive as 1st Eligible keeps JPN Eligible.
			s.Elig[f] = Eligible
		default:
			s.Elig[f] = Ineligible
		}
		// An Event's eligibility effect overrides the above (2.3.6 "unless
		// otherwise specified by the Event"; "rendered Ineligible by an
		// Event").
		switch s.EventElig[f] {
		case EventEligStays:
			s.Elig[f] = Eligible
		case EventEligIneligible:
			s.Elig[f] = Ineligible
		}
	}
	s.EventElig = [NumFactions]EventElig{}
	s.Acts = nil
	s.EventsSinceRound++
	s.Played = append(s.Played, s.Current)
	s.Current = 0
	advanceCard(r)
}

// advanceCard makes the top of the draw deck the current card and reveals
// the next (2.3.7), starting a Propaganda Round when a Propaganda card comes
// up. It runs with no current card.
func advanceCard(r *run) {
	s := r.s
	r.revealed()
	for {
		if len(s.Deck) == 0 {
			endGame(r, true, "the draw deck ran out")
			return
		}
		top := s.Deck[0]
		s.Deck = s.Deck[1:]
		if !r.d.IsPropaganda(top) {
			s.Current = top
			break
		}
		if s.EventsSinceRound == 0 {
			removeBackToBack(r, top)
			if s.Over() {
				return
			}
			continue
		}
		// A Propaganda card reached the top with no Event to switch with
		// (No Reveal): its Round is played at once.
		s.Current = top
		startRound(r)
		return
	}
	revealNext(r)
}

// revealNext looks at the card after the current Event card (2.3.7). A
// Propaganda card there is switched in as the current card, and the Event
// is held to open the next Campaign (or discarded, under Sudden Propaganda
// Discard). Under No Reveal nothing is looked at.
func revealNext(r *run) {
	s := r.s
	for !s.Options.NoReveal && len(s.Deck) > 0 && r.d.IsPropaganda(s.Deck[0]) {
		prop := s.Deck[0]
		s.Deck = s.Deck[1:]
		if s.EventsSinceRound == 0 {
			removeBackToBack(r, prop)
			if s.Over() {
				return
			}
			continue
		}
		if s.Options.SuddenDiscard {
			r.sys("#%d %s is discarded unplayed (Sudden Propaganda Discard).", s.Current, r.d.Card(s.Current).Title)
			s.Played = append(s.Played, s.Current)
		} else {
			s.Held = s.Current
		}
		s.Current = prop
		startRound(r)
		return
	}
	s.Step = Step{Kind: "eligible"}
}

// removeBackToBack removes a Propaganda card drawn right after a Propaganda
// Round (6.0 exception). If it was the last Propaganda card, the Round just
// played was the last one and the game ends by 7.3 (docs/rulings.md).
func removeBackToBack(r *run, card int) {
	s := r.s
	s.Removed = append(s.Removed, card)
	r.sys("Propaganda card #%d came up right after a Propaganda Round and is removed (6.0).", card)
	if !s.propagandaLeft(r.d) {
		endGame(r, true, "the last Propaganda card came up back-to-back and was removed")
	}
}

// propagandaLeft reports whether a Propaganda card remains in the draw deck.
func (s *State) propagandaLeft(d *Deck) bool {
	for _, n := range s.Deck {
		if d.IsPropaganda(n) {
			return true
		}
	}
	return false
}

// NextCard is the card the players see as next (2.3.7), or 0 when none is
// showing: under the No Reveal option, before the first card is drawn, and
// during a Propaganda Round (the top of the draw deck is looked at only
// once the Round's Event card, or the next one drawn, is current).
// Everything else in the draw deck is hidden, and so is its order.
func (s *State) NextCard(d *Deck) int {
	if s.Options.NoReveal || s.Current == 0 || d.IsPropaganda(s.Current) || len(s.Deck) == 0 {
		return 0
	}
	return s.Deck[0]
}

// PropagandaInDeck counts the Propaganda cards left in the draw deck: public
// knowledge, since every other Propaganda card has been seen.
func (s *State) PropagandaInDeck(d *Deck) int {
	n := 0
	for _, c := range s.Deck {
		if d.IsPropaganda(c) {
			n++
		}
	}
	return n
}
