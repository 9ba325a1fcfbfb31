-- The expansions a lobby's game is played with, by name in `Set` order ("unseen", or
-- "echoes,unseen"; empty: the base game only), chosen by the lobby's creator before the start.
-- Each expansion raises the most players by one ("The maximum player count for a game with just
-- the base set is 5. Each expansion you add increases that maximum by 1."), so a lobby has 2 to
-- 10 seats.
ALTER TABLE lobbies ADD COLUMN expansions TEXT NOT NULL DEFAULT '';
ALTER TABLE lobbies DROP CONSTRAINT lobbies_seats_check;
ALTER TABLE lobbies ADD CONSTRAINT lobbies_seats_check CHECK (seats BETWEEN 2 AND 10);
