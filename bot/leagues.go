package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/commands/league"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/chart"
)

// Community leagues: /league, the league of /game new, the results recorded
// when a league game ends or is abandoned, and the margin chart of /game
// chart and of every final ranking. The store keeps results only; ratings
// are recomputed from them (league.Recompute) each time they are shown.

// leagueCommand answers /league.
func (c *call) leagueCommand(ctx context.Context, sub string, o options, private bool) error {
	if c.i.GuildID == "" {
		return refused("refused: no server", "Leagues belong to a server: use /league in one of its channels.")
	}
	switch sub {
	case "create":
		return c.leagueCreate(ctx, o)
	case "info":
		if o.str("name") == "" {
			if list, err := c.b.store.Leagues(ctx, c.i.GuildID); err == nil && len(list) != 1 {
				return c.leagueList(ctx, list, private)
			}
		}
	}
	l, err := c.leagueArg(ctx, o.str("name"))
	if err != nil {
		return err
	}
	switch sub {
	case "join":
		return c.leagueJoin(ctx, l)
	case "info":
		return c.leagueInfo(ctx, l, private)
	case "standings":
		return c.leagueStandings(ctx, l, o.integer("season", 0), private)
	case "factions":
		return c.leagueFactions(ctx, l, private)
	case "season":
		return c.leagueSeason(ctx, l)
	case "ai":
		return c.leagueAI(ctx, l, o)
	case "player":
		member, name := o.str("member"), ""
		if member == "" {
			member, name = c.userID(), c.displayName()
		} else {
			name = resolvedName(c.i, member)
		}
		return c.leaguePlayer(ctx, l, member, name, private)
	}
	return refused("refused: unknown subcommand", "Unknown /league subcommand; see /help.")
}

// resolvedName is how Discord named a user option's member, or "".
func resolvedName(i *discordgo.Interaction, id string) string {
	if d, ok := i.Data.(discordgo.ApplicationCommandInteractionData); ok && d.Resolved != nil {
		if u := d.Resolved.Users[id]; u != nil {
			if u.GlobalName != "" {
				return u.GlobalName
			}
			return u.Username
		}
	}
	return ""
}

// leagueArg finds the league a command names; with no name, the server's
// only league, or else the only one the member has joined. It tells the
// member why (an error) when there is none.
func (c *call) leagueArg(ctx context.Context, name string) (db.League, error) {
	if name != "" {
		l, err := c.b.store.LeagueByName(ctx, c.i.GuildID, name)
		if errors.Is(err, db.ErrNoLeague) {
			return l, refused("refused: no league", fmt.Sprintf("There is no league called %q in this server. %s", name, c.leagueNames(ctx)))
		}
		return l, err
	}
	list, err := c.b.store.Leagues(ctx, c.i.GuildID)
	if err != nil {
		return db.League{}, err
	}
	if len(list) == 1 {
		return list[0], nil
	}
	var mine []db.League
	for _, l := range list {
		if ok, err := c.b.store.IsLeagueMember(ctx, l.ID, c.userID()); err == nil && ok {
			mine = append(mine, l)
		}
	}
	if len(mine) == 1 {
		return mine[0], nil
	}
	if len(list) == 0 {
		return db.League{}, refused("refused: no league", "This server has no league yet: `/league create` starts one.")
	}
	return db.League{}, refused("refused: which league", "Name the league (option `name`). "+c.leagueNames(ctx))
}

// leagueNames lists the server's leagues for an error message.
func (c *call) leagueNames(ctx context.Context) string {
	list, err := c.b.store.Leagues(ctx, c.i.GuildID)
	if err != nil || len(list) == 0 {
		return "This server has no league yet: `/league create` starts one."
	}
	names := make([]string, len(list))
	for i, l := range list {
		names[i] = l.Name
	}
	return "Leagues here: " + strings.Join(names, ", ") + "."
}

func (c *call) leagueCreate(ctx context.Context, o options) error {
	name := strings.TrimSpace(o.str("name"))
	if n := len([]rune(name)); n == 0 || n > db.MaxLeagueName || strings.ContainsAny(name, "`*_~|<>@#\n") {
		return refused("refused: league name", fmt.Sprintf("A league name has 1 to %d characters, without ` * _ ~ | < > @ # or line breaks. Nothing was created.", db.MaxLeagueName))
	}
	if err := commands.MayCreateLeague(c.actor()); err != nil {
		return err
	}
	l, err := c.b.store.CreateLeague(ctx, c.i.GuildID, name, c.userID(), c.displayName())
	if errors.Is(err, db.ErrLeagueExists) {
		return refused("refused: league exists", fmt.Sprintf("This server already has a league called %q. Nothing was created; `/league join` joins it.", name))
	}
	if err != nil {
		return err
	}
	c.outcome = "created"
	return c.done(ctx, fmt.Sprintf("League **%s** is created, and you are its first member.", l.Name),
		fmt.Sprintf("<@%s> starts the league **%s** (season 1). Join with `/league join name:%s`; open a game that counts with `/game new league:%s`.",
			c.userID(), l.Name, l.Name, l.Name))
}

func (c *call) leagueJoin(ctx context.Context, l db.League) error {
	added, err := c.b.store.JoinLeague(ctx, l.ID, c.userID(), c.displayName())
	if err != nil {
		return err
	}
	if !added {
		c.outcome = "already member"
		return c.done(ctx, fmt.Sprintf("You are a member of **%s** already.", l.Name), "")
	}
	c.outcome = "joined"
	return c.done(ctx, fmt.Sprintf("You joined **%s**.", l.Name), fmt.Sprintf("<@%s> joins the league **%s**.", c.userID(), l.Name))
}

func (c *call) leagueList(ctx context.Context, list []db.League, private bool) error {
	c.outcome = "ok"
	if len(list) == 0 {
		c.reply(ctx, "This server has no league yet: `/league create` starts one.", private)
		return nil
	}
	var b strings.Builder
	b.WriteString("**Leagues in this server**\n")
	for _, l := range list {
		fmt.Fprintf(&b, "**%s**: season %d, %d members, started by <@%s>.\n", l.Name, l.Season, l.Members, l.Creator)
	}
	b.WriteString("`/league info name:…` shows one.")
	if err := c.reply(ctx, b.String(), private); err != nil {
		c.fail(err)
	}
	return nil
}

// book loads a league's results and rates them.
func (c *call) book(ctx context.Context, l db.League) (*league.Book, error) {
	stored, err := c.b.store.LeagueResults(ctx, l.ID)
	if err != nil {
		return nil, err
	}
	return league.Rate(commands.LeagueResults(stored))
}

// namer names members for the tables: as they are known in the league,
// else by id.
func (c *call) namer(ctx context.Context, l db.League) func(string) string {
	names, err := c.b.store.LeagueNames(ctx, l.ID)
	if err != nil {
		c.b.log.Warn("league names", "league", l.ID, "error", err)
	}
	return func(id string) string {
		if commands.IsAIPlayer(id) {
			return commands.PlayerName(id)
		}
		if n := names[id]; n != "" {
			return n
		}
		return id
	}
}

func (c *call) leagueInfo(ctx context.Context, l db.League, private bool) error {
	book, err := c.book(ctx, l)
	if err != nil {
		return err
	}
	members, err := c.b.store.LeagueMembers(ctx, l.ID)
	if err != nil {
		return err
	}
	seasons, err := c.b.store.Seasons(ctx, l.ID)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: season %d, started by <@%s>.\n", l.Name, l.Season, l.Creator)
	mentions := make([]string, len(members))
	for i, m := range members {
		mentions[i] = "<@" + m + ">"
	}
	fmt.Fprintf(&b, "Members (%d): %s\n", len(members), strings.Join(mentions, ", "))
	if len(seasons) > 0 {
		closed := make([]string, len(seasons))
		for i, s := range seasons {
			closed[i] = fmt.Sprintf("%d (%s)", s.Season, s.Closed.Format("2006-01-02"))
		}
		fmt.Fprintf(&b, "Closed seasons: %s\n", strings.Join(closed, ", "))
	}
	entries := book.Entries()
	fmt.Fprintf(&b, "Games recorded: %d.\n", len(entries))
	for i := max(0, len(entries)-10); i < len(entries); i++ {
		b.WriteString(commands.ResultLine(entries[i]) + "\n")
	}
	c.outcome = "ok"
	if err := c.reply(ctx, b.String(), private); err != nil {
		c.fail(err)
	}
	return nil
}

// standingsRows turns standings into the chart's rows.
func standingsRows(rows []league.Standing, name func(string) string) []chart.StandingRow {
	out := make([]chart.StandingRow, len(rows))
	for i, r := range rows {
		out[i] = chart.StandingRow{Place: r.Place, Name: name(r.Player), Games: r.Games, Wins: r.Wins, Points: r.Points,
			Rating: r.Display(), Unrated: r.Unrated, Factions: r.Factions}
	}
	return out
}

func (c *call) leagueStandings(ctx context.Context, l db.League, season int, private bool) error {
	if season == 0 {
		season = l.Season
	}
	if season > l.Season {
		return refused("refused: season", fmt.Sprintf("**%s** is in season %d; season %d has not begun.", l.Name, l.Season, season))
	}
	book, err := c.book(ctx, l)
	if err != nil {
		return err
	}
	name := c.namer(ctx, l)
	rows := book.Standings(season)
	state := "current"
	if season < l.Season {
		// A closed season shows the table it closed with.
		seasons, err := c.b.store.Seasons(ctx, l.ID)
		if err != nil {
			return err
		}
		for _, s := range seasons {
			var rec league.SeasonRecord
			if s.Season == season && json.Unmarshal(s.Record, &rec) == nil {
				rows, state = rec.Standings, "closed "+s.Closed.Format("2006-01-02")
			}
		}
	}
	var games, unrated int
	for _, e := range book.Entries() {
		if e.Result.Season == season {
			games++
			if e.Status != league.Rated {
				unrated++
			}
		}
	}
	title := fmt.Sprintf("%s · Season %d", l.Name, season)
	sub := fmt.Sprintf("%s · %d games, %d unrated · 4 pts a win, 2 second, 1 third", state, games, unrated)
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (%s)\n", title, sub)
	if len(rows) == 0 {
		b.WriteString("No games recorded in this season yet.")
		c.outcome = "ok"
		if err := c.reply(ctx, b.String(), private); err != nil {
			c.fail(err)
		}
		return nil
	}
	b.WriteString("```\n" + league.FormatStandings(rows, name) + "```\n")
	b.WriteString("Rating: μ − 3σ of the member's own skill. Unrated: abandoned games, games whose seats were not all held by different players, and games with AI seats where the league does not rate the AI.\n")
	for _, e := range book.Entries() {
		if e.Result.Season == season && e.Status != league.Rated {
			b.WriteString(commands.ResultLine(e) + "\n")
		}
	}
	png, err := c.b.charts.Standings(chart.Table{Title: title, Subtitle: sub, Rows: standingsRows(rows, name)})
	c.outcome = "ok"
	return c.replyWithImage(ctx, b.String(), "standings.png", png, err, private)
}

func (c *call) leagueFactions(ctx context.Context, l db.League, private bool) error {
	book, err := c.book(ctx, l)
	if err != nil {
		return err
	}
	text := fmt.Sprintf("**%s** · factions over every season's rated games\n```\n%s```\nStrength: the faction's learnt rating (μ ± σ); a seat's expected performance is its member's plus its faction's.",
		l.Name, commands.FormatFactionStats(book.FactionStats(0)))
	c.outcome = "ok"
	if err := c.reply(ctx, text, private); err != nil {
		c.fail(err)
	}
	return nil
}

// mayCloseSeason: the league's creator, or someone who may manage the
// server.
func (c *call) mayCloseSeason(l db.League) bool {
	return c.userID() == l.Creator || (c.i.Member != nil && c.i.Member.Permissions&discordgo.PermissionManageGuild != 0)
}

func (c *call) leagueSeason(ctx context.Context, l db.League) error {
	if !c.mayCloseSeason(l) {
		return refused("refused: not creator", fmt.Sprintf("Only the league's creator (<@%s>) or someone who may manage this server can close a season. Nothing was changed.", l.Creator))
	}
	book, err := c.book(ctx, l)
	if err != nil {
		return err
	}
	rec := book.Close(l.Season, c.b.now())
	data, err := json.Marshal(rec)
	if err == nil {
		err = c.b.store.CloseSeason(ctx, l.ID, l.Season, rec.Closed, data)
	}
	if errors.Is(err, db.ErrSeasonMoved) {
		return refused("refused: season moved", fmt.Sprintf("Season %d of **%s** was closed a moment ago. Nothing was changed.", l.Season, l.Name))
	}
	if err != nil {
		return err
	}
	c.outcome = "closed"
	announce := fmt.Sprintf("<@%s> closes season %d of **%s**; season %d begins (ratings carry over).", c.userID(), l.Season, l.Name, l.Season+1)
	if len(rec.Standings) > 0 {
		announce += "\n```\n" + league.FormatStandings(rec.Standings, c.namer(ctx, l)) + "```"
	}
	return c.done(ctx, fmt.Sprintf("Season %d is closed; its table is kept (`/league standings season:%d`).", l.Season, l.Season), announce)
}

func (c *call) leaguePlayer(ctx context.Context, l db.League, member, name string, private bool) error {
	book, err := c.book(ctx, l)
	if err != nil {
		return err
	}
	if name == "" {
		name = c.namer(ctx, l)(member)
	}
	hist := book.History(member)
	c.outcome = "ok"
	if len(hist) == 0 {
		if err := c.reply(ctx, fmt.Sprintf("<@%s> has no rated game in **%s** yet.", member, l.Name), private); err != nil {
			c.fail(err)
		}
		return nil
	}
	pts := make([]chart.RatingPoint, len(hist))
	for i, p := range hist {
		pts[i] = chart.RatingPoint{Ended: p.Ended, Mu: p.Rating.Mu, Sigma: p.Rating.Sigma}
	}
	last := hist[len(hist)-1].Rating
	text := fmt.Sprintf("<@%s> in **%s**: rating %.1f (μ %.1f, σ %.2f) after %d rated games.", member, l.Name, last.Ordinal(), last.Mu, last.Sigma, len(hist))
	png, err := c.b.charts.Rating(chart.RatingChart{Title: name + " · " + l.Name, Points: pts})
	return c.replyWithImage(ctx, text, "rating.png", png, err, private)
}

// replyWithImage answers with text and a picture; a picture that cannot be
// drawn is logged and left out.
func (c *call) replyWithImage(ctx context.Context, text, fileName string, png []byte, drawErr error, private bool) error {
	parts := commands.Split(text, maxContent)
	first := message{content: parts[0]}
	if drawErr == nil {
		first.files = []file{{name: fileName, data: png}}
	} else {
		c.b.log.Error("drawing a chart", "what", c.what, "error", drawErr)
	}
	if err := c.edit(ctx, first); err != nil {
		return quiet(err)
	}
	for _, p := range parts[1:] {
		if _, err := c.followup(ctx, message{content: p}, private); err != nil {
			return quiet(err)
		}
	}
	return nil
}

// marginChart draws game id's margins card by card, replaying it from its
// seed.
func (b *Bot) marginChart(ctx context.Context, id int64, scenario string) ([]byte, error) {
	var track commands.MarginTrack
	if err := b.store.Walk(ctx, id, func(_ int64, g *engine.Game) error {
		track.See(g)
		return ctx.Err()
	}); err != nil {
		return nil, err
	}
	pts := track.Points()
	steps := make([]chart.MarginStep, len(pts))
	for i, p := range pts {
		steps[i] = chart.MarginStep{Card: p.Card, Margins: p.Margins, Propaganda: p.Propaganda}
	}
	return b.charts.Margins(chart.MarginChart{Title: fmt.Sprintf("Game %d · %s scenario", id, scenario), Steps: steps})
}

// gameChart answers /game chart: the channel's game, or its last one.
func (c *call) gameChart(ctx context.Context, private bool) error {
	g, note, err := c.b.viewable(ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	c.game = g.ID
	png, err := c.b.marginChart(ctx, g.ID, g.Scenario)
	if err != nil {
		return err
	}
	c.outcome = "ok"
	m := message{content: fmt.Sprintf("%sGame %d: the victory margins (7.3) card by card; shaded columns are Propaganda Rounds.", note, g.ID),
		files: []file{{name: "margins.png", data: png}}}
	if err := c.edit(ctx, m); err != nil {
		c.fail(err)
	}
	return nil
}
