package fakediscord

import (
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"unicode/utf8"
)

// Channel messages: the bot's posts and edits, and the bodies (JSON, or
// multipart with files) they carry.

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
