package bot

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`Patch "https://discord.com/api/v9/webhooks/900000000000000001/aW50ZXJhY3Rpb246MTIz.abc-_X/messages/@original": context deadline exceeded`,
			`Patch "https://discord.com/api/v9/webhooks/900000000000000001/REDACTED/messages/@original": context deadline exceeded`},
		{`Post "http://127.0.0.1:4/api/v9/interactions/123/tok-456/callback": dial tcp: connection refused`,
			`Post "http://127.0.0.1:4/api/v9/interactions/123/REDACTED/callback": dial tcp: connection refused`},
		{"HTTP 404 Not Found, {\"message\": \"Unknown Webhook\"}", "HTTP 404 Not Found, {\"message\": \"Unknown Webhook\"}"},
		{"/channels/123/messages/456", "/channels/123/messages/456"},
	} {
		if got := redact(tc.in); got != tc.want {
			t.Errorf("redact(%q)\n= %q\nwant %q", tc.in, got, tc.want)
		}
	}
	var buf bytes.Buffer
	log := slog.New(redacting(slog.NewTextHandler(&buf, nil))).With("url", "/webhooks/1/secret-a/x")
	log.Error("edit /interactions/2/secret-b/callback failed", "error", errors.New("Post /webhooks/3/secret-c/x"),
		slog.Group("g", "e", "/webhooks/4/secret-d"))
	if strings.Contains(buf.String(), "secret") {
		t.Errorf("a token was logged: %s", buf.String())
	}
}

// TestTokensNotLogged: when Discord cannot be reached, the transport errors
// logged do not carry the interaction tokens in the URLs they quote.
func TestTokensNotLogged(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaGateway})
	i := w.fake.Interaction(discordgo.InteractionApplicationCommand, "670", ann, commandData("status", ""), nil)
	w.fake.Close() // every REST call now fails with a transport error
	w.fake.Expect(i)
	w.bot.OnInteractionCreate(nil, &discordgo.InteractionCreate{Interaction: i})
	w.bot.Wait()
	logged := ""
	for _, l := range w.logs.lines() {
		if e, ok := l["error"].(string); ok {
			logged += e + "\n"
		}
	}
	if !strings.Contains(logged, "/interactions/") {
		t.Fatalf("the failed answer was not logged with its URL: %q", logged)
	}
	if strings.Contains(logged, i.Token) {
		t.Errorf("an interaction token was logged: %s", logged)
	}
}
