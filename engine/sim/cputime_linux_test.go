package sim

import (
	"syscall"
	"time"
	"unsafe"
)

// processCPU is the CPU time the process has used, or 0 if unknown.
func processCPU() time.Duration { return rusage(syscall.RUSAGE_SELF) }

// threadCPU is the CPU time the calling thread has used, to the
// nanosecond (CLOCK_THREAD_CPUTIME_ID, Linux; a system call of its own, a
// fraction of a microsecond), or 0 if unknown.
func threadCPU() time.Duration {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
