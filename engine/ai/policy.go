package ai

import (
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// The rollout policy plays every faction in the simulations. It must be
// cheap and better than uniform: a uniform count cashes about half of
// NAT's Patronage at every Resources Phase, which costs NAT some 13 victory
// points a game and makes every NAT plan look bad. So counts follow sound
// rules, Passing and Large Offensives are rare, Operations go on for
// several spaces, JPN keeps its cubes on the LoCs that make its Econ, and
// NAT, WLD and CPC keep what makes their victory totals (policy_chinese.go).

// reserve is the Resources a faction keeps in hand when Patronage or Aid
// could be turned into Resources: enough for an Operation.
const reserve = 8

// mainOperation is the Operation a faction chooses, when a card offers it,
// with the given odds before anything else is drawn. With the rollout
// policy in every seat (2,000 games a scenario) JPN's mean final margin
// went from -8.4 / -8.7 (1937 / 1938) with a uniform choice to +1.7 / -0.3
// Patrolling whenever it may: Patrol is what puts JPN cubes on the LoCs whose
// Econ is its victory total (3.2.3, 7.2), and a step with it moved JPN's
// final margin by +3.4 / +4.2 against -0.04 for Recruit. CPC's went from
// -7.9 / -6.8 to -5.5 / -3.1 with Rally at 80% (and a Base whenever Rally can
// place one, cpcRule): Guerrillas and Bases are what its Agitation (3.3.4,
// 6.3.2) and its victory total (Bases, 7.2) are made of. NAT Recruiting
// and WLD Patrolling on four cards in five (with their Sweep and Redeploy
// rules in place) took NAT's from -6.4 / -11.2 to -5.2 / -9.7 and WLD's
// from -8.0 / -6.3 to -7.6 / -4.8 (2,000 games a scenario, each alone):
// Recruit is where NAT Pacifies (3.2.2); Patrol is WLD's cheapest
// Operation (1 Resource, 3.2.3) and carries a Special Activity, Organize
// among them, which places the Bases in WLD's total (a step adding it to a
// Patrol gained WLD 2.4 points).
var mainOperation = map[engine.Faction]struct {
	id   string
	odds float64
}{
	engine.JPN: {"op:patrol", 1},
	engine.CPC: {"op:rally", 0.8},
	engine.NAT: {"op:recruit", 0.8},
	engine.WLD: {"op:patrol", 0.8},
}

// policy picks an answer to pr in game h, every faction favouring its main
// Operation: the `basic` player, which plans nothing.
func policy(h *engine.Game, pr *engine.Prompt, rng *rand) string {
	return rollout(h, pr, rng, pr.Faction)
}

// rollout picks an answer to pr in a simulation of planner's search. Only
// planner favours its main Operation: the others are not presumed to play
// their best Operation when they may. Modelling JPN as Patrolling on every
// card and CPC as Rallying on four in five made NAT's and WLD's searches
// worse with more simulations (Normal against Easy, 80 pairs each: NAT
// -3.8, WLD +0.0 points of first places, where they had gained 14 and 17
// before), while JPN's and CPC's searches gained from valuing their own.
func rollout(h *engine.Game, pr *engine.Prompt, rng *rand, planner engine.Faction) string {
	cs := pr.Choices
	var id string
	ok := false
	switch pr.Faction {
	case engine.JPN:
		id, ok = jpnRule(h, pr, rng)
	case engine.NAT:
		if id, ok = supportRule(h, pr, rng); !ok {
			id, ok = natRule(pr)
		}
	case engine.CPC:
		if id, ok = supportRule(h, pr, rng); !ok {
			id, ok = cpcRule(pr)
		}
	case engine.WLD:
		id, ok = wldRule(h, pr, rng)
	}
	if ok {
		return id
	}
	if op, ok := mainOperation[pr.Faction]; ok && pr.Faction == planner && pr.Has(op.id) && rng.float() < op.odds {
		return op.id
	}
	if strings.HasPrefix(cs[0].ID, "count:") {
		return countRule(h.State(), pr)
	}
	// Passing gives up the card, a Large Offensive costs JPN a point of
	// Commitment, a victory point (2.3.8), and JPN's Transport took its
	// cubes off the LoCs (a step with it cost JPN 0.3 to 1.0 points more
	// than the other answers to the same question): all are rare.
	// Otherwise an Operation goes on for about five spaces.
	var plain, rare []int
	stop, odds := -1, 0.05
	for i, c := range cs {
		switch {
		case c.ID == "pass":
			stop = i
		case strings.HasPrefix(c.ID, "lo:"), c.ID == "sa:transport":
			rare = append(rare, i)
		case c.ID == "done" || c.ID == "decline":
			stop, odds = i, 0.2
		default:
			plain = append(plain, i)
		}
	}
	switch u := rng.float(); {
	case stop >= 0 && (u < odds || len(plain)+len(rare) == 0):
		return cs[stop].ID
	case len(rare) > 0 && (u < odds+0.05 || len(plain) == 0):
		return cs[rare[rng.intn(len(rare))]].ID
	case len(plain) > 0:
		return cs[plain[rng.intn(len(plain))]].ID
	}
	return cs[rng.intn(len(cs))].ID
}

// countRule answers a "how many" question by a rule of thumb for what the
// number means: keep Patronage (a NAT victory total) rather than cash it,
// buy nothing that costs victory points, lose as little of one's own as
// possible, and otherwise do as much as allowed.
func countRule(s *engine.State, pr *engine.Prompt) string {
	lo, hi := countOf(pr.Choices[0].ID), countOf(pr.Choices[len(pr.Choices)-1].ID)
	q, f := pr.Question, pr.Faction
	pick := hi
	switch {
	case strings.HasPrefix(q, "Resources Phase: transfer how much Patronage"):
		pick = reserve - s.Resources[engine.NAT] // 6.2: only what Operations need
	case strings.HasPrefix(q, "Aid Phase:"):
		pick = hi - max(0, reserve-s.Resources[engine.NAT]) // 6.4: the rest to Patronage
	case strings.HasPrefix(q, "Redeploy: return how many NAT Troops from Out of Play"),
		strings.HasPrefix(q, "Commitment Phase:"),
		strings.Contains(q, "transfer how much"):
		pick = lo
	case strings.Contains(q, "remove how many "+f.String()),
		strings.Contains(q, "replace how many "+f.String()),
		strings.Contains(q, "Activate how many Underground "+f.String()),
		strings.Contains(q, "How many of them "+f.String()):
		pick = lo
	}
	return "count:" + strconv.Itoa(min(max(pick, lo), hi))
}

func countOf(id string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "count:"))
	return n
}

// choiceSpace reads a choice id naming a map space.
func choiceSpace(m *engine.Map, id string) (engine.SpaceID, bool) {
	name, ok := strings.CutPrefix(id, "space:")
	if !ok {
		return 0, false
	}
	return m.ID(name)
}

// pickSpace chooses among the space choices of pr the one worth the most by
// value, at random among equals. With nothing worth anything it answers
// stop if that is a choice ("" leaves the question to the general policy).
func pickSpace(m *engine.Map, pr *engine.Prompt, rng *rand, value func(engine.SpaceID) int, stop string) (string, bool) {
	best, n := 0, 0
	var id string
	for _, c := range pr.Choices {
		sp, ok := choiceSpace(m, c.ID)
		if !ok {
			continue
		}
		switch v := value(sp); {
		case v > best:
			best, n, id = v, 1, c.ID
		case v == best && v > 0:
			n++
			if rng.intn(n) == 0 {
				id = c.ID
			}
		}
	}
	switch {
	case best > 0:
		return id, true
	case stop != "" && pr.Has(stop):
		return stop, true
	}
	return "", false
}

// preferSources answers a question for the source of a move: at random
// among the sources that are ok, or "done" when none is. When every source
// is ok it leaves the question to the general policy.
func preferSources(m *engine.Map, pr *engine.Prompt, rng *rand, ok func(engine.SpaceID) bool) (string, bool) {
	var good []string
	costly := false
	for _, c := range pr.Choices {
		sp, isSpace := choiceSpace(m, c.ID)
		switch {
		case !isSpace:
		case ok(sp):
			good = append(good, c.ID)
		default:
			costly = true
		}
	}
	switch {
	case !costly:
		return "", false
	case len(good) > 0:
		return good[rng.intn(len(good))], true
	case pr.Has("done"):
		return "done", true
	}
	return "", false
}
