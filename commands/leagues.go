package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/commands/league"
	"github.com/chinaswar/chinaswar/engine"
)

// Text for the /league commands and /game chart, without any transport or
// storage: the bot loads the results and hands them here.

// MarginPoint is a game's state after one card: the card, every faction's
// victory margin (7.3) and whether the card was a Propaganda card.
type MarginPoint struct {
	Card       int // 0 for the set-up, before any card
	Margins    [engine.NumFactions]int
	Propaganda bool
}

// MarginTrack follows a game being replayed decision by decision and
// records its margins card by card: a point with the margins as set up,
// then one for each card when the next card replaces it, and the last card
// with the final margins when the game ended (Result.Margins, which count
// WLD's Patronage after a final Propaganda Round).
type MarginTrack struct {
	points []MarginPoint
	card   int  // the card now current, 0 between cards
	seen   bool // a game has been shown
	last   *engine.Game
}

// See records the game after a decision (or as set up). The game is read,
// not kept beyond the next call; the track reads it again in Points.
func (t *MarginTrack) See(g *engine.Game) {
	s := g.State()
	if !t.seen {
		t.seen = true
		t.points = append(t.points, MarginPoint{Margins: s.Margins(g.Map(), false)})
		t.card = s.Current
		t.last = g
		return
	}
	t.last = g
	if s.Current == t.card {
		return
	}
	if t.card != 0 {
		t.points = append(t.points, MarginPoint{Card: t.card, Margins: s.Margins(g.Map(), false), Propaganda: g.Deck().IsPropaganda(t.card)})
	}
	t.card = s.Current
}

// Points are the margins card by card, the game's current card last (with
// the final margins if the game is over). The last game seen must not
// have changed since.
func (t *MarginTrack) Points() []MarginPoint {
	out := append([]MarginPoint(nil), t.points...)
	if t.last == nil {
		return out
	}
	s := t.last.State()
	switch {
	case s.Result != nil:
		card := t.card
		if card == 0 && len(out) > 1 {
			// The game ended between cards: the last card's point gets the
			// final margins.
			out[len(out)-1].Margins = s.Result.Margins
			return out
		}
		out = append(out, MarginPoint{Card: card, Margins: s.Result.Margins, Propaganda: card != 0 && t.last.Deck().IsPropaganda(card)})
	case t.card != 0:
		out = append(out, MarginPoint{Card: t.card, Margins: s.Margins(t.last.Map(), false), Propaganda: t.last.Deck().IsPropaganda(t.card)})
	}
	return out
}

// FormatFactionStats writes a league's faction table as monospaced text.
func FormatFactionStats(stats [engine.NumFactions]league.FactionStat) string {
	cells := [][]string{{"Faction", "Games", "Wins", "Win %", "Margin", "Strength"}}
	for _, st := range stats {
		cells = append(cells, []string{st.Faction.String(), strconv.Itoa(st.Games), strconv.Itoa(st.Wins),
			strconv.FormatFloat(100*st.WinRate, 'f', 0, 64), strconv.FormatFloat(st.MeanMargin, 'f', 1, 64),
			fmt.Sprintf("%.1f ± %.1f", st.Strength.Mu, st.Strength.Sigma)})
	}
	return league.FormatTable(cells, 0)
}

// ResultLine describes one league game for a list: "Game 12 (season 1,
// rated): 1. <@a> JPN +3, 2. ...".
func ResultLine(e league.Entry) string {
	r := e.Result
	var b strings.Builder
	fmt.Fprintf(&b, "Game %d (season %d, %s)", r.Game, r.Season, e.Status)
	if r.Abandoned {
		return b.String()
	}
	b.WriteString(":")
	sep := " "
	for place := 1; place <= len(r.Seats); place++ {
		for i, s := range r.Seats {
			if s.Place != place {
				continue
			}
			who := PlayerName(s.Player)
			names := make([]string, len(s.Factions))
			for j, f := range s.Factions {
				names[j] = f.String()
			}
			fmt.Fprintf(&b, "%s%d. %s %s %+d", sep, place, who, strings.Join(names, "+"), r.SeatMargin(i))
			sep = ", "
		}
	}
	return b.String()
}

// PlayerName names a league seat's player for the channel: a mention, the
// AI's level ("AI (Normal)"), or "nobody".
func PlayerName(player string) string {
	if l, ok := AILevel(player); ok {
		return "AI (" + l.Name + ")"
	}
	if player == "" {
		return "nobody"
	}
	return "<@" + player + ">"
}
