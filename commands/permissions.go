package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
)

// Who may do what to a game. The table is written out in docs/leagues.md
// ("Who may do what"); every change below checks it before it writes, and
// records who made it in the game's events, in the change's transaction.
//
// A rated game is a game reporting to a league. Its seats belong to league
// members; once it has started, nobody but the league's creator or a
// member who may manage the server can take a seat from a player who is
// still playing, leaving it or abandoning it is a forfeit (the leaver
// ranks last), and its deadline changes only when every seated member
// agrees.

// Actor is the member asking, with what the place they ask in lets them
// do.
type Actor struct {
	Member string
	// ManageGuild and ManageChannels are the member's Discord permissions
	// (Manage Server, Manage Channels) where they ask.
	ManageGuild, ManageChannels bool
	Now                         time.Time // when they ask
}

// Forbidden is a change the actor may not make. Nothing was changed.
type Forbidden struct{ Why string }

func (e *Forbidden) Error() string { return e.Why }

func forbid(format string, args ...any) error {
	return &Forbidden{fmt.Sprintf(format, args...)}
}

// ErrWouldForfeit: leaving a rated game once it has started forfeits it;
// the member must say so (Forfeit) rather than leave.
var ErrWouldForfeit = errors.New("leaving a rated game that has started forfeits it")

// StallAfter is how long a running game may wait on one decision before
// the seat it waits on counts as stalled, when the game has no timeout of
// its own (/remind game timeout). With a timeout, the seat is stalled once
// the timeout has passed.
const StallAfter = 3 * 24 * time.Hour

// Lobby caps: open lobbies (not started) per member hosting them and per
// server, and how long a lobby may stay unstarted before it expires.
const (
	LobbiesPerMember = 3
	LobbiesPerServer = 25
	LobbyLifetime    = 14 * 24 * time.Hour
)

// rules is what a game's permissions depend on besides the actor.
type rules struct {
	g       *db.Game
	league  db.League
	rated   bool
	started bool
}

func (t *Tables) rulesOf(ctx context.Context, g *db.Game) (rules, error) {
	l, rated, err := t.store.GameLeague(ctx, g.ID)
	if err != nil {
		return rules{}, err
	}
	return rules{g: g, league: l, rated: rated, started: !g.Lobby}, nil
}

// moderator: the league's creator, or a member who may manage the server.
func (r rules) moderator(a Actor) bool {
	return a.ManageGuild || (r.rated && a.Member != "" && a.Member == r.league.Creator)
}

// host: the member who opened the game, or one who may manage the channel.
func (r rules) host(a Actor) bool {
	return a.ManageChannels || (r.g.Host != "" && r.g.Host == a.Member)
}

func (r rules) seated(member string) bool {
	return member != "" && len(seatsOf(r.g, member)) > 0
}

// seatsOf are the factions member holds in g, in faction order.
func seatsOf(g *db.Game, member string) []engine.Faction {
	var out []engine.Faction
	for _, f := range engine.Factions {
		if s, ok := g.Seats[f]; ok && s.Player == member {
			out = append(out, f)
		}
	}
	return out
}

func (t *Tables) member(ctx context.Context, r rules, who string) error {
	if !r.rated {
		return nil
	}
	ok, err := t.store.IsLeagueMember(ctx, r.league.ID, who)
	if err != nil {
		return err
	}
	if !ok {
		return forbid("Game %d counts for the league **%s**: only its members may sit (`/league join name:%s`). Nothing was changed.", r.g.ID, r.league.Name, r.league.Name)
	}
	return nil
}

// event is what a change records about itself.
func event(a Actor, action, format string, args ...any) db.Event {
	return db.Event{At: a.Now, Actor: a.Member, Action: action, Detail: fmt.Sprintf(format, args...)}
}

// Enter opens a game in its lobby at place in guild ("" outside a server)
// for a, reporting to league when it is not 0. A member may host
// LobbiesPerMember lobbies at once and a server LobbiesPerServer
// (db.ErrTooManyLobbies). A league game is opened by its members only.
func (t *Tables) Enter(ctx context.Context, a Actor, place, guild string, cfg engine.Config, league int64) (int64, error) {
	if league != 0 {
		ok, err := t.store.IsLeagueMember(ctx, league, a.Member)
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, forbid("Only members of the league may open its games. Nothing was created.")
		}
	}
	return t.store.OpenLobby(ctx, db.Lobby{Place: place, Guild: guild, Config: cfg, Host: a.Member, League: league},
		db.LobbyLimits{PerHost: LobbiesPerMember, PerGuild: LobbiesPerServer})
}

// ExpireLobbies abandons the lobbies opened more than LobbyLifetime before
// now that never started, and returns their places by game id.
func (t *Tables) ExpireLobbies(ctx context.Context, now time.Time) (map[int64]string, error) {
	return t.store.ExpireLobbies(ctx, now.Add(-LobbyLifetime))
}

// JoinAs seats a (named name) in free faction f of g. In a rated game only
// league members may sit.
func (t *Tables) JoinAs(ctx context.Context, a Actor, g *db.Game, f engine.Faction, name string) error {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return err
	}
	if err := t.member(ctx, r, a.Member); err != nil {
		return err
	}
	return t.store.SeatBy(ctx, g.ID, f, db.Seat{Player: a.Member, Name: name}, true, event(a, "joined", "took %s", f))
}

// LeaveAs frees factions fs, which a holds, of g. Leaving a rated game
// that has started is ErrWouldForfeit: that is ForfeitAs.
func (t *Tables) LeaveAs(ctx context.Context, a Actor, g *db.Game, fs []engine.Faction) error {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return err
	}
	for _, f := range fs {
		if g.Seats[f].Player != a.Member || a.Member == "" {
			return forbid("You do not play %s. Nothing was changed.", f)
		}
	}
	if r.rated && r.started {
		return ErrWouldForfeit
	}
	for _, f := range fs {
		if err := t.store.SeatBy(ctx, g.ID, f, db.Seat{}, false, event(a, "left", "left %s", f)); err != nil {
			return err
		}
	}
	return nil
}

// StartAs starts g's lobby (Start): for its host, a member seated in it,
// or a member who may manage the channel.
func (t *Tables) StartAs(ctx context.Context, a Actor, g *db.Game) error {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return err
	}
	if !r.host(a) && !r.seated(a.Member) {
		return forbid("Only the member who opened the game, a member seated in it, or someone who may manage this channel can start it. Nothing was changed.")
	}
	if err := t.startable(g); err != nil {
		return err
	}
	return t.store.StartBy(ctx, g.ID, event(a, "started", ""))
}

// Stalled reports whether faction f's seat in g is stalled at now: the
// game has started and has waited on f's decision longer than its timeout,
// or StallAfter when it has none.
func (t *Tables) Stalled(ctx context.Context, g *db.Game, f engine.Faction, now time.Time) (bool, error) {
	p := g.Engine.Prompt()
	if g.Lobby || p == nil || p.Faction != f {
		return false, nil
	}
	limit := StallAfter
	all, err := t.store.ReminderSettingsOf(ctx)
	if err != nil {
		return false, err
	}
	if to := all[g.ID].Timeout; to > 0 {
		limit = to
	}
	return now.Sub(g.Updated) > limit, nil
}

// ReplaceAs hands faction f of g to seat (frees it with the zero Seat). In
// a casual game the host (or Manage Channels) may. In a rated game the
// host may only fill an empty seat or one stalled (Stalled), and only with
// a league member holding no other seat of the game outside f's team;
// otherwise the league's creator or a member who may manage the server.
func (t *Tables) ReplaceAs(ctx context.Context, a Actor, g *db.Game, f engine.Faction, seat db.Seat) error {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return err
	}
	if !r.host(a) && !r.moderator(a) {
		return forbid("Only the member who opened the game, or someone who may manage this channel, can replace a player. Nothing was changed.")
	}
	old := g.Seats[f].Player
	if r.rated {
		if seat.Player != "" && !IsAIPlayer(seat.Player) {
			if err := t.member(ctx, r, seat.Player); err != nil {
				return err
			}
			if other, ok := otherTeam(g, seat.Player, f); ok && !r.moderator(a) {
				return forbid("<@%s> already plays %s in this game; a second seat would make it unrated. Nothing was changed.", seat.Player, other)
			}
		}
		if old != "" && !r.moderator(a) {
			stalled, err := t.Stalled(ctx, g, f, a.Now)
			if err != nil {
				return err
			}
			if !stalled {
				return forbid("%s is held by <@%s>, who is still playing. In a league game the host may only fill an empty seat or one the game has waited on for longer than its deadline (%s without one); otherwise ask the league's creator or someone who may manage the server. Nothing was changed.",
					f, old, span(StallAfter))
			}
		}
	}
	from := "nobody"
	if old != "" {
		from = old
	}
	to := "nobody"
	if seat.Player != "" {
		to = seat.Player
	}
	return t.store.SeatBy(ctx, g.ID, f, seat, false, event(a, "replaced", "%s from %s to %s", f, from, to))
}

// otherTeam is a faction member holds in g that is not on f's team (1.5,
// the teams= option); ok is false when there is none.
func otherTeam(g *db.Game, member string, f engine.Faction) (other engine.Faction, ok bool) {
	team := []engine.Faction{f}
	if opts, err := engine.ParseOptions(g.Options); err == nil {
		for _, tm := range opts.Teams {
			if slices.Contains(tm, f) {
				team = tm
			}
		}
	}
	for _, h := range seatsOf(g, member) {
		if !slices.Contains(team, h) {
			return h, true
		}
	}
	return 0, false
}

// AbandonAs stops g unfinished for a. A rated game that has started is
// forfeited by a member seated in it (their seats rank last: ForfeitAs
// records it so), or stopped without a result by the league's creator or
// a member who may manage the server; its host has no say once it has
// started. Any other game: its host, or Manage Channels.
func (t *Tables) AbandonAs(ctx context.Context, a Actor, g *db.Game) (Change, error) {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return Change{}, err
	}
	ch := Change{Game: g.ID, Seq: g.Seq, Before: g.Engine, After: g.Engine, Abandoned: true}
	switch {
	case r.rated && r.started && r.seated(a.Member):
		m := g.Engine.State().Margins(g.Engine.Map(), false)
		err = t.store.AbandonBy(ctx, g.ID, &db.Forfeit{Member: a.Member, Margins: m}, event(a, "forfeited", "left %v; ranks last", seatsOf(g, a.Member)))
	case r.rated && r.started && r.moderator(a):
		err = t.store.AbandonBy(ctx, g.ID, nil, event(a, "abandoned", "stopped by a league moderator; no result counts"))
	case r.rated && r.started:
		err = forbid("Game %d counts for the league **%s** and has started: only a member seated in it (who then forfeits, ranking last), the league's creator or someone who may manage the server can stop it. Nothing was changed.", g.ID, r.league.Name)
	case r.host(a) || r.moderator(a):
		err = t.store.AbandonBy(ctx, g.ID, nil, event(a, "abandoned", ""))
	default:
		err = forbid("Only the member who opened the game, or someone who may manage this channel, can abandon it. Nothing was changed.")
	}
	if err != nil {
		return Change{}, err
	}
	return ch, nil
}

// MayAbandon reports, without changing anything, whether a may abandon g
// (AbandonAs), and whether doing so is their forfeit.
func (t *Tables) MayAbandon(ctx context.Context, a Actor, g *db.Game) (forfeit bool, err error) {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return false, err
	}
	switch {
	case r.rated && r.started && r.seated(a.Member):
		return true, nil
	case r.rated && r.started && r.moderator(a):
		return false, nil
	case r.rated && r.started:
		return false, forbid("Game %d counts for the league **%s** and has started: only a member seated in it (who then forfeits, ranking last), the league's creator or someone who may manage the server can stop it. Nothing was changed.", g.ID, r.league.Name)
	case r.host(a) || r.moderator(a):
		return false, nil
	}
	return false, forbid("Only the member who opened the game, or someone who may manage this channel, can abandon it. Nothing was changed.")
}

// TimeoutChange is what asking for a timeout did.
type TimeoutChange struct {
	Set     bool     // the timeout is set
	Waiting []string // members whose agreement it waits for
}

// TimeoutAs asks for g's timeout (0 for none) and what it does (onTimeout:
// "" Passes, an AI level's name has the AI play the turn). In a casual
// game the host (or Manage Channels) sets them. In a rated game the
// league's creator or a member who may manage the server sets them;
// otherwise, once it has started or once others than the actor sit in its
// lobby (so that no host can put a short deadline on opponents just before
// starting), a seated member votes for them, and they are set once every
// seated member (the AI has no vote) has voted for the same. In a rated
// lobby nobody else sits in, the host sets them.
func (t *Tables) TimeoutAs(ctx context.Context, a Actor, g *db.Game, timeout time.Duration, onTimeout string) (TimeoutChange, error) {
	r, err := t.rulesOf(ctx, g)
	if err != nil {
		return TimeoutChange{}, err
	}
	what := "off"
	if timeout > 0 {
		what = span(timeout)
	}
	if onTimeout != "" {
		what += ", then the AI (" + onTimeout + ") plays"
	}
	others := slices.ContainsFunc(engine.Factions[:], func(f engine.Faction) bool {
		p := g.Seats[f].Player
		return p != "" && p != a.Member
	})
	agreed := r.rated && (r.started || others)
	switch {
	case agreed && r.moderator(a):
	case agreed && r.seated(a.Member):
		var voters []string
		for _, f := range engine.Factions {
			if p := g.Seats[f].Player; p != "" && !IsAIPlayer(p) && !slices.Contains(voters, p) {
				voters = append(voters, p)
			}
		}
		v, err := t.store.VoteTimeout(ctx, g.ID, a.Member, timeout, onTimeout, voters, event(a, "deadline vote", "timeout %s", what))
		return TimeoutChange{Set: v.Agreed, Waiting: v.Waiting}, err
	case agreed:
		return TimeoutChange{}, forbid("Game %d counts for the league **%s**: once its players sit, its deadline changes only when every seated member asks for the same one, or by the league's creator or someone who may manage the server. Nothing was changed.", g.ID, r.league.Name)
	case r.host(a) || r.moderator(a):
	default:
		return TimeoutChange{}, forbid("Only the member who opened the game, or someone who may manage this channel, can change its reminders. Nothing was changed.")
	}
	return TimeoutChange{Set: true}, t.store.SetTimeout(ctx, g.ID, timeout, onTimeout, event(a, "deadline", "timeout %s", what))
}

// MayCreateLeague: a league is created by a member who may manage the
// server.
func MayCreateLeague(a Actor) error {
	if !a.ManageGuild {
		return forbid("Only someone who may manage this server can create a league. Nothing was created.")
	}
	return nil
}

// span writes d in whole days, or hours below a day.
func span(d time.Duration) string {
	if d >= 24*time.Hour && d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	return d.Round(time.Minute).String()
}
