package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// Community leagues (schema version 4), in the store's own types: db imports
// only the engine; the bot turns LeagueResult into commands/league.Result and
// back. The store keeps results, never ratings: those are recomputed from
// the results whenever they are shown.

// Errors of the league methods, for errors.Is.
var (
	// ErrNoLeague: no league of that name (or id) in the guild.
	ErrNoLeague = errors.New("no such league")
	// ErrLeagueExists: the guild has a league of that name already.
	ErrLeagueExists = errors.New("a league of that name already exists here")
	// ErrSeasonMoved: CloseSeason named a season that is no longer the
	// league's current one (someone closed it a moment earlier).
	ErrSeasonMoved = errors.New("the league's season has moved on")
)

// MaxLeagueName is the longest league name, in characters.
const MaxLeagueName = 64

// League is a guild's league.
type League struct {
	ID      int64
	Guild   string
	Name    string
	Creator string
	Season  int // the season being played
	Created time.Time
	Members int // how many members have joined
	// RateAI says whether the league rates games with AI seats (each AI
	// level then has its own rating); when false they are unrated.
	RateAI bool
}

// LeagueSeat is one seat of a stored result (commands/league.Seat).
type LeagueSeat struct {
	Player   string // "" for a seat nobody held
	Factions []engine.Faction
	Place    int // 0 in an abandoned game
}

// LeagueResult is how one league game ended (commands/league.Result).
type LeagueResult struct {
	Game      int64
	League    int64
	Season    int
	Ended     time.Time
	Abandoned bool
	Forfeit   string // the member who left or abandoned it once started; "" for none
	// RateAI is the league's RateAI when the game ended.
	RateAI  bool
	Margins [engine.NumFactions]int
	Seats   []LeagueSeat
}

// SeasonRecord is a closed season: Record is what the bot stored (the
// standings as JSON), kept as given.
type SeasonRecord struct {
	Season int
	Closed time.Time
	Record []byte
}

const leagueQuery = `SELECT l.id, l.guild, l.name, l.creator, l.season, l.created,
	(SELECT COUNT(*) FROM league_members m WHERE m.league = l.id), l.rate_ai FROM leagues l`

func scanLeague(scan func(...any) error) (League, error) {
	var l League
	var created int64
	err := scan(&l.ID, &l.Guild, &l.Name, &l.Creator, &l.Season, &created, &l.Members, &l.RateAI)
	l.Created = time.UnixMilli(created).UTC()
	return l, err
}

func readLeague(ctx context.Context, q querier, query string, args ...any) (League, error) {
	l, err := scanLeague(q.QueryRowContext(ctx, leagueQuery+" WHERE "+query, args...).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return l, ErrNoLeague
	}
	return l, err
}

// CreateLeague makes a league in guild; its creator is its first member,
// known as creatorName.
// Names are 1 to MaxLeagueName characters, unique in the guild whatever the
// case of their ASCII letters (ErrLeagueExists).
func (s *Store) CreateLeague(ctx context.Context, guild, name, creator, creatorName string) (League, error) {
	name = strings.TrimSpace(name)
	if n := len([]rune(name)); n < 1 || n > MaxLeagueName {
		return League{}, fmt.Errorf("league %q: a name has 1 to %d characters", name, MaxLeagueName)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	defer tx.Rollback()
	if _, err := readLeague(ctx, tx, `l.guild = ? AND l.name = ? COLLATE NOCASE`, guild, name); err == nil {
		return League{}, fmt.Errorf("league %q: %w", name, ErrLeagueExists)
	} else if !errors.Is(err, ErrNoLeague) {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	t := now()
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO leagues (guild, name, creator, created) VALUES (?, ?, ?, ?) RETURNING id`,
		guild, name, creator, t.UnixMilli()).Scan(&id)
	if err != nil {
		return League{}, fmt.Errorf("create league %q: %w", name, unique(err, "leagues_name", ErrLeagueExists))
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league, member, name, joined) VALUES (?, ?, ?, ?)`, id, creator, creatorName, t.UnixMilli()); err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	return League{ID: id, Guild: guild, Name: name, Creator: creator, Season: 1, Created: t, Members: 1}, nil
}

// LeagueByName finds guild's league by name, whatever the case of its
// ASCII letters; ErrNoLeague when there is none.
func (s *Store) LeagueByName(ctx context.Context, guild, name string) (League, error) {
	l, err := readLeague(ctx, s.r, `l.guild = ? AND l.name = ? COLLATE NOCASE`, guild, strings.TrimSpace(name))
	if err != nil {
		return l, fmt.Errorf("league %q: %w", name, err)
	}
	return l, nil
}

// LeagueByID reads league id; ErrNoLeague when there is none.
func (s *Store) LeagueByID(ctx context.Context, id int64) (League, error) {
	l, err := readLeague(ctx, s.r, `l.id = ?`, id)
	if err != nil {
		return l, fmt.Errorf("league %d: %w", id, err)
	}
	return l, nil
}

// Leagues lists guild's leagues by name.
func (s *Store) Leagues(ctx context.Context, guild string) ([]League, error) {
	rows, err := s.r.QueryContext(ctx, leagueQuery+` WHERE l.guild = ? ORDER BY l.name COLLATE NOCASE, l.id`, guild)
	if err != nil {
		return nil, fmt.Errorf("leagues: %w", err)
	}
	defer rows.Close()
	var out []League
	for rows.Next() {
		l, err := scanLeague(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("leagues: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// JoinLeague makes member, known as name, a member of league; false when
// they were one already (their name is updated).
func (s *Store) JoinLeague(ctx context.Context, league int64, member, name string) (bool, error) {
	if _, err := s.w.ExecContext(ctx, `UPDATE league_members SET name = ? WHERE league = ? AND member = ?`, name, league, member); err != nil {
		return false, fmt.Errorf("league %d: join: %w", league, err)
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO league_members (league, member, name, joined) SELECT id, ?, ?, CAST(? AS BIGINT) FROM leagues WHERE id = ?
		ON CONFLICT (league, member) DO NOTHING`, member, name, now().UnixMilli(), league)
	if err != nil {
		return false, fmt.Errorf("league %d: join: %w", league, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("league %d: join: %w", league, err)
	}
	if n == 0 {
		if _, err := s.LeagueByID(ctx, league); err != nil {
			return false, err
		}
	}
	return n == 1, nil
}

// LeagueMembers lists league's members in the order they joined.
func (s *Store) LeagueMembers(ctx context.Context, league int64) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT member FROM league_members WHERE league = ? ORDER BY joined, member`, league)
	if err != nil {
		return nil, fmt.Errorf("league %d: members: %w", league, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return nil, fmt.Errorf("league %d: members: %w", league, err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// LeagueNames names the people of league for its tables: members by the
// name they joined under, other players of its games by their seat's name
// (the latest game's).
func (s *Store) LeagueNames(ctx context.Context, league int64) (map[string]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT s.player, s.name FROM seats s JOIN league_games lg ON lg.game = s.game
		WHERE lg.league = ? AND s.name <> '' ORDER BY s.game
		`, league)
	if err != nil {
		return nil, fmt.Errorf("league %d: names: %w", league, err)
	}
	out := map[string]string{}
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return nil, fmt.Errorf("league %d: names: %w", league, err)
		}
		out[id] = name
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("league %d: names: %w", league, err)
	}
	members, err := s.r.QueryContext(ctx, `SELECT member, name FROM league_members WHERE league = ? AND name <> ''`, league)
	if err != nil {
		return nil, fmt.Errorf("league %d: names: %w", league, err)
	}
	defer members.Close()
	for members.Next() {
		var id, name string
		if err := members.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("league %d: names: %w", league, err)
		}
		out[id] = name
	}
	return out, members.Err()
}

// IsLeagueMember reports whether member has joined league.
func (s *Store) IsLeagueMember(ctx context.Context, league int64, member string) (bool, error) {
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM league_members WHERE league = ? AND member = ?`, league, member).Scan(&n); err != nil {
		return false, fmt.Errorf("league %d: member: %w", league, err)
	}
	return n > 0, nil
}

func linkLeague(ctx context.Context, tx *sql.Tx, game, league int64) error {
	if _, err := readLeague(ctx, tx, `l.id = ?`, league); err != nil {
		return fmt.Errorf("league %d: %w", league, err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO league_games (game, league) VALUES (?, ?)`, game, league)
	return err
}

// GameLeague returns the league game id reports to, and false when it
// reports to none.
func (s *Store) GameLeague(ctx context.Context, game int64) (League, bool, error) {
	l, err := readLeague(ctx, s.r, `l.id = (SELECT league FROM league_games WHERE game = ?)`, game)
	if errors.Is(err, ErrNoLeague) {
		return l, false, nil
	}
	if err != nil {
		return l, false, fmt.Errorf("game %d: league: %w", game, err)
	}
	return l, true, nil
}

// RecordLeagueResult stores how a league game ended, replacing any result
// stored for it before (a correction: the ratings are recomputed from the
// results). The game must report to r.League.
func (s *Store) RecordLeagueResult(ctx context.Context, r LeagueResult) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: league result: %w", r.Game, err)
	}
	defer tx.Rollback()
	if err := writeLeagueResult(ctx, tx, r); err != nil {
		return err
	}
	return tx.Commit()
}

// writeLeagueResult stores r in tx (RecordLeagueResult).
func writeLeagueResult(ctx context.Context, tx *sql.Tx, r LeagueResult) error {
	if len(r.Seats) == 0 {
		return fmt.Errorf("game %d: league result without seats", r.Game)
	}
	if r.Ended.IsZero() {
		return fmt.Errorf("game %d: league result without an end time", r.Game)
	}
	var league int64
	err := tx.QueryRowContext(ctx, `SELECT league FROM league_games WHERE game = ?`, r.Game).Scan(&league)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && league != r.League) {
		return fmt.Errorf("game %d: %w: the game does not report to league %d", r.Game, ErrNoLeague, r.League)
	}
	if err != nil {
		return fmt.Errorf("game %d: league result: %w", r.Game, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM league_seats WHERE game = ?`, r.Game); err != nil {
		return fmt.Errorf("game %d: league result: %w", r.Game, err)
	}
	m := r.Margins
	if _, err := tx.ExecContext(ctx, `INSERT INTO league_results (game, league, season, ended, abandoned, forfeit, rate_ai, jpn, nat, wld, cpc)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game) DO UPDATE SET league = excluded.league, season = excluded.season, ended = excluded.ended,
			abandoned = excluded.abandoned, forfeit = excluded.forfeit, rate_ai = excluded.rate_ai,
			jpn = excluded.jpn, nat = excluded.nat, wld = excluded.wld, cpc = excluded.cpc`,
		r.Game, r.League, r.Season, r.Ended.UnixMilli(), r.Abandoned, r.Forfeit, r.RateAI, m[engine.JPN], m[engine.NAT], m[engine.WLD], m[engine.CPC]); err != nil {
		return fmt.Errorf("game %d: league result: %w", r.Game, err)
	}
	for i, st := range r.Seats {
		if len(st.Factions) == 0 {
			return fmt.Errorf("game %d: league result: seat %d holds no faction", r.Game, i+1)
		}
		names := make([]string, len(st.Factions))
		for j, f := range st.Factions {
			names[j] = f.String()
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO league_seats (game, seat, player, factions, place) VALUES (?, ?, ?, ?, ?)`,
			r.Game, i+1, st.Player, strings.Join(names, "+"), st.Place); err != nil {
			return fmt.Errorf("game %d: league result: %w", r.Game, err)
		}
	}
	return nil
}

// LeagueResults returns league's stored results in order of end time, then
// game id.
func (s *Store) LeagueResults(ctx context.Context, league int64) ([]LeagueResult, error) {
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("league %d: results: %w", league, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT game, season, ended, abandoned, forfeit, rate_ai, jpn, nat, wld, cpc FROM league_results
		WHERE league = ? ORDER BY ended, game`, league)
	if err != nil {
		return nil, fmt.Errorf("league %d: results: %w", league, err)
	}
	var out []LeagueResult
	index := map[int64]int{}
	for rows.Next() {
		r := LeagueResult{League: league}
		var ended int64
		m := &r.Margins
		if err := rows.Scan(&r.Game, &r.Season, &ended, &r.Abandoned, &r.Forfeit, &r.RateAI, &m[engine.JPN], &m[engine.NAT], &m[engine.WLD], &m[engine.CPC]); err != nil {
			rows.Close()
			return nil, fmt.Errorf("league %d: results: %w", league, err)
		}
		r.Ended = time.UnixMilli(ended).UTC()
		index[r.Game] = len(out)
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("league %d: results: %w", league, err)
	}
	seats, err := tx.QueryContext(ctx, `SELECT s.game, s.player, s.factions, s.place FROM league_seats s
		JOIN league_results r ON r.game = s.game WHERE r.league = ? ORDER BY s.game, s.seat`, league)
	if err != nil {
		return nil, fmt.Errorf("league %d: seats: %w", league, err)
	}
	defer seats.Close()
	for seats.Next() {
		var game int64
		var st LeagueSeat
		var factions string
		if err := seats.Scan(&game, &st.Player, &factions, &st.Place); err != nil {
			return nil, fmt.Errorf("league %d: seats: %w", league, err)
		}
		for _, name := range strings.Split(factions, "+") {
			f, err := engine.ParseFaction(name)
			if err != nil {
				return nil, fmt.Errorf("game %d: %w: league seat: %v", game, ErrCorrupt, err)
			}
			st.Factions = append(st.Factions, f)
		}
		i := index[game]
		out[i].Seats = append(out[i].Seats, st)
	}
	return out, seats.Err()
}

// CloseSeason stores record as league's closed season season and starts
// the next one. season must be the league's current season, else
// ErrSeasonMoved (two closes at once close it once).
func (s *Store) CloseSeason(ctx context.Context, league int64, season int, closed time.Time, record []byte) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("league %d: close season: %w", league, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE leagues SET season = season + 1 WHERE id = ? AND season = ?`, league, season)
	if err != nil {
		return fmt.Errorf("league %d: close season: %w", league, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("league %d: close season: %w", league, err)
	} else if n == 0 {
		if _, err := readLeague(ctx, tx, `l.id = ?`, league); err != nil {
			return fmt.Errorf("league %d: %w", league, err)
		}
		return fmt.Errorf("league %d: season %d: %w", league, season, ErrSeasonMoved)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO league_seasons (league, season, closed, record) VALUES (?, ?, ?, ?)`,
		league, season, closed.UnixMilli(), string(record)); err != nil {
		return fmt.Errorf("league %d: close season: %w", league, err)
	}
	return tx.Commit()
}

// Seasons lists league's closed seasons, oldest first.
func (s *Store) Seasons(ctx context.Context, league int64) ([]SeasonRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT season, closed, record FROM league_seasons WHERE league = ? ORDER BY season`, league)
	if err != nil {
		return nil, fmt.Errorf("league %d: seasons: %w", league, err)
	}
	defer rows.Close()
	var out []SeasonRecord
	for rows.Next() {
		var r SeasonRecord
		var closed int64
		var record string
		if err := rows.Scan(&r.Season, &closed, &record); err != nil {
			return nil, fmt.Errorf("league %d: seasons: %w", league, err)
		}
		r.Closed, r.Record = time.UnixMilli(closed).UTC(), []byte(record)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Walk replays game id from its seed under the current rules, calling fn
// with the game as set up and then after each decision of the log (seq is
// the decisions applied so far). fn must not change the game; an error
// from fn stops the walk and is returned. It changes nothing stored.
func (s *Store) Walk(ctx context.Context, id int64, fn func(seq int64, g *engine.Game) error) error {
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: %w", id, err)
	}
	defer tx.Rollback()
	info, err := readInfo(ctx, tx, id)
	if err != nil {
		return err
	}
	recs, err := readRecords(ctx, tx, id, 0)
	if err != nil {
		return err
	}
	tx.Rollback()
	g, err := newGame(info)
	if err != nil {
		return fmt.Errorf("game %d: %w: setting the game up from its seed fails: %v", id, ErrDiverged, err)
	}
	if err := fn(0, g); err != nil {
		return err
	}
	for _, r := range recs {
		if err := r.applyTo(g); err != nil {
			return fmt.Errorf("game %d: %w: %s does not replay: %v", id, ErrDiverged, &r, err)
		}
		if err := fn(r.Seq, g); err != nil {
			return err
		}
	}
	return nil
}
