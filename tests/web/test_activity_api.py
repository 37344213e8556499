"""The Discord Activity's backend (``web.activity`` through ``web.app``) against the fake Discord's OAuth2
and activity-instance routes: the code exchanged for an access token, a session for a member in the
instance playing that server's daily in the slot ``/solitaire daily`` reads in Discord; the sign-in
naming the table the instance's channel holds (a table's thread, or a channel the Discord surface says
holds one); a session forged, expired or of another instance, and a user not in the instance, refused
with nothing changed; a session signed before sessions named their channel still read; with the
Activity off, none of it exists."""

from __future__ import annotations

import json
import pathlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from bot.tables.places import DiscordPlace, DiscordPlaces
from core.events import Events
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_date
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMember
from tests.web.test_api import DAY, FakeClock
from web.activity import SESSION_SECONDS, ActivityConfig, ActivitySession, SessionSigner
from web.app import create_app
from web.limits import Rate, RateLimits

pytestmark = pytest.mark.asyncio


@dataclass
class ActivitySite:
    fake: FakeDiscord
    guild: FakeGuild
    alice: FakeMember
    client: TestClient[Any, Any]
    service: SolitaireService
    events: Events
    clock: FakeClock
    store: SqliteLiveStore

    async def send(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        self.clock.now += 1.0
        data = None if body is None else json.dumps(body)
        if body is not None:
            headers["Content-Type"] = "application/json"
        async with self.client.request(method, path, data=data, headers=headers) as answer:
            found = await answer.json()
            await self.events.drain()
            assert "Set-Cookie" not in answer.headers or not headers.get("X-Mahjong-Session")
            return answer.status, found

    async def session_for(self, who: FakeMember, instance_id: str) -> dict[str, Any]:
        """The page's handshake: authorize (the fake's code), the token exchange, the session."""
        status, token = await self.send("POST", "/api/activity/token", {"code": self.fake.authorize(who)})
        assert status == 200 and set(token) == {"access_token"}, token
        status, session = await self.send(
            "POST", "/api/activity/session", {"access_token": token["access_token"], "instance_id": instance_id}
        )
        assert status == 200, session
        return session


async def open_activity_site(
    tmp_path: pathlib.Path, fake: FakeDiscord, *, activity: bool, limits: RateLimits | None = None
) -> ActivitySite:
    guild = fake.add_guild(name="Club")
    alice = fake.add_member(guild, name="alice", global_name="Alice")
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteSolitaireLedger.open(tmp_path / "ledger.sqlite3")
    clock = FakeClock()
    events = Events(MemoryBroadcast())
    service = SolitaireService(store, ledger, clock, events)
    events.subscribe(SolitaireChanged, service.record_ended)
    config = ActivityConfig(fake.client_id, fake.client_secret, fake.token, f"http://{fake.host}:{fake.port}/api/v10")
    app = create_app(
        service, ledger, store, clock, limits=limits, static=tmp_path / "none", activity=config if activity else None
    )
    client: TestClient[Any, Any] = TestClient(TestServer(app))
    await client.start_server()
    return ActivitySite(fake, guild, alice, client, service, events, clock, store)


@pytest_asyncio.fixture
async def site(tmp_path: pathlib.Path) -> AsyncIterator[ActivitySite]:
    async with FakeDiscord() as fake:
        fake.enable_activities()
        opened = await open_activity_site(tmp_path, fake, activity=True)
        try:
            yield opened
        finally:
            await opened.client.close()
            await opened.service.ledger.close()
            await opened.store.close()
        assert fake.violations == []


async def test_the_client_id_is_served_and_the_code_is_exchanged_with_the_secret(site: ActivitySite) -> None:
    assert await site.send("GET", "/api/activity") == (200, {"client_id": site.fake.client_id})
    code = site.fake.authorize(site.alice)
    status, body = await site.send("POST", "/api/activity/token", {"code": code})
    assert status == 200 and site.fake.world.access_tokens[body["access_token"]] == site.alice.id
    [exchange] = [call for call in site.fake.calls if call.route == "/oauth2/token"]
    assert exchange.json == {
        "client_id": site.fake.client_id,
        "client_secret": site.fake.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    assert await site.send("POST", "/api/activity/token", {"code": code}) == (  # a code is good once
        403,
        {"error": "activity_denied", "message": "Discord did not confirm who you are in this Activity: close it and "
         "open it again."},
    )  # fmt: skip


async def test_a_member_in_the_instance_plays_the_servers_daily_in_the_slot_discord_reads(site: ActivitySite) -> None:
    instance = site.fake.join_activity(site.alice, site.guild.text_channel)
    # the member opened the daily in Discord first (as /solitaire daily does), then launched the Activity
    in_discord = await site.service.daily(site.guild.id, site.alice.id, "Alice")
    session = await site.session_for(site.alice, instance.id)
    assert session["member"] == {"id": str(site.alice.id), "name": "Alice"}
    assert session["guild_id"] == str(site.guild.id)
    headers = {"X-Mahjong-Session": session["session"], "X-Mahjong-Instance": instance.id}
    status, game = await site.send("GET", "/api/game?mode=daily", **headers)
    assert status == 200 and game["game"] == in_discord.state.id and game["day"] == DAY.isoformat()
    a, b = deal_for_date(DAY).solution[0]
    move = {"mode": "daily", "game": game["game"], "step": game["step"], "move": "pair", "tiles": [a, b]}
    status, moved = await site.send("POST", "/api/move", move, **headers)
    assert status == 200 and moved["pairs"] == 1
    current = await site.service.read(site.guild.id, site.alice.id, "daily")
    assert current is not None and current.state.step == moved["step"] and current.state.id == in_discord.state.id


async def test_members_behind_discords_proxy_are_limited_each_as_a_member_not_by_its_address(tmp_path) -> None:
    """Every member's requests reach the page from Discord's proxy: a limit by address would be one for all."""
    async with FakeDiscord() as fake:
        fake.enable_activities()
        site = await open_activity_site(tmp_path, fake, activity=True, limits=RateLimits(address=Rate(0.001, 3.0)))
        try:
            instance = fake.join_activity(site.alice, site.guild.text_channel)
            session = (await site.session_for(site.alice, instance.id))["session"]  # two of the address's three
            headers = {"X-Mahjong-Session": session, "X-Mahjong-Instance": instance.id}
            assert [(await site.send("GET", "/api/words", **headers))[0] for _ in range(6)] == [200] * 6
            forged = {**headers, "X-Mahjong-Session": session[:-2] + "xx"}
            assert [(await site.send("GET", "/api/words", **forged))[0] for _ in range(2)] == [403, 429]
            assert (await site.send("GET", "/api/words"))[0] == 429  # and anyone without a session
        finally:
            await site.client.close()
            await site.service.ledger.close()
            await site.store.close()
        assert fake.violations == []


async def test_a_flood_of_launches_stops_at_the_limit_before_reaching_discord(tmp_path) -> None:
    async with FakeDiscord() as fake:
        fake.enable_activities()
        site = await open_activity_site(tmp_path, fake, activity=True, limits=RateLimits(discord=Rate(0.001, 3.0)))
        try:
            statuses = [(await site.send("POST", "/api/activity/token", {"code": f"made-up-{n}"}))[0] for n in range(5)]
            assert statuses == [403, 403, 403, 429, 429]
            assert len([call for call in fake.calls if call.route == "/oauth2/token"]) == 3
        finally:
            await site.client.close()
            await site.service.ledger.close()
            await site.store.close()


async def test_a_forged_an_expired_and_another_instances_session_are_refused(site: ActivitySite) -> None:
    instance = site.fake.join_activity(site.alice, site.guild.text_channel)
    session = (await site.session_for(site.alice, instance.id))["session"]
    member, _, channel, instance_id, name, expires, signature = session.split(".")
    assert channel == str(site.guild.text_channel.id)
    other_guild = site.fake.add_guild(name="Elsewhere")
    forged = ".".join([member, str(other_guild.id), channel, instance_id, name, expires, signature])
    refused = {"error": "bad_session", "message": "This Activity session is not valid any more: close the Activity and "
               "open it again."}  # fmt: skip
    assert await site.send("GET", "/api/game?mode=daily", **{"X-Mahjong-Session": forged}) == (403, refused)
    assert await site.send("GET", "/api/game?mode=daily", **{"X-Mahjong-Session": "nonsense"}) == (403, refused)
    moved = ".".join(
        [member, str(site.guild.id), str(other_guild.text_channel.id), instance_id, name, expires, signature]
    )
    assert await site.send("GET", "/api/game?mode=daily", **{"X-Mahjong-Session": moved}) == (403, refused)
    elsewhere = {"X-Mahjong-Session": session, "X-Mahjong-Instance": "i-1-gc-2-3"}
    assert await site.send("GET", "/api/game?mode=daily", **elsewhere) == (403, refused)
    site.clock.now += SESSION_SECONDS
    assert await site.send("GET", "/api/game?mode=daily", **{"X-Mahjong-Session": session}) == (403, refused)
    for guild_id in (site.guild.id, other_guild.id):  # nothing was opened anywhere
        assert await site.service.read(guild_id, site.alice.id, "daily") is None


async def test_a_user_not_in_the_instance_gets_no_session(site: ActivitySite) -> None:
    bob = site.fake.add_member(site.guild, name="Bob")
    instance = site.fake.join_activity(site.alice, site.guild.text_channel)
    status, token = await site.send("POST", "/api/activity/token", {"code": site.fake.authorize(bob)})
    assert status == 200
    asked = {"access_token": token["access_token"], "instance_id": instance.id}
    status, body = await site.send("POST", "/api/activity/session", asked)
    assert (status, body["error"]) == (403, "activity_denied")
    unknown = {"access_token": token["access_token"], "instance_id": "i-404"}
    assert (await site.send("POST", "/api/activity/session", unknown))[0] == 403
    not_a_token = {"access_token": "forged", "instance_id": instance.id}
    assert (await site.send("POST", "/api/activity/session", not_a_token))[0] == 403
    site.fake.end_activity(instance)
    site.fake.join_activity(bob, site.guild.text_channel)  # a new instance, Bob's: Alice's old id is no more
    assert (await site.send("POST", "/api/activity/session", asked))[0] == 403


async def test_with_the_activity_off_its_routes_do_not_exist_and_a_session_header_plays_no_one(tmp_path) -> None:
    async with FakeDiscord() as fake:
        opened = await open_activity_site(tmp_path, fake, activity=False)
        try:
            for method, path in (("GET", "/api/activity"), ("POST", "/api/activity/token")):
                status, body = await opened.send(method, path, None if method == "GET" else {"code": "x"})
                assert (status, body["error"]) == (404, "not_found")
            status, body = await opened.send("GET", "/api/game?mode=daily", **{"X-Mahjong-Session": "1.2.i.QQ.9.x"})
            assert (status, body["error"]) == (403, "bad_session")
            async with opened.client.get("/") as page:
                assert page.headers["X-Frame-Options"] == "DENY"
        finally:
            await opened.client.close()
            await opened.service.ledger.close()
            await opened.store.close()
        assert fake.calls == []  # nothing asked of Discord


async def test_with_the_activity_on_discord_may_frame_the_page(site: ActivitySite) -> None:
    async with site.client.get("/") as page:
        assert "X-Frame-Options" not in page.headers
        assert "https://*.discordsays.com" in page.headers["Content-Security-Policy"]


async def test_the_sign_in_names_the_table_the_instances_channel_holds(site: ActivitySite) -> None:
    """Launched in a table's thread, or in a channel the Discord surface says holds a table (one without a
    thread, or whose launch button was pressed there), the Activity is told that table; elsewhere null."""
    thread = site.fake.add_channel(site.guild, "classic-table")  # the instance's location names a thread by id
    places = DiscordPlaces(site.store)  # the Discord surface's record, as the bot writes it
    await places.record("abcd1234", DiscordPlace(site.guild.text_channel.id, thread.id, 1))
    await places.index_thread(thread.id, "abcd1234")
    in_thread = await site.session_for(site.alice, site.fake.join_activity(site.alice, thread).id)
    assert in_thread["table"] == "abcd1234"
    assert in_thread["session"].split(".")[2] == str(thread.id)  # the session names its channel
    elsewhere = site.fake.join_activity(site.alice, site.guild.text_channel)
    answer = await site.session_for(site.alice, elsewhere.id)
    assert set(answer) == {"session", "member", "guild_id", "table"} and answer["table"] is None
    await places.launched("abcd1234", site.guild.text_channel.id)  # its button pressed in the parent channel
    assert (await site.session_for(site.alice, elsewhere.id))["table"] == "abcd1234"
    await places.forget("abcd1234")  # the table is gone: so is what named it
    assert (await site.session_for(site.alice, elsewhere.id))["table"] is None
    assert (await site.session_for(site.alice, site.fake.join_activity(site.alice, thread).id))["table"] is None


async def test_a_session_signed_before_sessions_named_their_channel_is_still_read() -> None:
    signer = SessionSigner(b"the web secret")
    old = "1234.5678.i-1-gc-5678-90.QWxpY2U.2000"  # <member>.<guild>.<instance>.<name>.<expires>
    assert signer.verified(f"{old}.{signer._signature(old)}", 1000.0) == ActivitySession(
        1234, 5678, "i-1-gc-5678-90", "Alice", 2000, None
    )
    session = ActivitySession(1234, 5678, "i-1-gc-5678-90", "Alice", 2000, 90)
    signed = signer.signed(session)
    assert signed.startswith("1234.5678.90.i-1-gc-5678-90.QWxpY2U.2000.")
    assert signer.verified(signed, 1000.0) == session and signer.verified(signed, 2000.0) is None
    no_channel = ActivitySession(1234, 5678, "i-1-gc-5678-90", "Alice", 2000)
    assert signer.verified(signer.signed(no_channel), 1000.0) == no_channel
