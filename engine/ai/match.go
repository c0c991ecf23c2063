package ai

import (
	"fmt"
	"strings"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Seat says who plays a faction in a match: an AI level (Basic included),
// or, with a zero Level, uniformly random legal choices (a fuzzer, not a
// baseline).
type Seat struct {
	Level Level
	// Sample replaces the AI's determinization (experiments only).
	Sample Sampler
}

// Random is the uniformly random seat.
var Random = Seat{}

// IsRandom reports whether the seat plays uniformly at random.
func (s Seat) IsRandom() bool { return s.Level.Name == "" }

func (s Seat) String() string {
	if s.IsRandom() {
		return "random"
	}
	return strings.ToLower(s.Level.Name)
}

// ParseSeat reads "random", "basic" or a level name.
func ParseSeat(s string) (Seat, error) {
	switch {
	case strings.EqualFold(s, "random"):
		return Random, nil
	case strings.EqualFold(s, Basic.Name):
		return Seat{Level: Basic}, nil
	}
	l, err := ParseLevel(s)
	return Seat{Level: l}, err
}

// Stats is what one faction did in a match.
type Stats struct {
	// Think is the time of each planned action, for the AI seats.
	Think []time.Duration
	// Capped counts the planned actions its level's work cap stopped.
	Capped int
	// Passes, Operations (any kind, including Limited Operations and Large
	// Offensives) and Events chosen as the faction's action on a card.
	Passes, Operations, Events int
}

// Match is a finished game.
type Match struct {
	Result    *engine.Result
	Decisions int
	Cards     int // Event cards played
	Stats     [engine.NumFactions]Stats
	// Swings are what moved the victory margins, by source.
	Swings Swings
	// Answers are what each answer did, if asked for (PlayOptions).
	Answers Answers
}

// Clock reads a time; think times are differences of two readings. The
// wall clock counts time the process waited for a loaded machine; a
// thread's CPU clock does not.
type Clock func() time.Duration

// WallClock is the default clock.
func WallClock() time.Duration { return time.Duration(time.Now().UnixNano()) }

// PlayOptions say what a match measures besides its result.
type PlayOptions struct {
	// Clock times the AI seats (nil: the wall clock).
	Clock Clock
	// Answers records what each answer did to its faction's margin
	// (Match.Answers), at some cost per decision.
	Answers bool
}

// seatSeed is the seed of faction f's AI player in the game of seed seed.
func seatSeed(seed uint64, f engine.Faction) uint64 { return mix(seed, uint64(f)+1) }

// Play plays one game with the given seats; seed drives the AI seats and
// the random ones. It fails on any engine error or illegal choice.
func Play(cfg engine.Config, seats [engine.NumFactions]Seat, seed uint64, opt PlayOptions) (Match, error) {
	clock := opt.Clock
	if clock == nil {
		clock = WallClock
	}
	g, err := engine.New(cfg)
	if err != nil {
		return Match{}, err
	}
	var players [engine.NumFactions]*Player
	for _, f := range engine.Factions {
		if !seats[f].IsRandom() {
			players[f] = New(f, seats[f].Level, seatSeed(seed, f))
			players[f].Sample = seats[f].Sample
		}
	}
	rng := &rand{mix(seed, 99)}
	m := Match{Swings: Swings{}}
	m.Swings.watch(g)
	var answers *answerLog
	if opt.Answers {
		m.Answers = Answers{}
		answers = newAnswerLog(g, m.Answers)
	}
	for !g.Over() {
		pr := g.Prompt()
		f := pr.Faction
		var choice string
		if pl := players[f]; pl != nil {
			start := clock()
			c, ex, err := pl.Decide(g)
			if err != nil {
				return m, fmt.Errorf("%s at %q: %w", f, pr.Question, err)
			}
			if ex != nil {
				m.Stats[f].Think = append(m.Stats[f].Think, clock()-start)
				if ex.Capped {
					m.Stats[f].Capped++
				}
			}
			choice = c
		} else {
			choice = pr.Choices[rng.intn(len(pr.Choices))].ID
		}
		if pr.Step == "eligible" && pr.Has("pass") {
			switch kind, _, _ := strings.Cut(choice, ":"); kind {
			case "pass":
				m.Stats[f].Passes++
			case "event":
				m.Stats[f].Events++
			case "op", "limop", "lo":
				m.Stats[f].Operations++
			}
		}
		if answers != nil {
			answers.answer(pr, choice)
		}
		if err := g.Do(f, choice); err != nil {
			return m, fmt.Errorf("%s chose %q at %q: %w", f, choice, pr.Question, err)
		}
		if answers != nil {
			answers.after(g)
		}
		m.Decisions++
	}
	m.Result = g.State().Result
	m.Cards = len(g.State().Played)
	return m, nil
}
