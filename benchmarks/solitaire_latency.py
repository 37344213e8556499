"""How fast the solitaire answers a pick, and why the menu offers pairs rather than tiles.

    .venv/bin/python benchmarks/solitaire_latency.py [--games 3] [--store sqlite|redis] [--deals 200]

1. **A pick to the updated board**: a member plays free deals through the select of pairs on the fake
   Discord (the real path: gateway event, discord.py dispatch, the desk, the service on the live store
   with compare-and-set, the engine and Pillow in worker threads, REST calls back to the fake). For every
   pick: the acknowledgement, and the edit of the game message with its new image (the member sees the
   board change), from the moment the interaction reached the bot; median and 99th percentile.
2. **The two menus compared** on seeded random games of ``--deals`` deals: how many options each menu
   would list at each position, how many selects (25 options each) that takes, and how many round
   trips a pair costs (a tile menu: pick, then match; a pair menu: one choice).
3. **The hint's budget**: the solver with the hint's node budget on positions after random play, the
   slowest case included, against the 3 s an interaction has.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import pathlib
import statistics
import sys
import tempfile
import time
import uuid

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from bot.app import create_bot
from bot.solitaire.custom_ids import pair_value
from core.application import build_application
from core.settings import Settings
from core.solitaire.play import HINT_NODE_BUDGET, hint
from core.stores import Stores
from data.ledger_sqlite import SqliteLedger
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed
from game.solitaire.prng import Xoshiro128
from tests.fakediscord import FakeDiscord

EDIT = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
OPTIONS_PER_SELECT = 25


def quantiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99, ordered[-1]


async def pick_latency(games: int, backend: str) -> tuple[list[float], list[float]]:
    acks: list[float] = []
    boards: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "bench.sqlite3"
        if backend == "redis":
            store = RedisLiveStore.from_url("redis://127.0.0.1:6379/0", namespace=f"bench-{uuid.uuid4().hex}")
        else:
            store = await SqliteLiveStore.open(path)
        async with FakeDiscord() as fake:
            guild = fake.add_guild(name="Bench")
            member = fake.add_member(guild, name="Player", locale="en-US")
            settings = Settings(token=fake.token, database_path=str(path))
            ledger = await SqliteLedger.open(path)
            stores = Stores(store, ledger, SqliteSolitaireLedger.beside(ledger))
            application = await build_application(settings, stores=stores)
            bot = create_bot(
                settings, application, guild_ready_timeout=0.05, heartbeat_timeout=1e9, upload_emojis=False
            )
            task = asyncio.create_task(bot.start(fake.token))
            await fake.wait_ready(bot)
            try:
                for seed in range(1, games + 1):
                    opened = await fake.slash(member, guild.text_channel, "solitaire free", {"seed": seed})
                    await opened.wait_done(quiet=0.05)
                    message = opened.response
                    for a, b in deal_for_seed(seed).solution:
                        value = pair_value(a, b)
                        select = next(
                            s["custom_id"] for s in message.selects() if any(o["value"] == value for o in s["options"])
                        )
                        edits = message.edits
                        calls = len(fake.calls)
                        chosen = await fake.select(member, message, select, [value])
                        while message.edits == edits:
                            await asyncio.sleep(0.001)
                        await chosen.wait_done(quiet=0.0)
                        edit = next(call for call in fake.calls[calls:] if call.key == EDIT)
                        acks.append(chosen.ack_seconds)
                        boards.append(edit.at - chosen.dispatched_at)
            finally:
                await bot.close()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(task, 5)
                await application.stop()
                await ledger.close()
        if backend == "redis":
            for key in await store.keys(""):
                found = await store.read(key)
                if found is not None:
                    await store.delete(key, found.version)
        await store.close()
    return acks, boards


def menus(deals: int) -> dict[str, list[int]]:
    """Per position of seeded random games: free tiles, legal pairs, and selects each menu needs."""
    free, pairs = [], []
    for seed in range(deals):
        board = deal_for_seed(seed).board()
        rng = Xoshiro128.from_seed(f"bench-menus/{seed}".encode())
        while True:
            legal = board.matching_free_pairs()
            free.append(len(board.free_ids()))
            pairs.append(len(legal))
            if not legal:
                break
            board = board.remove(*legal[rng.below(len(legal))])
    return {"free": free, "pairs": pairs}


def hint_times(deals: int) -> list[tuple[float, str]]:
    """The hint on the position a seeded random player leaves after 20 to 50 pairs (a hard case: often
    lost already, sometimes by a long search)."""
    times = []
    for seed in range(deals):
        board = deal_for_seed(seed).board()
        rng = Xoshiro128.from_seed(f"bench-hints/{seed}".encode())
        for _ in range(20 + rng.below(31)):
            legal = board.matching_free_pairs()
            if not legal:
                break
            board = board.remove(*legal[rng.below(len(legal))])
        start = time.perf_counter()
        answer = hint(board)
        times.append((time.perf_counter() - start, answer.verdict.value))
    return times


def share(values: list[int], test) -> str:
    return f"{100 * sum(1 for v in values if test(v)) / len(values):.1f} %"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()

    acks, boards = asyncio.run(pick_latency(args.games, args.store))
    for name, values in (("acknowledged", acks), ("updated board", boards)):
        median, p99, worst = quantiles(values)
        print(
            f"pick → {name}: median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {worst * 1000:.1f} ms "
            f"over {len(values)} picks ({args.store})"
        )

    counts = menus(args.deals)
    for name in ("free", "pairs"):
        values = counts[name]
        selects = [-(-v // OPTIONS_PER_SELECT) for v in values]
        print(
            f"{name:5} per position: median {statistics.median(values):.0f}, max {max(values)}; needs 2+ selects "
            f"{share(selects, lambda s: s >= 2)}, 3+ {share(selects, lambda s: s >= 3)} "
            f"of {len(values)} positions"
        )
    print("round trips per pair: tile menu 2 (pick, then match), pair menu 1")

    times = hint_times(args.deals)
    seconds = [t for t, _ in times]
    median, p99, worst = quantiles(seconds)
    verdicts = {v: sum(1 for _, w in times if w == v) for v in ("solvable", "unsolvable", "unknown")}
    print(
        f"hint ({HINT_NODE_BUDGET} nodes): median {median * 1000:.1f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {worst * 1000:.0f} ms over {len(times)} positions; {verdicts}"
    )


if __name__ == "__main__":
    main()
