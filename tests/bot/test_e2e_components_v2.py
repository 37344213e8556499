"""The table message and the private hands are Components V2 cards: text, the picture in a gallery
that names the message's own attachment, the buttons in rows under it, and no content. A table
message an earlier version posted the old way becomes a card at its next edit. The fake Discord checks
the V2 rules on every request (the flag, 40 components counted nested, no content beside them, media
that name an attachment of the message)."""

from __future__ import annotations

import asyncio
import random

import pytest

from core.tables.rounds import load_round
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import (
    World,
    assert_card,
    play_one_move,
    running_bot,
    start_members_table,
    table_id_of,
    table_state,
    wait_until,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.messages import walk_components

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

EDIT_ORIGINAL = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
NAMES = [("Alice", "en-US"), ("Bob", "fr"), ("Chloé", "fr"), ("Dan", "en-GB")]


async def test_the_table_and_the_hands_are_cards_and_an_old_table_message_becomes_one(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store, first_seed=3000) as bot:
                world = World(fake, bot, store, guild, members)
                table, table_id = await start_members_table(
                    fake, members, guild.text_channel, {"rules": "classic", "length": "one_hand"}
                )
                rng = random.Random(7)
                for _ in range(12):
                    await play_one_move(world, table_id, table, rng)
                await fake.wait_idle(quiet=0.2)
                assert_card(table)
                assert "Classic" in table.text() and any(c.endswith(":hand") for c in table.custom_ids())
                hands = fake.channel_messages(fake.threads[-1].id, ephemeral=True)
                shown = [hand for hand in hands if hand.attachments]
                # a member may open a second hand message (play_one_move does when a move's button is not on it)
                assert {hand.visible_to for hand in shown} == {member.id for member in members}
                for hand in shown:
                    assert_card(hand)
                    tiles = sum(":d:" in custom_id for custom_id in hand.custom_ids())  # a button per concealed tile
                    assert tiles >= 4 and tiles % 3 in (1, 2), tiles

                # The message as the version before Components V2 left it: content and action rows.
                table.flags, table.content = 0, "**Classic** · the old way"
                table.components = [component for component in table.components if component["type"] == 1]
                edits = table.edits
                for _ in range(8):
                    if table.edits > edits:
                        break
                    await play_one_move(world, table_id, table, rng)
                await wait_until(lambda: _true(table.edits > edits), what="the next edit of the table message")
                await fake.wait_idle(quiet=0.2)
                assert_card(table)
                assert (await table_state(store, table_id)).status == "playing"
                assert fake.violations == []
        finally:
            await store.close()


async def _true(value: bool) -> bool:
    return value


async def test_a_members_standing_choices_are_buttons_on_the_hand_and_play_for_them(tmp_path):
    """Alice turns on auto-win, no calls and auto-discard on her private hand, at a table with three
    computers: the buttons show them ticked, and the table plays her drawn tiles and passes her claim
    windows, leaving her only what is hers to decide (a kong, a turn without a drawn tile)."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="en-US")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store, first_seed=3100) as bot:
                world = World(fake, bot, store, guild, [alice])
                opened = await fake.slash(
                    alice,
                    guild.text_channel,
                    "mahjong new",
                    {"rules": "classic", "length": "one_hand", "computers": 3, "level": "basic"},
                )
                await opened.wait_done()
                table = fake.channel_messages(fake.threads[-1].id)[-1]
                table_id = table_id_of(table)
                await (await fake.click(alice, table, f"mj1:{table_id}:0:start")).wait_done()
                my_hand = await wait_until(
                    lambda: _true(next((c for c in table.custom_ids() if c.endswith(":hand")), None)), what="My hand"
                )
                shown = await fake.click(alice, table, my_hand)
                await shown.wait_done()
                hand = shown.response
                for number, label in enumerate(("Auto-win", "No calls", "Auto-discard")):
                    toggle = next(b for b in hand.buttons() if b.custom_id.endswith(f":auto:{number}"))
                    assert toggle.label == label and toggle.style == 2  # off: grey
                    mark = fake.mark()
                    pressed = await fake.click(alice, hand, toggle.custom_id)
                    await pressed.wait_done()
                    assert pressed.ack_type == 6 and not pressed.followups
                    # the hand as the press redrew it (with every choice on, the table may play on at once)
                    redrawn = await fake.wait_for_call(
                        EDIT_ORIGINAL, lambda c, by=pressed: c.interaction is by, since=mark
                    )
                    ticked = next(
                        c for c in walk_components(redrawn.json["components"]) if c.get("custom_id") == toggle.custom_id
                    )
                    assert ticked["label"] == f"✓ {label}" and ticked["style"] == 3  # on: green, ticked
                world.hands[alice.id] = hand
                clicks_before = len([i for i in fake.interactions if i.user_id == alice.id])
                rng = random.Random(2)
                for _ in range(200):
                    state = await table_state(store, table_id)
                    if state.status != "playing":
                        break
                    if state.computer_at is not None:  # the table (a computer, or her choices) moves next
                        await asyncio.sleep(0.02)
                        continue
                    await play_one_move(world, table_id, table, rng)  # what the table leaves to her
                state = await table_state(store, table_id)
                assert state.status != "playing"
                seat = state.seat_of(alice.id)
                assert state.seats[seat].missed == 0 and not state.seats[seat].away  # never the clock's doing
                clicks = len([i for i in fake.interactions if i.user_id == alice.id]) - clicks_before
                finished = state.last_hand
                assert finished is not None
                # her discards far outnumber her clicks: the table made most of her moves
                mine = [line for line in _actions_of(state) if line.startswith(f"{seat} d ")]
                assert len(mine) > clicks + 3, (len(mine), clicks)
                assert fake.violations == []
        finally:
            await store.close()


def _actions_of(state) -> list[str]:
    """The moves of the hand the table shows (the finished one, once it is over)."""
    return [action.text() for action in load_round(state).actions]


async def test_the_help_and_the_rules_are_cards_of_blocks_with_a_line_between_them(tmp_path):
    from bot.info import CARD_LIMIT, help_cards

    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        zoe = fake.add_member(guild, name="Zoé", locale="fr")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store):
                asked = await fake.slash(zoe, guild.text_channel, "mahjong help", {})
                await asked.wait_done()
                cards = [asked.response, *asked.followups]
                assert len(cards) == len(help_cards("fr")) <= 2  # twice the text of a plain message
                for card, blocks in zip(cards, help_cards("fr"), strict=True):
                    assert_card(card)
                    assert card.ephemeral
                    kinds = [component["type"] for component in card.components]
                    assert kinds == [10, *[14, 10] * (len(blocks) - 1)]  # block, line, block …
                    texts = [c["content"] for c in card.components if c["type"] == 10]
                    assert texts == list(blocks) and sum(map(len, texts)) <= CARD_LIMIT
                assert "Jouer au mahjong avec le bot" in cards[0].text()
                rules = await fake.slash(zoe, guild.text_channel, "mahjong rules", {"rules": "hongkong"})
                await rules.wait_done()
                assert_card(rules.response)
                assert "fan" in rules.response.text()
                assert fake.violations == []
        finally:
            await store.close()
