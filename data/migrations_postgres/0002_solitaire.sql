-- The solitaire's ledger (SPEC §3, §4.4), as SQLite's migration 0003 leaves it. `seq` orders results
-- as they were recorded (SQLite's rowid), which is how equal scores are ranked.

CREATE TABLE solitaire_results (
    seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    result_id TEXT COLLATE "C" PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('daily', 'free')),
    day DATE CHECK ((kind = 'daily') = (day IS NOT NULL)),
    seed BIGINT NOT NULL,
    game TEXT NOT NULL,
    moves TEXT NOT NULL,
    seconds BIGINT NOT NULL,
    pairs BIGINT NOT NULL,
    cleared BOOLEAN NOT NULL,
    undos BIGINT NOT NULL,
    score BIGINT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL
);

CREATE INDEX solitaire_results_by_board ON solitaire_results (guild_id, kind, day, score);
CREATE INDEX solitaire_results_by_member ON solitaire_results (guild_id, member_id);

CREATE TABLE solitaire_pseudonyms (
    guild_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (guild_id, member_id)
);

CREATE TABLE solitaire_post_channels (
    guild_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL
);
