-- Schema version 5 for PostgreSQL (../0005_announced.sql).
ALTER TABLE games ADD COLUMN announced BIGINT NOT NULL DEFAULT 1 CHECK (announced IN (0, 1));
CREATE INDEX games_unannounced ON games (id) WHERE announced = 0;
