package ai

import (
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// JPN's victory total is the Econ of the LoCs holding JPN cubes and no
// enemy piece, plus Commitment (7.2), and at each Aid and Commitment Phase
// Commitment drops by 2 when three times that Econ falls short of it
// (6.5). So the rollout policy plays JPN to hold those LoCs: it never
// strips the last JPN cube off a LoC that earns Econ unless the move gains
// more, sends Patrols, Assaults and Anti-Bandit Actions where they win Econ
// back, and leaves its cubes in place at Redeploy.

// jpnRule answers the JPN questions where its Econ is plainly at stake; ok
// is false for the others, which the general policy answers.
func jpnRule(h *engine.Game, pr *engine.Prompt, rng *rand) (id string, ok bool) {
	q := pr.Question
	j := jpnView{m: h.Map(), s: h.State()}
	switch {
	case pr.Step == "redeploy" && pr.Has("done"):
		return "done", true // 6.4: moving is optional
	case strings.HasPrefix(q, "Commitment Phase:") && !strings.HasPrefix(pr.Choices[0].ID, "count:"):
		// 6.5: Troops above Commitment leave the map; from off the LoCs.
		return pickSpace(j.m, pr, rng, func(id engine.SpaceID) int { return b2i(!j.m.Spaces[id].IsLoC()) }, "")
	case strings.HasPrefix(pr.Choices[0].ID, "count:"):
		return j.count(pr)
	case strings.HasPrefix(q, "JPN Patrol (") && strings.Contains(q, "choose a destination LoC"):
		// 3.2.3: a LoC with Econ that JPN does not hold yet.
		return pickSpace(j.m, pr, rng, j.gain, "done")
	case strings.HasPrefix(q, "JPN Patrol: Assault on a LoC"),
		strings.HasPrefix(q, "JPN Assault ("),
		strings.HasPrefix(q, "Anti-Bandit Action (") && strings.Contains(q, "select a space"):
		// 3.2.5, 4.2.3: clearing enemy pieces off a LoC with JPN cubes
		// wins its Econ; Patrol's Assaults cost 3 Resources, so only
		// where they win something.
		stop := ""
		if strings.HasPrefix(q, "JPN Patrol:") {
			stop = "done"
		}
		return pickSpace(j.m, pr, rng, j.clear, stop)
	case strings.HasPrefix(q, "JPN Transport:") && strings.HasSuffix(q, "Move on to?"):
		// 4.2.2: end on a LoC with Econ that JPN does not hold yet.
		return pickSpace(j.m, pr, rng, j.gain, "done")
	case strings.Contains(q, "from which adjacent space?") && strings.HasPrefix(q, "JPN "),
		strings.HasPrefix(q, "No JPN Police Available"):
		// 3.2.3, 3.2.4, 3.2.2: cubes come from anywhere but the last
		// JPN cube on a LoC that earns more than the destination.
		to, ok := between(q, " into ", " from ")
		if !ok {
			to, _ = between(q, " to place in ", " (")
		}
		dest, ok := j.m.ID(to)
		if !ok {
			dest = -1
		}
		return j.avoid(pr, rng, dest)
	}
	return "", false
}

// jpnView reads the board for the JPN rules.
type jpnView struct {
	m *engine.Map
	s *engine.State
}

// earns is the Econ a LoC adds to JPN's total now (7.2).
func (j jpnView) earns(id engine.SpaceID) int {
	p := &j.s.Spaces[id].Pieces
	if !j.m.Spaces[id].IsLoC() || p.JPNCubes() == 0 || enemy(p) {
		return 0
	}
	return j.m.Spaces[id].Econ
}

// gain is the Econ a LoC would add if JPN held it alone.
func (j jpnView) gain(id engine.SpaceID) int {
	if !j.m.Spaces[id].IsLoC() {
		return 0
	}
	return j.m.Spaces[id].Econ - j.earns(id)
}

// clear is the Econ JPN would win by removing the enemy pieces from a LoC
// where it has cubes.
func (j jpnView) clear(id engine.SpaceID) int {
	p := &j.s.Spaces[id].Pieces
	if !j.m.Spaces[id].IsLoC() || p.JPNCubes() == 0 || !enemy(p) {
		return 0
	}
	return j.m.Spaces[id].Econ
}

// avoid picks at random a source of cubes whose loss costs JPN no more Econ
// than the destination dest (if known, else -1) may win, or declines when
// every source would cost more.
func (j jpnView) avoid(pr *engine.Prompt, rng *rand, dest engine.SpaceID) (string, bool) {
	win := 0
	if dest >= 0 {
		win = j.gain(dest)
	}
	return preferSources(j.m, pr, rng, func(sp engine.SpaceID) bool {
		return j.s.Spaces[sp].Pieces.JPNCubes() > 1 || j.earns(sp) <= win
	})
}

// count answers a "how many" question about moving JPN cubes off a LoC
// that earns Econ: all but one of them, so that the LoC still counts.
func (j jpnView) count(pr *engine.Prompt) (string, bool) {
	q := pr.Question
	from, ok := between(q, " from ", " into ")
	if !ok {
		from, ok = between(q, "Transport from ", ":")
	}
	if !ok {
		return "", false
	}
	sp, ok := j.m.ID(from)
	if !ok || j.earns(sp) == 0 {
		return "", false
	}
	lo, hi := countOf(pr.Choices[0].ID), countOf(pr.Choices[len(pr.Choices)-1].ID)
	pick := min(hi, j.s.Spaces[sp].Pieces.JPNCubes()-1)
	if pick < lo {
		return "", false
	}
	return "count:" + strconv.Itoa(pick), true
}

// enemy reports whether a space holds pieces of a Chinese faction, which
// deny JPN its Econ (7.2).
func enemy(p *engine.Pieces) bool {
	return p.Of(engine.NAT)+p.Of(engine.WLD)+p.Of(engine.CPC) > 0
}

// between returns the text of s after the first before and up to the next
// after.
func between(s, before, after string) (string, bool) {
	_, rest, ok := strings.Cut(s, before)
	if !ok {
		return "", false
	}
	text, _, ok := strings.Cut(rest, after)
	return text, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
