package sim

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// TestRandomGames is the invariant fuzzer in the test suite: random legal
// choices in both scenarios under every optional-rule combination.
func TestRandomGames(t *testing.T) {
	// Each configuration plays a few games here; CI also runs
	// `chinaswar sim --games 200` per scenario.
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, sc := range engine.Scenarios {
		for _, opts := range []string{"", "no-reveal", "sudden-discard", "elig-a", "elig-a,elig-b", "sudden-discard,elig-a,elig-b,teams=JPN+WLD/NAT+CPC", "teams=JPN+CPC"} {
			o, err := engine.ParseOptions(opts)
			if err != nil {
				t.Fatal(err)
			}
			st := Run(Config{Scenario: sc, Games: games, Seed: 1000, Options: o, Check: true})
			for _, err := range st.Errors {
				t.Errorf("%s [%s]: %v", sc, opts, err)
			}
			if st.Violations != 0 {
				t.Errorf("%s [%s]: %s", sc, opts, st)
			}
			if st.Undos == 0 || st.Reloads == 0 {
				t.Errorf("%s [%s]: the run checked %d undos and %d reloads; want some of each", sc, opts, st.Undos, st.Reloads)
			}
		}
	}
}

// TestDeterminism: the same seed and the same choices give byte-identical
// games.
func TestDeterminism(t *testing.T) {
	for _, sc := range engine.Scenarios {
		a := finalJSON(t, sc, 7)
		b := finalJSON(t, sc, 7)
		if string(a) != string(b) {
			t.Errorf("%s: two runs with seed 7 differ", sc)
		}
		if c := finalJSON(t, sc, 8); string(a) == string(c) {
			t.Errorf("%s: seeds 7 and 8 gave the same game", sc)
		}
	}
}

func finalJSON(t *testing.T, sc string, seed uint64) []byte {
	t.Helper()
	g, err := engine.New(engine.Config{Scenario: sc, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Over(); i++ {
		p := g.Prompt()
		if err := g.Do(p.Faction, p.Choices[i%len(p.Choices)].ID); err != nil {
			t.Fatal(err)
		}
	}
	b, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func BenchmarkRandomGame1937(b *testing.B) { benchGame(b, "1937") }
func BenchmarkRandomGame1938(b *testing.B) { benchGame(b, "1938") }

// benchGame plays random games and reports, beside wall time, the
// process's CPU time per game (GC included) and games per CPU-second, which
// a loaded machine does not inflate, and the allocations per decision.
func benchGame(b *testing.B, sc string) {
	decisions := 0
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	mallocs, cpu := ms.Mallocs, processCPU()
	for i := 0; b.Loop(); i++ {
		n, _, _, err := Play(engine.Config{Scenario: sc, Seed: uint64(i)}, uint64(i), false)
		if err != nil {
			b.Fatal(err)
		}
		decisions += n
	}
	cpu = processCPU() - cpu
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
	b.ReportMetric(float64(ms.Mallocs-mallocs)/float64(decisions), "allocs/decision")
	if cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "games/cpu-s")
	}
}

// BenchmarkDecisionLatency times every decision of random games (applying
// it and computing the next prompt's legal choices) and reports the mean,
// the 99th percentile and the slowest in wall time, and the median and the
// 99th percentile in CPU time of the benchmark's own thread (Linux; the
// thread is locked, so other work on the machine is not counted, nor the
// collector's background work).
func BenchmarkDecisionLatency(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var times, cpus []time.Duration
	seed := uint64(0)
	for b.Loop() {
		seed++
		g, err := engine.New(engine.Config{Scenario: engine.Scenarios[seed%2], Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for !g.Over() {
			p := g.Prompt()
			c := p.Choices[rng.IntN(len(p.Choices))].ID
			start, cpu := time.Now(), threadCPU()
			if err := g.Do(p.Faction, c); err != nil {
				b.Fatal(err)
			}
			_ = g.Prompt()
			cpus = append(cpus, threadCPU()-cpu)
			times = append(times, time.Since(start))
		}
	}
	slices.Sort(times)
	slices.Sort(cpus)
	var sum time.Duration
	for _, t := range times {
		sum += t
	}
	us := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	b.ReportMetric(us(sum)/float64(len(times)), "µs-mean")
	b.ReportMetric(us(times[len(times)*99/100]), "µs-p99")
	b.ReportMetric(us(times[len(times)-1]), "µs-max")
	if cpus[len(cpus)-1] > 0 {
		b.ReportMetric(us(cpus[len(cpus)/2]), "cpu-µs-p50")
		b.ReportMetric(us(cpus[len(cpus)*99/100]), "cpu-µs-p99")
	}
}

// TestRunIsTheSameOnAnyNumberOfCores: games run in parallel, but the
// summary depends only on the seeds.
func TestRunIsTheSameOnAnyNumberOfCores(t *testing.T) {
	cfg := Config{Scenario: "1938", Games: 6, Seed: 40, Check: true}
	cfg.Seats[engine.CPC] = ai.Seat{Level: ai.Level{Name: "Tiny", Sims: 3}}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one := Run(cfg)
	runtime.GOMAXPROCS(3)
	three := Run(cfg)
	one.Elapsed, three.Elapsed = 0, 0
	if fmt.Sprint(one) != fmt.Sprint(three) || one.First != three.First || one.Decisions != three.Decisions || one.Undos != three.Undos {
		t.Fatalf("1 core: %+v\n3 cores: %+v", one, three)
	}
	if one.Violations != 0 || one.Games != 6 {
		t.Fatalf("%+v", one)
	}
}
