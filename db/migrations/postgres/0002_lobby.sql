-- Schema version 2 for PostgreSQL (../0002_lobby.sql). PostgreSQL
-- databases begin at a later version, so there are no version 1 lobby
-- markers to convert.
ALTER TABLE games ADD COLUMN lobby BIGINT NOT NULL DEFAULT 0 CHECK (lobby IN (0, 1));
ALTER TABLE games ADD COLUMN host TEXT NOT NULL DEFAULT '';

CREATE TABLE turns (
	game    BIGINT PRIMARY KEY REFERENCES games (id),
	guild   TEXT   NOT NULL DEFAULT '',
	channel TEXT   NOT NULL,
	message TEXT   NOT NULL,
	seq     BIGINT NOT NULL,
	since   BIGINT NOT NULL
);
