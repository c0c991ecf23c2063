package engine

import "testing"

func TestRigDice(t *testing.T) {
	s := &State{}
	rigDice(t, s, 1, 3, 6)
	r := &run{s: s}
	for _, want := range []int{1, 3, 6} {
		if got := r.roll(); got != want {
			t.Fatalf("roll %d, want %d", got, want)
		}
	}
}

func TestDiceAreUniform(t *testing.T) {
	x := uint64(42)
	var n [6]int
	for range 60000 {
		n[intn(&x, 6)]++
	}
	for face, c := range n {
		if c < 9500 || c > 10500 {
			t.Errorf("face %d came up %d times in 60000", face+1, c)
		}
	}
}
