package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// ParseAISeats reads the console's --ai value: factions with an optional
// level each, e.g. "NAT,WLD:hard" (the level defaults to Normal).
func ParseAISeats(s string, seed uint64) (map[engine.Faction]*ai.Player, error) {
	players := map[engine.Faction]*ai.Player{}
	if strings.TrimSpace(s) == "" {
		return players, nil
	}
	for _, part := range strings.Split(s, ",") {
		name, level, hasLevel := strings.Cut(strings.TrimSpace(part), ":")
		f, err := engine.ParseFaction(name)
		if err != nil {
			return nil, fmt.Errorf("--ai: %w", err)
		}
		l := ai.Normal
		if hasLevel {
			if l, err = ai.ParseLevel(level); err != nil {
				return nil, fmt.Errorf("--ai: %w", err)
			}
		}
		if players[f] != nil {
			return nil, fmt.Errorf("--ai: %s is named twice", f)
		}
		players[f] = ai.New(f, l, seed*engine.NumFactions+uint64(f))
	}
	return players, nil
}

// PlayAI answers every question put to an AI seat until a person must
// decide or the game ends. Each planned action prints its explanation
// line, and each answer is printed as the console prints a person's.
func (c *Console) PlayAI() error {
	for {
		g := c.Table.Game()
		p := g.Prompt()
		if p == nil {
			return nil
		}
		pl := c.AI[p.Faction]
		if pl == nil {
			return nil
		}
		choice, ex, err := pl.Decide(g)
		if err != nil {
			return fmt.Errorf("%s (AI): %w", p.Faction, err)
		}
		if ex != nil {
			c.lastAI = pl
			c.print(ex.Line() + "\n")
		}
		label := choice
		for _, ch := range p.Choices {
			if ch.ID == choice {
				label = ch.Label
			}
		}
		if err := c.Table.Do(p.Faction, choice); err != nil {
			return fmt.Errorf("%s (AI) chose %q: %w", p.Faction, choice, err)
		}
		c.print(fmt.Sprintf("%s: %s\n", p.Faction, label))
	}
}

// why shows the alternatives of an AI seat's last planned action.
func (c *Console) why(arg string) error {
	pl := c.lastAI
	if arg != "" {
		f, err := engine.ParseFaction(arg)
		if err != nil {
			return err
		}
		if pl = c.AI[f]; pl == nil {
			return fmt.Errorf("%s is not played by the AI", f)
		}
	}
	if pl == nil || pl.Last() == nil {
		return errors.New("no AI action yet")
	}
	c.print(WhyText(pl.Last()))
	return nil
}

// WhyText lists an AI action's best alternatives with their win rates.
func WhyText(e *ai.Explanation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (AI, %s) weighed %d simulations:\n", e.Faction, e.Level, e.Sims)
	for i, a := range e.Alternatives {
		fmt.Fprintf(&b, "  %d. %s: won %.0f%% of %d\n", i+1, a.Action, 100*a.Won, a.Sims)
	}
	return b.String()
}
