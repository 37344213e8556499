-- Duplicate deals (SPEC §8, issue 40): a practice table opened from a deal code (`/mahjong new deal:`, or
-- the page's `seed`) keeps the code with its match, so every table's result on one deal can be listed
-- (`/mahjong leaderboard deal:`); the matches kept before this have none.

ALTER TABLE matches ADD COLUMN deal TEXT CHECK (deal IS NULL OR (practice = 1 AND length(deal) BETWEEN 1 AND 24));

CREATE INDEX matches_by_guild_deal ON matches (guild_id, deal) WHERE deal IS NOT NULL;
