-- Schema version 5: announcing a game's end.

-- announced is 0 from the moment a game ends (finished by the rules, or
-- abandoned) until its end has been posted where it was played. Ending the
-- game and any league result are one transaction; the announcement comes
-- after it and may fail, so a pass at startup posts what is still 0. Games
-- that ended before this version count as announced.
ALTER TABLE games ADD COLUMN announced INTEGER NOT NULL DEFAULT 1 CHECK (announced IN (0, 1));
CREATE INDEX games_unannounced ON games (id) WHERE announced = 0;
