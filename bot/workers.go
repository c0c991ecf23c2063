package bot

import (
	"sync"
	"time"
)

// workers runs interactions' deferred work on goroutines kept between
// interactions. A new goroutine's stack starts small and is copied each
// time it doubles, and a click's work goes deep (the store's SQLite calls,
// the engine's procedures): that copying cost a click about a twentieth of
// its CPU time. A kept goroutine has grown already. Work never waits for a
// goroutine: with none idle, a new one starts, as before.
type workers struct {
	jobs chan func()
	quit chan struct{} // idle workers end when it is closed
	stop func()        // closes quit, once
}

// workerIdle is how long a worker waits for work before it ends.
const workerIdle = 30 * time.Second

func newWorkers() *workers {
	w := &workers{jobs: make(chan func()), quit: make(chan struct{})}
	w.stop = sync.OnceFunc(func() { close(w.quit) })
	return w
}

// run runs f on an idle worker, or on a new one.
func (w *workers) run(f func()) {
	select {
	case w.jobs <- f:
	default:
		go w.loop(f)
	}
}

func (w *workers) loop(f func()) {
	idle := time.NewTimer(workerIdle)
	defer idle.Stop()
	for {
		f()
		idle.Reset(workerIdle)
		select {
		case f = <-w.jobs:
		case <-idle.C:
			return
		case <-w.quit:
			return
		}
	}
}
