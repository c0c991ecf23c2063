package ai

import (
	"math"

	"github.com/chinaswar/chinaswar/engine"
)

// evaluate scores a simulated position for faction me in [0, 1] and says
// whether me came out first. A finished game scores 1 if me won it, 0 if a
// rival passed a victory check, and its ranking (7.1) otherwise. A
// game stopped at the horizon scores the victory margins, blending the
// victory-check margins (7.2) into the final ones (7.3) as the Propaganda
// cards run out, since the final margins decide the game only at its end.
func evaluate(h *engine.Game, me engine.Faction, forecast bool) (float64, bool) {
	s := h.State()
	var ranking []engine.Standing
	if r := s.Result; r != nil {
		ranking = r.Ranking
	} else {
		check := s.Margins(h.Map(), false)
		final := s.Margins(h.Map(), true)
		dc, dp := outlook(s, h.Map(), h.Deck())
		check[engine.JPN], check[engine.NAT] = check[engine.JPN]+dc, check[engine.NAT]+dp
		final[engine.JPN], final[engine.NAT], final[engine.WLD] = final[engine.JPN]+dc, final[engine.NAT]+dp, final[engine.WLD]-dp
		dt := supportOutlook(s, h.Map())
		if forecast && foretellsSupport(me) {
			dt = forecastOutlook(s, h.Map(), h.Deck())
		}
		for _, f := range []engine.Faction{engine.NAT, engine.CPC} {
			check[f] += dt[f]
			final[f] += dt[f]
		}
		if forecast && me == engine.WLD {
			dr := redeployOutlook(s, h.Map())
			final[engine.WLD] += dr
			if redeployBeforeCheck(s) {
				check[engine.WLD] += dr
			}
		}
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
	if r := s.Result; r != nil {
		switch {
		case won:
			// The game won, by a victory check (7.2) or at its end (7.3):
			// the best outcome there is, worth more than any lead at the
			// horizon, which the game may still take away. Scored like a
			// lead, a check passed by one point weighed no more than
			// failing it while ahead, and a search that saw more
			// simulations traded the first for the second.
			v = 1
		case !r.Final:
			// A rival passed a victory check: the worst outcome there is.
			v = 0
		}
	}
	return v, won
}

// foretellsSupport says whether faction me's searches at Normal and above
// score positions between Propaganda Rounds with the next Support Phase
// (6.3) foretold: NAT's and CPC's, whose victory totals that phase builds
// (Pacification and Agitation make Support and Opposition, 7.2), so that
// the Provinces where they could spend are worth what they would gain
// there. Not JPN's: the phase does not touch its total, and seeing only
// its rivals' gains there cost its search 12 points of first places
// against Easy seats, over 100 games paired with it unchanged (docs/ai.md).
func foretellsSupport(me engine.Faction) bool { return me == engine.NAT || me == engine.CPC }

// outlook is what the next Aid and Commitment Phase (6.5) would do, from
// this position, to the tracks in the victory totals, when one is still
// to come: dc to Commitment, part of JPN's total (7.2), which falls by 2
// when JPN's Econ or its Troop Casualties fall short; dp to Patronage,
// NAT's (and subtracted from WLD's final margin, 7.3), which takes the
// Foreign Aid that the Casualties grow. The victory check comes before
// the phase (6.1), but the tracks keep what it does for every later check
// and the final margins; without this a search to the next check never
// sees what lost Econ or spent Troops cost JPN.
func outlook(s *engine.State, m *engine.Map, d *engine.Deck) (dc, dp int) {
	var ahead bool
	switch s.Step.Kind {
	case "victory", "resources", "pacify", "agitate", "redeploy", "aid":
		ahead = !s.FinalRound(d) // 6.4.1: the final Round ends before 6.5
	case "commitment", "reset":
		ahead = false // this Round's phase is under way or done
	default:
		ahead = s.PropagandaUnseen(d) >= 2 // a Round before the final one
	}
	if !ahead {
		return 0, 0
	}
	cas := s.Casualties.N(engine.JPNTroop)
	if s.Step.Kind != "aid" {
		// NAT, as the rollout policy plays it, keeps Foreign Aid as
		// Patronage (up to 30).
		dp = max(0, min(30-s.Patronage, min(10, s.Aid+cas/3)))
	}
	c := s.Commitment
	if 3*s.JPNEcon(m) < c {
		c = max(0, c-2)
	}
	switch {
	case 3*cas > c:
		c = max(0, c-2)
	case 3*cas <= c/2:
		c = min(60, c+1)
	}
	return c - s.Commitment, dp
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
