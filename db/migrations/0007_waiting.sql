-- Schema version 7: what each active game waits for.

-- One row per started, active game that waits on a decision, written by
-- every transaction that changes the game (a decision, its start, a seat
-- change) and deleted by the one that ends it. It is what reminders read:
-- one query over this table finds every waiting game without loading any.
-- seq is the decision count it waits at; faction the faction to decide;
-- player the member in that seat ('' when it is empty); step what it waits
-- for in sequence-of-play terms; action_choice whether it is an Eligible
-- faction's choice of action (2.3.4) and pass_legal whether Pass is among
-- its choices, which together let a deadline Pass for it; since when the
-- game began waiting on it (Unix milliseconds). The turn message (turns) is
-- separate: a game whose turn message could not be posted still waits here.
-- Rows for games started before this version are written when the store
-- opens (it replays those games once).
CREATE TABLE waiting (
	game          INTEGER PRIMARY KEY REFERENCES games (id),
	seq           INTEGER NOT NULL,
	faction       TEXT    NOT NULL,
	player        TEXT    NOT NULL,
	step          TEXT    NOT NULL,
	action_choice INTEGER NOT NULL CHECK (action_choice IN (0, 1)),
	pass_legal    INTEGER NOT NULL CHECK (pass_legal IN (0, 1)),
	since         INTEGER NOT NULL
);
