-- Schema version 10 for PostgreSQL (../0010_game_log.sql).
CREATE TABLE game_log (
	game    BIGINT NOT NULL REFERENCES games (id),
	seq     BIGINT NOT NULL CHECK (seq >= 0),
	first   BIGINT NOT NULL CHECK (first > 0),
	entries BYTEA  NOT NULL,
	PRIMARY KEY (game, seq)
);
