package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Reading and checking the Event steps of a deck file (deck.md §3, §4). Every
// side's steps become typed values at load, so a deck that loads can always
// be executed; every error names the card, the side, the step and the field.

var evPieceTypes = []string{"troop", "police", "guerrilla", "base"}

// evValidPieces are the Faction and piece type pairs (deck.md §4).
var evValidPieces = map[Faction][]string{
	JPN: {"troop", "police"},
	NAT: {"troop", "guerrilla", "base"},
	WLD: {"troop", "base"},
	CPC: {"guerrilla", "base"},
}

// evPair is a Faction and piece type.
type evPair struct {
	f Faction
	t string
}

// evPieceKinds are the piece kinds of a pair, narrowed by a state ("" for
// either): Troops, Police and Bases are always Active.
func evPieceKinds(pr evPair, state string) []Piece {
	var all []Piece
	switch pr.t {
	case "troop":
		all = []Piece{[NumFactions]Piece{JPN: JPNTroop, NAT: NATTroop, WLD: WLDTroop}[pr.f]}
	case "police":
		all = []Piece{JPNPolice}
	case "base":
		all = []Piece{[NumFactions]Piece{NAT: NATBase, WLD: WLDBase, CPC: CPCBase}[pr.f]}
	case "guerrilla":
		u, a, _ := guerrillaKinds(pr.f)
		switch state {
		case "active":
			return []Piece{a}
		case "underground":
			return []Piece{u}
		}
		return []Piece{u, a}
	}
	if state == "underground" {
		return nil
	}
	return all
}

// evParser checks one deck file.
type evParser struct {
	m    *Map
	errs []string
	// per side
	path    string // "card #17 shaded"
	flag    string
	lasting []string
	// per deck
	lastingUses []evLastingUse
	floods      []int // cards that place the Floods marker
	floodsSteps int
	modifiers   map[string]bool // the deck's modifiers list
}

type evLastingUse struct {
	card     int
	side, id string
	flag     string
}

func (p *evParser) errf(path, field, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if path == "" {
		p.errs = append(p.errs, fmt.Sprintf("deck: field %q: %s", field, msg))
		return
	}
	if field != "" {
		p.errs = append(p.errs, fmt.Sprintf("deck: %s: field %q: %s", path, field, msg))
	} else {
		p.errs = append(p.errs, fmt.Sprintf("deck: %s: %s", path, msg))
	}
}

// evScope holds the names bound so far on a side and the spaces each could
// ever denote.
type evScope map[string]evSet

func (sc evScope) clone() evScope {
	c := make(evScope, len(sc))
	for k, v := range sc {
		c[k] = v
	}
	return c
}

// Value readers. JSON numbers arrive as json.Number, so 2.0 is not an integer.

func evInt(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n.String())
	return i, err == nil
}

func evShow(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// factions reads a Faction, or a list of them when list is set; "self" only
// when self is set.
func (p *evParser) factions(path, field string, v any, list, self bool) ([]evWho, bool) {
	vals := []any{v}
	if l, isList := v.([]any); isList {
		if !list {
			p.errf(path, field, "a single Faction is required, got a list")
			return nil, false
		}
		if len(l) == 0 {
			p.errf(path, field, "empty Faction list")
			return nil, false
		}
		vals = l
	}
	var out []evWho
	ok := true
	for _, x := range vals {
		s, isStr := x.(string)
		switch {
		case isStr && s == "self" && self:
			out = append(out, evSelf)
		case isStr && slices.Contains(factionNames[:], s):
			f, _ := ParseFaction(s)
			out = append(out, evWho(f))
		default:
			p.errf(path, field, "%s is not a Faction (JPN, NAT, WLD, CPC%s)", evShow(x), evIf(self, " or self", ""))
			ok = false
		}
	}
	return out, ok
}

func evWhoFactions(ws []evWho) []Faction {
	out := make([]Faction, len(ws))
	for i, w := range ws {
		out[i] = Faction(w)
	}
	return out
}

// pieceTypes reads a piece type, a group ("cube", "any") or a list.
func (p *evParser) pieceTypes(path, field string, v any, list, group bool) ([]string, bool) {
	vals := []any{v}
	if l, isList := v.([]any); isList {
		if !list {
			p.errf(path, field, "a single piece type is required, got a list")
			return nil, false
		}
		vals = l
	}
	var out []string
	ok := true
	for _, x := range vals {
		s, _ := x.(string)
		switch {
		case slices.Contains(evPieceTypes, s):
			out = append(out, s)
		case group && s == "cube":
			out = append(out, "troop", "police")
		case group && s == "any":
			out = append(out, evPieceTypes...)
		default:
			what := "a piece"
			if !group {
				what = "a piece type (troop, police, guerrilla or base)"
			}
			p.errf(path, field, "%s is not %s", evShow(x), what)
			ok = false
		}
	}
	return out, ok
}

// pairs keeps the valid Faction and type pairs; none is an error.
func (p *evParser) pairs(path, field string, fs []Faction, ts []string) []evPair {
	var out []evPair
	for _, f := range fs {
		for _, t := range evPieceTypes {
			if slices.Contains(ts, t) && slices.Contains(evValidPieces[f], t) {
				out = append(out, evPair{f, t})
			}
		}
	}
	if len(fs) > 0 && len(ts) > 0 && len(out) == 0 {
		p.errf(path, field, "no valid Faction/piece pair in %v x %v", fs, ts)
	}
	return out
}

func evKindsOf(prs []evPair, state string) []Piece {
	var out []Piece
	for _, pr := range prs {
		for _, k := range evPieceKinds(pr, state) {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// count reads a count: an integer of 1 or more, or "all" when allowed. It
// returns 0 for "all".
func (p *evParser) count(path, field string, v any, all bool) int {
	if s, ok := v.(string); ok && s == "all" && all {
		return 0
	}
	n, ok := evInt(v)
	if !ok || n < 1 {
		p.errf(path, field, "count must be an integer of 1 or more%s, got %s", evIf(all, ` or "all"`, ""), evShow(v))
		return 1
	}
	return n
}

func (p *evParser) box(path, field string, v any, prs []evPair) evBox {
	s, _ := v.(string)
	b, ok := evBoxNames[s]
	if !ok {
		p.errf(path, field, "%s is not a box (available, casualties, out_of_play)", evShow(v))
		return evAvailable
	}
	for _, pr := range prs {
		if b == evCasualties && pr.t != "troop" && pr.t != "police" {
			p.errf(path, field, "only cubes may be in Casualties, not %s %s", pr.f, pr.t)
			return b
		}
		if b == evOutOfPlay && !(pr.t == "troop" && (pr.f == JPN || pr.f == NAT)) {
			p.errf(path, field, "only JPN and NAT Troops may be Out of Play, not %s %s", pr.f, pr.t)
			return b
		}
	}
	return b
}

func (p *evParser) boolean(path, field string, v any) (bool, bool) {
	b, ok := v.(bool)
	if !ok {
		p.errf(path, field, "must be true or false, got %s", evShow(v))
	}
	return b, ok
}

func evTriOf(b bool) int8 {
	if b {
		return 1
	}
	return 2
}

func evMapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// steps reads a list of steps.
func (p *evParser) steps(path string, v any, sc evScope) []evStep {
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		p.errf(path, "steps", "must be a non-empty list of steps")
		return nil
	}
	var out []evStep
	for i, x := range l {
		if st := p.step(fmt.Sprintf("%s step %d", path, i+1), x, sc); st != nil {
			out = append(out, st)
		}
	}
	return out
}

// step reads one step. path is "card #17 shaded step 2".
func (p *evParser) step(path string, v any, sc evScope) evStep {
	obj, ok := v.(map[string]any)
	if !ok {
		p.errf(path, "", "a step must be an object with an op")
		return nil
	}
	opv, ok := obj["op"]
	if !ok {
		p.errf(path, "op", "missing")
		return nil
	}
	op, _ := opv.(string)
	def, known := evStepTypes[op]
	if !known {
		p.errf(path, "op", "%s is not a step type", evShow(opv))
		return nil
	}
	path = fmt.Sprintf("%s (%s)", path, op)
	missing := false
	for _, k := range def.required {
		if _, ok := obj[k]; !ok {
			p.errf(path, k, "missing required parameter")
			missing = true
		}
	}
	for _, k := range slices.Sorted(evMapKeys(obj)) {
		if k != "op" && !slices.Contains(def.required, k) && !slices.Contains(def.optional, k) {
			p.errf(path, k, "unknown parameter")
		}
	}
	if missing {
		return nil
	}
	return def.read(&evStepReader{p: p, path: path, obj: obj, sc: sc})
}

// evStepReader reads the parameters of one step.
type evStepReader struct {
	p    *evParser
	path string
	obj  map[string]any
	sc   evScope
}

func (x *evStepReader) upTo() bool {
	v, ok := x.obj["up_to"]
	if !ok {
		return false
	}
	b, _ := x.p.boolean(x.path, "up_to", v)
	return b
}

func (x *evStepReader) chooser() evWho {
	v, ok := x.obj["chooser"]
	if !ok {
		return evSelf
	}
	ws, ok := x.p.factions(x.path, "chooser", v, false, true)
	if !ok {
		return evSelf
	}
	return ws[0]
}

// one reads a single Faction (no "self").
func (x *evStepReader) one(field string) Faction {
	ws, ok := x.p.factions(x.path, field, x.obj[field], false, false)
	if !ok {
		return JPN
	}
	return Faction(ws[0])
}

func (x *evStepReader) state(field string) string {
	v, ok := x.obj[field]
	if !ok {
		return ""
	}
	s, _ := v.(string)
	if s != "active" && s != "underground" {
		x.p.errf(x.path, field, "%s is not a state (active, underground)", evShow(v))
		return ""
	}
	return s
}

func (x *evStepReader) bind(field string, sc evScope, set evSet) string {
	name, _ := x.obj[field].(string)
	if !evIdent(name) {
		x.p.errf(x.path, field, "%s is not a name (letters, digits and _)", evShow(x.obj[field]))
		return name
	}
	if _, dup := sc[name]; dup {
		x.p.errf(x.path, field, "name %q is bound twice on this side", name)
	}
	sc[name] = set
	return name
}

func evIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9')) {
			return false
		}
	}
	return true
}

func (x *evStepReader) nonEmpty(field string, set evSet) {
	if set == 0 {
		x.p.errf(x.path, field, "can never match a space")
	}
}

// side reads one side of an Event card.
func (p *evParser) side(card int, name string, v any) *CardSide {
	path := fmt.Sprintf("card #%d %s", card, name)
	obj, ok := v.(map[string]any)
	if !ok {
		p.errf(path, "", "a side must be an object")
		return nil
	}
	for _, k := range slices.Sorted(evMapKeys(obj)) {
		if k != "text" && k != "flag" && k != "steps" {
			p.errf(path, k, "unknown side key")
		}
	}
	cs := &CardSide{}
	cs.Text, _ = obj["text"].(string)
	if strings.TrimSpace(cs.Text) == "" {
		p.errf(path, "text", "missing or empty")
	}
	if fv, ok := obj["flag"]; ok {
		cs.Flag, _ = fv.(string)
		if cs.Flag != "CAPABILITY" && cs.Flag != "MOMENTUM" {
			p.errf(path, "flag", "%s, want CAPABILITY, MOMENTUM or no flag", evShow(fv))
			cs.Flag = ""
		} else if !strings.Contains(cs.Text, cs.Flag) {
			p.errf(path, "text", "should say %s", cs.Flag)
		}
	}
	if raw, err := json.Marshal(obj["steps"]); err == nil {
		cs.Steps = raw
	}
	p.path, p.flag, p.lasting = path, cs.Flag, nil
	floods := p.floodsSteps
	cs.prog = p.steps(path, obj["steps"], evScope{})
	if p.floodsSteps > floods && !slices.Contains(p.floods, card) {
		p.floods = append(p.floods, card)
	}
	switch {
	case cs.Flag != "" && len(p.lasting) != 1:
		p.errf(path, "steps", "a %s side needs exactly one lasting step, has %d", cs.Flag, len(p.lasting))
	case cs.Flag == "" && len(p.lasting) > 0:
		p.errf(path, "steps", "a lasting step on a side without a CAPABILITY or MOMENTUM flag")
	}
	for _, id := range p.lasting {
		kinds, known := evModifierKinds[id]
		if cs.Flag != "" && known && !slices.Contains(kinds, strings.ToLower(cs.Flag)) {
			p.errf(path, "flag", "modifier %q may not be granted as %s", id, cs.Flag)
		}
		p.lastingUses = append(p.lastingUses, evLastingUse{card: card, side: name, id: id, flag: cs.Flag})
	}
	return cs
}
