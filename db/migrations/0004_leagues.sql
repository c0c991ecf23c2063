-- Schema version 4: community leagues.

-- A league belongs to a Discord guild; its name is unique in the guild,
-- whatever the case of its ASCII letters. season is the season now being
-- played; closing it (league_seasons) moves it on by one.
CREATE TABLE leagues (
	id      INTEGER PRIMARY KEY,
	guild   TEXT    NOT NULL,
	name    TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
	creator TEXT    NOT NULL,
	season  INTEGER NOT NULL DEFAULT 1 CHECK (season > 0),
	created INTEGER NOT NULL -- Unix milliseconds
);
CREATE UNIQUE INDEX leagues_name ON leagues (guild, name COLLATE NOCASE);

-- A league's members (/league join). The creator joins at creation. name
-- is how the member was known when they last joined, for the tables.
CREATE TABLE league_members (
	league INTEGER NOT NULL REFERENCES leagues (id),
	member TEXT    NOT NULL,
	name   TEXT    NOT NULL DEFAULT '',
	joined INTEGER NOT NULL,
	PRIMARY KEY (league, member)
) WITHOUT ROWID;

-- The league a game reports to, set when the game is opened
-- (/game new league:NAME). A game reports to at most one league.
CREATE TABLE league_games (
	game   INTEGER PRIMARY KEY REFERENCES games (id),
	league INTEGER NOT NULL REFERENCES leagues (id)
);
CREATE INDEX league_games_league ON league_games (league);

-- How a league game ended (commands/league.Result): one row per finished
-- or abandoned league game, its seats in league_seats. Margins are the
-- final victory margins (7.3), zero when abandoned. Ratings are never
-- stored: they are recomputed from these rows.
CREATE TABLE league_results (
	game      INTEGER PRIMARY KEY REFERENCES games (id),
	league    INTEGER NOT NULL REFERENCES leagues (id),
	season    INTEGER NOT NULL CHECK (season > 0),
	ended     INTEGER NOT NULL, -- Unix milliseconds
	abandoned INTEGER NOT NULL CHECK (abandoned IN (0, 1)),
	jpn       INTEGER NOT NULL,
	nat       INTEGER NOT NULL,
	wld       INTEGER NOT NULL,
	cpc       INTEGER NOT NULL
);
CREATE INDEX league_results_league ON league_results (league, ended, game);

-- A result's seats, numbered from 1: the member ('' for a seat nobody
-- held), the factions held ('JPN' or several joined by '+', rule 1.5) and
-- the place by rule 7.1 (0 when abandoned).
CREATE TABLE league_seats (
	game     INTEGER NOT NULL REFERENCES league_results (game) ON DELETE CASCADE,
	seat     INTEGER NOT NULL CHECK (seat > 0),
	player   TEXT    NOT NULL,
	factions TEXT    NOT NULL,
	place    INTEGER NOT NULL CHECK (place >= 0),
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;

-- Closed seasons: the standings and faction statistics as they stood when
-- the season closed (commands/league.SeasonRecord as JSON).
CREATE TABLE league_seasons (
	league INTEGER NOT NULL REFERENCES leagues (id),
	season INTEGER NOT NULL CHECK (season > 0),
	closed INTEGER NOT NULL, -- Unix milliseconds
	record TEXT    NOT NULL,
	PRIMARY KEY (league, season)
) WITHOUT ROWID;
