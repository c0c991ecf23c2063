// Package assets holds the data the product embeds: the reconstructed map and
// the stand-in event deck. It is a leaf package with no code of its own beyond
// exposing the files, so every layer can read the same bytes.
package assets

import _ "embed"

// MapJSON is the reconstructed map (see its "notice" field for provenance).
//
//go:embed map.json
var MapJSON []byte

// DeckJSON is the original stand-in event deck written for this project.
//
//go:embed deck.json
var DeckJSON []byte
