package arena

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/chinaswar/chinaswar/engine"
)

// gameLine is one game of a cell, as WriteGames saves it.
type gameLine struct {
	Scenario string            `json:"scenario"`
	Faction  string            `json:"faction"`
	Agent    string            `json:"agent"`
	Seed     uint64            `json:"seed"`
	First    bool              `json:"first"`
	Margin   int               `json:"margin"`
	Cards    int               `json:"cards"`
	Ranking  []engine.Standing `json:"ranking"`
	Err      string            `json:"error,omitempty"`
}

// WriteGames saves every cell's games, one JSON object a line, for
// studies the report's sums cannot answer (how close the rivals came, what
// a shift of one faction's margins would do to the first places).
func (r *Report) WriteGames(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, c := range r.Cells {
		for k, o := range c.Games {
			l := gameLine{Scenario: c.Scenario, Faction: c.Faction.String(), Agent: c.Agent, Seed: r.Config.Seed + uint64(k),
				First: o.First, Margin: o.Margin, Cards: o.Cards, Ranking: o.Ranking}
			if o.Err != nil {
				l.Err = o.Err.Error()
			}
			if err := enc.Encode(l); err != nil {
				return fmt.Errorf("arena: save the games: %w", err)
			}
		}
	}
	return nil
}
