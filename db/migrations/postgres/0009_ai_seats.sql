-- Schema version 9 for PostgreSQL (../0009_ai_seats.sql).
ALTER TABLE leagues ADD COLUMN rate_ai BIGINT NOT NULL DEFAULT 0;
ALTER TABLE league_results ADD COLUMN rate_ai BIGINT NOT NULL DEFAULT 0;
ALTER TABLE reminder_settings ADD COLUMN on_timeout TEXT NOT NULL DEFAULT '';
ALTER TABLE deadline_votes ADD COLUMN on_timeout TEXT NOT NULL DEFAULT '';
