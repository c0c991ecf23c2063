// Package chart draws the league and game charts the bot posts as PNG: a
// game's four victory margins card by card with its Propaganda Rounds
// marked, a member's rating over time, and a standings table. Its inputs are
// plain structs, so rendering depends on nothing but the engine's factions;
// the bot fills them from the league and the game log. Fonts are the Go
// fonts, embedded, so a chart looks the same on any machine.
package chart
