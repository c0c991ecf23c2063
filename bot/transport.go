package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// OnInteractionCreate is the gateway route: register it with
// discordgo.Session.AddHandler. The first answer goes back through REST.
func (b *Bot) OnInteractionCreate(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	b.handle(i, nil, func(r *discordgo.InteractionResponse) error {
		return b.rest.InteractionRespond(i, r)
	})
}

// HTTPHandler is the HTTP interactions route, for Discord's "Interactions
// Endpoint URL": every request must carry a valid Ed25519 signature by the
// application's public key, with a timestamp within a few minutes of now
// (Discord sends bad ones on purpose to check), or it is answered 401 and
// ignored. Bodies over maxBody are answered 413, and when maxInFlight
// requests are being handled a further one waits briefly, then gets 503.
// GET /healthz answers "ok" for load balancers and probes.
func (b *Bot) HTTPHandler(key ed25519.PublicKey) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok\n")
	})
	places := make(gate, maxInFlight)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "POST interactions here", http.StatusMethodNotAllowed)
			return
		}
		if !places.enter(r.Context()) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		defer places.leave()
		body, err := readSigned(w, r, key, time.Now())
		if err != nil {
			// Do not read what remains of a refused request's body (the
			// server would, to keep the connection): close it instead.
			w.Header().Set("Connection", "close")
		}
		switch {
		case errors.Is(err, errUnsigned):
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		case errors.Is(err, errTooLarge):
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		case err != nil:
			http.Error(w, "cannot read the request", http.StatusBadRequest)
			return
		}
		i, shown, err := decodeInteraction(body)
		if err != nil {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		answered := false
		b.handle(i, shown, func(resp *discordgo.InteractionResponse) error {
			data, err := json.Marshal(resp)
			if err != nil {
				return err
			}
			answered = true
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", strconv.Itoa(len(data)))
			w.WriteHeader(http.StatusOK)
			if _, err := io.Copy(w, bytes.NewReader(data)); err != nil {
				return err
			}
			// Send it now: the work edits the message and posts
			// follow-ups once this returns, which Discord refuses before
			// it has received the first answer.
			if f, ok := w.(http.Flusher); ok {
				f.Flush()
			}
			return nil
		})
		if !answered {
			http.Error(w, "no answer", http.StatusInternalServerError)
		}
	})
	return mux
}
