-- Each game's table as it stood after decision `version`, at the start of an action (JSON of
-- engine::State). The decisions stay the record of the game; this is kept so that a game whose
-- log a later version of the rules no longer replays (a rules fix) goes on from its table
-- instead of being lost. One row per game, replaced at every action boundary.
CREATE TABLE snapshots (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    state    TEXT    NOT NULL
);
