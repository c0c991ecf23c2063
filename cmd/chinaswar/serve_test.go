package main

import (
	"bytes"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot"
	"github.com/chinaswar/chinaswar/db"
)

// Without a bot token nothing could post reminders, so serve runs without
// them and says so in one line; with one, they run and nothing is said.
func TestRemindersNeedTheBotToken(t *testing.T) {
	st, err := db.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rest, err := discordgo.New("")
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{Store: st, REST: rest})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		token string
		off   bool
	}{{"", true}, {"a-token", false}} {
		var log bytes.Buffer
		stop, err := startReminders(b, serveOptions{token: tc.token}, slog.New(slog.NewTextHandler(&log, nil)))
		if err != nil {
			t.Fatal(err)
		}
		stop()
		lines := strings.Count(log.String(), "\n")
		said := strings.Contains(log.String(), "reminders are off") && strings.Contains(log.String(), "DISCORD_TOKEN")
		if tc.off && (!said || lines != 1) || !tc.off && lines != 0 {
			t.Errorf("token %q: logged %q", tc.token, log.String())
		}
	}
}
