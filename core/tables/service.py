"""The tables' service: load a table, apply one transition with compare-and-set, keep its deadline, and
publish what changed.

It imports nothing of Discord, so clicks, taps, the clock, computer seats and tests share one path: a
surface turns what a member did into a ``Move`` and calls ``act``; the clock calls ``wake``. The
transition itself (``core.tables.transitions``) runs in a worker thread: the engine and the computer
players never hold the event loop for long. A member's move on a hand whose round this process holds
(``rounds.at_hand``: it wrote that very state, and nothing is replayed) is the exception: it runs on the
loop, since it takes a fraction of a millisecond (and the interpreter's lock, which the loop would wait
for anyway), about what handing it to a thread and back cost. When another process or click moved the
table meanwhile, the transition runs again on the new state (where a move made from the old state is
refused as no longer current). Every write that changed what a table is publishes one ``TableChanged``
(``core.events``); its bookkeeping (what the ledger has, a result posted) publishes nothing. Where a
table lives on a surface (Discord's thread and messages) is that surface's record, kept beside the
table's state: the table's removal is published (``removed``) for the surfaces to drop theirs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from core.compare_and_set import retried
from core.events import Events
from core.ratings.matches import member_of
from core.refusal import Refusal
from core.tables import rounds, transitions
from core.tables.deals import deal_code, deal_seed
from core.tables.events import TableChanged
from core.tables.finished import MatchRating
from core.tables.moves import Actor, Move
from core.tables.state import Seat, TableSettings, TableState, keeping_legacy
from core.tables.transitions import Change
from data.ledger import HandEntry, Ledger, LedgerConflict, LedgerValueError, MatchEntry
from data.live import LiveStore, StoreError, Versioned

log = logging.getLogger(__name__)
Transition = Callable[[TableState, float], tuple[TableState, Change]]
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
RETENTION = 3 * 24 * 3600.0  # an ended table stays this long for its Details and Rules buttons, then goes


@dataclass(frozen=True, slots=True)
class Committed:
    """A table as written (or read), its store version, and what the transition did; ``written`` when
    this call wrote that version (False: the transition changed nothing, or the table was only read);
    ``followed``: done when this process's subscribers are done with the change it published."""

    state: TableState
    version: int
    change: Change
    written: bool = False
    followed: asyncio.Future[list[None]] | None = field(default=None, compare=False, repr=False)


HEARD_KEPT = 1024  # tables whose last read for a change heard from another process is kept
KNOWN_KEPT = 2048  # tables whose last version this process read or wrote is kept (``Known``)
KNOWN_FRESH = 60.0  # seconds a known open table is moved without reading it first (``Known.fresh``)


class Known:
    """The last version of each table this process read or wrote, with its document and its state, so
    that reading that version again (the next move of a table this process moved: its read, then the
    round this process played, handed over by ``rounds.load_round`` as it is) rebuilds nothing.

    Keyed by the store's version, and answered only for the very document the store gives for it
    (equal to the one kept: a table removed and opened again under its id starts at version 1 again):
    a state is never served for another version, nor for another document. At most ``size`` tables,
    the least recently used forgotten first. Used from the event loop only.

    ``fresh``: the state a move is first tried on without reading the store, which the compare-and-set
    accepts only at the same version. The same version is the same document as long as the table has
    not been removed and opened again under its id since, which cannot happen to a table known open
    moments ago: only an ended table is removed, ``RETENTION`` (days) after it ended."""

    def __init__(self, size: int = KNOWN_KEPT, clock: Callable[[], float] = time.monotonic) -> None:
        self._size = size
        self._clock = clock
        self._tables: OrderedDict[str, tuple[int, dict[str, Any], TableState, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tables)

    def state(self, table_id: str, found: Versioned) -> TableState:
        """The state of ``found`` (the table's document as the store gave it, at its version)."""
        kept = self._tables.get(table_id)
        if kept is not None and kept[0] == found.version and kept[1] == found.document:
            self.remember(table_id, kept[0], kept[1], kept[2])  # the store said so just now
            return kept[2]
        state = TableState.from_document(found.document)
        self.remember(table_id, found.version, found.document, state)
        return state

    def fresh(self, table_id: str) -> tuple[int, dict[str, Any], TableState] | None:
        """The table as this process last wrote or read it (version, document, state), if that was at
        most ``KNOWN_FRESH`` seconds ago and the table was open; else None."""
        kept = self._tables.get(table_id)
        if kept is None or not kept[2].is_open or self._clock() - kept[3] > KNOWN_FRESH:
            return None
        return kept[0], kept[1], kept[2]

    def heard(self, table_id: str, version: int) -> None:
        """Another process wrote ``version`` of the table: an older one kept is forgotten."""
        kept = self._tables.get(table_id)
        if kept is not None and kept[0] < version:
            del self._tables[table_id]

    def remember(self, table_id: str, version: int, document: dict[str, Any], state: TableState) -> None:
        """``state`` is the table at ``version``, whose document is ``document`` (as written or read)."""
        self._tables[table_id] = (version, document, state, self._clock())
        self._tables.move_to_end(table_id)
        while len(self._tables) > self._size:
            self._tables.popitem(last=False)

    def forget(self, table_id: str) -> None:
        self._tables.pop(table_id, None)


def table_key(table_id: str) -> str:
    return f"table:{table_id}"


def new_table_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(8))


def new_seed() -> int:
    return secrets.randbits(48)


class TableService:
    def __init__(
        self,
        store: LiveStore,
        ledger: Ledger,
        clock: Callable[[], float],
        events: Events,
        *,
        make_id: Callable[[], str] = new_table_id,
        make_seed: Callable[[], int] = new_seed,
    ) -> None:
        self._store = store
        self._ledger = ledger
        self._clock = clock
        self._events = events
        self._make_id = make_id
        self._make_seed = make_seed
        self._heard: dict[str, asyncio.Future[Committed | None]] = {}  # the last read of each heard table
        self._known = Known()

    @property
    def ledger(self) -> Ledger:
        """The ledger the tables' entries go to: a surface reads what it shows of a table from it too (the
        seats' ratings, a match's rating changes)."""
        return self._ledger

    def now(self) -> float:
        return self._clock()

    async def open(
        self,
        *,
        host: Actor,
        guild_id: int,
        settings: TableSettings,
        computers: int = 0,
        seed: int | None = None,
        deal: str | None = None,
    ) -> Committed:
        """A new lobby of the server ``guild_id`` with its host seated and ``computers`` computer seats. A
        ``seed`` or a ``deal`` code (``core.tables.deals``) makes a practice table: its walls are that
        seed's (the code's), the same for everyone who chooses it, and it is never rated
        (``TableState.practice``); its match keeps the deal (a seed's is the seed's number)."""
        code = deal_code(deal if deal is not None else str(seed)) if deal is not None or seed is not None else None
        if deal is not None:
            if code is None:
                raise Refusal("bad_deal")
            seed = deal_seed(code)
        state = TableState(
            id=self._make_id(),
            host_id=host.member_id,
            guild_id=guild_id,
            settings=settings,
            seed=self._make_seed() if seed is None else seed,
            practice=seed is not None,
            deal=code,
        )
        state = transitions.touched(state, self._clock())
        state, _ = transitions.join(state, host.member_id, host.name)
        for _ in range(min(computers, state.players - 1)):
            state, _ = transitions.add_computer(state, host.member_id)
        document = state.to_document()
        created = await self._store.create(table_key(state.id), document, deadline=state.wake_at)
        if not created:
            raise Refusal("busy")
        self._known.remember(state.id, 1, document, state)
        committed = Committed(state, 1, Change("lobby"), written=True)
        return replace(committed, followed=await self._publish(committed))

    async def open_seated(
        self,
        *,
        table_id: str,
        host: int,
        guild_id: int,
        settings: TableSettings,
        seats: tuple[Seat, ...],
        seed: int,
        tournament: str,
    ) -> Committed:
        """A tournament's table (SPEC §9), dealt at once: ``seats`` in the order of its first hand's winds
        (a member who is not there seated ``away``, played by a computer until they come), the round's
        ``seed`` (the same walls at every table of the round), rated as any table. ``table_id`` is the
        caller's, so a process that dies after opening it and before saying so opens it no second time:
        the table already there under that id, of the same tournament place, is the one answered."""
        state = TableState(table_id, host, guild_id, settings, seed, seats=seats, tournament=tournament)
        now = self._clock()
        state, change = transitions.start_seated(transitions.touched(state, now), now)
        document = state.to_document()
        if not await self._store.create(table_key(table_id), document, deadline=state.wake_at):
            there = await self.read(table_id)
            if there is None or there.state.tournament != tournament:
                raise Refusal("busy")
            return there
        self._known.remember(table_id, 1, document, state)
        committed = Committed(state, 1, change, written=True)
        return replace(committed, followed=await self._publish(committed))

    async def read(self, table_id: str) -> Committed | None:
        found = await self._store.read(table_key(table_id))
        return None if found is None else self._committed(table_id, found)

    async def read_heard(self, event: TableChanged) -> Committed | None:
        """The table at the version ``event`` (heard from another process) says, or a newer one. The
        subscribers hearing one change share one read of it: a read made or under way in this process
        that found that version or a later one is not made again."""
        self._known.heard(event.table_id, event.version)
        reading = self._heard.get(event.table_id)
        if reading is not None:
            with contextlib.suppress(StoreError):
                found = await asyncio.shield(reading)
                if found is not None and found.version >= event.version:
                    return found
        reading = asyncio.ensure_future(self.read(event.table_id))
        self._heard.pop(event.table_id, None)  # to the end: the least recently heard are forgotten first
        self._heard[event.table_id] = reading
        while len(self._heard) > HEARD_KEPT:
            self._heard.pop(next(iter(self._heard)))
        return await asyncio.shield(reading)

    async def update(
        self,
        table_id: str,
        transition: Transition,
        *,
        by_member: bool = True,
        answered_by: int | None = None,
        quick_at_hand: bool = False,
    ) -> Committed:
        """Apply ``transition`` to the table and write it if nobody moved it meanwhile (else retry). A
        change ``by_member`` (a move, not the clock or the bot's own bookkeeping) restarts the table's
        idle limit; ``answered_by``: the member whose own answer shows them the change.

        ``quick_at_hand``: the transition is quick when the state's round is at hand (a member's move,
        never a computer's), and then runs on the loop; and when this process wrote or read the table
        moments ago (``Known.fresh``), it is first tried on that state without reading the store again:
        the compare-and-set writes it only if that version is still the table's, and anything else (the
        table moved meanwhile, the move refused or changing nothing there) is answered by the usual
        read, transition and write, as if that first try had not been made."""

        async def attempt() -> Committed | None:
            found = await self._store.read(table_key(table_id))
            if found is None:
                raise Refusal("no_table")
            current = self._committed(table_id, found)
            now = self._clock()
            if quick_at_hand and rounds.at_hand(current.state):
                state, change = transition(current.state, now)
            else:
                state, change = await asyncio.to_thread(transition, current.state, now)
            if state == current.state:
                return replace(current, change=change)
            return await self._written(table_id, current, found.document, state, change, now, by_member, answered_by)

        if quick_at_hand:
            known = self._known.fresh(table_id)
            if known is not None and rounds.at_hand(known[2]):
                version, stored, state = known
                now = self._clock()
                try:
                    moved, change = transition(state, now)
                except Exception:  # refused there, perhaps only as no longer current: asked of the store's
                    moved = state
                if moved != state:
                    current = Committed(state, version, Change())
                    done = await self._written(table_id, current, stored, moved, change, now, by_member, answered_by)
                    if done is not None:
                        return done
        return await retried(attempt, "busy")

    async def _written(
        self,
        table_id: str,
        current: Committed,
        stored: dict[str, Any],
        state: TableState,
        change: Change,
        now: float,
        by_member: bool,
        answered_by: int | None,
    ) -> Committed | None:
        """``state`` (what a transition made of ``current``, stored as ``stored``) written over
        ``current``'s version and published; None if another write came first."""
        if by_member:
            state = transitions.touched(state, now)
        if current.state.is_open and not state.is_open:
            state = replace(state, deadline=now + RETENTION, computer_at=None, hold_until=None)
        document = keeping_legacy(state.to_document(), stored)
        version = await self._store.write(table_key(table_id), current.version, document, deadline=state.wake_at)
        if version is None:
            return None
        self._known.remember(table_id, version, document, state)
        committed = Committed(state, version, change, written=True)
        return replace(committed, followed=await self._publish(committed, answered_by=answered_by))

    async def _publish(
        self, committed: Committed, *, answered_by: int | None = None, pending: bool = False
    ) -> asyncio.Future[list[None]] | None:
        change, state = committed.change, committed.state
        if change.happened == "nothing" and not pending:
            return None
        return await self._events.publish(
            TableChanged(
                table_id=state.id,
                guild_id=state.guild_id,
                version=committed.version,
                step=state.step,
                happened=change.happened,
                is_open=state.is_open,
                awaited=change.awaited,
                waiting=change.waiting,
                claim_window=change.claim_window,
                finished_hand=change.finished_hand,
                match_entry=change.match_entry,
                answered_by=answered_by,
                pending=pending,
                state=state,
            )
        )

    # --- what members and the clock ask for ---------------------------------------------------

    async def act(
        self,
        table_id: str,
        actor: Actor,
        move: Move | Callable[[TableState, float], Move],
        *,
        answered_by: int | None = None,
    ) -> Committed:
        """A member's move, from any surface (``core.tables.moves``); given as a function, the move is read
        from the state it is applied to, in the transition's thread (a page names tiles, whose slots only
        that state knows: ``core.tables.frame.move_of``)."""

        def transition(state: TableState, now: float) -> tuple[TableState, Change]:
            chosen = move(state, now) if callable(move) else move
            return transitions.apply(state, actor, chosen, now)

        return await self.update(table_id, transition, answered_by=answered_by, quick_at_hand=True)

    async def wake(self, table_id: str) -> Committed | None:
        """The clock's turn: computer moves and passed deadlines; None when the table ended long enough
        ago to be removed (once the ledger has everything it finished). Its removal is published first
        (``removed``), and the table goes once this process's subscribers are done with it: a process
        that dies in between leaves the table due, and the next look publishes it again, so what a
        surface keeps of the table never outlives it. A table left with work undone by a process that
        died (entries for the ledger, a result to post) is published again as it stands, for the
        subscribers to finish it."""
        current = await self.read(table_id)
        if current is not None and self._expired(current.state):
            followed = await self._publish(replace(current, change=Change("removed")))
            if followed is not None:
                await followed
            if await self._store.delete(table_key(table_id), current.version):
                self._known.forget(table_id)
                return None
        committed = await self.update(table_id, transitions.wake, by_member=False)
        state = committed.state
        if not committed.written and (state.unrecorded or state.result_unposted):
            return replace(committed, followed=await self._publish(committed, pending=True))
        return committed

    def _expired(self, state: TableState) -> bool:
        return (
            not state.is_open
            and not state.unrecorded
            and state.deadline is not None
            and state.deadline <= self._clock()
        )

    async def result_posted(self, table_id: str, step: int) -> Committed:
        return await self.update(table_id, lambda state, now: transitions.result_posted(state, step), by_member=False)

    async def record(self, table_id: str) -> Committed | None:
        """Write the table's finished hands and match to the ledger, then drop them from its live state.

        Written first and dropped after: a process that dies in between leaves them pending, and the
        next writer's copy is the same entry under the same id, which the ledger takes once."""
        current = await self.read(table_id)
        if current is None or not current.state.unrecorded:
            return None
        written = []
        for entry in current.state.unrecorded:
            try:
                if isinstance(entry, HandEntry):
                    await self._ledger.record_hand(entry)
                else:
                    await self._ledger.record_match(entry)
            except (LedgerConflict, LedgerValueError):
                # Another entry holds this id, or this one is damaged: the ledger keeps what it has,
                # and the table stops asking (or it would come due for ever).
                log.exception("table %s: the ledger refused %r", table_id, entry)
            written.append(entry)

        ratings = await self._match_ratings(table_id, [entry for entry in written if isinstance(entry, MatchEntry)])

        def forget_written(state: TableState, now: float) -> tuple[TableState, Change]:
            left = tuple(entry for entry in state.unrecorded if entry not in written)
            if ratings and not state.ratings:  # shown by the page's match end: a change it is sent
                return replace(state, unrecorded=left, ratings=ratings), Change("rated")
            return replace(state, unrecorded=left), Change()

        return await self.update(table_id, forget_written, by_member=False)

    async def _match_ratings(self, table_id: str, matches: list[MatchEntry]) -> tuple[MatchRating, ...]:
        """The member chairs' rating changes of the match just written (none when it is not rated, or the
        ledger cannot say now: the match end is shown without them rather than not at all)."""
        if not matches:
            return ()
        try:
            changes = await self._ledger.match_rating_changes(matches[-1].match_id)
        except (StoreError, OSError) as error:
            log.warning("table %s: the match's rating changes cannot be read (%s)", table_id, error)
            return ()
        return tuple(
            MatchRating(change.seat, change.before.shown, change.after.shown)
            for change in changes
            if member_of(change.player) is not None
        )

    def _committed(self, table_id: str, found: Versioned) -> Committed:
        return Committed(self._known.state(table_id, found), found.version, Change())

    async def park(self, table_id: str) -> None:
        """Clear the timers of a table whose clock cannot run (a damaged document), so it stops coming due."""
        key = table_key(table_id)
        found = await self._store.read(key)
        if found is not None:
            await self._store.write(key, found.version, found.document, deadline=None)

    async def due(self, limit: int = 50) -> list[str]:
        """The tables whose clock is due now."""
        keys = await self._store.due(self._clock(), limit)
        return [key.removeprefix("table:") for key in keys if key.startswith("table:")]
