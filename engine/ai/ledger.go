package ai

import (
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// Swing is what one source (a kind of action, an Event side, a Propaganda
// phase) did over a game: how many times it ran and how far it moved each
// faction's final victory margin (7.3) in all.
type Swing struct {
	Count  int
	Margin [engine.NumFactions]int
}

// Swings are a game's Swing by source. A source is an action on a card,
// named by its faction and its first answer ("CPC op:rally", "NAT pass",
// "JPN event #9 shaded"), or a Propaganda Round phase ("phase aid"). The
// margins are the final ones (7.3), WLD's counting Patronage against it, so
// that what a source did is what it does to the final ranking; the sum of
// a game's swings is its final margins less its starting ones.
type Swings map[string]Swing

// Add adds o's swings to s.
func (s Swings) Add(o Swings) {
	for k, w := range o {
		v := s[k]
		v.Count += w.Count
		for f := range v.Margin {
			v.Margin[f] += w.Margin[f]
		}
		s[k] = v
	}
}

// Start is the source that holds a game's starting margins.
const Start = "start"

// watch records g's swings from now on into s.
func (s Swings) watch(g *engine.Game) {
	m := g.Map()
	last := g.State().Margins(m, true)
	s[Start] = Swing{Count: 1, Margin: last}
	g.Observe(func(c engine.Commit) {
		now := c.State.Margins(m, true)
		var d [engine.NumFactions]int
		moved := false
		for f := range d {
			d[f] = now[f] - last[f]
			moved = moved || d[f] != 0
		}
		last = now
		src := source(c)
		if src == "" || (!moved && c.First == "") {
			// A faction with no action to take on the card: nothing to say.
			return
		}
		w := s[src]
		w.Count++
		for f := range d {
			w.Margin[f] += d[f]
		}
		s[src] = w
	})
}

// source names what a committed step was.
func source(c engine.Commit) string {
	if c.Step.Kind != "eligible" {
		return "phase " + c.Step.Kind
	}
	if c.First == "" {
		return ""
	}
	f := c.By
	kind, side, _ := strings.Cut(c.First, ":")
	if kind == "event" && !c.Forced {
		if side == "" {
			return fmt.Sprintf("%s event #%d", f, c.State.Current)
		}
		return fmt.Sprintf("%s event #%d %s", f, c.State.Current, side)
	}
	if c.Forced {
		// The engine took the only legal choice: not the faction's pick.
		return f.String() + " " + c.First + " (forced)"
	}
	return f.String() + " " + c.First
}
