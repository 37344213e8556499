"""The table page's routes (``web.table_routes``) over the application as the root builds it, on the real
embedded SQLite stores under a fake clock, through aiohttp's test server: ``GET /table/new`` shows the
Start page and opens nothing, its button's ``POST /table/new`` opens a table with its creator seated
under their pseudonym (a newcomer given a cookie) as ``/mahjong new`` would, a seed makes a practice
table, a query it does not take is refused in the page's language with nothing opened, as are a foreign
origin and an address opening tables too fast; ``/table/<id>`` serves the page, 404 for a table that
does not exist.

``open_table_site`` is the server the socket tests (``test_table_sockets.py``) and a browser test use:
``TableSite.origin`` is its address, ``TableSite.browser()`` one browser (its own cookies).
"""

from __future__ import annotations

import asyncio
import html
import html.parser
import pathlib
import re
import urllib.parse
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from benchmarks.table_page_client import TableSocket
from core.application import Application, build_application
from core.settings import Origin, Settings
from core.stores import Stores
from core.tables.options import SPEED_TIMINGS
from core.tables.state import TableState
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.frame_rule import assert_frame_rule
from tests.web.test_api import FakeClock
from web.activity import ActivityConfig
from web.app import create_app
from web.guard import WEB_GUILD
from web.identity import COOKIE
from web.limits import Rate, RateLimits
from web.words import say
from words import text

pytestmark = pytest.mark.asyncio

TABLE_PAGE = "<!doctype html><title>table</title><main id=table></main>\n"


@dataclass
class TableSite:
    """The page's server with the tables, over an application whose table clock runs (every
    ``tick`` seconds of real time, reading the fake ``clock``)."""

    server: TestServer
    clock: FakeClock
    application: Application
    live: SqliteLiveStore
    ledger: SqliteLedger
    solitaire_ledger: SqliteSolitaireLedger
    clients: list[TestClient[Any, Any]] = field(default_factory=list)

    @property
    def origin(self) -> str:
        return f"http://{self.server.host}:{self.server.port}"

    async def browser(self) -> Browser:
        client: TestClient[Any, Any] = TestClient(self.server)
        await client.start_server()
        self.clients.append(client)
        return Browser(client, self)

    async def table(self, table_id: str) -> tuple[TableState, int]:
        committed = await self.application.tables.read(table_id)
        assert committed is not None
        return committed.state, committed.version

    async def table_ids(self) -> list[str]:
        return [key.removeprefix("table:") for key in await self.live.keys("table:")]

    async def settle(self) -> None:
        """Let the subscribers of the changes made so far finish (the sockets' frames among them)."""
        await asyncio.sleep(0)
        await self.application.events.drain()

    async def close(self) -> None:
        for client in self.clients:
            await client.close()
        await self.server.close()
        await self.application.stop()
        await self.solitaire_ledger.close()
        await self.ledger.close()
        await self.live.close()


async def open_table_site(
    tmp_path: pathlib.Path,
    *,
    static: pathlib.Path | None = None,
    activity: ActivityConfig | None = None,
    tick: float = 0.02,
    origins: tuple[Origin, ...] = (),
    **limits: Any,
) -> TableSite:
    """The page's server with the table page on: ``static`` holds its files (a bare ``table.html`` by
    default), ``limits`` replace ``RateLimits``' own, ``tick`` is the table clock's period (real seconds),
    ``origins`` are the deployment's (``WEB_ORIGINS``)."""
    if static is None:
        static = tmp_path / "static"
        static.mkdir(exist_ok=True)
        (static / "table.html").write_text(TABLE_PAGE)
    live = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    solitaire_ledger = SqliteSolitaireLedger.beside(ledger)
    clock = FakeClock()
    settings = Settings(token="test", database_path=str(tmp_path / "ledger.sqlite3"))
    application = await build_application(
        settings, stores=Stores(live, ledger, solitaire_ledger), clock=clock, tick=tick
    )
    app = create_app(
        application.solitaire,
        solitaire_ledger,
        live,
        clock,
        limits=RateLimits(**limits),
        static=static,
        activity=activity,
        origins=origins,
        tables=application.tables,
        events=application.events,
        tournaments=application.tournaments,
    )
    application.start()
    server = TestServer(app)
    await server.start_server()
    return TableSite(server, clock, application, live, ledger, solitaire_ledger)


@pytest_asyncio.fixture
async def table_site(tmp_path: pathlib.Path) -> AsyncIterator[TableSite]:
    opened = await open_table_site(tmp_path)
    try:
        yield opened
    finally:
        await opened.close()


class Browser:
    """One browser: its own cookies; its sockets read every frame they are sent, each held to SPEC §7's rule."""

    def __init__(self, client: TestClient[Any, Any], site: TableSite) -> None:
        self.client = client
        self.site = site

    @property
    def player(self) -> int:
        cookie = self.client.session.cookie_jar.filter_cookies(self.client.make_url("/")).get(COOKIE)
        assert cookie is not None, "no player cookie yet"
        return int(cookie.value.split(".")[0])

    async def get(self, path: str, **headers: str) -> tuple[int, str, Any]:
        async with self.client.get(path, headers=headers, allow_redirects=False) as answer:
            return answer.status, await answer.text(), answer.headers

    async def post_form(self, path: str, fields: list[tuple[str, str]], **headers: str) -> tuple[int, str, Any]:
        """A form posted as a browser posts it from the page: form-encoded, with the page's ``Origin``
        (``Origin=""`` leaves it out)."""
        headers.setdefault("Origin", self.site.origin)
        if not headers["Origin"]:
            del headers["Origin"]
        async with self.client.post(path, data=fields, headers=headers, allow_redirects=False) as answer:
            return answer.status, await answer.text(), answer.headers

    async def open_table(self, query: str, **headers: str) -> tuple[int, str, Any]:
        """``POST /table/new`` with the fields of ``query`` (``rules=classic&computers=1``): the Start
        page's button pressed."""
        return await self.post_form("/table/new", urllib.parse.parse_qsl(query), **headers)

    async def new_table(self, query: str = "rules=classic&computers=0") -> str:
        """A new table's id, opened as the Start page's button opens it."""
        status, text, headers = await self.open_table(query)
        assert status == 303, text
        location: str = headers["Location"]
        assert location.startswith("/table/")
        return location.removeprefix("/table/")

    async def socket(self, table_id: str, lang: str = "en", **headers: str) -> Socket:
        headers.setdefault("Origin", self.site.origin)
        connection = await self.client.ws_connect(f"/table/{table_id}/socket?lang={lang}", headers=headers)
        return Socket(connection)


class Socket(TableSocket):
    """A page's socket (``TableSocket``, read message by message): the frames it was sent, in order, each
    checked; ``last`` the last of them."""

    connection: aiohttp.ClientWebSocketResponse

    def __init__(self, connection: aiohttp.ClientWebSocketResponse) -> None:
        super().__init__(connection)
        self.frames: list[dict[str, Any]] = []
        self.hints: list[dict[str, Any]] = []
        self.names: list[dict[str, Any]] = []

    async def receive(self, timeout: float | None = 5.0) -> dict[str, Any] | None:
        """The next message (None once the socket is closed); a frame is checked and kept."""
        return await super().receive(timeout)

    def heard(self, said: dict[str, Any]) -> None:
        if said["type"] == "frame":
            assert_frame_rule(said)
            if self.frames:
                assert said["version"] >= self.last["version"], "a frame older than one already sent"
            self.frames.append(said)
        elif said["type"] == "name":  # the name this page's player sits under (SPEC §7.1)
            assert set(said) == {"type", "name", "editable"} and isinstance(said["editable"], bool), said
            self.names.append(said)
        elif said["type"] == "hint":  # the answer to this page's Hint: a face of its own hand
            assert set(said) == {"type", "step", "tiles"} and said["tiles"] in self.own_hand(), said
            self.hints.append(said)
        else:
            assert said["type"] == "refused" and set(said) == {"type", "error", "message"}, said
        super().heard(said)

    def ended(self, message: aiohttp.WSMessage) -> None:
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING), message

    def own_hand(self) -> list[str]:
        seat = next((seat for seat in self.last["seats"] if seat["wind"] == self.last["viewer"]), {})
        hand: list[str] = seat.get("hand", [])
        return hand

    async def frame(self, at_least: int = 0, timeout: float = 5.0) -> dict[str, Any]:
        """The first frame of version ``at_least`` or later (the last one kept, when it is)."""
        return await self.wait(lambda frame: frame["version"] >= at_least, timeout)

    async def next_frame(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next frame sent (of any version: a socket whose viewer changed is sent its new view)."""
        async with asyncio.timeout(timeout):
            while True:
                said = await self.receive(timeout)
                assert said is not None, "closed while a frame was awaited"
                if said["type"] == "frame":
                    return said

    async def refused(self, timeout: float = 5.0) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while True:
                said = await self.receive(timeout)
                assert said is not None, "closed while a refusal was awaited"
                if said["type"] == "refused":
                    return said

    async def named(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next ``name`` message (the name this page's player sits under)."""
        async with asyncio.timeout(timeout):
            while True:
                said = await self.receive(timeout)
                assert said is not None, "closed while a name was awaited"
                if said["type"] == "name":
                    return said

    async def hinted(self, timeout: float = 5.0) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while True:
                said = await self.receive(timeout)
                assert said is not None, "closed while a hint was awaited"
                if said["type"] == "hint":
                    return said

    async def closed(self, timeout: float = 5.0) -> int | None:
        """Read to the socket's end; its close code."""
        async with asyncio.timeout(timeout):
            while await self.receive(timeout) is not None:
                pass
        return self.connection.close_code


# --- /table/new --------------------------------------------------------------------------------


async def test_a_new_table_seats_its_creator_under_their_pseudonym_as_mahjong_new_would(table_site: TableSite) -> None:
    browser = await table_site.browser()
    status, text, headers = await browser.open_table("rules=hongkong&computers=2")
    assert status == 303, text
    assert "mj_player=" in headers["Set-Cookie"] and "HttpOnly" in headers["Set-Cookie"]
    table_id = headers["Location"].removeprefix("/table/")
    state, version = await table_site.table(table_id)
    player = browser.player
    assert (state.host_id, state.guild_id, state.status, version) == (player, WEB_GUILD, "lobby", 1)
    assert [(seat.name, seat.member_id, seat.computer is not None) for seat in state.seats] == [
        (say("player.unnamed", "en"), player, False),
        ("Strong 1", None, True),
        ("Strong 2", None, True),
    ]
    settings = state.settings
    assert (settings.rules.name, settings.rules.length, settings.rules.minimum_fan) == ("hongkong", "four_winds", 3)
    assert (settings.speed, settings.timing, settings.computer_level, settings.hints) == (
        "live",
        SPEED_TIMINGS["live"],
        "strong",
        True,
    )
    assert (settings.lang, settings.hide_claims, settings.learners, state.practice) == ("en", False, False, False)

    # the player's pseudonym names them at the next table; the page's language is the table's
    await table_site.solitaire_ledger.set_pseudonym(WEB_GUILD, player, "Ana")
    status, _, headers = await browser.open_table("rules=family&length=one_hand&lang=fr")
    assert status == 303 and "Set-Cookie" not in headers  # a known player keeps their cookie
    state, _ = await table_site.table(headers["Location"].removeprefix("/table/"))
    assert [seat.name for seat in state.seats] == ["Ana"]
    assert (state.host_id, state.settings.rules.name, state.settings.rules.length, state.settings.lang) == (
        player,
        "family",
        "one_hand",
        "fr",
    )


class StartPage(html.parser.HTMLParser):
    """What a browser finds on the Start page: its form, its hidden fields, its buttons, its texts."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.forms: list[dict[str, str | None]] = []
        self.fields: list[tuple[str, str]] = []
        self.buttons: list[dict[str, str | None]] = []
        self.tags: list[str] = []
        self.texts: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        shown = dict(attrs)
        if tag == "form":
            self.forms.append(shown)
        elif tag == "input":
            assert shown["type"] == "hidden", shown
            self.fields.append((shown["name"] or "", shown["value"] or ""))
        elif tag == "button":
            self.buttons.append(shown)

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data.strip())


async def test_the_link_shows_a_start_page_and_only_its_button_opens_the_table(table_site: TableSite) -> None:
    """Link previews, prefetchers and monitors fetch links: GET and HEAD open nothing. The Start page says
    what would open, in the page's language, and its one button posts the same fields, which opens the
    table and leads to it, as the link did before in one step."""
    browser = await table_site.browser()
    query = "rules=hongkong&computers=2&length=one_wind&seed=424242"
    for _ in range(3):
        status, page, headers = await browser.get(f"/table/new?{query}", **{"Accept-Language": "fr-CA,fr;q=0.9"})
        assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    async with browser.client.head(f"/table/new?{query}", allow_redirects=False) as answer:
        assert answer.status == 200
    assert await table_site.table_ids() == []  # nothing opened by fetching it
    assert headers["Cache-Control"] == "no-store" and "Set-Cookie" not in headers
    assert "script-src 'self'" in headers["Content-Security-Policy"] and headers["X-Frame-Options"] == "DENY"
    start = StartPage(page)
    assert "script" not in start.tags and "style" not in start.tags and "style=" not in page
    assert start.forms == [{"method": "post", "action": "/table/new"}]
    assert start.fields == [
        ("rules", "hongkong"),
        ("computers", "2"),
        ("lang", "fr"),
        ("length", "one_wind"),
        ("seed", "424242"),
    ]
    assert start.buttons == [{"type": "submit", "data-action": "open-table"}]
    for said in (
        say("start.title", "fr"),
        say("table.rules.hongkong", "fr"),
        text("names", "length.one_wind", "fr"),
        say("start.practice", "fr", deal="424242"),
        say("start.action", "fr"),
    ):
        assert said in start.texts, said
    assert '<html lang="fr">' in page

    # the button pressed: the form's fields posted
    status, _, headers = await browser.post_form("/table/new", start.fields)
    assert status == 303
    state, _ = await table_site.table(headers["Location"].removeprefix("/table/"))
    assert (state.settings.rules.name, state.settings.rules.length, state.settings.lang) == (
        "hongkong",
        "one_wind",
        "fr",
    )
    assert (state.seed, state.practice, len(state.seats)) == (424242, True, 3)

    # the rules' own length when the link names none, in the page's language, its texts escaped
    status, page, _ = await browser.get("/table/new?rules=classic&lang=zh_TW")
    start = StartPage(page)
    assert status == 200 and text("names", "length.four_winds", "zh_TW") in start.texts
    assert start.fields == [("rules", "classic"), ("computers", "0"), ("lang", "zh_TW")]
    assert '<html lang="zh-TW">' in page


async def test_the_solitaire_pages_table_link_lands_on_the_start_page(table_site: TableSite) -> None:
    index = (pathlib.Path(__file__).resolve().parents[2] / "web" / "static" / "index.html").read_text(encoding="utf-8")
    link = html.unescape(re.search(r'<a href="([^"]+)" data-table-link', index).group(1))  # type: ignore[union-attr]
    browser = await table_site.browser()
    status, page, _ = await browser.get(link)
    start = StartPage(page)
    assert status == 200 and start.fields == [("rules", "hongkong"), ("computers", "3"), ("lang", "en")]
    assert (await browser.post_form("/table/new", start.fields))[0] == 303
    assert len(await table_site.table_ids()) == 1


async def test_a_form_that_is_no_tables_is_refused_and_opens_nothing(table_site: TableSite) -> None:
    browser = await table_site.browser()
    status, text_, _ = await browser.post_form("/table/new", [("rules", "classic"), ("padding", "x" * 5000)])
    assert (status, text_) == (413, say("error.too_large", "en") + "\n")
    form = aiohttp.FormData()
    form.add_field("rules", b"classic", filename="rules.txt", content_type="text/plain")
    async with browser.client.post("/table/new", data=form, headers={"Origin": table_site.origin}) as answer:
        assert (answer.status, await answer.text()) == (400, say("error.bad_field", "en", field="rules") + "\n")
    status, text_, _ = await browser.post_form("/table/new", [])  # a JSON body or none: no rules
    assert (status, text_) == (400, say("error.missing_field", "en", field="rules") + "\n")
    status, text_, _ = await browser.post_form("/table/new", [("rules", "classic"), ("lang", "fr"), ("computers", "9")])
    assert (status, text_) == (400, say("error.bad_field", "fr", field="computers") + "\n")  # the form's language
    assert await table_site.table_ids() == []


async def test_a_seed_makes_a_practice_table_dealt_from_that_seed(table_site: TableSite) -> None:
    browser = await table_site.browser()
    practice = await browser.new_table("rules=classic&computers=3&seed=424242")
    other = await browser.new_table("rules=classic&computers=3")
    state, _ = await table_site.table(practice)
    assert (state.seed, state.practice) == (424242, True)
    assert TableState.from_document(state.to_document()) == state  # kept in the document
    assert not (await table_site.table(other))[0].practice
    # its frame names the deal, which another table opened with that seed (or /mahjong new deal:) plays
    assert (await (await browser.socket(practice)).frame())["deal"] == "424242"
    assert (await (await browser.socket(other)).frame())["deal"] is None


@pytest.mark.parametrize(
    ("query", "error", "field"),
    [
        ("rules=poker", "bad_field", "rules"),
        ("rules=classic&computers=4", "bad_field", "computers"),
        ("rules=classic&computers=-1", "bad_field", "computers"),
        ("rules=classic&computers=two", "bad_field", "computers"),
        ("rules=classic&length=forever", "bad_field", "length"),
        ("rules=classic&seed=-3", "bad_field", "seed"),
        (f"rules=classic&seed={1 << 48}", "bad_field", "seed"),
        ("rules=classic&speed=async", "unknown_field", "speed"),
        ("rules=classic&rules=family", "unknown_field", "rules"),
        ("computers=1", "missing_field", "rules"),
    ],
)
async def test_a_query_the_route_does_not_take_is_refused_in_the_pages_language_and_opens_nothing(
    table_site: TableSite, query: str, error: str, field: str
) -> None:
    """The Start page refuses the query as the Start button's form would be refused: nothing is opened."""
    browser = await table_site.browser()
    status, text, headers = await browser.get(f"/table/new?{query}&lang=fr")
    assert (status, text) == (400, say(f"error.{error}", "fr", field=field) + "\n")
    assert headers["Content-Type"].startswith("text/plain")
    status, text, _ = await browser.get(f"/table/new?{query}", **{"Accept-Language": "zh-TW"})
    assert (status, text) == (400, say(f"error.{error}", "zh_TW", field=field) + "\n")
    status, text, _ = await browser.open_table(f"{query}&lang=fr")
    assert (status, text) == (400, say(f"error.{error}", "fr", field=field) + "\n")
    assert await table_site.table_ids() == []


async def test_another_sites_form_opens_no_table(table_site: TableSite) -> None:
    browser = await table_site.browser()
    refused = say("error.foreign_origin", "en") + "\n"
    port = table_site.server.port
    for headers in (
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "", "Sec-Fetch-Site": "cross-site"},
        {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"},  # DNS rebinding
    ):
        assert (await browser.open_table("rules=classic", **headers))[:2] == (403, refused), headers
    assert await table_site.table_ids() == []
    # another site's link only shows the Start page
    assert (await browser.get("/table/new?rules=classic", **{"Sec-Fetch-Site": "cross-site"}))[0] == 200
    assert await table_site.table_ids() == []
    assert (await browser.open_table("rules=classic", Origin=""))[0] == 303  # no browser's page: a script


async def test_an_address_opens_only_so_many_tables(tmp_path: pathlib.Path) -> None:
    site = await open_table_site(tmp_path, new_table=Rate(0.1, 2.0))
    try:
        browser = await site.browser()
        await browser.new_table()
        await browser.new_table()
        assert (await browser.open_table("rules=classic"))[:2] == (429, say("error.too_many", "en") + "\n")
        site.clock.now += 10.0  # one more every ten seconds
        await browser.new_table()
        assert len(await site.table_ids()) == 3
    finally:
        await site.close()


# --- /table/<id> ---------------------------------------------------------------------------------


async def test_the_table_page_is_served_for_a_table_that_exists(table_site: TableSite) -> None:
    host = await table_site.browser()
    table_id = await host.new_table()
    visitor = await table_site.browser()
    status, text, headers = await visitor.get(f"/table/{table_id}")
    assert (status, text) == (200, TABLE_PAGE)
    assert headers["Cache-Control"] == "no-cache" and "Content-Security-Policy" in headers
    assert "mj_player=" in headers["Set-Cookie"]  # a newcomer's socket plays them
    assert visitor.player != host.player
    status, text, _ = await visitor.get("/table/zz9zz9zz?lang=fr")
    assert (status, text) == (404, say("error.not_found", "fr") + "\n")
    for path in ("/table/ABC", "/table/a.b", "/table/" + "a" * 33, "/table/x/y", "/table/new/socket"):
        assert (await visitor.get(path))[0] == 404, path


async def test_without_its_file_the_table_page_says_it_is_not_built(tmp_path: pathlib.Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    site = await open_table_site(tmp_path, static=empty)
    try:
        browser = await site.browser()
        table_id = await browser.new_table()
        status, text, _ = await browser.get(f"/table/{table_id}")
        assert (status, "table.html is missing" in text) == (503, True)
    finally:
        await site.close()


async def test_the_first_frame_of_a_new_table_is_its_creators(table_site: TableSite) -> None:
    browser = await table_site.browser()
    table_id = await browser.new_table("rules=classic&computers=1")
    socket = await browser.socket(table_id)
    first = await socket.frame()
    assert_frame_rule(first)
    assert (first["table"], first["version"], first["state"], first["viewer"]) == (table_id, 1, "lobby", "seated")
    assert [seat["kind"] for seat in first["seats"]] == ["member", "computer", "empty", "empty"]
    await socket.close()
