"""What carries a tournament from round to round (SPEC §9): it opens a round's tables, hears their
matches end, gives each result to the tournament, and once the round's last table has ended seats the
next round and opens its tables, until the last.

Every step is written before the next is taken, and each can be taken again: a table's id follows from
its place in the tournament (a process that dies after opening it opens the same one again), and a result
given twice is kept once. So a restart at any moment loses nothing: ``resume`` takes up what was left.
Surfaces show what it did from the changes of the tables and the tournament.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable

from core.refusal import Refusal
from core.tables.events import TableChanged
from core.tables.service import TableService
from core.tables.state import Seat, TableSettings, TableState, Timing
from core.tournaments import tournament as life
from core.tournaments.events import TournamentChanged
from core.tournaments.service import TournamentService, Transition
from core.tournaments.tournament import RoundTable, Tournament
from game.rules import ruleset

log = logging.getLogger(__name__)
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def table_id_of(tournament_id: str, round_number: int, index: int) -> str:
    """The id of a tournament's table: eight letters and digits (as every table's) that follow from its
    place, so opening it again finds it."""
    digest = hashlib.sha256(f"{tournament_id}/{round_number}/{index}".encode()).digest()
    return "".join(_ALPHABET[byte % len(_ALPHABET)] for byte in digest[:8])


def place_of(tournament_id: str, table: RoundTable) -> str:
    return f"{tournament_id}/{table.round}/{table.index}"


def round_seed(tournament: Tournament, round_number: int) -> int:
    """The walls of a round, the same at each of its tables: from the tournament's seed and the round."""
    digest = hashlib.sha256(f"{tournament.seed}/{round_number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def tournament_table_settings(made: Tournament) -> TableSettings:
    """A tournament table: its rules and length, its speed's thinking time, ``strong`` computers (SPEC §9),
    no discard hints (every seat plays on its own), the tournament's language."""
    rules = ruleset(made.settings.rules, length=made.settings.length)
    speed = made.settings.speed
    return TableSettings(rules=rules, speed=speed, timing=Timing.for_speed(speed), hints=False, lang=made.settings.lang)


def _opened_as(table: RoundTable, table_id: str) -> Transition:
    def opened(current: Tournament, now: float) -> Tournament:
        return life.table_opened(current, table.round, table.index, table_id)

    return opened


class TournamentRunner:
    def __init__(
        self,
        tournaments: TournamentService,
        tables: TableService,
        table_settings: Callable[[Tournament], TableSettings] = tournament_table_settings,
    ) -> None:
        self._tournaments = tournaments
        self._tables = tables
        self._table_settings = table_settings
        self._opening: dict[str, asyncio.Lock] = {}

    async def open_round(self, tournament_id: str) -> Tournament:
        """Open the tables of the round being played that are not open yet."""
        stored = await self._tournaments.read(tournament_id)
        if stored is None:
            raise Refusal("no_tournament")
        made = stored.tournament
        for table in made.round_tables(made.round):
            if table.table_id is not None:
                continue
            table_id = table_id_of(made.id, table.round, table.index)
            await self._tables.open_seated(
                table_id=table_id,
                host=made.organiser,
                guild_id=made.guild_id,
                settings=self._table_settings(made),
                seats=self._seats(made, table),
                seed=round_seed(made, table.round),
                tournament=place_of(made.id, table),
            )
            opened = await self._tournaments.update(made.id, _opened_as(table, table_id))
            made = opened.tournament
        return made

    def _seats(self, made: Tournament, table: RoundTable) -> tuple[Seat, ...]:
        level = self._table_settings(made).computer_level
        seats = []
        for number, member in enumerate(table.seats):
            if member is None:
                seats.append(Seat(name=f"{level.capitalize()} {number + 1}", computer=level))
            else:  # a member who left plays no more: the computer plays their seat from the start
                seats.append(Seat(name=made.name_of(member), member_id=member, away=member in made.absent))
        return tuple(seats)

    async def heard(self, event: TournamentChanged) -> None:
        """A tournament changed: a round seated whose tables are not all open yet is opened (the start,
        the next round), and a round whose last result just came moves on. One tournament at a time in a
        process; several processes may both try, each step being idempotent."""
        made = event.state
        if made is None:
            found = await self._tournaments.read(event.tournament_id)
            made = None if found is None else found.tournament
        if made is None or made.status != "playing":
            return
        async with self._lock(made.id):
            if any(table.table_id is None for table in made.round_tables(made.round)):
                await self.open_round(made.id)
            elif made.round_over:
                await self.advance(made.id)

    async def changed(self, event: TableChanged) -> None:
        """A tournament table's match ended (or its table was closed, no member having touched it for its
        idle limit: the hands it played are its result, so the round is never stuck): its result to the
        tournament, then the next round if due."""
        state = event.state
        if state is None:
            found = await self._tables.read_heard(event)
            state = None if found is None else found.state
        if state is None or state.tournament is None or state.is_open:
            return
        await self.report(state)

    async def report(self, state: TableState) -> None:
        """The ended table's result given to its tournament, tried again while the tournament is busy until
        it lands: the round cannot move on without it, and nothing else gives it while this process lives
        (after a restart ``resume`` does, from the table, which stays for days after its end). Each try
        that lost was another change to the tournament landing, and a tournament has few writers, so the
        tries end; each waits longer between its attempts (``core.compare_and_set``)."""
        assert state.tournament is not None
        tournament_id = state.tournament.split("/")[0]
        hands = tuple(tuple(float(paid) for paid in row.payments) for row in state.sheet)
        busy = 0
        while True:
            try:
                stored = await self._tournaments.update(
                    tournament_id, lambda current, now: life.table_finished(current, state.id, hands)
                )
                break
            except Refusal as refusal:
                if refusal.key != "busy":
                    raise
                busy += 1
                log.warning("tournament %s busy %d times: table %s's result given again", tournament_id, busy, state.id)
        if stored.tournament.status == "playing" and stored.tournament.round_over:
            await self.advance(tournament_id)

    async def advance(self, tournament_id: str) -> None:
        """The next round seated and opened, or the tournament over, when its round is."""
        try:
            await self._tournaments.update(tournament_id, life.next_round)
        except Refusal as refusal:  # another process took it, or the organiser paused it
            log.info("tournament %s: no next round now (%s)", tournament_id, refusal.key)
            return
        await self.open_round(tournament_id)

    async def resume(self, tournament_id: str) -> None:
        """After a restart: open what was not opened, give what ended, move on what is due."""
        stored = await self._tournaments.read(tournament_id)
        if stored is not None:
            await self.carry_on(stored.tournament)

    async def carry_on(self, made: Tournament) -> None:
        """Whatever ``made``, as just read, leaves undone taken up, if it is being played: its round's
        tables not open yet opened, those that ended unheard reported (the last report moves the round on),
        a round over whose next round nobody seated moved on. Costs a read of each table of the round
        still without a result, and nothing else when nothing is left undone."""
        if made.status != "playing":
            return
        async with self._lock(made.id):
            if any(table.table_id is None for table in made.round_tables(made.round)):
                made = await self.open_round(made.id)
            if made.round_over:
                await self.advance(made.id)
                return
            for table in made.round_tables(made.round):
                if table.table_id is not None and table.result is None:
                    found = await self._tables.read(table.table_id)
                    if found is not None and not found.state.is_open:
                        await self.report(found.state)

    def _lock(self, tournament_id: str) -> asyncio.Lock:
        """One step at a time on a tournament in this process (what it heard, the sweep's look)."""
        return self._opening.setdefault(tournament_id, asyncio.Lock())
