-- Who won each finished game, per seat: 1 won, 0 lost; NULL while the game is played, for a
-- cancelled game, and for games finished before this column (filled in when first needed).
-- Written in the same transaction as the decision that ended the game.
ALTER TABLE game_players ADD COLUMN won INTEGER CHECK (won IS NULL OR won IN (0, 1));
CREATE INDEX game_players_by_user_won ON game_players (user_id, won);
