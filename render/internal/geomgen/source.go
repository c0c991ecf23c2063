package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// source is the parsed map.txt.
type source struct {
	cell  float64
	keys  map[byte]string // grid letter -> space name, "sea" or "land"
	grid  []string
	towns map[string][2]int // Town -> grid corner
	order []string          // Towns in file order
	vias  map[string][][2]int
}

func parseSource(data []byte) (*source, error) {
	s := &source{keys: map[byte]string{}, towns: map[string][2]int{}, vias: map[string][][2]int{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	inGrid := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if inGrid {
			if line == "end" {
				inGrid = false
				continue
			}
			if len(s.grid) > 0 && len(line) != len(s.grid[0]) {
				return nil, fmt.Errorf("map.txt:%d: grid row has %d cells, want %d", n, len(line), len(s.grid[0]))
			}
			for i := 0; i < len(line); i++ {
				if _, ok := s.keys[line[i]]; !ok {
					return nil, fmt.Errorf("map.txt:%d: unknown key %q", n, line[i])
				}
			}
			s.grid = append(s.grid, line)
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch {
		case f[0] == "cell" && len(f) == 2:
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return nil, fmt.Errorf("map.txt:%d: %w", n, err)
			}
			s.cell = v
		case f[0] == "key" && len(f) >= 3 && len(f[1]) == 1:
			s.keys[f[1][0]] = strings.Join(f[2:], " ")
		case f[0] == "grid":
			inGrid = true
		case (f[0] == "town" || f[0] == "via") && len(f) == 4:
			x, err1 := strconv.Atoi(f[2])
			y, err2 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("map.txt:%d: bad corner %s %s", n, f[2], f[3])
			}
			if f[0] == "town" {
				s.towns[f[1]] = [2]int{x, y}
				s.order = append(s.order, f[1])
			} else {
				s.vias[f[1]] = append(s.vias[f[1]], [2]int{x, y})
			}
		default:
			return nil, fmt.Errorf("map.txt:%d: cannot read %q", n, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if s.cell <= 0 || len(s.grid) == 0 {
		return nil, fmt.Errorf("map.txt: no cell size or no grid")
	}
	return s, nil
}

// label is the name of the area at grid cell (x, y); outside the grid it is
// "", the frame.
func (s *source) label(x, y int) string {
	if y < 0 || y >= len(s.grid) || x < 0 || x >= len(s.grid[0]) {
		return ""
	}
	return s.keys[s.grid[y][x]]
}
