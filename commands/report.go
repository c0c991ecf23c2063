package commands

import (
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// reporter is the Table a console line plays through: after every decision
// it prints the choice, the answers the engine then applied on its own, and,
// when actions were completed, the same summary Discord posts and the card
// change, so that a person never has to read the log to learn what happened.
type reporter struct {
	Table
	c *Console
}

func (r reporter) Do(f engine.Faction, choice string) error {
	g := r.Table.Game()
	label := choice
	if p := g.Prompt(); p != nil {
		for _, c := range p.Choices {
			if c.ID == choice {
				label = c.Label
			}
		}
	}
	logLen, card := len(g.Log()), g.State().Current
	if err := r.Table.Do(f, choice); err != nil {
		return err
	}
	g = r.Table.Game() // a table may replace its game
	r.c.print(fmt.Sprintf("%s: %s\n", f, label))
	r.c.print(ForcedText(g.Forced()))
	r.c.print(ReportText(g, logLen, card))
	return nil
}

// ForcedText lists the answers the engine applied because each was the only
// legal choice, one line each: "  applied for you: JPN Sweep: … → Manchukuo".
func ForcedText(forced []engine.Forced) string {
	var b strings.Builder
	for _, f := range forced {
		fmt.Fprintf(&b, "  applied for you: %s: %s → %s\n", f.Faction, f.Question, f.Choice.Label)
	}
	return b.String()
}

// ReportText tells what happened since the log held logLen entries and
// the current card was card: the completed actions' summary, as Discord
// posts it, and the new card with the factions' eligibility if it changed.
func ReportText(g *engine.Game, logLen int, card int) string {
	var b strings.Builder
	if log := g.Log(); len(log) > logLen {
		fmt.Fprintf(&b, "\n%s\n", Summary(log[logLen:]))
	}
	s := g.State()
	if s.Current != card && s.Current != 0 && !g.Over() {
		d := g.Deck()
		fmt.Fprintf(&b, "\nNew card: %s", CardLine(d, s.Current))
		switch {
		case s.Options.NoReveal:
		case len(s.Deck) > 0:
			fmt.Fprintf(&b, "; next: %s", CardLine(d, s.Deck[0]))
		}
		var elig, inelig []string
		for _, f := range engine.Factions {
			if s.Elig[f] == engine.Ineligible {
				inelig = append(inelig, f.String())
			} else {
				elig = append(elig, f.String())
			}
		}
		fmt.Fprintf(&b, ".\nEligible: %s; Ineligible: %s.\n", listOrNone(elig), listOrNone(inelig))
	}
	return b.String()
}

func listOrNone(fs []string) string {
	if len(fs) == 0 {
		return "none"
	}
	return strings.Join(fs, ", ")
}
