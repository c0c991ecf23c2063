-- Schema version 3 for PostgreSQL (../0003_reminders.sql).
CREATE TABLE reminder_states (
	game          BIGINT NOT NULL REFERENCES games (id),
	player        TEXT   NOT NULL,
	rev           BIGINT NOT NULL CHECK (rev > 0),
	since         BIGINT NOT NULL,
	last          BIGINT NOT NULL,
	count         BIGINT NOT NULL,
	escalated     BIGINT NOT NULL,
	timed_out     BIGINT NOT NULL,
	snoozed_until BIGINT NOT NULL,
	PRIMARY KEY (game, player)
);

CREATE TABLE reminder_settings (
	game           BIGINT PRIMARY KEY REFERENCES games (id),
	interval       BIGINT NOT NULL,
	escalate_after BIGINT NOT NULL,
	stop_after     BIGINT NOT NULL,
	timeout        BIGINT NOT NULL
);

CREATE TABLE member_prefs (
	player     TEXT   PRIMARY KEY,
	zone       TEXT   NOT NULL DEFAULT '',
	quiet_from BIGINT NOT NULL DEFAULT 0,
	quiet_to   BIGINT NOT NULL DEFAULT 0,
	opt_out    BIGINT NOT NULL DEFAULT 0,
	snooze     BIGINT NOT NULL DEFAULT 0
);
