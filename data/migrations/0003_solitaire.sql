-- The solitaire's ledger (SPEC §3, §4.4): finished games with their move logs, members' pseudonyms
-- and the channel of each server's daily post. A result's id is the live game's, so a completion
-- written again after a crash is kept once; the rowid orders results as they were recorded, which
-- is how equal scores are ranked. `game` is the engine's document (seed, start, timed events) that
-- replays the game; `moves` the SPEC §5 move log, as `mahjong-bot solitaire verify` reads it.

CREATE TABLE solitaire_results (
    result_id TEXT PRIMARY KEY NOT NULL,
    guild_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('daily', 'free')),
    day TEXT CHECK ((kind = 'daily') = (day IS NOT NULL)),
    seed INTEGER NOT NULL,
    game TEXT NOT NULL,
    moves TEXT NOT NULL,
    seconds INTEGER NOT NULL,
    pairs INTEGER NOT NULL,
    cleared INTEGER NOT NULL CHECK (cleared IN (0, 1)),
    undos INTEGER NOT NULL,
    score INTEGER NOT NULL,
    finished_at REAL NOT NULL
) STRICT;

CREATE INDEX solitaire_results_by_board ON solitaire_results (guild_id, kind, day, score);
CREATE INDEX solitaire_results_by_member ON solitaire_results (guild_id, member_id);

CREATE TABLE solitaire_pseudonyms (
    guild_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (guild_id, member_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE solitaire_post_channels (
    guild_id INTEGER PRIMARY KEY NOT NULL,
    channel_id INTEGER NOT NULL
) STRICT;
