package commands

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// The slash commands, described without any transport: the bot turns them
// into Discord's application commands. Keeping them here lets a test hold
// every definition to Discord's limits and keeps the wording next to the
// text the commands print.

// SlashType is the type of a slash-command option.
type SlashType int

const (
	SlashSub SlashType = iota // a subcommand, whose Options are its own
	SlashString
	SlashInteger
	SlashBoolean
	SlashUser
)

// SlashCommand is a command or a subcommand.
type SlashCommand struct {
	Name, Description string
	Options           []SlashOption
}

// SlashOption is an option of a command, or a subcommand (Type SlashSub).
type SlashOption struct {
	Type              SlashType
	Name, Description string
	Required          bool
	Autocomplete      bool
	Choices           []SlashChoice
	Min, Max          int // SlashInteger bounds when Max > 0
	Options           []SlashOption
}

// SlashChoice is a fixed value of a string option.
type SlashChoice struct{ Name, Value string }

// share is the option that makes a lookup's answer visible to the channel.
var share = SlashOption{Type: SlashBoolean, Name: "share", Description: "Show the answer to the whole channel (default: only to you)"}

func factionOption(required bool, desc string) SlashOption {
	o := SlashOption{Type: SlashString, Name: "faction", Description: desc, Required: required}
	for _, f := range engine.Factions {
		o.Choices = append(o.Choices, SlashChoice{Name: factionTitles[f], Value: f.String()})
	}
	return o
}

// aiOption names an AI level (engine/ai) for a seat.
func aiOption(desc string) SlashOption {
	o := SlashOption{Type: SlashString, Name: "ai", Description: desc}
	for _, l := range ai.Levels {
		o.Choices = append(o.Choices, SlashChoice{Name: l.Name, Value: strings.ToLower(l.Name)})
	}
	return o
}

// onTimeoutChoices are what a deadline may do: Pass, or have the AI play
// the turn at a level (Normal first: the one to pick without a reason).
func onTimeoutChoices() []SlashChoice {
	out := []SlashChoice{{Name: "Pass (an Eligible faction choosing its action; the default)", Value: "pass"}}
	levels := append([]ai.Level{ai.Normal}, slices.DeleteFunc(slices.Clone(ai.Levels), func(l ai.Level) bool { return l == ai.Normal })...)
	for _, l := range levels {
		out = append(out, SlashChoice{Name: "The AI plays the turn (" + l.Name + ")", Value: strings.ToLower(l.Name)})
	}
	return out
}

// aiSeatOption gives faction f to the AI at /game new: one option per
// faction, named by it (nat:normal), so the seats read as a setup sheet.
func aiSeatOption(f engine.Faction) SlashOption {
	o := aiOption("Give " + factionTitles[f] + " to the AI at this level (members join the others)")
	o.Name = strings.ToLower(f.String())
	for i := range o.Choices {
		o.Choices[i].Name = "AI (" + o.Choices[i].Name + ")"
	}
	return o
}

// giveTo and giveFrom are the factions of a voluntary transfer.
var (
	giveTo   = namedFaction("to", true, "The faction receiving the Resources")
	giveFrom = namedFaction("from", false, "The faction giving (default: your seat; needed if you hold several)")
)

func namedFaction(name string, required bool, desc string) SlashOption {
	o := factionOption(required, desc)
	o.Name = name
	return o
}

// leagueDefault describes an optional league name.
const leagueDefault = "The league (default: this server's only league, or the only one you joined)"

func leagueName(required bool, desc string) SlashOption {
	return SlashOption{Type: SlashString, Name: "name", Description: desc, Required: required}
}

// factionTitles name the factions for people.
var factionTitles = [engine.NumFactions]string{
	engine.JPN: "JPN (Japan)",
	engine.NAT: "NAT (Nationalists)",
	engine.WLD: "WLD (Warlords)",
	engine.CPC: "CPC (Communists)",
}

// Slash lists every slash command.
var Slash = []SlashCommand{
	{Name: "game", Description: "Set up, join, start or end this channel's game", Options: []SlashOption{
		{Type: SlashSub, Name: "new", Description: "Open a new game in this channel; players then join", Options: []SlashOption{
			{Type: SlashString, Name: "scenario", Description: "Which scenario", Required: true, Choices: []SlashChoice{
				{Name: "1937: Full campaign", Value: "1937"}, {Name: "1938: Short campaign", Value: "1938"}}},
			{Type: SlashString, Name: "rules", Description: "Optional rules, comma-separated, e.g. elig-a,teams=JPN+CPC/NAT+WLD"},
			{Type: SlashString, Name: "league", Description: "League to report the result to (/league create); you must have joined it"},
			aiSeatOption(engine.JPN), aiSeatOption(engine.NAT), aiSeatOption(engine.WLD), aiSeatOption(engine.CPC),
		}},
		{Type: SlashSub, Name: "join", Description: "Take a faction (you may hold several), or give it to the AI (host)", Options: []SlashOption{
			factionOption(true, "The faction to play"), aiOption("Give the faction to the AI at this level instead (host or Manage Channels)")}},
		{Type: SlashSub, Name: "leave", Description: "Give up your faction(s); the game waits for a new player", Options: []SlashOption{
			factionOption(false, "The faction to give up (default: all of yours)")}},
		{Type: SlashSub, Name: "seats", Description: "Who plays which faction, and whose turn it is"},
		{Type: SlashSub, Name: "start", Description: "Start the game once all four factions are seated"},
		{Type: SlashSub, Name: "replace", Description: "Give a faction to another member (host or Manage Channels)", Options: []SlashOption{
			factionOption(true, "The faction to hand over"),
			{Type: SlashUser, Name: "member", Description: "Who takes it (or name an AI level)"},
			aiOption("Hand the faction to the AI at this level instead of a member")}},
		{Type: SlashSub, Name: "abandon", Description: "End the game unfinished (host or Manage Channels; asks first)"},
		{Type: SlashSub, Name: "chart", Description: "The four victory margins card by card, Propaganda Rounds shaded", Options: []SlashOption{share}},
	}},
	{Name: "league", Description: "Community leagues: rated games, standings and seasons", Options: []SlashOption{
		{Type: SlashSub, Name: "create", Description: "Start a league in this server; you are its first member", Options: []SlashOption{
			leagueName(true, "The league's name, unique in this server")}},
		{Type: SlashSub, Name: "join", Description: "Join a league, so that your league games count", Options: []SlashOption{
			leagueName(true, "The league to join")}},
		{Type: SlashSub, Name: "info", Description: "A league's season, members and games (no name: all leagues here)", Options: []SlashOption{
			leagueName(false, leagueDefault), share}},
		{Type: SlashSub, Name: "standings", Description: "A season's table: points, wins and ratings", Options: []SlashOption{
			leagueName(false, leagueDefault),
			{Type: SlashInteger, Name: "season", Description: "Which season (default: the current one)", Min: 1, Max: 1000}, share}},
		{Type: SlashSub, Name: "factions", Description: "How each faction fares in a league: wins, margins, strength", Options: []SlashOption{
			leagueName(false, leagueDefault), share}},
		{Type: SlashSub, Name: "season", Description: "Close the current season and start the next (creator or Manage Server)", Options: []SlashOption{
			leagueName(false, leagueDefault)}},
		{Type: SlashSub, Name: "ai", Description: "Whether games with AI seats are rated (creator or Manage Server); no option shows it", Options: []SlashOption{
			{Type: SlashBoolean, Name: "rated", Description: "True: rate them, each AI level with its own rating; false: list them as unrated"},
			leagueName(false, leagueDefault)}},
		{Type: SlashSub, Name: "player", Description: "A member's rating over time", Options: []SlashOption{
			{Type: SlashUser, Name: "member", Description: "Whose rating (default: yours)"},
			leagueName(false, leagueDefault), share}},
	}},
	{Name: "do", Description: "Make your decision: a choice, or several separated by ;", Options: []SlashOption{
		{Type: SlashString, Name: "choice", Description: "A legal choice (pick from the list) or a script: sweep; Hebei; 3; done", Required: true, Autocomplete: true}}},
	{Name: "undo", Description: "Take back your last decision in the current action"},
	{Name: "why", Description: "Why the AI chose its last action: its best alternatives, in numbers", Options: []SlashOption{share}},
	{Name: "give", Description: "Transfer Resources while a faction executes (1.5.2)", Options: []SlashOption{
		{Type: SlashSub, Name: "resources", Description: "Give Resources to another faction; it or you must be executing", Options: []SlashOption{
			giveTo,
			{Type: SlashInteger, Name: "amount", Description: "How many Resources", Required: true, Min: 1, Max: 60},
			giveFrom}},
		{Type: SlashSub, Name: "patronage", Description: "NAT gives Patronage to WLD Resources, one for one", Options: []SlashOption{
			{Type: SlashInteger, Name: "amount", Description: "How much Patronage", Required: true, Min: 1, Max: 60}}},
	}},
	{Name: "status", Description: "Tracks, cards, eligibility and victory", Options: []SlashOption{share}},
	{Name: "board", Description: "The board as a picture, or a close-up of one space", Options: []SlashOption{
		{Type: SlashString, Name: "space", Description: "Show a close-up of this space and its neighbours", Autocomplete: true}, share}},
	{Name: "space", Description: "A space's pieces, Control, Support and neighbours", Options: []SlashOption{
		{Type: SlashString, Name: "name", Description: "The space (old names like Szechwan work too)", Required: true, Autocomplete: true}, share}},
	{Name: "card", Description: "A card's text (the deck is a stand-in, not the published cards)", Options: []SlashOption{
		{Type: SlashString, Name: "card", Description: "Number or title (default: the current card)", Autocomplete: true}, share}},
	{Name: "log", Description: "The last lines of the game log", Options: []SlashOption{
		{Type: SlashInteger, Name: "lines", Description: "How many lines (default 20)", Min: 1, Max: 200}, share}},
	{Name: "victory", Description: "Victory totals, margins and the ranking if the game ended now", Options: []SlashOption{share}},
	{Name: "forces", Description: "Available, Casualties and Out of Play pieces", Options: []SlashOption{share}},
	{Name: "remind", Description: "Reminders for stalled turns", Options: []SlashOption{
		{Type: SlashSub, Name: "game", Description: "This game's reminders (host or Manage Channels); no option shows them", Options: []SlashOption{
			{Type: SlashString, Name: "interval", Description: "Time between reminders, e.g. 12h, 90m, 1d (at least 10m)"},
			{Type: SlashInteger, Name: "escalate-after", Description: "Unanswered reminders before the host is told (0: never)", Min: 0, Max: 50},
			{Type: SlashInteger, Name: "stop-after", Description: "Reminders after which they stop (0: never stop)", Min: 0, Max: 50},
			{Type: SlashString, Name: "timeout", Description: "Deadline for each decision, e.g. 2d; off: none. What then happens: on-timeout"},
			{Type: SlashString, Name: "on-timeout", Description: "At the deadline: Pass (if legal; else the host is told) or let the AI play the turn", Choices: onTimeoutChoices()}}},
		{Type: SlashSub, Name: "me", Description: "Your reminders in every game; no option shows them", Options: []SlashOption{
			{Type: SlashString, Name: "zone", Description: "Your time zone, e.g. Europe/Paris or Asia/Tokyo (default UTC)"},
			{Type: SlashString, Name: "quiet", Description: "Local hours without reminders, e.g. 22:00-07:30; off: none"},
			{Type: SlashString, Name: "snooze", Description: "Hold your reminders in this channel's game back, e.g. 8h; off lifts it"},
			{Type: SlashBoolean, Name: "opt-out", Description: "True: no reminders for you at all; false: reminders again"}}},
	}},
	{Name: "help", Description: "How to play here, the rules, and where the map and cards come from", Options: []SlashOption{share}},
}

// Discord's limits on application commands.
var (
	slashName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)
)

const (
	maxSlashOptions = 25
	maxSlashChoices = 25
	maxSlashDesc    = 100
	maxSlashChars   = 4000 // names, descriptions and choice values of one command, together
)

// CheckSlash reports every way a command breaks Discord's limits: names
// (lowercase, 1-32 letters, digits, - or _), descriptions (1-100
// characters), at most 25 options and 25 choices, required options before
// optional ones, unique names, and at most 4000 characters in all.
func CheckSlash(c SlashCommand) []error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("/%s: "+format, append([]any{c.Name}, args...)...))
	}
	total := checkName(c.Name, c.Description, bad)
	total += checkOptions(c.Options, bad, 0)
	if total > maxSlashChars {
		bad("%d characters in all, more than %d", total, maxSlashChars)
	}
	return errs
}

func checkName(name, desc string, bad func(string, ...any)) int {
	if !slashName.MatchString(name) || strings.ToLower(name) != name {
		bad("name %q must be 1-32 lowercase letters, digits, - or _", name)
	}
	if n := utf8.RuneCountInString(desc); n < 1 || n > maxSlashDesc {
		bad("%q: description of %d characters, want 1-%d", name, n, maxSlashDesc)
	}
	return utf8.RuneCountInString(name) + utf8.RuneCountInString(desc)
}

func checkOptions(opts []SlashOption, bad func(string, ...any), depth int) int {
	if len(opts) > maxSlashOptions {
		bad("%d options, at most %d", len(opts), maxSlashOptions)
	}
	total := 0
	seen := map[string]bool{}
	optional := false
	for _, o := range opts {
		total += checkName(o.Name, o.Description, bad)
		if seen[o.Name] {
			bad("option %q twice", o.Name)
		}
		seen[o.Name] = true
		if o.Type == SlashSub {
			if depth > 0 {
				bad("subcommand %q nested too deep", o.Name)
			}
			total += checkOptions(o.Options, bad, depth+1)
			continue
		}
		if o.Required && optional {
			bad("required option %q after an optional one", o.Name)
		}
		optional = optional || !o.Required
		if len(o.Choices) > maxSlashChoices {
			bad("option %q has %d choices, at most %d", o.Name, len(o.Choices), maxSlashChoices)
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			bad("option %q has both choices and autocomplete", o.Name)
		}
		for _, ch := range o.Choices {
			if n := utf8.RuneCountInString(ch.Name); n < 1 || n > MaxSuggestion {
				bad("option %q: choice name %q must be 1-100 characters", o.Name, ch.Name)
			}
			if len(ch.Value) > MaxSuggestion {
				bad("option %q: choice value %q longer than 100", o.Name, ch.Value)
			}
			total += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(ch.Value)
		}
	}
	return total
}
