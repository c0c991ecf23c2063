package commands

import (
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// Provenance says where the map and deck come from. Every surface that shows
// cards or the board repeats it: the printed map and cards are not public.
const Provenance = "The map is a reconstruction (the printed map is not public) and the event deck is an original stand-in written for this project, not the published cards. The rules are the published Rules of Play."

// CardLine names a card: "#23 Industrial Cooperatives (NAT WLD CPC JPN)".
func CardLine(d *engine.Deck, n int) string {
	c := d.Card(n)
	if c == nil {
		return "none"
	}
	if c.Propaganda {
		return fmt.Sprintf("#%d %s", c.Number, c.Title)
	}
	return fmt.Sprintf("#%d %s (%s)", c.Number, c.Title, orderString(c.Order))
}

// NextCardLine shows the next card as the players see it: only a revealed
// card is named (engine.State.NextCard); the draw deck's order is hidden.
func NextCardLine(s *engine.State, d *engine.Deck) string {
	if n := s.NextCard(d); n != 0 {
		return CardLine(d, n)
	}
	switch {
	case s.Options.NoReveal:
		return "hidden (No Reveal)"
	case len(s.Deck) == 0:
		return "none (the draw deck is empty)"
	}
	return "not yet revealed"
}

// DeckLine says what is public about the draw deck: its size and how many
// Propaganda cards are left in it, never where they lie.
func DeckLine(s *engine.State, d *engine.Deck) string {
	return fmt.Sprintf("%d cards, %d of them Propaganda", len(s.Deck), s.PropagandaInDeck(d))
}

func orderString(o [engine.NumFactions]engine.Faction) string {
	s := make([]string, len(o))
	for i, f := range o {
		s[i] = f.String()
	}
	return strings.Join(s, " ")
}

// CardText shows a whole card with both texts.
func CardText(d *engine.Deck, n int) (string, error) {
	c := d.Card(n)
	if c == nil {
		return "", fmt.Errorf("there is no card #%d (cards are numbered %d to %d)", n, d.Numbers()[0], d.Numbers()[len(d.Numbers())-1])
	}
	var b strings.Builder
	fmt.Fprintln(&b, CardLine(d, n))
	if c.Propaganda {
		fmt.Fprintln(&b, "Propaganda: conduct a Propaganda Round (6.0).")
	} else {
		if c.Flavour != "" {
			fmt.Fprintf(&b, "  %s\n", c.Flavour)
		}
		fmt.Fprintf(&b, "  Unshaded%s: %s\n", flag(c.Unshaded.Flag), c.Unshaded.Text)
		if c.Shaded != nil {
			fmt.Fprintf(&b, "  Shaded%s: %s\n", flag(c.Shaded.Flag), c.Shaded.Text)
		}
	}
	fmt.Fprintln(&b, "  (Stand-in card written for this project; the published cards are not public.)")
	return b.String(), nil
}

func flag(f string) string {
	if f == "" {
		return ""
	}
	return " [" + f + "]"
}

// PromptText shows whose decision it is, the question and the numbered
// choices.
func PromptText(g *engine.Game, who string) string {
	p := g.Prompt()
	if p == nil {
		return "The game is over."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s decides: %s\n", who, p.Question)
	for i, c := range p.Choices {
		fmt.Fprintf(&b, "  %2d) %s\n", i+1, c.Label)
	}
	return b.String()
}

// Status shows the tracks, the sequence of play, the cards and the victory
// totals.
func Status(g *engine.Game) string {
	s, d := g.State(), g.Deck()
	var b strings.Builder
	fmt.Fprintf(&b, "Scenario %s", s.Scenario)
	if o := s.Options.String(); o != "" {
		fmt.Fprintf(&b, " [%s]", o)
	}
	fmt.Fprintf(&b, ", Propaganda Rounds so far: %d\n", s.Rounds)
	fmt.Fprintf(&b, "Current card: %s\n", CardLine(d, s.Current))
	fmt.Fprintf(&b, "Next card: %s\n", NextCardLine(s, d))
	if s.Held != 0 {
		fmt.Fprintf(&b, "Held for after the Propaganda Round: %s\n", CardLine(d, s.Held))
	}
	fmt.Fprintf(&b, "Draw deck: %s\n", DeckLine(s, d))
	b.WriteString("Eligibility:")
	for _, f := range engine.Factions {
		state := "Eligible"
		if s.Elig[f] == engine.Ineligible {
			state = "Ineligible"
		}
		for _, a := range s.Acts {
			if a.Faction == f {
				state = "did " + string(a.Did)
				if a.LargeOffensive {
					state += " (Large Offensive)"
				}
			}
		}
		switch s.EventElig[f] {
		case engine.EventEligIneligible:
			state += ", made Ineligible by an Event"
		case engine.EventEligStays:
			state += ", stays Eligible by an Event"
		}
		fmt.Fprintf(&b, " %s %s;", f, state)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "Resources: JPN %d, NAT %d, WLD %d, CPC %d\n", s.Resources[engine.JPN], s.Resources[engine.NAT], s.Resources[engine.WLD], s.Resources[engine.CPC])
	lo := "available"
	if s.LargeOffensiveUsed {
		lo = "used"
	}
	fmt.Fprintf(&b, "Commitment %d, Patronage %d, Foreign Aid %d (Reset %d), Large Offensive %s\n", s.Commitment, s.Patronage, s.Aid, s.AidReset, lo)
	b.WriteString(VictoryText(g))
	if len(s.Capabilities) > 0 {
		fmt.Fprintf(&b, "Capabilities: %s\n", strings.Join(s.Capabilities, ", "))
	}
	if len(s.Momentum) > 0 {
		fmt.Fprintf(&b, "Momentum: %s\n", strings.Join(s.Momentum, ", "))
	}
	if s.Floods != "" {
		fmt.Fprintf(&b, "Floods marker in %s (it and its adjacent LoCs are Flooded until the Reset)\n", s.Floods)
	}
	return b.String()
}

// VictoryText shows each faction's total against its threshold, its margin,
// and the ranking if the game ended now.
func VictoryText(g *engine.Game) string {
	s, m := g.State(), g.Map()
	t := s.Totals(m)
	mg := s.Margins(m, false)
	var b strings.Builder
	// Two margins read differently (7.2 and 7.3): label each so that
	// "WLD 19, margin -6" and "1. WLD (+4)" do not seem to contradict.
	b.WriteString("Victory check (7.2, margin = total minus threshold):")
	for _, f := range engine.Factions {
		fmt.Fprintf(&b, " %s %d (wins above %d, margin %+d);", f, t[f], engine.Thresholds[f], mg[f])
	}
	b.WriteString("\n")
	if r := s.Result; r != nil {
		fmt.Fprintf(&b, "%s\n", r.Narrative)
	} else {
		final := s.Margins(m, true)
		fmt.Fprintf(&b, "If the game ended now (7.3, final margins; WLD's is its total %d minus Patronage %d): %s\n",
			t[engine.WLD], s.Patronage, engine.DescribeRanking(engine.Rank(final, s.Options.Players())))
	}
	return b.String()
}

// SpaceText describes one space: its kind and values, pieces, Control,
// Support, markers and adjacency.
func SpaceText(g *engine.Game, typed string) (string, error) {
	m, s := g.Map(), g.State()
	id, err := FindSpace(m, typed)
	if err != nil {
		return "", err
	}
	sp, st := m.Space(id), s.Space(id)
	var b strings.Builder
	switch sp.Kind {
	case engine.Province:
		terrain := "Plains"
		if sp.Rough {
			terrain = "Rough"
		}
		coastal := ""
		if sp.Coastal {
			coastal = ", Coastal"
		}
		fmt.Fprintf(&b, "%s: Province, Pop %d, %s%s. %s, %s", sp.Name, sp.Pop, terrain, coastal, engine.SupportName(st.Support), s.ControlOf(m, id))
		if st.Terror {
			b.WriteString(", Terror")
		}
	case engine.LoC:
		kind := "Railroad"
		if sp.River {
			kind = "River"
		}
		fmt.Fprintf(&b, "%s: %s LoC, Econ %d", sp.Name, kind, sp.Econ)
		if st.Sabotage {
			b.WriteString(", Sabotage")
		}
	default:
		fmt.Fprintf(&b, "%s: Foreign Country", sp.Name)
		if sp.JPNOnly {
			b.WriteString(" (only JPN forces may enter)")
		} else if !sp.Enterable {
			b.WriteString(" (out of play)")
		}
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "Pieces: %s\n", PiecesText(&st.Pieces))
	var adj []string
	for _, a := range sp.Adj {
		adj = append(adj, m.Space(a).Name)
	}
	fmt.Fprintf(&b, "Adjacent: %s\n", strings.Join(adj, ", "))
	return b.String(), nil
}

// PiecesText lists pieces by kind, or "none".
func PiecesText(p *engine.Pieces) string {
	var parts []string
	for k, v := range p {
		if v > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", v, engine.Piece(k)))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// ForcesText shows Available, Casualties and Out of Play.
func ForcesText(g *engine.Game) string {
	s := g.State()
	return fmt.Sprintf("Available: %s\nCasualties: %s\nOut of Play: %s\n", PiecesText(&s.Available), PiecesText(&s.Casualties), PiecesText(&s.OutOfPlay))
}

// LogText shows the last n log entries.
func LogText(g *engine.Game, n int) string {
	log := g.Log()
	if n > 0 && len(log) > n {
		log = log[len(log)-n:]
	}
	var b strings.Builder
	for _, e := range log {
		who := e.Faction
		if who == "" {
			who = "--"
		}
		fmt.Fprintf(&b, "%4d  %-3s  %s\n", e.Seq, who, e.Text)
	}
	if b.Len() == 0 {
		return "The log is empty.\n"
	}
	return b.String()
}
