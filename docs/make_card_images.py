"""README's pictures of the table message and a private hand as a phone shows them.

    .venv/bin/python docs/make_card_images.py        # writes docs/images/discord-table.png, discord-hand.png

The real bot against the fake Discord (``tests/bot/e2e_helpers.running_bot``), four members at a seeded
classic table playing through their private hands until a member is to discard; then the table message
and that member's hand message, exactly as the bot last sent them, drawn by ``tests.fakediscord.preview``.
"""

from __future__ import annotations

import asyncio
import pathlib
import random
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.tables.rounds import load_round  # noqa: E402
from data.live_sqlite import SqliteLiveStore  # noqa: E402
from game.round import Phase  # noqa: E402
from tests.bot.e2e_helpers import World, play_one_move, running_bot, start_members_table, table_state  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.preview import render_message  # noqa: E402

NAMES = [("Alice", "en-US"), ("Bob", "en-US"), ("Chloé", "en-GB"), ("Dan", "en-GB")]
MOVES = 22  # into the hand: discards on the table, a set or two shown


async def main() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
        with tempfile.TemporaryDirectory() as folder:
            store = await SqliteLiveStore.open(pathlib.Path(folder) / "bot.sqlite3")
            try:
                async with running_bot(fake, store, first_seed=3001) as bot:
                    world = World(fake, bot, store, guild, members)
                    table, table_id = await start_members_table(
                        fake, members, guild.text_channel, {"rules": "classic", "length": "one_hand"}
                    )
                    rng = random.Random(5)
                    for _ in range(MOVES):
                        await play_one_move(world, table_id, table, rng)
                    for _ in range(20):  # on to a member's turn to discard
                        state = await table_state(store, table_id)
                        if load_round(state).phase is Phase.DISCARD:
                            break
                        await play_one_move(world, table_id, table, rng)
                    await fake.wait_idle(quiet=0.3)
                    seat = load_round(state).turn
                    member_id = state.seats[seat].member_id
                    member = next(m for m in members if m.id == member_id)
                    opened = await fake.click(member, table, f"mj1:{table_id}:{state.step}:hand")
                    await opened.wait_done()
                    await fake.wait_idle(quiet=0.3)
                    now = state.deadline - 18 if state.deadline else None  # two seconds into the turn
                    images = ROOT / "docs" / "images"
                    render_message(table, fake.world, now).save(images / "discord-table.png", optimize=True)
                    render_message(opened.response, fake.world, now).save(images / "discord-hand.png", optimize=True)
            finally:
                await store.close()


if __name__ == "__main__":
    asyncio.run(main())
