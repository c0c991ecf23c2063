package bot

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// Discord's limits on what a message holds.
const (
	maxContent    = 2000
	maxEmbedTitle = 256
	maxEmbedDesc  = 4096
	maxFieldName  = 256
	maxFieldValue = 1024
	maxFooter     = 2048
	maxEmbedTotal = 6000
	maxFileBytes  = 10 << 20
)

// message is what the bot posts or edits to.
type message struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []file
	// ping lists the users this message notifies; nobody else is pinged,
	// whatever the text mentions.
	ping []string
}

type file struct {
	name string
	data []byte
}

func (m message) discordFiles() []*discordgo.File {
	var out []*discordgo.File
	for _, f := range m.files {
		out = append(out, &discordgo.File{Name: f.name, ContentType: "image/png", Reader: bytes.NewReader(f.data)})
	}
	return out
}

func (m message) mentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: m.ping}
}

// fit clips what could still exceed Discord's limits. Callers split long
// text into several messages first; this is the last guard.
func (m message) fit() message {
	m.content = commands.Clip(m.content, maxContent)
	total := 0
	for _, e := range m.embeds {
		e.Title = commands.Clip(e.Title, maxEmbedTitle)
		e.Description = commands.Clip(e.Description, maxEmbedDesc)
		for _, f := range e.Fields {
			f.Name = commands.Clip(f.Name, maxFieldName)
			f.Value = commands.Clip(f.Value, maxFieldValue)
		}
		if e.Footer != nil {
			e.Footer.Text = commands.Clip(e.Footer.Text, maxFooter)
		}
		total += embedChars(e)
	}
	if total > maxEmbedTotal && len(m.embeds) > 0 {
		e := m.embeds[len(m.embeds)-1]
		over := total - maxEmbedTotal
		e.Description = commands.Clip(e.Description, max(0, utf8.RuneCountInString(e.Description)-over-1))
	}
	var files []file
	size := 0
	for _, f := range m.files {
		if size+len(f.data) <= maxFileBytes {
			files = append(files, f)
			size += len(f.data)
		}
	}
	m.files = files
	if m.content == "" && len(m.embeds) == 0 && len(m.components) == 0 && len(m.files) == 0 {
		m.content = "…"
	}
	return m
}

func embedChars(e *discordgo.MessageEmbed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	if e.Footer != nil {
		n += utf8.RuneCountInString(e.Footer.Text)
	}
	return n
}

// First answers.

func ephemeral(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: commands.Clip(text, maxContent), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}}
}

// deferReply promises a reply to a command: Discord shows "thinking…".
func (c *call) deferReply(private bool) *discordgo.InteractionResponse {
	c.deferred = true
	r := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if private {
		r.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return r
}

// deferUpdate promises an edit of the message a clicked control is on.
func deferUpdate() *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
}

// Work after the first answer.

// edit replaces the deferred reply, or the clicked message: in the
// click's first answer when it is still to be sent, else by editing it.
// Files are only sent in an edit: a first answer with files would have to
// be multipart, and no click's own message carries any.
func (c *call) edit(ctx context.Context, m message) error {
	m = m.fit()
	switch {
	case c.handoff == nil:
	case len(m.files) > 0:
		c.answered()
	default:
		if taken, err := c.answerWith(updateMessage(m)); taken && err == nil {
			return nil
		}
		// Not the first answer, or sending it failed: edit. If Discord
		// received the answer after all, the edit is the same; if not,
		// it fails as any edit would, and is treated as one.
	}
	comps := wireComponents(m.components)
	embeds := m.embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	edit := &discordgo.WebhookEdit{Content: &m.content, Embeds: &embeds, Components: &comps, Files: m.discordFiles(), AllowedMentions: m.mentions()}
	var err error
	if len(edit.Files) == 0 {
		// Discord answers with the whole message, components and all,
		// which discordgo would decode (several times over) for nothing.
		_, err = c.b.rest.RequestWithBucketID(http.MethodPatch, discordgo.EndpointWebhookMessage(c.i.AppID, c.i.Token, "@original"),
			edit, discordgo.EndpointWebhookToken("", ""), discordgo.WithContext(ctx))
	} else {
		_, err = c.b.rest.InteractionResponseEdit(c.i, edit, discordgo.WithContext(ctx))
	}
	if err == nil {
		c.deferred = false
	}
	return err
}

// followup posts a new message in the interaction's channel.
func (c *call) followup(ctx context.Context, m message, private bool) (*discordgo.Message, error) {
	c.answered()
	m = m.fit()
	p := &discordgo.WebhookParams{Content: m.content, Embeds: m.embeds, Files: m.discordFiles(), AllowedMentions: m.mentions()}
	if m.components != nil {
		p.Components = wireComponents(m.components)
	}
	if private {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	return c.b.rest.FollowupMessageCreate(c.i, true, p, discordgo.WithContext(ctx))
}

// reply answers a deferred command with text, split over several messages
// when long: the first replaces "thinking…", the others follow with the
// same visibility.
func (c *call) reply(ctx context.Context, text string, private bool) error {
	return c.replyParts(ctx, commands.Split(text, maxContent), private)
}

// codeReply is reply for fixed-width text, each part in a code block.
func (c *call) codeReply(ctx context.Context, text string, private bool) error {
	parts := commands.Split(text, maxContent-10)
	for i, p := range parts {
		parts[i] = "```\n" + strings.TrimRight(p, "\n") + "\n```"
	}
	return c.replyParts(ctx, parts, private)
}

func (c *call) replyParts(ctx context.Context, parts []string, private bool) error {
	if len(parts) == 0 {
		parts = []string{"…"}
	}
	if err := c.edit(ctx, message{content: parts[0]}); err != nil {
		return err
	}
	for _, p := range parts[1:] {
		if _, err := c.followup(ctx, message{content: p}, private); err != nil {
			return err
		}
	}
	return nil
}

// tell gives the user a short private message: the deferred reply if the
// interaction was a command; after a click, the click's first answer if it
// is still to be sent, else an ephemeral follow-up.
func (c *call) tell(text string) {
	if taken, _ := c.answerWith(ephemeral(text)); taken {
		return // a failure to send it is logged with the interaction
	}
	ctx, cancel := context.WithTimeout(c.b.ctx, 30*time.Second)
	defer cancel()
	var err error
	if c.deferred || c.i.Type == discordgo.InteractionApplicationCommand {
		err = c.reply(ctx, text, true)
	} else {
		_, err = c.followup(ctx, message{content: text}, true)
	}
	if err != nil {
		c.fail(err)
	}
}

// refuse tells the user why nothing was done.
func (c *call) refuse(outcome, text string) {
	c.outcome = outcome
	c.tell(text)
}
