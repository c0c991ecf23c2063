package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSAFirst plays, through the real prompts, an Operation that only a
// Special Activity done immediately before it makes possible (4.1, 3.1;
// docs/rulings.md C16): the Operation is offered, the Special Activity is
// offered (or forced) first, and only the ways of executing it that leave
// the Operation a space.
func TestSAFirst(t *testing.T) {
	for _, tc := range []struct {
		name  string
		f     Faction
		setup func(t *testing.T, s *State)
		// play answers the prompts after the Operation is chosen; a
		// "?a,b" entry checks that the prompt offers exactly a and b.
		op   string
		play []string
		// done checks the result (nil: the play ends at a prompt).
		done func(t *testing.T, g *Game)
	}{
		{"CPC at 0 Resources Taxes, then Rallies", CPC, func(t *testing.T, s *State) {
			s.Resources[CPC] = 0
			put(t, s, "Shaanxi", CPCGuerrilla, 1)
		}, "op:rally", []string{"space:Shaanxi"}, func(t *testing.T, g *Game) {
			want(t, g, "Shaanxi", Pieces{CPCGuerrilla: 1, CPCGuerrillaActive: 1})
			wantResources(t, g, CPC, 0)
		}},
		{"CPC at 0 Resources Taxes, then Attacks", CPC, func(t *testing.T, s *State) {
			s.Resources[CPC] = 0
			put(t, s, "Shaanxi", CPCGuerrilla, 1)
			put(t, s, "Shaanxi", JPNPolice, 1)
		}, "op:attack", nil, func(t *testing.T, g *Game) {
			// Tax paid for the Attack, which rolled and now asks what to
			// remove.
			logs("Attack in Shaanxi")(t, g)
			wantResources(t, g, CPC, 0)
		}},
		{"CPC Taxes in one space only, then Agitates in the other", CPC, func(t *testing.T, s *State) {
			s.Resources[CPC] = 0
			put(t, s, "Shaanxi", CPCGuerrilla, 1)
			put(t, s, "Shanxi", CPCGuerrilla, 1)
		}, "op:agitate", []string{"?space:Shanxi,space:Shaanxi", "space:Shaanxi"}, func(t *testing.T, g *Game) {
			// Taxing Shanxi too would have left nothing to Agitate: "done"
			// was forced, and the Agitate went to Shanxi.
			want(t, g, "Shaanxi", Pieces{CPCGuerrillaActive: 1})
			want(t, g, "Shanxi", Pieces{CPCGuerrillaActive: 1})
			if got := g.State().Spaces[DefaultMap().MustID("Shanxi")].Support; got >= Neutral {
				t.Errorf("Shanxi support %d, want shifted toward Opposition", got)
			}
			wantResources(t, g, CPC, 0)
		}},
		{"WLD Organizes a Base, then Recruits there", WLD, func(t *testing.T, s *State) {
			s.Resources[WLD] = 3
		}, "op:recruit", []string{"space:Hunan", "count:1", "done", "count:2"}, func(t *testing.T, g *Game) {
			want(t, g, "Hunan", Pieces{WLDBase: 1, WLDTroop: 2})
			wantResources(t, g, WLD, 2)
		}},
		{"WLD at 0 Resources Extorts, then Recruits", WLD, func(t *testing.T, s *State) {
			s.Resources[WLD] = 0
			put(t, s, "Hunan", WLDBase, 1)
		}, "op:recruit", []string{"count:3"}, func(t *testing.T, g *Game) {
			want(t, g, "Hunan", Pieces{WLDBase: 1, WLDTroop: 3})
			wantResources(t, g, WLD, 0)
		}},
		{"WLD Suborns a Police into a Troop, then Assaults", WLD, func(t *testing.T, s *State) {
			put(t, s, "Hunan", WLDBase, 1)
			put(t, s, "Hunan", JPNPolice, 1)
			put(t, s, "Hunan", JPNTroop, 1)
		}, "op:assault", nil, logs("Suborn in Hunan", "WLD Assault")},
		{"NAT at 0 Resources Governs for Resources, then Recruits", NAT, func(t *testing.T, s *State) {
			s.Resources[NAT] = 0
			put(t, s, "Sichuan", NATTroop, 2)
			s.Spaces[DefaultMap().MustID("Sichuan")].Support = Support
		}, "op:recruit", []string{"count:3", "done"}, func(t *testing.T, g *Game) {
			// Govern for Patronage would have left nothing to pay with:
			// only the Resources were offered.
			want(t, g, "Sichuan", Pieces{NATTroop: 5})
			wantResources(t, g, NAT, 9-2)
		}},
		{"NAT places Partisans, then Recruits there", NAT, func(t *testing.T, s *State) {
		}, "op:recruit", []string{"space:Sichuan", "?count:1,count:2,count:3", "count:1", "done", "count:2", "done"}, func(t *testing.T, g *Game) {
			want(t, g, "Sichuan", Pieces{NATGuerrilla: 1, NATTroop: 2})
		}},
		{"JPN Deploys from the Available box, then Recruits", JPN, func(t *testing.T, s *State) {
		}, "op:recruit", []string{"space:Hebei", "count:1", "done", "count:1"}, func(t *testing.T, g *Game) {
			want(t, g, "Hebei", Pieces{JPNTroop: 1, JPNPolice: 1})
		}},
		{"JPN Transports next to NAT Troops, then Assaults", JPN, func(t *testing.T, s *State) {
			put(t, s, "Shanxi", JPNTroop, 2)
			put(t, s, "Henan", NATTroop, 2)
			s.OutOfPlay[JPNTroop] += s.Available[JPNTroop]
			s.Available[JPNTroop] = 0
		}, "op:assault", []string{"count:2", "space:Shijiazhuang-Zhengzhou", "space:Henan"}, logs("Henan")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, tc.f)
			tc.setup(t, s)
			g := gameAt(t, s, func(s *State) bool {
				_, acted := s.actOf(tc.f)
				return acted
			})
			p := g.Prompt()
			if p == nil || p.Faction != tc.f || !p.Has(tc.op) {
				t.Fatalf("%s not offered: %+v", tc.op, p)
			}
			mustDo(t, g, tc.f, tc.op)
			for _, a := range tc.play {
				p := g.Prompt()
				if p == nil {
					t.Fatalf("no prompt before %q", a)
				}
				if ids, ok := strings.CutPrefix(a, "?"); ok {
					var got []string
					for _, c := range p.Choices {
						got = append(got, c.ID)
					}
					if w := strings.Split(ids, ","); !slices.Equal(got, w) {
						t.Fatalf("prompt %q offers %v, want %v", p.Question, got, w)
					}
					continue
				}
				mustDo(t, g, tc.f, a)
			}
			t.Logf("log:\n%s", logText(g))
			if p := g.Prompt(); p != nil {
				t.Logf("prompt %q: %v", p.Question, p.Choices)
			}
			if tc.done != nil {
				if a, acted := g.State().actOf(tc.f); g.Prompt() == nil && (!acted || a.Did != DidOpSA) {
					t.Fatalf("act %+v, want an Operation with a Special Activity", a)
				}
				tc.done(t, g)
			}
		})
	}
}

func want(t *testing.T, g *Game, space string, p Pieces) {
	t.Helper()
	if got := g.State().Spaces[DefaultMap().MustID(space)].Pieces; got != p {
		t.Errorf("%s: %v, want %v", space, got, p)
	}
}

func wantResources(t *testing.T, g *Game, f Faction, n int) {
	t.Helper()
	if got := g.State().Resources[f]; got != n {
		t.Errorf("%s Resources %d, want %d", f, got, n)
	}
}

// logs checks that the log (of the steps committed) or the current prompt
// says each of texts.
func logs(texts ...string) func(t *testing.T, g *Game) {
	return func(t *testing.T, g *Game) {
		t.Helper()
		all := logText(g)
		if p := g.Prompt(); p != nil {
			all += p.Question
		}
		for _, x := range texts {
			if !strings.Contains(all, x) {
				t.Errorf("no %q in:\n%s", x, all)
			}
		}
	}
}

// TestSAFirstNotOffered: an Operation no Special Activity can open is not
// offered, and before an Operation's first space a Special Activity that
// would leave it nothing to do is not offered (C16).
func TestSAFirstNotOffered(t *testing.T) {
	t.Run("no Tax can pay for Agitate", func(t *testing.T) {
		s := cpcState(t)
		s.Resources[CPC] = 0
		put(t, s, "Shaanxi", CPCGuerrilla, 1) // Tax would Activate it
		g := cpcGame(t, s)
		cpcHas(t, g, "op:rally")
		cpcRefused(t, g, "op:agitate")
	})
	t.Run("no Extort without a WLD Base", func(t *testing.T) {
		s := convState(t, WLD)
		s.Resources[WLD] = 0
		put(t, s, "Hunan", WLDTroop, 1)
		g := gameAt(t, s, nil)
		if p := g.Prompt(); p == nil || p.Faction != WLD || p.Has("op:recruit") {
			t.Fatalf("prompt %+v: want WLD without Recruit", p)
		}
	})
	t.Run("Tax before Agitate would leave it no space", func(t *testing.T) {
		s := cpcState(t)
		s.Resources[CPC] = 1
		put(t, s, "Shaanxi", CPCGuerrilla, 1)
		g := cpcGame(t, s)
		// Agitate in Shaanxi is the only way: Tax is not offered before it,
		// so everything is forced and no Special Activity is executed.
		cpcDo(t, g, "op:agitate")
		cpcOpDone(t, g)
		if d := cpcDid(g); d != DidOp {
			t.Errorf("did %s, want an Operation only", d)
		}
	})
}

// TestMayOpenSound: where mayOpen finds that no Transport or Deploy done
// first can open an Assault, before the Special Activity's first answer or
// (Deploy) part way through it, or walkMayOpen that a Transport's walk
// cannot, the search over every execution agrees, in positions of random
// games; and that walkMayOpen's table agrees with the position read afresh
// at every point of a walk.
func TestMayOpenSound(t *testing.T) {
	refused, opened, refusedPartWay, walksRefused, walksJudged := 0, 0, 0, 0, 0
	for seed := range 4 {
		g, err := New(Config{Scenario: Scenarios[seed%2], Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 3))
		for step := 0; !g.Over(); step++ {
			if step%6 == 0 {
				for _, f := range []Faction{JPN, NAT} {
					o := opCtx{f: f, kind: Assault, saKinds: saKindsFor(f, Assault)}
					r := &run{s: g.cur.clone(), m: g.m, d: g.d}
					for _, k := range []SAKind{Transport, Deploy} {
						d, ok := saDefs[f][k]
						if !ok || !d.can(r, &o) {
							continue
						}
						p := r.newProbe(&o, k)
						p.path = p.path[:0]
						if p.mayOpen(0) {
							opened++
						} else {
							refused++
							mustNotOpen(t, p, 0, "seed %d step %d: %s %s", seed, step, f, k)
						}
						// Part way: answer at random, judging each point
						// (Deploy by mayOpen, a Transport's walk by
						// walkMayOpen).
						for n := 0; n < 12; {
							if err := p.runAt(n); !errors.Is(err, errAwait) || !p.r.waiting {
								break
							}
							if p.tr != nil {
								got, want := p.walkMayOpen(p.tr), walkMayOpenRef(p, p.tr)
								if got != want {
									t.Fatalf("seed %d step %d: %s Transport walk %v: walkMayOpen %v, read afresh %v", seed, step, f, p.walk.path, got, want)
								}
								walksJudged++
							}
							if p.tr != nil && !p.walkMayOpen(p.tr) {
								walksRefused++
								if walkOpens(p) {
									t.Fatalf("seed %d step %d: %s Transport walk %v can still open the Assault, but walkMayOpen says it cannot", seed, step, f, p.walk.path)
								}
								break
							}
							cs := p.r.choices.list
							p.path = append(p.path[:p.r.pos], answer{Faction: p.r.askedBy, Choice: cs[rng.IntN(len(cs))].ID})
							n = len(p.path)
							if k == Deploy && !p.mayOpen(n) {
								refusedPartWay++
								mustNotOpen(t, p, n, "seed %d step %d: %s %s after %v", seed, step, f, k, p.path[:n])
							}
							p.path = p.path[:n]
						}
					}
				}
			}
			p := g.Prompt()
			if err := g.Do(p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions refused (%d part way), %d left to the search, %d of %d Transport walks refused", refused+refusedPartWay, refusedPartWay, opened, walksRefused, walksJudged)
	if refused == 0 || refusedPartWay == 0 || opened == 0 || walksRefused == 0 {
		t.Errorf("%d refused, %d part way, %d left to the search, %d walks refused: want some of each", refused, refusedPartWay, opened, walksRefused)
	}
}

// walkOpens reports, independently of the search, whether the Transport
// walk the probe's last run stopped in can be completed so that the
// Assault can then be executed. A walk needs never enter a space twice to
// reach an end, so the ends are those a breadth-first search finds: LoCs
// it may enter without leaving the ones it must stop on, and the spaces
// next to them; with the toll if no way avoids it. Each end is played out
// on a copy of the position: the Troops moved, the toll paid.
func walkOpens(p *saProbe) bool {
	tr, r, o := p.tr, &p.r, p.cur
	walk := p.walk.path
	origin, at := walk[0], walk[len(walk)-1]
	tolled := slices.ContainsFunc(walk[1:], func(id SpaceID) bool { return tr.saTollDue(r, id) })
	try := func(dest SpaceID, toll bool) bool {
		s := r.s.clone()
		s.relocate(origin, dest, tr.troop, p.walk.n)
		if toll {
			s.Resources[o.f]--
		}
		o := o
		o.inSA = false
		return opDefs[o.f][o.kind].can(&run{s: s, m: r.m, d: r.d}, &o)
	}
	for _, avoid := range []bool{true, false} {
		toll := tolled || !avoid
		if toll && !tolled && r.s.Resources[o.f] < 1 {
			continue
		}
		seen := map[SpaceID]bool{}
		for _, id := range walk {
			seen[id] = true
		}
		queue := []SpaceID{at}
		if len(walk) > 1 && try(at, tolled) {
			return true // stop where it is
		}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			onLoC := r.m.Spaces[cur].IsLoC()
			for _, a := range r.m.Spaces[cur].Adj {
				if seen[a] || !r.s.cubesMayEnter(r.m, o.f, a) {
					continue
				}
				if !r.m.Spaces[a].IsLoC() {
					if onLoC && try(a, toll) {
						return true
					}
					continue
				}
				if avoid && tr.saTollDue(r, a) {
					continue
				}
				seen[a] = true
				if try(a, toll) {
					return true
				}
				if !tr.stops(&r.s.Spaces[a]) {
					queue = append(queue, a)
				}
			}
		}
	}
	return false
}

// mustNotOpen fails the test if the search from path[:n] finds a way of
// completing the Special Activity that opens the Operation.
func mustNotOpen(t *testing.T, p *saProbe, n int, format string, args ...any) {
	t.Helper()
	p.nodes = 0
	clear(p.failed)
	if found, _ := p.search(n, 1<<30); found {
		t.Fatalf(format+": the search opens an Assault (%v), but mayOpen says nothing can", append(args, p.found)...)
	}
}

// TestTransportLongWalk: NAT's only Troop is far from the only JPN piece,
// so the Transport that opens the Assault is a walk of many LoCs among a
// great many that lead nowhere. The search still finds it (without running
// out of budget): the Assault and the Transport before it are offered, and
// the walk can be played to an Assault on the JPN Troop.
func TestTransportLongWalk(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Jiangxi", NATTroop, 1)
	put(t, s, "Beijing-Tianjin", JPNTroop, 1)
	cut := ProbeCutoffs()
	g := gameAt(t, s, nil)
	p := g.Prompt()
	if p == nil || p.Faction != NAT || !p.Has("op:assault") {
		t.Fatalf("prompt %+v: want NAT offered an Assault", p)
	}
	mustDo(t, g, NAT, "op:assault")
	// Follow the Transport towards Beijing-Tianjin: at each question take
	// the choice named, checking it is offered.
	for _, c := range []string{"sa:transport", "space:Wuhan-Changsha", "space:Zhengzhou-Wuhan",
		"space:Shijiazhuang-Zhengzhou", "space:Beijing-Shijiazhuang", "space:Beijing-Tianjin"} {
		p := g.Prompt()
		if p.Has(c) {
			mustDo(t, g, NAT, c)
			continue
		}
		if !strings.Contains(strings.Join(forcedChoices(g), " "), c) {
			t.Fatalf("at %q: %s neither offered nor forced (choices %v)", p.Question, c, p.Choices)
		}
	}
	logs("Transport: moved 1 NAT Troops from Jiangxi", "Assault in Beijing-Tianjin")(t, g)
	if n := ProbeCutoffs() - cut; n > 0 {
		t.Errorf("%d searches ran out of budget", n)
	}
}

// forcedChoices lists the ids of the answers the engine applied itself.
func forcedChoices(g *Game) []string {
	var ids []string
	for _, f := range g.Forced() {
		ids = append(ids, f.Choice.ID)
	}
	return ids
}

// TestTransportSearchIsShort: a search for a Transport before an Assault
// heads for the spaces the Assault needs and drops walks that cannot reach
// them, so it takes a few runs of the Transport where trying walks in turn
// ran out of its budget of 2,000.
func TestTransportSearchIsShort(t *testing.T) {
	tolls := []string{"Nanchang-Changsha", "Wuhan-Changsha", "Changsha-Guangzhou", "Hangzhou-Nanchang", "Nanjing-Jiujiang", "Jiujiang-Wuhan"}
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, s *State)
		trail   []string
		found   bool
		maxRuns int
	}{
		{"a long walk to the only JPN Troop", func(t *testing.T, s *State) {
			for _, sp := range []string{"Jiangxi", "Hubei", "Hunan", "Zhejiang"} {
				put(t, s, sp, NATTroop, 1)
			}
		}, nil, true, 12},
		{"the same from a given origin", func(t *testing.T, s *State) {
			for _, sp := range []string{"Jiangxi", "Hubei", "Hunan", "Zhejiang"} {
				put(t, s, sp, NATTroop, 1)
			}
		}, []string{"space:Zhejiang"}, true, 12},
		{"every way out pays WLD the Resource the Assault needs", func(t *testing.T, s *State) {
			put(t, s, "Jiangxi", NATTroop, 1)
			s.Resources[NAT] = 2
			for _, l := range tolls {
				put(t, s, l, WLDTroop, 1)
			}
		}, nil, false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, NAT)
			put(t, s, "Beijing-Tianjin", JPNTroop, 1)
			tc.setup(t, s)
			o := opCtx{f: NAT, kind: Assault, saKinds: saKindsFor(NAT, Assault)}
			r := &run{s: s.clone(), m: DefaultMap(), d: DefaultDeck()}
			p := r.newProbe(&o, Transport)
			var trail []answer
			for _, c := range tc.trail {
				trail = append(trail, answer{Faction: NAT, Choice: c})
			}
			if got := p.leads(trail); got != tc.found {
				t.Fatalf("leads = %v, want %v", got, tc.found)
			}
			if p.nodes > tc.maxRuns {
				t.Errorf("the search ran the Transport %d times, want at most %d", p.nodes, tc.maxRuns)
			}
		})
	}
}
