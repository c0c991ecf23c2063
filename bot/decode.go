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
// reads the id and channel only, and returns the body, from which the rest
// is decoded on the rare click that needs it (shownMessage). discordgo
// decodes a message's components several times over (each level finds its
// type first), which made up most of the cost of reading a click; and the
// message is most of a click's body, so it is scanned as few times as
// encoding/json allows: once to check the body, once to skip what is not
// read.
func decodeInteraction(body []byte) (*discordgo.Interaction, json.RawMessage, error) {
	var v struct {
		interactionFields
		Data    json.RawMessage `json:"data"`
		Message *struct {
			ID        string `json:"id"`
			ChannelID string `json:"channel_id"`
		} `json:"message"`
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
	if v.Message == nil {
		return &i, nil, nil
	}
	i.Message = &discordgo.Message{ID: v.Message.ID, ChannelID: v.Message.ChannelID}
	return &i, body, nil
}

// shownMessage is the message the interaction was made on, whole, or nil.
func (c *call) shownMessage() *discordgo.Message {
	if c.shown == nil {
		return c.i.Message
	}
	var v struct {
		Message *discordgo.Message `json:"message"`
	}
	if err := json.Unmarshal(c.shown, &v); err != nil || v.Message == nil {
		c.b.log.Warn("reading the message clicked", "interaction", c.i.ID, "error", err)
		return nil
	}
	return v.Message
}
