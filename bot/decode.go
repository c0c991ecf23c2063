package bot

import (
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// interactionFields are discordgo.Interaction's fields without its
// decoder.
type interactionFields discordgo.Interaction

// decodeInteraction decodes an interaction from the HTTP route as
// discordgo does, except for the message a click was made on: of that it
// keeps the id and channel, and returns the rest as it came. discordgo
// decodes a message's components several times over (each level finds its
// type first), which made up most of the cost of reading a click; the
// rest is decoded only on the rare click that needs it (shownMessage).
func decodeInteraction(body []byte) (*discordgo.Interaction, json.RawMessage, error) {
	var v struct {
		interactionFields
		Data    json.RawMessage `json:"data"`
		Message json.RawMessage `json:"message"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, nil, err
	}
	i := discordgo.Interaction(v.interactionFields)
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var d discordgo.ApplicationCommandInteractionData
		err = json.Unmarshal(v.Data, &d)
		i.Data = d
	case discordgo.InteractionMessageComponent:
		var d discordgo.MessageComponentInteractionData
		err = json.Unmarshal(v.Data, &d)
		i.Data = d
	case discordgo.InteractionModalSubmit:
		var d discordgo.ModalSubmitInteractionData
		err = json.Unmarshal(v.Data, &d)
		i.Data = d
	}
	if err != nil {
		return nil, nil, fmt.Errorf("interaction data: %w", err)
	}
	if len(v.Message) == 0 || string(v.Message) == "null" {
		return &i, nil, nil
	}
	var m struct {
		ID        string `json:"id"`
		ChannelID string `json:"channel_id"`
	}
	if err := json.Unmarshal(v.Message, &m); err != nil {
		return nil, nil, fmt.Errorf("interaction message: %w", err)
	}
	i.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID}
	return &i, v.Message, nil
}

// shownMessage is the message the interaction was made on, whole, or nil.
func (c *call) shownMessage() *discordgo.Message {
	if c.shown == nil {
		return c.i.Message
	}
	var m discordgo.Message
	if err := json.Unmarshal(c.shown, &m); err != nil {
		c.b.log.Warn("reading the message clicked", "interaction", c.i.ID, "error", err)
		return nil
	}
	return &m
}
