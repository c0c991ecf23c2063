package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"
)

// handler is an interaction's work after its first answer. What it returns
// is settled in one place (settle): a refusal is told to the member, an
// error is told as what it means for them and logged.
type handler func(ctx context.Context) error

// refusal is a request the bot turned down, in the member's words.
type refusal struct{ outcome, text string }

func (r *refusal) Error() string { return r.outcome + ": " + r.text }

// refused turns a request down: outcome for the log line, text for the
// member.
func refused(outcome, text string) error { return &refusal{outcome, text} }

// quietError is a failure to log without telling the member: sending them
// something failed already, or they were told.
type quietError struct{ err error }

func (e *quietError) Error() string { return e.err.Error() }
func (e *quietError) Unwrap() error { return e.err }

func quiet(err error) error { return &quietError{err} }

// later answers at once with first, a deferral, and runs h afterwards.
func (c *call) later(first *discordgo.InteractionResponse, h handler) (*discordgo.InteractionResponse, work) {
	return first, func(ctx context.Context) { c.settle(h(ctx)) }
}

// deferCommand answers a command with "thinking…" (private or not) and
// runs h afterwards.
func (c *call) deferCommand(private bool, h handler) (*discordgo.InteractionResponse, work) {
	return c.later(c.deferReply(private), h)
}

// deferClick runs h for a click, which may answer with the clicked
// message updated if it does so within the bot's answerWait; else the
// click is answered with a promise to update its message, which h keeps
// afterwards (answer.go).
func (c *call) deferClick(h handler) (*discordgo.InteractionResponse, work) {
	if c.b.answerWait > 0 {
		c.handoff = newHandoff()
	}
	return c.later(deferUpdate(), h)
}

// settle turns what a handler returned into the member's message and the
// log line.
func (c *call) settle(err error) {
	var r *refusal
	var q *quietError
	switch {
	case err == nil:
		return
	case errors.As(err, &r):
		c.refuse(r.outcome, r.text)
		return
	case errors.As(err, &q):
		c.fail(q.err)
		return
	}
	outcome, text := problem(err)
	switch outcome {
	case "duplicate":
		// A retried delivery of something already applied: its effects
		// are already shown.
		c.outcome = outcome
		if c.deferred {
			c.tell("Already applied.")
		}
		return
	case "error", "error: disk full", "refused: broken game":
		c.fail(err)
	}
	c.refuse(outcome, text)
}
