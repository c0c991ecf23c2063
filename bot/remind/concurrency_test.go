package remind

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"
)

// yieldingStore interleaves schedulers at every store call, so that two
// passes really race for the same states.
type yieldingStore struct{ *MemStore }

func (s yieldingStore) Load(ctx context.Context, keys []Key) (map[Key]State, error) {
	runtime.Gosched()
	return s.MemStore.Load(ctx, keys)
}

func (s yieldingStore) Claim(ctx context.Context, key Key, rev int64, next State) (bool, error) {
	runtime.Gosched()
	return s.MemStore.Claim(ctx, key, rev, next)
}

func TestTwoSchedulersSendOnce(t *testing.T) {
	const games = 300
	src := &fakeSource{prefs: map[string]Prefs{}}
	for g := range int64(games) {
		src.waiting = append(src.waiting, waiting(g+1, "ann"))
	}
	store := yieldingStore{NewMemStore()}
	clock := &fakeClock{t: t0}
	recs := []*recorder{{}, {}}
	scheds := []*Scheduler{New(src, store, recs[0], recs[0], clock), New(src, store, recs[1], recs[1], clock)}

	lost := 0
	for d := time.Duration(0); d <= 60*h; d += 3 * h {
		now := t0.Add(d)
		var wg sync.WaitGroup
		sums := make([]Summary, len(scheds))
		for i, s := range scheds {
			wg.Go(func() {
				var err error
				if sums[i], err = s.Pass(context.Background(), now); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		lost += sums[0].Lost + sums[1].Lost
	}

	type sent struct {
		game   int64
		number int
	}
	seen := map[sent]int{}
	escalated := map[int64]int{}
	for _, rec := range recs {
		for _, m := range rec.reminders {
			seen[sent{m.Game, m.Number}]++
		}
		for _, e := range rec.escalated {
			escalated[e.Game]++
		}
	}
	for g := range int64(games) {
		for n := 1; n <= Defaults.StopAfter; n++ {
			if c := seen[sent{g + 1, n}]; c != 1 {
				t.Fatalf("game %d reminder %d sent %d times", g+1, n, c)
			}
		}
		if escalated[g+1] != 1 {
			t.Fatalf("game %d escalated %d times", g+1, escalated[g+1])
		}
	}
	if len(seen) != games*Defaults.StopAfter {
		t.Errorf("%d reminders, want %d", len(seen), games*Defaults.StopAfter)
	}
	t.Logf("claims lost to the other scheduler: %d", lost)
}

func TestMemStoreClaim(t *testing.T) {
	ctx := context.Background()
	s := NewMemStore()
	k := Key{Game: 1, Player: "ann"}
	steps := []struct {
		rev  int64
		want bool
	}{{0, true}, {0, false}, {2, false}, {1, true}, {2, true}, {2, false}}
	for i, st := range steps {
		got, err := s.Claim(ctx, k, st.rev, State{Count: i})
		if err != nil || got != st.want {
			t.Fatalf("step %d: claim on rev %d = %v, %v; want %v", i, st.rev, got, err, st.want)
		}
	}
	states, _ := s.Load(ctx, []Key{k, {Game: 2, Player: "ann"}})
	if len(states) != 1 || states[k].Rev != 3 || states[k].Count != 4 {
		t.Errorf("stored %+v, want revision 3 from step 4", states)
	}

	// Many claimants of one revision: exactly one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 50 {
		wg.Go(func() {
			if ok, _ := s.Claim(ctx, k, 3, State{}); ok {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if wins != 1 {
		t.Errorf("%d claims of one revision won, want 1", wins)
	}
}
