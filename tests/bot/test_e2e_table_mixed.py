"""A mixed table (issue 39): one member plays in Discord, another in the Activity's table page, against the
fake Discord, the page served by the bot's own process (``web.startup.serve_page`` on a free ``WEB_PORT``,
over the bot's application, the Activity on).

Alice opens a Hong Kong table with ``/mahjong new``; Bob launches the Activity in the table's thread, signs
in through the page's routes (the fake's OAuth), is told the table, opens its socket with the Activity's
hello and joins by a move; Alice adds two computers and starts by her clicks. The whole hand is played:
Alice by the buttons of her private hand message, Bob by socket moves picked from his frame's actions,
the computers by the table clock. Each sees the other's moves (Alice's table message is edited past Bob's
discard, Bob's next frame shows Alice's discard in her seat's discards), the hand ends with a result
frame on Bob's socket and the result posted in the thread. Every frame Bob receives keeps SPEC §7's rule
and shows none of Alice's concealed tiles (checked against the store's state of that very version). A
page move the table refuses (a stale step) is answered ``refused`` and changes nothing on Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import random
import re
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import aiohttp
import discord
import pytest

from bot.app import create_bot
from core.tables.events import TableChanged
from core.tables.frame import face
from core.tables.moves import hand_slots
from core.tables.rounds import load_round
from core.tables.state import TableState
from data.live_sqlite import SqliteLiveStore
from game.actions import Discard
from game.players.basic import BasicPlayer
from game.tiles import parse_tiles
from render.describe import phrase
from tests.bot.e2e_helpers import (
    FAST,
    application_on,
    bot_settings,
    button_text,
    free_port,
    table_id_of,
    table_state,
    wait_until,
)
from tests.fakediscord import FakeDiscord
from tests.frame_rule import assert_frame_rule
from tests.web.test_table_api import Socket
from web.startup import serve_page
from words.messages import say

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

FIRST_SEED = 390_001
LAUNCH_ACTIVITY = 12


@dataclass
class Mixed:
    """The fake Discord with Alice and Bob in a server, the bot on it, and its page at ``origin``."""

    fake: FakeDiscord
    guild: Any
    alice: Any
    bob: Any
    store: SqliteLiveStore
    application: Any
    origin: str
    http: aiohttp.ClientSession
    states: dict[int, TableState] = field(default_factory=dict)  # every committed state heard, by version
    hands: dict[int, Any] = field(default_factory=dict)  # member id -> their latest private hand message
    pages: list[Page] = field(default_factory=list)


@contextlib.asynccontextmanager
async def mixed_server(tmp_path: Any) -> AsyncIterator[Mixed]:
    async with FakeDiscord() as fake:
        fake.enable_activities()
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="en-US")
        bob = fake.add_member(guild, name="Bob", locale="en-US")
        path = tmp_path / "bot.sqlite3"
        store = await SqliteLiveStore.open(path)
        port = free_port()
        settings = bot_settings(
            fake.token,
            str(path),
            web_port=port,
            public_url="https://mahjong.example.org",
            client_id=fake.client_id,
            client_secret=fake.client_secret,
        )
        seeds = itertools.count(FIRST_SEED)
        try:
            async with application_on(settings, store, tick=0.02, make_seed=lambda: next(seeds)) as application:
                bot = create_bot(
                    settings,
                    application,
                    timings={"live": FAST, "async": FAST},
                    guild_ready_timeout=0.05,
                    heartbeat_timeout=1e9,
                    upload_emojis=False,
                )
                async with fake.running(bot):
                    await fake.wait_commands_synced()
                    stop_page = await serve_page(
                        settings, application, discord.http.Route.BASE
                    )  # as mahjong-bot run serves WEB_PORT
                    try:
                        async with aiohttp.ClientSession() as http:
                            mixed = Mixed(fake, guild, alice, bob, store, application, f"http://127.0.0.1:{port}", http)

                            async def heard(event: TableChanged) -> None:
                                if event.state is not None:
                                    mixed.states[event.version] = event.state

                            unsubscribe = application.events.subscribe(TableChanged, heard)
                            try:
                                yield mixed
                            finally:
                                unsubscribe()
                                for page in mixed.pages:
                                    await page.close()
                    finally:
                        await stop_page()
        finally:
            await store.close()
        assert fake.violations == []


class Page:
    """Bob's table page: its socket read all along in a task of its own (``Socket`` checks each frame with
    SPEC §7's rule and that no frame is older than one before it), its frames and refusals kept."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while await self.socket.receive(timeout=60.0) is not None:
            pass

    @property
    def frames(self) -> list[dict[str, Any]]:
        return self.socket.frames

    @property
    def refusals(self) -> list[dict[str, Any]]:
        return self.socket.refusals

    async def frame(self, at_least: int = 0, *, first: bool = False, what: str = "a frame") -> dict[str, Any]:
        """Once a frame of version ``at_least`` or later came: the newest frame, or (``first``) the first
        such frame sent."""

        async def came() -> dict[str, Any] | None:
            if self.reader.done():
                self.reader.result()  # its failure, if it failed
                raise AssertionError("the socket closed")
            later = [shown for shown in self.frames if shown["version"] >= at_least]
            return None if not later else later[0] if first else self.frames[-1]

        return await wait_until(came, what=what)

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(message)

    async def close(self) -> None:
        await self.socket.close()
        with contextlib.suppress(Exception):  # a reader that failed failed the test already
            await asyncio.wait_for(self.reader, 5)


async def sign_in(mixed: Mixed, who: Any, instance_id: str) -> dict[str, Any]:
    """The page's sign-in in the Activity: the SDK's code exchanged for a token, then the session."""
    async with mixed.http.post(
        f"{mixed.origin}/api/activity/token", json={"code": mixed.fake.authorize(who)}
    ) as answer:
        assert answer.status == 200, await answer.text()
        token = (await answer.json())["access_token"]
    asked = {"access_token": token, "instance_id": instance_id}
    async with mixed.http.post(f"{mixed.origin}/api/activity/session", json=asked) as answer:
        assert answer.status == 200, await answer.text()
        found: dict[str, Any] = await answer.json()
        return found


async def open_page(mixed: Mixed, table_id: str, session: str, instance_id: str) -> Page:
    """The table page's socket, said hello to with the Activity's session."""
    connection = await mixed.http.ws_connect(
        f"{mixed.origin}/table/{table_id}/socket?lang=en", headers={"Origin": mixed.origin}
    )
    page = Page(Socket(connection))
    mixed.pages.append(page)
    await page.send({"type": "hello", "session": session, "instance": instance_id})
    return page


@dataclass
class Table:
    thread: Any
    message: Any  # the table message (the lobby's, edited)
    table_id: str
    page: Page
    alice_seat: int
    bob_seat: int


async def _async(test: Any) -> Any:
    return test()


async def mixed_table(mixed: Mixed) -> Table:
    """Alice's Hong Kong table with Bob joined from the Activity's page and two computers, started."""
    fake, alice, bob = mixed.fake, mixed.alice, mixed.bob
    command = await fake.slash(alice, mixed.guild.text_channel, "mahjong new", {"rules": "hongkong"})
    await command.wait_done()
    thread = fake.threads[-1]
    message = fake.channel_messages(thread.id)[-1]
    table_id = table_id_of(message)

    # Bob launches the Activity from the table's thread: its instance is the thread's, Bob in it
    launched = await fake.click(bob, message, f"mj1:{table_id}:0:launch")
    await launched.wait_done(quiet=0.05)
    instance = launched.activity_instance
    assert launched.ack_type == LAUNCH_ACTIVITY and instance is not None
    assert instance.channel_id == thread.id and bob.id in instance.user_ids
    async with mixed.http.get(f"{mixed.origin}/table/{table_id}") as served:  # the page, from the bot's process
        assert served.status == 200 and "<html" in (await served.text()).lower()
    signed = await sign_in(mixed, bob, instance.id)
    assert signed["table"] == table_id and signed["member"] == {"id": str(bob.id), "name": "Bob"}
    assert signed["guild_id"] == str(mixed.guild.id)
    page = await open_page(mixed, table_id, signed["session"], instance.id)
    watching = await page.frame(what="Bob's first frame")
    assert watching["state"] == "lobby" and watching["viewer"] == "spectator"
    assert {"action": "join"} in watching["actions"]
    version = (await mixed.application.tables.read(table_id)).version
    await page.send({"type": "move", "action": "join", "step": watching["step"]})
    seated = await page.frame(version + 1, what="Bob seated")
    assert seated["viewer"] == "seated" and [seat["name"] for seat in seated["seats"][:2]] == ["Alice", "Bob"]
    state = await table_state(mixed.store, table_id)
    assert [seat.member_id for seat in state.seats] == [alice.id, bob.id]

    # Alice fills the table with two computers and starts, by her clicks
    for _ in range(2):
        await (await fake.click(alice, message, f"mj1:{table_id}:0:addcpu")).wait_done()
    start = f"mj1:{table_id}:0:start"
    await wait_until(partial(_async, lambda: not message.component(start).get("disabled")), what="Start enabled")
    await (await fake.click(alice, message, start)).wait_done()
    state = await table_state(mixed.store, table_id)
    assert state.status == "playing" and state.seed == FIRST_SEED
    await wait_until(
        partial(_async, lambda: any(c.endswith(":hand") for c in message.custom_ids())), what="the table message"
    )
    seats = {seat.member_id: index for index, seat in enumerate(state.seats)}
    return Table(thread, message, table_id, page, seats[alice.id], seats[bob.id])


async def _button_ending(message: Any, suffix: str) -> str | None:
    return next((custom_id for custom_id in message.custom_ids() if custom_id.endswith(suffix)), None)


async def alice_plays(mixed: Mixed, table: Table, rng: random.Random) -> tuple[int, Any] | None:
    """Alice plays what a basic player would, by the button of that move on her private hand message
    (opened with My hand when she has none current): the version her move was stored at and the action,
    or None when the table moved on meanwhile (a computer's claim, say) or refused it."""
    fake, alice = mixed.fake, mixed.alice
    state = await table_state(mixed.store, table.table_id)
    hand = load_round(state)
    if state.status != "playing" or table.alice_seat not in hand.awaiting():
        return None
    action = BasicPlayer().choose(hand.view(table.alice_seat), rng)
    wanted = button_text(state, hand, action)
    message = mixed.hands.get(alice.id)
    if message is None or wanted not in message.custom_ids():
        my_hand = await wait_until(partial(_button_ending, table.message, ":hand"), what="My hand")
        opened = await fake.click(alice, table.message, my_hand)
        await opened.wait_done(quiet=0.05)
        message = mixed.hands[alice.id] = opened.response
    if wanted not in message.custom_ids():
        return None  # the table moved on while she looked
    version = (await mixed.application.tables.read(table.table_id)).version
    clicked = await fake.click(alice, message, wanted)

    async def moved_or_refused() -> bool:
        found = await mixed.application.tables.read(table.table_id)
        return bool(clicked.followups) or found.version > version

    await wait_until(moved_or_refused, what="Alice's move stored or refused")
    await clicked.wait_done(quiet=0.05)
    if clicked.followups:
        return None
    return version + 1, action


PREFERRED = ("mahjong", "kong", "pung", "chow")


async def bob_plays(
    mixed: Mixed, table: Table, version: int, tried: set[tuple[int, str]]
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Bob plays from his frame of ``version`` (or later): Mahjong when offered (unless refused at this
    step already), else a claim, else a pass, else the discard the hint suggests (or his first). The move
    sent and the frame it was picked from, once the table took it, or None when it was refused or the
    frame offered him nothing."""
    page = table.page
    shown = await page.frame(version, what=f"Bob's frame of version {version}")
    offered = [entry for entry in shown["actions"] if (shown["step"], json.dumps(entry)) not in tried]
    by_action = {entry["action"]: entry for entry in reversed(offered)}
    chosen = next((by_action[name] for name in PREFERRED if name in by_action), None)
    if chosen is None:
        chosen = by_action.get("pass")
    if chosen is None and "discard" in by_action:
        discards = [entry for entry in offered if entry["action"] == "discard"]
        chosen = discards[0]
    if chosen is None:
        return None
    tried.add((shown["step"], json.dumps(chosen)))
    refused = len(page.refusals)
    await page.send({"type": "move", **chosen, "step": shown["step"]})

    async def answered() -> bool:
        if len(page.refusals) > refused:
            return True
        state = (await mixed.application.tables.read(table.table_id)).state
        return state.step != shown["step"] or table.bob_seat not in load_round(state).awaiting()

    await wait_until(answered, what="Bob's move stored or refused")
    return None if len(page.refusals) > refused else (chosen, shown)


# --- what Bob's frames show ----------------------------------------------------------------------------


def _faces(texts: Any) -> Counter[str]:
    return Counter(face(tile) for text in texts for tile in parse_tiles(text))


async def state_at(mixed: Mixed, version: int) -> TableState:
    """The committed state of ``version`` (every change of this process is heard)."""

    async def heard() -> TableState | None:
        return mixed.states.get(version)

    found: TableState = await wait_until(heard, timeout=5.0, what=f"the state of version {version}")
    return found


def seat_named(shown: dict[str, Any], name: str) -> dict[str, Any]:
    return next(seat for seat in shown["seats"] if seat["name"] == name)


async def assert_keeps_alices_tiles(mixed: Mixed, table: Table, shown: dict[str, Any]) -> bool:
    """Bob's frame of a hand in play shows exactly his own hand and the public tiles as the store's state of
    that version has them, and of Alice's seat only how many tiles she conceals: no tile of hers. Whether
    Alice then held a face no other place showed (so the check could have caught one)."""
    assert_frame_rule(shown)
    state = await state_at(mixed, shown["version"])
    hand = load_round(state)
    public = hand.view(None)
    alices = hand.view(table.alice_seat).concealed
    bobs = hand.view(table.bob_seat)
    assert alices is not None and bobs.concealed is not None
    alice, bob = seat_named(shown, "Alice"), seat_named(shown, "Bob")
    assert "hand" not in alice and "drawn" not in alice and alice["concealed"] == len(alices)
    assert bob["hand"] == [face(tile) for tile in hand_slots(bobs)] and bob["drawn"] == (bobs.drawn is not None)
    open_tiles = Counter(
        face(tile)
        for seat in public.seats
        for tile in (
            *(discarded.tile for discarded in seat.discards if not discarded.claimed),
            *(tile for meld in seat.melds for tile in meld.tiles),
            *seat.bonus,
        )
    )
    shown_tiles = Counter[str]()
    for seat in shown["seats"]:
        shown_tiles += _faces([*seat["discards"], *seat["bonus"], *(meld["tiles"] for meld in seat["melds"])])
    assert shown_tiles == open_tiles, "the frame's public tiles are not the store's"
    # every face the frame names anywhere is Bob's, public, or the open discard: none only Alice holds
    named = _faces([*bob["hand"], *shown_tiles.elements()])
    named += _faces(entry["tiles"] for entry in shown["actions"] if "tiles" in entry)
    if shown["discard"] is not None:
        named += _faces([shown["discard"]["tile"]])
    alice_only = {face(tile) for tile in alices} - set(bob["hand"]) - set(open_tiles)
    assert not alice_only & set(named), f"Alice's concealed {sorted(alice_only & set(named))} reach Bob"
    return bool(alice_only)


# --- what Alice's table message shows ------------------------------------------------------------------


def message_step(message: Any) -> int:
    return max(int(custom_id.split(":")[2]) for custom_id in message.custom_ids() if custom_id.startswith("mj1:"))


def discards_described(message: Any, name: str) -> list[str] | None:
    """A seat's discards as the table picture's alt text says them (``Bob (West, score 0): discards 98m3z;``)."""
    described = " ".join(attachment.description or "" for attachment in message.attachments)
    found = re.search(rf"{re.escape(name)} \([^)]*\): discards (\S+);", described)
    if found is None:
        return None
    listed = found.group(1)
    return [] if listed == phrase("list.empty", "en") else [face(tile) for tile in parse_tiles(listed)]


async def assert_alice_sees_bobs_discard(mixed: Mixed, table: Table, version: int, edits: int) -> None:
    """Bob's discard stored at ``version``: Alice's table message, which had ``edits`` edits before it, is
    edited to that step or a later one, its picture showing Bob's discards with it."""
    state = await state_at(mixed, version)
    bobs = [face(discarded.tile) for discarded in load_round(state).view(None).seats[table.bob_seat].discards]

    async def shown() -> bool:
        described = discards_described(table.message, "Bob")
        return message_step(table.message) >= state.step and described is not None and described[: len(bobs)] == bobs

    await wait_until(shown, what=f"Bob's discards {bobs} on Alice's table message")
    assert table.message.edits > edits


# --- the tests -----------------------------------------------------------------------------------------


async def test_a_member_in_discord_and_one_in_the_activitys_page_play_a_whole_hand_together(tmp_path, caplog):
    async with mixed_server(tmp_path) as mixed:
        table = await mixed_table(mixed)
        page, table_id, tables = table.page, table.table_id, mixed.application.tables
        rng = random.Random(7)
        tried: set[tuple[int, str]] = set()
        moves = Counter[str]()
        seen_by_bob = seen_on_discord = 0
        for _ in range(600):
            committed = await tables.read(table_id)
            if committed.state.status != "playing":
                break
            awaited = load_round(committed.state).awaiting()
            if table.alice_seat in awaited:
                played = await alice_plays(mixed, table, rng)
                if played is None:
                    continue
                version, action = played
                moves[f"Alice {type(action).__name__}"] += 1
                if isinstance(action, Discard):  # Bob's next frame shows it in Alice's seat's discards
                    shown = await page.frame(version, first=True, what="Bob's frame after Alice's discard")
                    stored = load_round(await state_at(mixed, shown["version"])).view(None).seats[table.alice_seat]
                    discards = seat_named(shown, "Alice")["discards"]
                    assert discards == [face(item.tile) for item in stored.discards if not item.claimed]
                    if shown["version"] == version:
                        assert discards[-1] == face(action.tile)
                        seen_by_bob += 1
            elif table.bob_seat in awaited:
                edits = table.message.edits
                answered = await bob_plays(mixed, table, committed.version, tried)
                if answered is None:
                    continue
                chosen, shown = answered
                moves[f"Bob {chosen['action']}"] += 1
                if chosen["action"] == "discard":  # the only seat awaited: the next version is his discard
                    await assert_alice_sees_bobs_discard(mixed, table, shown["version"] + 1, edits)
                    seen_on_discord += 1
            else:  # the computers' turn: the table clock plays it

                async def moved(since: int = committed.version) -> bool:
                    return (await tables.read(table_id)).version > since

                await wait_until(moved, what="the computers' move")
        else:
            pytest.fail("the hand never ended")
        # the hand is over: Bob's socket is sent its result, the thread gets the result message
        state = await table_state(mixed.store, table_id)
        assert state.status in ("between", "over") and state.last_hand is not None
        over = min(version for version, heard in mixed.states.items() if heard.status in ("between", "over"))
        ended = await page.frame(over, first=True, what="Bob's result frame")
        result = ended["result"]
        assert ended["state"] in ("hand-over", "match-over") and result is not None
        assert result["wall_seed"] == state.last_hand.seed and state.seed == FIRST_SEED
        seed = str(state.last_hand.seed)

        async def posted() -> Any:
            in_thread = mixed.fake.channel_messages(table.thread.id, ephemeral=False)
            return next((message for message in in_thread if seed in message.text()), None)

        await wait_until(posted, what="the result in the thread")
        # both played, both saw the other's moves
        assert moves["Bob discard"] >= 3 and moves["Alice Discard"] >= 3, moves
        assert seen_on_discord == moves["Bob discard"] and seen_by_bob >= 1
        # every frame Bob was sent keeps SPEC §7's rule and, while the hand was played, none of Alice's tiles
        played = [shown for shown in page.frames if shown["state"] == "playing"]
        assert len(played) >= moves.total()
        catchable = [await assert_keeps_alices_tiles(mixed, table, shown) for shown in played]
        assert sum(catchable) >= len(played) // 2, "Alice rarely held a tile only she had: the check proved little"
        for shown in page.frames:
            assert_frame_rule(shown)
        # once the hand is over her hand is everyone's: the frame then shows it as the store has it
        alices = load_round(await state_at(mixed, ended["version"])).view(table.alice_seat).concealed
        assert alices is not None and seat_named(ended, "Alice")["hand"] == [face(tile) for tile in sorted(alices)]
        assert all(refusal["error"] != "stale" for refusal in page.refusals)  # Bob always moved at the table's step
        assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []


async def test_a_page_move_the_table_refuses_changes_nothing_on_discord(tmp_path, caplog):
    async with mixed_server(tmp_path) as mixed:
        table = await mixed_table(mixed)
        page, table_id, tables = table.page, table.table_id, mixed.application.tables
        rng = random.Random(7)
        for _ in range(100):  # until Bob is to discard (Alice playing before him if she must)
            committed = await tables.read(table_id)
            hand = load_round(committed.state)
            if hand.awaiting() == (table.bob_seat,) and hand.turn == table.bob_seat:
                break
            if table.alice_seat in hand.awaiting():
                await alice_plays(mixed, table, rng)
            else:

                async def moved(since: int = committed.version) -> bool:
                    return (await tables.read(table_id)).version > since

                await wait_until(moved, what="the table to move")
        else:
            pytest.fail("Bob was never to discard")
        shown = await page.frame(committed.version, what="Bob's frame of his turn")
        discard = next(entry for entry in shown["actions"] if entry["action"] == "discard")
        await mixed.fake.wait_idle(quiet=0.2)  # Discord shows the table as it stands
        edits = {message.id: message.edits for message in mixed.fake.world.messages.values()}
        since = mixed.fake.mark()

        await page.send({"type": "move", **discard, "step": shown["step"] - 1})  # a step the table left
        refused = await wait_until(partial(_async, lambda: page.refusals), what="the refusal")
        assert refused == [{"type": "refused", "error": "stale", "message": say("stale", "en")}]
        await mixed.fake.wait_idle(quiet=0.3)
        assert (await tables.read(table_id)).version == committed.version  # nothing changed
        assert [call.key for call in mixed.fake.calls[since:] if call.method != "GET"] == []  # nothing on Discord
        assert {message.id: message.edits for message in mixed.fake.world.messages.values()} == edits
        assert page.frames[-1]["version"] == committed.version  # and no frame sent either

        # the same move at the table's step is played, and shown on Discord
        edited = table.message.edits
        await page.send({"type": "move", **discard, "step": shown["step"]})
        await assert_alice_sees_bobs_discard(mixed, table, committed.version + 1, edited)
        assert len(page.refusals) == 1
        assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []
