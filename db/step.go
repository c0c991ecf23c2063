package db

import (
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// What a game waits for, in sequence-of-play terms: the store writes it
// with every change (the waiting table), so reminders need not load games.

// actionQuestion ends the question asked of an Eligible faction choosing
// its action on an Event card (2.3.4).
const actionQuestion = ": choose an action"

// IsActionChoice reports whether p is an Eligible faction's choice of
// action on the current Event card: the decision a deadline may Pass.
func IsActionChoice(p *engine.Prompt) bool {
	return p != nil && p.Step == "eligible" && strings.HasSuffix(p.Question, actionQuestion)
}

// WaitingStep says in sequence-of-play terms what game e waits for, e.g.
// "NAT is 1st Eligible on #23 Title: Event, Operation or Pass".
func WaitingStep(e *engine.Game) string {
	p := e.Prompt()
	if p == nil {
		return "nothing: the game is over"
	}
	if IsActionChoice(p) {
		return strings.TrimSuffix(p.Question, actionQuestion) + ": " + actionKinds(p)
	}
	s := e.State()
	where := ""
	if c := e.Deck().Card(s.Current); c != nil {
		where = fmt.Sprintf(" on #%d %s", c.Number, c.Title)
	}
	if p.Step != "" && p.Step != "eligible" {
		where += " (" + p.Step + ")"
	}
	return fmt.Sprintf("%s to decide%s: %s", p.Faction, where, p.Question)
}

// actionKinds lists the kinds of action p offers: "Event, Operation or
// Pass".
func actionKinds(p *engine.Prompt) string {
	var event, op, limop, lo, pass bool
	for _, c := range p.Choices {
		switch {
		case strings.HasPrefix(c.ID, "event"):
			event = true
		case strings.HasPrefix(c.ID, "op:"):
			op = true
		case strings.HasPrefix(c.ID, "limop:"):
			limop = true
		case strings.HasPrefix(c.ID, "lo:"):
			lo = true
		case c.ID == "pass":
			pass = true
		}
	}
	var kinds []string
	if event {
		kinds = append(kinds, "Event")
	}
	switch {
	case op:
		kinds = append(kinds, "Operation")
	case limop:
		kinds = append(kinds, "Limited Operation")
	}
	if lo {
		kinds = append(kinds, "Large Offensive")
	}
	if pass {
		kinds = append(kinds, "Pass")
	}
	switch len(kinds) {
	case 0:
		return p.Question
	case 1:
		return kinds[0]
	}
	return strings.Join(kinds[:len(kinds)-1], ", ") + " or " + kinds[len(kinds)-1]
}
