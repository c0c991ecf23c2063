package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sync"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/internal/geo"
)

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New(engine.DefaultMap())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkSpaces asserts the layout invariants for every space of a position.
func checkSpaces(t *testing.T, r *Renderer, s *engine.State) {
	t.Helper()
	for id := range r.m.Spaces {
		sp, ss := &r.m.Spaces[id], &s.Spaces[id]
		area, marks := r.b.spaces[id].area, provinceMarks(ss)
		if sp.IsLoC() {
			area, marks = locArea(r.b.spaces[id].box), nil
			if ss.Sabotage {
				marks = []marker{markSabotage}
			}
		}
		checkGlyphs(t, sp.Name, area, &ss.Pieces, marks, spaceLayout(r.b, r.m, s, engine.SpaceID(id)))
	}
}

// TestRenderRandomPlay renders positions from both scenarios under random
// legal play: layouts are checked at every position, and boards drawn at
// every tenth.
func TestRenderRandomPlay(t *testing.T) {
	r := newRenderer(t)
	seeds := []uint64{1, 2, 3, 4}
	steps := 100
	if testing.Short() {
		seeds, steps = seeds[:1], 30
	}
	positions, drawn := 0, 0
	for _, sc := range engine.Scenarios {
		for _, seed := range seeds {
			g, err := engine.New(engine.Config{Scenario: sc, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i <= steps; i++ {
				checkSpaces(t, r, g.State())
				positions++
				if i%10 == 0 {
					if _, err := r.Image(g.State(), g.Deck(), Options{}); err != nil {
						t.Fatalf("%s seed %d step %d: %v", sc, seed, i, err)
					}
					drawn++
				}
				if playRandom(g, seed*1000+uint64(i), 1) == 0 {
					break
				}
			}
		}
	}
	t.Logf("%d positions checked, %d boards drawn", positions, drawn)
}

// TestRenderCrowds fills spaces with 30 pieces of every kind and every
// marker, one space at a time and all at once.
func TestRenderCrowds(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	all := cloneState(g.State())
	for id := range r.m.Spaces {
		s := cloneState(g.State())
		for _, n := range []int{1, 5, 11, 30, 144} {
			crowd(s, engine.SpaceID(id), n)
			checkSpaces(t, r, s)
		}
		crowd(all, engine.SpaceID(id), 30)
	}
	checkSpaces(t, r, all)
	b, err := r.PNG(all, g.Deck(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	if img.Bounds() != image.Rect(0, 0, BoardW, BoardH) {
		t.Fatalf("board is %v", img.Bounds())
	}
	if len(b) > 800<<10 {
		t.Fatalf("crowded board PNG is %d bytes, over 800 KB", len(b))
	}
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("PNG does not decode: %v", err)
	}
	return img
}

// TestCloseUpEverySpace draws a close-up of each space: phone-sized, and
// showing the whole neighbourhood.
func TestCloseUpEverySpace(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	step := 1
	if testing.Short() {
		step = 7 // a sample of the spaces
	}
	for id := 0; id < len(r.m.Spaces); id += step {
		id := engine.SpaceID(id)
		img, err := r.Image(g.State(), g.Deck(), Options{Focus: &id})
		if err != nil {
			t.Fatalf("%s: %v", r.m.Spaces[id].Name, err)
		}
		b := img.Bounds()
		if b.Dx() != closeW || b.Dy() > closeMaxH+captionH+footerH || b.Dy() < captionH+footerH+100 {
			t.Fatalf("%s: close-up is %v", r.m.Spaces[id].Name, b)
		}
	}
	bad := engine.SpaceID(len(r.m.Spaces))
	if _, err := r.Image(g.State(), g.Deck(), Options{Focus: &bad}); err == nil {
		t.Fatal("close-up of a space off the map succeeded")
	}
}

// TestHighlight checks that highlighted spaces are outlined, and only they.
func TestHighlight(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	hebei, loc := r.m.MustID("Hebei"), r.m.MustID("Jiujiang-Wuhan")
	plain, err := r.Image(g.State(), g.Deck(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	lit, err := r.Image(g.State(), g.Deck(), Options{Highlight: []engine.SpaceID{hebei, loc}})
	if err != nil {
		t.Fatal(err)
	}
	changed := image.Rectangle{}
	for y := 0; y < BoardH; y++ {
		for x := 0; x < BoardW; x++ {
			if plain.RGBAAt(x, y) != lit.RGBAAt(x, y) {
				changed = changed.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	want := geo.Union(r.b.spaces[hebei].bounds, r.b.spaces[loc].box).Inset(-8)
	if changed.Empty() {
		t.Fatal("highlight changed nothing")
	}
	if float64(changed.Min.X) < want.X || float64(changed.Min.Y) < want.Y ||
		float64(changed.Max.X) > want.MaxX() || float64(changed.Max.Y) > want.MaxY() {
		t.Fatalf("highlight changed %v, outside %v", changed, want)
	}
}

// TestConcurrentRenders renders from several goroutines at once with one
// Renderer, boards and more close-ups than its cache keeps, and checks each
// against a lone render; run with -race.
func TestConcurrentRenders(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, d := g.State(), g.Deck()
	const workers, each = 4, 6
	focus := func(i, j int) *engine.SpaceID {
		if (i+j)%2 == 0 {
			return nil
		}
		id := engine.SpaceID(i*each + j)
		return &id
	}
	want := map[engine.SpaceID][]byte{}
	board, err := r.PNG(s, d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range workers {
		for j := range each {
			if f := focus(i, j); f != nil {
				if want[*f], err = r.PNG(s, d, Options{Focus: f}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range each {
				o := Options{Focus: focus(i, j)}
				b, err := r.PNG(s, d, o)
				if err != nil {
					errs <- err
					return
				}
				w := board
				if o.Focus != nil {
					w = want[*o.Focus]
				}
				if !bytes.Equal(b, w) {
					errs <- fmt.Errorf("goroutine %d, render %d differs from a lone render", i, j)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestBoardHelper(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Board(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	decode(t, b)
}

func TestStateOfAnotherMap(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := cloneState(g.State())
	s.Spaces = s.Spaces[:10]
	if _, err := r.PNG(s, g.Deck(), Options{}); err == nil {
		t.Fatal("rendered a state with 10 spaces")
	}
}
