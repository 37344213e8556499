-- Tournaments (SPEC §9, issue 46), as SQLite's migration 0006 keeps them: each tournament whole, from its
-- start, replaced by each newer state (`version` is the live store's); its players by schedule number,
-- their names, and every table of every round seated, with the table it opened as (its matches and
-- hands are kept under that id), each chair's schedule number (-1 a computer seat) and member, and once
-- it ended each hand's score per chair (canonical JSON text, as SQLite's).

CREATE TABLE tournaments (
    tournament_id TEXT COLLATE "C" PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    organiser BIGINT NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    rules_name TEXT COLLATE "C" NOT NULL,
    rounds BIGINT NOT NULL,
    length TEXT COLLATE "C" NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'paused', 'over', 'cancelled')),
    version BIGINT NOT NULL,
    finished_at DOUBLE PRECISION,
    CHECK ((status IN ('over', 'cancelled')) = (finished_at IS NOT NULL))
);

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, finished_at);

CREATE TABLE tournament_players (
    tournament_id TEXT COLLATE "C" NOT NULL REFERENCES tournaments (tournament_id),
    number BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

CREATE TABLE tournament_names (
    tournament_id TEXT COLLATE "C" NOT NULL REFERENCES tournaments (tournament_id),
    member_id BIGINT NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (tournament_id, member_id)
);

CREATE TABLE tournament_tables (
    tournament_id TEXT COLLATE "C" NOT NULL REFERENCES tournaments (tournament_id),
    round BIGINT NOT NULL,
    table_index BIGINT NOT NULL,
    table_id TEXT COLLATE "C",
    hands TEXT CHECK (hands IS NULL OR table_id IS NOT NULL),
    PRIMARY KEY (tournament_id, round, table_index)
);

CREATE INDEX tournament_tables_by_table ON tournament_tables (table_id) WHERE table_id IS NOT NULL;

CREATE TABLE tournament_seats (
    tournament_id TEXT COLLATE "C" NOT NULL,
    round BIGINT NOT NULL,
    table_index BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    number BIGINT NOT NULL,
    member_id BIGINT CHECK ((number = -1) = (member_id IS NULL)),
    PRIMARY KEY (tournament_id, round, table_index, seat),
    FOREIGN KEY (tournament_id, round, table_index) REFERENCES tournament_tables (tournament_id, round, table_index)
);

CREATE INDEX tournament_seats_by_member ON tournament_seats (member_id, tournament_id) WHERE member_id IS NOT NULL;
