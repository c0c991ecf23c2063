package bot

import (
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A click's first answer can carry the clicked message as the click left
// it (UPDATE_MESSAGE, type 7): one exchange with Discord instead of a
// deferral (type 6) followed by an edit of the message, and no wait for
// the second. The click's work therefore starts before the first answer is
// sent, and the route waits for it up to clickWait. If the work gets to
// its first edit of the clicked message in time, that edit is the answer.
// If not, or if the work has nothing to show, the answer is a deferral and
// the work edits afterwards, as every click did before. A refusal, told
// privately, is the answer too. Files are never in the answer (edit), and
// the posts of their own that follow a click (the summary and its board,
// the next turn message) go after it, as before.
//
// The decision commits before the work shows it, so everything durable is
// stored before the answer that shows it is sent, whichever answer that is.

// clickWait bounds how long a click's first answer waits for the click's
// work. Discord counts its 3 seconds from when it sends the interaction;
// the request's way to the bot and the answer's way back take part of
// them, and a machine under load stretches every step. A click's work
// takes milliseconds, so waiting half of Discord's limit costs nothing
// when things go well and leaves the other half for the answer to arrive
// when they do not.
const clickWait = 1500 * time.Millisecond

// handoff decides a click's first answer once, between the route, which
// must answer by clickWait, and the click's work, which may supply the
// answer. Exactly one of them closes it: the work with its answer (nil for
// none), or the route when clickWait passes first. Either way the route
// sends the first answer, and the work waits for it to be sent before it
// edits the message or posts anything through the interaction, which
// Discord refuses before the first answer.
type handoff struct {
	mu    sync.Mutex
	open  bool                                // neither side has decided yet
	given chan *discordgo.InteractionResponse // the work's answer, or nil
	sent  chan struct{}                       // closed once the first answer went out
	err   error                               // sending it failed; read after sent is closed
}

func newHandoff() *handoff {
	return &handoff{open: true, given: make(chan *discordgo.InteractionResponse, 1), sent: make(chan struct{})}
}

// choose is the route's side: it waits until the work gives an answer or
// deadline fires, and returns the answer to send, fallback (a deferral)
// when the work gave none in time. The route must call done after sending.
func (h *handoff) choose(fallback *discordgo.InteractionResponse, deadline <-chan time.Time) *discordgo.InteractionResponse {
	var r *discordgo.InteractionResponse
	select {
	case r = <-h.given:
	case <-deadline:
		h.mu.Lock()
		late := h.open
		h.open = false
		h.mu.Unlock()
		if !late {
			// The work gave its answer as the deadline passed: it put
			// it in the channel before letting go of the lock.
			r = <-h.given
		}
	}
	if r == nil {
		return fallback
	}
	return r
}

// done records that the first answer was sent, or failed with err.
func (h *handoff) done(err error) {
	h.err = err
	close(h.sent)
}

// offer is the work's side: it gives r (nil for a deferral) as the first
// answer if the route still waits for one, and waits until the first
// answer, whichever it was, has been sent. It reports whether r was it,
// and the error of sending the first answer.
func (h *handoff) offer(r *discordgo.InteractionResponse) (taken bool, err error) {
	h.mu.Lock()
	if h.open {
		h.open = false
		h.given <- r
		taken = true
	}
	h.mu.Unlock()
	<-h.sent
	return taken, h.err
}

// answerWith gives r as the click's first answer if it has not been
// decided yet, and waits until the first answer was sent. It reports
// whether r was the answer, and whether sending the first answer failed.
// Interactions answered before their work began have no handoff: nothing
// waits then.
func (c *call) answerWith(r *discordgo.InteractionResponse) (taken bool, err error) {
	if c.handoff == nil {
		return false, nil
	}
	return c.handoff.offer(r)
}

// answered waits until the interaction's first answer was sent, deciding
// on a deferral if nothing was decided yet.
func (c *call) answered() {
	c.answerWith(nil)
}

// updateMessage is a first answer that replaces the clicked message with m.
// Absent fields would leave the message's as they were, so every field is
// sent, empty ones too, as an edit sends them.
func updateMessage(m message) *discordgo.InteractionResponse {
	comps := wireComponents(m.components)
	embeds := m.embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: m.content, Embeds: embeds, Components: comps, AllowedMentions: m.mentions()}}
}
