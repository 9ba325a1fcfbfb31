-- Reminders, time limits, players' own settings, and cancelled games.
-- Every moment here is an INTEGER of seconds since 1970-01-01 UTC (Unix time),
-- written from the service's clock (so tests can move time by hand).

-- Per game: who created it (may change its settings and cancel it), how often
-- whoever it waits on is reminded, and its optional time limit.
ALTER TABLE games ADD COLUMN creator_id TEXT;
ALTER TABLE games ADD COLUMN reminder_minutes INTEGER NOT NULL DEFAULT 720 CHECK (reminder_minutes > 0);
ALTER TABLE games ADD COLUMN limit_minutes INTEGER CHECK (limit_minutes IS NULL OR limit_minutes > 0);
-- A cancelled game has status 'over' and this set.
ALTER TABLE games ADD COLUMN cancelled_at INTEGER;
ALTER TABLE games ADD COLUMN cancelled_by TEXT;
UPDATE games SET creator_id = (SELECT l.creator_id FROM lobbies l WHERE l.game_id = games.id);

-- Per user, across all their games.
CREATE TABLE user_settings (
    user_id      TEXT    PRIMARY KEY,
    reminders    INTEGER NOT NULL DEFAULT 1,        -- 0: never remind me
    time_zone    TEXT    NOT NULL DEFAULT 'UTC',    -- IANA name
    quiet_start  INTEGER,                           -- minutes after local midnight; both NULL: no quiet hours
    quiet_end    INTEGER,
    away_until   INTEGER                            -- no reminders and no time limit before this moment
);

-- Whom each game waits on: one row per seat being asked a question, written in
-- the same transaction as the decision that asked it. `stamp` is the game
-- version at which the question was first asked (as in the buttons' ids).
CREATE TABLE waits (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    user_id        TEXT    NOT NULL,
    stamp          INTEGER NOT NULL,
    since          INTEGER NOT NULL,               -- when the game started waiting on this question
    asked          TEXT    NOT NULL DEFAULT '',    -- the question, in words, for the reminder
    first_meld     INTEGER NOT NULL DEFAULT 0,     -- asked in the first meld (nobody can be removed then)
    reminded_at    INTEGER,                        -- the last reminder sent for this question
    reminders      INTEGER NOT NULL DEFAULT 0,     -- how many were sent
    extra_minutes  INTEGER NOT NULL DEFAULT 0,     -- time added to the limit by the others' votes to wait
    vote_at        INTEGER,                        -- when the time limit's vote (or notice) was posted; NULL: none open
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX waits_by_user ON waits (user_id);

-- Votes on a player who let the time limit pass: wait longer, or remove them.
CREATE TABLE limit_votes (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,                    -- the late player
    stamp     INTEGER NOT NULL,                    -- their question's stamp
    voter_id  TEXT    NOT NULL,
    remove    INTEGER NOT NULL,                    -- 1: remove, 0: wait
    PRIMARY KEY (game_id, seat, stamp, voter_id)
);

-- Messages with buttons are of two kinds: a question's answers, or a time-limit vote.
ALTER TABLE prompt_messages ADD COLUMN vote INTEGER NOT NULL DEFAULT 0;
