package engine

import (
	"slices"
	"strings"
	"testing"
)

// evCase is one execution of an Event side from a set-up position.
type evCase struct {
	name  string
	by    Faction // the executing faction (the only Eligible one)
	side  string  // "unshaded", "shaded", or "" for a single-text card
	setup func(t testing.TB, s *State)
	// steps answers the prompts in order. An entry is a choice ID, applied
	// for whoever is asked; "NAT>space:Hebei" also checks who is asked;
	// "=a|b|c" checks the prompt offers exactly those choices (any order);
	// "~a" checks that a is offered, "!a" that it is not.
	steps []string
	check func(t *testing.T, s *State)
}

// evSetup is a cleared 1937 board: card n is current, the next card is an
// Event, and only faction by is Eligible.
func evSetup(t testing.TB, n int, by Faction) *State {
	t.Helper()
	s := newState(t, "1937", 1)
	clearBoard(s)
	next := 1
	if n == 1 {
		next = 2
	}
	stackDeck(s, n, next)
	s.Step = Step{Kind: "start"}
	for _, f := range Factions {
		if f != by {
			s.Elig[f] = Ineligible
		}
	}
	return s
}

// evAfterEvent halts a game once an Event (or anything) was executed on
// the current card.
func evAfterEvent(s *State) bool { return len(s.Acts) > 0 }

// evAnswer applies the scripted steps to the game.
func evAnswer(t *testing.T, g *Game, steps []string) {
	t.Helper()
	for i, step := range steps {
		p := g.Prompt()
		if p == nil {
			t.Fatalf("step %d %q: no prompt (the action is complete)\n%s", i+1, step, logText(g))
		}
		ids := make([]string, len(p.Choices))
		for j, c := range p.Choices {
			ids[j] = c.ID
		}
		switch {
		case strings.HasPrefix(step, "="):
			want := strings.Split(step[1:], "|")
			slices.Sort(want)
			got := slices.Sorted(slices.Values(ids))
			if !slices.Equal(got, want) {
				t.Fatalf("step %d: %s asked %q with %v, want %v", i+1, p.Faction, p.Question, got, want)
			}
			continue
		case strings.HasPrefix(step, "~"):
			if !slices.Contains(ids, step[1:]) {
				t.Fatalf("step %d: %q does not offer %s: %v", i+1, p.Question, step[1:], ids)
			}
			continue
		case strings.HasPrefix(step, "!"):
			if slices.Contains(ids, step[1:]) {
				t.Fatalf("step %d: %q offers %s: %v", i+1, p.Question, step[1:], ids)
			}
			continue
		}
		f := p.Faction
		if who, choice, ok := strings.Cut(step, ">"); ok {
			wf, err := ParseFaction(who)
			if err != nil {
				t.Fatal(err)
			}
			if wf != p.Faction {
				t.Fatalf("step %d: %s is asked %q, want %s", i+1, p.Faction, p.Question, wf)
			}
			step = choice
		}
		if err := g.Do(f, step); err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
	}
}

// evPlay runs one case for card n and returns the game, halted after the
// Event.
func evPlay(t *testing.T, n int, c evCase) *Game {
	t.Helper()
	s := evSetup(t, n, c.by)
	if c.setup != nil {
		c.setup(t, s)
	}
	if err := CheckInvariants(DefaultMap(), DefaultDeck(), s); err != nil {
		t.Fatalf("set-up position: %v", err)
	}
	g := gameAt(t, s, evAfterEvent)
	choice := "event"
	if c.side != "" {
		choice += ":" + c.side
	}
	mustDo(t, g, c.by, choice)
	evAnswer(t, g, c.steps)
	if p := g.Prompt(); p != nil {
		t.Fatalf("unanswered prompt: %s asked %q with %v\n%s", p.Faction, p.Question, p.Choices, logText(g))
	}
	st := g.State()
	if len(st.Acts) != 1 || st.Acts[0] != (Act{Faction: c.by, Did: DidEvent}) {
		t.Fatalf("acts %v, want %s did the Event", st.Acts, c.by)
	}
	if err := CheckInvariants(g.Map(), g.Deck(), st); err != nil {
		t.Fatalf("invariants: %v", err)
	}
	return g
}

// evCard runs the cases of card n as subtests.
func evCard(t *testing.T, n int, cases ...evCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := evPlay(t, n, c)
			if c.check != nil {
				c.check(t, g.State())
			}
		})
	}
}

// Position helpers.

func evSid(name string) SpaceID { return DefaultMap().MustID(name) }

// at is the pieces in a space.
func evAt(s *State, name string) *Pieces { return &s.Spaces[evSid(name)].Pieces }

// drain leaves only n pieces of kind k Available: cubes go to Casualties,
// other pieces onto the given spaces (at most 2 Bases in each Province).
func evDrain(t testing.TB, s *State, k Piece, n int, spaces ...string) {
	t.Helper()
	extra := s.Available.N(k) - n
	if extra < 0 {
		t.Fatalf("drain: only %d %s Available", s.Available[k], k)
	}
	if k.Cube() {
		s.Available[k] -= int16(extra)
		s.Casualties[k] += int16(extra)
		return
	}
	for _, sp := range spaces {
		m := extra
		if k.Base() {
			m = min(extra, 2-evAt(s, sp).Bases())
		}
		put(t, s, sp, k, m)
		extra -= m
	}
	if extra > 0 {
		t.Fatalf("drain: no room for %d more %s", extra, k)
	}
}

// want compares an int and reports a difference.
func evWant[T comparable](t *testing.T, what string, got, exp T) {
	t.Helper()
	if got != exp {
		t.Errorf("%s = %v, want %v", what, got, exp)
	}
}

// wantPieces checks some piece counts of a space.
func evWantPieces(t *testing.T, s *State, space string, kv ...int) {
	t.Helper()
	p := evAt(s, space)
	for i := 0; i < len(kv); i += 2 {
		k := Piece(kv[i])
		if p.N(k) != kv[i+1] {
			t.Errorf("%s: %d %s, want %d (all: %v)", space, p[k], k, kv[i+1], *p)
		}
	}
}

// Initial tracks of the 1937 set-up, for reference in checks.
const (
	ev37JPN        = 30
	ev37NAT        = 4
	ev37WLD        = 4
	ev37CPC        = 4
	ev37Commitment = 25
	ev37Patronage  = 15
	ev37Aid        = 2
	ev37AidReset   = 2
)
