package fakediscord

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A fake Discord in a process of its own. A benchmark that measures the
// bot's CPU time by its process's would otherwise count the fake's work
// too: serving the bot's REST requests, decoding and checking every
// message it posts or edits. Discord does that work on its own machines.
//
// The child is the test binary run again with childKey set; its TestMain
// calls RunChild first. The parent's Server builds and signs interactions
// as before and hands them to the child, which delivers them and records
// the answers. A delivery is asked for by a line on the child's standard
// input and reported by a line on its standard output, which costs the
// parent less than an HTTP request; the interaction itself went to the
// child with SignPost, before. What the child saw (messages, problems) the
// parent asks for over HTTP. Fault injection (Fail, FailPosts) and the
// gateway route (Expect) need a fake in the test's own process (New).

// childKey holds the Ed25519 private key, in hex, the child signs with.
const childKey = "FAKEDISCORD_CHILD_KEY"

// childIDs is where the parent's ids start (interactions and their
// tokens), far from the child's (messages), so that none is used twice.
const childIDs = 1 << 40

// RunChild serves a fake Discord for the process that started this one
// with Start, and exits when that process closes its standard input. In
// any other process it returns at once. A test binary's TestMain calls it
// first.
func RunChild() {
	key := os.Getenv(childKey)
	if key == "" {
		return
	}
	priv, err := hex.DecodeString(key)
	if err != nil || len(priv) != ed25519.PrivateKeySize {
		fmt.Fprintln(os.Stderr, "fakediscord: bad", childKey)
		os.Exit(2)
	}
	s := newServer(ed25519.PrivateKey(priv))
	s.prepared = map[string]*SignedPost{}
	mux := s.routes()
	s.control(mux)
	s.srv = httptest.NewServer(mux)
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, s.srv.URL)
	out.Flush()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		token, ok := strings.CutPrefix(in.Text(), "deliver ")
		if !ok {
			continue
		}
		json.NewEncoder(out).Encode(s.deliver(token))
		out.Flush()
	}
	s.srv.Close()
	os.Exit(0)
}

// child is the parent's handle on a fake Discord in another process.
type child struct {
	url  string
	cmd  *exec.Cmd
	http *http.Client

	mu    sync.Mutex // one delivery at a time on the pipes
	stdin io.WriteCloser
	out   *bufio.Reader
}

// Start starts a fake Discord in a child process: this program, run again
// (a test binary whose TestMain calls RunChild). Close ends it.
func Start() (*Server, error) {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childKey+"="+hex.EncodeToString(priv))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting a fake Discord: %w", err)
	}
	out := bufio.NewReader(stdout)
	line, err := out.ReadString('\n')
	if err != nil {
		stdin.Close()
		cmd.Wait()
		return nil, fmt.Errorf("starting a fake Discord: %w", err)
	}
	s := newServer(priv)
	s.next = childIDs
	s.child = &child{url: strings.TrimSpace(line), cmd: cmd, stdin: stdin, out: out, http: &http.Client{Timeout: 20 * time.Second}}
	return s, nil
}

// stop ends the child and waits for it.
func (c *child) stop() {
	c.stdin.Close()
	done := make(chan struct{})
	go func() {
		c.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

// get asks the child for what it saw and decodes the answer into v.
func (c *child) get(path string, v any) {
	resp, err := c.http.Get(c.url + path)
	if err != nil {
		panic(fmt.Sprintf("fakediscord: asking the child process: %v", err))
	}
	defer drain(resp.Body)
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		panic(fmt.Sprintf("fakediscord: reading the child process's answer: %v", err))
	}
}

// drain reads a response body to its end and closes it, so that its
// connection is used again rather than closed.
func drain(body io.ReadCloser) {
	io.Copy(io.Discard, body)
	body.Close()
}

// delivery is an interaction as the child delivered it, once answered.
type delivery struct {
	ID, Token, Channel string
	Type               int
	Latency            time.Duration
	Original           string
	Choices            []map[string]any
	Error              string // the endpoint's failure, if any
}

// prepare hands signed interaction p to the child, to deliver later.
func (c *child) prepare(p *SignedPost) error {
	req, err := http.NewRequest(http.MethodPost, c.url+"/fake/prepare", bytes.NewReader(p.body))
	if err != nil {
		return err
	}
	req.Header = p.req.Header.Clone()
	req.Header.Set("X-Fake-Endpoint", p.req.URL.String())
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer drain(resp.Body)
	if resp.StatusCode != http.StatusNoContent {
		data, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("fakediscord: the child process refused the interaction: %s", data)
	}
	return nil
}

// deliver has the child send p, prepared, to the bot's endpoint and
// record the answer.
func (c *child) deliver(p *SignedPost) (*Interaction, error) {
	c.mu.Lock()
	_, err := io.WriteString(c.stdin, "deliver "+p.i.Token+"\n")
	var line []byte
	if err == nil {
		line, err = c.out.ReadBytes('\n')
	}
	c.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("fakediscord: asking the child process to deliver: %w", err)
	}
	var d delivery
	if err := json.Unmarshal(line, &d); err != nil {
		return nil, fmt.Errorf("fakediscord: reading the child process's answer: %w", err)
	}
	if d.ID == "" {
		return nil, fmt.Errorf("%s", d.Error)
	}
	it := &Interaction{ID: d.ID, Token: d.Token, Channel: d.Channel, Type: d.Type, Latency: d.Latency, Original: d.Original,
		Choices: d.Choices, Answered: make(chan struct{})}
	if d.Type != 0 {
		close(it.Answered)
	}
	if d.Error != "" {
		return it, fmt.Errorf("%s", d.Error)
	}
	return it, nil
}

// local panics when s serves in another process: what it was asked needs
// a fake Discord in this one (New).
func (s *Server) local(what string) {
	if s.child != nil {
		panic("fakediscord: " + what + " needs a fake Discord in the test's own process (New), not Start")
	}
}

// control adds the routes the parent process uses: delivering an
// interaction and reading what the fake saw.
func (s *Server) control(mux *http.ServeMux) {
	mux.HandleFunc("POST /fake/prepare", s.prepare)
	mux.HandleFunc("GET /fake/messages", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if n, err := strconv.Atoi(q.Get("last")); err == nil {
			writeJSON(w, s.Recent(q.Get("channel"), n))
			return
		}
		writeJSON(w, s.Messages(q.Get("channel")))
	})
	mux.HandleFunc("GET /fake/message", func(w http.ResponseWriter, r *http.Request) {
		out := []Message{}
		if m, ok := s.Message(r.URL.Query().Get("id")); ok {
			out = append(out, m)
		}
		writeJSON(w, out)
	})
	mux.HandleFunc("GET /fake/replies", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		it := s.byToken[r.URL.Query().Get("token")]
		s.mu.Unlock()
		out := []Message{}
		if it != nil {
			out = append(out, s.Replies(it)...)
		}
		writeJSON(w, out)
	})
	mux.HandleFunc("GET /fake/edits", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, s.OriginalEdits(&Interaction{Token: r.URL.Query().Get("token")}))
	})
	mux.HandleFunc("GET /fake/problems", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, append([]string{}, s.Problems()...))
	})
	mux.HandleFunc("GET /fake/unanswered", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, append([]string{}, s.Unanswered()...))
	})
	mux.HandleFunc("GET /fake/commands", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, append([]map[string]any{}, s.Commands(r.URL.Query().Get("scope"))...))
	})
}

// prepare keeps the parent's signed interaction until it asks for its
// delivery.
func (s *Server) prepare(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req, err := http.NewRequest(http.MethodPost, r.Header.Get("X-Fake-Endpoint"), bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	for _, h := range []string{"Content-Type", "X-Signature-Ed25519", "X-Signature-Timestamp"} {
		req.Header.Set(h, r.Header.Get(h))
	}
	s.mu.Lock()
	s.prepared[i.Token] = &SignedPost{s: s, i: &i, req: req, body: body}
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// deliver sends the prepared interaction of token to the bot's endpoint,
// as Post does, and says what became of it.
func (s *Server) deliver(token string) delivery {
	s.mu.Lock()
	p := s.prepared[token]
	delete(s.prepared, token)
	s.mu.Unlock()
	if p == nil {
		return delivery{Error: "fakediscord: no interaction prepared with token " + token}
	}
	it, err := p.Send()
	if it == nil {
		return delivery{Error: err.Error()}
	}
	s.mu.Lock()
	d := delivery{ID: it.ID, Token: it.Token, Channel: it.Channel, Type: it.Type, Latency: it.Latency, Original: it.Original, Choices: it.Choices}
	s.mu.Unlock()
	if err != nil {
		d.Error = err.Error()
	}
	return d
}
