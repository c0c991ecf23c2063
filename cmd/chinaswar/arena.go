package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chinaswar/chinaswar/commands/arena"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// arenaCmd measures AI players against a field (see package arena).
func arenaCmd(args []string) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	agents := fs.String("agents", "normal,random", `agents to measure, comma-separated: random, basic (the rollout policy, no search), easy, normal, hard, slow; "cheat-LEVEL" searches on copies of the real game (it knows the deck and the dice), to measure what playing fair costs`)
	field := fs.String("field", "random", "who plays the other three seats")
	games := fs.Int("games", 50, "games per cell (agent x faction x scenario); game k of every cell uses the same seed")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	scenarios := fs.String("scenario", "1937,1938", "scenarios, comma-separated")
	factions := fs.String("factions", "JPN,NAT,WLD,CPC", "the seats the agents take in turn")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	swings := fs.Int("swings", 0, "show the N sources (action kinds, Event sides, Propaganda phases) that moved the final margins most, in the games where every seat plays as the field")
	answers := fs.Int("answers", 0, "show, for each faction, the N answers that cost it most and the N that gained it most (the mean change of its final margin over the steps where it gave them), in the games where every seat plays as the field")
	gamesOut := fs.String("games-out", "", "also save every game (seed, margins, ranking) to this file, one JSON object a line")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *games < 1 {
		return fmt.Errorf("--games must be at least 1")
	}
	cfg := arena.Config{Games: *games, Seed: *seed, Swings: *swings, Answers: *answers}
	for _, name := range strings.Split(*agents, ",") {
		a, err := parseAgent(strings.TrimSpace(name))
		if err != nil {
			return fmt.Errorf("--agents: %w", err)
		}
		cfg.Agents = append(cfg.Agents, a)
	}
	f, err := parseAgent(*field)
	if err != nil {
		return fmt.Errorf("--field: %w", err)
	}
	cfg.Field = f
	for _, sc := range strings.Split(*scenarios, ",") {
		sc = strings.TrimSpace(sc)
		if sc != "1937" && sc != "1938" {
			return fmt.Errorf("--scenario: unknown scenario %q (want 1937 or 1938)", sc)
		}
		cfg.Scenarios = append(cfg.Scenarios, sc)
	}
	for _, fn := range strings.Split(*factions, ",") {
		f, err := engine.ParseFaction(strings.TrimSpace(fn))
		if err != nil {
			return fmt.Errorf("--factions: %w", err)
		}
		cfg.Factions = append(cfg.Factions, f)
	}
	if !*quiet {
		cfg.Progress = func(done, total int) {
			if done%10 == 0 || done == total {
				fmt.Fprintf(stderr, "\r%d/%d games", done, total)
			}
			if done == total {
				fmt.Fprintln(stderr)
			}
		}
	}
	// The games file is opened before the run, so a path that cannot be
	// written is refused at once rather than after hours of games.
	var out *gamesFile
	if *gamesOut != "" {
		if out, err = createGamesFile(*gamesOut); err != nil {
			return err
		}
		defer out.abandon()
	}
	rep := arena.Run(cfg)
	rep.Write(stdout)
	if out != nil {
		if err := out.save(rep); err != nil {
			return err
		}
	}
	for _, c := range rep.Cells {
		for k, o := range c.Games {
			if o.Err != nil {
				return fmt.Errorf("%s %s %s seed %d: %w", c.Scenario, c.Faction, c.Agent, cfg.Seed+uint64(k), o.Err)
			}
		}
	}
	return nil
}

// parseAgent reads "random", a level name, or "cheat-LEVEL".
func parseAgent(name string) (arena.Agent, error) {
	level, cheat := strings.CutPrefix(strings.ToLower(name), "cheat-")
	seat, err := ai.ParseSeat(level)
	if err != nil {
		return arena.Agent{}, err
	}
	if cheat {
		if seat.IsRandom() {
			return arena.Agent{}, fmt.Errorf("%q: a random seat has nothing to cheat with", name)
		}
		// The unfair experiment: simulate on exact copies of the real game.
		seat.Sample = func(g *engine.Game, _ uint64) (*engine.Game, error) { return g.Clone(), nil }
	}
	return arena.Agent{Name: strings.ToLower(name), Seat: seat}, nil
}

// gamesFile is where --games-out saves the games: a temporary file beside
// the destination, renamed over it once every game is written, so a run
// that fails or is stopped leaves an earlier file of that name as it was.
type gamesFile struct {
	f    *os.File
	path string
	done bool
}

func createGamesFile(path string) (*gamesFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, fmt.Errorf("--games-out: %w", err)
	}
	if err := f.Chmod(0o644); err != nil { // CreateTemp's 0600 is for secrets
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("--games-out: %w", err)
	}
	return &gamesFile{f: f, path: path}, nil
}

// save writes the report's games and puts the file in place.
func (g *gamesFile) save(rep *arena.Report) error {
	if err := rep.WriteGames(g.f); err != nil {
		return err
	}
	if err := g.f.Close(); err != nil {
		return fmt.Errorf("--games-out: %w", err)
	}
	if err := os.Rename(g.f.Name(), g.path); err != nil {
		return fmt.Errorf("--games-out: %w", err)
	}
	g.done = true
	return nil
}

// abandon removes the temporary file unless save put it in place.
func (g *gamesFile) abandon() {
	if !g.done {
		g.f.Close()
		os.Remove(g.f.Name())
	}
}
