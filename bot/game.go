package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// The game's lifecycle: /game new opens a lobby, members join (one member
// may hold several factions), /game start begins once every faction has a
// player, and the game ends by the rules (the store archives it as
// finished) or by /game abandon.
//
// Each subcommand answers privately (a short confirmation or why nothing
// was done) and announces what changed to the channel.

func (c *call) gameCommand(ctx context.Context, sub string, o options) error {
	l := c.b.channelLock(c.i.ChannelID)
	l.Lock()
	defer l.Unlock()
	switch sub {
	case "new":
		return c.gameNew(ctx, o)
	}
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	c.game, c.seq = t.ID, t.Seq
	switch sub {
	case "join":
		return c.gameJoin(ctx, t, o)
	case "leave":
		return c.gameLeave(ctx, t, o)
	case "seats":
		c.outcome = "ok"
		return c.done(ctx, c.seatsText(ctx, t), "")
	case "start":
		return c.gameStart(ctx, t)
	case "replace":
		return c.gameReplace(ctx, t, o)
	case "abandon":
		return c.gameAbandon(ctx, t)
	}
	return refused("refused: unknown subcommand", "Unknown /game subcommand; see /help.")
}

// done answers privately and, when announce is not empty, tells the
// channel.
func (c *call) done(ctx context.Context, private, announce string) error {
	if err := c.reply(ctx, private, true); err != nil {
		return quiet(err)
	}
	for _, part := range commands.Split(announce, maxContent) {
		if _, err := c.followup(ctx, message{content: part}, false); err != nil {
			return quiet(err)
		}
	}
	return nil
}

func (c *call) gameNew(ctx context.Context, o options) error {
	scenario := o.str("scenario")
	if scenario != "1937" && scenario != "1938" {
		return refused("refused: scenario", "Choose scenario 1937 or 1938. Nothing was created.")
	}
	opts, err := engine.ParseOptions(o.str("rules"))
	if err != nil {
		return refused("refused: rules", fmt.Sprintf("The optional rules %q do not work: %v. Nothing was created.", o.str("rules"), err))
	}
	seats, err := c.aiSeatsOption(o)
	if err != nil {
		return err
	}
	channel := c.i.ChannelID
	// Lobbies that never started expire here, before a new one is counted.
	if err := c.b.expireLobbies(ctx); err != nil {
		return err
	}
	if t, err := c.b.current(ctx, channel); err == nil {
		state := "being played"
		if t.lobby {
			state = "waiting for players"
		}
		return refused("refused: place taken", fmt.Sprintf("This channel already has game %d (%s). Finish it, or `/game abandon` it, before opening another; a thread works too.", t.ID, state))
	} else if !errors.Is(err, errNoGame) {
		return err
	}
	var lg db.League
	if name := strings.TrimSpace(o.str("league")); name != "" {
		if c.i.GuildID == "" {
			return refused("refused: no server", "League games are played in a server's channels. Nothing was created.")
		}
		var err error
		lg, err = c.b.store.LeagueByName(ctx, c.i.GuildID, name)
		if errors.Is(err, db.ErrNoLeague) {
			return refused("refused: no league", fmt.Sprintf("There is no league called %q in this server, so nothing was created. %s", name, c.leagueNames(ctx)))
		}
		if err != nil {
			return err
		}
		if ok, err := c.b.store.IsLeagueMember(ctx, lg.ID, c.userID()); err != nil {
			return err
		} else if !ok {
			return refused("refused: not a member", fmt.Sprintf("Only members of **%s** may open its games: `/league join name:%s` first. Nothing was created.", lg.Name, lg.Name))
		}
	}
	cfg := engine.Config{Scenario: scenario, Seed: c.b.seed(), Options: opts}
	id, err := c.b.tables.Enter(ctx, c.actor(), channel, c.i.GuildID, cfg, lg.ID)
	if err != nil {
		outcome, text := problem(err)
		if outcome == "error" {
			c.fail(err)
		}
		if errors.Is(err, db.ErrPlaceTaken) {
			outcome, text = "refused: place taken", "This channel already has a game."
		}
		return refused(outcome, text)
	}
	c.game, c.outcome = id, "created"
	aiNote, err := c.seatAIAtNew(ctx, channel, seats)
	if err != nil {
		return err
	}
	rules := "standard rules"
	if s := opts.String(); s != "" {
		rules = "optional rules " + s
	}
	league := ""
	if lg.ID != 0 {
		league = fmt.Sprintf(" It counts for the league **%s** (season %d).", lg.Name, lg.Season)
	}
	return c.done(ctx, fmt.Sprintf("Game %d is open.%s", id, league),
		fmt.Sprintf("**New game %d**: scenario %s, %s, opened by <@%s>.%s%s\nTake a faction with `/game join` (JPN, NAT, WLD, CPC; one member may hold several). `/game start` begins once all four are seated.\n%s",
			id, scenario, rules, c.userID(), league, aiNote, commands.Provenance))
}

func (c *call) factionOption(o options) (engine.Faction, bool) {
	f, err := engine.ParseFaction(o.str("faction"))
	if err != nil {
		c.refuse("refused: faction", "Choose one of JPN, NAT, WLD or CPC.")
		return 0, false
	}
	c.faction = f.String()
	return f, true
}

func (c *call) gameJoin(ctx context.Context, t *table, o options) error {
	f, ok := c.factionOption(o)
	if !ok {
		return nil
	}
	if level := o.str("ai"); level != "" {
		if s := t.Seats[f]; s.Player != "" {
			return refused("refused: seat taken", fmt.Sprintf("%s is held by %s. Nothing was changed; `/game replace` hands a held seat to the AI.", f, who(t.Game, f)))
		}
		return c.seatAI(ctx, t, f, level)
	}
	user := c.userID()
	if s, taken := t.Seats[f]; taken && s.Player != "" {
		if s.Player == user {
			c.refuse("refused: already seated", fmt.Sprintf("You already play %s.", f))
		} else {
			c.refuse("refused: seat taken", fmt.Sprintf("%s is taken by %s. Nothing was changed; free factions: %s.", f, who(t.Game, f), freeSeats(t.Game)))
		}
		return nil
	}
	if err := c.b.tables.JoinAs(ctx, c.actor(), t.Game, f, c.displayName()); err != nil {
		if errors.Is(err, db.ErrSeatTaken) {
			return refused("refused: seat taken", fmt.Sprintf("%s was taken a moment ago. Nothing was changed.", f))
		}
		return err
	}
	t.Seats[f] = db.Seat{Player: user, Name: c.displayName()}
	c.outcome = "joined"
	next := "`/game start` when all four are seated."
	if free := freeSeats(t.Game); free == "none" {
		next = "Every faction has a player: `/game start`."
	} else {
		next = "Still free: " + free + ". " + next
	}
	if !t.lobby {
		next = "The game goes on."
	}
	if err := c.done(ctx, fmt.Sprintf("You play %s.", commands.FactionTitle(f)),
		fmt.Sprintf("<@%s> plays **%s**. %s", user, commands.FactionTitle(f), next)); err != nil {
		return err
	}
	c.resumeIfWaiting(ctx, t, f)
	return nil
}

// resumeIfWaiting posts a turn message when a started game waited for the
// player of f.
func (c *call) resumeIfWaiting(ctx context.Context, t *table, f engine.Faction) {
	if t.lobby {
		return
	}
	if p := t.Engine.Prompt(); p != nil && p.Faction == f {
		c.postTurn(ctx, t.Game, t.Engine, t.Seq)
	}
}

// freeSeats lists the factions of g nobody plays, or says "none".
func freeSeats(g *db.Game) string {
	if free := commands.FreeSeats(g); len(free) > 0 {
		return factionList(free)
	}
	return "none"
}

func (c *call) gameLeave(ctx context.Context, t *table, o options) error {
	user := c.userID()
	mine := seatsOf(t.Game, user)
	if o.str("faction") != "" {
		f, ok := c.factionOption(o)
		if !ok {
			return nil
		}
		if !holds(t.Game, user, f) {
			return refused("refused: not your seat", fmt.Sprintf("You do not play %s. Nothing was changed.", f))
		}
		mine = []engine.Faction{f}
	}
	if len(mine) == 0 {
		return refused("refused: not seated", "You do not play any faction in this game.")
	}
	if err := c.b.tables.LeaveAs(ctx, c.actor(), t.Game, mine); errors.Is(err, commands.ErrWouldForfeit) {
		return c.confirmAbandon(ctx, t, true)
	} else if err != nil {
		return err
	}
	c.outcome = "left"
	note := ""
	if !t.lobby {
		note = " The game waits for a new player: `/game join`."
	}
	return c.done(ctx, fmt.Sprintf("You no longer play %s.", factionList(mine)),
		fmt.Sprintf("<@%s> leaves %s.%s", user, factionList(mine), note))
}

func (c *call) seatsText(ctx context.Context, t *table) string {
	var b strings.Builder
	state := "being played"
	if t.lobby {
		state = "waiting to start"
	}
	fmt.Fprintf(&b, "Game %d, scenario %s", t.ID, t.Scenario)
	if t.Options != "" {
		fmt.Fprintf(&b, " [%s]", t.Options)
	}
	fmt.Fprintf(&b, ", %s, decision %d.\n", state, t.Seq)
	if t.Host != "" {
		fmt.Fprintf(&b, "Host: <@%s>\n", t.Host)
	}
	for _, f := range engine.Factions {
		fmt.Fprintf(&b, "%s: %s\n", commands.FactionTitle(f), who(t.Game, f))
	}
	if p := t.Engine.Prompt(); p != nil && !t.lobby {
		fmt.Fprintf(&b, "To decide: %s (%s).\n", p.Faction, who(t.Game, p.Faction))
	}
	return b.String()
}

func (c *call) gameStart(ctx context.Context, t *table) error {
	var bad *commands.SeatsError
	switch err := c.b.tables.StartAs(ctx, c.actor(), t.Game); {
	case errors.Is(err, db.ErrStarted):
		return refused("refused: started", "The game has already started.")
	case errors.As(err, &bad) && len(bad.Free) > 0:
		return refused("refused: empty seats", fmt.Sprintf("Not every faction has a player yet. Free: %s. Take one with `/game join`; one member may hold several. Nothing was changed.", factionList(bad.Free)))
	case bad != nil:
		return refused("refused: teams", fmt.Sprintf("The rules say %s play as one team (teams=), but %s and %s have different players. Seat them with the same member, or open a game without that team. Nothing was changed.", factionList(bad.Team), bad.Team[0], bad.Split))
	case err != nil:
		return err
	}
	opts, err := engine.ParseOptions(t.Options)
	if err != nil {
		return err
	}
	c.outcome = "started"
	var seats []string
	for _, f := range engine.Factions {
		seats = append(seats, fmt.Sprintf("%s %s", f, who(t.Game, f)))
	}
	if err := c.done(ctx, "Started.", strings.TrimSpace(fmt.Sprintf("**Game %d starts.** %s.\n%s", t.ID, strings.Join(seats, ", "), playersNote(opts, t.Game)))); err != nil {
		return err
	}
	if t.Engine.Prompt() != nil {
		c.postTurn(ctx, t.Game, t.Engine, t.Seq)
	}
	return nil
}

// playersNote says how victory is counted for members holding several
// factions (1.5).
func playersNote(opts engine.Options, g *db.Game) string {
	multi := map[string][]engine.Faction{}
	for _, f := range engine.Factions {
		if p := g.Seats[f].Player; !commands.IsAIPlayer(p) { // each AI seat is a player of its own
			multi[p] = append(multi[p], f)
		}
	}
	for _, fs := range multi {
		if len(fs) > 1 && len(opts.Teams) == 0 {
			return "Members holding several factions: each faction is ranked on its own (no teams= option)."
		}
	}
	if len(opts.Teams) > 0 {
		return "Teams share victory (1.5): " + opts.String() + "."
	}
	return ""
}

// mayManage reports whether the user is the game's host or may manage the
// channel.
func (c *call) mayManage(ctx context.Context, t *table) bool {
	return c.canManage() || (t.Host != "" && t.Host == c.userID())
}

func (c *call) gameReplace(ctx context.Context, t *table, o options) error {
	f, ok := c.factionOption(o)
	if !ok {
		return nil
	}
	member := o.str("member")
	if level := o.str("ai"); level != "" {
		if member != "" {
			return refused("refused: member", "Name a member or an AI level, not both. Nothing was changed.")
		}
		return c.seatAI(ctx, t, f, level)
	}
	if member == "" {
		return refused("refused: member", "Name the member who takes the faction, or an AI level.")
	}
	name := member
	if d, ok := c.i.Data.(discordgo.ApplicationCommandInteractionData); ok && d.Resolved != nil {
		if u := d.Resolved.Users[member]; u != nil {
			if u.Bot {
				return refused("refused: bot", "A bot cannot take a seat. Nothing was changed.")
			}
			name = u.Username
			if u.GlobalName != "" {
				name = u.GlobalName
			}
		}
	}
	old := who(t.Game, f)
	if err := c.b.tables.ReplaceAs(ctx, c.actor(), t.Game, f, db.Seat{Player: member, Name: name}); err != nil {
		return err
	}
	t.Seats[f] = db.Seat{Player: member, Name: name}
	c.outcome = "replaced"
	if err := c.done(ctx, fmt.Sprintf("%s now plays %s.", who(t.Game, f), f),
		fmt.Sprintf("<@%s> hands **%s** from %s to <@%s>.", c.userID(), commands.FactionTitle(f), old, member)); err != nil {
		return err
	}
	c.resumeIfWaiting(ctx, t, f)
	return nil
}

func (c *call) gameAbandon(ctx context.Context, t *table) error {
	forfeit, err := c.b.tables.MayAbandon(ctx, c.actor(), t.Game)
	if err != nil {
		return err
	}
	return c.confirmAbandon(ctx, t, forfeit)
}

// confirmAbandon asks the member to confirm stopping the game; forfeit
// says that stopping it is their forfeit of a rated game.
func (c *call) confirmAbandon(ctx context.Context, t *table, forfeit bool) error {
	c.outcome = "asked"
	text := fmt.Sprintf("Abandon game %d for good? It stops here, unfinished, and the channel is free for a new game. The record is kept.", t.ID)
	if forfeit {
		text = fmt.Sprintf("Game %d counts for its league and has started: leaving or abandoning it is a **forfeit**. It stops here and you rank last; the others are ranked by the board as it stands. Forfeit?", t.ID)
	}
	m := message{content: text, components: components(commands.AbandonMenu(t.ID))}
	if err := c.edit(ctx, m); err != nil {
		c.fail(err)
	}
	return nil
}

// abandonClick answers the abandon confirmation's buttons.
func (c *call) abandonClick(ctx context.Context, id commands.ControlID) error {
	l := c.b.channelLock(c.i.ChannelID)
	l.Lock()
	defer l.Unlock()
	if id.Kind == commands.KindKeep {
		c.outcome = "kept"
		if err := c.edit(ctx, message{content: fmt.Sprintf("Game %d goes on.", id.Game)}); err != nil {
			c.fail(err)
		}
		return nil
	}
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil || t.ID != id.Game {
		return refused("refused: other game", fmt.Sprintf("Game %d is no longer played here. Nothing was changed.", id.Game))
	}
	if _, err := c.b.tables.AbandonAs(ctx, c.actor(), t.Game); err != nil {
		return err
	}
	c.outcome = "abandoned"
	if ref, ok := c.b.turn(ctx, t.ID); ok {
		c.b.editChannelMessage(ctx, ref, message{content: fmt.Sprintf("Game %d was abandoned.", t.ID)})
		c.b.forgetTurn(ctx, t.ID)
	}
	if err := c.edit(ctx, message{content: fmt.Sprintf("Game %d is abandoned.", t.ID)}); err != nil {
		c.fail(err)
	}
	text := c.b.abandonedText(ctx, t.Game, c.userID())
	if err := c.b.announceEnd(ctx, t.ID, []message{{content: text}}, func(m message) error {
		_, err := c.followup(ctx, m, false)
		return err
	}); err != nil {
		c.fail(err)
	}
	return nil
}
