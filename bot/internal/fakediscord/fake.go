// Package fakediscord is a stand-in for Discord in tests: an HTTP server
// speaking the REST endpoints the bot uses (interaction callbacks, edits of
// the original response, follow-ups, channel messages, command
// registration), which checks every request against Discord's documented
// limits and ordering rules and keeps the messages it was sent, and a
// sender of signed interactions for the bot's HTTP endpoint.
//
// New runs it in the test's process; Start in a child process, whose CPU
// time is not the test's (child.go).
//
// The bot reaches it through Client: an http.Client whose transport sends
// requests for discord.com to the fake instead. That is robust where
// reassigning discordgo's Endpoint variables is not: most of them are
// computed from EndpointAPI when discordgo is initialised.
package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits, from its developer documentation.
const (
	AckLimit       = 3 * time.Second
	maxContent     = 2000
	maxEmbeds      = 10
	maxEmbedTitle  = 256
	maxEmbedDesc   = 4096
	maxFields      = 25
	maxFieldName   = 256
	maxFieldValue  = 1024
	maxFooter      = 2048
	maxEmbedTotal  = 6000
	maxRows        = 5
	maxButtons     = 5
	maxCustomID    = 100
	maxButtonLabel = 80
	maxOptions     = 25
	maxOptionText  = 100
	maxPlaceholder = 150
	maxChoices     = 25
	maxFileBytes   = 10 << 20
	maxCommands    = 100
	maxCommandSize = 4000
)

// Server is a fake Discord.
type Server struct {
	AppID  string
	Token  string // the bot token it accepts, without "Bot "
	Public ed25519.PublicKey

	private ed25519.PrivateKey
	srv     *httptest.Server

	mu       sync.Mutex
	next     int64
	byToken  map[string]*Interaction
	messages map[string]*Message
	order    []string
	bodies   map[string][]byte           // interactions as built, by id
	commands map[string][]map[string]any // by scope: "" or a guild id
	problems []string
	// DoubleAcks counts second answers to one interaction, which Discord
	// refuses (a retried delivery answered again).
	DoubleAcks int
	// refuse, when set, picks the new messages (follow-ups and channel
	// posts) to fail as an outage would (FailPosts).
	refuse func(content string) bool
	// faults are failures to inject, by kind, oldest first (Fail).
	faults map[Fault][]int
	// child, when set, is the process that serves the REST API and keeps
	// the messages (Start); this Server then builds, signs and sends
	// interactions through it, and asks it what it saw.
	child *child
	// prepared are the signed interactions a child keeps until its parent
	// asks for their delivery, by token.
	prepared map[string]*SignedPost
}

// Fault is a kind of request Fail makes fail.
type Fault int

const (
	// Edits are edits of a message: an interaction's original response or
	// follow-up, or a channel message.
	Edits Fault = iota
	// Posts are new messages: follow-ups and channel posts.
	Posts
	// Answers are first answers sent through the gateway's callback that
	// update the clicked message (type 7). A failed one leaves the
	// interaction unanswered, as if it never arrived: its token is
	// unknown to the webhook routes from then on. With status 400 the
	// interaction is found answered already, with a deferral, as when
	// another delivery of it answered first (40060). (The HTTP route's
	// answer is its response body, whose loss the bot cannot see: Lose.)
	Answers
)

// Fail makes the next n requests of kind on messages with controls (turn
// messages: edits of a message that has them, new messages that carry
// them) fail with status: 404 answers as Discord does when an edit races
// the interaction's first answer (Unknown Webhook), 5xx as an outage
// would. Nothing is changed by a failed request.
func (s *Server) Fail(kind Fault, n, status int) {
	s.local("Fail")
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.faults == nil {
		s.faults = map[Fault][]int{}
	}
	for range n {
		s.faults[kind] = append(s.faults[kind], status)
	}
}

// injected answers a request with the next failure of kind, if any is
// pending; it reports whether it did. code is the error code Discord gives
// a 404 there. The caller holds s.mu.
func (s *Server) injected(w http.ResponseWriter, kind Fault, controls bool, code int, msg string) bool {
	q := s.faults[kind]
	if len(q) == 0 || !controls {
		return false
	}
	status := q[0]
	s.faults[kind] = q[1:]
	if status == http.StatusNotFound {
		writeError(w, status, code, msg)
	} else {
		writeError(w, status, 0, fmt.Sprintf("%d: %s", status, http.StatusText(status)))
	}
	return true
}

// Pending counts the injected failures of kind not yet used.
func (s *Server) Pending(kind Fault) int {
	s.local("Pending")
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults[kind])
}

// FailPosts makes every new message whose content match picks fail with a
// server error, as during an outage; nil ends the outage.
func (s *Server) FailPosts(match func(content string) bool) {
	s.local("FailPosts")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = match
}

// outage answers a new message that FailPosts picks; it reports whether it
// did.
func (s *Server) outage(w http.ResponseWriter, p *payload) bool {
	content := ""
	if p.Content != nil {
		content = *p.Content
	}
	if s.refuse == nil || !s.refuse(content) {
		return false
	}
	writeError(w, http.StatusInternalServerError, 0, "500: Internal Server Error")
	return true
}

// Interaction is an interaction the fake sent, and what the bot did with it.
type Interaction struct {
	ID, Token, Channel string
	Sent               time.Time
	// Type is the first answer's type, 0 until it arrives.
	Type     int
	Answered chan struct{}
	Latency  time.Duration // from sending to the first answer
	// Original is the message the first answer shows or updates.
	Original string
	// deferredReply is set from a type 5 answer until the first edit.
	deferredReply bool
	answered      bool // an answer is being recorded
	lost          bool // its first answer failed (Answers): never answered
	// edits counts the bot's edits of the message the first answer shows
	// or updates, through the interaction's token.
	edits     int
	Followups []string
	Choices   []map[string]any // an autocomplete answer
}

// Message is a message as the channel shows it.
type Message struct {
	ID, Channel string
	Content     string
	Embeds      []Embed
	Components  []Component
	Files       []File
	Ephemeral   bool
	Pinged      []string // users notified when it was posted
	Interaction string   // the interaction that made it
	Edits       int
	Thinking    bool // a deferred reply not yet edited
}

// Embed is the part of an embed the checks read.
type Embed struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Fields      []struct {
		Name   string `json:"name"`
		Value  string `json:"value"`
		Inline bool   `json:"inline"`
	} `json:"fields"`
	Footer *struct {
		Text string `json:"text"`
	} `json:"footer"`
	Author *struct {
		Name string `json:"name"`
	} `json:"author"`
}

// Component is a message component as sent.
type Component struct {
	Type        int         `json:"type"`
	CustomID    string      `json:"custom_id"`
	Label       string      `json:"label"`
	Style       int         `json:"style"`
	Disabled    bool        `json:"disabled"`
	URL         string      `json:"url"`
	Placeholder string      `json:"placeholder"`
	MinValues   *int        `json:"min_values"`
	MaxValues   *int        `json:"max_values"`
	Options     []Option    `json:"options"`
	Components  []Component `json:"components"`
}

// Option is a select menu entry.
type Option struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description"`
}

// File is an attachment.
type File struct {
	Name string
	Data []byte
}

// payload is a message body as the REST API receives it.
type payload struct {
	Content         *string     `json:"content"`
	Embeds          []Embed     `json:"embeds"`
	Components      []Component `json:"components"`
	Flags           int         `json:"flags"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
	Choices []map[string]any `json:"choices"`
}

// New starts a fake Discord.
func New() *Server {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	s := newServer(priv)
	s.srv = httptest.NewServer(s.routes())
	return s
}

// newServer is a fake Discord signing with key, not serving yet.
func newServer(key ed25519.PrivateKey) *Server {
	return &Server{AppID: "900000000000000001", Token: "fake-bot-token", Public: key.Public().(ed25519.PublicKey), private: key,
		byToken: map[string]*Interaction{}, messages: map[string]*Message{}, bodies: map[string][]byte{}, commands: map[string][]map[string]any{}}
}

// routes is Discord's REST API, as far as the fake speaks it.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v9/interactions/{id}/{token}/callback", s.callback)
	mux.HandleFunc("PATCH /api/v9/webhooks/{app}/{token}/messages/{msg}", s.webhookEdit)
	mux.HandleFunc("DELETE /api/v9/webhooks/{app}/{token}/messages/{msg}", s.webhookDelete)
	mux.HandleFunc("POST /api/v9/webhooks/{app}/{token}", s.followup)
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages", s.channelPost)
	mux.HandleFunc("PATCH /api/v9/channels/{channel}/messages/{msg}", s.channelEdit)
	mux.HandleFunc("GET /api/v9/channels/{channel}", s.channelGet)
	mux.HandleFunc("PUT /api/v9/applications/{app}/commands", s.registerCommands)
	mux.HandleFunc("PUT /api/v9/applications/{app}/guilds/{guild}/commands", s.registerCommands)
	mux.HandleFunc("GET /api/v9/oauth2/applications/{app}", func(w http.ResponseWriter, r *http.Request) {
		if !s.botAuth(w, r) {
			return
		}
		writeJSON(w, map[string]any{"id": s.AppID, "name": "China's War"})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.problem("unexpected request %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
	})
	return mux
}

// Close stops the server.
func (s *Server) Close() {
	if s.child != nil {
		s.child.stop()
		return
	}
	s.srv.Close()
}

// Client is an http.Client for discordgo.Session.Client that sends
// requests for Discord to the fake.
func (s *Server) Client() *http.Client {
	return ClientOf(s.URL())
}

// URL is the fake's address, for ClientOf in another process.
func (s *Server) URL() string {
	if s.child != nil {
		return s.child.url
	}
	return s.srv.URL
}

// ClientOf is Client for the fake at address fake (Server.URL), which may
// run in another process.
func ClientOf(fake string) *http.Client {
	target, _ := url.Parse(fake)
	return &http.Client{Timeout: 20 * time.Second, Transport: rewrite{target: target, base: http.DefaultTransport}}
}

type rewrite struct {
	target *url.URL
	base   http.RoundTripper
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == "discord.com" {
		req = req.Clone(req.Context())
		req.URL.Scheme, req.URL.Host = r.target.Scheme, r.target.Host
		req.Host = r.target.Host
	}
	return r.base.RoundTrip(req)
}

func (s *Server) problem(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.problems = append(s.problems, fmt.Sprintf(format, args...))
}

// Problems lists every way the bot broke Discord's rules so far.
func (s *Server) Problems() []string {
	if s.child != nil {
		var out []string
		s.child.get("/fake/problems", &out)
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.problems...)
}

func (s *Server) id() string {
	s.next++
	return strconv.FormatInt(1_100_000_000_000_000_000+s.next, 10)
}

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

func (s *Server) botAuth(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("Authorization") != "Bot "+s.Token {
		s.problem("%s %s without the bot token", r.Method, r.URL.Path)
		writeError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return false
	}
	return true
}

func (s *Server) channelPost(w http.ResponseWriter, r *http.Request) {
	if !s.botAuth(w, r) {
		return
	}
	p, files, ok := s.readPayload(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.outage(w, p) || s.injected(w, Posts, len(p.Components) > 0, 10003, "Unknown Channel") {
		return
	}
	s.checkMessage("channel message", p, files, true)
	m := &Message{ID: s.id(), Channel: r.PathValue("channel")}
	s.apply(m, p, files)
	m.Pinged = pings(p)
	s.add(m)
	writeJSON(w, s.wire(m))
}

// Guild is the guild of every channel the fake knows.
const Guild = "800000000000000001"

// channelGet answers Get Channel: every channel is a text channel of Guild.
func (s *Server) channelGet(w http.ResponseWriter, r *http.Request) {
	if !s.botAuth(w, r) {
		return
	}
	writeJSON(w, map[string]any{"id": r.PathValue("channel"), "guild_id": Guild, "type": 0, "name": r.PathValue("channel")})
}

func (s *Server) channelEdit(w http.ResponseWriter, r *http.Request) {
	if !s.botAuth(w, r) {
		return
	}
	p, files, ok := s.readPayload(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[r.PathValue("msg")]
	if m != nil && s.injected(w, Edits, len(m.Components) > 0, 10008, "Unknown Message") {
		return
	}
	if m == nil || m.Channel != r.PathValue("channel") || m.Ephemeral {
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	s.checkMessage("channel message edit", p, files, false)
	s.apply(m, p, files)
	m.Edits++
	writeJSON(w, s.wire(m))
}

// readPayload reads a JSON or multipart message body.
func (s *Server) readPayload(w http.ResponseWriter, r *http.Request) (*payload, []File, bool) {
	var p payload
	var files []File
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				s.problem("%s %s: bad multipart body: %v", r.Method, r.URL.Path, err)
				http.Error(w, err.Error(), http.StatusBadRequest)
				return nil, nil, false
			}
			data, err := io.ReadAll(part)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return nil, nil, false
			}
			if part.FormName() == "payload_json" {
				if err := json.Unmarshal(data, &p); err != nil {
					s.problem("%s %s: payload_json: %v", r.Method, r.URL.Path, err)
				}
				continue
			}
			files = append(files, File{Name: part.FileName(), Data: data})
		}
		return &p, files, true
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return nil, nil, false
	}
	if err := json.Unmarshal(data, &p); err != nil {
		s.problem("%s %s: body is not JSON: %v", r.Method, r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return nil, nil, false
	}
	return &p, files, true
}

// apply sets what a payload gives on a message. Absent fields keep their
// value, as in an edit.
func (s *Server) apply(m *Message, p *payload, files []File) {
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.Embeds != nil {
		m.Embeds = p.Embeds
	}
	if p.Components != nil {
		m.Components = p.Components
	}
	if files != nil {
		m.Files = files
	}
}

// wire is a message as the API returns it.
func (s *Server) wire(m *Message) map[string]any {
	return map[string]any{"id": m.ID, "channel_id": m.Channel, "content": m.Content, "type": 0}
}

var mention = regexp.MustCompile(`<@!?(\d+)>`)

// pings lists the users a new message notifies: those it mentions, as far
// as allowed_mentions allows (all of them when it is absent).
func pings(p *payload) []string {
	if p.Content == nil {
		return nil
	}
	var out []string
	for _, mm := range mention.FindAllStringSubmatch(*p.Content, -1) {
		id := mm[1]
		ok := p.AllowedMentions == nil || contains(p.AllowedMentions.Parse, "users") || contains(p.AllowedMentions.Users, id)
		if ok && !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// checkMessage holds a message body to Discord's limits. The caller holds
// s.mu.
func (s *Server) checkMessage(where string, p *payload, files []File, create bool) {
	bad := func(format string, args ...any) {
		s.problems = append(s.problems, where+": "+fmt.Sprintf(format, args...))
	}
	content := ""
	if p.Content != nil {
		content = *p.Content
	}
	if runes(content) > maxContent {
		bad("content of %d characters, more than %d", runes(content), maxContent)
	}
	if create && strings.TrimSpace(content) == "" && len(p.Embeds) == 0 && len(p.Components) == 0 && len(files) == 0 {
		bad("empty message")
	}
	if len(p.Embeds) > maxEmbeds {
		bad("%d embeds", len(p.Embeds))
	}
	total := 0
	for _, e := range p.Embeds {
		total += runes(e.Title) + runes(e.Description)
		if runes(e.Title) > maxEmbedTitle {
			bad("embed title of %d characters", runes(e.Title))
		}
		if runes(e.Description) > maxEmbedDesc {
			bad("embed description of %d characters", runes(e.Description))
		}
		if len(e.Fields) > maxFields {
			bad("%d embed fields", len(e.Fields))
		}
		for _, f := range e.Fields {
			total += runes(f.Name) + runes(f.Value)
			if n := runes(f.Name); n == 0 || n > maxFieldName {
				bad("embed field name of %d characters", n)
			}
			if n := runes(f.Value); n == 0 || n > maxFieldValue {
				bad("embed field value of %d characters", n)
			}
		}
		if e.Footer != nil {
			total += runes(e.Footer.Text)
			if runes(e.Footer.Text) > maxFooter {
				bad("embed footer of %d characters", runes(e.Footer.Text))
			}
		}
		if e.Author != nil {
			total += runes(e.Author.Name)
		}
	}
	if total > maxEmbedTotal {
		bad("embeds of %d characters in all, more than %d", total, maxEmbedTotal)
	}
	s.checkComponents(bad, p.Components)
	size := 0
	for _, f := range files {
		size += len(f.Data)
		if len(f.Data) > maxFileBytes {
			bad("file %s of %d bytes", f.Name, len(f.Data))
		}
		if strings.HasSuffix(f.Name, ".png") {
			if _, err := png.DecodeConfig(bytes.NewReader(f.Data)); err != nil {
				bad("file %s is not a PNG: %v", f.Name, err)
			}
		}
	}
	if size > maxFileBytes {
		bad("files of %d bytes in all, more than %d", size, maxFileBytes)
	}
}

func (s *Server) checkComponents(bad func(string, ...any), rows []Component) {
	if len(rows) > maxRows {
		bad("%d action rows, more than %d", len(rows), maxRows)
	}
	ids := map[string]bool{}
	for _, row := range rows {
		if row.Type != 1 {
			bad("top-level component of type %d, want an action row", row.Type)
			continue
		}
		if len(row.Components) == 0 {
			bad("empty action row")
		}
		selects, buttons := 0, 0
		for _, c := range row.Components {
			switch c.Type {
			case 2:
				buttons++
				if runes(c.Label) > maxButtonLabel {
					bad("button label of %d characters", runes(c.Label))
				}
				if c.Style < 1 || c.Style > 6 {
					bad("button style %d", c.Style)
				}
				if c.Style == 5 {
					if c.URL == "" || c.CustomID != "" {
						bad("link button needs a url and no custom_id")
					}
					continue
				}
			case 3:
				selects++
				if n := len(c.Options); n == 0 || n > maxOptions {
					bad("select menu with %d options", n)
				}
				if runes(c.Placeholder) > maxPlaceholder {
					bad("placeholder of %d characters", runes(c.Placeholder))
				}
				if c.MaxValues != nil && (*c.MaxValues < 1 || *c.MaxValues > len(c.Options)) {
					bad("max_values %d with %d options", *c.MaxValues, len(c.Options))
				}
				values := map[string]bool{}
				for _, o := range c.Options {
					if n := runes(o.Label); n == 0 || n > maxOptionText {
						bad("select option label of %d characters", n)
					}
					if n := len(o.Value); n == 0 || n > maxOptionText {
						bad("select option value of %d characters", n)
					}
					if runes(o.Description) > maxOptionText {
						bad("select option description of %d characters", runes(o.Description))
					}
					if values[o.Value] {
						bad("select option value %q twice", o.Value)
					}
					values[o.Value] = true
				}
			default:
				bad("component of type %d in an action row", c.Type)
				continue
			}
			if n := len(c.CustomID); n == 0 || n > maxCustomID {
				bad("custom_id of %d characters: %q", n, c.CustomID)
			}
			if ids[c.CustomID] {
				bad("custom_id %q twice in one message", c.CustomID)
			}
			ids[c.CustomID] = true
		}
		if buttons > maxButtons {
			bad("%d buttons in a row, more than %d", buttons, maxButtons)
		}
		if selects > 0 && (selects > 1 || buttons > 0) {
			bad("a select menu must be alone in its row")
		}
	}
}

func (s *Server) checkChoices(where string, choices []map[string]any) {
	if len(choices) > maxChoices {
		s.problems = append(s.problems, fmt.Sprintf("%s: %d autocomplete choices, more than %d", where, len(choices), maxChoices))
	}
	for _, c := range choices {
		name, _ := c["name"].(string)
		if n := runes(name); n == 0 || n > 100 {
			s.problems = append(s.problems, fmt.Sprintf("%s: choice name of %d characters", where, n))
		}
		if v, ok := c["value"].(string); ok && len(v) > 100 {
			s.problems = append(s.problems, fmt.Sprintf("%s: choice value of %d characters", where, len(v)))
		}
	}
}

var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// registerCommands checks and stores a bulk overwrite of commands.
func (s *Server) registerCommands(w http.ResponseWriter, r *http.Request) {
	if !s.botAuth(w, r) {
		return
	}
	var cmds []map[string]any
	if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
		s.problem("commands: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, "commands: "+fmt.Sprintf(format, args...)) }
	if len(cmds) > maxCommands {
		bad("%d commands", len(cmds))
	}
	names := map[string]bool{}
	for _, c := range cmds {
		name, _ := c["name"].(string)
		if names[name] {
			bad("%q twice", name)
		}
		names[name] = true
		for field, most := range map[string]float64{"contexts": 2, "integration_types": 1} {
			if v, ok := c[field]; ok && v != nil {
				list, _ := v.([]any)
				if len(list) == 0 {
					bad("/%s: %s must list at least one value", name, field)
				}
				for _, x := range list {
					if n, ok := x.(float64); !ok || n < 0 || n > most || n != float64(int(n)) {
						bad("/%s: %s value %v", name, field, x)
					}
				}
			}
		}
		if size := checkCommand(bad, c, 0); size > maxCommandSize {
			bad("/%s has %d characters in all, more than %d", name, size, maxCommandSize)
		}
	}
	s.mu.Lock()
	s.problems = append(s.problems, probs...)
	s.commands[r.PathValue("guild")] = cmds
	s.mu.Unlock()
	for _, c := range cmds {
		c["id"] = s.id()
	}
	writeJSON(w, cmds)
}

// checkCommand checks a command or option and returns its size: the
// characters of names, descriptions and choice names and values.
func checkCommand(bad func(string, ...any), c map[string]any, depth int) int {
	name, _ := c["name"].(string)
	desc, _ := c["description"].(string)
	if !commandName.MatchString(name) || strings.ToLower(name) != name {
		bad("name %q", name)
	}
	if n := runes(desc); n < 1 || n > 100 {
		bad("%q: description of %d characters", name, n)
	}
	size := runes(name) + runes(desc)
	opts, _ := c["options"].([]any)
	if len(opts) > 25 {
		bad("%q: %d options", name, len(opts))
	}
	optional := false
	for _, o := range opts {
		om, _ := o.(map[string]any)
		typ, _ := om["type"].(float64)
		if typ == 1 || typ == 2 {
			if depth > 1 {
				bad("%q: nested too deep", name)
			}
			size += checkCommand(bad, om, depth+1)
			continue
		}
		req, _ := om["required"].(bool)
		if req && optional {
			bad("%q: required option after an optional one", name)
		}
		optional = optional || !req
		size += checkCommand(bad, om, depth+1)
		choices, _ := om["choices"].([]any)
		if len(choices) > 25 {
			bad("%q: %d choices", name, len(choices))
		}
		for _, ch := range choices {
			cm, _ := ch.(map[string]any)
			cn, _ := cm["name"].(string)
			if n := runes(cn); n < 1 || n > 100 {
				bad("%q: choice name of %d characters", name, n)
			}
			size += runes(cn)
			if v, ok := cm["value"].(string); ok {
				if len(v) > 100 {
					bad("%q: choice value of %d characters", name, len(v))
				}
				size += runes(v)
			}
		}
	}
	return size
}

// Commands returns the last commands registered in scope ("" for global).
func (s *Server) Commands(scope string) []map[string]any {
	if s.child != nil {
		var out []map[string]any
		s.child.get("/fake/commands?scope="+url.QueryEscape(scope), &out)
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commands[scope]
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"code": code, "message": msg})
}

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
