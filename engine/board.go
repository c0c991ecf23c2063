package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/chinaswar/chinaswar/assets"
)

// SpaceID indexes a space on the map. IDs follow the map file's order:
// Provinces, then Foreign Countries, then LoCs.
type SpaceID int

// SpaceKind distinguishes the three kinds of space (1.3.1).
type SpaceKind uint8

const (
	Province SpaceKind = iota
	LoC
	Foreign
)

func (k SpaceKind) String() string {
	return [...]string{"Province", "LoC", "Foreign Country"}[k]
}

// Space is the static description of one map space.
type Space struct {
	ID      SpaceID
	Name    string
	Kind    SpaceKind
	Pop     int  // Provinces only (1.3.2)
	Rough   bool // Provinces only (1.3.2)
	Coastal bool // touched by the sea, even only at a Town (1.3.2)
	Econ    int  // LoCs only (1.3.3)
	River   bool // LoCs only: River rather than Railroad
	// Enterable is false for French Indochina, which is out of play (1.3.5).
	Enterable bool
	// JPNOnly marks Manchukuo: only JPN forces may be there (1.3.5).
	JPNOnly bool
	Towns   []string  // Towns the space touches (a LoC: its two ends)
	Adj     []SpaceID // adjacent spaces (1.3.6), ascending
}

// IsProvince reports whether the space is one of the 22 Chinese Provinces.
func (s *Space) IsProvince() bool { return s.Kind == Province }

// IsLoC reports whether the space is a Line of Communication.
func (s *Space) IsLoC() bool { return s.Kind == LoC }

// Town is a named dot ending LoCs (1.3.4). Towns are not spaces.
type Town struct {
	Name    string
	Coastal bool
	Touches []SpaceID // Provinces and Foreign Countries touching the Town, and the LoCs ending at it
}

// Map is the whole board: spaces, Towns and the derived adjacency.
type Map struct {
	Notice  string
	Spaces  []Space
	Towns   []Town
	byName  map[string]SpaceID
	normals []string    // normalised names, by ID
	choices []string    // "space:NAME", the answer naming each space, by ID
	locs    [][]SpaceID // the LoCs adjacent to each space, by ID
	adj     [][]bool
	// names finds a space by its name (indexNames), for ID: a recorded
	// answer naming a space is read on every replay.
	names []int16
}

type mapFile struct {
	Format    string `json:"format"`
	Notice    string `json:"notice"`
	Provinces []struct {
		Name           string   `json:"name"`
		Pop            int      `json:"pop"`
		Terrain        string   `json:"terrain"`
		Coastal        bool     `json:"coastal"`
		CoastalViaTown []string `json:"coastal_via_town"`
		Adjacent       []string `json:"adjacent_provinces"`
	} `json:"provinces"`
	Foreign []struct {
		Name      string   `json:"name"`
		Coastal   bool     `json:"coastal"`
		Enterable bool     `json:"enterable"`
		Adjacent  []string `json:"adjacent_provinces"`
	} `json:"foreign"`
	Towns []struct {
		Name    string   `json:"name"`
		Coastal bool     `json:"coastal"`
		Touches []string `json:"touches"`
	} `json:"towns"`
	LoCs []struct {
		Name    string   `json:"name"`
		Type    string   `json:"type"`
		Econ    int      `json:"econ"`
		Ends    []string `json:"ends"`
		Borders []string `json:"borders"`
	} `json:"locs"`
}

// ParseMap reads and validates a map file and computes adjacency by the rule
// of map-research.md §4.5: listed Province pairs, a LoC and the Provinces it
// borders, and any two spaces touching the same Town (1.3.6).
func ParseMap(data []byte) (*Map, error) {
	var f mapFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("map: %w", err)
	}
	if f.Format != "chinaswar-map/1" {
		return nil, fmt.Errorf("map: format %q, want chinaswar-map/1", f.Format)
	}
	m := &Map{Notice: f.Notice, byName: map[string]SpaceID{}}
	add := func(s Space) error {
		if s.Name == "" {
			return fmt.Errorf("map: a space has no name")
		}
		if _, dup := m.byName[s.Name]; dup {
			return fmt.Errorf("map: space %q listed twice", s.Name)
		}
		s.ID = SpaceID(len(m.Spaces))
		m.byName[s.Name] = s.ID
		m.Spaces = append(m.Spaces, s)
		return nil
	}
	for _, p := range f.Provinces {
		if p.Pop < 0 || p.Pop > 3 {
			return nil, fmt.Errorf("map: %s: pop %d not in 0..3", p.Name, p.Pop)
		}
		if p.Terrain != "Rough" && p.Terrain != "Plains" {
			return nil, fmt.Errorf("map: %s: terrain %q, want Rough or Plains", p.Name, p.Terrain)
		}
		if err := add(Space{Name: p.Name, Kind: Province, Pop: p.Pop, Rough: p.Terrain == "Rough", Coastal: p.Coastal, Enterable: true}); err != nil {
			return nil, err
		}
	}
	for _, c := range f.Foreign {
		if err := add(Space{Name: c.Name, Kind: Foreign, Coastal: c.Coastal, Enterable: c.Enterable, JPNOnly: c.Enterable}); err != nil {
			return nil, err
		}
	}
	for _, l := range f.LoCs {
		if l.Type != "Railroad" && l.Type != "River" {
			return nil, fmt.Errorf("map: %s: type %q, want Railroad or River", l.Name, l.Type)
		}
		if l.Econ < 0 || l.Econ > 3 {
			return nil, fmt.Errorf("map: %s: econ %d not in 0..3", l.Name, l.Econ)
		}
		if len(l.Ends) != 2 {
			return nil, fmt.Errorf("map: %s: %d ends, want 2", l.Name, len(l.Ends))
		}
		if err := add(Space{Name: l.Name, Kind: LoC, Econ: l.Econ, River: l.Type == "River", Enterable: true, Towns: slices.Clone(l.Ends)}); err != nil {
			return nil, err
		}
	}
	n := len(m.Spaces)
	m.adj = make([][]bool, n)
	for i := range m.adj {
		m.adj[i] = make([]bool, n)
	}
	link := func(a, b SpaceID) {
		if a != b {
			m.adj[a][b], m.adj[b][a] = true, true
		}
	}
	lookup := func(ctx, name string) (SpaceID, error) {
		id, ok := m.byName[name]
		if !ok {
			return 0, fmt.Errorf("map: %s names unknown space %q", ctx, name)
		}
		return id, nil
	}
	for _, p := range f.Provinces {
		for _, a := range p.Adjacent {
			b, err := lookup(p.Name, a)
			if err != nil {
				return nil, err
			}
			link(m.byName[p.Name], b)
		}
	}
	for _, c := range f.Foreign {
		for _, a := range c.Adjacent {
			b, err := lookup(c.Name, a)
			if err != nil {
				return nil, err
			}
			link(m.byName[c.Name], b)
		}
	}
	for _, l := range f.LoCs {
		for _, a := range l.Borders {
			b, err := lookup(l.Name, a)
			if err != nil {
				return nil, err
			}
			if m.Spaces[b].Kind == LoC {
				return nil, fmt.Errorf("map: LoC %s borders LoC %s", l.Name, a)
			}
			link(m.byName[l.Name], b)
		}
	}
	townIdx := map[string]int{}
	for _, t := range f.Towns {
		if _, dup := townIdx[t.Name]; dup {
			return nil, fmt.Errorf("map: town %q listed twice", t.Name)
		}
		town := Town{Name: t.Name, Coastal: t.Coastal}
		for _, name := range t.Touches {
			id, err := lookup("town "+t.Name, name)
			if err != nil {
				return nil, err
			}
			if m.Spaces[id].Kind == LoC {
				return nil, fmt.Errorf("map: town %s lists LoC %s among touching provinces", t.Name, name)
			}
			town.Touches = append(town.Touches, id)
			m.Spaces[id].Towns = append(m.Spaces[id].Towns, t.Name)
		}
		townIdx[t.Name] = len(m.Towns)
		m.Towns = append(m.Towns, town)
	}
	for _, l := range f.LoCs {
		for _, end := range l.Ends {
			i, ok := townIdx[end]
			if !ok {
				return nil, fmt.Errorf("map: LoC %s ends at unknown town %q", l.Name, end)
			}
			m.Towns[i].Touches = append(m.Towns[i].Touches, m.byName[l.Name])
		}
	}
	for i := range m.Towns {
		t := &m.Towns[i]
		sort.Slice(t.Touches, func(a, b int) bool { return t.Touches[a] < t.Touches[b] })
		for _, a := range t.Touches {
			for _, b := range t.Touches {
				link(a, b)
			}
		}
	}
	m.index()
	return m, nil
}

// index derives, once the spaces and their adjacency are known, the lists
// the engine reads on every replay: each space's adjacent spaces and
// bordering LoCs, its normalised name and the answer that names it.
func (m *Map) index() {
	n := len(m.Spaces)
	m.normals = make([]string, n)
	m.choices = make([]string, n)
	m.locs = make([][]SpaceID, n)
	for i := range m.Spaces {
		m.choices[i] = "space:" + m.Spaces[i].Name
		for j := range m.Spaces {
			if m.adj[i][j] {
				m.Spaces[i].Adj = append(m.Spaces[i].Adj, SpaceID(j))
				if m.Spaces[j].IsLoC() {
					m.locs[i] = append(m.locs[i], SpaceID(j))
				}
			}
		}
		m.normals[i] = normalise(m.Spaces[i].Name)
	}
	m.indexNames()
}

// indexNames builds names: an open-addressed table of the spaces, at
// least four slots to a space, each holding a space's ID plus one (0 for
// an empty slot), placed by nameSlot and the slots after it. The names
// are few and fixed, so a cheap mix of a few of a name's bytes finds them
// in about one comparison, where a map with string keys hashes the whole
// name.
func (m *Map) indexNames() {
	size := 64
	for size < 4*len(m.Spaces) {
		size *= 2
	}
	m.names = make([]int16, size)
	for i := range m.Spaces {
		j := nameSlot(m.Spaces[i].Name, size)
		for m.names[j] != 0 {
			j = (j + 1) & (size - 1)
		}
		m.names[j] = int16(i + 1)
	}
}

// nameSlot is the first slot of a table of size slots (a power of two)
// to look for name in.
func nameSlot(name string, size int) int {
	n := len(name)
	h := uint32(n) * 0x9e3779b1
	if n > 0 {
		h ^= uint32(name[0])*0x85ebca6b ^ uint32(name[n-1])*0xc2b2ae35 ^ uint32(name[n/2])*0x27d4eb2f
	}
	h ^= h >> 15
	return int(h) & (size - 1)
}

var (
	defaultMap     *Map
	defaultMapErr  error
	defaultMapOnce sync.Once
)

// DefaultMap is the embedded reconstructed map. It panics only if the
// embedded file is broken, which the tests rule out.
func DefaultMap() *Map {
	defaultMapOnce.Do(func() { defaultMap, defaultMapErr = ParseMap(assets.MapJSON) })
	if defaultMapErr != nil {
		panic(defaultMapErr)
	}
	return defaultMap
}

// Adjacent reports whether two spaces are adjacent (1.3.6).
func (m *Map) Adjacent(a, b SpaceID) bool { return m.adj[a][b] }

// choice is the answer that names space id in a question: "space:Hebei".
// It is built once per map, so listing spaces as choices allocates nothing.
func (m *Map) choice(id SpaceID) string { return m.choices[id] }

// Space returns the space with the given ID.
func (m *Map) Space(id SpaceID) *Space { return &m.Spaces[id] }

// ID returns the ID of the space with exactly this name.
func (m *Map) ID(name string) (SpaceID, bool) {
	size := len(m.names)
	for j := nameSlot(name, size); m.names[j] != 0; j = (j + 1) & (size - 1) {
		if id := SpaceID(m.names[j] - 1); m.Spaces[id].Name == name {
			return id, true
		}
	}
	return 0, false
}

// MustID is ID for names the program itself spells, such as scenario data.
func (m *Map) MustID(name string) SpaceID {
	id, ok := m.byName[name]
	if !ok {
		panic("engine: no space named " + name)
	}
	return id
}

// EconTotal sums the Econ of every LoC (29 on the reconstructed map, 6.2).
func (m *Map) EconTotal() int {
	n := 0
	for i := range m.Spaces {
		n += m.Spaces[i].Econ
	}
	return n
}

// normalise folds case and drops everything but letters and digits, so that
// "wuhan yichang", "Wuhan-Yichang" and "WUHAN-YICHANG" compare equal.
func normalise(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Lookup finds a space by name as a person types it: case-insensitively,
// ignoring spaces and punctuation, exactly or by an unambiguous prefix.
func (m *Map) Lookup(typed string) (SpaceID, error) {
	ids := m.Match(typed)
	switch len(ids) {
	case 1:
		return ids[0], nil
	case 0:
		return 0, fmt.Errorf("no space matches %q", typed)
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = m.Spaces[id].Name
	}
	return 0, fmt.Errorf("%q is ambiguous: %s", typed, strings.Join(names, ", "))
}

// Match returns the spaces a typed name could mean: the exact match if there
// is one, otherwise every space whose name starts with it.
func (m *Map) Match(typed string) []SpaceID {
	t := normalise(typed)
	if t == "" {
		return nil
	}
	var out []SpaceID
	for i, n := range m.normals {
		if n == t {
			return []SpaceID{SpaceID(i)}
		}
		if strings.HasPrefix(n, t) {
			out = append(out, SpaceID(i))
		}
	}
	return out
}
