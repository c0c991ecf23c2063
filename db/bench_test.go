package db

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// A persisted decision: the engine applies it and it commits durably
// (synchronous=FULL). Reports the median and 99th percentile too, which
// include the decisions that write a snapshot.
func BenchmarkApply(b *testing.B) {
	sqliteOnly(b) // BenchmarkDecisions measures both databases
	s, _ := openTemp(b)
	rng := rand.New(rand.NewPCG(1, 1))
	var id int64
	var p *player
	var took []time.Duration
	for b.Loop() {
		if p == nil || p.g.Prompt() == nil {
			b.StopTimer()
			id = create(b, s, "bench", "1937", rng.Uint64())
			p = newPlayer(b, s, id, rng.Uint64(), false)
			b.StartTimer()
		}
		t0 := time.Now()
		if err := p.step(); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t0))
	}
	reportPercentiles(b, took)
}

func reportPercentiles(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
}

// Loading a finished game: from memory, from its final snapshot (with its
// game log rows), from a snapshot plus the longest replay a load can need,
// and from scratch (the replay from the seed, checking every snapshot, of a
// first load).
func BenchmarkLoad(b *testing.B) {
	sqliteOnly(b)
	s, _ := openTemp(b)
	done := create(b, s, "done", "1938", 61)
	newPlayer(b, s, done, 61, false).play(b, -1)
	tail := create(b, s, "tail", "1938", 61)
	newPlayer(b, s, tail, 61, false).play(b, 2*snapshotEvery-1)
	load(b, s, tail) // verified: later loads start from its snapshot
	b.Logf("finished game: %d decisions", load(b, s, done).Seq)
	for _, bc := range []struct {
		name string
		load func() error
	}{
		{"memory", func() error { _, err := s.Load(ctx, done); return err }},
		{"snapshot", func() error { s.forget(done); _, err := s.Load(ctx, done); return err }},
		{"snapshot+replay", func() error { s.forget(tail); _, err := s.Load(ctx, tail); return err }},
		{"scratch", func() error { s.unverify(done); _, err := s.Load(ctx, done); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var took []time.Duration
			cpu := processCPU()
			for b.Loop() {
				t0 := time.Now()
				if err := bc.load(); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(t0))
			}
			reportCPU(b, cpu)
			reportPercentiles(b, took)
		})
	}
}

// Database growth per finished game, with its WAL checkpointed.
func BenchmarkGrowth(b *testing.B) {
	sqliteOnly(b)
	s, path := openTemp(b)
	size := func() int64 {
		if _, err := s.w.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			b.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	decisions := 0
	for i := 0; b.Loop(); i++ {
		id := create(b, s, "growth", "1937", uint64(i))
		decisions += newPlayer(b, s, id, uint64(i), true).play(b, -1)
	}
	b.StopTimer()
	b.ReportMetric(float64(size()-before)/float64(b.N), "bytes/game")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// Taking a snapshot (encoding and compressing it, with its game_log row) at
// the start of a game and after about 1,000 decisions: the same cost, since
// neither holds the whole log. "whole-save" is what a snapshot cost when it
// held the log (engine.MarshalJSON, compressed), for comparison.
func BenchmarkSnapshot(b *testing.B) {
	// The first game, by seed, that lasts 1,000 decisions.
	at := map[int]snapState{}
	for seed := uint64(1); len(at) < 2; seed++ {
		clear(at)
		g, err := engine.New(engine.Config{Scenario: "1937", Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		logged := 0
		for seq := 1; seq <= 1000 && !g.Over(); seq++ {
			p := g.Prompt()
			if err := g.Do(p.Faction, p.Choices[rng.IntN(len(p.Choices))].ID); err != nil {
				b.Fatal(err)
			}
			if seq == 50 || seq == 1000 {
				at[seq] = snapState{g.Clone(), logged}
			}
			if seq%snapshotEvery == 0 {
				logged = len(g.Log())
			}
		}
	}
	for _, seq := range []int{50, 1000} {
		st := at[seq]
		b.Run(fmt.Sprintf("decision=%d", seq), func(b *testing.B) {
			cpu := processCPU()
			for b.Loop() {
				if _, err := takeSnapshot(st.g, int64(seq), st.logged); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
		b.Run(fmt.Sprintf("whole-save/decision=%d", seq), func(b *testing.B) {
			cpu := processCPU()
			defer reportCPU(b, cpu)
			for b.Loop() {
				js, err := st.g.MarshalJSON()
				if err == nil {
					_, err = deflate(js)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type snapState struct {
	g      *engine.Game
	logged int
}

// processCPU is the CPU time the process has used, which a loaded machine
// does not inflate as it does wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per operation since since.
func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64((processCPU()-since).Microseconds())/float64(b.N), "cpu-µs/op")
}
