package bot

import (
	"context"
	"fmt"

	"github.com/chinaswar/chinaswar/db"
)

// leagueAI answers /league ai: whether the league rates games with AI
// seats. Its creator (or Manage Server) changes it; anyone may ask. A
// result keeps the setting its game ended under.
func (c *call) leagueAI(ctx context.Context, l db.League, o options) error {
	state := func(rate bool) string {
		if rate {
			return fmt.Sprintf("**%s** rates games with AI seats: each AI level has its own rating row, such as AI (Normal).", l.Name)
		}
		return fmt.Sprintf("**%s** lists games with AI seats as unrated: they change no points or ratings.", l.Name)
	}
	if o["rated"] == nil {
		c.outcome = "ok"
		return c.done(ctx, state(l.RateAI), "")
	}
	if !c.mayCloseSeason(l) {
		return refused("refused: not creator", fmt.Sprintf("Only the league's creator (<@%s>) or someone who may manage this server can change whether AI seats are rated. Nothing was changed.", l.Creator))
	}
	rate := o.boolean("rated")
	if err := c.b.store.SetLeagueRateAI(ctx, l.ID, rate); err != nil {
		return err
	}
	c.outcome = "set"
	return c.done(ctx, state(rate)+" Games that ended before keep the setting they ended under.",
		fmt.Sprintf("<@%s>: %s", c.userID(), state(rate)))
}
