-- Schema version 2: a game's lobby and host, and its turn message.

-- A game opened by /game new waits in its lobby (lobby = 1) until
-- /game start; host is the member who opened it. Games from version 1 have
-- started (the bot's lobby markers are converted below).
ALTER TABLE games ADD COLUMN lobby INTEGER NOT NULL DEFAULT 0 CHECK (lobby IN (0, 1));
ALTER TABLE games ADD COLUMN host TEXT NOT NULL DEFAULT '';

-- Version 1 bots kept the lobby in a marker game at place 'lobby:CHANNEL'
-- whose JPN seat was the host. A game gets the host of the latest marker
-- made before it, and is in its lobby while that marker is active. The
-- markers themselves are abandoned, and are ordinary old games from now on.
UPDATE games SET host = COALESCE((
	SELECT s.player FROM games m JOIN seats s ON s.game = m.id AND s.faction = 'JPN'
	WHERE m.place = 'lobby:' || games.place AND m.id < games.id
	ORDER BY m.id DESC LIMIT 1), '')
WHERE place NOT LIKE 'lobby:%';
UPDATE games SET lobby = 1
WHERE status = 'active' AND place NOT LIKE 'lobby:%'
	AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.game = games.id)
	AND EXISTS (SELECT 1 FROM games m WHERE m.place = 'lobby:' || games.place AND m.status = 'active' AND m.id < games.id);
UPDATE games SET status = 'abandoned' WHERE place LIKE 'lobby:%' AND status = 'active';

-- The message showing a game's current decision, so that it can be edited
-- after a restart and reminders can link to it. seq is the decision count
-- it shows; since is when the game began waiting on that decision (Unix
-- milliseconds), kept while the message is edited for the same decision.
CREATE TABLE turns (
	game    INTEGER PRIMARY KEY REFERENCES games (id),
	guild   TEXT    NOT NULL DEFAULT '',
	channel TEXT    NOT NULL,
	message TEXT    NOT NULL,
	seq     INTEGER NOT NULL,
	since   INTEGER NOT NULL
);
