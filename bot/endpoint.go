package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"net"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/net/netutil"
)

// Limits of the HTTP interactions endpoint. It faces the internet: anyone
// can connect and send anything, and only a valid signature tells Discord's
// requests from a stranger's. So everything a request can cost before its
// signature is checked is bounded: its headers, its body, how long it may
// take to arrive, how many are read at once and how many connections are
// open.
const (
	// maxBody bounds an interaction request. Real ones are a few kilobytes;
	// the largest (a message command with its resolved message) stay well
	// under this.
	maxBody = 256 << 10
	// maxHeaderBytes bounds a request's headers.
	maxHeaderBytes = 16 << 10
	// maxInFlight bounds the requests being read and answered at once, so
	// that bodies in memory are at most maxInFlight × maxBody.
	maxInFlight = 64
	// inFlightWait is how long a request waits for a place before it is
	// answered 503.
	inFlightWait = 2 * time.Second
	// maxConns bounds open connections; more wait to be accepted.
	maxConns = 512
	// bodyTimeout is how long a request's body may take to arrive once its
	// headers are in: Discord sends it at once.
	bodyTimeout = 5 * time.Second
	// stampWindow is how far a signature's timestamp may be from now. A
	// signed request replayed later is refused by its timestamp; one
	// replayed sooner by its interaction id (db.ClaimInteraction).
	stampWindow = 5 * time.Minute
)

// newServer is the HTTP server of the interactions endpoint, with every
// timeout set: a connection that sends nothing, or sends slowly, is cut.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		// The first answer is due within Discord's 3 seconds; the work
		// after it runs in the background and does not hold the response.
		WriteTimeout:   10 * time.Second,
		IdleTimeout:    time.Minute,
		MaxHeaderBytes: maxHeaderBytes,
	}
}

// limitConns bounds the open connections of ln.
func limitConns(ln net.Listener) net.Listener { return netutil.LimitListener(ln, maxConns) }

// gate bounds the requests being handled at once.
type gate chan struct{}

// enter waits for a place until inFlightWait or ctx ends.
func (g gate) enter(ctx context.Context) bool {
	select {
	case g <- struct{}{}:
		return true
	default:
	}
	t := time.NewTimer(inFlightWait)
	defer t.Stop()
	select {
	case g <- struct{}{}:
		return true
	case <-t.C:
		return false
	case <-ctx.Done():
		return false
	}
}

func (g gate) leave() { <-g }

// errUnsigned is a request without a valid signature or timestamp.
var errUnsigned = errors.New("invalid request signature")

// errTooLarge is a body over maxBody.
var errTooLarge = errors.New("request body too large")

// readSigned reads r's body after checking what can be checked without it,
// and returns it once its Ed25519 signature by key is verified. The headers
// come first: a request without a well-formed signature, or with a
// timestamp outside stampWindow of now, is refused before a byte of its
// body is read. The body is read once, into the buffer the signature is
// checked over (timestamp + body).
func readSigned(w http.ResponseWriter, r *http.Request, key ed25519.PublicKey, now time.Time) ([]byte, error) {
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, errUnsigned
	}
	stamp := r.Header.Get("X-Signature-Timestamp")
	sec, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return nil, errUnsigned
	}
	if d := now.Sub(time.Unix(sec, 0)); d > stampWindow || d < -stampWindow {
		return nil, errUnsigned
	}
	if r.ContentLength > maxBody {
		return nil, errTooLarge
	}
	// The server's ReadTimeout bounds the whole request; the body gets a
	// shorter deadline of its own, since its headers arrived already.
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	var buf bytes.Buffer
	size := int64(512)
	if r.ContentLength > 0 {
		size = r.ContentLength
	}
	buf.Grow(len(stamp) + int(size))
	buf.WriteString(stamp)
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBody)); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, errTooLarge
		}
		return nil, err
	}
	msg := buf.Bytes()
	if !ed25519.Verify(key, msg, sig) {
		return nil, errUnsigned
	}
	return msg[len(stamp):], nil
}
