"""The first clicks after a start against the same clicks later: is the first one answered as fast?

    .venv/bin/python benchmarks/first_click.py                     # this checkout, 5 rounds
    .venv/bin/python benchmarks/first_click.py --before 5df8bb8    # and an earlier commit, side by side

The bot is the real ``mahjong-bot run`` in its own process (``tests/bot/run_against_fake.py``, the
product's settings: drawing in threads), started afresh; the fake Discord and two members are in this
process. As soon as the bot is ready, a round of clicks: Alice opens a table (``/mahjong new`` with two
computer seats), Bob joins it, Alice starts it, Bob opens My hand, Alice opens a free solitaire game.
Each is timed from the interaction leaving the fake to its answer being complete (the table message
edited for Join, the hand or the board shown); the round is played ``--rounds`` times on new tables and
games, and the first round is set beside the median of the others.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import statistics
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.beside import run_at  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

STEPS = ("new table", "join", "start", "my hand", "solitaire board")


async def timed(started: float, interaction: Any) -> float:
    await interaction.wait_done(quiet=0.02, timeout=60)
    return time.perf_counter() - started


async def one_round(fake: FakeDiscord, guild: Any, alice: Any, bob: Any, seed: int) -> dict[str, float]:
    times: dict[str, float] = {}
    started = time.perf_counter()
    opened = await fake.slash(alice, guild.text_channel, "mahjong new", {"rules": "classic", "computers": 2})
    times["new table"] = await timed(started, opened)
    table = fake.channel_messages(fake.threads[-1].id)[-1]
    table_id = next(c.split(":")[1] for c in table.custom_ids() if c.startswith("mj1:"))
    edits = table.edits
    started = time.perf_counter()
    joined = await fake.click(bob, table, f"mj1:{table_id}:0:join")
    await joined.wait_done(quiet=0.02, timeout=60)
    while table.edits == edits:
        await asyncio.sleep(0.005)
    times["join"] = time.perf_counter() - started
    started = time.perf_counter()
    begun = await fake.click(alice, table, f"mj1:{table_id}:0:start")
    await begun.wait_done(quiet=0.02, timeout=60)
    while not any(c.endswith(":hand") for c in table.custom_ids()):
        await asyncio.sleep(0.005)
    times["start"] = time.perf_counter() - started
    hand = next(c for c in table.custom_ids() if c.endswith(":hand"))
    started = time.perf_counter()
    times["my hand"] = await timed(started, await fake.click(bob, table, hand))
    started = time.perf_counter()
    times["solitaire board"] = await timed(
        started, await fake.slash(alice, guild.text_channel, "solitaire free", {"seed": seed})
    )
    # the game is left open; the next round's game is another member's
    return times


async def measure(rounds: int) -> list[dict[str, float]]:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as fake:
            guild = fake.add_guild(name="Club")
            members = [fake.add_member(guild, name=f"Member {n}", locale="en-US") for n in range(2 * rounds)]
            environment = {
                "DISCORD_TOKEN": fake.token,
                "FAKE_DISCORD_API": f"http://{fake.host}:{fake.port}/api/v10",
                "FAKE_DISCORD_GATEWAY": fake.gateway_url,
                "PYTHONPATH": str(ROOT),
                "DATABASE_PATH": str(pathlib.Path(folder) / "bot.sqlite3"),
                "LOG_LEVEL": "WARNING",
                "PATH": "/usr/bin:/bin",
            }
            process = await asyncio.create_subprocess_exec(
                sys.executable, str(ROOT / "tests" / "bot" / "run_against_fake.py"), cwd=folder, env=environment
            )
            try:
                await fake.wait_ready(timeout=120)
                await fake.wait_commands_synced(timeout=120)
                return [
                    await one_round(fake, guild, members[2 * n], members[2 * n + 1], 100 + n) for n in range(rounds)
                ]
            finally:
                process.terminate()
                await process.wait()


def measure_before(revision: str, rounds: int) -> list[dict[str, float]]:
    """This script, run in a worktree of ``revision`` (with this checkout's compiled hand modules when
    their sources are the same)."""
    return list(run_at(revision, "first_click.py", ["--rounds", str(rounds)]))


def summary(rounds: list[dict[str, float]]) -> dict[str, tuple[float, float]]:
    """Per step: the first round's time and the median of the later rounds', in milliseconds."""
    return {step: (1000 * rounds[0][step], 1000 * statistics.median(r[step] for r in rounds[1:])) for step in STEPS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", help="a git revision to measure beside this checkout")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    before = summary(measure_before(options.before, options.rounds)) if options.before else None
    rounds = asyncio.run(measure(options.rounds))
    if options.json:
        print(json.dumps(rounds))
        return
    now = summary(rounds)
    head = f"{'':18}" + (f"{'before: first / later':>26}" if before else "") + f"{'now: first / later':>26}"
    print(head)
    for step in STEPS:
        line = f"{step:18}"
        for figures in (before, now):
            if figures is not None:
                first, later = figures[step]
                line += f"{first:>10.0f} / {later:>5.0f} ms ({first / later:.1f}×)"
        print(line)


if __name__ == "__main__":
    main()
