-- Tables idle past their limit are closed with their state recorded: a match now says whether it
-- ended normally or was closed early (the matches kept before this were all finished ones).
-- Indexes for the leaderboards (a server's hands of one rule set since a date), a server's newest
-- hands and matches, and one member's hands and matches (history, stats).

ALTER TABLE matches ADD COLUMN ended TEXT NOT NULL DEFAULT 'finished' CHECK (ended IN ('finished', 'closed'));

CREATE INDEX hands_by_guild_rules_time ON hands (guild_id, rules_name, finished_at);
CREATE INDEX hands_by_guild_time ON hands (guild_id, finished_at);
CREATE INDEX hands_by_match ON hands (match_id, number);
CREATE INDEX hand_seats_by_member ON hand_seats (member_id, hand_id);
CREATE INDEX matches_by_guild_time ON matches (guild_id, finished_at);
CREATE INDEX match_seats_by_member ON match_seats (member_id, match_id);
