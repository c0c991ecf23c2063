package ai

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// candidate is one whole action: the answers the player gives in its step,
// from the question being planned on, as first sampled. Played on another
// determinization it is followed while its answers stay legal, and the
// rollout policy finishes it after that.
type candidate struct {
	answers []string
	action  string
	n, wins int
	sum     float64
}

func (c *candidate) mean() float64 { return c.sum / float64(c.n) }

// result is a finished search.
type result struct {
	answers []string
	top     []Alternative
	sims    int
	// work is the engine decisions spent; stopped is set when the work
	// cap ended the search before its simulations ran out.
	work    int
	stopped bool
}

// maxTries bounds the completions tried per first answer.
const maxTries = 64

// maxRolloutDecisions bounds one rollout; a Campaign of 13 cards takes
// a few hundred decisions.
const maxRolloutDecisions = 2000

// work counts the work a search spends in its completions and simulations,
// against a cap (none if 0): the questions the engine asks on each copy it
// plays on (Game.Work: its determinization's replay and its searches for
// Special Activities included), and answerWork for every answer given on a
// copy. It is a count, never a clock, so a capped search still plays the
// same on any machine.
type work struct {
	done, limit int
}

// searcher is the search for one planned action: the game and the faction
// it plans for, how it samples determinizations, its work counter, and
// whether it scores positions with the forecasts of Normal and above
// (evaluate).
type searcher struct {
	g        *engine.Game
	sample   Sampler
	me       engine.Faction
	w        work
	forecast bool
}

// score is evaluate for the searching faction.
func (s *searcher) score(h *engine.Game) (float64, bool) { return evaluate(h, s.me, s.forecast) }

// answerWork is what one answer given in a simulation adds to the work, in
// questions. The engine's questions do not count the rollout policy's own
// thinking, nor copying and scoring positions, and those grow with the
// answers given: fitted to the CPU time of 261 planned actions at 960
// simulations (JPN and NAT, 1937 and 1938, seeds 701-704), time is about
// 0.13 us a question plus 3.1 us an answer. Counting questions alone, the
// longest of them took 3.0 times what its count foretold; counting both,
// 1.9 times.
const answerWork = 24

// spent reports whether the cap is reached.
func (w *work) spent() bool { return w.limit > 0 && w.done >= w.limit }

// screening reports whether the completions have used their share of the
// cap, half of it, so that the simulations keep the other half.
func (w *work) screening() bool { return w.limit > 0 && 2*w.done >= w.limit }

// search plans the answer to g's current question for faction me with a
// budget of l.Sims simulations and at most about l.Work of the engine's work
// (a completion or a simulation under way is finished, so the cap may be
// passed by one rollout).
func search(g *engine.Game, me engine.Faction, l Level, seed uint64, sample Sampler) (result, error) {
	pr := g.Prompt()
	rng := &rand{seed}
	sims := max(l.Sims, 1)
	s := &searcher{g: g, sample: sample, me: me, w: work{limit: l.Work}, forecast: sims >= constructSims}
	// Every top-level option at least once, unless the budget is smaller
	// than the number of options; then a sample of them.
	firsts := make([]engine.Choice, len(pr.Choices))
	copy(firsts, pr.Choices)
	if strings.HasPrefix(firsts[0].ID, "count:") && len(firsts) > max(4, sims/8) {
		// Too many counts to tell apart on this budget: the rule of
		// thumb's count, the extremes and the middle.
		firsts = countCandidates(g.State(), pr)
	}
	if limit := max(2, sims/2); len(firsts) > limit {
		for i := len(firsts) - 1; i > 0; i-- {
			j := rng.intn(i + 1)
			firsts[i], firsts[j] = firsts[j], firsts[i]
		}
		firsts = firsts[:limit]
	}
	// Each first answer is completed several times by the rollout policy
	// (up to twice the budget in all: a completion stops at the end of the
	// action, so it costs a small part of a simulation), each completion
	// scored on the position just after the action, and the best few kept
	// as candidates: an Operation's value lies in its spaces, and a random
	// completion rarely picks good ones.
	keep := min(max(1, sims/(8*len(firsts))), 3)
	tries := min(max(keep, 2*sims/len(firsts)), maxTries)
	var cands []*candidate
	seen := map[string]bool{}
	for i, first := range firsts {
		done, err := s.screen(first, tries, seed, mix(seed, 1<<40+uint64(i)), sims >= constructSims, seen)
		if err != nil {
			return result{}, err
		}
		for _, c := range done[:min(keep, len(done))] {
			c.sum = 0 // the screening score, which simulations replace
			cands = append(cands, c)
		}
	}
	used, stopped := 0, false
	// Successive halving: spread what is left of the budget over the
	// surviving candidates round by round, keeping the better half. The
	// k-th simulation of every candidate uses the same determinization, so
	// candidates are compared on the same cards and dice.
	alive := slices.Clone(cands)
	if len(alive) == 1 {
		// Nothing to compare, but the explanation still gives a rate.
		v, won, err := s.simulate(alive[0], mix(seed, 0), mix(seed, 1<<40))
		if err != nil {
			return result{}, err
		}
		alive[0].add(v, won)
		used++
	}
	for rounds := ceilLog2(len(alive)); len(alive) > 1 && used < sims && !stopped; rounds-- {
		per := max(1, (sims-used)/(max(rounds, 1)*len(alive)))
		// Candidate i's j-th simulation of the round is numbered
		// base+i*per+j, as if each candidate's ran before the next one's,
		// and those numbered past the budget are not run. They run a pass
		// over the candidates at a time, so that when the work cap stops
		// the search the candidates have had equal shares (within one).
		base := used
		for j := 0; j < per && !stopped; j++ {
			for i, c := range alive {
				k := base + i*per + j
				if k >= sims {
					break
				}
				if used > 0 && s.w.spent() {
					stopped = true
					break
				}
				v, won, err := s.simulate(c, mix(seed, uint64(c.n)), mix(seed, uint64(k)<<20|uint64(c.n)))
				if err != nil {
					return result{}, err
				}
				c.add(v, won)
				used++
			}
		}
		// Stopped by the cap, the survivors are ranked by their means so
		// far; a candidate never simulated comes last.
		slices.SortStableFunc(alive, func(a, b *candidate) int {
			if (a.n == 0) != (b.n == 0) {
				return b.n - a.n
			}
			return cmpFloat(b.mean(), a.mean())
		})
		if !stopped {
			alive = alive[:(len(alive)+1)/2]
		}
	}
	best := alive[0]
	// The chosen one first, then by how far each got, then by score.
	slices.SortStableFunc(cands, func(a, b *candidate) int {
		switch {
		case a == best:
			return -1
		case b == best:
			return 1
		case a.n != b.n:
			return b.n - a.n
		}
		return cmpFloat(b.mean(), a.mean())
	})
	res := result{answers: best.answers, sims: used, work: s.w.done, stopped: stopped}
	for _, c := range cands[:min(3, len(cands))] {
		if c.n == 0 {
			break // not simulated: a budget smaller than the candidates
		}
		res.top = append(res.top, Alternative{Action: c.action, Won: float64(c.wins) / float64(c.n), Sims: c.n})
	}
	return res, nil
}

// screen completes first answer first up to tries times by the rollout
// policy, each on a fresh determinization (the k-th the same for every
// first answer), and returns the distinct completions best first by the
// score just after the action, held in sum. seen collects the completions
// already found, which are not returned again. Once the completions have
// used their share of the work cap, a first answer gets one try. With
// build, the action is also built choice by choice (construct).
func (s *searcher) screen(first engine.Choice, tries int, detSeed, polSeed uint64, build bool, seen map[string]bool) ([]*candidate, error) {
	var done []*candidate
	for k := 0; k < tries && (k == 0 || !s.w.screening()); k++ {
		c := &candidate{answers: []string{first.ID}}
		labels, v, err := s.complete(c, mix(detSeed, 1<<32+uint64(k)), mix(polSeed, uint64(k)))
		if err != nil {
			return nil, err
		}
		if key := strings.Join(c.answers, "\x00"); !seen[key] {
			seen[key] = true
			c.action = describe(first, labels)
			c.sum = v
			done = append(done, c)
		}
		if len(labels) == 0 {
			return done, nil // nothing was completed: the other tries would repeat it
		}
	}
	if build {
		c, labels, v, err := s.construct(first, mix(detSeed, 1<<36), mix(polSeed, 1<<36))
		if err != nil {
			return nil, err
		}
		if c != nil {
			if key := strings.Join(c.answers, "\x00"); !seen[key] {
				seen[key] = true
				c.action = describe(first, labels)
				c.sum = v
				done = append(done, c)
			}
		}
	}
	slices.SortStableFunc(done, func(a, b *candidate) int { return cmpFloat(b.sum, a.sum) })
	return done, nil
}

func (c *candidate) add(v float64, won bool) {
	c.n++
	c.sum += v
	if won {
		c.wins++
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func ceilLog2(n int) int {
	r := 0
	for 1<<r < n {
		r++
	}
	return r
}

// simulate plays candidate c on a fresh determinization of g (drawn from
// detSeed), then every faction by the rollout policy to the horizon, and
// scores the result for the searching faction. Its work is counted.
func (s *searcher) simulate(c *candidate, detSeed, polSeed uint64) (float64, bool, error) {
	h, err := s.sample(s.g, detSeed)
	if err != nil {
		return 0, false, err
	}
	after, ended, _, err := s.play(h, c, &rand{polSeed}, false)
	s.w.done += int(h.Work())
	if err != nil {
		return 0, false, err
	}
	v, won := s.score(h)
	if ended {
		// The position just after the action: known with far less noise
		// than the one at the horizon, it steadies the comparison.
		v = (1-afterWeight)*v + afterWeight*after
	}
	return v, won, nil
}

// complete plays candidate c on a fresh determinization of g to the end of
// the action only, appending the answers the rollout policy adds to finish
// it, and returns their labels and the score just after the action. Its
// work is counted.
func (s *searcher) complete(c *candidate, detSeed, polSeed uint64) ([]string, float64, error) {
	h, err := s.sample(s.g, detSeed)
	if err != nil {
		return nil, 0, err
	}
	after, ended, labels, err := s.play(h, c, &rand{polSeed}, true)
	s.w.done += int(h.Work())
	if err != nil {
		return nil, 0, err
	}
	if !ended {
		after, _ = s.score(h)
	}
	return labels, after, nil
}

// play follows c on h while its answers stay legal, the rollout policy
// finishing the action and playing every faction after it. With record it
// stops at the end of the action and appends the policy's answers to c
// (returning their labels); otherwise it stops at the horizon: the next
// Propaganda Round's victory check, or the end of the game. It returns the
// score just after the action, if the action ended. Its answers are
// counted.
func (s *searcher) play(h *engine.Game, c *candidate, rng *rand, record bool) (after float64, ended bool, labels []string, err error) {
	me := s.me
	steps, rounds := h.StepsDone(), h.State().Rounds
	mine, following := 0, true
	for n := 0; !h.Over() && n < maxRolloutDecisions; n++ {
		pr := h.Prompt()
		var choice string
		if pr.Faction == me && h.StepsDone() == steps {
			if following && mine < len(c.answers) && pr.Has(c.answers[mine]) {
				choice = c.answers[mine]
			} else {
				if following && record {
					// Answers not given (a die or a rival's answer
					// changed the question) are not part of the action.
					c.answers = c.answers[:min(mine, len(c.answers))]
				}
				following = false
				choice = rollout(h, pr, rng, me)
				if record {
					c.answers = append(c.answers, choice)
					labels = append(labels, label(pr, choice))
				}
			}
			mine++
		} else {
			if h.StepsDone() != steps && h.State().Rounds > rounds {
				break // the next Propaganda Round's victory check has been made
			}
			choice = rollout(h, pr, rng, me)
		}
		s.w.done += answerWork
		if err := h.Do(pr.Faction, choice); err != nil {
			return 0, false, nil, fmt.Errorf("ai: simulation: %w", err)
		}
		if !ended && (h.StepsDone() != steps || h.Over()) {
			after, _ = s.score(h)
			ended = true
			if record {
				break
			}
		}
	}
	return after, ended, labels, nil
}

// afterWeight is the share of the score given to the position right after
// the action rather than at the horizon.
const afterWeight = 0.7

// countCandidates are the counts worth trying at a "how many" question with
// many possible answers: the rule of thumb's, the least, the most and the
// middle.
func countCandidates(s *engine.State, pr *engine.Prompt) []engine.Choice {
	ids := []string{countRule(s, pr), pr.Choices[0].ID, pr.Choices[len(pr.Choices)-1].ID, pr.Choices[len(pr.Choices)/2].ID}
	var out []engine.Choice
	for _, id := range ids {
		for _, c := range pr.Choices {
			if c.ID == id && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

func label(pr *engine.Prompt, id string) string {
	for _, c := range pr.Choices {
		if c.ID == id {
			return c.Label
		}
	}
	return id
}

// describe names an action by its first answer's label, the Special
// Activity or Event it adds, and the spaces it chose.
func describe(first engine.Choice, ids []string) string {
	s := first.Label
	var spaces []string
	switch {
	case strings.HasPrefix(first.ID, "count:"):
		s = "chose " + first.Label
	case isSpaceName(first.Label):
		s, spaces = "", []string{first.Label}
	}
	for _, l := range ids {
		switch {
		case strings.HasPrefix(l, "Special Activity: "), strings.HasPrefix(l, "free "):
			s += " + " + strings.TrimPrefix(l, "Special Activity: ")
		case isSpaceName(l) && !slices.Contains(spaces, l):
			spaces = append(spaces, l)
		}
	}
	if len(spaces) > 4 {
		spaces = append(spaces[:4], "...")
	}
	switch {
	case len(spaces) > 0 && s == "":
		return strings.Join(spaces, ", ")
	case len(spaces) > 0:
		s += " in " + strings.Join(spaces, ", ")
	}
	return s
}

// isSpaceName reports whether a choice label names a map space.
func isSpaceName(l string) bool {
	_, ok := engine.DefaultMap().ID(l)
	return ok
}

// rand is SplitMix64, the policy's own generator.
type rand struct{ x uint64 }

func (r *rand) next() uint64 {
	r.x += 0x9e3779b97f4a7c15
	z := r.x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rand) intn(n int) int { return int(r.next() % uint64(n)) }

func (r *rand) float() float64 { return float64(r.next()>>11) / (1 << 53) }
