package render

import (
	"hash/adler32"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestEncodePNG checks the encoder round-trips through image/png: odd and
// even widths (the filter works on pixel pairs), random bytes (the filter's
// subtraction wraps), flat runs, and a sub-image that does not start at the
// origin.
func TestEncodePNG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pattern := func(w, h int, random bool) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x*y + 3), 255}
				if random {
					c = color.RGBA{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), 255}
				}
				if x > w/2 && y > h/2 {
					c = color.RGBA{200, 10, 255, 255} // a flat corner
				}
				img.SetRGBA(x, y, c)
			}
		}
		return img
	}
	big := pattern(37, 23, false)
	cases := map[string]*image.RGBA{
		"odd width":      big,
		"even width":     pattern(64, 9, false),
		"random bytes":   pattern(33, 17, true),
		"random even":    pattern(20, 20, true),
		"one pixel":      pattern(1, 1, true),
		"one column":     pattern(1, 5, true),
		"wide, 1 row":    pattern(3000, 1, true),
		"sub-image":      big.SubImage(image.Rect(5, 4, 30, 20)).(*image.RGBA),
		"even sub-image": big.SubImage(image.Rect(3, 1, 23, 22)).(*image.RGBA),
	}
	for name, src := range cases {
		b, err := encodePNG(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := decode(t, b)
		if got.Bounds().Size() != src.Rect.Size() {
			t.Fatalf("%s: decoded %v, want size %v", name, got.Bounds(), src.Rect.Size())
		}
		for y := 0; y < src.Rect.Dy(); y++ {
			for x := 0; x < src.Rect.Dx(); x++ {
				r, g, b, _ := got.At(x, y).RGBA()
				want := src.RGBAAt(src.Rect.Min.X+x, src.Rect.Min.Y+y)
				if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B {
					t.Fatalf("%s: pixel %d,%d is %d,%d,%d, want %v", name, x, y, r>>8, g>>8, b>>8, want)
				}
			}
		}
	}
}

// TestAdler checks the zero-skipping checksum against hash/adler32 across
// the lengths at which it reduces its sums, on data of zero runs and noise.
func TestAdler(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 3*adlerMax+11)
	for i := range data {
		if (i/40)%3 != 0 {
			data[i] = byte(rng.Uint32())
		}
	}
	for _, n := range []int{0, 1, 7, 8, 9, adlerMax - 1, adlerMax, adlerMax + 1, 2*adlerMax + 5, len(data)} {
		for _, chunk := range []int{1, 13, 4801, len(data)} {
			a := newAdler()
			for p := data[:n]; len(p) > 0; {
				k := min(chunk, len(p))
				a.update(p[:k])
				p = p[k:]
			}
			if got, want := a.sum(), adler32.Checksum(data[:n]); got != want {
				t.Errorf("%d bytes in chunks of %d: %08x, want %08x", n, chunk, got, want)
			}
		}
	}
	all := make([]byte, 1<<20) // long zero runs reduce the sums too
	all[len(all)-1] = 255
	a := newAdler()
	a.update(all)
	if got, want := a.sum(), adler32.Checksum(all); got != want {
		t.Errorf("zeros: %08x, want %08x", got, want)
	}
}
