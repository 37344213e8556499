"""``/mahjong replay`` through the fake Discord, with the real bot reading a ledger file filled before it
starts: a hand played by computers, stepped through with Next and Previous in its private message."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.replay import replay_frame, replay_frames
from data.ledger import SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import running_bot
from tests.bot.test_replay import SEATS, entry_of, played
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]


async def test_replay_steps_through_a_hand_privately(tmp_path):
    path = tmp_path / "bot.sqlite3"
    hand = played(1)
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        other = fake.add_guild(name="Elsewhere")
        caller = fake.add_member(guild, name="Alice", locale="en-US")
        mine, theirs = entry_of(hand, guild_id=guild.id, number=0), entry_of(hand, guild_id=other.id, number=1)
        ledger = await SqliteLedger.open(path)
        try:
            assert await ledger.record_hand(mine)
            assert await ledger.record_hand(theirs)
        finally:
            await ledger.close()
        steps = replay_frames(mine.record)
        store = await SqliteLiveStore.open(path)
        try:
            async with running_bot(fake, store, database_path=str(path)):
                asked = await fake.slash(caller, guild.text_channel, "mahjong replay", {"hand": mine.hand_id})
                await asked.wait_done()
                shown = fake.message(asked.response.id)
                assert shown.ephemeral
                assert shown.text() == replay_frame(mine, 1, "en")[0]
                assert shown.text().startswith(f"Hand 1 · step 1/{steps} · the deal")
                assert len(shown.attachments) == 1
                first = shown.attachments[0]
                assert first.description == replay_frame(mine, 1, "en")[1].description
                assert shown.button(label="Previous").disabled
                assert [c for c in shown.iter_components() if c.get("style") == 5] == []  # no page served: no link
                assert all(len(custom_id) <= 100 and custom_id.startswith("mjp1:") for custom_id in shown.custom_ids())
                assert shown.button(label="Next").custom_id == f"mjp1:2:{mine.hand_id}"

                seen = [(first.data, first.description)]
                for label in ("Next", "Next", "Previous"):
                    current = fake.message(shown.id)
                    clicked = await fake.click(caller, current, current.button(label=label).custom_id)
                    await clicked.wait_done()
                    after = fake.message(shown.id)
                    assert len(after.attachments) == 1
                    seen.append((after.attachments[0].data, after.attachments[0].description))
                final = fake.message(shown.id)
                assert final.text().startswith(f"Hand 1 · step 2/{steps} · ")
                assert final.attachments[0].description == replay_frame(mine, 2, "en")[1].description
                assert seen[1] != seen[0] and seen[2] != seen[1] and seen[3] == seen[1]
                assert seen[1][1] != seen[0][1] and seen[2][1] != seen[1][1]  # the alt text follows the picture
                assert not final.button(label="Previous").disabled

                forged = await fake.forge_component(caller, final, f"mjp1:{steps + 5}:{mine.hand_id}")
                await forged.wait_done()
                assert forged.response.ephemeral and "not one of this bot's" in forged.response.text()
                assert fake.message(shown.id).text() == final.text()  # nothing changed

                foreign = await fake.slash(caller, guild.text_channel, "mahjong replay", {"hand": theirs.hand_id})
                await foreign.wait_done()
                assert foreign.response.ephemeral and "There is no hand" in foreign.response.text()
                assert not foreign.response.attachments

                unknown = await fake.slash(caller, guild.text_channel, "mahjong replay", {"hand": "nothing:9"})
                await unknown.wait_done()
                assert unknown.response.ephemeral and "There is no hand" in unknown.response.text()
        finally:
            await store.close()
        assert fake.violations == []


async def test_replay_links_to_the_step_on_the_page_when_it_is_served_publicly(tmp_path):
    path = tmp_path / "bot.sqlite3"
    hand = played(2)
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        caller = fake.add_member(guild, name="Alice", locale="fr")
        seats = (SeatEntry("Alice", caller.id, None), *SEATS[1:])
        entry = replace(entry_of(hand, guild_id=guild.id, number=3), seats=seats)
        ledger = await SqliteLedger.open(path)
        try:
            assert await ledger.record_hand(entry)
        finally:
            await ledger.close()
        wind = "ESWN"[(0 - hand.dealer) % 4]  # Alice's chair is the first
        store = await SqliteLiveStore.open(path)
        try:
            public = {"public_url": "https://mahjong.example.org/"}
            async with running_bot(fake, store, database_path=str(path), settings_values=public):
                since = len(fake.calls)
                asked = await fake.slash(caller, guild.text_channel, "mahjong replay", {"hand": entry.hand_id})
                await asked.wait_done()
                [edit] = [call for call in fake.calls[since:] if call.method == "PATCH"]
                [row] = edit.json["components"]
                address = f"https://mahjong.example.org/replay/abcdefgh/4?seat={wind}&step=1"
                assert row["components"][-1] == {
                    "type": 2,
                    "style": 5,
                    "label": "Ouvrir sur la page",
                    "url": address,
                    "disabled": False,
                }
                shown = fake.message(asked.response.id)
                clicked = await fake.click(caller, shown, shown.button(label="Suivant").custom_id)
                await clicked.wait_done()
                [link] = [c for c in fake.message(shown.id).iter_components() if c.get("style") == 5]
                assert link["url"] == address.replace("step=1", "step=2")  # the link follows the step shown
        finally:
            await store.close()
        assert fake.violations == []
