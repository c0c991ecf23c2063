package render

import (
	"fmt"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

// board is the drawing of one engine map: every space's outline or line,
// matched to the engine by name, and the Towns.
type board struct {
	w, h   float64
	land   [][]geo.Pt
	spaces []spaceGeom // indexed by engine.SpaceID
	towns  []townGeom
}

type spaceGeom struct {
	bounds geo.Rect // everything drawn for the space
	ring   []geo.Pt // Provinces and Foreign Countries
	plate  geo.Rect // name plate
	area   geo.Rect // pieces and markers
	path   []geo.Pt // LoCs
	box    geo.Rect // LoC box: Econ badge, then pieces
}

type townGeom struct {
	name  string
	at    geo.Pt
	label geo.Rect
}

// newBoard matches a geometry file to the engine's map. Every space and Town
// of the map must be drawn, and nothing else.
func newBoard(f *geo.File, m *engine.Map) (*board, error) {
	b := &board{w: f.Width, h: f.Height, spaces: make([]spaceGeom, len(m.Spaces))}
	for _, r := range f.Background {
		b.land = append(b.land, f.Points(r.Ring))
	}
	seen := make([]bool, len(m.Spaces))
	for _, s := range f.Spaces {
		id, ok := m.ID(s.Name)
		if !ok {
			return nil, fmt.Errorf("geometry draws %q, which is not on the map", s.Name)
		}
		if seen[id] {
			return nil, fmt.Errorf("geometry draws %s twice", s.Name)
		}
		seen[id] = true
		sp := &m.Spaces[id]
		g := &b.spaces[id]
		switch {
		case sp.IsLoC() && s.Path != nil && s.Box != nil:
			g.path, g.box = s.Path, *s.Box
			g.bounds = geo.Union(geo.Bounds(g.path), g.box)
		case !sp.IsLoC() && s.Ring != nil && s.Label != nil && s.Area != nil:
			g.ring, g.plate, g.area = f.Points(s.Ring), *s.Label, *s.Area
			g.bounds = geo.Bounds(g.ring)
		default:
			return nil, fmt.Errorf("geometry of %s does not fit a %s", s.Name, sp.Kind)
		}
	}
	for id, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("geometry does not draw %s", m.Spaces[id].Name)
		}
	}
	byName := map[string]geo.Town{}
	for _, t := range f.Towns {
		byName[t.Name] = t
	}
	for _, t := range m.Towns {
		gt, ok := byName[t.Name]
		if !ok {
			return nil, fmt.Errorf("geometry does not place Town %s", t.Name)
		}
		b.towns = append(b.towns, townGeom{name: t.Name, at: gt.At, label: gt.Label})
	}
	if len(f.Towns) != len(m.Towns) {
		return nil, fmt.Errorf("geometry places %d Towns, the map has %d", len(f.Towns), len(m.Towns))
	}
	return b, nil
}
