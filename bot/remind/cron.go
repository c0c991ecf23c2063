package remind

import (
	"context"
	"fmt"
	"time"

	"github.com/robfig/cron/v3"
)

// Cron returns a cron that runs a Pass at the scheduler clock's time on
// spec (standard five-field cron syntax in UTC, or "@every 1m"), handing
// each pass's outcome to report. A pass still running when the next is due
// makes that one skip, so passes never overlap. The caller Starts and Stops
// it.
func (s *Scheduler) Cron(spec string, report func(Summary, error)) (*cron.Cron, error) {
	c := cron.New(cron.WithLocation(time.UTC), cron.WithChain(cron.SkipIfStillRunning(cron.DiscardLogger)))
	_, err := c.AddFunc(spec, func() {
		report(s.Pass(context.Background(), s.clock.Now()))
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: schedule %q: %w", spec, err)
	}
	return c, nil
}
