package bot

import (
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// FuzzInteraction: any interaction body the endpoint decodes (a correctly
// signed one, whatever it holds) gets a first answer that encodes, without
// a panic. The deferred work after the answer is covered by the end-to-end
// tests; here it is not run, which keeps each input fast.
func FuzzInteraction(f *testing.F) {
	w := newWorld(f, worldOptions{route: viaHTTP})
	const ch = "690"
	w.setup(ch, "")
	msg, _, _ := w.turnMessage(ch)
	for _, i := range []*discordgo.Interaction{
		w.fake.Interaction(discordgo.InteractionPing, "", ann, nil, nil),
		w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, ann, commandData("status", ""), nil),
		w.fake.Interaction(discordgo.InteractionApplicationCommand, ch, ann, commandData("do", "", str("choice", "pass")), nil),
		w.fake.Interaction(discordgo.InteractionApplicationCommandAutocomplete, ch, ann, commandData("do", "", typing("choice", "sw")), nil),
		w.fake.Interaction(discordgo.InteractionMessageComponent, ch, ann, map[string]any{"custom_id": msg.Controls()[0].CustomID, "component_type": 2}, &msg),
	} {
		body, err := json.Marshal(i)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(body)
	}
	f.Add([]byte(`{"type":2}`))
	f.Add([]byte(`{"type":3,"data":{"custom_id":"c1:a:1:-:0"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			return // answered 400 by the endpoint
		}
		c := newCall(w.bot, &i)
		resp, _ := c.firstAnswer() // the work after it is not run here
		if resp == nil {
			t.Fatalf("%q got no first answer", body)
		}
		if c.outcome == "error: panic" {
			t.Fatalf("%q panicked: %v", body, c.err)
		}
		if _, err := json.Marshal(resp); err != nil {
			t.Fatalf("%q: the answer does not encode: %v", body, err)
		}
	})
}
