-- Schema version 6 for PostgreSQL (../0006_interactions.sql).
CREATE TABLE interactions (
	id   TEXT   PRIMARY KEY,
	seen BIGINT NOT NULL
);
CREATE INDEX interactions_seen ON interactions (seen);
