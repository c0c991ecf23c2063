package league

import (
	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// FactionStat is how one faction has fared in a league.
type FactionStat struct {
	Faction    engine.Faction `json:"faction"`
	Games      int            `json:"games"` // rated games
	Wins       int            `json:"wins"`  // games whose winning seat held it
	WinRate    float64        `json:"win_rate"`
	MeanMargin float64        `json:"mean_margin"` // its own final margin (7.3)
	// Strength is the faction's learnt rating after the season's last
	// result: how much it adds to a seat's expected performance.
	Strength openskill.Rating `json:"strength"`
}

// FactionStats is each faction's record over season's rated games (0: every
// season), in faction order.
func (b *Book) FactionStats(season int) [engine.NumFactions]FactionStat {
	var out [engine.NumFactions]FactionStat
	var marginSum [engine.NumFactions]int
	for _, f := range engine.Factions {
		out[f] = FactionStat{Faction: f, Strength: b.ratings.Model.New()}
	}
	if last := b.lastOf(season); last >= 0 {
		for _, f := range engine.Factions {
			out[f].Strength = b.entries[last].Factions[f]
		}
	}
	for _, e := range b.entries {
		if e.Status != Rated || (season != 0 && e.Result.Season != season) {
			continue
		}
		for _, s := range e.Result.Seats {
			for _, f := range s.Factions {
				out[f].Games++
				marginSum[f] += e.Result.Margins[f]
				if s.Place == 1 {
					out[f].Wins++
				}
			}
		}
	}
	for f := range out {
		if g := out[f].Games; g > 0 {
			out[f].WinRate = float64(out[f].Wins) / float64(g)
			out[f].MeanMargin = float64(marginSum[f]) / float64(g)
		}
	}
	return out
}
