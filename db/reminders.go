package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The reminder scheduler's storage (bot/remind.Store, Settings and Prefs in
// the store's own types: db imports only the engine, and the bot adapts).

// ReminderKey names one member's reminders in one game.
type ReminderKey struct {
	Game   int64
	Player string
}

// ReminderState is bot/remind.State.
type ReminderState struct {
	Rev          int64
	Since, Last  time.Time
	Count        int
	Escalated    bool
	TimedOut     bool
	SnoozedUntil time.Time
}

// ReminderSettings are a game's settings: durations, and counts where 0 is
// the default and -1 never.
type ReminderSettings struct {
	Interval      time.Duration
	EscalateAfter int
	StopAfter     int
	Timeout       time.Duration
	// OnTimeout is what the deadline does: "" Passes an Eligible faction
	// choosing its action; an AI level's name has the AI play the turn.
	OnTimeout string
}

// MemberPrefs are a member's reminder preferences.
type MemberPrefs struct {
	Zone      string
	QuietFrom int // minutes after local midnight
	QuietTo   int
	OptOut    bool
	Snooze    time.Duration // the snooze button's length; 0 for the default
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

// LoadReminders returns the stored states of keys; a key without one is
// absent.
func (s *Store) LoadReminders(ctx context.Context, keys []ReminderKey) (map[ReminderKey]ReminderState, error) {
	out := map[ReminderKey]ReminderState{}
	if len(keys) == 0 {
		return out, nil
	}
	want := make(map[ReminderKey]bool, len(keys))
	for _, k := range keys {
		want[k] = true
	}
	// One query for all, filtered to the keys asked for: of the games
	// listed, or of every game when they are many (a reminder pass asks for
	// every waiting game, and only active games keep states).
	const listed = 500
	query := `SELECT game, player, rev, since, last, count, escalated, timed_out, snoozed_until FROM reminder_states`
	var ids []any
	if len(keys) <= listed {
		games := map[int64]bool{}
		for _, k := range keys {
			if !games[k.Game] {
				games[k.Game] = true
				ids = append(ids, k.Game)
			}
		}
		query += ` WHERE game IN (?` + strings.Repeat(",?", len(ids)-1) + `)`
	}
	rows, err := s.r.QueryContext(ctx, query, ids...)
	if err != nil {
		return nil, fmt.Errorf("reminders: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k ReminderKey
		var st ReminderState
		var since, last, snoozed int64
		if err := rows.Scan(&k.Game, &k.Player, &st.Rev, &since, &last, &st.Count, &st.Escalated, &st.TimedOut, &snoozed); err != nil {
			return nil, fmt.Errorf("reminders: %w", err)
		}
		if !want[k] {
			continue
		}
		st.Since, st.Last, st.SnoozedUntil = fromMS(since), fromMS(last), fromMS(snoozed)
		out[k] = st
	}
	return out, rows.Err()
}

// ClaimReminder stores next as key's state if the stored revision is still
// rev (0: none stored), giving it rev+1, and reports whether it did. Of
// several claims on one revision, exactly one wins. A game that is no
// longer active takes no state.
func (s *Store) ClaimReminder(ctx context.Context, key ReminderKey, rev int64, next ReminderState) (bool, error) {
	var res sql.Result
	var err error
	args := []any{ms(next.Since), ms(next.Last), next.Count, next.Escalated, next.TimedOut, ms(next.SnoozedUntil)}
	if rev == 0 {
		res, err = s.w.ExecContext(ctx, `INSERT INTO reminder_states (since, last, count, escalated, timed_out, snoozed_until, game, player, rev)
			SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), id, CAST(? AS TEXT), 1 FROM games WHERE id = ? AND status = 'active'
			ON CONFLICT (game, player) DO NOTHING`, append(args, key.Player, key.Game)...)
	} else {
		res, err = s.w.ExecContext(ctx, `UPDATE reminder_states SET since = ?, last = ?, count = ?, escalated = ?, timed_out = ?,
			snoozed_until = ?, rev = rev + 1 WHERE game = ? AND player = ? AND rev = ?`, append(args, key.Game, key.Player, rev)...)
	}
	if err != nil {
		return false, fmt.Errorf("reminders: game %d, %s: %w", key.Game, key.Player, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("reminders: game %d, %s: %w", key.Game, key.Player, err)
	}
	return n == 1, nil
}

// SetReminderSettings stores game id's reminder settings.
func (s *Store) SetReminderSettings(ctx context.Context, id int64, rs ReminderSettings) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO reminder_settings (game, interval, escalate_after, stop_after, timeout, on_timeout)
		SELECT id, CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT) FROM games WHERE id = ?
		ON CONFLICT (game) DO UPDATE SET interval = excluded.interval, escalate_after = excluded.escalate_after,
			stop_after = excluded.stop_after, timeout = excluded.timeout, on_timeout = excluded.on_timeout`,
		rs.Interval.Milliseconds(), rs.EscalateAfter, rs.StopAfter, rs.Timeout.Milliseconds(), rs.OnTimeout, id)
	if err != nil {
		return fmt.Errorf("game %d: reminder settings: %w", id, err)
	}
	return nil
}

// ReminderSettingsOf returns the settings of every active game that has
// some, by game id.
func (s *Store) ReminderSettingsOf(ctx context.Context) (map[int64]ReminderSettings, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT r.game, r.interval, r.escalate_after, r.stop_after, r.timeout, r.on_timeout
		FROM reminder_settings r JOIN games g ON g.id = r.game WHERE g.status = 'active'`)
	if err != nil {
		return nil, fmt.Errorf("reminder settings: %w", err)
	}
	defer rows.Close()
	out := map[int64]ReminderSettings{}
	for rows.Next() {
		var id, interval, timeout int64
		var rs ReminderSettings
		if err := rows.Scan(&id, &interval, &rs.EscalateAfter, &rs.StopAfter, &timeout, &rs.OnTimeout); err != nil {
			return nil, fmt.Errorf("reminder settings: %w", err)
		}
		rs.Interval, rs.Timeout = time.Duration(interval)*time.Millisecond, time.Duration(timeout)*time.Millisecond
		out[id] = rs
	}
	return out, rows.Err()
}

// SetPrefs stores a member's reminder preferences.
func (s *Store) SetPrefs(ctx context.Context, player string, p MemberPrefs) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO member_prefs (player, zone, quiet_from, quiet_to, opt_out, snooze) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (player) DO UPDATE SET zone = excluded.zone, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
			opt_out = excluded.opt_out, snooze = excluded.snooze`,
		player, p.Zone, p.QuietFrom, p.QuietTo, p.OptOut, p.Snooze.Milliseconds())
	if err != nil {
		return fmt.Errorf("preferences of %s: %w", player, err)
	}
	return nil
}

// PrefsOf returns the reminder preferences of players, by member, in one
// query; a member without any is absent.
func (s *Store) PrefsOf(ctx context.Context, players []string) (map[string]MemberPrefs, error) {
	out := make(map[string]MemberPrefs, len(players))
	// In chunks: SQLite takes up to 32766 variables in a statement.
	const chunk = 10000
	for len(players) > 0 {
		n := min(len(players), chunk)
		args := make([]any, n)
		for i, p := range players[:n] {
			args[i] = p
		}
		players = players[n:]
		rows, err := s.r.QueryContext(ctx, `SELECT player, zone, quiet_from, quiet_to, opt_out, snooze FROM member_prefs
			WHERE player IN (?`+strings.Repeat(",?", n-1)+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("preferences: %w", err)
		}
		for rows.Next() {
			var player string
			var p MemberPrefs
			var snooze int64
			if err := rows.Scan(&player, &p.Zone, &p.QuietFrom, &p.QuietTo, &p.OptOut, &snooze); err != nil {
				rows.Close()
				return nil, fmt.Errorf("preferences: %w", err)
			}
			p.Snooze = time.Duration(snooze) * time.Millisecond
			out[player] = p
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("preferences: %w", err)
		}
	}
	return out, nil
}

// Prefs returns a member's reminder preferences, the zero value when none
// are stored.
func (s *Store) Prefs(ctx context.Context, player string) (MemberPrefs, error) {
	var p MemberPrefs
	var snooze int64
	err := s.r.QueryRowContext(ctx, `SELECT zone, quiet_from, quiet_to, opt_out, snooze FROM member_prefs WHERE player = ?`, player).
		Scan(&p.Zone, &p.QuietFrom, &p.QuietTo, &p.OptOut, &snooze)
	if errors.Is(err, sql.ErrNoRows) {
		return MemberPrefs{}, nil
	}
	if err != nil {
		return p, fmt.Errorf("preferences of %s: %w", player, err)
	}
	p.Snooze = time.Duration(snooze) * time.Millisecond
	return p, nil
}

// endGame drops what only an active game needs: what it waits for, its
// reminders and turn message. The caller holds the write transaction that
// ends the game.
func endGame(ctx context.Context, tx *sql.Tx, id int64) error {
	for _, table := range []string{"waiting", "reminder_states", "reminder_settings", "turns"} {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE game = ?`, id); err != nil {
			return fmt.Errorf("game %d: clearing %s: %w", id, table, err)
		}
	}
	return nil
}
