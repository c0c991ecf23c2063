-- Schema version 9: the AI in leagues and at deadlines.

-- Whether a league rates games with AI seats (/league ai, by its creator);
-- each AI level then has its own rating. Off by default: such games are
-- listed as unrated.
ALTER TABLE leagues ADD COLUMN rate_ai INTEGER NOT NULL DEFAULT 0;

-- The league's rate_ai when the game ended, so that changing the setting
-- later does not re-rate games played under the old one.
ALTER TABLE league_results ADD COLUMN rate_ai INTEGER NOT NULL DEFAULT 0;

-- What a game's deadline does (/remind game on-timeout): '' Passes an
-- Eligible faction choosing its action; an AI level ('normal') has the AI
-- play the faction's turn, whatever the decision.
ALTER TABLE reminder_settings ADD COLUMN on_timeout TEXT NOT NULL DEFAULT '';

-- The deadline action a member votes for with the timeout, in a running
-- league game.
ALTER TABLE deadline_votes ADD COLUMN on_timeout TEXT NOT NULL DEFAULT '';
