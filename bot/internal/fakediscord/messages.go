package fakediscord

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// What tests read back: the messages kept, the replies to an interaction
// and the edits of its original response.

// Messages returns copies of channel's messages, oldest first; every
// channel's when channel is "".
func (s *Server) Messages(channel string) []Message {
	if s.child != nil {
		var out []Message
		s.child.get("/fake/messages?channel="+url.QueryEscape(channel), &out)
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.order {
		if m := s.messages[id]; m != nil && (channel == "" || m.Channel == channel) {
			out = append(out, copyMessage(m))
		}
	}
	return out
}

// Recent returns copies of channel's newest n messages, oldest first.
func (s *Server) Recent(channel string, n int) []Message {
	if s.child != nil {
		var out []Message
		s.child.get(fmt.Sprintf("/fake/messages?channel=%s&last=%d", url.QueryEscape(channel), n), &out)
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for i := len(s.order) - 1; i >= 0 && len(out) < n; i-- {
		if m := s.messages[s.order[i]]; m != nil && m.Channel == channel {
			out = append(out, copyMessage(m))
		}
	}
	slices.Reverse(out)
	return out
}

func copyMessage(m *Message) Message {
	c := *m
	c.Components = append([]Component(nil), m.Components...)
	c.Embeds = append([]Embed(nil), m.Embeds...)
	c.Files = append([]File(nil), m.Files...)
	c.Pinged = append([]string(nil), m.Pinged...)
	return c
}

// Message returns a copy of message id.
func (s *Server) Message(id string) (Message, bool) {
	if s.child != nil {
		var out []Message
		s.child.get("/fake/message?id="+url.QueryEscape(id), &out)
		if len(out) == 0 {
			return Message{}, false
		}
		return out[0], true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[id]
	if m == nil {
		return Message{}, false
	}
	return copyMessage(m), true
}

// Replies returns the messages interaction it produced: what its answer
// shows, then its follow-ups.
func (s *Server) Replies(it *Interaction) []Message {
	if s.child != nil {
		var out []Message
		s.child.get("/fake/replies?token="+url.QueryEscape(it.Token), &out)
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range append([]string{it.Original}, it.Followups...) {
		if m := s.messages[id]; m != nil && m.Interaction == it.ID {
			out = append(out, copyMessage(m))
		}
	}
	return out
}

// OriginalEdits counts the edits the bot made, through interaction it's
// token, of the message its first answer shows or updates: after a
// deferred update, the clicked message. A click answered with its message
// updated needs none.
func (s *Server) OriginalEdits(it *Interaction) int {
	if s.child != nil {
		var n int
		s.child.get("/fake/edits?token="+url.QueryEscape(it.Token), &n)
		return n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if it := s.byToken[it.Token]; it != nil {
		return it.edits
	}
	return 0
}

// Unanswered lists the interactions sent but never answered.
func (s *Server) Unanswered() []string {
	if s.child != nil {
		var out []string
		s.child.get("/fake/unanswered", &out)
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, it := range s.byToken {
		if it.Type == 0 {
			out = append(out, it.ID)
		}
	}
	return out
}

// Text is everything a message says: content, embeds.
func (m Message) Text() string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + ": " + f.Value)
		}
		if e.Footer != nil {
			b.WriteString("\n" + e.Footer.Text)
		}
	}
	return b.String()
}

// Controls lists a message's buttons and menus, in order.
func (m Message) Controls() []Component {
	var out []Component
	for _, row := range m.Components {
		out = append(out, row.Components...)
	}
	return out
}
