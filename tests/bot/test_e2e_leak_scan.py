"""A long seeded run scanned for leaks (issue 13): four members play a whole one-wind match through their
clicks, asking for hints, reopening their hands, reading the results' details and replaying finished
hands as they go; then every request the bot sent is read, and any concealed tile that reached a member
who may not see it fails the test (text, components, embeds, file names, alt text)."""

from __future__ import annotations

import logging
import random
from functools import partial

import pytest

from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.record import HandRecord
from tests.bot.e2e_helpers import (
    World,
    play_one_move,
    ready_members,
    running_bot,
    table_id_of,
    table_state,
    wait_until,
)
from tests.bot.leak_scanner import match_leaks, secret_kinds
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio, pytest.mark.slow]


async def _shows(message, custom_id):
    return custom_id in message.custom_ids()


async def _enabled(message, verb):
    return any(button.custom_id.endswith(f":{verb}") and not button.disabled for button in message.buttons())


async def _click(fake, member, message, custom_id):
    clicked = await fake.click(member, message, custom_id)
    await clicked.wait_done(quiet=0.05)
    return clicked


async def test_a_whole_match_of_clicks_hints_details_and_replays_leaks_no_hidden_tile(tmp_path, caplog):
    rng = random.Random(2026)
    database = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [
            fake.add_member(guild, name=name, locale=locale)
            for name, locale in (("Alice", "fr"), ("Bob", "en-US"), ("Chloé", "fr"), ("Dan", "en-GB"))
        ]
        store = await SqliteLiveStore.open(database)
        try:
            async with running_bot(fake, store, database_path=str(database)) as bot:
                world = World(fake, bot, store, guild, members)
                opened = await fake.slash(
                    members[0], guild.text_channel, "mahjong new", {"rules": "classic", "length": "one_wind"}
                )
                await opened.wait_done()
                table = fake.channel_messages(fake.threads[-1].id)[-1]
                table_id = table_id_of(table)
                for member in members[1:]:
                    await _click(fake, member, table, f"mj1:{table_id}:0:join")
                await wait_until(lambda: _enabled(table, "start"), what="Start to be enabled")
                await _click(fake, members[0], table, f"mj1:{table_id}:0:start")
                last_steps: dict[int, int] = {}  # hand number -> the step of its result
                for _ in range(5000):
                    state = await table_state(store, table_id)
                    if state.status in ("over", "between") and state.hand_number not in last_steps:
                        last_steps[state.hand_number] = state.last_hand.step
                        await _read_the_result(world, state, rng)
                    if state.status == "over":
                        break
                    if state.status == "between":
                        following = f"mj1:{table_id}:{state.step}:next"
                        await wait_until(partial(_shows, table, following), what="Next hand")
                        for member in ready_members(state, members):  # the next hand waits for them all
                            await _click(fake, member, table, following)
                        continue
                    if rng.random() < 0.08:  # someone looks at their hand (asking for a hint if offered), or the rules
                        looker = rng.choice(members)
                        verb = rng.choice(["hand", "rules"])
                        shown = next((c for c in table.custom_ids() if c.endswith(f":{verb}")), None)
                        looked = await _click(fake, looker, table, shown) if shown else None
                        hints = [
                            c
                            for c in (looked.response.custom_ids() if looked and looked.response else ())
                            if c.endswith(":hint")
                        ]
                        if verb == "hand" and hints:
                            await _click(fake, looker, looked.response, hints[0])
                    await play_one_move(world, table_id, table, rng)
                else:
                    pytest.fail("the match never ended")
                await fake.wait_idle()
                assert fake.violations == []
                errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
                assert errors == [], "\n".join(record.getMessage() + str(record.exc_info) for record in errors)
        finally:
            await store.close()
        ledger = await SqliteLedger.open(database)
        try:
            hands = await ledger.hands(guild.id)
        finally:
            await ledger.close()
        assert len(hands) >= 4
        hands.sort(key=lambda hand: hand.number)
        assert [hand.number for hand in hands] == sorted(last_steps) == list(range(len(hands)))
        records = [HandRecord.from_text(hand.record) for hand in hands]
        secrets = secret_kinds(records)
        with_secrets = [hand for hand in secrets if any(hand.values())]
        assert 2 * len(with_secrets) > len(secrets)  # most hands give the scan tiles to look for
        member_of_seat = dict(enumerate(seat.member_id for seat in hands[0].seats))
        assert all([seat.member_id for seat in hand.seats] == list(member_of_seat.values()) for hand in hands)
        assert len(fake.calls) > 1000
        steps = [last_steps[number] for number in range(len(hands))]
        assert match_leaks(fake.calls, records, steps, table_id, member_of_seat) == []


async def _read_the_result(world, state, rng):
    """After a hand: two members open its details, and one replays it a few steps through Next."""
    fake = world.fake

    async def result():
        return next(
            (
                m
                for m in reversed(fake.channel_messages(fake.threads[-1].id))
                if any(c.endswith(":detail") for c in m.custom_ids())
            ),
            None,
        )

    posted = await wait_until(result, what="the result message")
    detail = next(c for c in posted.custom_ids() if c.endswith(":detail"))
    for reader in rng.sample(world.members, 2):
        await _click(fake, reader, posted, detail)
    viewer = rng.choice(world.members)
    hand_id = state.last_hand.entry.hand_id
    asked = await fake.slash(viewer, world.guild.text_channel, "mahjong replay", {"hand": hand_id})
    await asked.wait_done(quiet=0.05)
    shown = asked.response
    for _ in range(rng.randint(1, 6)):
        following = next(
            (b.custom_id for b in shown.buttons() if not b.disabled and b.label in ("Next", "Suivant")), None
        )
        if following is None:
            break
        await _click(fake, viewer, shown, following)
