-- Duplicate deals (SPEC §8, issue 40), as SQLite's migration 0005 keeps them: a practice table's deal
-- code with its match (the matches kept before this have none), and the index that lists a deal's tables.

ALTER TABLE matches ADD COLUMN deal TEXT COLLATE "C" CHECK (deal IS NULL OR (practice AND length(deal) BETWEEN 1 AND 24));

CREATE INDEX matches_by_guild_deal ON matches (guild_id, deal) WHERE deal IS NOT NULL;
