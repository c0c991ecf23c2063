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
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"time"
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

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"code": code, "message": msg})
}
