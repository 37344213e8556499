"""A table as stored in the live state: its settings, its seats, its match and current hand, its timers.

Everything here is plain data with a JSON codec (``to_document`` / ``from_document``); the engine's
own documents (``Match``, ``Round``) sit inside as they are, and are checked by the engine when
loaded. ``from_document`` treats its input as untrusted: any malformed field raises
``TableDocumentError`` instead of a stray ``KeyError`` later.

``step`` numbers the table's decision points: it moves whenever what the table waits for changes
(a discard, a resolved claim window, a new hand), and not when one seat answers a claim window that
stays open. Buttons carry the step they were drawn for, so a button from an older state is refused
as no longer current while two seats answering the same window are both heard.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from core.documents import DocumentReader
from core.tables.deals import deal_code
from core.tables.finished import (
    FinishedHand,
    LedgerEntry,
    MatchRating,
    SheetRow,
    entry_document,
    entry_from_document,
)
from game.errors import GameError
from game.players import PLAYERS
from game.rules import Ruleset
from words import LANGS, Lang

Status = Literal["lobby", "playing", "between", "over", "cancelled", "closed"]
Speed = Literal["live", "async"]
STATUSES: tuple[Status, ...] = ("lobby", "playing", "between", "over", "cancelled", "closed")
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "playing", "between")
SPEEDS: tuple[Speed, ...] = ("live", "async")
DOCUMENT_VERSION = 3  # 2: idle limits (``timing.idle``, ``idle_at``); a version 1 table gets its speed's
# 3: the server (``guild``) alone; before, ``place`` also held where the table lived on Discord
LEGACY_PLACE = "place"
"""The key of a version 1 or 2 document that held its server and where it lived on Discord. The server is
read from it; the rest is the Discord surface's, which reads it from the stored document until its own
record takes it over (``bot.tables.places``). Every write of the table keeps it as stored
(``keeping_legacy``), so whichever process writes a table first, none loses it; it goes with the table."""
HIDDEN_CLAIM_WINDOW = 4.0
LIVE_IDLE = 2 * 3600.0  # a live table nobody touched for two hours is abandoned
ASYNC_IDLE = 7 * 24 * 3600.0  # an asynchronous one gets a week, as long as its thread stays open
RESULT_GRACE = 10.0  # seconds the process that ended a hand has to post its result before another does


class TableDocumentError(ValueError):
    """A stored table document that does not describe a table."""


_reader = DocumentReader(TableDocumentError)
_TEXT = 200  # the longest id, name or commitment a table keeps


@dataclass(frozen=True, slots=True)
class Timing:
    """How long the table waits, in seconds: a turn, a claim window, a computer's pause, the next hand,
    and ``idle``: how long an open table may go without any member's click before it is closed (the
    clock plays missed turns, so without this a table nobody plays would go on for ever). ``bank``: the
    seconds each member may take beyond ``turn``, in all, over one hand (an online client's time bank)."""

    turn: float
    claim: float
    computer_pause: float
    next_hand: float
    idle: float = LIVE_IDLE
    bank: float = 0.0

    @classmethod
    def for_speed(cls, speed: Speed) -> Timing:
        if speed == "live":
            return cls(turn=20.0, claim=15.0, computer_pause=1.2, next_hand=30.0, idle=LIVE_IDLE, bank=60.0)
        return cls(turn=12 * 3600.0, claim=4 * 3600.0, computer_pause=1.2, next_hand=3600.0, idle=ASYNC_IDLE)


@dataclass(frozen=True, slots=True)
class TableSettings:
    rules: Ruleset
    speed: Speed
    timing: Timing
    computer_level: str = "strong"
    hints: bool = True
    lang: Lang = "en"
    hide_claims: bool = False
    learners: bool = False  # claim windows have no timer: they wait for every member who may claim

    @property
    def hold(self) -> float:
        """With ``hide_claims``, how long every discard stays open to claims, whether or not anyone may
        claim it, so that a wait never tells the table that someone could."""
        return min(self.timing.claim, HIDDEN_CLAIM_WINDOW)


# A member's standing choices at a table, in the order the hand shows them: declare a win as soon as
# one is legal; pass every claim window at once; discard the drawn tile when nothing else is possible.
STANDING: tuple[str, ...] = ("auto_win", "no_calls", "auto_discard")


@dataclass(frozen=True, slots=True)
class Seat:
    """A chair: a member (``member_id``) or a computer (``computer`` names its level). ``missed`` counts
    turns played by the clock in a row; ``away`` when a computer plays for the member. ``standing``:
    the member's standing choices (``STANDING``), moves the table makes for them as soon as they apply."""

    name: str
    member_id: int | None = None
    computer: str | None = None
    missed: int = 0
    away: bool = False
    standing: frozenset[str] = frozenset()
    bank: float = 0.0  # seconds of the time bank left this hand

    @property
    def played_by_computer(self) -> bool:
        return self.computer is not None or self.away


@dataclass(frozen=True, slots=True)
class TableState:
    id: str
    host_id: int
    guild_id: int  # the server: its ledger, and where a move may come from
    settings: TableSettings
    seed: int
    seats: tuple[Seat, ...] = ()
    status: Status = "lobby"
    step: int = 0
    match: dict[str, Any] | None = None
    hand: dict[str, Any] | None = None
    hand_number: int = 0
    commitment: str | None = None
    deadline: float | None = None
    computer_at: float | None = None
    hold_until: float | None = None
    idle_at: float | None = None
    last_hand: FinishedHand | None = None
    unrecorded: tuple[LedgerEntry, ...] = ()
    first_seat: int | None = None  # the lobby seat the host chose to start (tables without a wall)
    practice: bool = False  # dealt from a seed its opener chose (``/table/new?seed=``): never rated (SPEC §8)
    deal: str | None = None  # the practice table's deal code (``core.tables.deals``), kept by its match
    ready: frozenset[int] = frozenset()  # between hands: the chairs whose member pressed next-hand
    sheet: tuple[SheetRow, ...] = ()  # the match's finished hands, oldest first (the page's score sheet)
    ratings: tuple[MatchRating, ...] = ()  # the ended match's rating changes, once the ledger has rated it
    tournament: str | None = None  # a tournament's table: ``<tournament>/<round>/<index>`` (SPEC §9)

    @property
    def players(self) -> int:
        return self.settings.rules.players

    @property
    def full(self) -> bool:
        return len(self.seats) >= self.players

    @property
    def result_unposted(self) -> bool:
        """The last hand's result message is not known to be on Discord yet (documents written before
        the flag existed had theirs posted)."""
        return self.last_hand is not None and not self.last_hand.posted

    @property
    def is_open(self) -> bool:
        """Waiting for players or playing: not over, cancelled or closed."""
        return self.status in OPEN_STATUSES

    def seat_of(self, member_id: int) -> int | None:
        return next((index for index, seat in enumerate(self.seats) if seat.member_id == member_id), None)

    @property
    def wake_at(self) -> float | None:
        """When the table's clock must look at it next (a computer's move or a deadline)."""
        times = [time for time in (self.deadline, self.computer_at, self.hold_until) if time is not None]
        if self.idle_at is not None and self.is_open:
            times.append(self.idle_at)
        if self.unrecorded:  # entries the ledger does not have yet: due at once
            times.append(min(entry.finished_at for entry in self.unrecorded))
        if self.last_hand is not None and not self.last_hand.posted:  # its process died before showing it
            times.append(self.last_hand.entry.finished_at + RESULT_GRACE)
        return min(times) if times else None

    def with_seat(self, index: int, seat: Seat) -> TableState:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    # --- documents ------------------------------------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        settings = self.settings
        return {
            "version": DOCUMENT_VERSION,
            "id": self.id,
            "host": self.host_id,
            "guild": self.guild_id,
            "settings": {
                "rules": settings.rules.to_document(),
                "speed": settings.speed,
                "timing": {
                    "turn": settings.timing.turn,
                    "claim": settings.timing.claim,
                    "computer_pause": settings.timing.computer_pause,
                    "next_hand": settings.timing.next_hand,
                    "idle": settings.timing.idle,
                    "bank": settings.timing.bank,
                },
                "computer_level": settings.computer_level,
                "hints": settings.hints,
                "hide_claims": settings.hide_claims,
                "learners": settings.learners,
                "lang": settings.lang,
            },
            "seed": self.seed,
            "seats": [
                {
                    "name": seat.name,
                    "member": seat.member_id,
                    "computer": seat.computer,
                    "missed": seat.missed,
                    "away": seat.away,
                    "standing": sorted(seat.standing),
                    "bank": seat.bank,
                }
                for seat in self.seats
            ],
            "status": self.status,
            "step": self.step,
            "match": self.match,
            "hand": self.hand,
            "hand_number": self.hand_number,
            "commitment": self.commitment,
            "deadline": self.deadline,
            "computer_at": self.computer_at,
            "hold_until": self.hold_until,
            "idle_at": self.idle_at,
            "last_hand": None if self.last_hand is None else self.last_hand.to_document(),
            "unrecorded": [entry_document(entry) for entry in self.unrecorded],
            "extra": self._extra(),
        }

    def _extra(self) -> dict[str, Any]:
        """What a table has beyond what every table has (older documents lack the keys: their default)."""
        extra: dict[str, Any] = {}
        if self.first_seat is not None:
            extra["first"] = self.first_seat
        if self.practice:
            extra["practice"] = True
        if self.deal is not None:
            extra["deal"] = self.deal
        if self.ready:
            extra["ready"] = sorted(self.ready)
        if self.sheet:
            extra["sheet"] = [row.to_document() for row in self.sheet]
        if self.ratings:
            extra["ratings"] = [rating.to_document() for rating in self.ratings]
        if self.tournament is not None:
            extra["tournament"] = self.tournament
        return extra

    @classmethod
    def from_document(cls, document: Any) -> TableState:
        try:
            return _table_from_document(document)
        except TableDocumentError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, GameError) as error:
            raise TableDocumentError(f"malformed table document: {error!r}") from None


def _table_from_document(document: Any) -> TableState:
    if not isinstance(document, dict) or document.get("version") not in (1, 2, DOCUMENT_VERSION):
        raise TableDocumentError(f"not a table document of version 1 to {DOCUMENT_VERSION}")
    upgraded = document["version"] == 1  # stored before idle limits existed
    guild = document["guild"] if document["version"] == DOCUMENT_VERSION else document[LEGACY_PLACE]["guild"]
    settings = document["settings"]
    timing = settings["timing"]
    speed = settings["speed"]
    status = document["status"]
    lang = settings["lang"]
    level = settings["computer_level"]
    if speed not in SPEEDS or status not in STATUSES or lang not in LANGS or level not in PLAYERS:
        raise TableDocumentError("a table's speed, status, language or computer level is unknown")
    seats = tuple(
        Seat(
            name=_reader.text(seat["name"], _TEXT),
            member_id=_reader.optional_integer(seat["member"]),
            computer=_computer(seat["computer"]),
            missed=_reader.integer(seat["missed"]),
            away=_reader.boolean(seat["away"]),
            standing=_standing(seat.get("standing", [])),
            bank=_reader.number(seat.get("bank", 0.0), low=0),
        )
        for seat in document["seats"]
    )
    rules = Ruleset.from_document(settings["rules"])
    if len(seats) > rules.players:
        raise TableDocumentError(f"{len(seats)} seats at a table for {rules.players}")
    extra = _reader.mapping(document["extra"])
    return TableState(
        id=_reader.text(document["id"], _TEXT),
        host_id=_reader.integer(document["host"]),
        guild_id=_reader.integer(guild),
        settings=TableSettings(
            rules=rules,
            speed=speed,
            timing=Timing(
                turn=_reader.number(timing["turn"], low=0),
                claim=_reader.number(timing["claim"], low=0),
                computer_pause=_reader.number(timing["computer_pause"], low=0),
                next_hand=_reader.number(timing["next_hand"], low=0),
                idle=Timing.for_speed(speed).idle if upgraded else _reader.number(timing["idle"], low=0),
                bank=_reader.number(timing.get("bank", 0.0), low=0),
            ),
            computer_level=level,
            hints=_reader.boolean(settings["hints"]),
            lang=lang,
            hide_claims=_reader.boolean(settings["hide_claims"]),
            learners=_reader.boolean(settings.get("learners", False)),
        ),
        seed=_reader.integer(document["seed"]),
        seats=seats,
        status=status,
        step=_reader.integer(document["step"]),
        match=_reader.optional_mapping(document["match"]),
        hand=_reader.optional_mapping(document["hand"]),
        hand_number=_reader.integer(document["hand_number"]),
        commitment=_reader.optional_text(document["commitment"], _TEXT),
        deadline=_reader.optional_number(document["deadline"], low=0),
        computer_at=_reader.optional_number(document["computer_at"], low=0),
        hold_until=_reader.optional_number(document["hold_until"], low=0),
        idle_at=None if upgraded else _reader.optional_number(document["idle_at"], low=0),
        last_hand=None if document["last_hand"] is None else FinishedHand.from_document(document["last_hand"]),
        unrecorded=tuple(entry_from_document(entry) for entry in _reader.listed(document["unrecorded"])),
        first_seat=_reader.optional_integer(extra.get("first")),
        practice=_reader.boolean(extra.get("practice", False)),
        deal=_deal(extra.get("deal")),
        ready=_ready(extra.get("ready", []), len(seats)),
        # a table stored before the sheet was kept shows the hands finished from then on
        sheet=tuple(SheetRow.from_document(row) for row in _reader.listed(extra.get("sheet", []))),
        ratings=tuple(MatchRating.from_document(row) for row in _reader.listed(extra.get("ratings", []))),
        tournament=_tournament_place(extra.get("tournament")),
    )


def keeping_legacy(document: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """``document``, to be written over ``stored``, with the legacy place ``stored`` holds (``LEGACY_PLACE``)."""
    if LEGACY_PLACE not in stored:
        return document
    return {**document, LEGACY_PLACE: stored[LEGACY_PLACE]}


def _deal(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or deal_code(value) != value:
        raise TableDocumentError(f"not a deal code: {value!r}")
    return value


def _tournament_place(value: Any) -> str | None:
    if value is None:
        return None
    parts = value.split("/") if isinstance(value, str) else []
    if len(parts) != 3 or not parts[0] or not all(part.isdigit() for part in parts[1:]):
        raise TableDocumentError(f"not a tournament's table: {value!r}")
    return str(value)


def _ready(value: Any, seats: int) -> frozenset[int]:
    if not isinstance(value, list) or not all(type(item) is int and 0 <= item < seats for item in value):
        raise TableDocumentError(f"not seats: {value!r}")
    return frozenset(value)


def _computer(value: Any) -> str | None:
    if value is not None and value not in PLAYERS:
        raise TableDocumentError(f"unknown computer level {value!r}")
    return None if value is None else str(value)


def _standing(value: Any) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item in STANDING for item in value):
        raise TableDocumentError(f"not standing choices: {value!r}")
    return frozenset(value)
