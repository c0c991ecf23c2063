// Package assets holds the data the product embeds: the reconstructed map and
// the stand-in event deck. It is a leaf package with no code of its own beyond
// exposing the files, so every layer can read the same bytes.
package assets

import "embed"

// MapJSON is the reconstructed map (see its "notice" field for provenance).
//
//go:embed map.json
var MapJSON []byte

// DeckJSON is the original stand-in event deck written for this project.
//
//go:embed deck.json
var DeckJSON []byte

// RetiredDecks holds the earlier versions of the stand-in deck, each named
// by its ID (decks/HEX.json for the deck "sha256:HEX"): a game keeps the
// deck it was created with, so a game under way survives a change of the
// cards.
//
//go:embed decks/*.json
var RetiredDecks embed.FS
