-- Schema version 7 for PostgreSQL (../0007_waiting.sql).
CREATE TABLE waiting (
	game          BIGINT PRIMARY KEY REFERENCES games (id),
	seq           BIGINT NOT NULL,
	faction       TEXT   NOT NULL,
	player        TEXT   NOT NULL,
	step          TEXT   NOT NULL,
	action_choice BIGINT NOT NULL CHECK (action_choice IN (0, 1)),
	pass_legal    BIGINT NOT NULL CHECK (pass_legal IN (0, 1)),
	since         BIGINT NOT NULL
);
