package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render"
)

// playCmd runs a game in the terminal. Interactively, bad input is reported
// and the prompt shown again; with --script the first bad line stops the run
// with its line number.
func playCmd(args []string) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	scenario := fs.String("scenario", "1937", "scenario: 1937 or 1938")
	seed := fs.Uint64("seed", 0, "the new game's seed (the same seed and choices replay the same game); by default a random one, printed at the start")
	options := fs.String("options", "", "optional rules, comma-separated: "+strings.Join(engine.OptionNames, ", "))
	players := fs.String("players", "", `who holds which faction, e.g. "ann=JPN+CPC,bob=NAT+WLD" (names only; teams for victory are an option)`)
	script := fs.String("script", "", "read lines from this file (- for standard input) and stop at the first bad one")
	dbPath := fs.String("db", "chinaswar.db", "SQLite database that keeps the game; \"\" keeps it in memory only")
	name := fs.String("name", "default", "the game's name: play resumes the active game of this name")
	fresh := fs.Bool("new", false, "abandon the active game of this name and start a new one")
	aiSeats := fs.String("ai", "", `factions the computer plays, each with an optional level (easy, normal, hard, slow), e.g. "NAT,WLD:hard"`)
	deckPath := fs.String("deck", "", "play with this deck file instead of the embedded stand-in deck (see README, \"Replacing the deck\")")
	positionPath := fs.String("position", "", "start from this position description (docs/position.md); the game is kept in memory only")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var deck *engine.Deck
	if *deckPath != "" {
		var err error
		if deck, err = readDeck(*deckPath); err != nil {
			return err
		}
		if deck.ID == engine.DefaultDeck().ID {
			deck = nil // the embedded deck: games can be stored as usual
		} else {
			dbSet := false
			fs.Visit(func(f *flag.Flag) { dbSet = dbSet || f.Name == "db" })
			if dbSet && *dbPath != "" {
				return fmt.Errorf("--deck %s: the database stores games of the embedded deck only; play a replacement deck with --db \"\"", *deckPath)
			}
			*dbPath = ""
			fmt.Fprintf(stderr, "Playing with deck %s (%s); the game is kept in memory only.\n", *deckPath, deck.ID)
		}
	}
	opts, err := engine.ParseOptions(*options)
	if err != nil {
		return err
	}
	seats, err := parsePlayers(*players)
	if err != nil {
		return err
	}
	cfg := engine.Config{Scenario: *scenario, Seed: newSeed(fs, *seed), Options: opts, Deck: deck}
	bots, err := commands.ParseAISeats(*aiSeats, cfg.Seed)
	if err != nil {
		return err
	}
	c := &commands.Console{Players: seats, Out: stdout, AI: bots}
	c.Board = func(path string) error {
		png, err := render.Board(c.Table.Game(), render.Options{})
		if err != nil {
			return err
		}
		return os.WriteFile(path, png, 0o644)
	}
	switch {
	case *positionPath != "":
		g, err := startPosition(fs, *positionPath)
		if err != nil {
			return err
		}
		c.Table = commands.Local{G: g}
	case *dbPath == "":
		g, err := engine.New(cfg)
		if err != nil {
			return err
		}
		c.Table = commands.Local{G: g}
		announceNew(cfg)
	default:
		st, err := db.Open(*dbPath)
		if err != nil {
			return err
		}
		defer st.Close()
		if *fresh {
			if err := abandonConsoleGame(st, *name); err != nil {
				return err
			}
		}
		t, resumed, err := openConsoleGame(st, *name, cfg, seats)
		if err != nil {
			return err
		}
		if resumed {
			ignored := ""
			fs.Visit(func(f *flag.Flag) {
				if f.Name == "scenario" || f.Name == "seed" || f.Name == "options" {
					ignored = "; --scenario, --seed and --options apply only to a new game (use --new, or another --name)"
				}
			})
			fmt.Fprintf(stderr, "Resuming game %q from %s (scenario %s)%s.\n", *name, *dbPath, t.Game().State().Scenario, ignored)
		} else {
			announceNew(cfg)
		}
		c.Table = t
	}
	if *script != "" {
		var in io.Reader = stdin
		if *script != "-" {
			f, err := os.Open(*script)
			if err != nil {
				return err
			}
			defer f.Close()
			in = f
		}
		return runScript(c, in)
	}
	return interact(c, stdin, leaving(*dbPath, *name))
}

func parsePlayers(s string) (map[engine.Faction]string, error) {
	seats := map[engine.Faction]string{}
	if s == "" {
		return seats, nil
	}
	for _, part := range strings.Split(s, ",") {
		name, fs, ok := strings.Cut(part, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("--players: %q should look like name=JPN+CPC", part)
		}
		for _, fn := range strings.Split(fs, "+") {
			f, err := engine.ParseFaction(strings.TrimSpace(fn))
			if err != nil {
				return nil, fmt.Errorf("--players: %w", err)
			}
			if prev, dup := seats[f]; dup {
				return nil, fmt.Errorf("--players: %s is held by both %s and %s", f, prev, name)
			}
			seats[f] = strings.TrimSpace(name)
		}
	}
	return seats, nil
}

// interact runs the console on lines typed at in, showing the prompt before
// each; bye is said on quit or at the end of the input.
func interact(c *commands.Console, in io.Reader, bye string) error {
	sc := bufio.NewScanner(in)
	fmt.Fprintln(c.Out, "China's War 1937-41. Type help for commands.")
	fmt.Fprintln(c.Out, commands.Provenance)
	for {
		if err := c.PlayAI(); err != nil {
			return err
		}
		fmt.Fprint(c.Out, "\n"+c.PromptText()+"> ")
		if !sc.Scan() {
			fmt.Fprintln(c.Out, "\n"+bye)
			return sc.Err()
		}
		if strings.TrimSpace(sc.Text()) == "?" {
			continue // the prompt is shown before every line anyway
		}
		err := c.Exec(sc.Text())
		if errors.Is(err, commands.ErrQuit) {
			fmt.Fprintln(c.Out, bye)
			return nil
		}
		if err != nil {
			fmt.Fprintln(c.Out, "!", err)
		}
	}
}

func runScript(c *commands.Console, in io.Reader) error {
	sc := bufio.NewScanner(in)
	for n := 1; ; n++ {
		if err := c.PlayAI(); err != nil {
			return err
		}
		if !sc.Scan() {
			break
		}
		err := c.Exec(sc.Text())
		if errors.Is(err, commands.ErrQuit) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("line %d: %q: %w", n, sc.Text(), err)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	fmt.Fprint(c.Out, c.PromptText())
	return nil
}

// readDeck reads and checks a deck file (engine.ParseDeck): a bad file is an
// error naming the file, the card and the field.
func readDeck(path string) (*engine.Deck, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--deck: %w", err)
	}
	d, err := engine.ParseDeck(data)
	if err != nil {
		return nil, fmt.Errorf("--deck %s:\n%w", path, err)
	}
	return d, nil
}
