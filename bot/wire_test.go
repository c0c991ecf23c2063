package bot

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestWireComponents: controls encoded by wireComponents read as discordgo
// encodes them, for every turn message of a game's first clicks and for
// other rows; what it does not know is left to discordgo.
func TestWireComponents(t *testing.T) {
	one := 1
	cases := [][]discordgo.MessageComponent{
		nil,
		{},
		{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Snooze", CustomID: "snooze:1", Style: discordgo.SecondaryButton},
			discordgo.Button{Label: "No style", CustomID: "b"},
			discordgo.Button{Label: "Off", CustomID: "c", Disabled: true, Emoji: &discordgo.ComponentEmoji{Name: "✔"}},
			discordgo.Button{Label: "Link", Style: discordgo.LinkButton, URL: "https://example.com"},
		}}},
		{discordgo.ActionsRow{ID: 3, Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "m", Placeholder: "Pick", MinValues: &one, MaxValues: 1,
			Options: []discordgo.SelectMenuOption{{Label: "A", Value: "a", Description: "the first"}, {Label: "B", Value: "b", Default: true}}}}}},
	}
	w := newWorld(t, worldOptions{route: viaHTTP})
	w.setup("670", "")
	for range 25 {
		g := w.game("670")
		for page := range 2 {
			cases = append(cases, w.bot.turnMessage(g, g.Engine, g.Seq, page, false).fit().components)
		}
		msg, _, _ := w.turnMessage("670")
		custom, values := w.anyChoice(msg)
		w.click(memberFor(g.Engine.Prompt().Faction), msg, custom, values...)
	}
	for i, cs := range cases {
		want := asJSON(t, cs)
		if len(cs) == 0 {
			want = asJSON(t, []discordgo.MessageComponent{})
		}
		if got := asJSON(t, wireComponents(cs)); !reflect.DeepEqual(got, want) {
			t.Errorf("case %d:\n got %v\nwant %v", i, got, want)
		}
	}

	other := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "t", Label: "Text"}}}}
	if got := wireComponents(other); !reflect.DeepEqual(got, other) {
		t.Errorf("a row with a text input was changed: %v", got)
	}
}

// asJSON is v encoded and decoded again, to compare as values.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
