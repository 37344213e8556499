"""A tournament's life (SPEC §9), pure: sign-up, check-in, rounds of tables seated by a schedule, results
withheld until a round's last table ends, and the organiser's pause, replacement and end.

Every transition takes the tournament and returns the next one, or raises ``Refusal`` and changes
nothing, as a table's do (``core.tables.transitions``); the clock is passed in. The schedule (who sits
where each round, ``-1`` a computer seat) is made by the caller from the players checked in, so this
module stays a function of what it is given. A player who leaves after the start keeps their place in the
schedule: a ``strong`` computer plays their seats (``absent``), and they stay in the standings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from core.refusal import Refusal
from core.tables.state import SPEEDS, Speed
from core.tournaments.schedule import COMPUTER, Schedule
from core.tournaments.seats import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS
from core.tournaments.standings import Standing, TableResult, standings
from game.rules import MATCH_LENGTHS
from words import LANGS, Lang

Status = Literal["signup", "playing", "paused", "over", "cancelled"]
TOURNAMENT_RULES = ("classic", "hongkong")
NAME_LIMIT = 60
SIGNUP_MINUTES = (1, 14 * 24 * 60)  # how long an organiser may keep sign-up open: up to two weeks
CHECKIN_MINUTES = (0, 24 * 60)  # and the check-in after it: none to a day


class BadSettings(ValueError):
    """Settings that make no tournament: ``field`` names the value refused (a field of the settings, or
    a parameter of ``TournamentSettings.asked``), so each surface can point at its own input for it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    rules: str
    rounds: int
    length: str = "one_wind"  # the hands a round plays: an East round of four by default
    signup_closes: float = 0.0  # when joining stops (check-in opens then)
    checkin: float = 900.0  # seconds between sign-up closing and the start, to say "here"
    name: str = ""  # what the organiser calls it, shown on its posts and pages
    speed: Speed = "live"  # its tables' thinking time, as any table's (SPEC §9: a fixed time a turn)
    lang: Lang = "en"  # its public posts' and tables' language

    def __post_init__(self) -> None:
        if self.rules not in TOURNAMENT_RULES:
            raise BadSettings("rules", f"a tournament plays {' or '.join(TOURNAMENT_RULES)}, not {self.rules!r}")
        if not MIN_ROUNDS <= self.rounds <= MAX_ROUNDS:
            raise BadSettings("rounds", f"a tournament plays {MIN_ROUNDS} to {MAX_ROUNDS} rounds, not {self.rounds}")
        if self.checkin < 0:
            raise BadSettings("checkin", "the check-in window cannot be negative")
        if self.speed not in SPEEDS:
            raise BadSettings("speed", f"a tournament's tables are {' or '.join(SPEEDS)}, not {self.speed!r}")
        if self.lang not in LANGS:
            raise BadSettings("lang", f"a tournament speaks {', '.join(LANGS)}, not {self.lang!r}")
        if len(self.name) > NAME_LIMIT:
            raise BadSettings("name", f"a tournament's name is at most {NAME_LIMIT} characters")

    @classmethod
    def asked(
        cls,
        *,
        rules: str,
        rounds: int,
        length: str,
        signup_minutes: int,
        checkin_minutes: int,
        title: str,
        now: float,
        speed: Speed = "live",
        lang: Lang = "en",
    ) -> TournamentSettings:
        """The settings an organiser asks for, from Discord's ``/mahjong tournament create`` or the page's
        form: sign-up closing ``signup_minutes`` after ``now``, then ``checkin_minutes`` to check in, named
        ``title`` with its runs of white space made one space. The first value out of its bounds raises
        ``BadSettings`` naming its parameter (the settings' own checks name ``rules``, ``rounds``, ``speed``
        and ``lang``, which keep their names here)."""
        if len(title) > NAME_LIMIT:  # as typed, before tidying: the length the form's maxlength counts
            raise BadSettings("title", f"a tournament's name is at most {NAME_LIMIT} characters")
        if length not in MATCH_LENGTHS:
            raise BadSettings("length", f"a tournament's rounds are {' or '.join(MATCH_LENGTHS)}, not {length!r}")
        low, high = SIGNUP_MINUTES
        if not low <= signup_minutes <= high:
            raise BadSettings("signup_minutes", f"sign-up closes {low} to {high} minutes away, not {signup_minutes}")
        low, high = CHECKIN_MINUTES
        if not low <= checkin_minutes <= high:
            raise BadSettings("checkin_minutes", f"check-in lasts {low} to {high} minutes, not {checkin_minutes}")
        return cls(
            rules=rules,
            rounds=rounds,
            length=length,
            signup_closes=now + signup_minutes * 60,
            checkin=checkin_minutes * 60.0,
            name=" ".join(title.split()),
            speed=speed,
            lang=lang,
        )

    @property
    def starts_at(self) -> float:
        return self.signup_closes + self.checkin


@dataclass(frozen=True, slots=True)
class RoundTable:
    """One table of a round: its place in the schedule, its seats' schedule numbers (``-1`` a computer
    seat) and members (None for a computer seat), the table it opened as (None until opened) and, once
    it has ended, its result (its players being schedule numbers: the standings' players)."""

    round: int
    index: int
    numbers: tuple[int, ...]
    seats: tuple[int | None, ...]
    table_id: str | None = None
    result: TableResult | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    id: str
    guild_id: int
    organiser: int
    settings: TournamentSettings
    seed: int
    status: Status = "signup"
    signed: tuple[int, ...] = ()  # members in the order they joined
    checked: frozenset[int] = frozenset()  # those who said they are here
    players: tuple[int, ...] = ()  # from the start: schedule number → member
    schedule: Schedule | None = None  # from the start: who sits where each round (``seat_tournament``)
    round: int = 0  # the round being played, from 1; 0 before the start
    tables: tuple[RoundTable, ...] = ()
    absent: frozenset[int] = frozenset()  # members who left after the start: a computer plays for them
    names: Mapping[int, str] = field(default_factory=dict)  # a member's name as they joined, for seats and posts

    def name_of(self, member: int) -> str:
        return self.names.get(member) or f"#{member}"

    def round_tables(self, number: int) -> tuple[RoundTable, ...]:
        return tuple(table for table in self.tables if table.round == number)

    @property
    def round_over(self) -> bool:
        """Whether every table of the round being played has ended (its results may be shown)."""
        current = self.round_tables(self.round)
        return bool(current) and all(table.result is not None for table in current)

    def shown_standings(self) -> list[Standing]:
        """The standings over the rounds whose every table has ended: a round's results are withheld
        until its last table ends (SPEC §9). Players are schedule numbers (``players`` names them)."""
        finished = [
            table.result
            for number in range(1, self.round + 1)
            if (number < self.round or self.round_over)
            for table in self.round_tables(number)
            if table.result is not None
        ]
        return standings(finished)


def create(tournament_id: str, guild_id: int, organiser: int, settings: TournamentSettings, seed: int) -> Tournament:
    return Tournament(tournament_id, guild_id, organiser, settings, seed)


def join(tournament: Tournament, member: int, now: float, name: str = "") -> Tournament:
    _signing_up(tournament, now)
    if member in tournament.signed:
        raise Refusal("tournament_joined")
    if len(tournament.signed) >= MAX_PLAYERS:
        raise Refusal("tournament_full", limit=MAX_PLAYERS)
    return replace(tournament, signed=(*tournament.signed, member), names=_named(tournament, member, name))


def leave(tournament: Tournament, member: int, now: float) -> Tournament:
    """Before the start the member's sign-up goes; after it, a computer plays their seats from now on."""
    if tournament.status == "signup":
        if member not in tournament.signed:
            raise Refusal("tournament_not_joined")
        return replace(
            tournament,
            signed=tuple(signed for signed in tournament.signed if signed != member),
            checked=tournament.checked - {member},
        )
    _going_on(tournament)
    if member not in tournament.players or member in tournament.absent:
        raise Refusal("tournament_not_joined")
    return replace(tournament, absent=tournament.absent | {member})


def check_in(tournament: Tournament, member: int, now: float) -> Tournament:
    if tournament.status != "signup":
        raise Refusal("tournament_started")
    if member not in tournament.signed:
        raise Refusal("tournament_not_joined")
    if not tournament.settings.signup_closes <= now < tournament.settings.starts_at:
        raise Refusal("tournament_checkin_closed")
    return replace(tournament, checked=tournament.checked | {member})


class ScheduleMismatch(ValueError):
    """A schedule made for other players or rounds than the tournament's at its start."""


def starting_players(tournament: Tournament, by: int) -> tuple[int, ...]:
    """The members the tournament starts with if ``by`` starts it now (those checked in, in sign-up order:
    schedule number ``i`` is the ``i``-th of them), or the refusal of the start."""
    _organiser(tournament, by)
    if tournament.status != "signup":
        raise Refusal("tournament_started")
    players = tuple(member for member in tournament.signed if member in tournament.checked)
    if len(players) < MIN_PLAYERS:
        raise Refusal("tournament_too_few", count=len(players), needed=MIN_PLAYERS)
    return players


def start(tournament: Tournament, by: int, schedule: Schedule, now: float) -> Tournament:
    """The organiser starts it with the schedule of the members checked in (``starting_players``). Round
    1's tables are seated, to be opened."""
    players = starting_players(tournament, by)
    _check_schedule(schedule, len(players), tournament.settings.rounds)
    started = replace(tournament, status="playing", players=players, schedule=schedule)
    return _seat_round(started, 1)


def table_opened(tournament: Tournament, round_number: int, index: int, table_id: str) -> Tournament:
    """A round's table opened (its thread and page) as ``table_id``; the same again changes nothing."""
    table = _table(tournament, round_number, index)
    if table.table_id == table_id:
        return tournament
    if table.table_id is not None:
        raise ValueError(f"round {round_number}'s table {index} opened already as {table.table_id}")
    return _with_table(tournament, replace(table, table_id=table_id))


def table_finished(tournament: Tournament, table_id: str, hands: tuple[tuple[float, ...], ...]) -> Tournament:
    """A table's match ended with these scores per hand (per chair); the same again changes nothing."""
    found = next((table for table in tournament.tables if table.table_id == table_id), None)
    if found is None:
        raise ValueError(f"no table {table_id} in tournament {tournament.id}")
    if found.result is not None:
        return tournament
    return _with_table(tournament, replace(found, result=TableResult(found.round, found.numbers, hands)))


def next_round(tournament: Tournament, now: float) -> Tournament:
    """Once every table of the round has ended: the next round seated, or the tournament over."""
    if tournament.status != "playing":
        raise Refusal("tournament_not_playing")
    if not tournament.round_over:
        raise Refusal("tournament_round_playing")
    if tournament.round >= tournament.settings.rounds:
        return replace(tournament, status="over")
    return _seat_round(tournament, tournament.round + 1)


def replace_player(tournament: Tournament, by: int, gone: int, coming: int, name: str = "") -> Tournament:
    """The organiser puts ``coming`` in ``gone``'s place for the rounds not yet seated (and at the tables
    of this round not opened yet): ``coming`` takes ``gone``'s schedule number, and with it the place in
    the standings."""
    _organiser(tournament, by)
    _going_on(tournament)
    if gone not in tournament.players:
        raise Refusal("tournament_not_joined")
    if coming in tournament.players:
        raise Refusal("tournament_joined")
    players = tuple(coming if member == gone else member for member in tournament.players)
    tables = tuple(
        replace(table, seats=tuple(coming if seat == gone else seat for seat in table.seats))
        if table.table_id is None
        else table
        for table in tournament.tables
    )
    return replace(
        tournament,
        players=players,
        tables=tables,
        absent=tournament.absent - {gone},
        names=_named(tournament, coming, name),
    )


def pause(tournament: Tournament, by: int) -> Tournament:
    """No next round is seated while paused; the tables being played go on."""
    _organiser(tournament, by)
    if tournament.status != "playing":
        raise Refusal("tournament_not_playing")
    return replace(tournament, status="paused")


def resume(tournament: Tournament, by: int) -> Tournament:
    _organiser(tournament, by)
    if tournament.status != "paused":
        raise Refusal("tournament_not_paused")
    return replace(tournament, status="playing")


def cancel(tournament: Tournament, by: int) -> Tournament:
    """The organiser ends it: the rounds played stay in the standings, nothing more is seated."""
    _organiser(tournament, by)
    if tournament.status in ("over", "cancelled"):
        raise Refusal("tournament_over")
    return replace(tournament, status="cancelled")


# --- checks and seating ----------------------------------------------------------------------------


def _named(tournament: Tournament, member: int, name: str) -> Mapping[int, str]:
    """The names with ``member``'s (a name is cut to what a seat shows; none given keeps the rest as is)."""
    if not name:
        return tournament.names
    return {**tournament.names, member: name[:NAME_LIMIT]}


def _signing_up(tournament: Tournament, now: float) -> None:
    if tournament.status != "signup":
        raise Refusal("tournament_started")
    if now >= tournament.settings.signup_closes:
        raise Refusal("tournament_signup_closed")


def _going_on(tournament: Tournament) -> None:
    if tournament.status not in ("playing", "paused"):
        raise Refusal("tournament_over" if tournament.status in ("over", "cancelled") else "tournament_not_playing")


def _organiser(tournament: Tournament, by: int) -> None:
    if by != tournament.organiser:
        raise Refusal("tournament_organiser_only")


def _check_schedule(schedule: Schedule, players: int, rounds: int) -> None:
    """A schedule of ``rounds`` rounds seating each of ``players`` once a round at tables of four."""
    if len(schedule.rounds) != rounds:
        raise ScheduleMismatch(f"a schedule of {len(schedule.rounds)} rounds for {rounds}")
    for number, tables in enumerate(schedule.rounds, start=1):
        seated = sorted(seat for table in tables for seat in table.players)
        if seated != list(range(players)):
            raise ScheduleMismatch(f"round {number} does not seat each of the {players} players once")


def _seat_round(tournament: Tournament, number: int) -> Tournament:
    assert tournament.schedule is not None
    seated = tuple(
        RoundTable(
            number,
            index,
            table.seats,
            tuple(None if seat == COMPUTER else tournament.players[seat] for seat in table.seats),
        )
        for index, table in enumerate(tournament.schedule.rounds[number - 1])
    )
    return replace(tournament, round=number, tables=(*tournament.tables, *seated))


def _table(tournament: Tournament, number: int, index: int) -> RoundTable:
    found = next((t for t in tournament.tables if t.round == number and t.index == index), None)
    if found is None:
        raise ValueError(f"no table {index} in round {number}")
    return found


def _with_table(tournament: Tournament, changed: RoundTable) -> Tournament:
    tables = tuple(
        changed if (table.round, table.index) == (changed.round, changed.index) else table
        for table in tournament.tables
    )
    return replace(tournament, tables=tables)
