package geo

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Text sizes in board pixels at scale 1. The generator sizes label boxes
// with them and the renderer draws with them, so a label always fits its box.
const (
	TownSize     = 13 // Town names
	ProvinceSize = 15 // Province name plates (bold)
	BadgeSize    = 12 // small bold text in badges and counts
)

var (
	fontsOnce     sync.Once
	regular, bold *truetype.Font
	fontErr       error
)

// Fonts returns the parsed Go fonts, regular and bold. A *truetype.Font is
// read-only and may be shared; faces made from it may not.
func Fonts() (*truetype.Font, *truetype.Font, error) {
	fontsOnce.Do(func() {
		regular, fontErr = truetype.Parse(goregular.TTF)
		if fontErr == nil {
			bold, fontErr = truetype.Parse(gobold.TTF)
		}
	})
	return regular, bold, fontErr
}

// Face makes a new face. Faces cache glyphs and are not safe for concurrent
// use, so every render makes its own.
func Face(f *truetype.Font, size float64) font.Face {
	return truetype.NewFace(f, &truetype.Options{Size: size, Hinting: font.HintingFull})
}

// TextWidth measures s in face in pixels.
func TextWidth(face font.Face, s string) float64 {
	return float64(font.MeasureString(face, s)) / 64
}

// Name plate layout: the name, then a round Pop badge BadgeD wide.
const (
	PlatePad = 5
	BadgeD   = 16
	BadgeGap = 3
)

// PlateWidth is the width a space's name plate needs in face.
func PlateWidth(face font.Face, name string) float64 {
	return 2*PlatePad + TextWidth(face, name) + BadgeGap + BadgeD
}
