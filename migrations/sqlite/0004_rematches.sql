-- A lobby opened with a finished game's Rematch button names that game. A game has at
-- most one rematch that is not cancelled (cancelling it makes room for another).
ALTER TABLE lobbies ADD COLUMN rematch_of INTEGER REFERENCES games (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX lobbies_one_rematch ON lobbies (rematch_of) WHERE rematch_of IS NOT NULL AND status <> 'cancelled';
