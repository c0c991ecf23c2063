package bot

import (
	"context"
	"log/slog"
	"regexp"
)

// tokenInURL finds the credential in Discord's webhook and interaction
// callback URLs (/webhooks/APP/TOKEN/..., /interactions/ID/TOKEN/...). An
// interaction token lets whoever holds it post as the bot in that channel
// for 15 minutes, and transport errors quote the URL they failed on.
var tokenInURL = regexp.MustCompile(`(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_.\-]+`)

// redact removes interaction tokens from s.
func redact(s string) string { return tokenInURL.ReplaceAllString(s, "${1}REDACTED") }

// redactHandler is a slog.Handler that removes interaction tokens from the
// message and every string-valued attribute (errors are logged as strings)
// before passing the record on.
type redactHandler struct{ next slog.Handler }

func redacting(h slog.Handler) slog.Handler { return redactHandler{h} }

func (h redactHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h redactHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, redact(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h redactHandler) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = redactAttr(a)
	}
	return redactHandler{h.next.WithAttrs(clean)}
}

func (h redactHandler) WithGroup(name string) slog.Handler {
	return redactHandler{h.next.WithGroup(name)}
}

func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redact(v.String()))
	case slog.KindGroup:
		g := v.Group()
		clean := make([]any, len(g))
		for i, x := range g {
			clean[i] = redactAttr(x)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, redact(err.Error()))
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
