//go:build !linux

package arena

import "github.com/chinaswar/chinaswar/engine/ai"

// threadClock is the wall clock where no thread CPU clock is available.
func threadClock() ai.Clock { return ai.WallClock }
