//go:build !linux

package sim

import "time"

// processCPU and threadCPU are unknown here: the benchmarks report wall
// time only.
func processCPU() time.Duration { return 0 }

func threadCPU() time.Duration { return 0 }
