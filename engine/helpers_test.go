package engine

import (
	"strings"
	"testing"
)

// clearBoard returns every piece on the map to Available, keeping the
// 144-piece total, and removes all markers.
func clearBoard(s *State) {
	for i := range s.Spaces {
		for k, v := range s.Spaces[i].Pieces {
			k := Piece(k)
			if k == NATGuerrillaActive || k == CPCGuerrillaActive {
				s.Available[k-1] += v
			} else {
				s.Available[k] += v
			}
		}
		s.Spaces[i] = SpaceState{}
	}
}

// put moves n pieces of kind k from Available into a space.
func put(t testing.TB, s *State, space string, k Piece, n int) {
	t.Helper()
	from := k
	if k == NATGuerrillaActive || k == CPCGuerrillaActive {
		from = k - 1
	}
	if s.Available.N(from) < n {
		t.Fatalf("put %d %s in %s: only %d Available", n, k, space, s.Available[from])
	}
	s.Available[from] -= int16(n)
	s.Spaces[DefaultMap().MustID(space)].Pieces[k] += int16(n)
}

// gameAt starts a game from a crafted state at its Step and runs it to the
// first decision, or until a later step satisfies halt.
func gameAt(t testing.TB, s *State, halt func(*State) bool) *Game {
	t.Helper()
	g := &Game{m: DefaultMap(), d: DefaultDeck(), base: *s.clone(), halt: halt}
	if err := g.settle(); err != nil {
		t.Fatal(err)
	}
	return g
}

// mustDo applies a choice and fails the test on error.
func mustDo(t testing.TB, g *Game, f Faction, choice string) {
	t.Helper()
	if err := g.Do(f, choice); err != nil {
		t.Fatal(err)
	}
}

// quiet answers prompts with the choice that changes least ("done", a
// count of 0, else the first choice) until the next step to run satisfies
// stop, or the game ends. It returns the number of decisions made.
func quiet(t testing.TB, g *Game, stop func(*State) bool) int {
	t.Helper()
	g.halt = stop
	defer func() { g.halt = nil }()
	if g.pending == nil && !g.Over() {
		if err := g.settle(); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for g.Prompt() != nil {
		p := g.Prompt()
		c := p.Choices[0].ID
		for _, ch := range p.Choices {
			if ch.ID == "done" || ch.ID == "count:0" {
				c = ch.ID
			}
		}
		mustDo(t, g, p.Faction, c)
		if n++; n > 100000 {
			t.Fatal("quiet: no end in sight")
		}
	}
	return n
}

func atStep(kind string) func(*State) bool {
	return func(s *State) bool { return s.Step.Kind == kind }
}

func never(*State) bool { return false }

// cardsOf finds Event and Propaganda card numbers in the default deck.
func cardsOf(t testing.TB) (events, props []int) {
	t.Helper()
	d := DefaultDeck()
	for _, n := range d.Numbers() {
		if d.IsPropaganda(n) {
			props = append(props, n)
		} else {
			events = append(events, n)
		}
	}
	return events, props
}

// stackDeck puts the given cards on top of the draw deck (and the rest
// after), keeping every card exactly once.
func stackDeck(s *State, top ...int) {
	rest := []int{}
	skip := map[int]bool{}
	for _, n := range top {
		skip[n] = true
	}
	all := append(append(append([]int{}, s.Deck...), s.Played...), s.Current, s.Held)
	all = append(all, s.Removed...)
	for _, n := range all {
		if n != 0 && !skip[n] {
			rest = append(rest, n)
		}
	}
	s.Deck = append(append([]int{}, top...), rest...)
	s.Played, s.Removed, s.Current, s.Held = nil, nil, 0, 0
}

func logText(g *Game) string {
	var b strings.Builder
	for _, e := range g.Log() {
		b.WriteString(e.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// rigDice sets the state's generator so the next die rolls come out as
// given, for reproducing the rulebook's worked examples. Rolls must be made
// with run.roll, nothing else drawing from the generator in between.
func rigDice(t testing.TB, s *State, rolls ...int) {
	t.Helper()
	for seed := uint64(0); seed < 1<<24; seed++ {
		x, ok := seed, true
		for _, want := range rolls {
			if intn(&x, 6)+1 != want {
				ok = false
				break
			}
		}
		if ok {
			s.RNG = seed
			return
		}
	}
	t.Fatalf("no generator state gives rolls %v", rolls)
}
