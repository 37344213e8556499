"""The CPU of one move through each surface's path, side by side in one process (issue 39, part 3).

Two tables of four members open on one ``TableService`` (the embedded SQLite store in a temporary
folder) with the same seed, so the same walls: table P is played through the page's path, table D
through Discord's, the same moves on both. The moves are the page members' (``table_page_client.
choose`` on the mover's frame of P), one awaited seat at a time. For every move:

- the page: ``TableService.act`` with the move read from the message as the socket reads it
  (``core.tables.frame.move_of`` in the transition's thread), then the hub's frames for the four seats
  and their JSON (``web.table_hub.TableHub.show``, the sending left out);
- Discord: ``TableService.act`` with the ``Play`` a button's custom id carries, then what the Discord
  surface draws for that change: the table message (``presenter.table_message``: its text, buttons and
  the table picture, encoded) unless the change is one the table message does not show
  (``bot.tables.messages``), the mover's own hand (the answer to a click on their private hand), and
  the other members' hands ``bot.tables.hands.LiveHands`` refreshes (every seat for a deal, an end or
  a lobby change, else the seats the table waits for now or waited for before; none for a claim
  window's answer, which stays secret).

``time.process_time`` around each path (the transition's worker thread and the store's thread
included: nothing else runs in the process). Not counted on Discord's side: sending the state to a
drawing process and the picture back, discord.py's views, the requests: the ratio is a bound.
"""

from __future__ import annotations

import asyncio
import pathlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.table_page_client import choose, load_average  # noqa: E402
from bot.tables import presenter  # noqa: E402
from core.events import Events  # noqa: E402
from core.refusal import Refusal  # noqa: E402
from core.tables.frame import move_of  # noqa: E402
from core.tables.moves import Actor, Lobby, Move  # noqa: E402
from core.tables.options import SPEED_TIMINGS, table_defaults, table_rules, table_settings  # noqa: E402
from core.tables.service import Committed, TableService  # noqa: E402
from core.tables.state import TableState  # noqa: E402
from data.broadcast import MemoryBroadcast  # noqa: E402
from data.ledger import GuildSettings  # noqa: E402
from data.ledger_sqlite import SqliteLedger  # noqa: E402
from data.live_sqlite import SqliteLiveStore  # noqa: E402
from web.table_hub import TableHub, Viewer  # noqa: E402

GUILD = 0
MEMBERS = (11, 12, 13, 14)
EVERY_HAND = frozenset({"dealt", "hand_over", "closed", "lobby"})  # bot.tables.hands' _EVERY_HAND


class Counted(Viewer):
    """A socket's viewer whose frames are counted, not sent."""

    def offer(self, version: int, view: int | None, text: str) -> None:
        self.sent.append(len(text.encode()))

    def __post_init__(self) -> None:
        super().__post_init__()
        self.sent: list[int] = []


@dataclass
class Costs:
    page_act: list[float] = field(default_factory=list)
    page_frames: list[float] = field(default_factory=list)
    discord_act: list[float] = field(default_factory=list)
    discord_drawing: list[float] = field(default_factory=list)
    tables_drawn: int = 0
    hands_drawn: int = 0
    picture_bytes: int = 0
    frame_bytes: int = 0


def process_seconds() -> float:
    return time.process_time()


async def one_hand(
    service: TableService, hub: TableHub, rules: str, seed: int, costs: Costs, *, hints: bool = True
) -> int:
    """One seeded hand on the two tables; returns the moves played."""
    defaults = table_defaults(GuildSettings(), SPEED_TIMINGS, rules=rules, length="one_hand", hints=hints)
    settings = table_settings(defaults, table_rules(rules, "one_hand"), "en")
    actors = {member: Actor(member, GUILD, f"Member {member}") for member in MEMBERS}
    tables: list[Committed] = []
    for _ in range(2):
        committed = await service.open(host=actors[MEMBERS[0]], guild_id=GUILD, settings=settings, seed=seed)
        for member in MEMBERS[1:]:
            committed = await service.act(committed.state.id, actors[member], Lobby("join"))
        committed = await service.act(committed.state.id, actors[MEMBERS[0]], Lobby("start"))
        tables.append(committed)
    page, discord = tables
    viewers = [Counted(None, page.state.id, actors[member], "en", None) for member in MEMBERS]  # type: ignore[arg-type]
    for viewer in viewers:
        hub.watch(viewer)
    hub.show(page.state, page.version)
    waiting: frozenset[int] = frozenset(range(4))  # the hands shown before the first move: every seat's
    moves = 0
    rng = random.Random(seed)
    refused: dict[tuple[int, int], set[str]] = {}  # what the table refused a seat at a step (a win short of fan)
    while page.state.status == "playing":
        state = page.state
        awaited = _awaited(state)
        if not awaited:
            raise RuntimeError(f"{rules} seed {seed}: the table waits for nobody at step {state.step}")
        seat = awaited[0]
        member = state.seats[seat].member_id
        assert member is not None
        shown = hub_frame(hub, state, page.version, member)
        said_no = refused.setdefault((state.step, seat), set())
        fields = choose(shown, rng, said_no)
        if fields is None:
            raise RuntimeError(f"{rules} seed {seed}: no move offered to seat {seat} at step {state.step}")
        message = {**fields, "step": shown["step"]}

        before = process_seconds()
        try:
            read: list[Move] = []
            page = await service.act(state.id, actors[member], read_move(member, message, read))
        except Refusal:  # the page says why, and its member plays something else (not counted)
            said_no.add(fields["action"])
            continue
        middle = process_seconds()
        hub.show(page.state, page.version)
        after = process_seconds()
        costs.page_act.append(middle - before)
        costs.page_frames.append(after - middle)

        # what the button's custom id says: the move the page's message named (the twins are alike). Read
        # again from Discord's table it would reckon that round's legal moves outside the timing, which
        # the transition then finds done: Discord's act would be spared a part the page's pays.
        (play,) = read
        before = process_seconds()
        discord = await service.act(discord.state.id, actors[member], play, answered_by=member)
        middle = process_seconds()
        waiting = draw_discord(discord, waiting, member, costs)
        after = process_seconds()
        costs.discord_act.append(middle - before)
        costs.discord_drawing.append(after - middle)
        _same_play(page.state, discord.state)
        moves += 1
    costs.frame_bytes += sum(sum(viewer.sent) for viewer in viewers)
    for viewer in viewers:
        hub.unwatch(viewer)
    return moves


def read_move(member: int, message: dict[str, Any], read: list[Move]) -> Callable[[TableState, float], Move]:
    """The move the socket reads from ``message``, in the transition's thread (``web.table_sockets``),
    kept in ``read``."""

    def reading(state: TableState, now: float) -> Move:
        move = move_of(state, member, message, now)
        read[:] = [move]
        return move

    return reading


def _awaited(state: TableState) -> tuple[int, ...]:
    from core.tables.rounds import shown_round

    return tuple(shown_round(state).awaiting())


def _same_play(page: TableState, discord: TableState) -> None:
    """The twins must stay the same table (the same hand, step and status)."""
    if (page.hand, page.step, page.status) != (discord.hand, discord.step, discord.status):
        raise RuntimeError("the page's table and Discord's parted")


def hub_frame(hub: TableHub, state: TableState, version: int, member: int) -> dict[str, Any]:
    from core.tables.frame import frame

    return frame(state, version, member, hub.clock())


def draw_discord(committed: Committed, before: frozenset[int], mover: int, costs: Costs) -> frozenset[int]:
    """What the Discord surface draws for the change ``committed`` made by ``mover`` from their private
    hand: the table message, their own hand, the other live hands concerned. Returns whom the table
    waits for now (``LiveHands``' ``waiting``)."""
    state, change = committed.state, committed.change
    lang = state.settings.lang
    if change.happened not in ("answered", "nothing"):
        drawn = presenter.table_message(state, lang)
        costs.tables_drawn += 1
        costs.picture_bytes += sum(len(picture.rendered.image_png) for picture in drawn.pictures)
    waiting = frozenset(change.waiting or ())
    seat = state.seat_of(mover)
    hands: set[int] = set()
    if state.hand is not None and seat is not None:
        hands.add(seat)  # the answer to the click
        if change.happened != "answered":
            concerned = set(range(state.players)) if change.happened in EVERY_HAND else set(waiting | before)
            hands |= concerned
    for shown in sorted(hands):
        drawn = presenter.hand_message(state, shown, lang)
        costs.hands_drawn += 1
        costs.picture_bytes += sum(len(picture.rendered.image_png) for picture in drawn.pictures)
    return waiting


ROWS = {"classic": ("classic", True), "hongkong": ("hongkong", True), "classic, no hints": ("classic", False)}
"""Each row: its rules and whether the table gives hints (a frame offers Hint, and both surfaces search the
suggested discard only when it is pressed, which these members never do)."""


async def measure(hands: int, rows: tuple[str, ...] = tuple(ROWS)) -> dict[str, Any]:
    results: dict[str, Any] = {"load_before": load_average()}
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteLiveStore.open(pathlib.Path(folder) / "live.sqlite3")
        ledger = await SqliteLedger.open(pathlib.Path(folder) / "ledger.sqlite3")
        try:
            service = TableService(store, ledger, time.time, Events(MemoryBroadcast()))
            hub = TableHub(service, Events(MemoryBroadcast()), time.time)
            await one_hand(service, hub, "classic", 1, Costs())  # the first drawing's fonts and sprites
            for row in rows:
                rules, hints = ROWS[row]
                costs = Costs()
                started = time.monotonic()
                moves = 0
                for n in range(hands):
                    moves += await one_hand(service, hub, rules, 5000 + n, costs, hints=hints)
                results[row] = summary(costs, moves, hands, time.monotonic() - started)
        finally:
            await store.close()
            await ledger.close()
    results["load_after"] = load_average()
    return results


def summary(costs: Costs, moves: int, hands: int, seconds: float) -> dict[str, Any]:
    page = [a + b for a, b in zip(costs.page_act, costs.page_frames, strict=True)]
    discord = [a + b for a, b in zip(costs.discord_act, costs.discord_drawing, strict=True)]
    return {
        "hands": hands,
        "moves": moves,
        "seconds": seconds,
        "page_ms": 1e3 * statistics.fmean(page),
        "page_act_ms": 1e3 * statistics.fmean(costs.page_act),
        "page_frames_ms": 1e3 * statistics.fmean(costs.page_frames),
        "discord_ms": 1e3 * statistics.fmean(discord),
        "discord_act_ms": 1e3 * statistics.fmean(costs.discord_act),
        "discord_drawing_ms": 1e3 * statistics.fmean(costs.discord_drawing),
        "ratio": sum(page) / sum(discord),
        "surface_ratio": sum(costs.page_frames) / sum(costs.discord_drawing),
        "tables_drawn_per_move": costs.tables_drawn / moves,
        "hands_drawn_per_move": costs.hands_drawn / moves,
        "picture_kb_per_move": costs.picture_bytes / moves / 1000,
        "frame_kb_per_move": costs.frame_bytes / moves / 1000,
    }


def report(results: dict[str, Any]) -> str:
    lines = [f"CPU per move, each surface's path (load {results['load_before']} → {results['load_after']})"]
    for rules in ROWS:
        if rules not in results:
            continue
        f = results[rules]
        lines.append(
            f"  {rules}: {f['hands']} hands, {f['moves']} moves ({f['seconds']:.0f} s): "
            f"page {f['page_ms']:.2f} ms (act {f['page_act_ms']:.2f} + frames and JSON {f['page_frames_ms']:.2f}), "
            f"Discord {f['discord_ms']:.2f} ms (act {f['discord_act_ms']:.2f} + drawing {f['discord_drawing_ms']:.2f}; "
            f"{f['tables_drawn_per_move']:.2f} tables and {f['hands_drawn_per_move']:.2f} hands a move, "
            f"{f['picture_kb_per_move']:.0f} KB of pictures); ratio {f['ratio']:.3f} "
            f"(1/{1 / f['ratio']:.1f}), the surfaces alone {f['surface_ratio']:.3f} (1/{1 / f['surface_ratio']:.0f}); "
            f"frames {f['frame_kb_per_move']:.1f} KB a move for the four seats"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(asyncio.run(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 1))))
