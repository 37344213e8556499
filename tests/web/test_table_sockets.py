"""The table page's sockets (``web.table_sockets``, ``web.table_hub``) through aiohttp's test server, over
the application as the root builds it (the embedded SQLite stores, its table clock running on a fake
clock): two players and a spectator follow one table, each sent their own whole view at every change
and none a face of another's concealed hand (SPEC §7's rule, ``tests.frame_rule``); a stale move, garbage,
an oversized message and a flood change nothing (refused, or the socket closed); a reconnecting page gets
the newest frame first; computer seats play on by the clock; the bounds on sockets per player and per
address; the Activity's hello; a removed table and the server's shutdown close the sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import pathlib
import time
import zlib
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from core.events import Events
from core.tables import transitions
from core.tables.events import TableChanged
from core.tables.moves import Actor, Lobby
from core.tables.options import SPEED_TIMINGS, table_defaults, table_rules, table_settings
from core.tables.service import TableService
from core.tables.state import TableState
from core.tables.transitions import Change
from data.broadcast import MemoryBroadcast
from data.ledger import GuildSettings
from tests.frame_rule import assert_frame_rule, assert_same_public
from tests.web.test_table_api import Browser, Socket, TableSite, open_table_site, table_site
from web.activity import SESSION_SECONDS, ActivityConfig, ActivitySession, SessionSigner
from web.guard import WEB_GUILD
from web.identity import SECRET_KEY
from web.table_messages import MESSAGE_LIMIT
from web.table_routes import TABLE_HUB
from web.table_sockets import SEND_WINDOW_BITS, LightDeflate
from web.words import say
from words.messages import say as say_message
from words.patterns import pattern_name

pytestmark = pytest.mark.asyncio
__all__ = ["table_site"]  # the fixture, taken from the routes' tests


async def seated_table(site: TableSite) -> tuple[str, dict[str, Socket], list[Browser]]:
    """A classic table of two players (``ana``, its host, and ``bo``), two computers and a spectator
    (``cy``), started; each with a socket: ``{"ana": …, "bo": …, "cy": …}``."""
    ana, bo, cy = [await site.browser() for _ in range(3)]
    table_id = await ana.new_table("rules=classic&computers=1")
    for visitor in (bo, cy):
        assert (await visitor.get(f"/table/{table_id}"))[0] == 200  # the page gives them their cookie
    sockets = {"ana": await ana.socket(table_id), "bo": await bo.socket(table_id), "cy": await cy.socket(table_id)}
    for socket in sockets.values():
        assert (await socket.frame())["version"] == 1
    assert [a["action"] for a in sockets["bo"].last["actions"]] == ["join"]
    await site.solitaire_ledger.set_pseudonym(WEB_GUILD, bo.player, "Bo")
    await sockets["bo"].move("join")
    for socket in sockets.values():
        assert (await socket.frame(2))["version"] == 2
    assert sockets["bo"].last["viewer"] == "seated" and sockets["cy"].last["viewer"] == "spectator"
    names = [seat["name"] for seat in sockets["cy"].last["seats"]]
    assert names == [say("player.unnamed", "en"), "Strong 1", "Bo", ""]  # a player joins under their pseudonym
    await sockets["ana"].move("add-computer")
    await sockets["ana"].frame(3)
    await sockets["ana"].move("start")
    for socket in sockets.values():
        assert (await socket.frame(4))["state"] == "playing"
    return table_id, sockets, [ana, bo, cy]


async def test_two_players_and_a_spectator_each_see_their_own_view_and_no_one_elses_tiles(
    table_site: TableSite,
) -> None:
    table_id, sockets, _ = await seated_table(table_site)
    ana, bo, cy = sockets["ana"].last, sockets["bo"].last, sockets["cy"].last
    assert ana["version"] == bo["version"] == cy["version"]
    assert_same_public([ana, bo, cy])
    winds = {name: frame["viewer"] for name, frame in (("ana", ana), ("bo", bo), ("cy", cy))}
    assert winds["cy"] == "spectator" and {winds["ana"], winds["bo"]} <= set("ESWN")
    for name, frame in (("ana", ana), ("bo", bo), ("cy", cy)):
        shown = {seat["wind"] for seat in frame["seats"] if "hand" in seat}
        assert shown == ({winds[name]} if name != "cy" else set()), (name, shown)
    state, version = await table_site.table(table_id)
    assert version == ana["version"] and state.status == "playing"

    # a move by whoever's turn it is reaches every socket, with the newest state
    mover = await a_member_to_move(table_site, sockets)
    discard = next(action for action in mover.last["actions"] if action["action"] == "discard")
    before = mover.last["version"]
    await mover.move("discard", tiles=discard["tiles"])
    frames = [await socket.frame(before + 1) for socket in sockets.values()]
    assert len({frame["version"] for frame in frames}) == 1
    assert_same_public(frames)
    assert any(discard["tiles"] in seat["discards"] for seat in frames[2]["seats"]) or frames[2]["discard"] == {
        "tile": discard["tiles"],
        "seat": mover.last["viewer"],
    }


async def a_member_to_move(site: TableSite, sockets: dict[str, Socket]) -> Socket:
    """The socket of the member whose turn it is to discard, once the computers have played to them."""
    for _ in range(60):
        for name in ("ana", "bo"):
            socket = sockets[name]
            if any(action["action"] == "discard" for action in socket.last["actions"]):
                return socket
        site.clock.now += 2.0  # a computer's pause, a claim window
        await asyncio.sleep(0.05)
        for name in ("ana", "bo"):
            while True:
                try:
                    await sockets[name].receive(0.05)
                except TimeoutError:
                    break
    raise AssertionError("no member's turn came")


async def test_a_stale_step_garbage_and_a_foreign_members_move_change_nothing(table_site: TableSite) -> None:
    table_id, sockets, _ = await seated_table(table_site)
    _, version = await table_site.table(table_id)
    ana, cy = sockets["ana"], sockets["cy"]
    step = ana.last["step"]
    await ana.send({"type": "move", "action": "pass", "step": step - 1})
    assert await ana.refused() == {"type": "refused", "error": "stale", "message": say_message("stale", "en")}
    await ana.send({"type": "move", "action": "next-hand", "step": step})
    assert await ana.refused() == {"type": "refused", "error": "not_legal", "message": say_message("not_legal", "en")}
    await cy.send({"type": "move", "action": "discard", "tiles": "1m", "step": step})
    assert (await cy.refused())["error"] == "not_seated"
    await cy.send({"type": "move", "action": "join", "step": step})  # the lobby is gone
    assert (await cy.refused())["error"] == "not_seated"
    await cy.send({"type": "standing", "choice": "auto_win"})
    assert (await cy.refused())["error"] == "not_seated"
    assert (await table_site.table(table_id))[1] == version


@pytest.mark.parametrize(
    ("message", "error", "field"),
    [
        ("not json", "bad_json", None),
        ("[1, 2]", "bad_json", None),
        ('"\\ud800"', "bad_json", None),
        ('{"type": "fly"}', "bad_json", None),
        ('{"action": "pass"}', "missing_field", "type"),
        ('{"type": "move"}', "missing_field", "action"),
        ('{"type": "move", "action": "fly", "step": 1}', "bad_field", "action"),
        ('{"type": "move", "action": "pass", "step": "1"}', "bad_field", "step"),
        ('{"type": "move", "action": "pass", "step": -1}', "bad_field", "step"),
        ('{"type": "move", "action": "discard", "tiles": "<img>", "step": 1}', "bad_field", "tiles"),
        ('{"type": "move", "action": "pass", "step": 1, "seat": "X"}', "bad_field", "seat"),
        ('{"type": "move", "action": "pass", "step": 1, "extra": 1}', "unknown_field", "extra"),
        ('{"type": "standing", "choice": "everything"}', "bad_field", "choice"),
        ('{"type": "hello"}', "missing_field", "session"),
    ],
)
async def test_a_message_that_is_none_of_the_pages_is_refused_and_changes_nothing(
    table_site: TableSite, message: str, error: str, field: str | None
) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=classic&computers=3")
    socket = await browser.socket(table_id, lang="fr")
    await socket.frame()
    await socket.send(message)
    words = say(f"error.{error}", "fr") if field is None else say(f"error.{error}", "fr", field=field)
    assert await socket.refused() == {"type": "refused", "error": error, "message": words}
    assert (await table_site.table(table_id))[1] == 1


async def test_repeated_garbage_a_binary_message_an_oversized_one_and_a_flood_close_the_socket(
    tmp_path: pathlib.Path,
) -> None:
    from web.limits import Rate

    site = await open_table_site(tmp_path, socket_message=Rate(1.0, 5.0))
    try:
        browser = await site.browser()
        table_id = await browser.new_table("rules=classic&computers=3")

        garbage = await browser.socket(table_id)
        await garbage.frame()
        for _ in range(3):
            await garbage.send("{")
        assert await garbage.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION
        assert [refusal["error"] for refusal in garbage.refusals] == ["bad_json"] * 3

        binary = await browser.socket(table_id)
        await binary.frame()
        await binary.connection.send_bytes(b'{"type": "move", "action": "start"}')
        assert (await binary.refused())["error"] == "bad_json"
        await binary.close()

        oversized = await browser.socket(table_id)
        await oversized.frame()
        await oversized.send({"type": "move", "action": "start", "tiles": "1m" * 600})
        assert await oversized.closed() == aiohttp.WSCloseCode.MESSAGE_TOO_BIG

        flood = await browser.socket(table_id)
        await flood.frame()
        for _ in range(6):  # five in a row, then one a second: the clock stands still
            await flood.send({"type": "move", "action": "join"})
        assert await flood.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION
        assert [refusal["error"] for refusal in flood.refusals] == ["already_seated"] * 5

        state, version = await site.table(table_id)
        assert (state.status, version) == ("lobby", 1)
    finally:
        await site.close()


def padded(message: dict[str, Any], size: int) -> str:
    """``message`` as JSON of exactly ``size`` bytes (spaces after its last value)."""
    text = json.dumps(message)
    return text[:-1] + " " * (size - len(text.encode())) + "}"


@pytest.mark.parametrize("compress", [0, 15])
async def test_a_message_of_1024_bytes_is_read_and_one_of_1025_closes_the_socket(
    table_site: TableSite, compress: int
) -> None:
    """docs/table-page.md: a message is at most 1024 bytes, those included; the same sent compressed
    (permessage-deflate), whose size aiohttp checks only once inflated."""
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=classic&computers=3")
    headers = {"Origin": table_site.origin}
    connection = await browser.client.ws_connect(f"/table/{table_id}/socket", headers=headers, compress=compress)
    assert connection.compress == compress  # the server took the compression asked for
    socket = Socket(connection)
    assert (await socket.frame())["version"] == 1
    (viewer,) = table_site.server.app[TABLE_HUB].viewers()
    sent_with = getattr(getattr(viewer.socket, "_writer", None), "_compressobj", None)
    assert isinstance(sent_with, LightDeflate) == bool(compress)  # its frames through the light compressor
    at_limit = padded({"type": "move", "action": "join", "step": socket.last["step"]}, MESSAGE_LIMIT)
    assert len(at_limit.encode()) == 1024
    await socket.send(at_limit)
    assert (await socket.refused())["error"] == "already_seated"  # read as any message: the host is seated
    await socket.send(padded({"type": "move", "action": "join", "step": socket.last["step"]}, MESSAGE_LIMIT + 1))
    assert await socket.closed() == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert (await table_site.table(table_id))[1] == 1


async def test_a_reconnecting_page_gets_the_newest_frame_first(table_site: TableSite) -> None:
    ana, bo = await table_site.browser(), await table_site.browser()
    table_id = await ana.new_table("rules=classic")
    await bo.get(f"/table/{table_id}")
    host, guest = await ana.socket(table_id), await bo.socket(table_id)
    await guest.frame()
    await guest.move("join")
    assert (await guest.frame(2))["viewer"] == "seated"
    await guest.close()
    await host.frame(2)
    for version in (3, 4):  # changes the closed page did not see
        await host.move("add-computer")
        await host.frame(version)
    again = await bo.socket(table_id)
    first = await again.frame()
    assert (first["version"], first["viewer"]) == (4, "seated")
    assert again.frames == [first]


async def test_computer_seats_play_on_by_the_tables_clock(table_site: TableSite) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=classic&computers=3")
    socket = await browser.socket(table_id)
    await socket.frame()
    await socket.move("start")
    await socket.frame(2)
    own_turns, answered, deadline = 0, 0, time.monotonic() + 30
    while own_turns < 6 and time.monotonic() < deadline:
        offered = {action["action"]: action for action in socket.last["actions"]}
        answer = offered.get("discard") or offered.get("pass") or offered.get("next-hand")
        if answer is not None and socket.last["version"] > answered:
            answered = socket.last["version"]
            await socket.move(answer["action"], **({"tiles": answer["tiles"]} if "tiles" in answer else {}))
            own_turns += answer["action"] == "discard"
        else:
            table_site.clock.now += 2.0  # the computers' pauses and the claim windows pass
        with contextlib.suppress(TimeoutError):
            await socket.receive(0.2)
    assert own_turns == 6, "the computers did not play to the player's turn"
    assert socket.refusals == []
    viewer = socket.last["viewer"]
    turns = {frame["turn"] for frame in socket.frames if frame["state"] == "playing"}
    assert turns - {viewer}, "no computer's turn was shown"


async def test_a_player_and_an_address_open_only_so_many_sockets(tmp_path: pathlib.Path) -> None:
    site = await open_table_site(tmp_path, sockets_per_player=2, sockets_per_address=3)
    try:
        ana, bo = await site.browser(), await site.browser()
        table_id = await ana.new_table()
        await bo.get(f"/table/{table_id}")
        first, second = await ana.socket(table_id), await ana.socket(table_id)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await ana.socket(table_id)
        assert refused.value.status == 429
        third = await bo.socket(table_id)  # the address's third
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await bo.socket(table_id)
        assert refused.value.status == 429
        await first.close()
        await site.settle()
        await asyncio.sleep(0.05)
        fourth = await bo.socket(table_id)  # a closed socket frees its place
        for socket in (second, third, fourth):
            assert (await socket.frame())["version"] == 1
    finally:
        await site.close()


async def test_a_socket_is_refused_for_a_foreign_origin_a_missing_table_and_a_plain_request(
    table_site: TableSite,
) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await browser.socket(table_id, Origin="https://evil.example")
    assert refused.value.status == 403
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await browser.socket("zz9zz9zz")
    assert refused.value.status == 404
    assert (await browser.get(f"/table/{table_id}/socket"))[0] == 400


async def test_a_rebinding_pages_socket_is_refused_and_the_deployments_own_origins_are_taken(
    tmp_path: pathlib.Path, caplog: pytest.LogCaptureFixture
) -> None:
    """DNS rebinding: a page of ``evil.example``, whose name resolves to the server's address, sends
    ``Host: evil.example`` and ``Origin: http://evil.example``, which agree. The origins taken are the
    deployment's: the address the connection reached (its port the bound one), ``localhost`` on a loopback
    address, and those it is configured with (``WEB_ORIGINS``, ``PUBLIC_URL``); no ``Origin`` at all is a
    client that is no browser, taken as before."""
    caplog.set_level(logging.INFO)
    site = await open_table_site(tmp_path, origins=(("https", "mahjong.example.org", 443),))
    try:
        browser = await site.browser()
        table_id = await browser.new_table()
        port = site.server.port
        for host, origin in (
            ("evil.example", "http://evil.example"),
            (f"evil.example:{port}", f"http://evil.example:{port}"),
            (f"127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"),  # another port of this host: another origin
            (f"127.0.0.1:{port}", f"https://127.0.0.1:{port}"),
            (f"127.0.0.1:{port}", "null"),
        ):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.socket(table_id, Host=host, Origin=origin)
            assert refused.value.status == 403, origin
        for host, origin in (
            (f"127.0.0.1:{port}", f"http://127.0.0.1:{port}"),
            (f"localhost:{port}", f"http://localhost:{port}"),
            (f"LocalHost:{port}", f"http://LOCALHOST:{port}"),
            ("mahjong.example.org", "https://mahjong.example.org"),  # behind its proxy
            ("mahjong.example.org", "https://mahjong.example.org:443"),
        ):
            socket = await browser.socket(table_id, Host=host, Origin=origin)
            assert (await socket.frame())["version"] == 1, origin
            await socket.close()
        connection = await browser.client.ws_connect(f"/table/{table_id}/socket", headers={"Host": "evil.example"})
        assert (await Socket(connection).frame())["version"] == 1  # no Origin: no browser's page
        await connection.close()
        # the log says once what to set when a page's origin is the very host it was sent to, quoting nothing
        hints = [record for record in caplog.records if "WEB_ORIGINS" in record.getMessage()]
        assert len(hints) == 1 and hints[0].levelno == logging.INFO
        assert "evil" not in caplog.text
    finally:
        await site.close()


async def test_a_removed_table_and_the_servers_shutdown_close_the_sockets(tmp_path: pathlib.Path) -> None:
    site = await open_table_site(tmp_path)
    try:
        browser = await site.browser()
        gone, staying = await browser.new_table(), await browser.new_table()
        removed, kept = await browser.socket(gone), await browser.socket(staying)
        await removed.frame()
        await kept.frame()
        cancel = await browser.socket(gone)
        await cancel.frame()
        await cancel.move("cancel")
        await removed.frame(2)
        site.clock.now += 4 * 24 * 3600.0  # past the retention: the clock removes the table
        assert await removed.closed() == aiohttp.WSCloseCode.GOING_AWAY
        assert await cancel.closed() == aiohttp.WSCloseCode.GOING_AWAY
        hub = site.server.app[TABLE_HUB]
        assert hub.watched(gone) == 0 and hub.watched(staying) == 1
        started = time.monotonic()
        closing = asyncio.create_task(kept.closed())  # a page reads its socket all along
        await site.server.close()
        assert await closing == aiohttp.WSCloseCode.GOING_AWAY
        assert time.monotonic() - started < 2
    finally:
        await site.close()


# --- the Activity -------------------------------------------------------------------------------

GUILD = 4_000_000_000_000_001
MEMBER = 5_000_000_000_000_002


async def session_for(site: TableSite, member: int, *, instance: str = "i-1", expires: float | None = None) -> str:
    found = await site.live.read(SECRET_KEY)
    assert found is not None
    signer = SessionSigner(bytes.fromhex(found.document["secret"]))
    until = int(expires if expires is not None else site.clock.now + SESSION_SECONDS)
    return signer.signed(ActivitySession(member, GUILD, instance, "Mei", until))


async def test_the_activitys_hello_plays_its_sessions_member_and_a_bad_session_closes_the_socket(
    tmp_path: pathlib.Path,
) -> None:
    config = ActivityConfig("123", "secret", "token", "http://127.0.0.1:9/api/v10")
    site = await open_table_site(tmp_path, activity=config)
    try:
        rules = table_rules("classic", None)
        settings = table_settings(table_defaults(GuildSettings(), SPEED_TIMINGS), rules, "en")
        opened = await site.application.tables.open(
            host=Actor(MEMBER, GUILD, "Mei"), guild_id=GUILD, settings=settings, computers=1
        )
        table_id = opened.state.id
        browser = await site.browser()
        await browser.get(f"/table/{table_id}")

        member = await browser.socket(table_id)
        assert (await member.frame())["viewer"] == "spectator"  # the browser's own player, not seated
        await member.send({"type": "hello", "session": await session_for(site, MEMBER), "instance": "i-1"})
        shown = await member.next_frame()
        assert (shown["version"], shown["viewer"]) == (1, "seated")
        assert {"action": "cancel"} in shown["actions"]  # the host's moves
        await member.move("add-computer")
        assert [seat["kind"] for seat in (await member.frame(2))["seats"]] == [
            "member",
            "computer",
            "computer",
            "empty",
        ]
        await member.send({"type": "hello", "session": await session_for(site, MEMBER)})  # once only
        assert (await member.refused())["error"] == "bad_session"
        assert await member.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION

        for bad in (
            (await session_for(site, MEMBER))[:-2] + "xx",  # forged
            await session_for(site, MEMBER, expires=site.clock.now - 1),  # expired
        ):
            socket = await browser.socket(table_id)
            await socket.frame()
            await socket.send({"type": "hello", "session": bad})
            assert (await socket.refused())["error"] == "bad_session"
            assert await socket.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION
        other = await browser.socket(table_id)
        await other.frame()
        await other.send({"type": "hello", "session": await session_for(site, MEMBER), "instance": "i-2"})
        assert (await other.refused())["error"] == "bad_session"  # another instance's session
        assert (await site.table(table_id))[1] == 2
    finally:
        await site.close()


async def test_without_the_activity_a_hello_is_refused(table_site: TableSite) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table()
    socket = await browser.socket(table_id)
    await socket.frame()
    await socket.send({"type": "hello", "session": "1.2.i.TWVp.99999999999.x"})
    assert await socket.refused() == {
        "type": "refused",
        "error": "bad_session",
        "message": say("error.bad_session", "en"),
    }
    assert await socket.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION


async def test_a_change_made_in_another_process_reaches_the_sockets_from_the_stored_state(
    table_site: TableSite,
) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=classic")
    socket = await browser.socket(table_id)
    await socket.frame()
    # another process: its own service and events over the same store; its event crosses without its state
    elsewhere = TableService(
        table_site.live, table_site.ledger, table_site.clock, Events(MemoryBroadcast()), make_id=lambda: "x"
    )
    committed = await elsewhere.act(table_id, Actor(77, WEB_GUILD, "Far"), Lobby("join"))
    heard = TableChanged(table_id, WEB_GUILD, committed.version, committed.state.step, "lobby", True)
    await table_site.server.app[TABLE_HUB].changed(heard)
    shown = await socket.frame(2)
    assert [seat["name"] for seat in shown["seats"]][:2] == [say("player.unnamed", "en"), "Far"]
    await table_site.server.app[TABLE_HUB].changed(replace(heard, version=1))  # an older change: nothing sent
    with pytest.raises(TimeoutError):
        await socket.receive(0.2)


async def played_to_its_end(table_site: TableSite, socket: Socket) -> dict[str, Any]:
    """The hand of the socket's player (its table's host) and three computers started and played to its
    end through the socket (a win when offered, else the first discard, else a pass); its last frame."""
    await socket.frame()
    await socket.move("start")
    await socket.frame(2)
    return await played_on(table_site, socket)


async def played_on(table_site: TableSite, socket: Socket) -> dict[str, Any]:
    """The hand being played, played on to its end as ``played_to_its_end`` plays it; its last frame."""
    answered, deadline = 0, time.monotonic() + 60
    while socket.last["state"] == "playing" and time.monotonic() < deadline:
        offered = {action["action"]: action for action in socket.last["actions"]}
        answer = offered.get("mahjong") or offered.get("discard") or offered.get("pass")
        if answer is not None and socket.last["version"] > answered:
            answered = socket.last["version"]
            await socket.move(answer["action"], **({"tiles": answer["tiles"]} if "tiles" in answer else {}))
        else:
            table_site.clock.now += 2.0
        with contextlib.suppress(TimeoutError):
            await socket.receive(0.1)
    return socket.last


async def test_a_whole_hand_against_three_computers_ends_with_its_result_named_in_the_pages_language(
    table_site: TableSite,
) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=hongkong&computers=3")
    socket = await browser.socket(table_id, lang="fr")
    over = await played_to_its_end(table_site, socket)
    assert over["state"] in ("hand-over", "match-over"), "the hand did not end"
    result = over["result"]
    assert set(result["names"]) == set(result["patterns"])
    assert result["winner"] is None or result["patterns"], result
    for key, name in result["names"].items():
        assert name == pattern_name(key, "fr")
    assert all("hand" in seat for seat in over["seats"])  # every hand is shown once it is over
    state, _ = await table_site.table(table_id)
    assert state.last_hand is not None and result["wall_seed"] == state.last_hand.seed
    # the page's own table has no thread to post its result in: it is marked shown as the hand ends, so the
    # clock does not find the table due at every tick until the next hand (web.table_results)
    for _ in range(100):  # the result marked shown, and the ledger's entries written
        state, _ = await table_site.table(table_id)
        if not state.result_unposted and not state.unrecorded:
            break
        await asyncio.sleep(0.02)
    assert not state.result_unposted and not state.unrecorded
    wake = state.wake_at
    assert wake is None or wake > table_site.clock.now


async def test_the_hint_is_answered_to_the_asking_socket_alone(table_site: TableSite) -> None:
    _, sockets, _ = await seated_table(table_site)
    mover = await a_member_to_move(table_site, sockets)
    other = sockets["bo"] if mover is sockets["ana"] else sockets["ana"]
    step = mover.last["step"]
    assert {"action": "hint"} in mover.last["actions"]
    await mover.send({"type": "hint", "step": step})
    answer = await mover.hinted()
    assert answer["step"] == step and {"action": "discard", "tiles": answer["tiles"]} in mover.last["actions"]
    await other.send({"type": "hint", "step": step})  # not their turn: refused, nothing else changes
    assert (await other.refused())["error"] == "not_your_turn"
    table_site.clock.now += 2.0  # a hint's pace (test_hints_have_their_own_pace_per_socket_and_per_player)
    await mover.send({"type": "hint", "step": step - 1})
    assert (await mover.refused())["error"] == "stale"
    state, version = await table_site.table(mover.last["table"])
    assert version == mover.last["version"] and state.step == step


async def test_hints_have_their_own_pace_per_socket_and_per_player(table_site: TableSite) -> None:
    """Each hint runs the strong player's search in a worker thread: one every 2 s for a socket and for
    its player (another tab of theirs included); an extra one is refused ``too_fast`` in the socket's
    language, changes nothing and leaves the socket open."""
    table_id, sockets, browsers = await seated_table(table_site)
    mover = await a_member_to_move(table_site, sockets)
    browser = browsers[0] if mover is sockets["ana"] else browsers[1]
    step = mover.last["step"]
    await mover.send({"type": "hint", "step": step})
    assert (await mover.hinted())["step"] == step
    # a dozen hints asked in a moment (within the socket's pace of messages, 20 in a row, which the
    # host's lobby moves shared when the clock has not moved since): the first answered, the rest refused
    for _ in range(11):
        await mover.send({"type": "hint", "step": step})
    for _ in range(11):
        assert await mover.refused() == {
            "type": "refused",
            "error": "too_fast",
            "message": say("error.hint_too_fast", "en"),
        }
    other_tab = await browser.socket(table_id, lang="zh_TW")  # the same player's other socket
    await other_tab.frame()
    await other_tab.send({"type": "hint", "step": step})
    assert await other_tab.refused() == {
        "type": "refused",
        "error": "too_fast",
        "message": say("error.hint_too_fast", "zh_TW"),
    }
    assert len(mover.hints) == 1
    state, version = await table_site.table(table_id)
    assert (version, state.step) == (mover.last["version"], step)  # nothing changed
    table_site.clock.now += 2.0  # two seconds later: one more
    await mover.send({"type": "hint", "step": step})
    assert (await mover.hinted())["step"] == step
    assert not mover.connection.closed and not other_tab.connection.closed


async def test_a_handshake_asking_for_a_subprotocol_is_refused_and_its_text_never_logged(
    table_site: TableSite, caplog: pytest.LogCaptureFixture
) -> None:
    """aiohttp's handshake logs the subprotocols a client asks for, its own text, at WARNING when none is
    the server's: the page speaks none, so such a handshake is refused (400, in the page's language)
    before aiohttp reads them."""
    caplog.set_level(logging.DEBUG)
    browser = await table_site.browser()
    table_id = await browser.new_table()
    asked = "xyzzy-evil-<script>, chat.example"
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await browser.socket(table_id, lang="fr", **{"Sec-WebSocket-Protocol": asked})
    assert refused.value.status == 400
    status, text, _ = await browser.get(
        f"/table/{table_id}/socket?lang=fr",
        Upgrade="websocket",
        Connection="Upgrade",
        **{"Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"},
        **{"Sec-WebSocket-Protocol": asked, "Origin": table_site.origin},
    )
    assert (status, text) == (400, say("error.bad_field", "fr", field="Sec-WebSocket-Protocol") + "\n")
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert "xyzzy" not in caplog.text
    socket = await browser.socket(table_id)  # without one, the socket opens
    assert (await socket.frame())["version"] == 1


def frame_bytes(payload: bytes, *, masked: bool) -> bytes:
    """One final text frame as RFC 6455 §5.2 writes it (a payload under 126 bytes)."""
    assert len(payload) < 126
    if not masked:
        return bytes([0x81, len(payload)]) + payload
    key = b"\x01\x02\x03\x04"
    return bytes([0x81, 0x80 | len(payload)]) + key + bytes(byte ^ key[i % 4] for i, byte in enumerate(payload))


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One frame the server sent (never masked): its opcode and payload."""
    head = await reader.readexactly(2)
    length = head[1] & 0x7F
    if length == 126:
        length = int.from_bytes(await reader.readexactly(2), "big")
    elif length == 127:
        length = int.from_bytes(await reader.readexactly(8), "big")
    return head[0] & 0x0F, await reader.readexactly(length)


async def test_an_unmasked_client_frame_is_read_as_any_other(table_site: TableSite) -> None:
    """RFC 6455 §5.1: a server must close the connection on a client's unmasked frame. aiohttp's reader
    reads the mask bit and unmasks only when it is set: an unmasked frame is read as any other, and
    nothing outside aiohttp's private reader can tell (docs/web.md, "The table's socket and what aiohttp
    leaves"). This holds the behaviour as it is: should aiohttp close with 1002 one day, this fails and
    the docs are to be changed with it."""
    browser = await table_site.browser()
    table_id = await browser.new_table()
    assert table_site.server.host is not None and table_site.server.port is not None
    reader, writer = await asyncio.open_connection(table_site.server.host, table_site.server.port)
    try:
        writer.write(
            (
                f"GET /table/{table_id}/socket HTTP/1.1\r\nHost: {table_site.server.host}:{table_site.server.port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                f"Sec-WebSocket-Version: 13\r\nOrigin: {table_site.origin}\r\n\r\n"
            ).encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 101 "), head
        opcode, first = await asyncio.wait_for(read_frame(reader), 5)
        assert opcode == 0x1 and json.loads(first)["type"] == "frame"
        opcode, named = await asyncio.wait_for(read_frame(reader), 5)  # then the name it sits under: none
        assert opcode == 0x1 and json.loads(named) == {"type": "name", "name": None, "editable": False}
        for masked in (True, False):  # a watcher with no cookie: its move is refused, whichever way it came
            writer.write(frame_bytes(b'{"type": "move", "action": "join", "step": 1}', masked=masked))
            opcode, answer = await asyncio.wait_for(read_frame(reader), 5)
            assert (opcode, json.loads(answer)["error"]) == (0x1, "not_seated"), (masked, answer)
    finally:
        writer.close()
    assert (await table_site.table(table_id))[1] == 1


# --- SPEC §7.1: names, the next hand, the words of computer seats -------------------------------------


async def test_each_socket_is_told_its_players_name_and_a_lobby_seat_takes_a_new_one(table_site: TableSite) -> None:
    ana, bo, nobody = [await table_site.browser() for _ in range(3)]
    table_id = await ana.new_table("rules=classic&computers=2")
    await bo.get(f"/table/{table_id}")
    await table_site.solitaire_ledger.set_pseudonym(WEB_GUILD, bo.player, "Bo")
    host, other, watcher = await ana.socket(table_id), await bo.socket(table_id), await nobody.socket(table_id)
    for socket, name, editable in ((host, None, True), (other, "Bo", True), (watcher, None, False)):
        said = await socket.named()
        assert said == {"type": "name", "name": name, "editable": editable}
        assert len(socket.frames) == 1, "the name comes right after the first frame"

    await host.send({"type": "name", "name": "Anabel"})
    assert await host.named() == {"type": "name", "name": "Anabel", "editable": True}
    assert await table_site.solitaire_ledger.pseudonym(WEB_GUILD, ana.player) == "Anabel"  # as POST /api/name
    for socket in (host, other, watcher):  # the lobby seat renamed: a version every viewer sees
        assert (await socket.frame(2))["seats"][0]["name"] == "Anabel"
    assert other.names == [{"type": "name", "name": "Bo", "editable": True}]  # told to the asking socket alone

    _, version = await table_site.table(table_id)
    await host.send({"type": "name", "name": "B0"})  # a lookalike of another player's pseudonym
    refused = await host.refused()
    assert refused == {"type": "refused", "error": "sol_name_taken", "message": say_message("sol_name_taken", "en")}
    await watcher.send({"type": "name", "name": "Cy"})  # no player behind this socket
    assert (await watcher.refused())["error"] == "not_seated"
    assert (await table_site.table(table_id))[1] == version
    assert await table_site.solitaire_ledger.pseudonym(WEB_GUILD, ana.player) == "Anabel"

    await other.move("join")
    await host.frame(version + 1)
    await host.move("start")
    started = await host.frame(version + 2)
    assert started["state"] == "playing"
    await host.send({"type": "name", "name": None})  # the neutral name again: stored, the seat keeps its name
    assert await host.named() == {"type": "name", "name": None, "editable": True}
    state, after = await table_site.table(table_id)
    assert after == version + 2 and "Anabel" in [seat.name for seat in state.seats]


async def settled_version(table_site: TableSite, table_id: str) -> int:
    """The table's version once this process has marked its ended hand shown and given it to the ledger."""
    async with asyncio.timeout(5):
        while True:
            await table_site.settle()
            state, version = await table_site.table(table_id)
            if not state.result_unposted and not state.unrecorded:
                return version


async def test_the_next_hand_waits_for_both_page_players(table_site: TableSite) -> None:
    table_id, sockets, _ = await seated_table(table_site)
    ana, bo, cy = sockets["ana"], sockets["bo"], sockets["cy"]

    def to_the_end(state: TableState, now: float) -> tuple[TableState, Change]:
        """The hand played to its end by the clock, its members then back at their seats."""
        while state.status == "playing":
            state, _ = transitions.wake(state, max(now, state.wake_at or now))
        seats = tuple(replace(seat, away=False, missed=0) for seat in state.seats)
        return replace(state, seats=seats), Change("hand_over")

    over = await table_site.application.tables.update(table_id, to_the_end)
    assert over is not None and over.state.status == "between"
    shown = {name: await socket.frame(over.version) for name, socket in sockets.items()}
    assert shown["ana"]["actions"] == shown["bo"]["actions"] == [{"action": "next-hand"}]
    sheet = shown["cy"]["sheet"]
    assert [row["hand"] for row in sheet] == [1] and sheet[0]["score"] == shown["cy"]["result"]["score"]
    assert shown["cy"]["log"] and shown["cy"]["dealer"] == "E"

    # The result marked shown (web.table_results) and the hand written to the ledger are versions of
    # their own (shown by no frame): the press comes after them, so that its frame is the next one.
    before = await settled_version(table_site, table_id)
    await ana.move("next-hand")
    moved = (await ana.frame(before + 1))["version"]
    waiting = [await socket.frame(moved) for socket in sockets.values()]
    assert_same_public(waiting)
    assert waiting[0]["state"] == "hand-over" and waiting[0]["ready"] == [shown["ana"]["viewer"]]
    assert waiting[0]["actions"] == [] and waiting[1]["actions"] == [{"action": "next-hand"}]
    await ana.send({"type": "move", "action": "next-hand", "step": waiting[0]["step"]})  # offered no more
    assert (await ana.refused())["error"] == "not_legal"

    await bo.move("next-hand")
    moved = (await bo.frame(moved + 1))["version"]
    dealt = [await socket.frame(moved) for socket in sockets.values()]
    assert all(frame["state"] == "playing" and frame["hand_number"] == 2 for frame in dealt)
    assert dealt[2]["ready"] == [] and dealt[2]["sheet"] == sheet
    assert cy.refusals == []


@pytest.mark.parametrize(("lang", "level"), [("en", "Strong"), ("fr", "Fort"), ("zh_TW", "高手")])
async def test_computer_seats_are_named_in_the_sockets_language(table_site: TableSite, lang: str, level: str) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=hongkong&computers=2")
    watcher = await (await table_site.browser()).socket(table_id, lang=lang)
    shown = await watcher.frame()
    computers = [seat for seat in shown["seats"] if seat["kind"] == "computer"]
    assert [seat["name"] for seat in computers] == [f"{level} 1", f"{level} 2"]
    assert [seat["level"] for seat in computers] == ["strong", "strong"] and shown["computer_level"] == "strong"


async def test_in_the_activity_the_name_is_the_members_display_name(tmp_path: pathlib.Path) -> None:
    config = ActivityConfig("123", "secret", "token", "http://127.0.0.1:9/api/v10")
    site = await open_table_site(tmp_path, activity=config)
    try:
        settings = table_settings(table_defaults(GuildSettings(), SPEED_TIMINGS), table_rules("classic", None), "fr")
        opened = await site.application.tables.open(
            host=Actor(MEMBER, GUILD, "Mei"), guild_id=GUILD, settings=settings, computers=1
        )
        socket = await (await site.browser()).socket(opened.state.id, lang="fr")
        await socket.frame()
        assert await socket.named() == {"type": "name", "name": None, "editable": False}  # nobody yet
        await socket.send({"type": "hello", "session": await session_for(site, MEMBER), "instance": "i-1"})
        assert await socket.named() == {"type": "name", "name": "Mei", "editable": False}
        await socket.send({"type": "name", "name": "Meimei"})
        refused = await socket.refused()
        assert refused == {
            "type": "refused",
            "error": "name_in_activity",
            "message": say_message("name_in_activity", "fr"),
        }
        assert (await site.table(opened.state.id))[0].seats[0].name == "Mei"
    finally:
        await site.close()


async def test_a_rated_matchs_end_is_followed_by_its_players_rating_change(table_site: TableSite) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=classic&computers=3&length=one_hand")
    socket = await browser.socket(table_id)
    over = await played_to_its_end(table_site, socket)
    while over["state"] == "hand-over":  # a drawn hand of a one-hand match is dealt again
        await socket.move("next-hand")
        async with asyncio.timeout(10):
            while socket.last["state"] == "hand-over":
                table_site.clock.now += 2.0
                with contextlib.suppress(TimeoutError):
                    await socket.receive(0.1)
        over = await played_on(table_site, socket)
    assert over["state"] == "match-over"
    rated = over  # rated in a later change (unless the socket was sent only the newest)
    async with asyncio.timeout(5):
        while not rated["ratings"]:
            rated = await socket.next_frame()
    [change] = [c for c in await table_site.ledger.match_rating_changes(table_id) if c.player.startswith("member:")]
    expected = {"wind": over["viewer"], "before": change.before.shown, "after": change.after.shown}
    assert rated["ratings"] == [expected] and rated["state"] == "match-over"
    assert_frame_rule(rated)
    assert (await table_site.table(table_id))[0].ratings[0].after == change.after.shown


async def test_the_light_compressors_frames_inflate_with_the_window_a_browser_allows() -> None:
    """``LightDeflate``'s 16 KiB window, unannounced in the handshake, read by an inflater with the 32 KiB
    window the socket negotiated (a browser's), frame after frame over one stream as a socket sends them;
    a frame like the one before costs a fraction of its text."""
    compressor, inflater = LightDeflate(), zlib.decompressobj(-15)
    frames = [
        json.dumps(
            {"type": "frame", "version": version, "step": 2 * version, "hand": ["1m"] * 13, "log": list(range(version))}
        )
        for version in range(1, 300)
    ]
    sent = 0
    for text in frames:
        data = compressor.compress_sync(text.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)
        sent += len(data)
        assert data.endswith(b"\x00\x00\xff\xff")  # what permessage-deflate strips and the reader adds back
        assert inflater.decompress(data).decode() == text
    assert SEND_WINDOW_BITS < 15
    assert sent < sum(len(text) for text in frames) / 4
