package engine

// The game's random numbers come from SplitMix64 with its whole state (one
// word) kept in the game state, so a saved game rolls the same dice after a
// restore, and the algorithm is ours: no library update can change a replay.

func splitmix(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a uniform integer in [0, n) by rejection, without modulo bias.
func intn(x *uint64, n int) int {
	if n <= 1 {
		return 0
	}
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		v := splitmix(x)
		if v < limit {
			return int(v % uint64(n))
		}
	}
}

// shuffle permutes a in place (Fisher-Yates).
func shuffle(x *uint64, a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := intn(x, i+1)
		a[i], a[j] = a[j], a[i]
	}
}
