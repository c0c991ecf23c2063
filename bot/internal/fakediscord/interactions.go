package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interactions: building and signing them for the bot, and the endpoints
// that answer them (the callback, edits of the original response and
// follow-ups).

// Member is a fake guild member.
type Member struct {
	ID, Name    string
	Permissions int64
}

// Interaction builds an interaction of type typ from member in channel,
// with data (command or component data) and, for a click, the message
// clicked. It goes through JSON as Discord's would, so the bot sees the
// same types either way.
func (s *Server) Interaction(typ discordgo.InteractionType, channel string, m Member, data any, clicked *Message) *discordgo.Interaction {
	s.mu.Lock()
	id, token := s.id(), "tok-"+s.id()
	s.mu.Unlock()
	raw := map[string]any{
		"id": id, "application_id": s.AppID, "type": typ, "token": token, "version": 1,
		"guild_id": Guild, "channel_id": channel,
		"member": map[string]any{"user": map[string]any{"id": m.ID, "username": m.Name, "global_name": m.Name},
			"permissions": strconv.FormatInt(m.Permissions, 10), "roles": []string{}, "joined_at": "2024-01-01T00:00:00Z"},
		"data": data,
	}
	if clicked != nil {
		raw["message"] = map[string]any{"id": clicked.ID, "channel_id": clicked.Channel, "content": clicked.Content,
			"embeds": clicked.Embeds, "components": clicked.Components, "flags": flagsOf(clicked)}
	}
	return s.decode(raw)
}

// DM builds an interaction of type typ from user m in a direct message
// with the bot: Discord then sends a user and no guild or member.
func (s *Server) DM(typ discordgo.InteractionType, channel string, m Member, data any) *discordgo.Interaction {
	s.mu.Lock()
	id, token := s.id(), "tok-"+s.id()
	s.mu.Unlock()
	return s.decode(map[string]any{
		"id": id, "application_id": s.AppID, "type": typ, "token": token, "version": 1,
		"channel_id": channel, "context": 1,
		"user": map[string]any{"id": m.ID, "username": m.Name, "global_name": m.Name},
		"data": data,
	})
}

// decode makes an interaction of its JSON form, which Post sends as it
// is: discordgo does not write back all it reads (a clicked message's
// components, for one).
func (s *Server) decode(raw map[string]any) *discordgo.Interaction {
	body, err := json.Marshal(raw)
	if err != nil {
		panic(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		panic(err)
	}
	s.mu.Lock()
	s.bodies[i.ID] = body
	s.mu.Unlock()
	return &i
}

func flagsOf(m *Message) int {
	if m.Ephemeral {
		return int(discordgo.MessageFlagsEphemeral)
	}
	return 0
}

// Expect records that interaction i is being sent now, so that its answer
// can be timed and checked. Post does it itself; a gateway test calls it
// before handing i to the bot.
func (s *Server) Expect(i *discordgo.Interaction) *Interaction {
	s.local("Expect")
	s.mu.Lock()
	defer s.mu.Unlock()
	if it := s.byToken[i.Token]; it != nil {
		return it // delivered again
	}
	it := &Interaction{ID: i.ID, Token: i.Token, Channel: i.ChannelID, Sent: time.Now(), Answered: make(chan struct{})}
	if i.Message != nil {
		it.Original = i.Message.ID
	}
	s.byToken[i.Token] = it
	return it
}

// Lose records that interaction i's first answer never reached Discord, as
// when the connection that carried it broke: its token is unknown to the
// webhook routes from then on. A test that hands i to the bot's HTTP
// endpoint itself calls it, since the fake reads no answer from that route
// then.
func (s *Server) Lose(i *discordgo.Interaction) {
	s.local("Lose")
	it := s.Expect(i)
	s.mu.Lock()
	defer s.mu.Unlock()
	it.lost = true
}

// Sign signs body as Discord signs interactions.
func (s *Server) Sign(body []byte, timestamp string) string {
	return hex.EncodeToString(ed25519.Sign(s.private, append([]byte(timestamp), body...)))
}

// Post sends interaction i, signed, to the bot's HTTP endpoint at url, and
// records the answer in the response body like Discord does.
func (s *Server) Post(endpoint string, i *discordgo.Interaction) (*Interaction, error) {
	p, err := s.SignPost(endpoint, i)
	if err != nil {
		return nil, err
	}
	return p.Send()
}

// SignedPost is an interaction ready to be sent: what Discord does before
// the bot is involved.
type SignedPost struct {
	s    *Server
	i    *discordgo.Interaction
	req  *http.Request
	body []byte
}

// SignPost prepares interaction i for the bot's HTTP endpoint at url:
// encoded and signed, as Post sends it.
func (s *Server) SignPost(endpoint string, i *discordgo.Interaction) (*SignedPost, error) {
	body, err := json.Marshal(i)
	if err != nil {
		return nil, err
	}
	// The interaction as built, unless the caller changed it since.
	s.mu.Lock()
	built, ok := s.bodies[i.ID]
	s.mu.Unlock()
	var was discordgo.Interaction
	if ok && json.Unmarshal(built, &was) == nil {
		if again, err := json.Marshal(&was); err == nil && bytes.Equal(again, body) {
			body = built
		}
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", s.Sign(body, ts))
	req.Header.Set("X-Signature-Timestamp", ts)
	p := &SignedPost{s: s, i: i, req: req, body: body}
	if s.child != nil {
		if err := s.child.prepare(p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Send sends the interaction and records the answer in the response body
// like Discord does.
func (p *SignedPost) Send() (*Interaction, error) {
	if p.s.child != nil {
		return p.s.child.deliver(p)
	}
	it := p.s.Expect(p.i)
	resp, err := postClient.Do(p.req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return it, fmt.Errorf("endpoint answered %s: %s", resp.Status, data)
	}
	// A second delivery's answer is refused as Discord refuses it.
	if err := p.s.answer(it, data); err != nil && err != errAcked {
		return it, err
	}
	return it, nil
}

// postClient delivers interactions; Discord gives an endpoint 3 seconds.
var postClient = &http.Client{Timeout: 10 * time.Second}

// callback is the gateway route's first answer.
func (s *Server) callback(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	it := s.byToken[r.PathValue("token")]
	s.mu.Unlock()
	if it == nil || it.ID != r.PathValue("id") {
		s.problem("callback for an unknown interaction %s", r.PathValue("id"))
		writeError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if s.lose(w, it, data) {
		return
	}
	if err := s.answer(it, data); err != nil {
		writeError(w, http.StatusBadRequest, 40060, err.Error())
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// lose fails a first answer that updates a message as Fail(Answers) asked,
// if any failure is pending; it reports whether it did.
func (s *Server) lose(w http.ResponseWriter, it *Interaction, data []byte) bool {
	var resp struct {
		Type int `json:"type"`
	}
	json.Unmarshal(data, &resp)
	s.mu.Lock()
	defer s.mu.Unlock()
	if q := s.faults[Answers]; len(q) > 0 && q[0] == http.StatusBadRequest && resp.Type == 7 && it.Type == 0 && !it.answered {
		s.faults[Answers] = q[1:]
		it.answered, it.Type = true, int(discordgo.InteractionResponseDeferredMessageUpdate)
		close(it.Answered)
		writeError(w, http.StatusBadRequest, 40060, errAcked.Error())
		return true
	}
	if it.Type != 0 || it.answered || !s.injected(w, Answers, resp.Type == 7, 10062, "Unknown interaction") {
		return false
	}
	it.lost = true
	return true
}

var errAcked = errors.New("interaction has already been acknowledged")

// answer records an interaction's first answer.
func (s *Server) answer(it *Interaction, data []byte) error {
	var resp struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(data, &resp); err != nil {
		s.problem("interaction %s: answer is not JSON: %v", it.ID, err)
		return err
	}
	s.mu.Lock()
	if it.Type != 0 || it.answered {
		s.DoubleAcks++
		s.mu.Unlock()
		return errAcked
	}
	it.answered = true // of two answers at once (two processes), one is first
	it.Latency = time.Since(it.Sent)
	s.mu.Unlock()
	if it.Latency > AckLimit {
		s.problem("interaction %s answered after %v, more than %v", it.ID, it.Latency, AckLimit)
	}
	var p payload
	if len(resp.Data) > 0 && string(resp.Data) != "null" {
		if err := json.Unmarshal(resp.Data, &p); err != nil {
			s.problem("interaction %s: answer data: %v", it.ID, err)
		}
	}
	where := fmt.Sprintf("interaction %s answer type %d", it.ID, resp.Type)
	s.mu.Lock()
	defer s.mu.Unlock()
	it.Type = resp.Type
	switch resp.Type {
	case 1:
	case 4, 5:
		if resp.Type == 4 {
			s.checkMessage(where, &p, nil, true)
		}
		m := &Message{ID: s.id(), Channel: it.Channel, Ephemeral: p.Flags&int(discordgo.MessageFlagsEphemeral) != 0, Interaction: it.ID, Thinking: resp.Type == 5}
		s.apply(m, &p, nil)
		if resp.Type == 4 && !m.Ephemeral {
			m.Pinged = pings(&p)
		}
		s.add(m)
		it.Original = m.ID
		it.deferredReply = resp.Type == 5
	case 6, 7:
		if it.Original == "" {
			s.problems = append(s.problems, where+": an update answer to an interaction without a message")
			break
		}
		if resp.Type == 7 {
			s.checkMessage(where, &p, nil, false)
			if m := s.messages[it.Original]; m != nil {
				s.apply(m, &p, nil)
				m.Edits++
			}
		}
	case 8:
		it.Choices = p.Choices
		s.checkChoices(where, p.Choices)
	default:
		s.problems = append(s.problems, fmt.Sprintf("%s: unknown or unused type", where))
	}
	close(it.Answered)
	return nil
}

func (s *Server) add(m *Message) {
	s.messages[m.ID] = m
	s.order = append(s.order, m.ID)
}

// interaction finds the interaction behind a webhook token, waiting
// briefly for its first answer: on the HTTP route the bot's first edit can
// race the fake's reading of the response body.
func (s *Server) interaction(w http.ResponseWriter, r *http.Request) *Interaction {
	if r.PathValue("app") != s.AppID {
		s.problem("%s %s: wrong application id", r.Method, r.URL.Path)
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	s.mu.Lock()
	it := s.byToken[r.PathValue("token")]
	lost := it != nil && it.lost
	s.mu.Unlock()
	if it == nil {
		s.problem("%s %s: unknown interaction token", r.Method, r.URL.Path)
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	if lost {
		// Discord never had the first answer: the token is no
		// webhook's. The bot could not know.
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	select {
	case <-it.Answered:
	case <-time.After(2 * time.Second):
		s.problem("%s %s: interaction %s used before it was answered (defer first)", r.Method, r.URL.Path, it.ID)
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	if it.Type == 8 || it.Type == 1 {
		s.problem("%s %s: interaction %s was answered with type %d, which has no message", r.Method, r.URL.Path, it.ID, it.Type)
	}
	return it
}

func (s *Server) webhookEdit(w http.ResponseWriter, r *http.Request) {
	it := s.interaction(w, r)
	if it == nil {
		return
	}
	p, files, ok := s.readPayload(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := r.PathValue("msg")
	if id == "@original" {
		id = it.Original
	}
	if m := s.messages[id]; m != nil && s.injected(w, Edits, len(m.Components) > 0, 10015, "Unknown Webhook") {
		return
	}
	if r.PathValue("msg") == "@original" {
		it.deferredReply = false
	} else if !contains(it.Followups, id) {
		s.problems = append(s.problems, fmt.Sprintf("interaction %s: edit of message %s, which it did not post", it.ID, id))
	}
	m := s.messages[id]
	if m == nil {
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	s.checkMessage(fmt.Sprintf("interaction %s edit of %s", it.ID, id), p, files, false)
	s.apply(m, p, files)
	m.Edits++
	m.Thinking = false
	if id == it.Original {
		it.edits++
	}
	writeJSON(w, s.wire(m))
}

func (s *Server) webhookDelete(w http.ResponseWriter, r *http.Request) {
	it := s.interaction(w, r)
	if it == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := r.PathValue("msg")
	if id == "@original" {
		id = it.Original
	}
	delete(s.messages, id)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) followup(w http.ResponseWriter, r *http.Request) {
	it := s.interaction(w, r)
	if it == nil {
		return
	}
	p, files, ok := s.readPayload(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.outage(w, p) || s.injected(w, Posts, len(p.Components) > 0, 10015, "Unknown Webhook") {
		return
	}
	where := fmt.Sprintf("interaction %s follow-up", it.ID)
	if it.deferredReply {
		// Discord would put this message in place of "thinking…", with
		// the deferral's visibility: the bot must edit the reply first.
		s.problems = append(s.problems, where+": sent before the deferred reply was edited")
	}
	s.checkMessage(where, p, files, true)
	m := &Message{ID: s.id(), Channel: it.Channel, Ephemeral: p.Flags&int(discordgo.MessageFlagsEphemeral) != 0, Interaction: it.ID}
	s.apply(m, p, files)
	if !m.Ephemeral {
		m.Pinged = pings(p)
	}
	s.add(m)
	it.Followups = append(it.Followups, m.ID)
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, s.wire(m))
}
