package arena

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{90, 100, 0.8256, 0.9448},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f-%.4f, want %.4f-%.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestMcNemar(t *testing.T) {
	for _, tc := range []struct {
		b, c int
		p    float64
	}{
		{0, 0, 1},
		{5, 0, 0.0625},
		{10, 2, 0.0386},
		{6, 6, 1},
	} {
		if p := McNemar(tc.b, tc.c); math.Abs(p-tc.p) > 5e-4 {
			t.Errorf("McNemar(%d, %d) = %.4f, want %.4f", tc.b, tc.c, p, tc.p)
		}
	}
}

// TestArenaIsPairedAndTheSameOnAnyNumberOfCores: every cell plays the same
// seeds, and the report does not depend on the core count.
func TestArenaIsPairedAndTheSameOnAnyNumberOfCores(t *testing.T) {
	tiny := ai.Seat{Level: ai.Level{Name: "Tiny", Sims: 2}}
	cfg := Config{
		Agents:    []Agent{{"tiny", tiny}, {"random", ai.Random}},
		Field:     Agent{"random", ai.Random},
		Scenarios: []string{"1938"},
		Factions:  []engine.Faction{engine.NAT},
		Games:     3,
		Seed:      11,
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	a := Run(cfg)
	runtime.GOMAXPROCS(3)
	b := Run(cfg)
	for i := range a.Cells {
		for k := range a.Cells[i].Games {
			x, y := a.Cells[i].Games[k], b.Cells[i].Games[k]
			if x.Err != nil || x.Margin != y.Margin || x.Decisions != y.Decisions || x.First != y.First {
				t.Fatalf("cell %d game %d differs: %+v vs %+v", i, k, x, y)
			}
		}
	}
	var out bytes.Buffer
	a.Write(&out)
	for _, want := range []string{"1938", "NAT", "tiny", "random", "capped", "Paired comparisons", "all seats: tiny", "Weng-Lin", "tiny/NAT", "random/JPN"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestSummariseThinkTimes: a cell reports the mean, the 99th percentile
// and the longest think time over all its games' actions, the longest
// being what the "no question over 2 s" aim is read against, and how many
// actions the work cap stopped.
func TestSummariseThinkTimes(t *testing.T) {
	c := &Cell{Games: []Outcome{
		{First: true, Think: []time.Duration{time.Second, 3 * time.Second}, Capped: 1},
		{Think: []time.Duration{2 * time.Second}, Capped: 1},
		{Err: errors.New("engine error"), Think: []time.Duration{time.Hour}},
	}}
	s := c.Summarise()
	if s.ThinkMean != 2*time.Second || s.ThinkP99 != 3*time.Second || s.ThinkMax != 3*time.Second || s.Actions != 3 {
		t.Errorf("mean %v, p99 %v, max %v over %d actions; want 2s, 3s, 3s over 3", s.ThinkMean, s.ThinkP99, s.ThinkMax, s.Actions)
	}
	if s.Games != 3 || s.Errors != 1 || s.Firsts != 1 || s.Capped != 2 {
		t.Errorf("%d games, %d errors, %d firsts, %d capped; want 3, 1, 1, 2", s.Games, s.Errors, s.Firsts, s.Capped)
	}
}

func TestNewcombePaired(t *testing.T) {
	for _, tc := range []struct {
		a, b, c, d int
		lo, hi     float64
	}{
		// Newcombe (1998), the example of 44 pairs: 0.0112 to 0.2954.
		{12, 9, 2, 21, 0.0112, 0.2954},
		// The same reversed.
		{12, 2, 9, 21, -0.2954, -0.0112},
		// No pair differs: the interval still has a width, narrowed by
		// the correlation of the pairs.
		{5, 0, 0, 5, -0.1666, 0.1666},
		{0, 0, 0, 0, -1, 1},
	} {
		lo, hi := NewcombePaired(tc.a, tc.b, tc.c, tc.d)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("NewcombePaired(%d, %d, %d, %d) = %.4f to %.4f, want %.4f to %.4f", tc.a, tc.b, tc.c, tc.d, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestPairedPoolsTheSeats: a comparison counts the pairs by who came first
// and the margin differences, pooled over seats.
func TestPairedPoolsTheSeats(t *testing.T) {
	cell := func(firsts []bool, margins []int) *Cell {
		c := &Cell{}
		for i := range firsts {
			c.Games = append(c.Games, Outcome{First: firsts[i], Margin: margins[i]})
		}
		return c
	}
	a := cell([]bool{true, true, false, false}, []int{3, 1, -2, 0})
	b := cell([]bool{true, false, true, false}, []int{1, -1, 2, -2})
	p := Compare(a, b)
	if p.Both != 1 || p.OnlyA != 1 || p.OnlyB != 1 || p.Neither != 1 {
		t.Fatalf("pairs %+v, want one of each", p)
	}
	a.Games[3].Err = errors.New("engine error")
	q := Compare(a, b)
	if q.N() != 3 {
		t.Errorf("a pair with an error counted: %d pairs", q.N())
	}
	all := p.Add(q)
	if all.N() != 7 || all.OnlyA != 2 || all.OnlyB != 2 {
		t.Errorf("pooled %+v", all)
	}
	// Differences 2, 2, -4, 2: mean 0.5.
	if m, lo, hi := p.MarginDifference(); m != 0.5 || lo >= m || hi <= m {
		t.Errorf("margin difference %.2f (%.2f to %.2f), want 0.5 inside its interval", m, lo, hi)
	}
	if d, lo, hi := p.Difference(); d != 0 || lo >= 0 || hi <= 0 {
		t.Errorf("difference %.2f (%.2f to %.2f), want 0 inside", d, lo, hi)
	}
}

// TestAgentsThatPlayAsTheFieldShareTheirGames: an agent seated as the
// field plays, in every seat, the same game for a seed; it is played once
// and counted in each faction's cell from that faction's side.
func TestAgentsThatPlayAsTheFieldShareTheirGames(t *testing.T) {
	tiny := ai.Seat{Level: ai.Level{Name: "Tiny", Sims: 2}}
	played := 0
	cfg := Config{
		Agents:    []Agent{{"tiny", tiny}, {"random", ai.Random}},
		Field:     Agent{"random", ai.Random},
		Scenarios: []string{"1938"},
		Factions:  []engine.Faction{engine.NAT, engine.WLD},
		Games:     2,
		Seed:      21,
		Progress:  func(done, total int) { played = total },
	}
	rep := Run(cfg)
	if played != 2*2+2 {
		t.Errorf("%d games played, want 6: 4 for tiny, 2 shared by random's cells", played)
	}
	var nat, wld *Cell
	for _, c := range rep.Cells {
		switch {
		case c.Agent == "random" && c.Faction == engine.NAT:
			nat = c
		case c.Agent == "random" && c.Faction == engine.WLD:
			wld = c
		}
	}
	for k := range cfg.Games {
		a, b := nat.Games[k], wld.Games[k]
		if a.Err != nil || b.Err != nil {
			t.Fatalf("game %d: %v, %v", k, a.Err, b.Err)
		}
		if a.Decisions != b.Decisions || a.Cards != b.Cards {
			t.Errorf("game %d differs between the cells: %d/%d decisions", k, a.Decisions, b.Decisions)
		}
		// The all-random game of its seed, each cell from its own side.
		var seats [engine.NumFactions]ai.Seat
		m, err := ai.Play(engine.Config{Scenario: "1938", Seed: cfg.Seed + uint64(k)}, seats, cfg.Seed+uint64(k), ai.PlayOptions{})
		if err != nil || m.Decisions != a.Decisions {
			t.Fatalf("game %d is not the all-random game of its seed: %v", k, err)
		}
		if a.Margin != m.Result.Margins[engine.NAT] || b.Margin != m.Result.Margins[engine.WLD] {
			t.Errorf("game %d: margins %d and %d, want NAT's %d and WLD's %d", k, a.Margin, b.Margin, m.Result.Margins[engine.NAT], m.Result.Margins[engine.WLD])
		}
	}
}

// TestSwingsComeFromTheSharedGames: the report's swings sum the games in
// which every seat played as the field, once each, and Write shows them
// per game, with the margins they add up to.
func TestSwingsComeFromTheSharedGames(t *testing.T) {
	basic := ai.Seat{Level: ai.Basic}
	cfg := Config{
		Agents:    []Agent{{"basic", basic}, {"random", ai.Random}},
		Field:     Agent{"basic", basic},
		Scenarios: []string{"1937"},
		Factions:  engine.Factions[:],
		Games:     3,
		Seed:      40,
		Swings:    5,
	}
	rep := Run(cfg)
	if rep.Shared["1937"] != 3 {
		t.Fatalf("%d shared games counted, want 3 (random's games are not shared)", rep.Shared["1937"])
	}
	sw := rep.Swings["1937"]
	if sw[ai.Start].Count != 3 {
		t.Errorf("the starting margins were counted %d times, want 3", sw[ai.Start].Count)
	}
	for src := range sw {
		if strings.HasPrefix(src, "phase ") || src == ai.Start {
			continue
		}
		if family(src) == "" {
			t.Errorf("source %q belongs to no faction's kind of action", src)
		}
	}
	var out strings.Builder
	rep.Write(&out)
	text := out.String()
	for _, want := range []string{"What moved the final margins (7.3), 1937, 3 games with every seat basic, per game:", "at the end", "CPC operations", "the "} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	cfg.Swings = 0
	rep.Config = cfg
	out.Reset()
	rep.Write(&out)
	if strings.Contains(out.String(), "What moved") {
		t.Error("swings shown though not asked for")
	}
}

// TestAnswersComeFromTheSharedGames: asked for, the answers ledger sums
// the games in which every seat played as the field, and Write shows each
// faction's steps and its answers at both ends; not asked for, the games
// record none and Write shows none.
func TestAnswersComeFromTheSharedGames(t *testing.T) {
	basic := ai.Seat{Level: ai.Basic}
	cfg := Config{
		Agents:    []Agent{{"basic", basic}, {"random", ai.Random}},
		Field:     Agent{"basic", basic},
		Scenarios: []string{"1938"},
		Factions:  engine.Factions[:],
		Games:     40,
		Seed:      40,
		Answers:   2,
	}
	rep := Run(cfg)
	as := rep.Answers["1938"]
	for _, f := range engine.Factions {
		if as[ai.AllSteps(f)].Steps == 0 {
			t.Errorf("no steps with an answer of %s", f)
		}
	}
	var out strings.Builder
	rep.Write(&out)
	text := out.String()
	for _, want := range []string{"What each answer did to its faction's final margin (7.3), 1938, 40 games with every seat basic", "NAT: ", "steps with an answer, mean ", "more)", "=> "} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	cfg.Answers = 0
	rep = Run(cfg)
	if len(rep.Answers) != 0 {
		t.Errorf("answers recorded though not asked for: %d scenarios", len(rep.Answers))
	}
	out.Reset()
	rep.Write(&out)
	if strings.Contains(out.String(), "What each answer did") {
		t.Error("answers shown though not asked for")
	}
}

// TestWriteGamesSavesEveryGame: one line per cell and seed, each with the
// game's whole ranking, agreeing with the cell's outcome.
func TestWriteGamesSavesEveryGame(t *testing.T) {
	basic := ai.Seat{Level: ai.Basic}
	rep := Run(Config{Agents: []Agent{{"basic", basic}}, Field: Agent{"random", ai.Random},
		Scenarios: []string{"1938"}, Factions: []engine.Faction{engine.NAT, engine.CPC}, Games: 3, Seed: 7})
	var out bytes.Buffer
	if err := rep.WriteGames(&out); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&out)
	n := 0
	for dec.More() {
		var l gameLine
		if err := dec.Decode(&l); err != nil {
			t.Fatal(err)
		}
		n++
		f, err := engine.ParseFaction(l.Faction)
		if err != nil || l.Scenario != "1938" || l.Agent != "basic" || l.Seed < 7 || l.Seed > 9 || len(l.Ranking) != engine.NumFactions {
			t.Fatalf("line %d: %+v", n, l)
		}
		if first := slices.Contains(l.Ranking[0].Factions, f); first != l.First {
			t.Errorf("line %d: first %v, but the ranking puts %v first", n, l.First, l.Ranking[0].Factions)
		}
	}
	if n != 2*3 {
		t.Errorf("%d lines, want 6", n)
	}
}
