package bot

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// retryDelays are the waits before each new attempt of a Discord call that
// failed in a way that may pass: briefly, since a member is waiting.
var retryDelays = []time.Duration{200 * time.Millisecond, 800 * time.Millisecond}

// errUnknownWebhook is Discord's code for an interaction token it does not
// know yet: an edit can race the interaction's first answer.
const errUnknownWebhook = 10015

// retryable reports whether a failed Discord call may succeed if sent
// again: Unknown Webhook (the call raced the interaction's first answer),
// a server error, or a timeout. A call that is not idempotent (a new
// message) is sent again only when Discord surely did not act on it: a
// 500 or a timeout may come after the message was made, and a second one
// would be a duplicate. Anything else (a deleted message, a missing
// permission, a bad request) fails the same way every time.
func retryable(err error, idempotent bool) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		switch code := re.Response.StatusCode; {
		case code == http.StatusNotFound:
			return re.Message != nil && re.Message.Code == errUnknownWebhook
		case code == http.StatusBadGateway, code == http.StatusServiceUnavailable:
			return true
		case code >= http.StatusInternalServerError:
			return idempotent
		}
		return false
	}
	var ne net.Error
	return idempotent && errors.As(err, &ne) && ne.Timeout()
}

// retry runs call until it succeeds, fails for good, or has been tried
// once more than there are retryDelays, and returns its last error.
// idempotent says whether sending call twice does no harm (an edit).
func retry(ctx context.Context, idempotent bool, call func() error) error {
	err := call()
	for _, d := range retryDelays {
		if err == nil || !retryable(err, idempotent) {
			return err
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(d):
		}
		err = call()
	}
	return err
}
