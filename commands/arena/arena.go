// Package arena measures AI players: each agent takes each faction in turn
// against a field of other players, on the same seeds in every cell (so
// agents are compared on the same deals and dice), in every scenario, and
// the results are summed into first-place rates with Wilson intervals,
// margins, game lengths, think times, the mix of actions and Weng-Lin
// ratings.
package arena

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sort"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// Agent is a named way to play a seat.
type Agent struct {
	Name string
	Seat ai.Seat
}

// Config says what to play.
type Config struct {
	Agents    []Agent
	Field     Agent
	Scenarios []string
	Factions  []engine.Faction
	Games     int    // seeds per cell
	Seed      uint64 // game k of every cell uses Seed+k
	// Swings is how many sources of the margins' moves Write shows (0:
	// none), from the games where every seat plays as the field.
	Swings int
	// Answers is how many answers of each faction Write shows at each end
	// (those that cost it most and gained it most, 0: none), from the
	// games where every seat plays as the field.
	Answers int
	// Progress, if set, is called after each finished game (from any
	// goroutine, serialised).
	Progress func(done, total int)
}

// Cell is one agent in one faction's seat in one scenario.
type Cell struct {
	Scenario string
	Faction  engine.Faction
	Agent    string
	// Games holds each game's outcome, by seed.
	Games []Outcome
}

// Outcome is one game as seen from the agent's seat.
type Outcome struct {
	First     bool
	Margin    int // the seat's final margin (7.3) or check margin (7.2)
	Cards     int
	Decisions int
	Think     []time.Duration
	Capped    int // planned actions the level's work cap stopped
	Passes    int
	Ops       int
	Events    int
	Ranking   []engine.Standing
	Err       error
}

// Report is a finished arena.
type Report struct {
	Config  Config
	Cells   []*Cell
	Ratings map[string]openskill.Rating // by "agent/FACTION"
	// Swings sum, by scenario, what moved the margins in the games where
	// every seat played as the field (the games that measure the deck's
	// balance), and Shared counts those games.
	Swings map[string]ai.Swings
	Shared map[string]int
	// Answers sum, by scenario, what each answer did in those games, when
	// asked for (Config.Answers).
	Answers map[string]ai.Answers
	Elapsed time.Duration
}

// Run plays the arena on every core. Every game depends only on its seed
// and seats, so the report is the same whatever the number of cores.
func Run(cfg Config) *Report {
	start := time.Now()
	rep := &Report{Config: cfg, Swings: map[string]ai.Swings{}, Shared: map[string]int{}, Answers: map[string]ai.Answers{}}
	// A job is one game; it counts in more than one cell when those
	// cells' agents play as the field does: every seat is then the same,
	// so every faction's cell of the scenario holds the same game.
	type job struct {
		cells []*Cell
		k     int
		// shared: every seat plays as the field.
		shared bool
	}
	var jobs []job
	for _, sc := range cfg.Scenarios {
		var asField []*Cell
		for _, f := range cfg.Factions {
			for _, a := range cfg.Agents {
				c := &Cell{Scenario: sc, Faction: f, Agent: a.Name, Games: make([]Outcome, cfg.Games)}
				rep.Cells = append(rep.Cells, c)
				if a.Seat.Sample == nil && cfg.Field.Seat.Sample == nil && a.Seat.Level == cfg.Field.Seat.Level {
					asField = append(asField, c)
					continue
				}
				for k := range cfg.Games {
					jobs = append(jobs, job{[]*Cell{c}, k, false})
				}
			}
		}
		for k := range cfg.Games {
			if len(asField) > 0 {
				jobs = append(jobs, job{asField, k, true})
			}
		}
	}
	agents := map[string]Agent{}
	for _, a := range cfg.Agents {
		agents[a.Name] = a
	}
	var mu sync.Mutex
	next, done := 0, 0
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Think times are this thread's CPU time where the system
			// tells it, so a loaded machine does not inflate them.
			clock := threadClock()
			defer runtime.UnlockOSThread()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(jobs) {
					return
				}
				j := jobs[i]
				var seats [engine.NumFactions]ai.Seat
				for _, f := range engine.Factions {
					seats[f] = cfg.Field.Seat
				}
				first := j.cells[0]
				seats[first.Faction] = agents[first.Agent].Seat
				seed := cfg.Seed + uint64(j.k)
				opt := ai.PlayOptions{Clock: clock, Answers: j.shared && cfg.Answers > 0}
				m, err := ai.Play(engine.Config{Scenario: first.Scenario, Seed: seed}, seats, seed, opt)
				for _, c := range j.cells {
					c.Games[j.k] = outcome(m, c.Faction, err)
				}
				mu.Lock()
				if j.shared && err == nil {
					sw := rep.Swings[first.Scenario]
					if sw == nil {
						sw = ai.Swings{}
						rep.Swings[first.Scenario] = sw
					}
					sw.Add(m.Swings)
					rep.Shared[first.Scenario]++
					if m.Answers != nil {
						if rep.Answers[first.Scenario] == nil {
							rep.Answers[first.Scenario] = ai.Answers{}
						}
						rep.Answers[first.Scenario].Add(m.Answers)
					}
				}
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, len(jobs))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	rep.rate()
	rep.Elapsed = time.Since(start)
	return rep
}

func outcome(m ai.Match, f engine.Faction, err error) Outcome {
	o := Outcome{Err: err, Cards: m.Cards, Decisions: m.Decisions}
	if err != nil || m.Result == nil {
		if o.Err == nil {
			o.Err = fmt.Errorf("the game ended without a result")
		}
		return o
	}
	st := m.Stats[f]
	o.First = slices.Contains(m.Result.Ranking[0].Factions, f)
	o.Margin = m.Result.Margins[f]
	o.Think, o.Capped, o.Passes, o.Ops, o.Events = st.Think, st.Capped, st.Passes, st.Operations, st.Events
	o.Ranking = m.Result.Ranking
	return o
}

// rate runs the Weng-Lin (Plackett-Luce) model of the leagues over every
// game in a fixed order. Each agent has a rating per faction, and so does
// the field: "normal/NAT", "random/JPN".
func (r *Report) rate() {
	model := openskill.Default()
	r.Ratings = map[string]openskill.Rating{}
	get := func(k string) openskill.Rating {
		if v, ok := r.Ratings[k]; ok {
			return v
		}
		return model.New()
	}
	for _, c := range r.Cells {
		for _, o := range c.Games {
			if o.Err != nil || len(o.Ranking) != engine.NumFactions {
				continue // teams or a failed game: not rated
			}
			var keys []string
			var teams [][]openskill.Rating
			var ranks []int
			for _, st := range o.Ranking {
				f := st.Factions[0]
				who := r.Config.Field.Name
				if f == c.Faction {
					who = c.Agent
				}
				k := who + "/" + f.String()
				keys = append(keys, k)
				teams = append(teams, []openskill.Rating{get(k)})
				ranks = append(ranks, st.Place)
			}
			out, err := model.Rate(teams, ranks)
			if err != nil {
				continue
			}
			for i, k := range keys {
				r.Ratings[k] = out[i][0]
			}
		}
	}
}

// Wilson is the Wilson score interval for k successes in n trials at 95%.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := float64(k) / float64(n)
	den := 1 + z*z/float64(n)
	mid := (p + z*z/(2*float64(n))) / den
	half := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / den
	return max(0, mid-half), min(1, mid+half)
}

// McNemar is the exact two-sided p-value of a paired comparison with b
// pairs where only the first won and c where only the second did.
func McNemar(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	// P(X <= k) for X ~ Binomial(n, 1/2), doubled.
	sum := 0.0
	for i := 0; i <= k; i++ {
		lg, _ := math.Lgamma(float64(n + 1))
		la, _ := math.Lgamma(float64(i + 1))
		lb, _ := math.Lgamma(float64(n - i + 1))
		sum += math.Exp(lg - la - lb - float64(n)*math.Ln2)
	}
	return min(1, 2*sum)
}

// Summary is a cell's figures.
type Summary struct {
	Games, Errors, Firsts int
	Lo, Hi                float64
	Margin, Cards         float64
	ThinkMean, ThinkP99   time.Duration
	ThinkMax              time.Duration // the longest: no question may take more
	Actions               int
	Capped                int     // actions the work cap stopped
	Pass, Op, Event       float64 // shares of the card actions
}

// Summarise sums a cell.
func (c *Cell) Summarise() Summary {
	var s Summary
	var think []time.Duration
	var pass, ops, events int
	for _, o := range c.Games {
		s.Games++
		if o.Err != nil {
			s.Errors++
			continue
		}
		if o.First {
			s.Firsts++
		}
		s.Margin += float64(o.Margin)
		s.Cards += float64(o.Cards)
		think = append(think, o.Think...)
		s.Capped += o.Capped
		pass, ops, events = pass+o.Passes, ops+o.Ops, events+o.Events
	}
	ok := s.Games - s.Errors
	s.Lo, s.Hi = Wilson(s.Firsts, ok)
	if ok > 0 {
		s.Margin /= float64(ok)
		s.Cards /= float64(ok)
	}
	if len(think) > 0 {
		var sum time.Duration
		for _, t := range think {
			sum += t
		}
		s.ThinkMean = sum / time.Duration(len(think))
		sort.Slice(think, func(i, j int) bool { return think[i] < think[j] })
		s.ThinkP99 = think[min(len(think)-1, len(think)*99/100)]
		s.ThinkMax = think[len(think)-1]
		s.Actions = len(think)
	}
	if n := pass + ops + events; n > 0 {
		s.Pass, s.Op, s.Event = float64(pass)/float64(n), float64(ops)/float64(n), float64(events)/float64(n)
	}
	return s
}

// Write prints the report: one row per cell, the paired comparisons of
// the agents in each seat, and the ratings.
func (r *Report) Write(w io.Writer) {
	fmt.Fprintf(w, "Arena: %d games per cell against a field of %s, seeds %d-%d, %s.\n", r.Config.Games, r.Config.Field.Name, r.Config.Seed, r.Config.Seed+uint64(r.Config.Games)-1, r.Elapsed.Round(time.Second))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tfaction\tagent\tgames\t1st\t95% CI\tmargin\tcards\tthink mean\tp99\tmax\tcapped\tpass/op/event\terrors\t")
	for _, c := range r.Cells {
		s := c.Summarise()
		think, p99, most := "-", "-", "-"
		if s.Actions > 0 {
			think, p99, most = fmtDur(s.ThinkMean), fmtDur(s.ThinkP99), fmtDur(s.ThinkMax)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.1f%%\t%.1f-%.1f%%\t%+.1f\t%.1f\t%s\t%s\t%s\t%d\t%.0f/%.0f/%.0f%%\t%d\t\n",
			c.Scenario, c.Faction, c.Agent, s.Games, pct(s.Firsts, s.Games-s.Errors), 100*s.Lo, 100*s.Hi, s.Margin, s.Cards, think, p99, most, s.Capped, 100*s.Pass, 100*s.Op, 100*s.Event, s.Errors)
	}
	tw.Flush()
	if len(r.Config.Agents) > 1 {
		r.writePaired(w)
	}
	if r.Config.Answers > 0 {
		r.writeAnswers(w, r.Config.Answers)
	}
	if r.Config.Swings > 0 {
		r.writeSwings(w, r.Config.Swings)
	}
	fmt.Fprintln(w, "\nWeng-Lin ratings (ordinal = mu - 3 sigma):")
	keys := make([]string, 0, len(r.Ratings))
	for k := range r.Ratings {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return r.Ratings[keys[i]].Ordinal() > r.Ratings[keys[j]].Ordinal() })
	for _, k := range keys {
		fmt.Fprintf(w, "  %-16s %s\n", k, r.Ratings[k])
	}
}

func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}

func fmtDur(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}
