package league

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/chinaswar/chinaswar/commands/league/openskill"
	"github.com/chinaswar/chinaswar/engine"
)

// Standing is one member's line in a season's table.
type Standing struct {
	Place  int    `json:"place"`
	Player string `json:"player"`
	Games  int    `json:"games"` // rated games
	Wins   int    `json:"wins"`
	Points int    `json:"points"`
	// Unrated counts the member's abandoned and not-distinct games, listed
	// but not counted.
	Unrated int `json:"unrated"`
	// Rating is the member's rating after the season's last result.
	Rating openskill.Rating `json:"rating"`
	// Factions counts the rated games played with each faction.
	Factions [engine.NumFactions]int `json:"factions"`
}

// Display is the rating shown in tables: the ordinal μ − 3σ.
func (s Standing) Display() float64 { return s.Rating.Ordinal() }

// Standings is season's table (0: every season together), best first: by
// points, then displayed rating, then wins, then member id so the order is
// total. Every member seated in the season has a line, unrated games only or
// not.
func (b *Book) Standings(season int) []Standing {
	last := b.lastOf(season)
	rows := map[string]*Standing{}
	row := func(p string) *Standing {
		if rows[p] == nil {
			rows[p] = &Standing{Player: p}
		}
		return rows[p]
	}
	latest := map[string]openskill.Rating{}
	for _, e := range b.entries[:last+1] {
		for _, c := range e.Changes {
			latest[c.Player] = c.After
		}
		if season != 0 && e.Result.Season != season {
			continue
		}
		if e.Status != Rated {
			for _, p := range e.Result.players() {
				row(p).Unrated++
			}
			continue
		}
		n := len(e.Result.Seats)
		for _, s := range e.Result.Seats {
			st := row(s.Player)
			st.Games++
			st.Points += Points(n, s.Place)
			if s.Place == 1 {
				st.Wins++
			}
			for _, f := range s.Factions {
				st.Factions[f]++
			}
		}
	}
	out := make([]Standing, 0, len(rows))
	for p, st := range rows {
		st.Rating = b.ratings.Model.New()
		if r, ok := latest[p]; ok {
			st.Rating = r
		}
		out = append(out, *st)
	}
	slices.SortFunc(out, func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Display(), a.Display()); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
	for i := range out {
		out[i].Place = i + 1
	}
	return out
}

// FormatStandings writes a table as monospaced text (for a code block):
// names left-aligned, numbers right-aligned, the rating to one decimal.
// name turns a member id into what to show; nil shows the ids.
func FormatStandings(rows []Standing, name func(player string) string) string {
	if name == nil {
		name = func(p string) string { return p }
	}
	cells := [][]string{{"#", "Player", "Games", "Wins", "Pts", "Rating", "Unrated"}}
	for _, r := range rows {
		cells = append(cells, []string{strconv.Itoa(r.Place), name(r.Player), strconv.Itoa(r.Games), strconv.Itoa(r.Wins),
			strconv.Itoa(r.Points), strconv.FormatFloat(r.Display(), 'f', 1, 64), strconv.Itoa(r.Unrated)})
	}
	return FormatTable(cells, 1) // the name column is left-aligned
}

// FormatTable lays cells out in monospaced columns two spaces apart: the
// columns listed in left are left-aligned, the others right-aligned.
func FormatTable(cells [][]string, left ...int) string {
	if len(cells) == 0 {
		return ""
	}
	width := make([]int, len(cells[0]))
	for _, line := range cells {
		for i, c := range line {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	for _, line := range cells {
		for i, c := range line {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if slices.Contains(left, i) {
				b.WriteString(c + pad)
			} else {
				b.WriteString(pad + c)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
