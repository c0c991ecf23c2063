package remind

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"
)

type discard struct{}

func (discard) Remind(context.Context, Reminder) error     { return nil }
func (discard) Escalate(context.Context, Escalation) error { return nil }
func (discard) Pass(context.Context, Waiting) error        { return nil }
func (discard) PlayAI(context.Context, Waiting) error      { return nil }

// BenchmarkPass10000 is one pass over 10,000 waiting games, one in ten due,
// among 2,000 members in a handful of zones with quiet hours; each iteration
// starts from an empty store, so the same tenth is due every time and is
// claimed and "sent". The bar: under 50 ms of CPU (cpu-ms/op).
func BenchmarkPass10000(b *testing.B) {
	const games = 10000
	zones := []string{"", "Europe/London", "Asia/Shanghai", "America/New_York", "Australia/Sydney"}
	src := &fakeSource{prefs: map[string]Prefs{}}
	for i := range 2000 {
		src.prefs[fmt.Sprintf("m%d", i)] = Prefs{Zone: zones[i%len(zones)], Quiet: QuietHours{23 * 60, 7 * 60}}
	}
	now := t0.Add(120 * time.Hour)
	for g := range games {
		w := waiting(int64(g+1), fmt.Sprintf("m%d", g%2000))
		// Waiting for 0 to 13 h 12 min: a tenth waited 12 h or more.
		w.Since = now.Add(-time.Duration(g%100) * 8 * time.Minute)
		src.waiting = append(src.waiting, w)
	}
	var sum Summary
	var cpu time.Duration
	for b.Loop() {
		s := New(src, NewMemStore(), discard{}, discard{}, &fakeClock{t: now})
		before := cpuTime(b)
		var err error
		if sum, err = s.Pass(context.Background(), now); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime(b) - before
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(sum.Due), "due")
}

// cpuTime is the CPU time the process has used, all threads together: a
// pass's CPU time, which a loaded machine does not inflate as it does wall
// time.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
