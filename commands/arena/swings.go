package arena

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// writeSwings prints, for each scenario, the sources that moved the final
// margins (7.3) most in the games where every seat played as the field:
// per game, how often each ran and what it did to each faction's margin.
// This is where a balance figure's mechanism shows (docs/deck.md).
func (r *Report) writeSwings(w io.Writer, top int) {
	for _, sc := range r.Config.Scenarios {
		sw, n := r.Swings[sc], r.Shared[sc]
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "\nWhat moved the final margins (7.3), %s, %d games with every seat %s, per game:\n", sc, n, r.Config.Field.Name)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "source\ttimes\t")
		for _, f := range engine.Factions {
			fmt.Fprintf(tw, "%s\t", f)
		}
		fmt.Fprintln(tw)
		row := func(name string, s ai.Swing) {
			fmt.Fprintf(tw, "%s\t%.2f\t", name, float64(s.Count)/float64(n))
			for _, f := range engine.Factions {
				fmt.Fprintf(tw, "%+.2f\t", float64(s.Margin[f])/float64(n))
			}
			fmt.Fprintln(tw)
		}
		var total, rest ai.Swing
		keys := make([]string, 0, len(sw))
		for k, s := range sw {
			if k == ai.Start {
				continue
			}
			keys = append(keys, k)
			for f := range total.Margin {
				total.Margin[f] += s.Margin[f]
			}
		}
		sort.Slice(keys, func(i, j int) bool {
			a, b := reach(sw[keys[i]]), reach(sw[keys[j]])
			if a != b {
				return a > b
			}
			return keys[i] < keys[j]
		})
		row(ai.Start, sw[ai.Start])
		for i, k := range keys {
			if i < top {
				row(k, sw[k])
				continue
			}
			rest = addSwing(rest, sw[k])
		}
		if len(keys) > top {
			row(fmt.Sprintf("the %d others", len(keys)-top), rest)
		}
		start := sw[ai.Start]
		for f := range total.Margin {
			total.Margin[f] += start.Margin[f]
		}
		total.Count = n
		row("at the end", total)
		fmt.Fprintln(tw, "\t\t\t\t\t\t")
		groups := map[string]ai.Swing{}
		for k, s := range sw {
			if g := family(k); g != "" {
				groups[g] = addSwing(groups[g], s)
			}
		}
		for _, f := range engine.Factions {
			for _, kind := range []string{"operations", "limited operations", "large offensives", "events", "passes"} {
				if g, ok := groups[f.String()+" "+kind]; ok {
					row(f.String()+" "+kind, g)
				}
			}
		}
		tw.Flush()
	}
}

// family groups a source by its faction and kind of action ("CPC events"),
// or is "" for a phase.
func family(src string) string {
	by, what, ok := strings.Cut(src, " ")
	if _, err := engine.ParseFaction(by); !ok || err != nil {
		return ""
	}
	kind, _, _ := strings.Cut(what, ":")
	switch {
	case strings.HasPrefix(kind, "event"):
		return by + " events"
	case kind == "op":
		return by + " operations"
	case kind == "limop":
		return by + " limited operations"
	case kind == "lo":
		return by + " large offensives"
	case strings.HasPrefix(kind, "pass"):
		return by + " passes"
	}
	return ""
}

func addSwing(a, b ai.Swing) ai.Swing {
	a.Count += b.Count
	for f := range a.Margin {
		a.Margin[f] += b.Margin[f]
	}
	return a
}

// reach is how far a source moved the margins in all, whichever way.
func reach(s ai.Swing) int {
	n := 0
	for _, m := range s.Margin {
		n += int(math.Abs(float64(m)))
	}
	return n
}
