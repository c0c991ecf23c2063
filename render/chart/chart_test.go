package chart

import (
	"flag"
	"image"
	"image/color"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

var writeSamples = flag.Bool("samples", false, "write docs/sample-standings.png and docs/sample-margins.png")

// sampleGame is a plausible 1937 game: 40 cards with Propaganda Rounds
// (cards 49 to 52) every ten or so, margins drifting from the setup's.
func sampleGame() MarginChart {
	rng := rand.New(rand.NewPCG(37, 41))
	m := [engine.NumFactions]int{engine.JPN: -14, engine.NAT: -9, engine.WLD: -5, engine.CPC: -12}
	drift := [engine.NumFactions]int{engine.JPN: 2, engine.NAT: 0, engine.WLD: 1, engine.CPC: 1}
	deck := rng.Perm(48)
	var steps []MarginStep
	prop := 49
	for i := range 40 {
		s := MarginStep{Card: deck[i] + 1}
		if i%10 == 9 {
			s = MarginStep{Card: prop, Propaganda: true}
			prop++
		}
		for f := range m {
			m[f] += rng.IntN(5) - 2 + rng.IntN(3)*drift[f]/2
		}
		s.Margins = m
		steps = append(steps, s)
	}
	return MarginChart{Title: "Game 12 · 1937 scenario · #china-war-2", Steps: steps}
}

func sampleTable() Table {
	rows := []StandingRow{
		{Name: "Zhang Wei", Games: 6, Wins: 3, Points: 17, Rating: 9.4, Factions: [4]int{2, 1, 1, 2}},
		{Name: "Ann Lindqvist", Games: 6, Wins: 2, Points: 14, Rating: 7.1, Unrated: 1, Factions: [4]int{0, 3, 2, 1}},
		{Name: "Bob the Builder of Very Long Names", Games: 5, Wins: 1, Points: 9, Rating: 4.8, Factions: [4]int{3, 0, 1, 1}},
		{Name: "Chiara", Games: 6, Wins: 0, Points: 8, Rating: 3.2, Factions: [4]int{1, 2, 1, 2}},
		{Name: "Dmitri", Games: 4, Wins: 0, Points: 3, Rating: -1.6, Unrated: 2, Factions: [4]int{0, 0, 3, 1}},
		{Name: "Eve 🐉", Games: 3, Wins: 0, Points: 1, Rating: -4.3, Factions: [4]int{1, 1, 0, 1}},
	}
	for i := range rows {
		rows[i].Place = i + 1
	}
	return Table{Title: "Spring League · Season 2", Subtitle: "Points: 4 for a win, 2 second, 1 third (4 seats). Rating: μ − 3σ, faction-aware.", Rows: rows}
}

func sampleRating() RatingChart {
	// A member who starts unknown, loses a little, then wins steadily.
	mu, sigma := 25.0, 25.0/3
	var pts []RatingPoint
	moves := []float64{1.8, -1.2, 2.6, 0.4, -0.8, 2.1, 1.5, -0.3, 1.9, 0.7, 1.1, -1.4, 2.2, 0.5}
	for i, d := range moves {
		mu += d
		sigma *= 0.955
		pts = append(pts, RatingPoint{Ended: time.Date(2026, 1, 10+9*i, 20, 0, 0, 0, time.UTC), Mu: mu, Sigma: sigma})
	}
	return RatingChart{Title: "Ann Lindqvist · Spring League", Points: pts}
}

// count counts pixels within a few levels of c.
func count(img image.Image, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r>>8, c.R) && near(g>>8, c.G) && near(bl>>8, c.B) {
				n++
			}
		}
	}
	return n
}

func near(a uint32, b uint8) bool { return int(a)-int(b) <= 3 && int(b)-int(a) <= 3 }

func TestCharts(t *testing.T) {
	tests := []struct {
		name   string
		render func() (image.Image, error)
		w, h   int
		colors []color.RGBA // must be visible
	}{
		{"margins", func() (image.Image, error) { return Margins(sampleGame()) }, marginW, marginH,
			[]color.RGBA{factionColor[engine.JPN], factionColor[engine.NAT], factionColor[engine.WLD], factionColor[engine.CPC], bandFill}},
		{"one card", func() (image.Image, error) {
			return Margins(MarginChart{Title: "Short", Steps: []MarginStep{{Card: 1, Margins: [4]int{1, 2, 3, 4}}}})
		}, marginW, marginH, []color.RGBA{factionColor[engine.CPC]}},
		{"rating", func() (image.Image, error) { return Rating(sampleRating()) }, ratingW, ratingH, []color.RGBA{lineColor}},
		{"standings", func() (image.Image, error) { return Standings(sampleTable()) }, tableW, tTop + tHead + 6*tRow + tBottom,
			[]color.RGBA{factionColor[engine.JPN], factionColor[engine.NAT], factionColor[engine.WLD], factionColor[engine.CPC], medals[0]}},
		{"empty standings", func() (image.Image, error) { return Standings(Table{Title: "New league"}) }, tableW, tTop + tHead + tRow + tBottom,
			[]color.RGBA{headFill}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
				t.Errorf("size %v, want %dx%d", b.Size(), tc.w, tc.h)
			}
			for _, c := range tc.colors {
				if n := count(img, c); n < 50 {
					t.Errorf("colour %v: %d pixels, want it visible", c, n)
				}
			}
			if _, err := PNG(img); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestChartsNeedData(t *testing.T) {
	if _, err := Margins(MarginChart{}); err == nil || !strings.Contains(err.Error(), "at least one card") {
		t.Errorf("empty margin chart: %v", err)
	}
	if _, err := Rating(RatingChart{}); err == nil || !strings.Contains(err.Error(), "at least one game") {
		t.Errorf("empty rating chart: %v", err)
	}
}

func TestFit(t *testing.T) {
	p, err := newPainter(10, 10)
	if err != nil {
		t.Fatal(err)
	}
	p.font(18, false)
	long := "Bob the Builder of Very Long Names"
	got := p.fit(long, 150)
	if w, _ := p.MeasureString(got); w > 150 || !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("fit %q into 150 px: %q (%.0f px)", long, got, w)
	}
	if got := p.fit("Ann", 150); got != "Ann" {
		t.Errorf("a short name changed: %q", got)
	}
}

func TestSignedAndSteps(t *testing.T) {
	for v, want := range map[int]string{3: "+3", 0: "0", -2: "−2"} {
		if got := signed(v); got != want {
			t.Errorf("signed(%d) = %q, want %q", v, got, want)
		}
	}
	for _, tc := range []struct{ span, want float64 }{{10, 2}, {7, 2}, {40, 10}, {120, 20}, {0, 1}} {
		if got := niceStep(tc.span, 6); got != tc.want {
			t.Errorf("niceStep(%v) = %v, want %v", tc.span, got, tc.want)
		}
	}
}

// TestSamples writes the documentation's sample images with -samples:
//
//	go test ./render/chart -run TestSamples -samples
func TestSamples(t *testing.T) {
	if !*writeSamples {
		t.Skip("run with -samples to write docs/sample-*.png")
	}
	for name, render := range map[string]func() (image.Image, error){
		"sample-margins.png":   func() (image.Image, error) { return Margins(sampleGame()) },
		"sample-standings.png": func() (image.Image, error) { return Standings(sampleTable()) },
		"sample-rating.png":    func() (image.Image, error) { return Rating(sampleRating()) },
	} {
		img, err := render()
		if err != nil {
			t.Fatal(err)
		}
		b, err := PNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "..", "docs", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
