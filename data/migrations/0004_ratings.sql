-- Ratings and seasons (SPEC §8, issue 40). A match now says whether its table was a practice table
-- (dealt from a seed its opener chose: never rated); the matches kept before this were not.
-- `season_modes`: each server's history of season modes, each from the moment it took effect, so a
-- match's season is a pure function of the ledger. `rated_matches`: each rated match once, with its pool
-- (server and rule set), season and the moment it ended, which with its id orders the pool's matches.
-- `rating_changes`: each seat's player, place and rating before and after, written in the transaction
-- that records the match. `ratings`: each player's rating per pool and season, and their rated matches
-- in it; a player is `member:<id>` or `computer:<level>`.

ALTER TABLE matches ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1));

CREATE TABLE season_modes (
    guild_id INTEGER NOT NULL,
    effective_at REAL NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('none', 'monthly', 'quarterly')),
    from_start INTEGER NOT NULL CHECK (from_start IN (0, 1)),
    PRIMARY KEY (guild_id, effective_at)
) STRICT, WITHOUT ROWID;

CREATE TABLE rated_matches (
    match_id TEXT PRIMARY KEY NOT NULL REFERENCES matches (match_id),
    guild_id INTEGER NOT NULL,
    rules_name TEXT NOT NULL,
    season INTEGER NOT NULL,
    finished_at REAL NOT NULL
) STRICT;

CREATE TABLE rating_changes (
    match_id TEXT NOT NULL REFERENCES rated_matches (match_id),
    seat INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    player TEXT NOT NULL,
    place INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    rules_name TEXT NOT NULL,
    season INTEGER NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (guild_id, rules_name, season, player)
) STRICT, WITHOUT ROWID;

CREATE INDEX rated_matches_in_order ON rated_matches (guild_id, rules_name, finished_at, match_id);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, player, finished_at, match_id);
CREATE INDEX ratings_by_player ON ratings (guild_id, player, rules_name, season);
