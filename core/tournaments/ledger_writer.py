"""A tournament's record in the ledger (SPEC §9): its subscriber, where the change was made, writes the
tournament whole when a state is worth keeping: its start, each round's end (every table's result in),
its end or cancellation. Between those only tables open and results come in, which the next of them
carries; so the ledger is not written at every click of a 200-player round.

Each record is the whole tournament at the live store's version (``Ledger.record_tournament`` keeps the
newest it was given), so a process that dies before a write loses nothing that the next write does not
carry. After the last write of a tournament no next write comes: the sweep (``core.tournaments.sweep``)
writes the state of each tournament under way that the ledger may lack (``keep``), and a tournament leaves
the index of those under way only once its end is written here. A round's tables are named by their ids,
under which the ledger keeps their matches and hands with the records that replay them (SPEC §7.2).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.tournaments.events import TournamentChanged
from core.tournaments.service import Stored, TournamentService
from core.tournaments.tournament import Tournament
from data.ledger import (
    TOURNAMENT_ENDINGS,
    Ledger,
    LedgerConflict,
    LedgerValueError,
    TournamentEntry,
    TournamentTableEntry,
)

log = logging.getLogger(__name__)


def worth_recording(made: Tournament) -> bool:
    """Whether the ledger keeps this state: the start (round 1 seated, no table open yet), a round whose
    every table has ended, the end or the cancellation (before the start too: the ledger says it was)."""
    if made.status in TOURNAMENT_ENDINGS:
        return True
    if made.status == "signup":
        return False
    started = made.round == 1 and all(table.table_id is None for table in made.tables)
    return started or made.round_over


def tournament_entry(made: Tournament, version: int, finished_at: float | None) -> TournamentEntry:
    """The ledger's record of ``made`` at the store's ``version``; ``finished_at`` is when it ended (None
    while it goes on). Names are kept for the members who play or sat at a table, not for those who
    signed up and never checked in."""
    seated = {member for table in made.tables for member in table.seats if member is not None}
    members = seated | set(made.players)
    return TournamentEntry(
        tournament_id=made.id,
        guild_id=made.guild_id,
        organiser=made.organiser,
        name=made.settings.name,
        rules=made.settings.rules,
        rounds=made.settings.rounds,
        length=made.settings.length,
        seed=made.seed,
        status=made.status,
        version=version,
        players=made.players,
        names={member: name for member, name in made.names.items() if member in members},
        tables=tuple(
            TournamentTableEntry(
                round=table.round,
                index=table.index,
                table_id=table.table_id,
                numbers=table.numbers,
                members=table.seats,
                hands=None if table.result is None else table.result.hands,
            )
            for table in made.tables
        ),
        finished_at=finished_at,
    )


class TournamentLedgerWriter:
    """Subscribed to ``TournamentChanged`` where the change was made (``core.application``)."""

    def __init__(self, tournaments: TournamentService, ledger: Ledger, clock: Callable[[], float]) -> None:
        self._tournaments = tournaments
        self._ledger = ledger
        self._clock = clock
        self._written: dict[str, int] = {}  # the version of each tournament under way this process wrote

    async def __call__(self, event: TournamentChanged) -> None:
        if event.state is not None:
            await self.keep(Stored(event.state, event.version))
            return
        found = await self._tournaments.read(event.tournament_id)  # heard from afar: the stored state, as new
        if found is not None:
            await self.keep(found)

    async def keep(self, found: Stored) -> None:
        """``found`` written if it is worth keeping and not written from here already (the sweep shows this
        writer every tournament under way at every look: each state is written once, not at every look);
        an ended tournament, once written, leaves the tournaments under way."""
        made = found.tournament
        if not worth_recording(made) or self._written.get(made.id, 0) >= found.version:
            return
        finished_at = self._clock() if made.status in TOURNAMENT_ENDINGS else None
        try:
            await self._ledger.record_tournament(tournament_entry(made, found.version, finished_at))
        except (LedgerConflict, LedgerValueError):
            # The ledger keeps what it has (another server's tournament under this id, a damaged entry):
            # said once for this state, which is not offered again at every look of the sweep.
            log.exception("tournament %s: the ledger refused its state at version %d", made.id, found.version)
        if made.status in TOURNAMENT_ENDINGS:
            await self._tournaments.unlist(made.id)
            self._written.pop(made.id, None)
        else:
            self._written[made.id] = found.version
