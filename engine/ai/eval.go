package ai

import (
	"math"

	"github.com/chinaswar/chinaswar/engine"
)

// evaluate scores a simulated position for faction me in [0, 1] and says
// whether me came out first. A finished game scores its ranking (7.1). A
// game stopped at the horizon scores the victory margins, blending the
// victory-check margins (7.2) into the final ones (7.3) as the Propaganda
// cards run out, since the final margins decide the game only at its end.
func evaluate(h *engine.Game, me engine.Faction) (float64, bool) {
	s := h.State()
	var ranking []engine.Standing
	if r := s.Result; r != nil {
		ranking = r.Ranking
	} else {
		check := s.Margins(h.Map(), false)
		final := s.Margins(h.Map(), true)
		w := endWeight(s, h.Deck())
		var mg [engine.NumFactions]int
		for _, f := range engine.Factions {
			mg[f] = int(math.Round((1-w)*float64(check[f]) + w*float64(final[f])))
		}
		ranking = engine.Rank(mg, s.Options.Players())
	}
	mine, rival := 0, math.MinInt
	won := false
	for _, st := range ranking {
		if contains(st.Factions, me) {
			mine, won = st.Margin, st.Place == 1
		} else {
			rival = max(rival, st.Margin)
		}
	}
	// Being first is what counts; the lead over the best rival, and the
	// margin itself, still separate actions when first place is out of
	// reach in every simulation (a faction far behind must still climb).
	v := 0.25*logistic(float64(mine-rival)/8) + 0.15*logistic(float64(mine)/8)
	if won {
		v += 0.6
	}
	if r := s.Result; r != nil && !r.Final && !won {
		// A rival passed a victory check: the worst outcome there is.
		v = 0
	}
	return v, won
}

// endWeight is how near the end the game is, from 0 (every Propaganda
// card still unseen) to 1 (none left).
func endWeight(s *engine.State, d *engine.Deck) float64 {
	total := engine.NumPropaganda
	if s.Scenario == "1938" {
		total-- // one starts face up (Deck Preparation)
	}
	return 1 - float64(s.PropagandaUnseen(d))/float64(total)
}

func contains(fs []engine.Faction, f engine.Faction) bool {
	for _, g := range fs {
		if g == f {
			return true
		}
	}
	return false
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
