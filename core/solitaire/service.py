"""The solitaire's service: load a member's game, apply one action with compare-and-set, record results,
drop the web games nobody plays. Commands, buttons, web pages, the daily post and tests share one path:
a surface turns what a member did into a ``GameMove`` and shows what comes
back. Every write that changes a game publishes one ``SolitaireChanged`` (``core.events``).

Results reach the ledger exactly once: the write that ends a game leaves it pending in the live state
(``recorded`` false); the ledger's subscriber (``record``) writes it next, then marks the state
recorded. A process that dies in between leaves it pending: the next read of that game records it
again under the same id, which the ledger keeps once, and so does the sweep a process makes when it
starts (``record_pending``), for a member who never opens that game again.

No solitaire key carries a store deadline: nothing in a game has to happen unless its member acts
(the engine's clock pauses itself by arithmetic). Where a surface shows the day's deal (Discord's daily
post) is that surface's own record (``bot.solitaire.post_claims``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from functools import lru_cache

from core.compare_and_set import retried
from core.events import Events
from core.refusal import Refusal
from core.solitaire import play
from core.solitaire.events import SolitaireChanged
from core.solitaire.moves import GameMove
from core.solitaire.play import Outcome
from core.solitaire.state import SLOT_PREFIX, SolitaireDocumentError, SolitaireState, parse_slot_key, slot_key
from data.ledger import LedgerConflict, LedgerValueError
from data.live import LiveStore
from data.solitaire_ledger import Kind, SolitaireLedger, SolitaireResult
from game.solitaire.clock import DEFAULT_IDLE_PAUSE
from game.solitaire.deal import SEED_LIMIT, Deal, deal_for_date, deal_for_seed, utc_day
from game.solitaire.game import Game

log = logging.getLogger(__name__)
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


@dataclass(frozen=True, slots=True)
class Committed:
    """A game as written (or read), its store version, and what the action did."""

    state: SolitaireState
    version: int
    outcome: Outcome


def new_game_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(8))


def new_free_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


@lru_cache(maxsize=4)
def daily_deal(day: date, secret: bytes | None) -> Deal:
    """The day's deal (tens to hundreds of milliseconds to find: kept for the day)."""
    return deal_for_date(day, secret)


class SolitaireService:
    def __init__(
        self,
        store: LiveStore,
        ledger: SolitaireLedger,
        clock: Callable[[], float],
        events: Events,
        *,
        daily_secret: bytes | None = None,
        idle_pause: float = DEFAULT_IDLE_PAUSE,
        make_id: Callable[[], str] = new_game_id,
        make_seed: Callable[[], int] = new_free_seed,
    ) -> None:
        self._store = store
        self.ledger = ledger
        self._clock = clock
        self._events = events
        self._secret = daily_secret
        self._idle_pause = idle_pause
        self._make_id = make_id
        self._make_seed = make_seed

    def now(self) -> float:
        return self._clock()

    def today(self) -> date:
        return utc_day(datetime.fromtimestamp(self._clock(), UTC))

    async def deal_of_day(self, day: date) -> Deal:
        return await asyncio.to_thread(daily_deal, day, self._secret)

    # --- reading and writing one member's slot ---------------------------------------------------

    async def read(self, guild_id: int, member_id: int, kind: Kind) -> Committed | None:
        """The member's game of this kind on this server; a pending result is recorded on the way."""
        committed = await self._stored(slot_key(guild_id, member_id, kind))
        if committed is not None and committed.state.pending:
            committed = await self.record(committed)
        return committed

    async def _stored(self, key: str) -> Committed | None:
        """The game stored at ``key``, as it is (pending or not); a damaged one is dropped."""
        found = await self._store.read(key)
        if found is None:
            return None
        try:
            state = await asyncio.to_thread(SolitaireState.from_document, found.document)
        except SolitaireDocumentError:
            # It can never be played nor replayed: dropped (and logged), so the member's next game can start.
            log.exception("the solitaire game %s is damaged: it is dropped", found.document.get("id"))
            await self._store.delete(key, found.version)
            return None
        return Committed(state, found.version, Outcome())

    async def _put(self, state: SolitaireState, previous: Committed | None) -> Committed | None:
        """Write a new game into its slot (over ``previous``, compare-and-set); None if someone moved it."""
        if previous is None:
            created = await self._store.create(state.key, state.to_document())
            return await self._published(Committed(state, 1, Outcome())) if created else None
        version = await self._store.write(state.key, previous.version, state.to_document())
        return None if version is None else await self._published(Committed(state, version, Outcome()))

    async def _published(self, committed: Committed) -> Committed:
        state = committed.state
        await self._events.publish(
            SolitaireChanged(
                guild_id=state.guild_id,
                member_id=state.member_id,
                kind=state.kind,
                game_id=state.id,
                version=committed.version,
                step=state.step,
                over=state.game.over,
                state=state,
            )
        )
        return committed

    async def update(
        self,
        guild_id: int,
        member_id: int,
        kind: Kind,
        transition: Callable[[SolitaireState, float], tuple[SolitaireState, Outcome]],
    ) -> Committed:
        """Apply ``transition`` to the member's game and write it if nobody moved it meanwhile (else retry)."""

        async def attempt() -> Committed | None:
            current = await self.read(guild_id, member_id, kind)
            if current is None:
                raise Refusal("sol_no_game")
            state, outcome = await asyncio.to_thread(transition, current.state, self._clock())
            version = await self._store.write(state.key, current.version, state.to_document())
            return None if version is None else await self._published(Committed(state, version, outcome))

        return await retried(attempt, "sol_busy")

    async def record(self, committed: Committed) -> Committed:
        """Give an ended game's result to the ledger, then mark the game recorded. The result is a function
        of the stored game alone (it is dated by the game's last action), so a second writer after a crash
        hands the ledger the very same result, which it keeps once."""
        state = committed.state
        result = await asyncio.to_thread(
            SolitaireResult.of,
            state.id,
            state.guild_id,
            state.member_id,
            state.name,
            state.kind,
            state.day,
            state.game,
            state.game.clock.last_activity,
        )
        try:
            await self.ledger.record(result)
        except (LedgerConflict, LedgerValueError):
            # Another result holds this id, or this one does not replay: the ledger keeps what it has,
            # and the game stops asking (or it would be recorded again at every read).
            log.exception("solitaire game %s: the ledger refused its result", state.id)
        marked = replace(state, recorded=True)
        version = await self._store.write(state.key, committed.version, marked.to_document())
        if version is None:  # moved meanwhile: whoever moved it read it pending and recorded it
            return committed
        return Committed(marked, version, committed.outcome)

    # --- what members ask for -------------------------------------------------------------------

    async def daily(self, guild_id: int, member_id: int, name: str) -> Committed:
        """Today's deal: the member's open game of it, else a new attempt (a daily may be replayed; the
        best of the day counts). An open daily of an earlier day is finished and recorded first."""

        async def attempt() -> Committed | None:
            today = self.today()
            current = await self.read(guild_id, member_id, "daily")
            if current is not None and not current.state.game.over:
                if current.state.day == today:
                    return replace(current, outcome=Outcome(continued=True))
                current = await self._close(current)
                if current is None:
                    return None
            deal = await self.deal_of_day(today)
            state = play.start(
                self._make_id(), guild_id, member_id, name, "daily", today, deal, self._clock(), self._idle_pause
            )
            return await self._put(state, current)

        return await retried(attempt, "sol_busy")

    async def free(self, guild_id: int, member_id: int, name: str, seed: int | None) -> Committed:
        """A free deal: the open one (when no other seed is asked for), else a new one of ``seed`` (a
        random seed when None). Another deal while one is open is refused: finishing it keeps its score."""

        async def attempt() -> Committed | None:
            current = await self.read(guild_id, member_id, "free")
            if current is not None and not current.state.game.over:
                if seed is None or seed == current.state.game.seed:
                    return replace(current, outcome=Outcome(continued=True))
                raise Refusal("sol_free_open", seed=current.state.game.seed)
            deal = await asyncio.to_thread(deal_for_seed, self._make_seed() if seed is None else seed)
            state = play.start(
                self._make_id(), guild_id, member_id, name, "free", None, deal, self._clock(), self._idle_pause
            )
            return await self._put(state, current)

        return await retried(attempt, "sol_busy")

    async def shown(self, committed: Committed) -> Committed:
        """The board of a game reached its player: the first time, its clock starts now (SPEC §3), not when
        the game was created; later showings change nothing (read, solve, read again: the clock runs from
        the first). A move made meanwhile (the board was seen) leaves the clock as it is."""
        state = committed.state
        if state.shown:
            return committed
        started = replace(state, game=state.game.shown(self._clock()), shown=True)
        version = await self._store.write(state.key, committed.version, started.to_document())
        return committed if version is None else Committed(started, version, committed.outcome)

    async def act(self, guild_id: int, member_id: int, kind: Kind, move: GameMove) -> Committed:
        """A member's move in their game of ``kind``: a pair, undo, pause, resume, finish."""
        return await self.update(guild_id, member_id, kind, lambda state, now: play.act(state, move, now))

    async def current(self, guild_id: int, member_id: int, kind: Kind, game_id: str, step: int) -> SolitaireState:
        """The member's game of ``kind`` that a request reading it names (a page of its board, a hint), if
        it is the one in play at that ``step``; ``Refusal`` when the member has none, another game is in
        play, this one moved since, or it is over."""
        committed = await self.read(guild_id, member_id, kind)
        if committed is None:
            raise Refusal("sol_no_game")
        state = committed.state
        if state.id != game_id:
            raise Refusal("sol_other_game")
        if state.step != step:
            raise Refusal("sol_stale")
        if state.game.over:
            raise Refusal("sol_over")
        return state

    async def hintable(self, guild_id: int, member_id: int, kind: Kind, game_id: str, step: int) -> SolitaireState:
        """The game a hint is asked of, if one may be given: a free game (the daily is played unaided),
        current (``current``), its board not hidden by a pause. The hint itself (``play.hint``, up to half
        a second of the solver) is the surface's to compute where it does its heavy work, after its own
        rationing: the Discord desk in its drawing processes, the page in a thread."""
        if kind == "daily":
            raise Refusal("sol_no_hint_daily")
        state = await self.current(guild_id, member_id, kind, game_id, step)
        if state.game.is_paused(self._clock()):
            raise Refusal("sol_paused")
        return state

    async def record_pending(self, owns_guild: Callable[[int], bool]) -> int:
        """Record every ended game left pending in the servers ``owns_guild`` names (a process killed
        between a game's end and its ledger write); how many there were."""
        recorded = 0
        for key in await self._store.keys(SLOT_PREFIX):
            slot = parse_slot_key(key)
            if slot is None or not owns_guild(slot[0]):
                continue
            committed = await self._stored(key)
            if committed is not None and committed.state.pending:
                await self.record(committed)
                recorded += 1
        return recorded

    async def record_ended(self, event: SolitaireChanged) -> None:
        """The ledger's subscriber: a game this process ended goes to the ledger (``record``)."""
        if event.state is not None and event.state.pending:
            await self.record(Committed(event.state, event.version, Outcome()))

    async def _close(self, current: Committed) -> Committed | None:
        """Finish an open game (two presses on Finish, now) and record it; None if it moved meanwhile."""

        def finish(state: SolitaireState, now: float) -> SolitaireState:
            now = max(now, state.game.clock.last_activity)
            game: Game = state.game.finish(now)
            return replace(state, game=game if game.over else game.finish(now), step=state.step + 1)

        state = await asyncio.to_thread(finish, current.state, self._clock())
        version = await self._store.write(state.key, current.version, state.to_document())
        if version is None:
            return None
        # recorded before it is told: the daily that replaces it must not find it pending
        return await self._published(await self.record(Committed(state, version, Outcome())))

    # --- expiry --------------------------------------------------------------------------------

    async def expire(self, guild_id: int, unplayed_after: float, untouched_after: float) -> int:
        """Drop the games of ``guild_id`` (the web boards: anyone may open one) that nobody has played for
        ``unplayed_after`` seconds since they were shown, or touched for ``untouched_after``; an open game
        that was played is finished and recorded first, so its score counts as a finished game's. Every
        drop is a compare-and-set: a game moved meanwhile is kept. The number of games dropped."""
        dropped = 0
        for key in await self._store.keys(f"{SLOT_PREFIX}{guild_id}:"):
            committed = await self._stored(key)
            if committed is None:
                continue
            game, now = committed.state.game, self._clock()
            idle = now - max(game.started_at, game.clock.last_activity)
            if idle < (untouched_after if game.events else unplayed_after):
                continue
            if committed.state.pending:
                committed = await self.record(committed)
            elif game.events and not game.over:
                closed = await self._close(committed)
                if closed is None:
                    continue
                committed = closed
            dropped += await self._store.delete(key, committed.version)
        return dropped
