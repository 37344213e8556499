"""The Activity launched where a table lives opens that table, in a real browser with Discord's real
Embedded App SDK against the fake Discord (the harness of ``tests/web/test_activity_page.py``): the page
Discord loads (``/``) signs the member in through the real routes, hears which table the instance's
channel holds, and opens ``/table/<id>`` with Discord's parameters; the table page takes the session
handed over (Discord's code is good for one exchange), says hello on its socket, and shows the member
seated at their server's table, their own hand and nobody else's."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from core.application import build_application
from core.settings import Settings
from core.stores import Stores
from core.tables.moves import Actor
from core.tables.options import SPEED_TIMINGS, table_defaults, table_rules, table_settings
from core.tables.threads import thread_key
from data.ledger import GuildSettings
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.frame_rule import assert_frame_rule
from tests.web.browser import PHONE, chromium_path
from tests.web.test_activity_page import RealActivityServer, Watched

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from aiohttp import web  # noqa: E402
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = pytest.mark.e2e


class TableActivityServer(RealActivityServer):
    """The page's server with its tables and real Activity routes against the fake Discord, the fake
    Discord's frame beside them on the same origin (``RealActivityServer``'s), and a Hong Kong table of
    Alice's in the server whose thread is the channel the Activity is launched in."""

    def run(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=30)

    async def _start(self) -> None:
        from tests.fakediscord import FakeDiscord
        from web.activity import ActivityConfig
        from web.app import create_app

        self.fake = FakeDiscord()
        await self.fake.__aenter__()
        self.fake.enable_activities()
        self.guild = self.fake.add_guild(name="Club")
        self.alice = self.fake.add_member(self.guild, name="alice", global_name="Alice")
        self.live = await SqliteLiveStore.open(self.folder / "live.sqlite3")
        self.ledger = await SqliteLedger.open(self.folder / "ledger.sqlite3")
        solitaire = SqliteSolitaireLedger.beside(self.ledger)
        settings = Settings(token="test", database_path=str(self.folder / "ledger.sqlite3"))
        self.application = await build_application(settings, stores=Stores(self.live, self.ledger, solitaire))
        config = ActivityConfig(
            self.fake.client_id,
            self.fake.client_secret,
            self.fake.token,
            f"http://{self.fake.host}:{self.fake.port}/api/v10",
        )
        app = create_app(
            self.application.solitaire,
            solitaire,
            self.live,
            time.time,
            activity=config,
            tables=self.application.tables,
            events=self.application.events,
            tournaments=self.application.tournaments,
        )
        app.router.add_get("/discord.html", self.harness)
        self.application.start()
        opened = await self.application.tables.open(
            host=Actor(self.alice.id, self.guild.id, "Alice"),
            guild_id=self.guild.id,
            settings=table_settings(
                table_defaults(GuildSettings(), SPEED_TIMINGS), table_rules("hongkong", None), "en"
            ),
            computers=3,
        )
        self.table_id = opened.state.id
        # what the Discord surface writes when it opens the table's thread (bot.tables.places)
        await self.live.create(thread_key(self.guild.text_channel.id), {"table": self.table_id})
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        host, port = self.runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"

    async def _stop(self) -> None:
        await self.runner.cleanup()
        await self.application.stop()
        await self.live.close()
        await self.ledger.close()
        await self.fake.__aexit__(None, None, None)


def test_the_activity_launched_in_a_tables_thread_opens_that_table_with_the_members_seat(
    browser: Browser, tmp_path: Path
) -> None:
    with TableActivityServer(tmp_path) as server:
        instance, code = server.launch()
        watched = Watched(browser, PHONE)
        page = watched.page()
        frames: list[dict[str, Any]] = []

        def follow(socket: Any) -> None:
            socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

        page.on("websocket", follow)
        src = (
            f"/?frame_id=f-0003&instance_id={instance}&platform=mobile"
            f"&guild_id={server.guild.id}&channel_id={server.guild.text_channel.id}"
        )
        page.goto(f"{server.url}/discord.html?src={quote(src, safe='')}&code={quote(code)}")
        frame = page.frame_locator("#act")
        table = frame.locator("#table")
        expect(table).to_have_attribute("data-table-id", server.table_id)
        expect(table).to_have_attribute("data-viewer", "seated")
        expect(frame.locator("#player-name")).to_have_text("Alice")
        frame.locator('button[data-action="start"]').click()
        expect(table).to_have_attribute("data-state", "playing")
        expect(frame.locator("#hand button").first).to_be_visible()
        shown = [sent for sent in frames if sent.get("type") == "frame"]
        assert shown and all(sent["table"] == server.table_id for sent in shown)
        for sent in shown:
            assert_frame_rule(sent)
        state = server.run(server.application.tables.read(server.table_id)).state
        seat = state.seat_of(server.alice.id)
        assert seat is not None and state.status == "playing"
        # the member was signed in once: one code exchanged, the table page took the handed-over session
        assert len([call for call in server.fake.calls if call.route == "/oauth2/token"]) == 1
        assert server.fake.violations == []
        watched.close()
