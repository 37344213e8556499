"""The ledgers (SPEC §4.4): what a server keeps once a hand or a match is over, and its settings.

A finished hand or match is written once under its own id, whoever writes it and however often:
the table keeps an entry in its live state until the ledger has it, so a process that dies between
the two writes leaves it there, and the next one writes it again. ``record_hand`` therefore answers
False (and changes nothing) for an id it already holds with the same contents, and refuses with
``LedgerConflict`` an id it holds with other contents, which can only be a bug worth stopping for.

Entries are frozen dataclasses checked when built, so nothing half-formed reaches the store (nor a NUL
character in a text, which PostgreSQL's text cannot hold: both backends refuse it alike); a
``GuildSettings`` is checked by ``validate`` (the store calls it before writing), because a
server's settings come from an admin's command and deserve a message, not a crash.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

from core.ratings.seasons import ModeChange, Season
from core.tournaments.schedule import COMPUTER, SEATS
from core.tournaments.seats import MAX_PLAYERS, MAX_ROUNDS, MIN_ROUNDS
from data.live import StoreFailed
from data.rating_values import PlayerRating, RatingChange, RatingStanding, Rerated
from game.players import PLAYERS
from game.rules import MATCH_LENGTHS, RULE_NAMES
from words import LANGS  # a server may pick any language the bot has a catalog for

SPEEDS = ("live", "async")
MATCH_ENDINGS = ("finished", "closed")
MIN_SECONDS = 5.0
MAX_SECONDS = 7 * 24 * 3600.0
RANKED_AFTER = (1, 100)  # hands of a rule set in the period before a member is ranked on the leaderboard
IDLE_HOURS = (1, 30 * 24)  # an hour to a month without a click before an open table is closed
MINIMUM_FAN = (0, 13)
DEAL_LENGTH = 24  # characters of a deal code (``core.tables.deals``)
# A tournament is in the ledger from its start (or its cancellation before it); its end is one of the two last.
TOURNAMENT_STATUSES = ("playing", "paused", "over", "cancelled")
TOURNAMENT_ENDINGS = ("over", "cancelled")
LARGEST_INTEGER = 2**63 - 1  # what both backends' integer columns hold


class LedgerValueError(ValueError):
    """A value the ledger cannot keep (a setting out of range, an inconsistent entry); ``field`` names
    it, so a command can point the admin at the right option in their language."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class LedgerConflict(Exception):
    """An id already recorded with other contents: two different hands (or matches) under one id."""


class LedgerFileError(StoreFailed):
    """The database (an SQLite file, or a PostgreSQL database) cannot hold the ledgers: not SQLite,
    another program's tables, or a ledger from a newer release. Raised at open, before anything in it
    is changed: it needs a person (a backup, the right database, the newer release), not a retry."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One seat as the ledger keeps it: a member (``member_id``) or a computer (``computer``, its strength)."""

    name: str
    member_id: int | None
    computer: str | None

    def __post_init__(self) -> None:
        require_text((self.name, self.computer or ""), "seats")


@dataclass(frozen=True, slots=True)
class HandEntry:
    """A finished hand: who sat where, who won from whom, the score and payments (one per seat), the
    breakdown's scoring keys, and the ``record`` text that replays it move by move."""

    hand_id: str
    guild_id: int
    table_id: str
    match_id: str
    number: int
    rules: dict[str, Any]
    seats: tuple[SeatEntry, ...]
    winner: int | None
    discarder: int | None
    self_drawn: bool
    score: float
    fan: int
    payments: tuple[float, ...]
    patterns: tuple[str, ...]
    record: str
    finished_at: float

    def __post_init__(self) -> None:
        _require_id(self.hand_id, "hand_id")
        _require_rules(self.rules)
        require_text((self.hand_id, self.table_id, self.match_id, self.rules_name, self.record), "hand")
        require_text(self.patterns, "patterns")
        _require_finite((self.score, self.finished_at, *self.payments), "score, payments and finished_at")
        if len(self.payments) != len(self.seats):
            raise LedgerValueError(
                f"hand {self.hand_id}: {len(self.payments)} payments for {len(self.seats)} seats", "payments"
            )
        _require_seat(self.winner, len(self.seats), "winner")
        _require_seat(self.discarder, len(self.seats), "discarder")
        _require_outcome(self)

    @property
    def rules_name(self) -> str:
        """The rule set's family (``classic``, ``hongkong``, ``family``), which leaderboards are kept by."""
        return str(self.rules["name"])


@dataclass(frozen=True, slots=True)
class MatchEntry:
    """A match over: its seats, each seat's total, how many hands were played, whether it ``ended``
    normally (``finished``) or its table was ``closed`` before the end, whether its table was a
    ``practice`` table (dealt from a seed its opener chose: never rated, SPEC §8), and the ``deal`` code
    of a practice table's walls (``core.tables.deals``: the same code, the same walls at every table)."""

    match_id: str
    guild_id: int
    table_id: str
    rules: dict[str, Any]
    seats: tuple[SeatEntry, ...]
    totals: tuple[float, ...]
    hands: int
    finished_at: float
    ended: str = "finished"
    practice: bool = False
    deal: str | None = None

    def __post_init__(self) -> None:
        _require_id(self.match_id, "match_id")
        _require_rules(self.rules)
        require_text((self.match_id, self.table_id, self.rules_name), "match")
        if self.deal is not None and (not self.practice or not 0 < len(self.deal) <= DEAL_LENGTH):
            raise LedgerValueError(
                f"match {self.match_id}: a deal code is a practice table's, of 1 to {DEAL_LENGTH} characters", "deal"
            )
        require_text((self.deal or "",), "deal")
        _require_finite((self.finished_at, *self.totals), "totals and finished_at")
        if len(self.totals) != len(self.seats):
            raise LedgerValueError(
                f"match {self.match_id}: {len(self.totals)} totals for {len(self.seats)} seats", "totals"
            )
        if self.hands < 0:
            raise LedgerValueError(f"match {self.match_id}: {self.hands} hands played", "hands")
        _require_choice(self.ended, MATCH_ENDINGS, "ended")

    @property
    def rules_name(self) -> str:
        return str(self.rules["name"])


@dataclass(frozen=True, slots=True)
class TournamentTableEntry:
    """One table of a tournament's round: its place (``round`` from 1, ``index`` from 0), the table it
    opened as (None until then: its matches and hands are in the ledger under that id), each chair's
    schedule number (``COMPUTER`` for a computer seat) and member (None for a computer seat), and, once
    it has ended, each hand's score per chair in the order they were played (the result the standings
    are made of; none for a table closed before its first hand ended)."""

    round: int
    index: int
    table_id: str | None
    numbers: tuple[int, ...]
    members: tuple[int | None, ...]
    hands: tuple[tuple[float, ...], ...] | None = None

    def __post_init__(self) -> None:
        place = f"round {self.round}'s table {self.index}"
        if self.round < 1 or self.index < 0:
            raise LedgerValueError(f"{place}: a round counts from 1 and a table from 0", "tables")
        if self.table_id is not None:
            _require_id(self.table_id, "table_id")
            require_text((self.table_id,), "table_id")
        if len(self.numbers) != SEATS or len(self.members) != SEATS:
            raise LedgerValueError(f"{place}: {SEATS} seats, each with its number and member", "tables")
        seats = zip(self.numbers, self.members, strict=True)
        if any((number == COMPUTER) != (member is None) for number, member in seats):
            raise LedgerValueError(f"{place}: a computer seat, and only one, has no member", "tables")
        if self.hands is not None:
            if self.table_id is None:
                raise LedgerValueError(f"{place}: a result without the table that played it", "hands")
            if any(len(scores) != SEATS for scores in self.hands):
                raise LedgerValueError(f"{place}: a hand's scores are one per seat", "hands")
            _require_finite((score for scores in self.hands for score in scores), "hands")


@dataclass(frozen=True, slots=True)
class TournamentEntry:
    """A tournament (SPEC §9) as the ledger keeps it, whole: who organised it, its settings and the seed
    of its walls, where it stands (``status``; ``finished_at`` once it is over or cancelled), its players
    (schedule number ``i`` is ``players[i]``), their names, and every table seated so far. ``version`` is
    the live store's version of the tournament this was made from: the ledger keeps the newest it was
    given, whatever order writers racing give them in."""

    tournament_id: str
    guild_id: int
    organiser: int
    name: str
    rules: str
    rounds: int
    length: str
    seed: int
    status: str
    version: int
    players: tuple[int, ...]
    names: dict[int, str]
    tables: tuple[TournamentTableEntry, ...]
    finished_at: float | None = None

    def __post_init__(self) -> None:
        _require_id(self.tournament_id, "tournament_id")
        require_text((self.tournament_id, self.name, *self.names.values()), "tournament")
        _require_choice(self.rules, RULE_NAMES, "rules")
        _require_choice(self.length, MATCH_LENGTHS, "length")
        _require_choice(self.status, TOURNAMENT_STATUSES, "status")
        _require_whole(self.rounds, (MIN_ROUNDS, MAX_ROUNDS), "rounds")
        _require_whole(self.seed, (0, LARGEST_INTEGER), "seed")
        _require_whole(self.version, (1, LARGEST_INTEGER), "version")
        if (self.status in TOURNAMENT_ENDINGS) != (self.finished_at is not None):
            raise LedgerValueError(
                f"tournament {self.tournament_id}: a finish time exactly once it ended", "finished_at"
            )
        _require_finite(() if self.finished_at is None else (self.finished_at,), "finished_at")
        if len(self.players) > MAX_PLAYERS or len(set(self.players)) != len(self.players):
            raise LedgerValueError(
                f"tournament {self.tournament_id}: players are up to {MAX_PLAYERS} members, each once", "players"
            )
        if any(not name for name in self.names.values()):
            raise LedgerValueError(f"tournament {self.tournament_id}: a member's name is not empty", "names")
        places = [(table.round, table.index) for table in self.tables]
        if len(set(places)) != len(places):
            raise LedgerValueError(f"tournament {self.tournament_id}: a round's table seated twice", "tables")
        for table in self.tables:
            if table.round > self.rounds or any(not COMPUTER <= number < len(self.players) for number in table.numbers):
                raise LedgerValueError(
                    f"tournament {self.tournament_id}: round {table.round}'s table {table.index} seats no"
                    f" player of its {self.rounds} rounds and {len(self.players)} players",
                    "tables",
                )


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings for new tables; the defaults are what a server that never ran
    ``/mahjong config`` gets. Seconds (and ``idle_hours``) of None mean the speed's own timing; no
    table channels means tables may open anywhere; ``lang`` None means each public message in the
    server's locale. The ``default_*`` options are what ``/mahjong new`` uses where its member chose
    nothing: ``default_length`` None is the rule set's own, ``default_minimum_fan`` applies to Hong
    Kong tables (None: the rules' 3 fan). ``ranked_after`` is how many hands of a rule set a member plays
    before the leaderboard ranks them (a lucky first hand is not a rank)."""

    default_rules: str = "classic"
    default_speed: str = "live"
    turn_seconds: float | None = None
    claim_seconds: float | None = None
    table_channels: tuple[int, ...] = ()
    computers_allowed: bool = True
    mentions: bool = True
    lang: str | None = None
    default_length: str | None = None
    default_level: str = "strong"
    default_hints: bool = True
    default_hide_claims: bool = False
    default_seven_pairs: bool = False
    default_minimum_fan: int | None = None
    idle_hours: int | None = None
    ranked_after: int = 5

    def validate(self) -> None:
        """``LedgerValueError`` naming the first value out of range, with the range it must be in."""
        _require_choice(self.default_rules, RULE_NAMES, "default_rules")
        _require_choice(self.default_speed, SPEEDS, "default_speed")
        _require_seconds(self.turn_seconds, "turn_seconds")
        _require_seconds(self.claim_seconds, "claim_seconds")
        for channel in self.table_channels:
            if isinstance(channel, bool) or not isinstance(channel, int) or channel <= 0:
                raise LedgerValueError(f"table_channels must be channel ids, not {channel!r}", "table_channels")
        for name in ("computers_allowed", "mentions", "default_hints", "default_hide_claims", "default_seven_pairs"):
            if not isinstance(getattr(self, name), bool):
                raise LedgerValueError(f"{name} must be true or false, not {getattr(self, name)!r}", name)
        if self.lang is not None:
            _require_choice(self.lang, LANGS, "lang")
        if self.default_length is not None:
            _require_choice(self.default_length, MATCH_LENGTHS, "default_length")
        _require_choice(self.default_level, tuple(PLAYERS), "default_level")
        _require_whole(self.default_minimum_fan, MINIMUM_FAN, "default_minimum_fan")
        _require_whole(self.idle_hours, IDLE_HOURS, "idle_hours")
        _require_whole(self.ranked_after, RANKED_AFTER, "ranked_after")

    def to_document(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> GuildSettings:
        """The settings a stored document holds; a setting it lacks (stored by an older release) takes
        its default, one it has that this code does not know (a newer release's) is left out."""
        known = {field.name for field in fields(cls)}
        values = {name: value for name, value in document.items() if name in known}
        if "table_channels" in values:
            values["table_channels"] = tuple(values["table_channels"])
        return cls(**values)


class Ledger(Protocol):
    async def record_hand(self, entry: HandEntry) -> bool:
        """Write a finished hand: True if newly written, False if that ``hand_id`` is already there with
        the same contents (nothing changes); ``LedgerConflict`` if it is there with others."""
        ...

    async def has_hand(self, hand_id: str) -> bool: ...

    async def record_match(self, entry: MatchEntry) -> bool:
        """Write a finished match, once per ``match_id``, as ``record_hand`` does; a rated one (SPEC §8,
        ``core.ratings.rated``) is rated in the same transaction, in its place among its pool's matches
        (``data.ledger_ratings``)."""
        ...

    async def hands(
        self,
        guild_id: int,
        *,
        member_id: int | None = None,
        rules: str | None = None,
        since: float | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[HandEntry]:
        """A server's hands, newest first: only those ``member_id`` sat at, of the rule set ``rules``,
        finished at or after ``since``, when given."""
        ...

    async def hand(self, hand_id: str) -> HandEntry | None: ...

    async def matches(
        self, guild_id: int, *, member_id: int | None = None, limit: int = 20, offset: int = 0
    ) -> list[MatchEntry]:
        """A server's matches, newest first, only those ``member_id`` sat at when given."""
        ...

    async def deal_matches(self, guild_id: int, deal: str, *, limit: int = 10, offset: int = 0) -> list[MatchEntry]:
        """The server's matches on the deal ``deal`` (``MatchEntry.deal``), the best score of each first."""
        ...

    async def deal_match_count(self, guild_id: int, deal: str) -> int:
        """How many of the server's matches were played on the deal ``deal``."""
        ...

    async def record_tournament(self, entry: TournamentEntry) -> bool:
        """Write a tournament whole, replacing what the ledger holds of it if ``entry`` is of a newer
        ``version``: True if written, False if the ledger holds this version or a newer one already
        (nothing changes). The first finish time it is given is kept. ``LedgerConflict`` if the id is
        another server's tournament."""
        ...

    async def tournament(self, guild_id: int, tournament_id: str) -> TournamentEntry | None:
        """The server's tournament of that id, as last written, or None."""
        ...

    async def tournaments(self, guild_id: int, *, limit: int = 20, offset: int = 0) -> list[TournamentEntry]:
        """The server's tournaments: those under way, then those ended, the latest first."""
        ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, the defaults if it never set any."""
        ...

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        """Replace the server's settings, after ``settings.validate()`` (``LedgerValueError``, nothing written)."""
        ...

    async def member_mentions(self, guild_id: int, member_id: int) -> bool:
        """Whether the member wants turn mentions on this server (yes unless they opted out)."""
        ...

    async def set_member_mentions(self, guild_id: int, member_id: int, on: bool) -> None: ...

    # Ratings and seasons (SPEC §8): a player is ``member:<id>`` or ``computer:<level>``, a pool a server's
    # rule set (``classic``, ``hongkong``), a season a number from 1 (``season_of`` gives the one of a moment).

    async def season_modes(self, guild_id: int) -> list[ModeChange]:
        """The server's changes of season mode, oldest first (none: one season for all time)."""
        ...

    async def set_season_mode(self, guild_id: int, mode: str, now: float) -> list[ModeChange]:
        """Make ``mode`` (none, monthly, quarterly) the server's from ``now`` (or just after its newest rated
        match, if later); answer the history. ``LedgerValueError`` for another mode."""
        ...

    async def replace_season_modes(self, guild_id: int, history: Sequence[ModeChange]) -> Rerated:
        """Replace the server's history (a copied ledger's) and rebuild its ratings under it."""
        ...

    async def season_of(self, guild_id: int, at: float) -> Season:
        """The server's season the moment ``at`` falls in."""
        ...

    async def seasons(self, guild_id: int, now: float) -> list[Season]:
        """The server's seasons from the first to the current one (``now``'s)."""
        ...

    async def ratings_of(self, guild_id: int, player: str, season: int) -> list[PlayerRating]:
        """The player's rating, rank and matches in each pool of the server, for ``season``."""
        ...

    async def rating_leaderboard(
        self,
        guild_id: int,
        rules: str,
        season: int,
        *,
        computers: bool = False,
        minimum: int = 5,
        limit: int = 10,
        offset: int = 0,
    ) -> list[RatingStanding]:
        """A pool's season leaderboard by rating: its members (or its computers), with ``minimum`` rated
        matches in the season."""
        ...

    async def rating_count(
        self, guild_id: int, rules: str, season: int, *, computers: bool = False, minimum: int = 5
    ) -> int:
        """How many lines ``rating_leaderboard`` has in all, for its pages."""
        ...

    async def pool_ratings(
        self, guild_id: int, rules: str, players: Sequence[str], at: float
    ) -> dict[str, PlayerRating]:
        """The ratings (no rank) in one pool of those of ``players`` who have one, for the season of the
        moment ``at``, in one read: what a table shows beside its seats."""
        ...

    async def season_standings(self, guild_id: int, season: int, *, limit: int = 10) -> dict[str, list[RatingStanding]]:
        """The season's leaderboard of members of each pool that was played in it, by rule set."""
        ...

    async def rating_changes(
        self, guild_id: int, player: str, *, rules: str | None = None, limit: int = 10, offset: int = 0
    ) -> list[RatingChange]:
        """The player's last rating changes on the server, newest first, one per match."""
        ...

    async def match_rating_changes(self, match_id: str) -> list[RatingChange]:
        """What a match did to each seat's rating, by seat (none for a match not rated)."""
        ...

    async def rerate(self, *, repair: bool = True) -> Rerated:
        """Rebuild every pool's ratings from the ledger's matches, compare them with the stored ones, and
        (``repair``) replace those if they differ."""
        ...

    async def close(self) -> None: ...


def check_page(limit: int, offset: int) -> None:
    """Refuse a page that cannot exist, rather than quietly answering an empty list."""
    if limit < 1:
        raise LedgerValueError(f"limit must be at least 1, not {limit}", "limit")
    if offset < 0:
        raise LedgerValueError(f"offset must be 0 or more, not {offset}", "offset")


def require_text(values: Iterable[str], field: str) -> None:
    """Refuse a NUL character, the one character PostgreSQL's text cannot hold (no Discord name and no
    engine text has one), so that what one backend keeps the other keeps too."""
    if any("\x00" in value for value in values):
        raise LedgerValueError(f"{field}: a text must not hold a NUL character", field)


def _require_id(value: str, field: str) -> None:
    if not value:
        raise LedgerValueError(f"{field} must not be empty", field)


def _require_rules(rules: dict[str, Any]) -> None:
    if not isinstance(rules.get("name"), str):
        raise LedgerValueError(f"a rule set document names its rule set, not {rules!r}", "rules")


def _require_finite(values: Iterable[float], field: str) -> None:
    if not all(math.isfinite(value) for value in values):
        raise LedgerValueError(f"{field} must be finite numbers", field)


def _require_seat(seat: int | None, seats: int, field: str) -> None:
    if seat is not None and not 0 <= seat < seats:
        raise LedgerValueError(f"{field} must be a seat from 0 to {seats - 1}, not {seat}", field)


def _require_outcome(entry: HandEntry) -> None:
    """A self-drawn win has no discarder; a discard win is someone else's discard; a drawn hand has neither."""
    if entry.self_drawn and (entry.winner is None or entry.discarder is not None):
        raise LedgerValueError(f"hand {entry.hand_id}: a self-drawn hand has a winner and no discarder", "self_drawn")
    if entry.discarder is not None and (entry.winner is None or entry.discarder == entry.winner):
        raise LedgerValueError(f"hand {entry.hand_id}: the discarder must be another seat than the winner", "discarder")


def _require_choice(value: object, choices: tuple[str, ...], field: str) -> None:
    if value not in choices:
        raise LedgerValueError(f"{field} must be one of {', '.join(choices)}, not {value!r}", field)


def _require_whole(value: int | None, bounds: tuple[int, int], field: str) -> None:
    if value is None:
        return
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LedgerValueError(f"{field} must be a whole number from {low} to {high}, not {value!r}", field)


def _require_seconds(value: float | None, field: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not MIN_SECONDS <= value <= MAX_SECONDS:
        raise LedgerValueError(
            f"{field} must be between {MIN_SECONDS:g} seconds and 7 days ({MAX_SECONDS:g} seconds), not {value!r}",
            field,
        )
