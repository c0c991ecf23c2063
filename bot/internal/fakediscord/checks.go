package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// Discord's rules: what every message body, control and registered
// command is held to.

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
