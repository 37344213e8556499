"""What a member downloads: the pictures of one hand at a table, and of one daily solitaire game.

    .venv/bin/python benchmarks/member_bytes.py                     # this checkout
    .venv/bin/python benchmarks/member_bytes.py --before 5df8bb8    # and an earlier commit, side by side

The real bot against the fake Discord in this process (``tests/bot/e2e_helpers.running_bot``): for each
rule set, ``--hands`` seeded one-hand tables of four members who play what a basic player would through
their private hands (seeded choices, the same deals every run); then ``--games`` daily solitaire games
cleared pair by pair through the select. A member downloads every picture of every public message of
the table's thread (each version of the table message, the result card) and of their own private
messages (each version of their hand); a solitaire player, every picture of their game message. A
picture kept as a message's existing attachment is not downloaded again; one uploaded anew is, even
when its bytes are the same.

With ``--before REV`` the same script also runs in a git worktree of ``REV`` (its own bot, its own fake
Discord, the compiled hand modules of this checkout when their sources are the same) and the two are
printed side by side with their ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import random
import statistics
import sys
import tempfile
from functools import partial
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.beside import run_at  # noqa: E402
from bot.solitaire.custom_ids import pair_value  # noqa: E402
from data.live_sqlite import SqliteLiveStore  # noqa: E402
from game.solitaire.deal import deal_for_seed  # noqa: E402
from tests.bot.e2e_helpers import (  # noqa: E402
    World,
    play_one_move,
    running_bot,
    start_members_table,
    table_state,
    wait_until,
)
from tests.fakediscord import FakeDiscord  # noqa: E402

NAMES = [("Alice", "en-US"), ("Bob", "fr"), ("Chloé", "fr"), ("Dan", "en-GB")]
RULES = ("classic", "hongkong")


def attachment_ids(message: Any) -> set[int]:
    """Every attachment a message has shown, over its edits."""
    ids = {attachment.id for attachment in message.attachments}
    for before in message.history:
        ids.update(attachment_id for attachment_id, _ in before["attachments"])
    return ids


def downloads(fake: FakeDiscord, channel_id: int, member_id: int) -> tuple[int, int]:
    """Bytes of the pictures a member downloads in a channel: (public messages, their private ones)."""
    public = private = 0
    for message in fake.channel_messages(channel_id, ephemeral=None):
        size = sum(fake.world.attachments[i].size for i in attachment_ids(message))
        if not message.ephemeral:
            public += size
        elif message.visible_to == member_id:
            private += size
    return public, private


async def one_hand(rules: str, seed: int, tmp: pathlib.Path) -> list[dict[str, int]]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
        store = await SqliteLiveStore.open(tmp / f"{rules}-{seed}.sqlite3")
        try:
            async with running_bot(fake, store, first_seed=seed) as bot:
                world = World(fake, bot, store, guild, members)
                table, table_id = await start_members_table(
                    fake, members, guild.text_channel, {"rules": rules, "length": "one_hand"}
                )
                rng = random.Random(seed)
                for _ in range(600):
                    if (await table_state(store, table_id)).status != "playing":
                        break
                    await play_one_move(world, table_id, table, rng)
                else:
                    raise RuntimeError(f"{rules} seed {seed}: the hand did not end in 600 moves")
                await fake.wait_idle(quiet=0.3)
                thread = fake.threads[-1].id
                counted = [downloads(fake, thread, member.id) for member in members]
                return [{"table": public, "hand": private} for public, private in counted]
        finally:
            await store.close()


async def one_solitaire(seed: int, tmp: pathlib.Path) -> int:
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        member = fake.add_member(guild, name="Alice", locale="en-US")
        store = await SqliteLiveStore.open(tmp / f"solitaire-{seed}.sqlite3")
        try:
            async with running_bot(fake, store, database_path=str(tmp / f"ledger-{seed}.sqlite3")):
                opened = await fake.slash(member, guild.text_channel, "solitaire free", {"seed": seed})
                await opened.wait_done(quiet=0.05)
                message = opened.response
                for a, b in deal_for_seed(seed).solution:
                    value = pair_value(a, b)
                    select = next(
                        s["custom_id"] for s in message.selects() if any(o["value"] == value for o in s["options"])
                    )
                    before = message.edits
                    chosen = await fake.select(member, message, select, [value])
                    await wait_until(partial(_changed, message, before, chosen), what="the board to change")
                    await chosen.wait_done(quiet=0.02)
                await fake.wait_idle(quiet=0.3)
                return sum(fake.world.attachments[i].size for i in attachment_ids(message))
        finally:
            await store.close()


async def _changed(message: Any, before: int, interaction: Any) -> bool:
    return message.edits != before or bool(interaction.followups)


async def measure(hands: int, games: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = pathlib.Path(folder)
        for rules in RULES:
            members = [m for seed in range(hands) for m in await one_hand(rules, 3000 + seed, tmp)]
            figures[rules] = {
                "table": statistics.fmean(m["table"] for m in members),
                "hand": statistics.fmean(m["hand"] for m in members),
            }
        figures["solitaire"] = statistics.fmean([await one_solitaire(200 + seed, tmp) for seed in range(games)])
    return figures


def measure_before(revision: str, hands: int, games: int) -> dict[str, Any]:
    """This script, run in a worktree of ``revision``."""
    return dict(run_at(revision, "member_bytes.py", ["--hands", str(hands), "--games", str(games)]))


def kb(n: float) -> str:
    return f"{n / 1000:,.0f} KB"


def print_table(figures: dict[str, Any], before: dict[str, Any] | None, revision: str | None) -> None:
    rows: list[tuple[str, float, float | None]] = []
    for rules in RULES:
        now, then = figures[rules], (before or {}).get(rules)
        for part in ("table", "hand"):
            rows.append((f"{rules}: {part} pictures per member per hand", now[part], then[part] if then else None))
        rows.append(
            (
                f"{rules}: all pictures per member per hand",
                now["table"] + now["hand"],
                then["table"] + then["hand"] if then else None,
            )
        )
    rows.append(("solitaire: pictures per game", figures["solitaire"], before["solitaire"] if before else None))
    head = f"{'':52} {'before (' + revision + ')' if revision else '':>18} {'now':>12} {'ratio':>7}"
    print(head)
    for name, now_value, then_value in rows:
        ratio = f"{now_value / then_value:.2f}×" if then_value else ""
        then_text = kb(then_value) if then_value is not None else ""
        print(f"{name:52} {then_text:>18} {kb(now_value):>12} {ratio:>7}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3, help="seeded hands per rule set")
    parser.add_argument("--games", type=int, default=2, help="seeded solitaire games")
    parser.add_argument("--before", help="a git revision to measure beside this checkout")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    options = parser.parse_args()
    before = measure_before(options.before, options.hands, options.games) if options.before else None
    figures = asyncio.run(measure(options.hands, options.games))
    if options.json:
        print(json.dumps(figures))
    else:
        print_table(figures, before, options.before)


if __name__ == "__main__":
    main()
