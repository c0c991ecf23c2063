package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestEventStats measures the deck with random games: wins by faction with
// and without Events, and for each card side how often it was executed and
// how often it changed nothing. It is a measurement, not a check, and runs
// only when CHINASWAR_EVENT_STATS is set to the number of games per
// scenario:
//
//	CHINASWAR_EVENT_STATS=1000 go test ./engine -run TestEventStats -v -timeout 30m
func TestEventStats(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CHINASWAR_EVENT_STATS"))
	if n <= 0 {
		t.Skip("set CHINASWAR_EVENT_STATS=games to measure")
	}
	for _, sc := range Scenarios {
		for _, events := range []bool{true, false} {
			st := evMeasure(t, sc, n, events)
			t.Logf("%s", st.report(sc, events))
		}
	}
}

type evSideStats struct{ executed, noEffect int }

type evStats struct {
	games, final, rounds int
	wins                 [NumFactions]int
	margins              [NumFactions]int
	sides                map[string]*evSideStats
	eventShare           [2]int // events chosen, executions (events + Operations)
}

// evEffect is the part of the state an Event can change.
type evEffect struct {
	Spaces                         []SpaceState
	Available, Casualties, OOP     Pieces
	Resources                      [NumFactions]int
	Commitment, Patronage, Aid, AR int
	LO                             bool
	Caps, Mom                      []string
	Floods                         string
	EventElig                      [NumFactions]EventElig
}

func evEffectOf(s *State) evEffect {
	return evEffect{append([]SpaceState(nil), s.Spaces...), s.Available, s.Casualties, s.OutOfPlay, s.Resources,
		s.Commitment, s.Patronage, s.Aid, s.AidReset, s.LargeOffensiveUsed,
		append([]string(nil), s.Capabilities...), append([]string(nil), s.Momentum...), s.Floods, s.EventElig}
}

func evMeasure(t *testing.T, sc string, games int, events bool) *evStats {
	st := &evStats{sides: map[string]*evSideStats{}}
	for i := range games {
		seed := uint64(5000 + i)
		g, err := New(Config{Scenario: sc, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0xe7e7))
		var before *evEffect
		var side string
		acts := 0
		g.halt = func(s *State) bool { return before != nil && len(s.Acts) > acts }
		for !g.Over() {
			p := g.Prompt()
			if p == nil {
				// Halted right after the Event executed: compare.
				ss := st.sides[side]
				ss.executed++
				if reflect.DeepEqual(*before, evEffectOf(&g.cur)) {
					ss.noEffect++
				}
				before = nil
				if err := g.settle(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			choices := p.Choices
			action := p.Step == "eligible" && p.Has("pass")
			if action && !events {
				var keep []Choice
				for _, c := range choices {
					if !strings.HasPrefix(c.ID, "event") {
						keep = append(keep, c)
					}
				}
				choices = keep
			}
			if before != nil {
				// While an Event executes, do something when possible, so
				// that "no effect" means the card could do nothing there.
				var eager []Choice
				for _, c := range choices {
					if c.ID != "done" && c.ID != "decline" && c.ID != "count:0" && !strings.HasPrefix(c.ID, "skip") {
						eager = append(eager, c)
					}
				}
				if len(eager) > 0 {
					choices = eager
				}
			}
			c := choices[rng.IntN(len(choices))]
			if action && c.ID != "pass" {
				st.eventShare[1]++
				if strings.HasPrefix(c.ID, "event") {
					st.eventShare[0]++
					e := evEffectOf(g.State())
					before, acts = &e, len(g.State().Acts)
					side = fmt.Sprintf("#%02d %s", g.State().Current, strings.TrimPrefix(strings.TrimPrefix(c.ID, "event"), ":"))
					if st.sides[side] == nil {
						st.sides[side] = &evSideStats{}
					}
				}
			}
			if err := g.Do(p.Faction, c.ID); err != nil {
				t.Fatal(err)
			}
		}
		r := g.State().Result
		st.games++
		st.rounds += r.Round
		if r.Final {
			st.final++
		}
		st.wins[r.Ranking[0].Factions[0]]++
		for _, f := range Factions {
			st.margins[f] += r.Margins[f]
		}
	}
	return st
}

func (st *evStats) report(sc string, events bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "scenario %s, events %v: %d games, %d ended after the final Propaganda Round, %.2f Rounds on average\n",
		sc, events, st.games, st.final, float64(st.rounds)/float64(st.games))
	fmt.Fprintf(&b, "  1st place: JPN %d  NAT %d  WLD %d  CPC %d\n", st.wins[JPN], st.wins[NAT], st.wins[WLD], st.wins[CPC])
	mean := func(f Faction) float64 { return float64(st.margins[f]) / float64(st.games) }
	fmt.Fprintf(&b, "  mean final margin: JPN %.1f  NAT %.1f  WLD %.1f  CPC %.1f\n", mean(JPN), mean(NAT), mean(WLD), mean(CPC))
	if !events {
		return b.String()
	}
	fmt.Fprintf(&b, "  Events: %d of %d executions on the cards\n", st.eventShare[0], st.eventShare[1])
	keys := make([]string, 0, len(st.sides))
	for k := range st.sides {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := st.sides[k]
		fmt.Fprintf(&b, "  %-14s executed %4d  no effect %4d (%3.0f%%)\n", k, s.executed, s.noEffect, 100*float64(s.noEffect)/float64(max(1, s.executed)))
	}
	return b.String()
}
