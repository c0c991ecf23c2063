package league

import (
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// SeasonRecord is a closed season as it stood when it closed.
type SeasonRecord struct {
	Season    int                             `json:"season"`
	Closed    time.Time                       `json:"closed"`
	Standings []Standing                      `json:"standings"`
	Factions  [engine.NumFactions]FactionStat `json:"factions"`
}

// Close freezes season's table at time at, for the bot to store with the
// league. The next season is season+1 and starts from the same ratings (see
// the package comment); results recorded from now on carry its number. A
// later correction to this season's results changes the ratings from then on
// but not this record, unless the host closes the season again.
func (b *Book) Close(season int, at time.Time) SeasonRecord {
	return SeasonRecord{Season: season, Closed: at, Standings: b.Standings(season), Factions: b.FactionStats(season)}
}
