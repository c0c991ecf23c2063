-- Schema version 10: the game log beside the snapshots.

-- Snapshots held the whole game log, so a snapshot cost more to write the
-- longer its game ran. Now a snapshot holds the state only, and the log
-- entries its game added since the previous snapshot are written here in
-- the same transaction: a game's log is these rows in order of seq, then
-- what replaying the decisions after its latest snapshot adds. seq is the
-- snapshot's decision; entries the JSON list of the log entries numbered
-- first onwards, DEFLATE-compressed. Like snapshots, the rows are a cache
-- of the decisions, which replaying a game from its seed must reproduce.
-- Snapshots written before this version carry their own log; the first
-- snapshot after them writes a row with the whole log so far.
CREATE TABLE game_log (
	game    INTEGER NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL CHECK (seq >= 0),
	first   INTEGER NOT NULL CHECK (first > 0),
	entries BLOB    NOT NULL,
	PRIMARY KEY (game, seq)
);
