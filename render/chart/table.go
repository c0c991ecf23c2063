package chart

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"github.com/chinaswar/chinaswar/engine"
)

// StandingRow is one member's line in a standings table.
type StandingRow struct {
	Place    int
	Name     string
	Games    int // rated games
	Wins     int
	Points   int
	Rating   float64                 // as displayed: μ − 3σ
	Unrated  int                     // abandoned and unrated games
	Factions [engine.NumFactions]int // rated games with each faction
}

// Table is a season's standings.
type Table struct {
	Title    string // e.g. "Spring league · Season 2"
	Subtitle string // e.g. "after 14 games · 4 pts a win, 2 second, 1 third"
	Rows     []StandingRow
}

const (
	tableW       = 1000
	tPad         = 20
	tTop         = 100 // title block
	tHead, tRow  = 42, 44
	tBottom      = 22
	chipW, chipH = 44, 26
	chipGap      = 8
)

// column is a table column: its header, left edge, width and alignment
// (0 left, 0.5 centre, 1 right).
type column struct {
	head  string
	x, w  float64
	align float64
}

var columns = func() []column {
	spec := []struct {
		head  string
		w     float64
		align float64
	}{
		{"#", 56, 0.5}, {"Player", 284, 0}, {"Games", 74, 1}, {"Wins", 66, 1}, {"Pts", 66, 1},
		{"Rating", 92, 1}, {"", 4*chipW + 3*chipGap + 36, 0.5}, {"Unrated", 86, 1},
	}
	out := make([]column, len(spec))
	x := float64(tPad)
	for i, s := range spec {
		out[i] = column{s.head, x, s.w, s.align}
		x += s.w
	}
	return out
}()

// Standings draws the table: places (the first three with medals), names,
// games, wins, points, rating, the factions each member played, and their
// unrated games.
func Standings(t Table) (image.Image, error) {
	rows := max(len(t.Rows), 1)
	h := tTop + tHead + rows*tRow + tBottom
	p, err := newPainter(tableW, h)
	if err != nil {
		return nil, err
	}
	p.header(t.Title, t.Subtitle, tPad)

	y := float64(tTop)
	p.SetColor(headFill)
	p.DrawRoundedRectangle(tPad, y, tableW-2*tPad, tHead, 6)
	p.Fill()
	p.font(15, true)
	for _, c := range columns {
		p.cell(c, c.head, y+tHead/2, paper)
	}
	fc := columns[6]
	for i, f := range engine.Factions {
		p.text(f.String(), chipX(fc, i)+chipW/2, y+tHead/2, 0.5, 0.35, factionColor[f])
	}

	y += tHead
	if len(t.Rows) == 0 {
		p.font(17, false)
		p.text("No games yet", tableW/2, y+tRow/2, 0.5, 0.35, muted)
	}
	for i, r := range t.Rows {
		if i%2 == 1 {
			p.SetColor(rowShade)
			p.DrawRectangle(tPad, y, tableW-2*tPad, tRow)
			p.Fill()
		}
		mid := y + tRow/2
		p.place(columns[0], r.Place, mid)
		p.font(18, false)
		p.cell(columns[1], p.fit(p.printable(r.Name), columns[1].w-16), mid, ink)
		p.cell(columns[2], strconv.Itoa(r.Games), mid, ink)
		p.cell(columns[3], strconv.Itoa(r.Wins), mid, ink)
		p.font(18, true)
		p.cell(columns[4], strconv.Itoa(r.Points), mid, ink)
		p.font(18, false)
		p.cell(columns[5], fmt.Sprintf("%.1f", r.Rating), mid, ink)
		for j, f := range engine.Factions {
			p.chip(chipX(fc, j), mid, f, r.Factions[f])
		}
		unrated := muted
		if r.Unrated == 0 {
			unrated = grid
		}
		p.cell(columns[7], strconv.Itoa(r.Unrated), mid, unrated)
		y += tRow
	}
	p.SetColor(grid)
	p.SetLineWidth(1)
	p.DrawLine(tPad, y, tableW-tPad, y)
	p.Stroke()
	return p.Image(), nil
}

// cell writes s in column c, vertically centred on y, with the column's
// padding and alignment.
func (p *painter) cell(c column, s string, y float64, col color.Color) {
	x := c.x + c.w*c.align
	switch c.align {
	case 0:
		x += 12
	case 1:
		x -= 12
	}
	p.SetColor(col)
	p.DrawStringAnchored(s, x, y, c.align, 0.35)
}

// place writes a place number, on a medal for the first three.
func (p *painter) place(c column, n int, y float64) {
	x := c.x + c.w/2
	p.font(17, true)
	if n >= 1 && n <= 3 {
		p.DrawCircle(x, y, 15)
		p.SetColor(medals[n-1])
		p.Fill()
		p.text(strconv.Itoa(n), x, y, 0.5, 0.35, paper)
		return
	}
	p.text(strconv.Itoa(n), x, y, 0.5, 0.35, muted)
}

// chipX is the left edge of faction chip i in column c.
func chipX(c column, i int) float64 {
	return c.x + 18 + float64(i)*(chipW+chipGap)
}

// chip is a faction-coloured tag with how many games the member played it;
// pale when none.
func (p *painter) chip(x, y float64, f engine.Faction, n int) {
	p.DrawRoundedRectangle(x, y-chipH/2, chipW, chipH, 6)
	if n == 0 {
		p.SetColor(grid)
		p.SetLineWidth(1)
		p.Stroke()
		p.font(14, false)
		p.text("·", x+chipW/2, y, 0.5, 0.35, axis)
		return
	}
	p.SetColor(factionColor[f])
	p.FillPreserve()
	p.SetColor(factionDark[f])
	p.SetLineWidth(1)
	p.Stroke()
	p.font(15, true)
	p.text(strconv.Itoa(n), x+chipW/2, y, 0.5, 0.35, factionInk[f])
}
