-- The four-player ledgers on PostgreSQL (SPEC §4.4), as SQLite's migrations 0001 and 0002 leave them.
-- A hand's or a match's id is its primary key, so a completion written again after a crash is kept
-- once. Ids, names and scoring keys are text in the "C" collation, compared and ordered byte by byte
-- as SQLite does, so both backends page and break ties alike. Rule set documents and settings are
-- canonical JSON text, as in SQLite (jsonb would re-spell them).

CREATE TABLE hands (
    hand_id TEXT COLLATE "C" PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    table_id TEXT COLLATE "C" NOT NULL,
    match_id TEXT COLLATE "C" NOT NULL,
    number BIGINT NOT NULL,
    rules_name TEXT COLLATE "C" NOT NULL,
    rules TEXT NOT NULL,
    winner BIGINT,
    discarder BIGINT,
    self_drawn BOOLEAN NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    fan BIGINT NOT NULL,
    record TEXT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE hand_seats (
    hand_id TEXT COLLATE "C" NOT NULL REFERENCES hands (hand_id),
    seat BIGINT NOT NULL,
    member_id BIGINT,
    name TEXT COLLATE "C" NOT NULL,
    computer TEXT COLLATE "C",
    payment DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (hand_id, seat)
);

CREATE TABLE hand_patterns (
    hand_id TEXT COLLATE "C" NOT NULL REFERENCES hands (hand_id),
    position BIGINT NOT NULL,
    pattern TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (hand_id, position)
);

CREATE TABLE matches (
    match_id TEXT COLLATE "C" PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    table_id TEXT COLLATE "C" NOT NULL,
    rules_name TEXT COLLATE "C" NOT NULL,
    rules TEXT NOT NULL,
    hand_count BIGINT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    ended TEXT NOT NULL CHECK (ended IN ('finished', 'closed'))
);

CREATE TABLE match_seats (
    match_id TEXT COLLATE "C" NOT NULL REFERENCES matches (match_id),
    seat BIGINT NOT NULL,
    member_id BIGINT,
    name TEXT COLLATE "C" NOT NULL,
    computer TEXT COLLATE "C",
    total DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    settings TEXT NOT NULL
);

CREATE TABLE member_preferences (
    guild_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    mentions BOOLEAN NOT NULL,
    PRIMARY KEY (guild_id, member_id)
);

-- The leaderboards (a server's hands of one rule set since a date), a server's newest hands and
-- matches, and one member's hands and matches (history, stats).
CREATE INDEX hands_by_guild_rules_time ON hands (guild_id, rules_name, finished_at);
CREATE INDEX hands_by_guild_time ON hands (guild_id, finished_at);
CREATE INDEX hands_by_match ON hands (match_id, number);
CREATE INDEX hand_seats_by_member ON hand_seats (member_id, hand_id);
CREATE INDEX matches_by_guild_time ON matches (guild_id, finished_at);
CREATE INDEX match_seats_by_member ON match_seats (member_id, match_id);
