-- Background work claimed by one bot process at a time (several processes may share a
-- PostgreSQL database; with SQLite there is one, and the claims cost nothing). A claim is a
-- lease: it names its owner (a process) and expires; when the owner dies, another process
-- takes the claim over once it has expired and does the work, which carries the claim's
-- item as its nonce so that Discord drops a message the dead owner had already sent.
-- `kind`: 'computer' (moving a game's computer players), 'reminder', 'limit'.
-- `item`: which one: a game id, or game:seat:stamp:n for a reminder (n-th) or a time limit.
CREATE TABLE claims (
    kind     TEXT    NOT NULL,
    item     TEXT    NOT NULL,
    owner    TEXT    NOT NULL,
    expires  INTEGER NOT NULL,   -- Unix seconds
    PRIMARY KEY (kind, item)
);
CREATE INDEX claims_by_expiry ON claims (expires);
