"""Hostile input end to end (issue 13): a seeded fuzzer sends thousands of forged, truncated, oversized
and replayed custom ids and select values, from members not seated and from another server naming the
same table; a member clicks one button twenty times at once. Every interaction is answered privately
in time, nothing changes but the one click that was legal, and no error reaches the log."""

from __future__ import annotations

import asyncio
import logging
import random
import string

import pytest

from bot.tables.custom_ids import VERBS
from core.tables.rounds import load_round
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import (
    World,
    play_one_move,
    running_bot,
    start_members_table,
    table_id_of,
    table_state,
    wait_until,
)
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

FORGERIES = 1500
AT_ONCE = 25  # interactions in flight together


def _forgeries(rng: random.Random, valid: list[str], table_ids: list[str]) -> list[tuple[str, list[str] | None]]:
    """Custom ids (and select values) a modified client, a replay or a fuzzer could send."""
    verbs = [*sorted(VERBS), "boom", ""]
    alphabet = string.ascii_letters + string.digits + ":_-/é😀\x00 "
    made: list[tuple[str, list[str] | None]] = []
    for _ in range(FORGERIES):
        kind = rng.randrange(8)
        if kind == 0:  # noise
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 120)))
        elif kind == 1:  # a valid id cut short
            source = rng.choice(valid)
            text = source[: rng.randrange(len(source))]
        elif kind == 2:  # oversized
            text = rng.choice(valid) + ":" + "9" * rng.randint(80, 300)
        elif kind == 3:  # replayed: a button of an older step, or of the lobby
            text = rng.choice(valid)
        elif kind == 4:  # a well-formed id with numbers out of range
            table = rng.choice(table_ids)
            text = f"mj1:{table}:{rng.choice([-1, 0, 10**12, rng.randrange(10**6)])}:{rng.choice(verbs)}" + (
                f":{rng.choice([-5, 0, 14, 99, 10**9])}" if rng.random() < 0.6 else ""
            )
        elif kind == 5:  # a table that does not exist, or another prefix of ours
            prefix = rng.choice(["mj1", "mjr1", "mjp1", "mjs1", "mj2", "MJ1"])
            text = f"{prefix}:{''.join(rng.choice(string.ascii_lowercase) for _ in range(8))}:{rng.randrange(50)}"
        elif kind == 6:  # separators and empties
            text = rng.choice(["", ":", "::::", "mj1::::", "mj1:" + ":" * 90, f"mj1:{rng.choice(table_ids)}:1:d:"])
        else:  # a string select's values sent to a button id
            made.append((rng.choice(valid), [str(rng.randrange(-10, 10**6)) for _ in range(rng.randint(1, 25))]))
            continue
        made.append((text, None))
    return made


async def test_a_fuzzer_of_forged_components_changes_nothing_and_logs_no_error(tmp_path, caplog):
    rng = random.Random(13)
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        other_guild = fake.add_guild(name="Elsewhere")
        members = [fake.add_member(guild, name=name) for name in ("Alice", "Bob", "Chloé", "Dan")]
        stranger = fake.add_member(guild, name="Eve")
        outsider = fake.add_member(other_guild, name="Mallory")
        # the other server's lobby is Oscar's and full (three computers): nothing Mallory sends on it is a
        # move she may make there (not its host, no free seat to join)
        oscar = fake.add_member(other_guild, name="Oscar")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)
                table_message, table_id = await start_members_table(
                    fake, members, guild.text_channel, {"rules": "classic"}
                )
                for _ in range(6):  # a few real moves, so that older steps' buttons exist to replay
                    await play_one_move(world, table_id, table_message, rng)
                state = await table_state(store, table_id)
                valid = sorted(
                    {cid for message in fake.world.messages.values() for cid in message.custom_ids()}
                    | {f"mj1:{table_id}:{step}:d:{n}" for step in range(state.step + 1) for n in range(14)}
                )
                # a lobby on the other server, whose message the outsider forges our table's ids on
                other = await fake.slash(
                    oscar, other_guild.text_channel, "mahjong new", {"rules": "classic", "computers": 3}
                )
                await other.wait_done()
                other_message = fake.channel_messages(fake.threads[-1].id)[-1]
                other_table = table_id_of(other_message)
                await fake.wait_idle()

                before = {key: await store.read(key) for key in (f"table:{table_id}", f"table:{other_table}")}
                private_hands = {
                    m.id: m for m in fake.world.messages.values() if m.ephemeral and m.guild_id == guild.id
                }
                # a seated member the table does not wait for (a click of the awaited one could be a real move)
                awaited = {state.seats[seat].member_id for seat in load_round(state).awaiting()}
                idle, meddler = [member for member in members if member.id not in awaited][:2]
                senders = [(stranger, table_message), (outsider, other_message), (idle, table_message)]
                senders += [
                    (meddler, hand)
                    for hand in private_hands.values()
                    if hand.interaction_token is not None and hand.visible_to != meddler.id
                ]  # other members' private hands (on their own, a member may set their standing choices)
                caplog.clear()
                with caplog.at_level(logging.WARNING):
                    forgeries = _forgeries(rng, valid, [table_id, other_table])
                    sent = []
                    for start in range(0, len(forgeries), AT_ONCE):
                        batch = []
                        for custom_id, values in forgeries[start : start + AT_ONCE]:
                            who, message = rng.choice(senders)
                            kind = 3 if values is not None else 2
                            batch.append(
                                fake.forge_component(who, message, custom_id, component_type=kind, values=values)
                            )
                        sent += await asyncio.gather(*batch)
                    await asyncio.gather(*(interaction.wait_done(quiet=0.05) for interaction in sent[-AT_ONCE:]))
                    await fake.wait_idle()
                assert len(sent) == FORGERIES
                for interaction in sent:
                    assert interaction.acked, interaction
                    answer = interaction.followups[-1] if interaction.followups else interaction.response
                    assert answer is not None and answer.ephemeral, (interaction.name, answer)
                after = {key: await store.read(key) for key in before}
                assert after == before
                errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
                assert errors == [], [record.getMessage() for record in errors[:5]]
                assert fake.violations == [] and fake.internal_errors == []
        finally:
            await store.close()


async def test_the_same_button_twenty_times_at_once_applies_once(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name) for name in ("Alice", "Bob", "Chloé", "Dan")]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store):
                opened = await fake.slash(members[0], guild.text_channel, "mahjong new", {"rules": "classic"})
                await opened.wait_done()
                table_message = fake.channel_messages(fake.threads[-1].id)[-1]
                table_id = table_id_of(table_message)
                joins = await asyncio.gather(
                    *(fake.click(members[1], table_message, f"mj1:{table_id}:0:join") for _ in range(20))
                )
                await asyncio.gather(*(join.wait_done() for join in joins))
                assert [seat.member_id for seat in (await table_state(store, table_id)).seats] == [
                    members[0].id,
                    members[1].id,
                ]
                for member in members[2:]:
                    await (await fake.click(member, table_message, f"mj1:{table_id}:0:join")).wait_done()
                starts = await asyncio.gather(
                    *(fake.click(members[0], table_message, f"mj1:{table_id}:0:start") for _ in range(20))
                )
                await asyncio.gather(*(start.wait_done() for start in starts))
                state = await table_state(store, table_id)
                hand = load_round(state)
                assert state.status == "playing" and state.hand_number == 0 and hand.actions == ()
                member = next(m for m in members if m.id == state.seats[hand.turn].member_id)

                async def hand_button():
                    return next((c for c in table_message.custom_ids() if c.endswith(":hand")), None)

                mine = await fake.click(member, table_message, await wait_until(hand_button, what="My hand"))
                await mine.wait_done()
                discard = f"mj1:{table_id}:{state.step}:d:0"
                clicks = await asyncio.gather(*(fake.click(member, mine.response, discard) for _ in range(20)))
                await asyncio.gather(*(click.wait_done() for click in clicks))
                after = load_round(await table_state(store, table_id))
                assert len(after.actions) == 1 and after.actions[0].text().startswith(f"{hand.turn} d ")

                async def refused_all_but_one():  # a refusal may come after the click's quiet spell
                    refused = [click for click in clicks if click.followups]
                    return refused if len(refused) >= 19 else None

                refused = await wait_until(refused_all_but_one, what="19 refusals")
                assert len(refused) == 19 and all(click.followups[-1].ephemeral for click in refused)
                assert all(click.acked for click in clicks)
                assert fake.violations == []
        finally:
            await store.close()
