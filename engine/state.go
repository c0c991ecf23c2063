package engine

// Support levels of a Province (1.6). LoCs and Pop-0 Provinces are always
// Neutral.
const (
	Opposition = -1
	Neutral    = 0
	Support    = 1
)

// SpaceState is what can change in one space.
type SpaceState struct {
	Pieces   Pieces `json:"pieces"`
	Support  int    `json:"support,omitempty"`  // Opposition, Neutral or Support
	Terror   bool   `json:"terror,omitempty"`   // Provinces only (1.10)
	Sabotage bool   `json:"sabotage,omitempty"` // LoCs only (1.10)
}

// Eligibility is where a faction's cylinder sits on the Sequence of Play track.
type Eligibility uint8

const (
	Eligible Eligibility = iota
	Ineligible
)

// Did records what a faction did on the current card (2.3.4), which fixes the
// 2nd Eligible's options and the cylinder's box.
type Did string

const (
	DidPass  Did = "pass"
	DidOp    Did = "op"    // Operation only
	DidOpSA  Did = "op+sa" // Operation with Special Activity
	DidLimOp Did = "limop" // Limited Operation
	DidEvent Did = "event" // the card's Event
)

// Executed reports whether the faction executed an Operation or Event, as
// opposed to Passing.
func (d Did) Executed() bool { return d != DidPass && d != "" }

// Act is one faction's turn on an Event card.
type Act struct {
	Faction Faction `json:"faction"`
	Did     Did     `json:"did"`
	// LargeOffensive marks a JPN Large Offensive (2.3.8); Did then says
	// whether it was an Operation with or without a Special Activity.
	LargeOffensive bool `json:"large_offensive,omitempty"`
}

// Step names the procedure the game runs next. The sequence of play is a
// chain of steps; each step is one faction's action or an automatic phase.
type Step struct {
	Kind    string  `json:"kind"`
	Faction Faction `json:"faction,omitempty"`
}

// State is the whole game state. Everything derived from it (Control,
// victory totals, Econ sums, Bases on the map) is computed by methods, never
// stored, so it cannot go stale.
type State struct {
	Scenario string  `json:"scenario"`
	Options  Options `json:"options"`
	RNG      uint64  `json:"rng"`

	Spaces     []SpaceState `json:"spaces"`
	Available  Pieces       `json:"available"`
	Casualties Pieces       `json:"casualties"`
	OutOfPlay  Pieces       `json:"out_of_play"`

	Resources  [NumFactions]int `json:"resources"`
	Commitment int              `json:"commitment"`
	Patronage  int              `json:"patronage"`
	Aid        int              `json:"aid"`
	AidReset   int              `json:"aid_reset"`
	// LargeOffensiveUsed is true when the marker shows its used side (2.3.8).
	LargeOffensiveUsed bool `json:"large_offensive_used,omitempty"`

	// Capabilities and Momentum in effect (5.3, 5.4), by modifier id, sorted.
	Capabilities []string `json:"capabilities,omitempty"`
	Momentum     []string `json:"momentum,omitempty"`
	// Floods names the Province holding the Floods marker, if any (the
	// stand-in deck's #16; removed at Reset, 6.6).
	Floods string `json:"floods,omitempty"`

	Elig [NumFactions]Eligibility `json:"eligibility"`
	// EventElig holds the eligibility effects of Events executed on the
	// current card (deck.md §4.5): a faction made Ineligible is skipped at
	// once; both kinds decide its box at the next adjustment (2.3.6).
	// Cleared when the card ends.
	EventElig [NumFactions]EventElig `json:"event_elig,omitzero"`

	// The card flow (2.2, 2.3.7). Deck[0] is the top of the draw deck, which
	// is the revealed next card unless the No Reveal option is on.
	Deck    []int `json:"deck"`
	Played  []int `json:"played"`
	Current int   `json:"current"`
	// Held is the Event card switched out for a Propaganda card (2.3.7); it is
	// played first after the Propaganda Round.
	Held int `json:"held,omitempty"`
	// Removed lists cards taken out of the game (the unseen 1938 pile, a
	// back-to-back Propaganda card), for the record.
	Removed []int `json:"removed,omitempty"`
	// Acts lists who did what on the current Event card, in order.
	Acts []Act `json:"acts,omitempty"`
	// Rounds counts the Propaganda Rounds begun.
	Rounds int `json:"rounds"`
	// EventsSinceRound counts Event cards completed since the last
	// Propaganda Round; a Propaganda card that comes up while it is 0 is
	// back-to-back and removed (6.0 exception).
	EventsSinceRound int `json:"events_since_round"`

	Step   Step    `json:"step"`
	Result *Result `json:"result,omitempty"`

	// Dice holds die rolls queued by a hand-built position (StartAt): the
	// next rolls come from it, first to last, before the generator is used.
	Dice []int `json:"dice,omitempty"`
}

// clone returns a deep copy of s.
func (s *State) clone() *State {
	c := new(State)
	c.copyFrom(s)
	return c
}

// copyFrom makes s a deep copy of src, reusing s's slices where it can so a
// replay does not allocate.
func (s *State) copyFrom(src *State) {
	spaces, deck, played := s.Spaces, s.Deck, s.Played
	caps, mom, removed, acts, dice := s.Capabilities, s.Momentum, s.Removed, s.Acts, s.Dice
	*s = *src
	s.Spaces = append(spaces[:0], src.Spaces...)
	s.Deck = append(deck[:0], src.Deck...)
	s.Played = append(played[:0], src.Played...)
	s.Capabilities = cloneInto(caps, src.Capabilities)
	s.Momentum = cloneInto(mom, src.Momentum)
	s.Removed = cloneInto(removed, src.Removed)
	s.Acts = cloneInto(acts, src.Acts)
	s.Dice = cloneInto(dice, src.Dice)
	s.Options.Teams = cloneInto([][]Faction(nil), src.Options.Teams)
	if src.Result != nil {
		r := *src.Result
		s.Result = &r
	}
}

// copyForSearch is copyFrom for the runs of a search, which execute a
// Special Activity and test an Operation from a copy of the position
// thousands of times. Those never write the card flow, the modifiers in
// effect, the card's acts, the teams, the queued dice or the result
// (TestSearchesLeaveTheRestAlone), so only the spaces are copied; the other
// slices are shared with src, capped so that an append would copy them.
func (s *State) copyForSearch(src *State) {
	spaces := s.Spaces
	*s = *src
	s.Spaces = append(spaces[:0], src.Spaces...)
	s.Deck = src.Deck[:len(src.Deck):len(src.Deck)]
	s.Played = src.Played[:len(src.Played):len(src.Played)]
	s.Capabilities = src.Capabilities[:len(src.Capabilities):len(src.Capabilities)]
	s.Momentum = src.Momentum[:len(src.Momentum):len(src.Momentum)]
	s.Removed = src.Removed[:len(src.Removed):len(src.Removed)]
	s.Acts = src.Acts[:len(src.Acts):len(src.Acts)]
	s.Dice = src.Dice[:len(src.Dice):len(src.Dice)]
}

// cloneInto copies src into dst's storage, keeping nil as nil so that JSON
// output does not depend on whether a state was copied.
func cloneInto[T any](dst, src []T) []T {
	if src == nil {
		return nil
	}
	return append(dst[:0], src...)
}

// Space returns the changeable state of space id.
func (s *State) Space(id SpaceID) *SpaceState { return &s.Spaces[id] }

// HasModifier reports whether a Capability or Momentum modifier is in effect.
func (s *State) HasModifier(id string) bool {
	for _, c := range s.Capabilities {
		if c == id {
			return true
		}
	}
	for _, c := range s.Momentum {
		if c == id {
			return true
		}
	}
	return false
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.Result != nil }
