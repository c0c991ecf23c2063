package bot

import (
	"errors"

	"github.com/chinaswar/chinaswar/render/chart"
)

// ChartRenderer draws the bot's charts as PNG bytes: league standings, a
// member's rating history and a game's margins. serve.go injects
// chart.Drawer, as it injects the board renderer; the bot only fills in
// the charts' data.
type ChartRenderer interface {
	Standings(chart.Table) ([]byte, error)
	Rating(chart.RatingChart) ([]byte, error)
	Margins(chart.MarginChart) ([]byte, error)
}

// errNoCharts: the bot was given no chart renderer.
var errNoCharts = errors.New("no chart renderer")

// noCharts is the ChartRenderer of a bot given none: every chart is left out.
type noCharts struct{}

func (noCharts) Standings(chart.Table) ([]byte, error)     { return nil, errNoCharts }
func (noCharts) Rating(chart.RatingChart) ([]byte, error)  { return nil, errNoCharts }
func (noCharts) Margins(chart.MarginChart) ([]byte, error) { return nil, errNoCharts }
