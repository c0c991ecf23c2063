package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Space references and filters of Event steps (deck.md §3): how a deck file
// names spaces, what a reference could ever denote (checked when the deck
// loads), and what it denotes when the step runs.

// evSet is a set of spaces (the map has fewer than 64).
type evSet uint64

func evOne(id SpaceID) evSet { return 1 << uint(id) }

func (s evSet) has(id SpaceID) bool { return s&evOne(id) != 0 }

func (s evSet) count() int { return bits.OnesCount64(uint64(s)) }

func (s evSet) add(id SpaceID) evSet { return s | evOne(id) }

func (s evSet) minus(id SpaceID) evSet { return s &^ evOne(id) }

// each calls fn for every space of the set in map order.
func (s evSet) each(fn func(SpaceID)) {
	for x := uint64(s); x != 0; x &= x - 1 {
		fn(SpaceID(bits.TrailingZeros64(x)))
	}
}

// first is the lowest space of a non-empty set.
func (s evSet) first() SpaceID { return SpaceID(bits.TrailingZeros64(uint64(s))) }

// Space kinds a filter may ask for (deck.md §3 "kind").
const (
	evKindProvince uint8 = 1 << iota
	evKindLoC
	evKindManchukuo
)

// evFilter is a space filter (deck.md §3).
type evFilter struct {
	kinds      uint8
	names      evSet
	hasNames   bool
	notNames   evSet
	in         string
	notIn      []string
	anyOf      []*evFilter
	adjacentTo []*evRef
	rough      int8 // 0 any, 1 Rough, 2 Plains
	coastal    int8 // 0 any, 1 true, 2 false
	popMin     int  // -1 when absent
	popMax     int  // -1 when absent
	econMin    int  // -1 when absent
	river      int8 // 0 any, 1 River, 2 Railroad
	support    uint8
	control    uint8
	terror     int8 // 0 any, 1 true, 2 false
	sabotage   int8
	flooded    int8
	pieces     []evPieceCond
	provOnly   bool
	locOnly    bool
	hasSupport bool
	hasControl bool
}

// evPieceCond is a piece condition of a filter: the pieces of the given
// kinds number at least min and at most max (-1: no maximum).
type evPieceCond struct {
	kinds    []Piece
	min, max int
}

// evRef is a space reference: a name, a bound "$NAME", or a filter.
type evRef struct {
	name   SpaceID
	isName bool
	v      string
	filter *evFilter
}

var evFilterKeys = []string{"kind", "names", "not_names", "in", "not_in", "any_of", "adjacent_to", "terrain", "coastal",
	"pop_min", "pop_max", "econ_min", "loc_type", "support", "control", "terror", "sabotage", "flooded", "pieces"}

func evKindMask(sp *Space) uint8 {
	switch {
	case sp.IsProvince():
		return evKindProvince
	case sp.IsLoC():
		return evKindLoC
	case sp.Enterable:
		return evKindManchukuo
	}
	return 0
}

// playable is every space a reference may name: all but French Indochina.
func (p *evParser) playable() evSet {
	var s evSet
	for i := range p.m.Spaces {
		if p.m.Spaces[i].Enterable {
			s = s.add(SpaceID(i))
		}
	}
	return s
}

func (p *evParser) ofKind(mask uint8) evSet {
	var s evSet
	for i := range p.m.Spaces {
		if evKindMask(&p.m.Spaces[i])&mask != 0 {
			s = s.add(SpaceID(i))
		}
	}
	return s
}

func (p *evParser) where(set evSet, pred func(*Space) bool) evSet {
	var out evSet
	set.each(func(id SpaceID) {
		if pred(&p.m.Spaces[id]) {
			out = out.add(id)
		}
	})
	return out
}

// spaceName reads a space name: it must exist and not be French Indochina.
func (p *evParser) spaceName(path, field string, v any) (SpaceID, bool) {
	name, ok := v.(string)
	if !ok {
		p.errf(path, field, "%s is not a space name", evShow(v))
		return 0, false
	}
	id, ok := p.m.ID(name)
	if !ok {
		p.errf(path, field, "%q is not a space on the map", name)
		return 0, false
	}
	if !p.m.Spaces[id].Enterable {
		p.errf(path, field, "%q is out of play and may not be referenced", name)
		return 0, false
	}
	return id, true
}

// ref reads a space reference and returns it with the spaces it could ever
// denote.
func (p *evParser) ref(path, field string, v any, sc evScope) (*evRef, evSet) {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, "$") {
			set, ok := sc[x[1:]]
			if !ok {
				p.errf(path, field, "%s is not bound before this step", x)
				return &evRef{v: x[1:]}, p.playable()
			}
			return &evRef{v: x[1:]}, set
		}
		id, ok := p.spaceName(path, field, x)
		if !ok {
			return &evRef{}, 0
		}
		return &evRef{name: id, isName: true}, evOne(id)
	case map[string]any:
		f, set := p.filter(path, field, x, sc)
		return &evRef{filter: f}, set
	}
	p.errf(path, field, "a space reference must be a space name, a $NAME or a filter object, got %s", evShow(v))
	return &evRef{}, 0
}

// nameOrVarList reads adjacent_to: a name or $NAME, or a list of them.
func (p *evParser) nameOrVarList(path, field string, v any, sc evScope) ([]*evRef, evSet) {
	vals := []any{v}
	if l, ok := v.([]any); ok {
		vals = l
	}
	var refs []*evRef
	var set evSet
	for _, x := range vals {
		if _, ok := x.(string); !ok {
			p.errf(path, field, "entries must be space names or $NAMEs, got %s", evShow(x))
			continue
		}
		r, s := p.ref(path, field, x, sc)
		refs = append(refs, r)
		set |= s
	}
	return refs, set
}

// filter reads a filter object; the set is what it could ever match judging
// by its static keys.
func (p *evParser) filter(path, field string, obj map[string]any, sc evScope) (*evFilter, evSet) {
	f := &evFilter{popMin: -1, popMax: -1, econMin: -1}
	for _, k := range slices.Sorted(evMapKeys(obj)) {
		if !slices.Contains(evFilterKeys, k) {
			p.errf(path, field, "unknown filter key %q", k)
		}
	}
	sub := func(k string) string { return field + "." + k }
	f.kinds = p.filterKinds(path, sub, obj)
	cand := p.ofKind(f.kinds)
	cand = p.filterSpaces(path, sub, obj, sc, f, cand)
	cand = p.filterTerrain(path, sub, obj, f, cand)
	cand = p.filterState(path, sub, obj, f, cand)
	return f, cand
}

// filterKinds reads a filter's kind: Provinces and LoCs when absent.
func (p *evParser) filterKinds(path string, sub func(string) string, obj map[string]any) uint8 {
	kinds := evKindProvince | evKindLoC
	if v, ok := obj["kind"]; ok {
		vals := []any{v}
		if l, isList := v.([]any); isList {
			vals = l
		}
		kinds = 0
		for _, x := range vals {
			s, _ := x.(string)
			switch s {
			case "province":
				kinds |= evKindProvince
			case "loc":
				kinds |= evKindLoC
			case "manchukuo":
				kinds |= evKindManchukuo
			default:
				p.errf(path, sub("kind"), "%s is not a kind (province, loc, manchukuo)", evShow(x))
			}
		}
	}
	return kinds
}

// filterSpaces reads the keys that name spaces (names, not_names, in,
// not_in, any_of, adjacent_to) and narrows cand to what they allow.
func (p *evParser) filterSpaces(path string, sub func(string) string, obj map[string]any, sc evScope, f *evFilter, cand evSet) evSet {
	for _, key := range []string{"names", "not_names"} {
		v, ok := obj[key]
		if !ok {
			continue
		}
		l, isList := v.([]any)
		if !isList || len(l) == 0 {
			p.errf(path, sub(key), "must be a non-empty list of space names")
			continue
		}
		var set evSet
		for _, x := range l {
			id, ok := p.spaceName(path, sub(key), x)
			if !ok {
				continue
			}
			if key == "names" && evKindMask(&p.m.Spaces[id])&f.kinds == 0 {
				p.errf(path, sub(key), "%q is excluded by the filter's kind", p.m.Spaces[id].Name)
			}
			set = set.add(id)
		}
		if key == "names" {
			f.names, f.hasNames = set, true
			cand &= set
		} else {
			f.notNames = set
			cand &^= set
		}
	}
	if v, ok := obj["in"]; ok {
		s, _ := v.(string)
		if !strings.HasPrefix(s, "$") {
			p.errf(path, sub("in"), "must be a $NAME, got %s", evShow(v))
			cand = 0
		} else {
			_, set := p.ref(path, sub("in"), s, sc)
			f.in = s[1:]
			cand &= set
		}
	}
	if v, ok := obj["not_in"]; ok {
		vals := []any{v}
		if l, isList := v.([]any); isList {
			vals = l
		}
		for _, x := range vals {
			s, _ := x.(string)
			if !strings.HasPrefix(s, "$") {
				p.errf(path, sub("not_in"), "must hold $NAMEs, got %s", evShow(x))
				continue
			}
			p.ref(path, sub("not_in"), s, sc)
			f.notIn = append(f.notIn, s[1:])
		}
	}
	if v, ok := obj["any_of"]; ok {
		l, isList := v.([]any)
		if !isList || len(l) < 2 {
			p.errf(path, sub("any_of"), "must list at least two filters")
		} else {
			var union evSet
			for i, x := range l {
				fp := fmt.Sprintf("%s[%d]", sub("any_of"), i)
				o, isObj := x.(map[string]any)
				if !isObj {
					p.errf(path, fp, "must be a filter object")
					continue
				}
				sf, set := p.filter(path, fp, o, sc)
				f.anyOf = append(f.anyOf, sf)
				union |= set
			}
			cand &= union
		}
	}
	if v, ok := obj["adjacent_to"]; ok {
		refs, targets := p.nameOrVarList(path, sub("adjacent_to"), v, sc)
		f.adjacentTo = refs
		var adj evSet
		cand.each(func(id SpaceID) {
			for _, a := range p.m.Spaces[id].Adj {
				if targets.has(a) {
					adj = adj.add(id)
					return
				}
			}
		})
		cand = adj
	}
	return cand
}

// filterTerrain reads the keys on the map's printed values (terrain, coastal,
// pop_min, pop_max, econ_min, loc_type) and narrows cand to what they allow.
func (p *evParser) filterTerrain(path string, sub func(string) string, obj map[string]any, f *evFilter, cand evSet) evSet {
	for _, k := range []string{"terrain", "coastal", "pop_min", "pop_max", "support", "control"} {
		if _, ok := obj[k]; ok {
			f.provOnly = true
		}
	}
	for _, k := range []string{"econ_min", "loc_type"} {
		if _, ok := obj[k]; ok {
			f.locOnly = true
		}
	}
	if f.provOnly {
		cand = p.where(cand, (*Space).IsProvince)
	}
	if f.locOnly {
		cand = p.where(cand, (*Space).IsLoC)
	}
	if v, ok := obj["terrain"]; ok {
		switch v {
		case "Rough":
			f.rough = 1
		case "Plains":
			f.rough = 2
		default:
			p.errf(path, sub("terrain"), "must be Rough or Plains, got %s", evShow(v))
		}
		cand = p.where(cand, func(sp *Space) bool { return f.rough == 0 || sp.Rough == (f.rough == 1) })
	}
	if v, ok := obj["coastal"]; ok {
		if b, ok := p.boolean(path, sub("coastal"), v); ok {
			f.coastal = evTriOf(b)
			cand = p.where(cand, func(sp *Space) bool { return sp.Coastal == b })
		}
	}
	for _, k := range []string{"pop_min", "pop_max", "econ_min"} {
		v, ok := obj[k]
		if !ok {
			continue
		}
		n, ok := evInt(v)
		if !ok || n < 0 {
			p.errf(path, sub(k), "must be an integer of 0 or more, got %s", evShow(v))
			continue
		}
		switch k {
		case "pop_min":
			f.popMin = n
			cand = p.where(cand, func(sp *Space) bool { return sp.Pop >= n })
		case "pop_max":
			f.popMax = n
			cand = p.where(cand, func(sp *Space) bool { return sp.Pop <= n })
		case "econ_min":
			f.econMin = n
			cand = p.where(cand, func(sp *Space) bool { return sp.Econ >= n })
		}
	}
	if v, ok := obj["loc_type"]; ok {
		switch v {
		case "River":
			f.river = 1
		case "Railroad":
			f.river = 2
		default:
			p.errf(path, sub("loc_type"), "must be Railroad or River, got %s", evShow(v))
		}
		cand = p.where(cand, func(sp *Space) bool { return f.river == 0 || sp.River == (f.river == 1) })
	}
	return cand
}

// filterState reads the keys on the state of play (support, control,
// terror, sabotage, flooded, pieces) and narrows cand to what they allow.
func (p *evParser) filterState(path string, sub func(string) string, obj map[string]any, f *evFilter, cand evSet) evSet {
	if v, ok := obj["support"]; ok {
		f.hasSupport = true
		vals := []any{v}
		if l, isList := v.([]any); isList {
			vals = l
		}
		for _, x := range vals {
			switch x {
			case "opposition":
				f.support |= 1 << 0
			case "neutral":
				f.support |= 1 << 1
			case "support":
				f.support |= 1 << 2
			default:
				p.errf(path, sub("support"), "%s is not a level (support, neutral, opposition)", evShow(x))
			}
		}
		if f.support&(1<<1) == 0 {
			cand = p.where(cand, func(sp *Space) bool { return sp.Pop >= 1 })
		}
	}
	if v, ok := obj["control"]; ok {
		f.hasControl = true
		vals := []any{v}
		if l, isList := v.([]any); isList {
			vals = l
		}
		for _, x := range vals {
			switch x {
			case "none":
				f.control |= 1 << Uncontrolled
			case "NAT":
				f.control |= 1 << NATControl
			case "WLD":
				f.control |= 1 << WLDControl
			default:
				p.errf(path, sub("control"), "%s is not a Control value (NAT, WLD, none)", evShow(x))
			}
		}
	}
	for _, k := range []string{"terror", "sabotage", "flooded"} {
		v, ok := obj[k]
		if !ok {
			continue
		}
		b, ok := p.boolean(path, sub(k), v)
		if !ok {
			continue
		}
		switch k {
		case "terror":
			f.terror = evTriOf(b)
			if b {
				cand = p.where(cand, (*Space).IsProvince)
			}
		case "sabotage":
			f.sabotage = evTriOf(b)
			if b {
				cand = p.where(cand, (*Space).IsLoC)
			}
		case "flooded":
			f.flooded = evTriOf(b)
		}
	}
	if v, ok := obj["pieces"]; ok {
		l, isList := v.([]any)
		if !isList || len(l) == 0 {
			p.errf(path, sub("pieces"), "must be a non-empty list of piece conditions")
		} else {
			for i, x := range l {
				if pc, ok := p.pieceCond(path, fmt.Sprintf("%s[%d]", sub("pieces"), i), x, cand); ok {
					f.pieces = append(f.pieces, pc)
				}
			}
		}
	}
	return cand
}

func (p *evParser) pieceCond(path, field string, v any, cand evSet) (evPieceCond, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		p.errf(path, field, "a piece condition must be an object")
		return evPieceCond{}, false
	}
	for _, k := range slices.Sorted(evMapKeys(obj)) {
		if !slices.Contains([]string{"faction", "piece", "state", "min", "max"}, k) {
			p.errf(path, field, "unknown piece-condition key %q", k)
		}
	}
	fv, ok := obj["faction"]
	if !ok {
		p.errf(path, field, "a piece condition needs a faction")
		return evPieceCond{}, false
	}
	ws, _ := p.factions(path, field+".faction", fv, true, false)
	var pv any = "any"
	if x, ok := obj["piece"]; ok {
		pv = x
	}
	ts, _ := p.pieceTypes(path, field+".piece", pv, true, true)
	prs := p.pairs(path, field, evWhoFactions(ws), ts)
	state := ""
	if x, ok := obj["state"]; ok {
		state, _ = x.(string)
		if state != "active" && state != "underground" {
			p.errf(path, field+".state", "%s is not a state (active, underground)", evShow(x))
			state = ""
		}
	}
	pc := evPieceCond{kinds: evKindsOf(prs, state), min: 1, max: -1}
	if x, ok := obj["max"]; ok {
		n, ok := evInt(x)
		if !ok || n < 0 {
			p.errf(path, field+".max", "must be an integer of 0 or more, got %s", evShow(x))
		}
		pc.max, pc.min = n, 0
	}
	if x, ok := obj["min"]; ok {
		n, ok := evInt(x)
		if !ok || n < 0 {
			p.errf(path, field+".min", "must be an integer of 0 or more, got %s", evShow(x))
		}
		pc.min = n
	}
	if pc.max >= 0 && pc.max < pc.min {
		p.errf(path, field, "max %d is below min %d", pc.max, pc.min)
	}
	onlyBases := len(ts) > 0
	for _, t := range ts {
		if t != "base" {
			onlyBases = false
		}
	}
	if pc.min >= 1 && onlyBases && cand != 0 && p.where(cand, (*Space).IsLoC) == cand {
		p.errf(path, field, "Bases can never be on a LoC")
	}
	return pc, true
}

// resolve is the set of spaces a reference denotes now.
func (e *evEnv) resolve(r *run, ref *evRef) evSet {
	switch {
	case ref == nil:
		return 0
	case ref.isName:
		return evOne(ref.name)
	case ref.filter == nil:
		return e.lookup(ref.v)
	}
	return e.eval(r, ref.filter)
}

// eval is the set of spaces matching a filter now (deck.md §3).
func (e *evEnv) eval(r *run, f *evFilter) evSet {
	var adj, in, notIn, anyOf evSet
	for _, ref := range f.adjacentTo {
		adj |= e.resolve(r, ref)
	}
	if f.in != "" {
		in = e.lookup(f.in)
	}
	for _, n := range f.notIn {
		notIn |= e.lookup(n)
	}
	for _, sf := range f.anyOf {
		anyOf |= e.eval(r, sf)
	}
	var out evSet
	for i := range r.m.Spaces {
		id := SpaceID(i)
		if evKindMask(&r.m.Spaces[i])&f.kinds == 0 ||
			(f.hasNames && !f.names.has(id)) || f.notNames.has(id) ||
			(f.in != "" && !in.has(id)) || notIn.has(id) ||
			(len(f.anyOf) > 0 && !anyOf.has(id)) ||
			(len(f.adjacentTo) > 0 && !evAdjacentTo(r.m, id, adj)) ||
			!f.matchSpace(r, id) {
			continue
		}
		out = out.add(id)
	}
	return out
}

func evAdjacentTo(m *Map, id SpaceID, targets evSet) bool {
	for _, a := range m.Spaces[id].Adj {
		if targets.has(a) {
			return true
		}
	}
	return false
}

func evTri(t int8, v bool) bool { return t == 0 || (t == 1) == v }

// matchSpace checks the keys that read the space and its state.
func (f *evFilter) matchSpace(r *run, id SpaceID) bool {
	sp, st := &r.m.Spaces[id], &r.s.Spaces[id]
	if (f.provOnly && !sp.IsProvince()) || (f.locOnly && !sp.IsLoC()) {
		return false
	}
	if (f.rough != 0 && sp.Rough != (f.rough == 1)) || !evTri(f.coastal, sp.Coastal) ||
		(f.popMin >= 0 && sp.Pop < f.popMin) || (f.popMax >= 0 && sp.Pop > f.popMax) ||
		(f.econMin >= 0 && sp.Econ < f.econMin) || (f.river != 0 && sp.River != (f.river == 1)) {
		return false
	}
	if f.hasSupport && f.support&(1<<(st.Support+1)) == 0 {
		return false
	}
	if f.hasControl && f.control&(1<<r.s.ControlOf(r.m, id)) == 0 {
		return false
	}
	if !evTri(f.terror, st.Terror) || !evTri(f.sabotage, st.Sabotage) || (f.flooded != 0 && !evTri(f.flooded, r.s.Flooded(r.m, id))) {
		return false
	}
	for _, pc := range f.pieces {
		n := 0
		for _, k := range pc.kinds {
			n += st.Pieces.N(k)
		}
		if n < pc.min || (pc.max >= 0 && n > pc.max) {
			return false
		}
	}
	return true
}

// evNames lists the spaces of a set, for the log.
func evNames(m *Map, set evSet) string {
	var names []string
	set.each(func(id SpaceID) { names = append(names, m.Spaces[id].Name) })
	if len(names) == 0 {
		return "no space"
	}
	return strings.Join(names, ", ")
}

// evSpacesWhere is the set of spaces of from for which ok holds.
func evSpacesWhere(from evSet, ok func(SpaceID) bool) evSet {
	var out evSet
	from.each(func(id SpaceID) {
		if ok(id) {
			out = out.add(id)
		}
	})
	return out
}
