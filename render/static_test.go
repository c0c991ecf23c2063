package render

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestOver checks the sparse compositing against image/draw's Over on
// premultiplied pixels of every kind: transparent, opaque and translucent.
func TestOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := image.Rect(0, 0, 29, 17)
	src, dst := image.NewRGBA(r), image.NewRGBA(r)
	for i := 0; i < len(src.Pix); i += 4 {
		a := []uint8{0, 0xff, uint8(rng.Uint32())}[rng.IntN(3)]
		c := color.NRGBA{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), a}
		src.Set(i/4%r.Dx(), i/4/r.Dx(), c)
		dst.Set(i/4%r.Dx(), i/4/r.Dx(), color.RGBA{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), 0xff})
	}
	want := image.NewRGBA(r)
	copy(want.Pix, dst.Pix)
	part := image.Rect(3, 2, 25, 16)
	draw.Draw(want, part, src, part.Min, draw.Over)
	over(dst, src, part)
	for i := range want.Pix {
		if dst.Pix[i] != want.Pix[i] {
			t.Fatalf("byte %d (pixel %d,%d) is %d, want %d", i, i/4%r.Dx(), i/4/r.Dx(), dst.Pix[i], want.Pix[i])
		}
	}
}

// TestCloseUpLayers checks that a close-up built from its cached layers
// looks like one drawn directly: terrain, tints, lines. Lines composited
// from their layer differ only by rounding at their anti-aliased edges.
func TestCloseUpLayers(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := cloneState(g.State())
	for id := range s.Spaces {
		if r.m.Spaces[id].IsProvince() {
			s.Spaces[id].Support = []int{engine.Support, engine.Neutral, engine.Opposition}[id%3]
		}
	}
	for _, name := range []string{"Hebei", "Shanghai", "Yunnan", "Manchukuo", "Shaanxi"} {
		id := r.m.MustID(name)
		l := r.closeUps.get(id, func() *layers { return r.closeUpLayers(id) })
		direct := image.NewRGBA(l.full.Rect)
		c := newCanvas(direct, l.k, l.origin, r.regular, r.bold)
		drawTerrain(c, r.b, r.m)
		drawTints(c, r.b, r.m, s)
		drawLines(c, r.b, r.m)
		c.release()

		layered := image.NewRGBA(l.full.Rect)
		c = newCanvas(layered, l.k, l.origin, r.regular, r.bold)
		l.draw(layered, c, r.b, r.m, s)
		c.release()

		differ, worst := 0, 0
		for i := range direct.Pix {
			d := int(direct.Pix[i]) - int(layered.Pix[i])
			if d != 0 {
				differ++
				worst = max(worst, d, -d)
			}
		}
		if worst > 6 || differ > len(direct.Pix)/20 {
			t.Errorf("%s: %d of %d bytes differ, by up to %d", name, differ, len(direct.Pix), worst)
		}
	}
}

// TestCloseUpCache checks that the cache keeps the most recent close-ups
// up to its bound and that a close-up drawn again, cached or redrawn after
// eviction, is the same image.
func TestCloseUpCache(t *testing.T) {
	r := newRenderer(t)
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	s, d := g.State(), g.Deck()
	render := func(id engine.SpaceID) *image.RGBA {
		img, err := r.Image(s, d, Options{Focus: &id})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	first := render(0)
	for id := range closeUpCacheSize + 3 {
		render(engine.SpaceID(id + 1))
	}
	if n := len(r.closeUps.entries); n != closeUpCacheSize {
		t.Fatalf("cache holds %d close-ups, want %d", n, closeUpCacheSize)
	}
	for _, e := range r.closeUps.entries {
		if e.id <= 3 {
			t.Errorf("space %d still cached after %d newer close-ups", e.id, closeUpCacheSize)
		}
	}
	for _, img := range []*image.RGBA{render(0), render(0)} {
		if !equalPixels(img, first) {
			t.Fatal("a close-up drawn again differs from the first")
		}
	}
}

func equalPixels(a, b *image.RGBA) bool {
	if a.Rect != b.Rect {
		return false
	}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(a.Rect.Min.X, y):a.PixOffset(a.Rect.Max.X, y)]
		rb := b.Pix[b.PixOffset(b.Rect.Min.X, y):b.PixOffset(b.Rect.Max.X, y)]
		if string(ra) != string(rb) {
			return false
		}
	}
	return true
}
