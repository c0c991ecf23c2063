package geo

import (
	"encoding/json"
	"fmt"
)

// Format names the layout of assets/geometry.json.
const Format = "chinaswar-geometry/1"

// File is assets/geometry.json: the drawing of the reconstructed map. Space
// outlines are rings of indices into one shared vertex list, so two spaces
// that share a border share exactly the same vertices.
type File struct {
	Format   string       `json:"format"`
	Notice   string       `json:"notice"`
	Width    float64      `json:"width"`
	Height   float64      `json:"height"`
	Vertices [][2]float64 `json:"vertices"`
	// Background outlines of "land" outside the game; the sea is everything
	// not covered by land or a space.
	Background []Region `json:"background"`
	Spaces     []Space  `json:"spaces"`
	Towns      []Town   `json:"towns"`
}

// Region is a filled outline that is not a space.
type Region struct {
	Kind string `json:"kind"`
	Ring []int  `json:"ring"`
}

// Space is the drawing of one map space, matched to the engine by name.
// Provinces and Foreign Countries have Ring, Label and Area; LoCs have Path
// and Box.
type Space struct {
	Name string `json:"name"`
	Ring []int  `json:"ring,omitempty"`
	// Label is the name plate at the top of the space; Area, below it, is
	// where pieces and markers go. Both lie inside Ring.
	Label *Rect `json:"label,omitempty"`
	Area  *Rect `json:"area,omitempty"`
	// Path runs from the LoC's first Town to its second; Box holds the Econ
	// badge and the LoC's pieces.
	Path []Pt  `json:"path,omitempty"`
	Box  *Rect `json:"box,omitempty"`
}

// Town is a Town dot and its name label.
type Town struct {
	Name  string `json:"name"`
	At    Pt     `json:"at"`
	Label Rect   `json:"label"`
}

// Parse reads a geometry file and checks that its indices are in range.
func Parse(data []byte) (*File, error) {
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("geometry: %w", err)
	}
	if f.Format != Format {
		return nil, fmt.Errorf("geometry: format %q, want %q", f.Format, Format)
	}
	check := func(what string, ring []int) error {
		if len(ring) < 3 {
			return fmt.Errorf("geometry: %s: ring has %d vertices", what, len(ring))
		}
		for _, i := range ring {
			if i < 0 || i >= len(f.Vertices) {
				return fmt.Errorf("geometry: %s: vertex %d out of range", what, i)
			}
		}
		return nil
	}
	for _, r := range f.Background {
		if err := check("background "+r.Kind, r.Ring); err != nil {
			return nil, err
		}
	}
	for _, s := range f.Spaces {
		switch {
		case s.Ring != nil:
			if err := check(s.Name, s.Ring); err != nil {
				return nil, err
			}
			if s.Label == nil || s.Area == nil {
				return nil, fmt.Errorf("geometry: %s: outline without label or area", s.Name)
			}
		case len(s.Path) >= 2:
			if s.Box == nil {
				return nil, fmt.Errorf("geometry: %s: path without box", s.Name)
			}
		default:
			return nil, fmt.Errorf("geometry: %s: neither outline nor path", s.Name)
		}
	}
	return &f, nil
}

// Points resolves a ring of vertex indices.
func (f *File) Points(ring []int) []Pt {
	pts := make([]Pt, len(ring))
	for i, v := range ring {
		pts[i] = Pt{f.Vertices[v][0], f.Vertices[v][1]}
	}
	return pts
}

// Sizes shared by the generator, which reserves room, and the renderer,
// which fills it.
const (
	TownRadius  = 5.5 // Town dot
	LabelHeight = 22  // Province name plate
	LoCBoxW     = 80  // LoC box: Econ badge on the left, pieces on the right
	LoCBoxH     = 34
)
