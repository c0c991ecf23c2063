package engine

import (
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

func names(m *Map, ids []SpaceID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = m.Spaces[id].Name
	}
	sort.Strings(out)
	return out
}

// TestMapClues checks every clue the rulebook gives about the map
// (map-research.md §2).
func TestMapClues(t *testing.T) {
	m := DefaultMap()
	zj := m.MustID("Zhejiang")
	// 1.3.6 example, taken as the complete list.
	want := []string{"Fujian", "Fuzhou-Nanping", "Hangzhou-Nanchang", "Jiangxi", "Nanchang-Changsha", "Nanjing-Hangzhou", "Shanghai", "Wannan"}
	if got := names(m, m.Spaces[zj].Adj); !slices.Equal(got, want) {
		t.Errorf("Zhejiang adjacency = %v, want %v", got, want)
	}
	for _, pair := range [][2]string{{"Guizhou", "Wuhan-Yichang"}, {"Shaanxi", "Sichuan"}, {"Shaanxi", "Shanxi"}} {
		if !m.Adjacent(m.MustID(pair[0]), m.MustID(pair[1])) {
			t.Errorf("%s should be adjacent to %s (3.2.3, 3.3.2 examples)", pair[0], pair[1])
		}
	}
	if !m.Spaces[m.MustID("Hubei")].Rough {
		t.Error("Hubei should be Rough (3.2.5 example B)")
	}
	for _, n := range []string{"Hebei", "Wannan", "Hunan"} {
		if !m.Spaces[m.MustID(n)].Coastal {
			t.Errorf("%s should be Coastal (1.3.2 play note)", n)
		}
	}
	if got := m.EconTotal(); got != 29 {
		t.Errorf("Econ total = %d, want 29 (6.2)", got)
	}
	var provinces, locs int
	for _, s := range m.Spaces {
		switch s.Kind {
		case Province:
			provinces++
		case LoC:
			locs++
		}
	}
	if provinces != 22 || locs != 27 || len(m.Towns) != 26 {
		t.Errorf("map has %d Provinces, %d LoCs, %d Towns; want 22, 27, 26", provinces, locs, len(m.Towns))
	}
}

// TestMapCoastalViaTown checks that the Provinces coastal only through a
// Town are exactly the three the play note names.
func TestMapCoastalViaTown(t *testing.T) {
	m := DefaultMap()
	var via []string
	for _, s := range m.Spaces {
		if !s.IsProvince() || !s.Coastal {
			continue
		}
		direct := map[string]bool{"Shandong": true, "Jiangsu": true, "Shanghai": true, "Zhejiang": true, "Fujian": true, "Guangdong": true}
		if direct[s.Name] {
			continue
		}
		touchesCoastalTown := false
		for _, tn := range s.Towns {
			for _, town := range m.Towns {
				if town.Name == tn && town.Coastal {
					touchesCoastalTown = true
				}
			}
		}
		if !touchesCoastalTown {
			t.Errorf("%s is Coastal but touches no coastal Town", s.Name)
		}
		via = append(via, s.Name)
	}
	sort.Strings(via)
	if want := []string{"Hebei", "Hunan", "Wannan"}; !slices.Equal(via, want) {
		t.Errorf("coastal via a Town = %v, want %v", via, want)
	}
}

// TestMapConnected checks that every space that can hold pieces is reachable.
func TestMapConnected(t *testing.T) {
	m := DefaultMap()
	seen := map[SpaceID]bool{0: true}
	queue := []SpaceID{0}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, a := range m.Spaces[id].Adj {
			if !seen[a] && m.Spaces[a].Enterable {
				seen[a] = true
				queue = append(queue, a)
			}
		}
	}
	for _, s := range m.Spaces {
		if s.Enterable && !seen[s.ID] {
			t.Errorf("%s is not connected", s.Name)
		}
	}
	if len(seen) != 50 {
		t.Errorf("reached %d spaces, want 50", len(seen))
	}
}

// TestMapAdjacencyMatchesResearch checks the computed adjacency against the
// table in map-proposed.json, the research that the map was built from.
func TestMapAdjacencyMatchesResearch(t *testing.T) {
	data, err := os.ReadFile("testdata/map-proposed.json")
	if err != nil {
		t.Fatal(err)
	}
	var research struct {
		Adjacency map[string][]string `json:"adjacency"`
	}
	if err := json.Unmarshal(data, &research); err != nil {
		t.Fatal(err)
	}
	m := DefaultMap()
	for _, s := range m.Spaces {
		want := append([]string(nil), research.Adjacency[s.Name]...)
		sort.Strings(want)
		if got := names(m, s.Adj); !slices.Equal(got, want) {
			t.Errorf("%s: adjacency %v, research says %v", s.Name, got, want)
		}
	}
}

func TestLookup(t *testing.T) {
	m := DefaultMap()
	for _, tc := range []struct {
		typed, want string
		ok          bool
	}{
		{"heb", "Hebei", true},
		{"HEBEI", "Hebei", true},
		{"Wuhan-Y", "Wuhan-Yichang", true},
		{"wuhan yichang", "Wuhan-Yichang", true},
		{"manch", "Manchukuo", true},
		{"xian", "", false}, // no space starts with it
		{"h", "", false},    // ambiguous
		{"Shan", "", false}, // Shandong, Shanxi, Shaanxi?, Shanghai
		{"Shanxi", "Shanxi", true},
		{"", "", false},
	} {
		id, err := m.Lookup(tc.typed)
		if (err == nil) != tc.ok {
			t.Errorf("Lookup(%q) error = %v, want ok=%v", tc.typed, err, tc.ok)
			continue
		}
		if tc.ok && m.Spaces[id].Name != tc.want {
			t.Errorf("Lookup(%q) = %s, want %s", tc.typed, m.Spaces[id].Name, tc.want)
		}
	}
}

// TestID: ID finds every space by its exact name and nothing by any other
// string, however close.
func TestID(t *testing.T) {
	m := DefaultMap()
	for i, sp := range m.Spaces {
		if id, ok := m.ID(sp.Name); !ok || id != SpaceID(i) {
			t.Errorf("ID(%q) = %d, %v; want %d", sp.Name, id, ok, i)
		}
		n := sp.Name
		for _, miss := range []string{n[:len(n)-1], n + " ", strings.ToLower(n), "space:" + n, n[1:]} {
			if want, ok := m.byName[miss]; ok {
				if id, _ := m.ID(miss); id != want {
					t.Errorf("ID(%q) = %d, want %d", miss, id, want)
				}
				continue
			}
			if id, ok := m.ID(miss); ok {
				t.Errorf("ID(%q) = %s, want no space", miss, m.Spaces[id].Name)
			}
		}
	}
	for _, miss := range []string{"", "Nowhere", "space:"} {
		if id, ok := m.ID(miss); ok {
			t.Errorf("ID(%q) = %s, want no space", miss, m.Spaces[id].Name)
		}
	}
}

func TestParseMapErrors(t *testing.T) {
	for name, data := range map[string]string{
		"not json":     `{`,
		"bad format":   `{"format":"x"}`,
		"bad pop":      `{"format":"chinaswar-map/1","provinces":[{"name":"A","pop":7,"terrain":"Rough"}]}`,
		"bad terrain":  `{"format":"chinaswar-map/1","provinces":[{"name":"A","pop":1,"terrain":"Swamp"}]}`,
		"unknown adj":  `{"format":"chinaswar-map/1","provinces":[{"name":"A","pop":1,"terrain":"Rough","adjacent_provinces":["B"]}]}`,
		"duplicate":    `{"format":"chinaswar-map/1","provinces":[{"name":"A","pop":1,"terrain":"Rough"},{"name":"A","pop":1,"terrain":"Rough"}]}`,
		"loc bad ends": `{"format":"chinaswar-map/1","locs":[{"name":"L","type":"River","econ":1,"ends":["X"]}]}`,
		"loc bad town": `{"format":"chinaswar-map/1","locs":[{"name":"L","type":"River","econ":1,"ends":["X","Y"]}]}`,
	} {
		if _, err := ParseMap([]byte(data)); err == nil {
			t.Errorf("%s: ParseMap accepted a broken map", name)
		}
	}
}
