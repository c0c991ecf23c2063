-- Schema version 1. A migration file is never edited once released: a
-- change is a new file with the next number.

-- One row per game. seed holds the engine's uint64 seed as the int64 with the
-- same bits (SQLite integers are signed). engine is the rules version that
-- created the game; deck the content hash of its deck. problem says why a
-- game is broken.
CREATE TABLE games (
	id       INTEGER PRIMARY KEY,
	place    TEXT    NOT NULL,
	scenario TEXT    NOT NULL,
	options  TEXT    NOT NULL DEFAULT '',
	seed     INTEGER NOT NULL,
	deck     TEXT    NOT NULL,
	engine   TEXT    NOT NULL,
	status   TEXT    NOT NULL DEFAULT 'active'
	         CHECK (status IN ('active', 'finished', 'abandoned', 'broken')),
	problem  TEXT    NOT NULL DEFAULT '',
	created  INTEGER NOT NULL, -- Unix milliseconds
	updated  INTEGER NOT NULL
);

-- A place (a Discord channel, a console name) plays one game at a time but
-- keeps any number of finished ones.
CREATE UNIQUE INDEX games_one_active_per_place ON games (place) WHERE status = 'active';

CREATE TABLE seats (
	game    INTEGER NOT NULL REFERENCES games (id),
	faction TEXT    NOT NULL CHECK (faction IN ('JPN', 'NAT', 'WLD', 'CPC')),
	player  TEXT    NOT NULL,
	name    TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (game, faction)
) WITHOUT ROWID;

-- The decision log: the truth about a game. Rows are only ever appended,
-- numbered 1, 2, 3... per game; an undo is a row of its own. A transfer
-- (1.5.2) is made by its giver, its choice "give:TO:N" or "patronage:WLD:N".
CREATE TABLE decisions (
	game    INTEGER NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL CHECK (seq > 0),
	kind    TEXT    NOT NULL CHECK (kind IN ('do', 'undo', 'transfer')),
	faction TEXT    NOT NULL CHECK (faction IN ('JPN', 'NAT', 'WLD', 'CPC')),
	choice  TEXT    NOT NULL DEFAULT '', -- empty for an undo
	player  TEXT    NOT NULL DEFAULT '',
	at      INTEGER NOT NULL, -- Unix milliseconds
	key     TEXT,             -- idempotency key, NULL when none was given
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

CREATE UNIQUE INDEX decisions_key ON decisions (game, key) WHERE key IS NOT NULL;

CREATE TRIGGER decisions_in_order BEFORE INSERT ON decisions
WHEN NEW.seq <> (SELECT COALESCE(MAX(seq), 0) + 1 FROM decisions WHERE game = NEW.game)
BEGIN
	SELECT RAISE(ABORT, 'decisions must be appended in sequence');
END;

CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
BEGIN
	SELECT RAISE(ABORT, 'decisions are append-only');
END;

CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
BEGIN
	SELECT RAISE(ABORT, 'decisions are append-only');
END;

-- Snapshots of the engine's saved game after decision seq, DEFLATE-
-- compressed. They are a cache of the log: loading starts from the latest,
-- and replaying the log from the seed must reproduce each of them. The store
-- keeps the latest and every 250th. engine is the rules version that wrote it.
CREATE TABLE snapshots (
	game   INTEGER NOT NULL REFERENCES games (id),
	seq    INTEGER NOT NULL CHECK (seq >= 0),
	engine TEXT    NOT NULL,
	state  BLOB    NOT NULL,
	PRIMARY KEY (game, seq)
);
