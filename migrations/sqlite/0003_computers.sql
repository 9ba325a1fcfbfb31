-- Computer players. A computer takes a seat like a person, under a user id
-- Discord never gives (1 to 5: real ids are snowflakes carrying a timestamp,
-- far larger), with `computer` naming how it plays ('basic' or 'strong').
-- NULL: a person.

ALTER TABLE lobbies ADD COLUMN computer_level TEXT NOT NULL DEFAULT 'basic' CHECK (computer_level IN ('basic', 'strong'));
ALTER TABLE lobby_members ADD COLUMN computer TEXT CHECK (computer IS NULL OR computer IN ('basic', 'strong'));
ALTER TABLE game_players ADD COLUMN computer TEXT CHECK (computer IS NULL OR computer IN ('basic', 'strong'));
