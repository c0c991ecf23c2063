package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// Panel geometry, in panel pixels from its top left.
const (
	panelPad = 16.0
	panelW   = float64(BoardW) - 1080
	rowH     = 29.0
)

// panel lays text out top to bottom in the board's side panel.
type panel struct {
	c                  *canvas
	y                  float64
	head, body, small  font.Face
	bodyBold, smallBld font.Face
}

// drawPanel draws everything around the map: victory, tracks, the sequence
// of play and cards, Capabilities and Momentum, the force pools, a legend.
func drawPanel(c *canvas, m *engine.Map, s *engine.State, d *engine.Deck) {
	p := &panel{c: c, y: panelPad,
		head: c.face(true, 20), body: c.face(false, 17), bodyBold: c.face(true, 17),
		small: c.face(false, 14), smallBld: c.face(true, 14)}
	p.title(s)
	p.victory(m, s)
	p.tracks(s)
	p.sequence(s, d)
	p.modifiers(s)
	p.forces(s)
	p.legend()
	c.text("Reconstructed map · stand-in deck", geo.Pt{X: panelPad, Y: BoardH - 12}, p.small, muted)
}

func (p *panel) heading(s string) {
	p.y += 8
	p.c.text(strings.ToUpper(s), geo.Pt{X: panelPad, Y: p.y + 17}, p.head, ink)
	p.c.setColor(ink)
	p.c.lineWidth(1.5)
	x0, y0 := p.c.pt(geo.Pt{X: panelPad, Y: p.y + 23})
	x1, _ := p.c.pt(geo.Pt{X: panelW - panelPad, Y: 0})
	p.c.dc.DrawLine(x0, y0, x1, y0)
	p.c.dc.Stroke()
	p.y += 30
}

// chip draws a faction's name on its colour and returns its right edge.
func (p *panel) chip(f engine.Faction, x, y float64) float64 {
	r := geo.Rect{X: x, Y: y, W: 46, H: 21}
	p.c.roundRect(r, 4)
	p.c.setColor(factionColor[f])
	p.c.dc.FillPreserve()
	p.c.setColor(factionDark[f])
	p.c.lineWidth(1)
	p.c.dc.Stroke()
	fg := color.Color(paper)
	if f == engine.JPN || f == engine.WLD {
		fg = ink
	}
	p.c.centred(f.String(), r.Center(), p.smallBld, fg)
	return r.MaxX()
}

func (p *panel) title(s *engine.State) {
	p.c.text("CHINA'S WAR 1937–41", geo.Pt{X: panelPad, Y: p.y + 20}, p.c.face(true, 23), ink)
	sub := "Scenario " + s.Scenario
	if s.Rounds > 0 {
		sub += fmt.Sprintf(" · Propaganda Rounds: %d", s.Rounds)
	}
	p.c.text(sub, geo.Pt{X: panelPad, Y: p.y + 42}, p.body, muted)
	p.y += 50
}

// victory shows each faction's total against the total it must exceed.
func (p *panel) victory(m *engine.Map, s *engine.State) {
	p.heading("Victory (total / needed to pass)")
	t := s.Totals(m)
	for _, f := range engine.Factions {
		x := p.chip(f, panelPad, p.y) + 10
		bar := geo.Rect{X: x, Y: p.y + 4, W: 290, H: 13}
		p.c.roundRect(bar, 3)
		p.c.setColor(rgb(0xE2DDD0))
		p.c.dc.Fill()
		limit := float64(engine.Thresholds[f]) * 1.5
		fill := bar
		fill.W = bar.W * min(1, max(0, float64(t[f]))/limit)
		if fill.W > 0 {
			p.c.roundRect(fill, 3)
			p.c.setColor(factionColor[f])
			p.c.dc.Fill()
		}
		tx, ty := p.c.pt(geo.Pt{X: bar.X + bar.W*float64(engine.Thresholds[f])/limit, Y: bar.Y - 3})
		p.c.setColor(ink)
		p.c.lineWidth(2)
		p.c.dc.DrawLine(tx, ty, tx, ty+bar.H+6)
		p.c.dc.Stroke()
		label := fmt.Sprintf("%d / >%d", t[f], engine.Thresholds[f])
		p.c.text(label, geo.Pt{X: bar.MaxX() + 10, Y: p.y + 16}, p.bodyBold, ink)
		p.y += rowH
	}
}

// tracks shows the edge-track values.
func (p *panel) tracks(s *engine.State) {
	p.heading("Tracks")
	x := panelPad
	p.c.text("Resources", geo.Pt{X: x, Y: p.y + 16}, p.body, ink)
	x += 86
	for _, f := range engine.Factions {
		x = p.chip(f, x, p.y) + 4
		p.c.text(strconv.Itoa(s.Resources[f]), geo.Pt{X: x, Y: p.y + 16}, p.bodyBold, ink)
		x += 36
	}
	p.y += rowH + 2
	cells := []struct{ k, v string }{
		{"Commitment", strconv.Itoa(s.Commitment)},
		{"Patronage", strconv.Itoa(s.Patronage)},
		{"Foreign Aid", fmt.Sprintf("%d (reset %d)", s.Aid, s.AidReset)},
	}
	x = panelPad
	for _, cell := range cells {
		p.c.text(cell.k, geo.Pt{X: x, Y: p.y + 16}, p.body, ink)
		x += p.c.textWidth(cell.k, p.body) + 6
		p.c.text(cell.v, geo.Pt{X: x, Y: p.y + 16}, p.bodyBold, ink)
		x += p.c.textWidth(cell.v, p.bodyBold) + 18
	}
	p.y += rowH
}

// didText says what a faction did on the current card.
var didText = map[engine.Did]string{
	engine.DidPass: "passed", engine.DidOp: "Op", engine.DidOpSA: "Op + Special",
	engine.DidLimOp: "Limited Op", engine.DidEvent: "Event",
}

// sequence shows the cards, who may act and what the Eligible did.
func (p *panel) sequence(s *engine.State, d *engine.Deck) {
	p.heading("Sequence of play")
	p.card("Now", s.Current, d)
	// Only a revealed next card is shown; the draw deck's order is hidden
	// (its size and Propaganda count are public).
	switch n := s.NextCard(d); {
	case n != 0:
		p.card("Next", n, d)
	case s.Options.NoReveal:
		p.line("Next", "hidden (No Reveal)")
	case len(s.Deck) == 0:
		p.line("Next", "deck empty")
	default:
		p.line("Next", "not yet revealed")
	}
	if s.Held != 0 {
		p.card("Held", s.Held, d)
	}
	p.line("Draw deck", fmt.Sprintf("%d cards, %d Propaganda", len(s.Deck), s.PropagandaInDeck(d)))
	lo := "available"
	if s.LargeOffensiveUsed {
		lo = "used"
	}
	p.line("Large Offensive", lo)
	p.y += 4
	did := map[engine.Faction]string{}
	executed := 0
	for _, a := range s.Acts {
		t := didText[a.Did]
		if t == "" {
			t = string(a.Did)
		}
		if a.LargeOffensive {
			t = "Large Offensive"
		}
		if a.Did.Executed() {
			executed++
			t = []string{"", "1st: ", "2nd: "}[min(executed, 2)] + t
		}
		did[a.Faction] = t
	}
	for i, f := range engine.Factions {
		x := panelPad + float64(i%2)*(panelW/2-panelPad/2)
		if i%2 == 0 && i > 0 {
			p.y += rowH
		}
		state := did[f]
		switch {
		case state != "":
		case s.Elig[f] == engine.Eligible:
			state = "Eligible"
		default:
			state = "Ineligible"
		}
		x = p.chip(f, x, p.y) + 6
		p.c.text(state, geo.Pt{X: x, Y: p.y + 16}, p.body, ink)
	}
	p.y += rowH
	if s.Result != nil {
		p.wrap(s.Result.Narrative, p.bodyBold, ink)
	} else if s.Step.Kind != "" {
		p.line("Waiting on", fmt.Sprintf("%s (%s)", s.Step.Faction, strings.ReplaceAll(s.Step.Kind, "_", " ")))
	}
}

func (p *panel) line(k, v string) {
	p.c.text(k, geo.Pt{X: panelPad, Y: p.y + 16}, p.body, muted)
	p.c.text(v, geo.Pt{X: panelPad + 132, Y: p.y + 16}, p.bodyBold, ink)
	p.y += rowH - 2
}

// card shows a card's number, title and faction order.
func (p *panel) card(k string, n int, d *engine.Deck) {
	c := d.Card(n)
	if c == nil {
		p.line(k, "—")
		return
	}
	p.c.text(k, geo.Pt{X: panelPad, Y: p.y + 16}, p.body, muted)
	x := panelPad + 132
	title := fmt.Sprintf("#%d %s", c.Number, c.Title)
	if c.Propaganda {
		title = fmt.Sprintf("#%d Propaganda", c.Number)
	} else {
		for i := len(c.Order) - 1; i >= 0; i-- {
			p.chip(c.Order[i], panelW-panelPad-46-float64(len(c.Order)-1-i)*48, p.y)
		}
	}
	room := panelW - panelPad - 4*48 - x - 4
	if c.Propaganda {
		room = panelW - panelPad - x
	}
	p.c.text(fit(p.c, title, p.bodyBold, room), geo.Pt{X: x, Y: p.y + 16}, p.bodyBold, ink)
	p.y += rowH
}

// fit shortens s with an ellipsis until it is at most w wide.
func fit(c *canvas, s string, f font.Face, w float64) string {
	if c.textWidth(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && c.textWidth(string(r)+"…", f) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// wrap draws text over as many lines as it needs.
func (p *panel) wrap(s string, f font.Face, col color.Color) {
	line := ""
	for _, w := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + w)
		if line != "" && p.c.textWidth(try, f) > panelW-2*panelPad {
			p.c.text(line, geo.Pt{X: panelPad, Y: p.y + 16}, f, col)
			p.y += 21
			try = w
		}
		line = try
	}
	if line != "" {
		p.c.text(line, geo.Pt{X: panelPad, Y: p.y + 16}, f, col)
		p.y += 21
	}
}

func (p *panel) modifiers(s *engine.State) {
	p.heading("Capabilities · Momentum")
	list := func(k string, ids []string) {
		v := "none"
		if len(ids) > 0 {
			v = strings.Join(ids, ", ")
		}
		p.c.text(k, geo.Pt{X: panelPad, Y: p.y + 16}, p.body, muted)
		p.wrapAt(v, panelPad+132)
	}
	list("Capabilities", s.Capabilities)
	list("Momentum", s.Momentum)
}

// wrapAt wraps bold text in the value column.
func (p *panel) wrapAt(s string, x float64) {
	line := ""
	for _, w := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + w)
		if line != "" && p.c.textWidth(try, p.bodyBold) > panelW-panelPad-x {
			p.c.text(line, geo.Pt{X: x, Y: p.y + 16}, p.bodyBold, ink)
			p.y += 21
			try = w
		}
		line = try
	}
	p.c.text(line, geo.Pt{X: x, Y: p.y + 16}, p.bodyBold, ink)
	p.y += rowH - 2
}

// offMap are the piece kinds shown in the force pools: off the map a
// Guerrilla has no Active side.
var offMap = []engine.Piece{
	engine.JPNTroop, engine.JPNPolice, engine.NATTroop, engine.NATGuerrilla, engine.NATBase,
	engine.WLDTroop, engine.WLDBase, engine.CPCGuerrilla, engine.CPCBase,
}

var pieceShort = map[engine.Piece]string{
	engine.JPNTroop: "JPN Troops", engine.JPNPolice: "JPN Police", engine.NATTroop: "NAT Troops",
	engine.NATGuerrilla: "NAT Guerrillas", engine.NATBase: "NAT Bases", engine.WLDTroop: "WLD Troops",
	engine.WLDBase: "WLD Bases", engine.CPCGuerrilla: "CPC Guerrillas", engine.CPCBase: "CPC Bases",
}

// forces is the table of Available, Casualties and Out of Play.
func (p *panel) forces(s *engine.State) {
	p.heading("Forces off the map")
	cols := []float64{250, 340, 430}
	for i, h := range []string{"Available", "Casualties", "Out of Play"} {
		p.c.text(h, geo.Pt{X: cols[i] + 30 - p.c.textWidth(h, p.smallBld)/2, Y: p.y + 12}, p.smallBld, muted)
	}
	p.y += 18
	for _, k := range offMap {
		drawPiece(p.c, geo.Rect{X: panelPad, Y: p.y + 2, W: 17, H: 17}, k)
		p.c.text(pieceShort[k], geo.Pt{X: panelPad + 26, Y: p.y + 16}, p.body, ink)
		for i, v := range []int{s.Available.N(k), s.Casualties.N(k), s.OutOfPlay.N(k)} {
			col, txt := color.Color(ink), strconv.Itoa(v)
			if v == 0 {
				col, txt = muted, "·"
			}
			p.c.text(txt, geo.Pt{X: cols[i] + 30 - p.c.textWidth(txt, p.bodyBold)/2, Y: p.y + 16}, p.bodyBold, col)
		}
		p.y += 24
	}
}

// legend explains the shapes and markers that are not obvious.
func (p *panel) legend() {
	p.heading("Key")
	x, y := panelPad, p.y
	item := func(draw func(r geo.Rect), text string) {
		w := 20 + p.c.textWidth(text, p.small) + 14
		if x+w > panelW-panelPad {
			x, y = panelPad, y+22
		}
		draw(geo.Rect{X: x, Y: y + 2, W: 16, H: 16})
		p.c.text(text, geo.Pt{X: x + 20, Y: y + 15}, p.small, ink)
		x += w
	}
	item(func(r geo.Rect) { drawPiece(p.c, r, engine.CPCGuerrilla) }, "Underground")
	item(func(r geo.Rect) { drawPiece(p.c, r, engine.CPCGuerrillaActive) }, "Active")
	item(func(r geo.Rect) { drawMarker(p.c, r, markSupport) }, "Support")
	item(func(r geo.Rect) { drawMarker(p.c, r, markOpposition) }, "Opposition")
	item(func(r geo.Rect) { drawMarker(p.c, r, markTerror) }, "Terror")
	item(func(r geo.Rect) { drawMarker(p.c, r, markSabotage) }, "Sabotage")
	item(func(r geo.Rect) { econBadge(p.c, geo.Rect{X: r.X - 5, Y: r.Y - 9, H: 34}, 2) }, "Econ")
	p.y = y + 24
	p.c.text("Name plate: blue = NAT Control, orange = WLD Control; badge = Pop.", geo.Pt{X: panelPad, Y: p.y + 14}, p.small, ink)
	p.y += 20
	p.c.text("Hatched = Rough terrain.", geo.Pt{X: panelPad, Y: p.y + 14}, p.small, ink)
	p.y += 20
}
