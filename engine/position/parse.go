package position

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/chinaswar/chinaswar/assets"
	"github.com/chinaswar/chinaswar/engine"
)

// parser holds what has been read so far; checks that need the whole
// description run in finish.
type parser struct {
	m     *engine.Map
	d     *engine.Deck
	s     *engine.State
	errs  []error
	line  int
	seen  map[string]int // keyword or space name -> line first given
	boxes struct{ cas, oop, avail *engine.Pieces }
	cards map[int]string // card number -> where it was named
	deck  []int
	sides map[int]json.RawMessage
	step  string
}

func (p *parser) errorf(format string, args ...any) {
	p.errs = append(p.errs, fmt.Errorf("line %d: %s", p.line, fmt.Sprintf(format, args...)))
}

// Parse reads a position description (docs/position.md). Every problem
// found is reported, each with its line; a description with any problem
// yields no position.
func Parse(text string) (*Position, error) {
	p := &parser{
		m: engine.DefaultMap(), d: engine.DefaultDeck(),
		s:     &engine.State{Scenario: "1937", RNG: 1, EventsSinceRound: 1},
		seen:  map[string]int{},
		cards: map[int]string{},
		sides: map[int]json.RawMessage{},
	}
	p.s.Spaces = make([]engine.SpaceState, len(p.m.Spaces))
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	var pendingJSON strings.Builder
	jsonStart := 0
	for sc.Scan() {
		p.line++
		raw := sc.Text()
		if pendingJSON.Len() > 0 {
			pendingJSON.WriteString(raw + "\n")
			if json.Valid([]byte(pendingJSON.String())) {
				p.card(jsonStart, pendingJSON.String())
				pendingJSON.Reset()
			}
			continue
		}
		line := stripComment(strings.TrimSpace(raw))
		if line == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "card-json"); ok {
			pendingJSON.WriteString(rest + "\n")
			jsonStart = p.line
			if json.Valid([]byte(pendingJSON.String())) {
				p.card(jsonStart, pendingJSON.String())
				pendingJSON.Reset()
			}
			continue
		}
		if name, items, ok := strings.Cut(line, ":"); ok {
			p.colonLine(strings.TrimSpace(name), items)
			continue
		}
		fields := strings.Fields(line)
		p.keyword(strings.ToLower(fields[0]), fields[1:])
	}
	if pendingJSON.Len() > 0 {
		p.line = jsonStart
		p.errorf("card-json: the JSON object is not complete or not valid")
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	p.finish()
	if len(p.errs) > 0 {
		return nil, fmt.Errorf("position: %w", errors.Join(p.errs...))
	}
	return &Position{State: p.s, Deck: p.d}, nil
}

// stripComment drops a comment: "#" at the start of the line, or "#"
// followed by a space or the line's end ("#14" names a card). A card-json
// line is left whole, since JSON text may hold "#".
func stripComment(line string) string {
	if strings.HasPrefix(line, "card-json") {
		return line
	}
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t') {
			return strings.TrimSpace(line[:i])
		}
	}
	return line
}

// once reports whether key is given for the first time, and complains
// otherwise.
func (p *parser) once(key string) bool {
	if l, dup := p.seen[key]; dup {
		p.errorf("%s is given twice (first on line %d)", key, l)
		return false
	}
	p.seen[key] = p.line
	return true
}

func (p *parser) colonLine(name, items string) {
	switch strings.ToLower(name) {
	case "casualties":
		p.box("casualties", &p.boxes.cas, items)
		return
	case "out of play":
		p.box("out of play", &p.boxes.oop, items)
		return
	case "available":
		p.box("available", &p.boxes.avail, items)
		return
	}
	id, err := p.m.Lookup(name)
	if err != nil {
		p.errorf("unknown space %q", name)
		return
	}
	sp := p.m.Space(id)
	if !p.once(sp.Name) {
		return
	}
	st := &p.s.Spaces[id]
	for _, item := range strings.Split(items, ",") {
		item = strings.TrimSpace(item)
		switch strings.ToLower(item) {
		case "":
			continue
		case "support", "opposition":
			if st.Support != engine.Neutral {
				p.errorf("%s: Support and Opposition given together", sp.Name)
			}
			if !sp.IsProvince() || sp.Pop == 0 {
				p.errorf("%s: only a Province with Pop may be at %s (1.6)", sp.Name, item)
				continue
			}
			st.Support = map[string]int{"support": engine.Support, "opposition": engine.Opposition}[strings.ToLower(item)]
			continue
		case "neutral":
			continue
		case "terror":
			if !sp.IsProvince() {
				p.errorf("%s: Terror markers go only in Provinces (1.10)", sp.Name)
			}
			st.Terror = true
			continue
		case "sabotage":
			if !sp.IsLoC() {
				p.errorf("%s: Sabotage markers go only on LoCs (1.10)", sp.Name)
			}
			st.Sabotage = true
			continue
		}
		k, n, err := parsePieces(item)
		if err != nil {
			p.errorf("%s: %v", sp.Name, err)
			continue
		}
		st.Pieces[k] += int16(n)
	}
	pc := &st.Pieces
	switch {
	case pc.Total() == 0:
	case !sp.Enterable:
		p.errorf("%s is out of play: no piece may be there (1.3.5)", sp.Name)
	case sp.JPNOnly && pc.Total() != pc.Of(engine.JPN):
		p.errorf("%s: only JPN forces may be in Manchukuo (1.3.5)", sp.Name)
	case pc.Bases() > 0 && !sp.IsProvince():
		p.errorf("%s is a %s: Bases may stand only in Provinces (1.4.2)", sp.Name, sp.Kind)
	case pc.Bases() > 2:
		p.errorf("%s: %d Bases, but a Province holds at most 2 (1.4.2)", sp.Name, pc.Bases())
	}
}

func (p *parser) box(name string, dst **engine.Pieces, items string) {
	if !p.once(name) {
		return
	}
	b := new(engine.Pieces)
	*dst = b
	for _, item := range strings.Split(items, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, n, err := parsePieces(item)
		if err != nil {
			p.errorf("%s: %v", name, err)
			continue
		}
		if k == engine.NATGuerrillaActive || k == engine.CPCGuerrillaActive {
			p.errorf("%s: a Guerrilla off the map has no state; write %q", name, strings.Replace(item, "Active ", "", 1))
			continue
		}
		switch {
		case name == "casualties" && !k.Cube():
			p.errorf("casualties: only cubes go to Casualties (1.3.7), not %s", kindName(k))
			continue
		case name == "out of play" && k != engine.JPNTroop && k != engine.NATTroop:
			p.errorf("out of play: only JPN and NAT Troops go Out of Play (1.3.7), not %s", kindName(k))
			continue
		}
		b[k] += int16(n)
	}
}

// parsePieces reads "2 JPN Troops", "NAT Base", "3 Active CPC Guerrillas"
// or "1 CPC Guerrilla Underground".
func parsePieces(item string) (engine.Piece, int, error) {
	n, fac, kind, active, activeSet := 1, "", "", false, false
	for i, w := range strings.Fields(item) {
		lw := strings.ToLower(w)
		if v, err := strconv.Atoi(w); err == nil && i == 0 {
			if v < 1 {
				return 0, 0, fmt.Errorf("%q: a count must be 1 or more", item)
			}
			n = v
			continue
		}
		switch lw {
		case "jpn", "nat", "wld", "cpc":
			fac = strings.ToUpper(lw)
		case "troop", "troops":
			kind = "troop"
		case "police":
			kind = "police"
		case "guerrilla", "guerrillas":
			kind = "guerrilla"
		case "base", "bases":
			kind = "base"
		case "active":
			active, activeSet = true, true
		case "underground":
			active, activeSet = false, true
		default:
			return 0, 0, fmt.Errorf("%q: %q is not a count, faction, piece or state", item, w)
		}
	}
	if fac == "" || kind == "" {
		return 0, 0, fmt.Errorf("%q: want a count, a faction and a piece, such as \"2 JPN Troops\"", item)
	}
	key := fac + " " + kind
	k, ok := map[string]engine.Piece{
		"JPN troop": engine.JPNTroop, "JPN police": engine.JPNPolice,
		"NAT troop": engine.NATTroop, "NAT guerrilla": engine.NATGuerrilla, "NAT base": engine.NATBase,
		"WLD troop": engine.WLDTroop, "WLD base": engine.WLDBase,
		"CPC guerrilla": engine.CPCGuerrilla, "CPC base": engine.CPCBase,
	}[key]
	if !ok {
		return 0, 0, fmt.Errorf("%q: %s has no %s pieces", item, fac, kind)
	}
	if activeSet && !k.Guerrilla() {
		return 0, 0, fmt.Errorf("%q: only Guerrillas are Active or Underground (1.4.3)", item)
	}
	if active {
		k++ // the Active kind follows the Underground one
	}
	return k, n, nil
}

// kindName names a piece kind as the force pool counts it.
func kindName(k engine.Piece) string {
	return strings.TrimSuffix(k.String(), " (Underground)")
}

func (p *parser) keyword(key string, args []string) {
	if key != "acted" && key != "event-eligibility" && key != "capability" && key != "momentum" && !p.once(key) {
		return
	}
	s := p.s
	one := func() (string, bool) {
		if len(args) != 1 {
			p.errorf("%s takes one value, got %d", key, len(args))
			return "", false
		}
		return args[0], true
	}
	track := func(dst *int, lo, hi int, rule string) {
		v, ok := one()
		if !ok {
			return
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			p.errorf("%s %s: want a whole number from %d to %d%s", key, v, lo, hi, rule)
			return
		}
		*dst = n
	}
	switch key {
	case "scenario":
		if v, ok := one(); ok {
			if !slices.Contains(engine.Scenarios, v) {
				p.errorf("scenario %q: want one of %s", v, strings.Join(engine.Scenarios, ", "))
			}
			s.Scenario = v
		}
	case "options":
		o, err := engine.ParseOptions(strings.Join(args, ","))
		if err != nil {
			p.errorf("options: %v", err)
		}
		s.Options = o
	case "seed":
		if v, ok := one(); ok {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				p.errorf("seed %q: want a whole number", v)
			}
			s.RNG = n
		}
	case "resources":
		if len(args)%2 != 0 || len(args) == 0 {
			p.errorf("resources: want pairs such as \"JPN 20 NAT 15\"")
			return
		}
		for i := 0; i < len(args); i += 2 {
			f, err := engine.ParseFaction(args[i])
			if err != nil {
				p.errorf("resources: %v", err)
				continue
			}
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 0 || n > 60 {
				p.errorf("resources: %s %s: want a whole number from 0 to 60 (1.8)", f, args[i+1])
				continue
			}
			s.Resources[f] = n
		}
	case "commitment":
		track(&s.Commitment, 0, 60, " (1.8)")
	case "patronage":
		track(&s.Patronage, 0, 30, " (1.8)")
	case "aid":
		track(&s.Aid, 0, 10, " (1.8)")
	case "aid-reset":
		track(&s.AidReset, 0, 10, " (1.8)")
	case "rounds":
		track(&s.Rounds, 0, engine.NumPropaganda, "")
	case "events-since-round":
		track(&s.EventsSinceRound, 0, engine.NumEvents, "")
	case "capability", "momentum":
		for _, id := range args {
			info, ok := p.d.Modifier(id)
			if !ok || !slices.Contains(info.Kinds, key) {
				p.errorf("%s %q: the deck has no such %s", key, id, key)
				continue
			}
			list := &s.Capabilities
			if key == "momentum" {
				list = &s.Momentum
			}
			if slices.Contains(*list, id) {
				p.errorf("%s %q given twice", key, id)
				continue
			}
			*list = append(*list, id)
			slices.Sort(*list)
		}
	case "floods":
		if v, ok := one(); ok {
			id, err := p.m.Lookup(v)
			if err != nil || !p.m.Space(id).IsProvince() {
				p.errorf("floods %q: the Floods marker lies in a Province", v)
				return
			}
			s.Floods = p.m.Space(id).Name
		}
	case "large-offensive":
		if v, ok := one(); ok {
			switch v {
			case "used":
				s.LargeOffensiveUsed = true
			case "unused":
			default:
				p.errorf("large-offensive %q: want used or unused", v)
			}
		}
	case "eligible", "ineligible":
		for _, a := range args {
			f, err := engine.ParseFaction(a)
			if err != nil {
				p.errorf("%s: %v", key, err)
				continue
			}
			if l, dup := p.seen["elig "+f.String()]; dup {
				p.errorf("%s's eligibility is given twice (first on line %d)", f, l)
			}
			p.seen["elig "+f.String()] = p.line
			s.Elig[f] = map[string]engine.Eligibility{"eligible": engine.Eligible, "ineligible": engine.Ineligible}[key]
		}
	case "acted":
		p.acted(args)
	case "event-eligibility":
		p.eventElig(args)
	case "current", "held":
		if v, ok := one(); ok {
			n := p.cardNumber(key, v)
			if key == "current" {
				s.Current = n
			} else {
				s.Held = n
			}
		}
	case "deck", "played", "removed":
		var list []int
		for _, v := range args {
			if n := p.cardNumber(key, v); n != 0 {
				list = append(list, n)
			}
		}
		switch key {
		case "deck":
			p.deck = list
		case "played":
			s.Played = list
		case "removed":
			s.Removed = list
		}
	case "dice":
		for _, v := range args {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 6 {
				p.errorf("dice: %q is not a die roll (1 to 6)", v)
				continue
			}
			s.Dice = append(s.Dice, n)
		}
	case "step":
		if len(args) == 0 || len(args) > 2 {
			p.errorf("step: want a step and, for a phase, its faction, such as \"step pacify NAT\"")
			return
		}
		p.step = args[0]
		s.Step.Kind = args[0]
		if len(args) == 2 {
			f, err := engine.ParseFaction(args[1])
			if err != nil {
				p.errorf("step: %v", err)
			}
			s.Step.Faction = f
		}
	default:
		p.errorf("unknown keyword %q (a space or box line needs a colon, as in \"Hebei: 2 JPN Troops\")", key)
	}
}

// acted reads "acted NAT op+sa" (or "acted JPN op large-offensive"): what a
// faction did on the current card, in the order given.
func (p *parser) acted(args []string) {
	if len(args) < 2 || len(args) > 3 {
		p.errorf("acted: want a faction and what it did, such as \"acted NAT op+sa\"")
		return
	}
	f, err := engine.ParseFaction(args[0])
	if err != nil {
		p.errorf("acted: %v", err)
		return
	}
	did := engine.Did(strings.ToLower(args[1]))
	switch did {
	case engine.DidPass, engine.DidOp, engine.DidOpSA, engine.DidLimOp, engine.DidEvent:
	default:
		p.errorf("acted: %q: want pass, op, op+sa, limop or event", args[1])
		return
	}
	a := engine.Act{Faction: f, Did: did}
	if len(args) == 3 {
		if args[2] != "large-offensive" || f != engine.JPN || (did != engine.DidOp && did != engine.DidOpSA) {
			p.errorf("acted: %q: only a JPN op or op+sa may be a large-offensive", strings.Join(args, " "))
			return
		}
		a.LargeOffensive = true
	}
	for _, b := range p.s.Acts {
		if b.Faction == f {
			p.errorf("acted: %s has already acted on this card", f)
			return
		}
	}
	p.s.Acts = append(p.s.Acts, a)
}

// eventElig reads "event-eligibility WLD stays" or "... ineligible": an
// Event's eligibility effect on the current card (deck.md §4.5).
func (p *parser) eventElig(args []string) {
	if len(args) != 2 {
		p.errorf("event-eligibility: want a faction and stays or ineligible")
		return
	}
	f, err := engine.ParseFaction(args[0])
	if err != nil {
		p.errorf("event-eligibility: %v", err)
		return
	}
	switch strings.ToLower(args[1]) {
	case "stays":
		p.s.EventElig[f] = engine.EventEligStays
	case "ineligible":
		p.s.EventElig[f] = engine.EventEligIneligible
	default:
		p.errorf("event-eligibility: %q: want stays or ineligible", args[1])
	}
}

func (p *parser) cardNumber(where, v string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(v, "#"))
	if err != nil || p.d.Card(n) == nil {
		p.errorf("%s: %q is not a card of the deck", where, v)
		return 0
	}
	if prev, dup := p.cards[n]; dup {
		p.errorf("card #%d is named twice (%s and %s)", n, prev, where)
		return 0
	}
	p.cards[n] = where
	return n
}

// card records a replacement card written in the deck vocabulary.
func (p *parser) card(line int, text string) {
	var c struct {
		Number int `json:"number"`
	}
	if err := json.Unmarshal([]byte(text), &c); err != nil || c.Number == 0 {
		p.errs = append(p.errs, fmt.Errorf("line %d: card-json: want a card object with its number", line))
		return
	}
	if _, dup := p.sides[c.Number]; dup {
		p.errs = append(p.errs, fmt.Errorf("line %d: card-json: card #%d is replaced twice", line, c.Number))
		return
	}
	p.sides[c.Number] = json.RawMessage(text)
}

// finish runs the checks that need the whole description: the force pool,
// the cards, the deck and the step.
func (p *parser) finish() {
	s := p.s
	p.line = 0
	if len(p.sides) > 0 {
		d, err := deckWith(p.sides)
		if err != nil {
			p.errs = append(p.errs, err)
		} else {
			p.d = d
		}
	}
	// The force pool: whatever is not on the map or in Casualties or Out
	// of Play is Available, and nothing may exceed the pool (1.2).
	var used engine.Pieces
	for i := range s.Spaces {
		for k, v := range s.Spaces[i].Pieces {
			used[boxKind(engine.Piece(k))] += v
		}
	}
	for _, b := range []*engine.Pieces{p.boxes.cas, p.boxes.oop} {
		if b != nil {
			for k, v := range b {
				used[k] += v
			}
		}
	}
	if p.boxes.cas != nil {
		s.Casualties = *p.boxes.cas
	}
	if p.boxes.oop != nil {
		s.OutOfPlay = *p.boxes.oop
	}
	for k := range engine.NumPieces {
		if k == engine.NATGuerrillaActive || k == engine.CPCGuerrillaActive {
			continue
		}
		pool := engine.Pool[k]
		if used[k] > pool {
			p.errs = append(p.errs, fmt.Errorf("%s: %d on the map and in boxes, the game has %d", kindName(k), used[k], pool))
			continue
		}
		s.Available[k] = pool - used[k]
		if a := p.boxes.avail; a != nil && a[k] != s.Available[k] {
			p.errs = append(p.errs, fmt.Errorf("%s: %d Available given, but %d of the %d are not on the map or in Casualties or Out of Play", kindName(k), a[k], s.Available[k], pool))
		}
	}
	// Cards: every card exactly once. Those not named go under the named
	// draw deck, shuffled by the seed.
	var rest []int
	for _, n := range p.d.Numbers() {
		if _, named := p.cards[n]; !named {
			rest = append(rest, n)
		}
	}
	rng := rand.New(rand.NewPCG(s.RNG, 0x706f736974696f6e))
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	s.Deck = append(p.deck, rest...)
	if s.Played == nil {
		s.Played = []int{}
	}
	// The step: by default the next Eligible faction decides on the
	// current Event card.
	if p.step == "" {
		switch {
		case s.Current == 0:
			p.errs = append(p.errs, errors.New("no current card: give \"current N\", or \"step start\" to draw one"))
		case p.d.IsPropaganda(s.Current):
			p.errs = append(p.errs, fmt.Errorf("current card #%d is a Propaganda card: give the phase, such as \"step pacify NAT\"", s.Current))
		default:
			s.Step.Kind = "eligible"
		}
	} else if s.Step.Kind == "eligible" && (s.Current == 0 || p.d.IsPropaganda(s.Current)) {
		p.errs = append(p.errs, errors.New("step eligible needs an Event card as the current card"))
	}
	executed := 0
	for _, a := range s.Acts {
		if s.Elig[a.Faction] != engine.Eligible {
			p.errs = append(p.errs, fmt.Errorf("acted: %s is Ineligible, so it cannot have acted on this card (2.3.1)", a.Faction))
		}
		if a.Did.Executed() {
			executed++
		}
	}
	if executed > 2 {
		p.errs = append(p.errs, fmt.Errorf("acted: %d factions executed on this card, at most 2 may (2.3.4)", executed))
	}
	if len(s.Acts) > 0 && (s.Current == 0 || p.d.IsPropaganda(s.Current)) {
		p.errs = append(p.errs, errors.New("acted: factions act only on an Event card"))
	}
	if s.Held != 0 && p.d.IsPropaganda(s.Held) {
		p.errs = append(p.errs, fmt.Errorf("held card #%d is a Propaganda card; only an Event card is held (2.3.7)", s.Held))
	}
	if len(p.errs) == 0 {
		if err := engine.CheckInvariants(p.m, p.d, s); err != nil {
			p.errs = append(p.errs, err)
		}
	}
}

func boxKind(k engine.Piece) engine.Piece {
	switch k {
	case engine.NATGuerrillaActive:
		return engine.NATGuerrilla
	case engine.CPCGuerrillaActive:
		return engine.CPCGuerrilla
	}
	return k
}

// deckWith is the embedded deck with some cards replaced by cards written
// in the deck vocabulary (deck.md), checked by engine.ParseDeck.
func deckWith(cards map[int]json.RawMessage) (*engine.Deck, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(assets.DeckJSON, &top); err != nil {
		return nil, fmt.Errorf("card-json: reading the embedded deck: %w", err)
	}
	var list []json.RawMessage
	if err := json.Unmarshal(top["cards"], &list); err != nil {
		return nil, fmt.Errorf("card-json: reading the embedded deck: %w", err)
	}
	done := map[int]bool{}
	for i, raw := range list {
		var c struct {
			Number int `json:"number"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, fmt.Errorf("card-json: reading the embedded deck: %w", err)
		}
		if r, ok := cards[c.Number]; ok {
			list[i], done[c.Number] = r, true
		}
	}
	for n := range cards {
		if !done[n] {
			return nil, fmt.Errorf("card-json: the deck has no card #%d to replace (cards are numbered 1 to %d)", n, engine.NumEvents+engine.NumPropaganda)
		}
	}
	b, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	top["cards"] = b
	data, err := json.Marshal(top)
	if err != nil {
		return nil, err
	}
	d, err := engine.ParseDeck(data)
	if err != nil {
		return nil, fmt.Errorf("card-json: %w", err)
	}
	return d, nil
}
