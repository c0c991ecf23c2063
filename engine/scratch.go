package engine

// scratch lends a run's procedures the slices they need for as long as the
// run lasts. A step is replayed for every answer, and a search runs a
// Special Activity thousands of times: what each run would allocate afresh
// (an Operation's record of moves, March's counts) is taken instead from
// buffers the next run reuses. A run resets its scratch when it begins, so
// nothing taken may outlive the run (nothing does: questions and log lines
// format what they show when said).
type scratch struct {
	ints  []int
	moves []convMove
}

// reset makes every buffer free again, for a new run.
func (sc *scratch) reset() {
	sc.ints = sc.ints[:0]
	sc.moves = sc.moves[:0]
}

// take returns n zeroed elements of buf, lent until the run ends. Growing
// buf leaves what was lent before in the old array, still valid.
func take[T any](buf *[]T, n int) []T {
	b := *buf
	if cap(b)-len(b) < n {
		b = append(make([]T, 0, 2*cap(b)+n), b...)
	}
	at := len(b)
	b = b[:at+n]
	clear(b[at:])
	*buf = b
	return b[at : at+n : at+n]
}

// takeInts lends n zeroed ints. A run without scratch (a test's) gets
// memory of its own.
func (sc *scratch) takeInts(n int) []int {
	if sc == nil {
		return make([]int, n)
	}
	return take(&sc.ints, n)
}

// takeMoves lends an empty list of moves with room for n; appending beyond
// n moves it to memory of its own.
func (sc *scratch) takeMoves(n int) []convMove {
	if sc == nil {
		return make([]convMove, 0, n)
	}
	return take(&sc.moves, n)[:0]
}
