package render

import (
	"image"
	"image/color"
	"testing"
)

// TestEncodePNG checks the Up-filter encoder round-trips through image/png,
// including a sub-image that does not start at the origin.
func TestEncodePNG(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 37, 23))
	for y := 0; y < 23; y++ {
		for x := 0; x < 37; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x*y + 3), 255})
		}
	}
	for _, src := range []*image.RGBA{img, img.SubImage(image.Rect(5, 4, 30, 20)).(*image.RGBA)} {
		b, err := encodePNG(src)
		if err != nil {
			t.Fatal(err)
		}
		got := decode(t, b)
		if got.Bounds().Size() != src.Rect.Size() {
			t.Fatalf("decoded %v, want size %v", got.Bounds(), src.Rect.Size())
		}
		for y := 0; y < src.Rect.Dy(); y++ {
			for x := 0; x < src.Rect.Dx(); x++ {
				r, g, b, _ := got.At(x, y).RGBA()
				want := src.RGBAAt(src.Rect.Min.X+x, src.Rect.Min.Y+y)
				if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B {
					t.Fatalf("pixel %d,%d is %d,%d,%d, want %v", x, y, r>>8, g>>8, b>>8, want)
				}
			}
		}
	}
}
