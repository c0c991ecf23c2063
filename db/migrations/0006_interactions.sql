-- Schema version 6: interactions already handled.

-- Discord signs an interaction once, and a signed request can be sent again
-- by whoever saw it. A state-changing interaction is claimed here before it
-- is handled, so a replayed one changes nothing. Rows older than the replay
-- window are pruned as new ones arrive. seen is Unix milliseconds.
CREATE TABLE interactions (
	id   TEXT    PRIMARY KEY,
	seen INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX interactions_seen ON interactions (seen);
