package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestSearchesLeaveTheRestAlone: the runs of a search share with the
// position they start from everything but the spaces (copyForSearch), so
// they must never write it. Every search of random games is checked: what
// it started from is the same when it is released.
func TestSearchesLeaveTheRestAlone(t *testing.T) {
	type shared struct {
		deck, played, removed, dice []int
		caps, mom                   []string
		acts                        []Act
		teams                       [][]Faction
		result                      *Result
	}
	take := func(s *State) shared {
		var r *Result
		if s.Result != nil {
			c := *s.Result
			r = &c
		}
		return shared{append([]int(nil), s.Deck...), append([]int(nil), s.Played...), append([]int(nil), s.Removed...),
			append([]int(nil), s.Dice...), append([]string(nil), s.Capabilities...), append([]string(nil), s.Momentum...),
			append([]Act(nil), s.Acts...), s.Options.Teams, r}
	}
	began := map[*saProbe]shared{}
	searches := 0
	auditSearch = func(p *saProbe, released bool) {
		if !released {
			began[p] = take(&p.start)
			return
		}
		searches++
		if was, now := began[p], take(&p.start); !reflect.DeepEqual(was, now) {
			t.Fatalf("a search of %s changed what it shares: %+v, now %+v", p.kind, was, now)
		}
	}
	defer func() { auditSearch = nil }()
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, g, rand.New(rand.NewPCG(seed, 5)), 1<<20)
	}
	if searches < 1000 {
		t.Fatalf("only %d searches checked", searches)
	}
	t.Logf("%d searches checked", searches)
}
