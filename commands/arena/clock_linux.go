package arena

import (
	"runtime"
	"syscall"
	"time"

	"github.com/chinaswar/chinaswar/engine/ai"
)

// threadClock locks the calling goroutine to its thread and returns a
// clock of that thread's CPU time (user and system), falling back to the
// wall clock if the system refuses.
func threadClock() ai.Clock {
	runtime.LockOSThread()
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_THREAD, &ru) != nil {
		return ai.WallClock
	}
	return func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
}
