package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// A prompt shown as clickable controls: buttons when the choices are few, a
// menu of at most PageSize entries otherwise, with pages when there are
// more. Every control carries an ID saying which game, which faction, which
// state of the game (its decision count) and which choice it stands for, so
// that a click can be checked and applied with nothing remembered between
// the moment the controls were shown and the click: a click made after a
// restart, days later, works; one made on an outdated message is refused.
//
// The limits are Discord's, which are tight enough for any chat front end:
// IDs of at most MaxID characters, at most MaxRows rows of at most
// MaxButtons buttons, a menu of at most PageSize entries, labels of at most
// MaxLabel characters.
const (
	MaxID      = 100
	MaxRows    = 5
	MaxButtons = 5
	PageSize   = 25
	MaxLabel   = 80  // a button's label
	MaxOption  = 100 // a menu entry's label, value and description
)

// Layout says when choices become a menu and how long its pages are.
type Layout struct {
	// Buttons is the most choices shown as buttons (at most 20: four
	// rows of five, leaving a row for Undo).
	Buttons int
	// PageSize is the most entries on a page of the menu (at most 25).
	PageSize int
}

// DefaultLayout shows up to 20 choices as buttons and pages menus by 25,
// the most Discord allows.
var DefaultLayout = Layout{Buttons: 20, PageSize: PageSize}

func (l Layout) orDefault() Layout {
	if l.Buttons <= 0 || l.Buttons > 20 {
		l.Buttons = DefaultLayout.Buttons
	}
	if l.PageSize <= 0 || l.PageSize > PageSize {
		l.PageSize = DefaultLayout.PageSize
	}
	return l
}

// PageOf returns the page of the menu holding choice i.
func (l Layout) PageOf(i int) int { return i / l.orDefault().PageSize }

// ControlID is what a control stands for. Its text form is
// "c1:KIND:GAME:FACTION:SEQ[:ARG]", for example
// "c1:d:12:NAT:57:=space:Hebei" (a decision), "c1:d:12:NAT:57:#31" (the
// 32nd choice, when the ID would be too long), "c1:s:12:NAT:57:2" (the menu
// on page 2, whose entries carry "=ID" or "#N"), "c1:p:12:NAT:57:3" (show
// page 3), "c1:u:12:NAT:57" (undo), "c1:a:12:-:0" (abandon the game) and
// "c1:x:12:-:0" (keep it).
type ControlID struct {
	Kind    Kind
	Game    int64
	Faction engine.Faction // not used by abandon and keep
	Seq     int64          // the game's decision count when the control was shown
	Page    int            // KindMenu and KindPage
	Pick    Pick           // KindDecide
}

// Kind is what a control does.
type Kind byte

const (
	KindDecide  Kind = 'd'
	KindMenu    Kind = 's'
	KindPage    Kind = 'p'
	KindUndo    Kind = 'u'
	KindAbandon Kind = 'a'
	KindKeep    Kind = 'x'
)

// Pick names a choice: by ID, or by its position in the prompt's list when
// the ID is too long for a control. A position is only meaningful together
// with the decision count, which pins the prompt.
type Pick struct {
	ID    string
	Index int // 0-based; used when ID is ""
}

// idPrefix marks the format; a new format gets a new prefix, and old
// controls are then refused politely.
const idPrefix = "c1"

// ErrBadControl is a control ID that is not one of ours or is damaged.
var ErrBadControl = errors.New("this control is not valid (damaged or from another program)")

func (p Pick) String() string {
	if p.ID != "" {
		return "=" + p.ID
	}
	return "#" + strconv.Itoa(p.Index)
}

// ParsePick reads a Pick's text form.
func ParsePick(s string) (Pick, error) {
	switch {
	case strings.HasPrefix(s, "=") && len(s) > 1:
		return Pick{ID: s[1:]}, nil
	case strings.HasPrefix(s, "#"):
		n, err := strconv.Atoi(s[1:])
		if err != nil || n < 0 {
			return Pick{}, ErrBadControl
		}
		return Pick{Index: n}, nil
	}
	return Pick{}, ErrBadControl
}

// Choice returns the prompt's choice a pick names.
func (p Pick) Choice(pr *engine.Prompt) (engine.Choice, error) {
	if p.ID == "" {
		if p.Index >= len(pr.Choices) {
			return engine.Choice{}, fmt.Errorf("%w: there is no choice %d", ErrBadControl, p.Index+1)
		}
		return pr.Choices[p.Index], nil
	}
	for _, c := range pr.Choices {
		if c.ID == p.ID {
			return c, nil
		}
	}
	return engine.Choice{}, fmt.Errorf("%q is not a legal choice for %q", p.ID, pr.Question)
}

// String writes the control ID.
func (c ControlID) String() string {
	f := "-"
	if c.Kind != KindAbandon && c.Kind != KindKeep {
		f = c.Faction.String()
	}
	s := fmt.Sprintf("%s:%c:%d:%s:%d", idPrefix, c.Kind, c.Game, f, c.Seq)
	switch c.Kind {
	case KindDecide:
		s += ":" + c.Pick.String()
	case KindMenu, KindPage:
		s += ":" + strconv.Itoa(c.Page)
	}
	return s
}

// ParseControlID reads a control ID. Anything malformed is ErrBadControl.
func ParseControlID(s string) (ControlID, error) {
	if len(s) > MaxID {
		return ControlID{}, ErrBadControl
	}
	parts := strings.SplitN(s, ":", 6)
	if len(parts) < 5 || parts[0] != idPrefix || len(parts[1]) != 1 {
		return ControlID{}, ErrBadControl
	}
	var c ControlID
	c.Kind = Kind(parts[1][0])
	var err error
	if c.Game, err = strconv.ParseInt(parts[2], 10, 64); err != nil || c.Game <= 0 {
		return ControlID{}, ErrBadControl
	}
	if c.Seq, err = strconv.ParseInt(parts[4], 10, 64); err != nil || c.Seq < 0 {
		return ControlID{}, ErrBadControl
	}
	arg := ""
	if len(parts) == 6 {
		arg = parts[5]
	}
	switch c.Kind {
	case KindAbandon, KindKeep:
		if parts[3] != "-" || arg != "" {
			return ControlID{}, ErrBadControl
		}
		return c, nil
	case KindDecide, KindMenu, KindPage, KindUndo:
	default:
		return ControlID{}, ErrBadControl
	}
	if c.Faction, err = engine.ParseFaction(parts[3]); err != nil || parts[3] != c.Faction.String() {
		return ControlID{}, ErrBadControl
	}
	switch c.Kind {
	case KindDecide:
		if c.Pick, err = ParsePick(arg); err != nil {
			return ControlID{}, err
		}
	case KindMenu, KindPage:
		if c.Page, err = strconv.Atoi(arg); err != nil || c.Page < 0 || strconv.Itoa(c.Page) != arg {
			return ControlID{}, ErrBadControl
		}
	case KindUndo:
		if arg != "" {
			return ControlID{}, ErrBadControl
		}
	}
	return c, nil
}

// Menu is a prompt laid out as rows of controls.
type Menu struct {
	Rows  [][]Control
	Page  int // shown page, 0-based
	Pages int // 1 when everything fits
}

// Control is a button or a drop-down menu.
type Control struct {
	ID       string
	Label    string   // a button's label or a menu's placeholder
	Style    Style    // buttons only
	Disabled bool     // buttons only
	Options  []Option // a menu's entries; nil for a button
}

// Style is a button's look.
type Style int

const (
	Primary Style = iota
	Secondary
	Danger
	Success
)

// Option is an entry of a menu.
type Option struct {
	Label, Value, Description string
}

// PromptMenu lays out the choices of prompt p of game game at decision
// count seq, showing page page (clamped to the pages there are). undo adds
// an Undo button.
func PromptMenu(p *engine.Prompt, game, seq int64, page int, undo bool, l Layout) Menu {
	l = l.orDefault()
	base := ControlID{Game: game, Faction: p.Faction, Seq: seq}
	pick := func(i int, k Kind) Pick {
		pk := Pick{ID: p.Choices[i].ID}
		probe := base
		probe.Kind, probe.Pick = k, pk
		if len(probe.String()) > MaxID || len(pk.String()) > MaxOption {
			pk = Pick{Index: i}
		}
		return pk
	}
	var m Menu
	n := len(p.Choices)
	if n <= l.Buttons {
		m.Pages = 1
		var row []Control
		for i, c := range p.Choices {
			id := base
			id.Kind, id.Pick = KindDecide, pick(i, KindDecide)
			style := Primary
			if c.ID == "pass" || c.ID == "done" || strings.HasPrefix(c.ID, "done") {
				style = Secondary
			}
			row = append(row, Control{ID: id.String(), Label: Clip(c.Label, MaxLabel), Style: style})
			if len(row) == MaxButtons {
				m.Rows, row = append(m.Rows, row), nil
			}
		}
		if len(row) > 0 {
			m.Rows = append(m.Rows, row)
		}
		if undo {
			id := base
			id.Kind = KindUndo
			m.Rows = append(m.Rows, []Control{{ID: id.String(), Label: "Undo", Style: Danger}})
		}
		return m
	}
	m.Pages = (n + l.PageSize - 1) / l.PageSize
	m.Page = min(max(page, 0), m.Pages-1)
	lo, hi := m.Page*l.PageSize, min(n, (m.Page+1)*l.PageSize)
	menu := base
	menu.Kind, menu.Page = KindMenu, m.Page
	placeholder := fmt.Sprintf("Choose (%d choices)", n)
	if m.Pages > 1 {
		placeholder = fmt.Sprintf("Choose: %d–%d of %d", lo+1, hi, n)
	}
	sel := Control{ID: menu.String(), Label: placeholder}
	for i := lo; i < hi; i++ {
		c := p.Choices[i]
		opt := Option{Label: Clip(c.Label, MaxOption), Value: pick(i, KindMenu).String()}
		if c.Label != c.ID && len(c.ID) <= MaxOption {
			opt.Description = c.ID
		}
		sel.Options = append(sel.Options, opt)
	}
	m.Rows = append(m.Rows, []Control{sel})
	var nav []Control
	if m.Pages > 1 {
		prev, next := base, base
		prev.Kind, prev.Page = KindPage, m.Page-1
		next.Kind, next.Page = KindPage, m.Page+1
		if m.Page == 0 {
			// A disabled button still needs an ID of its own.
			prev.Page = m.Pages
		}
		if m.Page == m.Pages-1 {
			next.Page = m.Pages + 1
		}
		nav = append(nav,
			Control{ID: prev.String(), Label: "◀ Prev", Style: Secondary, Disabled: m.Page == 0},
			Control{ID: next.String(), Label: "Next ▶", Style: Secondary, Disabled: m.Page == m.Pages-1})
	}
	if undo {
		id := base
		id.Kind = KindUndo
		nav = append(nav, Control{ID: id.String(), Label: "Undo", Style: Danger})
	}
	if len(nav) > 0 {
		m.Rows = append(m.Rows, nav)
	}
	return m
}

// AbandonMenu is the confirmation asked before abandoning game game.
func AbandonMenu(game int64) Menu {
	return Menu{Pages: 1, Rows: [][]Control{{
		{ID: ControlID{Kind: KindAbandon, Game: game}.String(), Label: fmt.Sprintf("Abandon game %d", game), Style: Danger},
		{ID: ControlID{Kind: KindKeep, Game: game}.String(), Label: "Keep playing", Style: Secondary},
	}}}
}
