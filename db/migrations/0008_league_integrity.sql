-- Schema version 8: what members did to a game, forfeits, and agreed
-- deadlines.

-- A league game left or abandoned once started is a forfeit: forfeit is the
-- member who left (their seats rank last), '' for a game played out.
ALTER TABLE league_results ADD COLUMN forfeit TEXT NOT NULL DEFAULT '';

-- What members did to a game besides its decisions, in order: who opened,
-- joined, left, started, replaced, abandoned or forfeited it, or changed or
-- voted on its deadline. Each row is written in the transaction of the
-- change it records; rows are only ever appended.
CREATE TABLE game_events (
	id     INTEGER PRIMARY KEY,
	game   INTEGER NOT NULL REFERENCES games (id),
	at     INTEGER NOT NULL, -- Unix milliseconds
	actor  TEXT    NOT NULL, -- the member; '' for the bot itself
	action TEXT    NOT NULL,
	detail TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX game_events_game ON game_events (game, id);

CREATE TRIGGER game_events_no_update BEFORE UPDATE ON game_events
BEGIN
	SELECT RAISE(ABORT, 'game events are append-only');
END;

-- A seated member's vote for a deadline (timeout, in milliseconds; 0 for
-- none) in a running league game. Once every seated member has voted for
-- the same timeout it is set and the votes are cleared.
CREATE TABLE deadline_votes (
	game    INTEGER NOT NULL REFERENCES games (id),
	member  TEXT    NOT NULL,
	timeout INTEGER NOT NULL CHECK (timeout >= 0),
	at      INTEGER NOT NULL,
	PRIMARY KEY (game, member)
) WITHOUT ROWID;

-- The Discord server of a game opened there ('' elsewhere and for older
-- games), so that its open lobbies can be counted per server.
ALTER TABLE games ADD COLUMN guild TEXT NOT NULL DEFAULT '';
CREATE INDEX games_lobbies ON games (guild, host) WHERE lobby = 1 AND status = 'active';
