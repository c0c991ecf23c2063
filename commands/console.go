package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// Table is where decisions go: straight to the engine, or through storage
// that records them first.
type Table interface {
	Game() *engine.Game
	Do(f engine.Faction, choice string) error
	Undo(f engine.Faction) error
}

// Transferer is a Table that can record voluntary transfers (1.5.2).
type Transferer interface {
	Transfer(t engine.Transfer) error
}

// Local is a Table that keeps the game in memory only.
type Local struct{ G *engine.Game }

func (l Local) Game() *engine.Game                       { return l.G }
func (l Local) Do(f engine.Faction, choice string) error { return l.G.Do(f, choice) }
func (l Local) Undo(f engine.Faction) error              { return l.G.Undo(f) }
func (l Local) Transfer(t engine.Transfer) error         { return l.G.Transfer(t) }

// Console runs a game from lines of text: a person at a terminal, or a
// script. Every line is either a command or a choice for the prompt.
type Console struct {
	Table Table
	// Players names who holds each faction; a faction not listed is shown
	// by its own name.
	Players map[engine.Faction]string
	Out     io.Writer
	// Board renders the current board to a PNG file; nil when rendering is
	// not available.
	Board func(path string) error
	// AI holds the factions played by the computer (see PlayAI).
	AI     map[engine.Faction]*ai.Player
	lastAI *ai.Player
}

// ConsoleHelp lists the console's commands.
const ConsoleHelp = `Commands:
  NUMBER | CHOICE      answer the prompt by its number, its text or a prefix (e.g. 2, pass, sich)
  FACTION: CHOICE      answer as a given faction (hot-seat), e.g. "nat: done"
  ?                    show the prompt and its choices again
  undo [FACTION]       take back your last decision in the current action
  give FACTION N       give N Resources to FACTION (1.5.2), e.g. "give wld 2" or "jpn: give cpc 3"
  patronage N          NAT turns N Patronage into WLD Resources (1.5.2)
  status               tracks, eligibility, cards and victory
  victory              victory totals, margins and the ranking if the game ended now
  forces               Available, Casualties and Out of Play
  space NAME           a space's pieces, markers and neighbours
  card N               a card's texts
  log [N]              the last N log lines (default 20)
  board [FILE]         write the board to a PNG file (default board.png)
  why [FACTION]        the alternatives the AI weighed for its last action
  help                 this list
  quit                 leave; a game kept in a database is saved as you go and resumes
                       when play is run again`

// ErrQuit is returned by Exec when the person asks to leave.
var ErrQuit = errors.New("quit")

// Exec runs one line. Bad input returns an error that says what was wrong
// and what is legal; it changes nothing.
func (c *Console) Exec(line string) error {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	g := c.Table.Game()
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "quit", "exit":
		return ErrQuit
	case "help":
		c.print(ConsoleHelp + "\n")
		return nil
	case "?":
		c.print(c.PromptText())
		return nil
	case "status":
		c.print(Status(g))
		return nil
	case "victory":
		c.print(VictoryText(g))
		return nil
	case "forces":
		c.print(ForcesText(g))
		return nil
	case "space":
		if rest == "" {
			return errors.New("space needs a name, e.g. \"space Hebei\"")
		}
		t, err := SpaceText(g, rest)
		if err != nil {
			return err
		}
		c.print(t)
		return nil
	case "card":
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "#"))
		if err != nil {
			return fmt.Errorf("card needs a number, e.g. \"card 17\"")
		}
		t, err := CardText(g.Deck(), n)
		if err != nil {
			return err
		}
		c.print(t)
		return nil
	case "log":
		n := 20
		if rest != "" {
			var err error
			if n, err = strconv.Atoi(rest); err != nil || n < 1 {
				return fmt.Errorf("log takes a positive number of lines, not %q", rest)
			}
		}
		c.print(LogText(g, n))
		return nil
	case "board":
		if c.Board == nil {
			return errors.New("board images are not available in this build")
		}
		path := "board.png"
		if rest != "" {
			path = rest
		}
		if err := c.Board(path); err != nil {
			return fmt.Errorf("board: %w", err)
		}
		c.print("Board written to " + path + "\n")
		return nil
	case "undo":
		return c.undo(rest)
	case "why":
		return c.why(rest)
	}
	return c.choose(line)
}

func (c *Console) print(s string) { fmt.Fprint(c.Out, s) }

// who names the player holding faction f.
func (c *Console) who(f engine.Faction) string {
	if name, ok := c.Players[f]; ok && name != "" {
		return fmt.Sprintf("%s (%s)", name, f)
	}
	return f.String()
}

// PromptText shows the current prompt with who must answer.
func (c *Console) PromptText() string {
	g := c.Table.Game()
	p := g.Prompt()
	if p == nil {
		return VictoryText(g)
	}
	return PromptText(g, c.who(p.Faction))
}

// actor splits an optional "FACTION:" prefix off a line. Without one the
// line is taken as the prompted faction's.
func (c *Console) actor(line string) (engine.Faction, string, error) {
	if head, tail, ok := strings.Cut(line, ":"); ok {
		if f, err := engine.ParseFaction(strings.TrimSpace(head)); err == nil {
			return f, strings.TrimSpace(tail), nil
		}
	}
	p := c.Table.Game().Prompt()
	if p == nil {
		return 0, "", errors.New("the game is over: there is nothing to decide (try status, log or quit)")
	}
	return p.Faction, line, nil
}

func (c *Console) choose(line string) error {
	f, text, err := c.actor(line)
	if err != nil {
		return err
	}
	if strings.EqualFold(text, "undo") {
		return c.undo(f.String())
	}
	if word, rest, _ := strings.Cut(text, " "); strings.EqualFold(word, "give") || strings.EqualFold(word, "patronage") {
		return c.transfer(f, strings.ToLower(word), strings.Fields(rest))
	}
	if p := c.Table.Game().Prompt(); p != nil && f != p.Faction {
		held := ""
		if name := c.Players[p.Faction]; name != "" {
			held = " (" + name + ")"
		}
		return fmt.Errorf("it is %s's decision%s, not %s's: %s", p.Faction, held, f, p.Question)
	}
	_, err = Run(context.Background(), reporter{c.Table, c}, f, text)
	return err
}

func (c *Console) undo(arg string) error {
	g := c.Table.Game()
	p := g.Prompt()
	if p == nil {
		return errors.New("the game is over: nothing to undo")
	}
	f := p.Faction
	if arg != "" {
		var err error
		if f, err = engine.ParseFaction(arg); err != nil {
			return err
		}
	}
	if err := c.Table.Undo(f); err != nil {
		return err
	}
	c.print(fmt.Sprintf("%s undid its last decision.\n", f))
	return nil
}

// transfer makes a voluntary transfer from faction f: "give FACTION N" or
// "patronage N" (NAT to WLD). The engine says when transfers are allowed.
func (c *Console) transfer(f engine.Faction, kind string, args []string) error {
	tt, ok := c.Table.(Transferer)
	if !ok {
		return errors.New("this table cannot record transfers")
	}
	t := engine.Transfer{From: f}
	var amount string
	switch {
	case kind == "give" && len(args) == 2:
		to, err := engine.ParseFaction(args[0])
		if err != nil {
			return err
		}
		t.To, amount = to, args[1]
	case kind == "patronage" && len(args) == 1:
		t.To, t.Patronage, amount = engine.WLD, true, args[0]
	default:
		return errors.New(`transfers read "give FACTION N" or "patronage N"`)
	}
	n, err := strconv.Atoi(amount)
	if err != nil {
		return fmt.Errorf("%q is not a number", amount)
	}
	t.Amount = n
	if err := tt.Transfer(t); err != nil {
		return err
	}
	what := "Resources"
	if t.Patronage {
		what = "Patronage as Resources"
	}
	c.print(fmt.Sprintf("%s gave %d %s to %s.\n", t.From, t.Amount, what, t.To))
	return nil
}
