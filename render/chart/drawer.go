package chart

import "image"

// Drawer draws the charts as PNG bytes: what the bot is given to draw with
// (bot.ChartRenderer).
type Drawer struct{}

// Standings draws a league table.
func (Drawer) Standings(t Table) ([]byte, error) { return encoded(Standings(t)) }

// Rating draws a member's rating history.
func (Drawer) Rating(c RatingChart) ([]byte, error) { return encoded(Rating(c)) }

// Margins draws a game's victory margins card by card.
func (Drawer) Margins(c MarginChart) ([]byte, error) { return encoded(Margins(c)) }

func encoded(img image.Image, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return PNG(img)
}
