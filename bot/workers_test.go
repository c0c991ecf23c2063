package bot

import (
	"sync"
	"testing"
	"time"
)

// Work never waits for a worker: jobs that block run side by side, and
// once they end their workers take the next jobs.
func TestWorkersNeverQueue(t *testing.T) {
	w := newWorkers()
	defer w.stop()
	const n = 5
	release := make(chan struct{})
	var started, finished sync.WaitGroup
	started.Add(n)
	finished.Add(n)
	for range n {
		w.run(func() {
			started.Done()
			<-release
			finished.Done()
		})
	}
	waitFor(t, &started, "every blocked job to start")
	close(release)
	waitFor(t, &finished, "the jobs to end")
	var again sync.WaitGroup
	again.Add(2 * n)
	for range 2 * n {
		w.run(again.Done)
	}
	waitFor(t, &again, "jobs run by the idle workers")
}

func waitFor(t *testing.T, wg *sync.WaitGroup, what string) {
	t.Helper()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}
