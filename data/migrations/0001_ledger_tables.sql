-- The ledgers' first tables (SPEC §4.4). A hand's or a match's id is its primary key, so a completion
-- written again after a crash is kept once. Seats and scoring patterns are rows of their own, keyed by
-- the hand, so leaderboards and stats are SQL over member ids rather than scans of JSON.
-- Rule set documents and settings are JSON text; `rules_name` repeats the rule set's family for indexes.

CREATE TABLE hands (
    hand_id TEXT PRIMARY KEY NOT NULL,
    guild_id INTEGER NOT NULL,
    table_id TEXT NOT NULL,
    match_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    rules_name TEXT NOT NULL,
    rules TEXT NOT NULL,
    winner INTEGER,
    discarder INTEGER,
    self_drawn INTEGER NOT NULL CHECK (self_drawn IN (0, 1)),
    score REAL NOT NULL,
    fan INTEGER NOT NULL,
    record TEXT NOT NULL,
    finished_at REAL NOT NULL
) STRICT;

CREATE TABLE hand_seats (
    hand_id TEXT NOT NULL REFERENCES hands (hand_id),
    seat INTEGER NOT NULL,
    member_id INTEGER,
    name TEXT NOT NULL,
    computer TEXT,
    payment REAL NOT NULL,
    PRIMARY KEY (hand_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE hand_patterns (
    hand_id TEXT NOT NULL REFERENCES hands (hand_id),
    position INTEGER NOT NULL,
    pattern TEXT NOT NULL,
    PRIMARY KEY (hand_id, position)
) STRICT, WITHOUT ROWID;

CREATE TABLE matches (
    match_id TEXT PRIMARY KEY NOT NULL,
    guild_id INTEGER NOT NULL,
    table_id TEXT NOT NULL,
    rules_name TEXT NOT NULL,
    rules TEXT NOT NULL,
    hand_count INTEGER NOT NULL,
    finished_at REAL NOT NULL
) STRICT;

CREATE TABLE match_seats (
    match_id TEXT NOT NULL REFERENCES matches (match_id),
    seat INTEGER NOT NULL,
    member_id INTEGER,
    name TEXT NOT NULL,
    computer TEXT,
    total REAL NOT NULL,
    PRIMARY KEY (match_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY NOT NULL,
    settings TEXT NOT NULL
) STRICT;

CREATE TABLE member_preferences (
    guild_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    mentions INTEGER NOT NULL CHECK (mentions IN (0, 1)),
    PRIMARY KEY (guild_id, member_id)
) STRICT, WITHOUT ROWID;
