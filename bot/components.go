package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// components turns a laid-out menu into Discord's action rows.
func components(m commands.Menu) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for _, row := range m.Rows {
		var cs []discordgo.MessageComponent
		for _, c := range row {
			if c.Options != nil {
				one := 1
				sel := discordgo.SelectMenu{CustomID: c.ID, Placeholder: commands.Clip(c.Label, 150), MinValues: &one, MaxValues: 1}
				for _, o := range c.Options {
					sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description})
				}
				cs = append(cs, sel)
				continue
			}
			cs = append(cs, discordgo.Button{CustomID: c.ID, Label: c.Label, Style: buttonStyle(c.Style), Disabled: c.Disabled})
		}
		rows = append(rows, discordgo.ActionsRow{Components: cs})
	}
	return rows
}

func buttonStyle(s commands.Style) discordgo.ButtonStyle {
	switch s {
	case commands.Secondary:
		return discordgo.SecondaryButton
	case commands.Danger:
		return discordgo.DangerButton
	case commands.Success:
		return discordgo.SuccessButton
	}
	return discordgo.PrimaryButton
}

// applicationCommands turns the command layer's slash commands into
// Discord's application commands. Games are played in a server's channels,
// so every command is offered there only: installed with the server, never
// in a direct message with the bot or a group DM (Discord reads contexts
// and integration_types on global commands; a server's own commands are
// offered in that server only anyway).
func applicationCommands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range commands.Slash {
		contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
		installs := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
		out = append(out, &discordgo.ApplicationCommand{Type: discordgo.ChatApplicationCommand, Name: c.Name,
			Description: c.Description, Options: commandOptionsOf(c.Options), Contexts: &contexts, IntegrationTypes: &installs})
	}
	return out
}

func commandOptionsOf(opts []commands.SlashOption) []*discordgo.ApplicationCommandOption {
	out := []*discordgo.ApplicationCommandOption{}
	for _, o := range opts {
		d := &discordgo.ApplicationCommandOption{Name: o.Name, Description: o.Description, Required: o.Required, Autocomplete: o.Autocomplete}
		switch o.Type {
		case commands.SlashSub:
			d.Type = discordgo.ApplicationCommandOptionSubCommand
			d.Options = commandOptionsOf(o.Options)
		case commands.SlashString:
			d.Type = discordgo.ApplicationCommandOptionString
		case commands.SlashInteger:
			d.Type = discordgo.ApplicationCommandOptionInteger
			if o.Max > 0 {
				lo := float64(o.Min)
				d.MinValue, d.MaxValue = &lo, float64(o.Max)
			}
		case commands.SlashBoolean:
			d.Type = discordgo.ApplicationCommandOptionBoolean
		case commands.SlashUser:
			d.Type = discordgo.ApplicationCommandOptionUser
		}
		for _, ch := range o.Choices {
			d.Choices = append(d.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch.Name, Value: ch.Value})
		}
		out = append(out, d)
	}
	return out
}

// Register installs the slash commands for application appID: in one
// guild (instantly, for testing) or, with guild "", globally.
func (b *Bot) Register(appID, guild string) error {
	_, err := b.rest.ApplicationCommandBulkOverwrite(appID, guild, applicationCommands())
	return err
}
