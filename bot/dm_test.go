package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestDirectMessages: the commands are registered for servers only, and a
// command sent from a direct message anyway is refused clearly and creates
// nothing.
func TestDirectMessages(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither})
	if err := w.bot.Register(w.fake.AppID, ""); err != nil {
		t.Fatal(err)
	}
	for _, c := range w.fake.Commands("") {
		ctxs, _ := c["contexts"].([]any)
		types, _ := c["integration_types"].([]any)
		if len(ctxs) != 1 || ctxs[0] != float64(discordgo.InteractionContextGuild) ||
			len(types) != 1 || types[0] != float64(discordgo.ApplicationIntegrationGuildInstall) {
			t.Errorf("/%s is offered in contexts %v, installs %v; want the server only", c["name"], c["contexts"], c["integration_types"])
		}
	}

	const dm = "660"
	it := w.deliver(w.fake.DM(discordgo.InteractionApplicationCommand, dm, ann, commandData("game", "new", str("scenario", "1937"))))
	if got := w.privateReply(it); !strings.Contains(got, "does not work in direct messages") {
		t.Errorf("/game new in a DM: %q", got)
	}
	if list, err := w.store.List(context.Background(), dm); err != nil || len(list) != 0 {
		t.Errorf("games in the DM: %v %v", list, err)
	}
	it = w.deliver(w.fake.DM(discordgo.InteractionApplicationCommandAutocomplete, dm, ann, commandData("do", "", typing("choice", "sw"))))
	if it.Type != 8 || len(it.Choices) != 0 {
		t.Errorf("autocomplete in a DM: type %d, %d choices", it.Type, len(it.Choices))
	}
	for _, m := range w.fake.Messages(dm) {
		if !m.Ephemeral {
			t.Errorf("a public message in the DM: %q", m.Text())
		}
	}
	w.checkDiscord()
}
