-- Tournaments (SPEC §9, issue 46): each tournament whole, from its start, replaced by each newer state
-- its subscriber writes (`version` is the live store's, so writers racing leave the newest). Its players
-- by schedule number, the names they played under, and every table of every round seated: the table it
-- opened as (its matches and hands are in `matches` and `hands` under that id, with their replay
-- records), each chair's schedule number (-1 a computer seat) and member, and once it ended each hand's
-- score per chair (JSON), which the standings are recomputed from.

CREATE TABLE tournaments (
    tournament_id TEXT PRIMARY KEY NOT NULL,
    guild_id INTEGER NOT NULL,
    organiser INTEGER NOT NULL,
    name TEXT NOT NULL,
    rules_name TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    length TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'paused', 'over', 'cancelled')),
    version INTEGER NOT NULL,
    finished_at REAL,
    CHECK ((status IN ('over', 'cancelled')) = (finished_at IS NOT NULL))
) STRICT;

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, finished_at);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id),
    number INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, number)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_names (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id),
    member_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (tournament_id, member_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id),
    round INTEGER NOT NULL,
    table_index INTEGER NOT NULL,
    table_id TEXT,
    hands TEXT CHECK (hands IS NULL OR table_id IS NOT NULL),
    PRIMARY KEY (tournament_id, round, table_index)
) STRICT, WITHOUT ROWID;

CREATE INDEX tournament_tables_by_table ON tournament_tables (table_id) WHERE table_id IS NOT NULL;

CREATE TABLE tournament_seats (
    tournament_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    table_index INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    number INTEGER NOT NULL,
    member_id INTEGER CHECK ((number = -1) = (member_id IS NULL)),
    PRIMARY KEY (tournament_id, round, table_index, seat),
    FOREIGN KEY (tournament_id, round, table_index) REFERENCES tournament_tables (tournament_id, round, table_index)
) STRICT, WITHOUT ROWID;

CREATE INDEX tournament_seats_by_member ON tournament_seats (member_id, tournament_id) WHERE member_id IS NOT NULL;
