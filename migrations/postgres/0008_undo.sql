-- Taking back a move (/undo, the Undo button): the decision stays in the log, marked with the
-- game version at which it was taken back, and is left out when the game is replayed. An undo
-- bumps the game's version like a decision (buttons from before it are stale), so a game's
-- version is its number of decisions plus its number of undos, and a decision's `seq` is the
-- version it was made at (with gaps where moves were taken back).
ALTER TABLE decisions ADD COLUMN undone_at BIGINT;
