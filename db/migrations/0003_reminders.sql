-- Schema version 3: reminders.

-- The reminder scheduler's state per member and game (bot/remind.State).
-- rev makes every change a compare-and-set, so that of several schedulers
-- one sends each reminder. Times are Unix milliseconds, 0 for none. Rows go
-- when their game ends.
CREATE TABLE reminder_states (
	game          INTEGER NOT NULL REFERENCES games (id),
	player        TEXT    NOT NULL,
	rev           INTEGER NOT NULL CHECK (rev > 0),
	since         INTEGER NOT NULL,
	last          INTEGER NOT NULL,
	count         INTEGER NOT NULL,
	escalated     INTEGER NOT NULL,
	timed_out     INTEGER NOT NULL,
	snoozed_until INTEGER NOT NULL,
	PRIMARY KEY (game, player)
) WITHOUT ROWID;

-- A game's reminder settings (/remind game); a game without a row uses the
-- defaults. Durations in milliseconds; counts as bot/remind.Settings keeps
-- them (0 default, -1 never); timeout 0 is none.
CREATE TABLE reminder_settings (
	game           INTEGER PRIMARY KEY REFERENCES games (id),
	interval       INTEGER NOT NULL,
	escalate_after INTEGER NOT NULL,
	stop_after     INTEGER NOT NULL,
	timeout        INTEGER NOT NULL
);

-- A member's reminder preferences (/remind me), for every game.
CREATE TABLE member_prefs (
	player     TEXT PRIMARY KEY,
	zone       TEXT    NOT NULL DEFAULT '',
	quiet_from INTEGER NOT NULL DEFAULT 0, -- minutes after local midnight
	quiet_to   INTEGER NOT NULL DEFAULT 0,
	opt_out    INTEGER NOT NULL DEFAULT 0,
	snooze     INTEGER NOT NULL DEFAULT 0  -- the snooze button's length in ms; 0 default
) WITHOUT ROWID;
