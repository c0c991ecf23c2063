// Package engine plays China's War 1937-41 by its Rules of Play: setup,
// the sequence of play, Operations, Special Activities, Events, Propaganda
// Rounds and victory. It is pure Go: no I/O, no clock, no goroutines.
//
// # Decisions
//
// A game is a sequence of atomic decisions. [Game.Prompt] says which faction
// must decide, the question, and the complete list of legal choices (IDs such
// as "op:sweep", "space:Hebei", "count:3", "done", "pass"). [Game.Do] takes
// one of those IDs: anything else is refused with an error wrapping
// [ErrIllegal], [ErrNotYourTurn] or [ErrGameOver] and changes nothing. A
// question with a single legal choice is never shown: the engine answers it
// itself. [Game.Undo] takes back a faction's own answers to the start of its
// current action, never past a die roll or a card reveal; [Game.Transfer]
// makes a voluntary transfer where the rules allow one (1.5.2).
//
// # Procedures replayed
//
// Each step of the game (State.Step) is a procedure written as plain Go that
// reads like the rulebook and calls ask whenever a faction must decide. A
// step starts from a committed snapshot; when it needs an answer it has not
// been given, it stops and the question becomes the prompt. When the answer
// arrives the step runs again from its snapshot with all its answers, reaches
// the same point and goes one question further; when it finishes, its state
// and log lines are committed and the next step starts. proc.go has the
// details. A saved game is the snapshot plus the answers given since
// ([Game.MarshalJSON], [Load]).
//
// # Determinism
//
// Nothing but the State and the answers feeds a procedure. Dice come from a
// generator whose state is part of State, maps are never iterated where the
// order could matter, and the deck is shuffled from the seed. The same
// configuration and the same answers give the same game, byte for byte: the
// same prompts, choice IDs, labels and log text. Stored games record
// [Version]; a change to which choices are offered or what they do changes
// how stored games replay and needs a new Version.
//
// # Stored and derived
//
// State holds only what the rules put on the table: pieces by space and box,
// tracks, markers, eligibility, the cards, the lasting effects in play and
// the step under way. Everything that follows from it (Control, victory
// totals and margins, Econ sums, Bases on the map, who is next to act) is
// computed by methods when asked, never stored, so it cannot go stale.
// [CheckInvariants] verifies piece conservation, stacking and track bounds.
//
// # Where things are
//
// Rules live in files named after their section: sequence.go (2), ops.go and
// op_*.go (3), sa_*.go (4), event*.go (5, with the deck vocabulary of
// deck.md), propaganda.go (6) and victory.go (7). The Event interpreter is
// described in event.go.
package engine
