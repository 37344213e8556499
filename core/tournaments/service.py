"""The tournaments' service: a tournament kept in the live store beside the tables, each transition
applied with compare-and-set (a change made meanwhile by another process or click is read again and the
transition run on it), so a restart at any moment finds the tournament as its last write left it.

Surfaces (Discord's commands, the page) turn what a member does into a transition of
``core.tournaments.tournament`` and call ``update``; nothing here knows of Discord. Each write is then
published (``TournamentChanged``) for whatever follows it: the surfaces' posts and the runner.

Two indexes spare a look at every tournament: each server's (``of_guild``), and the tournaments under way
(``under_way``: started, or ended and their end not yet in the ledger), which the sweep reads
(``core.tournaments.sweep``). A tournament leaving sign-up (its start, or its cancellation) is written
only once it is listed there, so a process that dies at any moment leaves no tournament under way that
the sweep cannot find.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from core.compare_and_set import Backoff, retried
from core.events import Events
from core.refusal import Refusal
from core.tournaments import tournament as life
from core.tournaments.document import from_document, index_document, index_from_document, to_document
from core.tournaments.events import TournamentChanged
from core.tournaments.schedule import Schedule
from core.tournaments.seats import seat_tournament
from core.tournaments.tournament import ScheduleMismatch, Tournament, TournamentSettings
from data.live import LiveStore

Transition = Callable[[Tournament, float], Tournament]
PREFIX = "tournament:"
INDEX_PREFIX = "tournaments-of:"  # not under PREFIX: a server's index is not a tournament
UNDER_WAY_KEY = "tournaments-under-way"  # nor is the index of the tournaments under way
# One document holds a tournament, and a crowd presses Join or Check in at once (200 members in the
# minutes before a start): a member's press is tried on past the tables' few attempts, the back-off's
# waits of at most 25 ms keeping the longest under a second (measured: 20 presses at once refused some
# at 8 tries, benchmarks/tournament_round.py).
CROWD_TRIES = 40
START_TRIES = 4  # schedules made again when members check in or leave while one is made
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def _started(by: int, schedule: Schedule) -> Transition:
    def started(current: Tournament, now: float) -> Tournament:
        return life.start(current, by, schedule, now)

    return started


def tournament_key(tournament_id: str) -> str:
    return PREFIX + tournament_id


def guild_index_key(guild_id: int) -> str:
    """The key of a server's index: the ids of its tournaments, so that ``of_guild`` reads no other's."""
    return f"{INDEX_PREFIX}{guild_id}"


def new_tournament_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(8))


def new_seed() -> int:
    return secrets.randbits(48)


@dataclass(frozen=True, slots=True)
class Stored:
    """A tournament as written, at the store's version."""

    tournament: Tournament
    version: int


class TournamentService:
    def __init__(
        self,
        store: LiveStore,
        clock: Callable[[], float],
        *,
        make_id: Callable[[], str] = new_tournament_id,
        make_seed: Callable[[], int] = new_seed,
        events: Events | None = None,
        backoff: Backoff | None = None,
    ) -> None:
        """``backoff``: the waits between lost compare-and-set attempts (``core.compare_and_set``)."""
        self._store = store
        self._events = events
        self._clock = clock
        self._make_id = make_id
        self._make_seed = make_seed
        self._backoff = backoff

    async def open(self, guild_id: int, organiser: int, settings: TournamentSettings) -> Stored:
        """A new tournament of the server, open for sign-up, its walls' seed drawn now."""
        made = life.create(self._make_id(), guild_id, organiser, settings, self._make_seed())
        # indexed first: a process that dies before the tournament is written leaves an id without a
        # tournament, which ``of_guild`` passes over, never a tournament its server cannot find
        await self._index(guild_id, made.id)
        if not await self._store.create(tournament_key(made.id), to_document(made)):
            raise Refusal("busy")
        await self._published(Stored(made, 1))
        return Stored(made, 1)

    async def read(self, tournament_id: str) -> Stored | None:
        found = await self._store.read(tournament_key(tournament_id))
        return None if found is None else Stored(from_document(found.document), found.version)

    async def update(self, tournament_id: str, transition: Transition) -> Stored:
        """Apply ``transition`` at the time now and write it unless another change came first (then again,
        on the newer tournament, after a wait); a ``Refusal`` changes nothing. A writer that keeps losing to
        a faster one is refused ``busy`` after ``core.compare_and_set.RETRIES`` tries: a member presses
        again, and the runner gives a table's result again until it lands."""

        async def attempt() -> Stored | None:
            found = await self.read(tournament_id)
            if found is None:
                raise Refusal("no_tournament")
            changed = transition(found.tournament, self._clock())
            if changed == found.tournament:
                return found
            if found.tournament.status == "signup" and changed.status != "signup":
                # listed first, as a server's index is; it stays listed through its other status changes
                # until the ledger holds its end, so they need not read the index
                await self._edit_under_way(lambda listed: _with(listed, tournament_id))
            version = await self._store.write(tournament_key(tournament_id), found.version, to_document(changed))
            if version is None:
                return None
            written = Stored(changed, version)
            await self._published(written)
            return written

        return await retried(attempt, "busy", self._backoff, tries=CROWD_TRIES)

    async def start(self, tournament_id: str, by: int) -> Stored:
        """The organiser starts it: the schedule of the members checked in is made off the event loop (it
        may search for seconds), then the start is written with it; a member who checked in or left
        meanwhile makes it again."""
        for _ in range(START_TRIES):
            found = await self.read(tournament_id)
            if found is None:
                raise Refusal("no_tournament")
            made = found.tournament
            players = life.starting_players(made, by)
            schedule = await asyncio.to_thread(seat_tournament, len(players), made.settings.rounds, made.seed)
            try:
                return await self.update(tournament_id, _started(by, schedule))
            except ScheduleMismatch:
                continue
        raise Refusal("busy")

    async def every_id(self) -> list[str]:
        """The ids of every tournament the store keeps, every server's."""
        return sorted(key.removeprefix(PREFIX) for key in await self._store.keys(PREFIX))

    async def under_way(self) -> tuple[str, ...]:
        """The tournaments a process may have left work on, every server's: those whose status has left
        sign-up (the start, a pause, the end or a cancellation) and whose end the ledger does not hold
        yet (``unlist``). One read of the index; a store written before it had one gets it made once."""
        found = await self._store.read(UNDER_WAY_KEY)
        if found is not None:
            return index_from_document(found.document)
        return await self._edit_under_way(lambda listed: listed)

    async def unlist(self, tournament_id: str) -> None:
        """``tournament_id`` off the tournaments under way: its end is in the ledger, nothing is left to
        take up (an over or cancelled tournament never changes status again)."""
        await self._edit_under_way(
            lambda listed: tuple(listed_id for listed_id in listed if listed_id != tournament_id)
        )

    async def of_guild(self, guild_id: int) -> list[Tournament]:
        """The server's tournaments the store keeps, newest sign-up deadline first: those its index names,
        no other server's read."""
        index = await self._store.read(guild_index_key(guild_id))
        found = []
        for tournament_id in () if index is None else index_from_document(index.document):
            stored = await self.read(tournament_id)
            # an id whose tournament was never written (its opener died, or the id was another's) is passed over
            if stored is not None and stored.tournament.guild_id == guild_id:
                found.append(stored.tournament)
        return sorted(found, key=lambda made: -made.settings.signup_closes)

    async def _published(self, stored: Stored) -> None:
        if self._events is not None:
            made = stored.tournament
            await self._events.publish(TournamentChanged(made.id, made.guild_id, stored.version, state=made))

    async def _index(self, guild_id: int, tournament_id: str) -> None:
        """``tournament_id`` added to its server's index; an id the index holds already is left as it is."""

        async def nothing_yet() -> tuple[str, ...]:
            return ()

        await self._edit_index(guild_index_key(guild_id), lambda indexed: _with(indexed, tournament_id), nothing_yet)

    async def _edit_under_way(self, edit: Callable[[tuple[str, ...]], tuple[str, ...]]) -> tuple[str, ...]:
        return await self._edit_index(UNDER_WAY_KEY, edit, self._left_sign_up)

    async def _left_sign_up(self) -> tuple[str, ...]:
        """The tournaments under way in a store written before their index: every tournament read, once."""
        found = []
        for tournament_id in await self.every_id():
            stored = await self.read(tournament_id)
            if stored is not None and stored.tournament.status != "signup":
                found.append(tournament_id)
        return tuple(found)

    async def _edit_index(
        self,
        key: str,
        edit: Callable[[tuple[str, ...]], tuple[str, ...]],
        absent: Callable[[], Awaitable[tuple[str, ...]]],
    ) -> tuple[str, ...]:
        """The index under ``key`` changed by ``edit`` with compare-and-set, so two processes changing it at
        once both land (``absent``: what it holds before its first write); what it now holds."""

        async def attempt() -> tuple[str, ...] | None:
            found = await self._store.read(key)
            indexed = await absent() if found is None else index_from_document(found.document)
            edited = edit(indexed)
            if found is None:
                return edited if await self._store.create(key, index_document(edited)) else None
            if edited == indexed:
                return indexed
            return edited if await self._store.write(key, found.version, index_document(edited)) is not None else None

        return await retried(attempt, "busy", self._backoff)


def _with(indexed: tuple[str, ...], tournament_id: str) -> tuple[str, ...]:
    return indexed if tournament_id in indexed else (*indexed, tournament_id)
