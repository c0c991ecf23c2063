package sim

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestCompletion is the completion check in the test suite: at every prompt
// of a few random games, every offered choice can be completed (C16). The
// large runs are `chinaswar sim --check-complete`.
func TestCompletion(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, sc := range engine.Scenarios {
		st := CheckCompletion(Config{Scenario: sc, Games: games, Seed: 4000})
		for _, err := range st.Errors {
			t.Errorf("%s: %v", sc, err)
		}
		if st.DeadEnds != 0 || st.Violations != 0 || st.Choices < 1000 {
			t.Errorf("%s: %s", sc, st)
		}
		t.Logf("%s: %s", sc, st)
	}
}
