package commands

import (
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// IsActionChoice reports whether p is an Eligible faction's choice of
// action on the current Event card: the decision a deadline may Pass.
func IsActionChoice(p *engine.Prompt) bool { return db.IsActionChoice(p) }

// WaitingStep says in sequence-of-play terms what game e waits for, e.g.
// "NAT is 1st Eligible on #23 Title: Event, Operation or Pass".
func WaitingStep(e *engine.Game) string { return db.WaitingStep(e) }
