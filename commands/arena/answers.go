package arena

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/chinaswar/chinaswar/engine/ai"
)

// minAnswerSteps is how many steps an answer must come up in to be shown:
// fewer give a mean too noisy to act on.
const minAnswerSteps = 30

// writeAnswers prints, for each scenario and faction, the top answers that
// cost the faction most and gained it most: the mean change of its own
// final margin (7.3) over the steps where it gave the answer, against its
// mean over every step where it answered anything. A rollout rule is due
// where an answer costs far more than the others to the same question
// (docs/ai.md, "Rollout policy").
func (r *Report) writeAnswers(w io.Writer, top int) {
	for _, sc := range r.Config.Scenarios {
		as, n := r.Answers[sc], r.Shared[sc]
		if n == 0 || len(as) == 0 {
			continue
		}
		fmt.Fprintf(w, "\nWhat each answer did to its faction's final margin (7.3), %s, %d games with every seat %s, mean per step (answers in at least %d steps):\n", sc, n, r.Config.Field.Name, minAnswerSteps)
		for _, f := range r.Config.Factions {
			all := as[ai.AllSteps(f)]
			if all.Steps == 0 {
				continue
			}
			fmt.Fprintf(w, "%s: %d steps with an answer, mean %+.3f\n", f, all.Steps, all.Mean())
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "  steps\tmean\tanswer")
			keys := as.Sorted(f, minAnswerSteps)
			for i, k := range keys {
				if i >= top && i < len(keys)-top {
					if i == top {
						fmt.Fprintf(tw, "  \t\t(%d more)\n", len(keys)-2*top)
					}
					continue
				}
				s := as[k]
				fmt.Fprintf(tw, "  %d\t%+.3f\t%s\n", s.Steps, s.Mean(), strings.TrimPrefix(k, f.String()+" | "))
			}
			tw.Flush()
		}
	}
}
