-- Ratings and seasons (SPEC §8, issue 40), as SQLite's migration 0004 builds them: whether a match's
-- table was a practice table (the matches kept before this were not), each server's history of season
-- modes, each rated match once with its pool, season and order, each seat's rating change, and each
-- player's rating per pool and season.

ALTER TABLE matches ADD COLUMN practice BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE season_modes (
    guild_id BIGINT NOT NULL,
    effective_at DOUBLE PRECISION NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('none', 'monthly', 'quarterly')),
    from_start BOOLEAN NOT NULL,
    PRIMARY KEY (guild_id, effective_at)
);

CREATE TABLE rated_matches (
    match_id TEXT COLLATE "C" PRIMARY KEY REFERENCES matches (match_id),
    guild_id BIGINT NOT NULL,
    rules_name TEXT COLLATE "C" NOT NULL,
    season BIGINT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE rating_changes (
    match_id TEXT COLLATE "C" NOT NULL REFERENCES rated_matches (match_id),
    seat BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    player TEXT COLLATE "C" NOT NULL,
    place BIGINT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches BIGINT NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    rules_name TEXT COLLATE "C" NOT NULL,
    season BIGINT NOT NULL,
    player TEXT COLLATE "C" NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches BIGINT NOT NULL,
    PRIMARY KEY (guild_id, rules_name, season, player)
);

CREATE INDEX rated_matches_in_order ON rated_matches (guild_id, rules_name, finished_at, match_id);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, player, finished_at, match_id);
CREATE INDEX ratings_by_player ON ratings (guild_id, player, rules_name, season);
