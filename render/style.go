package render

import (
	"image/color"

	"github.com/chinaswar/chinaswar/engine"
)

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

func rgba(hex uint32, a uint8) color.NRGBA {
	return color.NRGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), a}
}

// The game's colours: khaki Japan, blue Nationalists, orange Warlords, red
// Communists, as on the counters.
var (
	factionColor = [engine.NumFactions]color.RGBA{
		engine.JPN: rgb(0xC8B273), engine.NAT: rgb(0x2F6FD0), engine.WLD: rgb(0xF08A1C), engine.CPC: rgb(0xD62A2A),
	}
	factionDark = [engine.NumFactions]color.RGBA{
		engine.JPN: rgb(0x6E5C2B), engine.NAT: rgb(0x163D7A), engine.WLD: rgb(0x8A4700), engine.CPC: rgb(0x7A0E0E),
	}
	policeColor = rgb(0xF7F7F2)

	sea       = rgb(0xA9CBE6)
	landOut   = rgb(0xD9D6CC) // ground outside the game
	plains    = rgb(0xF2E6C4)
	rough     = rgb(0xE2CFA0)
	roughHat  = rgba(0x8A6A30, 70)
	foreignJP = rgb(0xE6DCEB) // Manchukuo
	outOfPlay = rgb(0xC9C9C9) // French Indochina
	border    = rgb(0x5B4326)
	railColor = rgb(0x1A1A1A)
	riverBlue = rgb(0x2E78C8)
	econFill  = rgb(0xFFD84A)
	ink       = rgb(0x1D1D1B)
	paper     = rgb(0xFFFFFF)
	panelBg   = rgb(0xF5F1E6)
	muted     = rgb(0x6B665C)
	highlight = rgb(0xFF00D4)

	supportTint    = rgba(0x5E9CF0, 135)
	oppositionTint = rgba(0xE8604F, 100)
	terrorColor    = rgb(0x111111)
	sabotageColor  = rgb(0xE0301E)
)
