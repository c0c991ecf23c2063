package ai

import (
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// NAT's victory total is Support plus Patronage, WLD's the Population it
// Controls plus its Bases (7.2, 7.3). A uniform rollout threw both away: NAT
// Governed a Province at Support back to Neutral for Resources (a loss of
// its Population in victory points, 4.3.1) as often as it did anything
// else, chose a Base over Pacify at Recruit, and took WLD Troops along on
// Patrol, where they pay WLD and lose Patronage to Disasters (3.2.5); WLD
// marched the Troops that Control its Provinces onto LoCs, at setup and on
// Patrol. Measured with the rollout policy in every seat (300 games a
// scenario, the mean change of the faction's final margin over the steps
// where it gave the answer): Govern for Resources -1.65, for Patronage
// -0.58, Pacify at Recruit +1.30 against a Base -0.28, WLD Troops along on
// Patrol -0.5; WLD moving Troops at setup -3.4 and choosing a Patrol source
// -0.3 to -0.4. These rules answer those questions. With them, the same
// measure (2,000 games a scenario) found WLD's Sweep sources costing it too
// (-0.4 to -0.7 a step, moving Troops out of the Provinces they Control)
// and its Redeploy destination -1.1: Sweep now takes only Troops WLD can
// spare, as Patrol does, and Redeploy sends Troops home to the most
// populous Province WLD does not yet Control. WLD's mean final margin went
// from -8.6 / -7.1 (1937 / 1938) to -8.0 / -6.3; letting WLD Troops leave
// the LoCs as well gained 0.1-0.3 more but cost WLD first places, and is
// left out.

// natRule answers the NAT questions where its victory total is plainly at
// stake; ok is false for the others.
func natRule(pr *engine.Prompt) (id string, ok bool) {
	q := pr.Question
	switch {
	case strings.HasPrefix(q, "Govern in "):
		// 4.3.1: a rival's Base off the map, then Resources from Bases,
		// then Support traded for as much Patronage (even in victory
		// points, and Patronage counts against WLD's final margin);
		// Support for Resources, a loss, only when nothing else is left.
		return first(pr, "govern:remove_cpc", "govern:remove_wld", "govern:bases", "govern:support_patronage")
	case strings.HasPrefix(q, "NAT Recruit: in one selected Province"):
		return first(pr, "recruit:pacify", "recruit:base") // 3.2.2: Support is victory
	case strings.HasPrefix(q, "NAT Patrol: how many WLD Troops from"):
		return "count:0", pr.Has("count:0") // 3.2.3, 3.2.5: Disasters
	}
	return "", false
}

// wldRule answers the WLD questions where its Control is plainly at stake;
// ok is false for the others.
func wldRule(h *engine.Game, pr *engine.Prompt, rng *rand) (id string, ok bool) {
	q := pr.Question
	c := controlView{m: h.Map(), s: h.State(), f: engine.WLD}
	switch {
	case strings.HasPrefix(q, "Setup: move WLD Troops onto bordering LoCs?"),
		strings.HasPrefix(q, "WLD Patrol: move WLD Troops into ") && strings.HasSuffix(q, "from which adjacent space?"),
		strings.HasPrefix(q, "WLD Sweep: move WLD Troops into ") && strings.HasSuffix(q, "from which adjacent space?"):
		// Setup, Patrol (3.2.3) and Sweep (3.2.4): Troops leave only a
		// space WLD can spare them from without losing its Control (1.7).
		return c.spare(pr, rng)
	case strings.HasPrefix(q, "Redeploy: WLD Troops in ") && strings.HasSuffix(q, "To which Province?"):
		// 6.4: home to the most populous Province WLD does not Control
		// yet, where the Troops may win its Pop.
		return pickSpace(c.m, pr, rng, func(id engine.SpaceID) int {
			if c.s.ControlOf(c.m, id) == engine.WLDControl {
				return 1
			}
			return 2 + c.m.Spaces[id].Pop
		}, "")
	case strings.HasPrefix(q, "Setup: how many WLD Troops from "),
		strings.HasPrefix(q, "WLD Patrol: how many WLD Troops from "),
		strings.HasPrefix(q, "WLD Sweep: how many WLD Troops from "):
		for _, to := range []string{" into ", " to "} {
			if name, ok := between(q, " from ", to); ok {
				if sp, ok := c.m.ID(name); ok {
					return c.count(pr, sp)
				}
			}
		}
	}
	return "", false
}

// supportRule spends the Support Phase (6.3) where a level shifted moves the
// most Population toward the faction's side: NAT's Support and CPC's
// Opposition are victory points, and each level either adds to its own total
// or takes from a rival's. Left to chance, "done" came up as often as a
// Province: the Pacification steps that stopped early gained NAT 1.2 points,
// the others 2.9 (Agitation: 1.0 and 2.7). Terror alone is left to chance.
func supportRule(h *engine.Game, pr *engine.Prompt, rng *rand) (string, bool) {
	if pr.Step != "pacify" && pr.Step != "agitate" {
		return "", false
	}
	m, s := h.Map(), h.State()
	return pickSpace(m, pr, rng, func(id engine.SpaceID) int {
		if s.Spaces[id].Terror {
			return 0
		}
		return m.Spaces[id].Pop
	}, "")
}

// first answers the first of ids that pr offers.
func first(pr *engine.Prompt, ids ...string) (string, bool) {
	for _, id := range ids {
		if pr.Has(id) {
			return id, true
		}
	}
	return "", false
}

// controlView reads the board for a faction that Controls Provinces (1.7).
type controlView struct {
	m *engine.Map
	s *engine.State
	f engine.Faction
}

// spareable is how many of f's Troops may leave space id without losing
// its Control of a populated Province there; many where there is none to
// lose.
func (c controlView) spareable(id engine.SpaceID) int {
	const many = 1 << 20
	want := engine.NATControl
	if c.f == engine.WLD {
		want = engine.WLDControl
	}
	if !c.m.Spaces[id].IsProvince() || c.m.Spaces[id].Pop == 0 || c.s.ControlOf(c.m, id) != want {
		return many
	}
	p := &c.s.Spaces[id].Pieces
	mine := p.ActiveOf(c.f)
	rest := p.ActiveOf(engine.NAT) + p.ActiveOf(engine.WLD) + p.ActiveOf(engine.CPC) + p.N(engine.JPNPolice) - mine
	return mine - rest - 1
}

// spare picks at random a source that can spare a Troop, or declines when
// none can.
func (c controlView) spare(pr *engine.Prompt, rng *rand) (string, bool) {
	return preferSources(c.m, pr, rng, func(sp engine.SpaceID) bool { return c.spareable(sp) > 0 })
}

// count moves the most Troops that space from can spare.
func (c controlView) count(pr *engine.Prompt, from engine.SpaceID) (string, bool) {
	lo, hi := countOf(pr.Choices[0].ID), countOf(pr.Choices[len(pr.Choices)-1].ID)
	return "count:" + strconv.Itoa(max(lo, min(hi, c.spareable(from)))), true
}

// cpcRule answers the CPC questions where its victory total, Opposition
// plus Bases (7.2), is plainly at stake; ok is false for the others.
func cpcRule(pr *engine.Prompt) (id string, ok bool) {
	if strings.HasPrefix(pr.Question, "Rally in ") && strings.HasSuffix(pr.Question, ": which?") {
		return first(pr, "rally:base") // 3.3.1: a Base is a victory point
	}
	return "", false
}
