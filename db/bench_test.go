package db

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"
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

// Loading a finished game: from its final snapshot (Load after the first),
// from a snapshot plus the longest replay a load can need, and from scratch
// (the replay from the seed, checking every snapshot, of a first load).
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
		{"snapshot", func() error { _, err := s.Load(ctx, done); return err }},
		{"snapshot+replay", func() error { _, err := s.Load(ctx, tail); return err }},
		{"scratch", func() error { s.unverify(done); _, err := s.Load(ctx, done); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var took []time.Duration
			for b.Loop() {
				t0 := time.Now()
				if err := bc.load(); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(t0))
			}
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
