"""The table page played in a real browser (SPEC §7, issue 39): the real server (``open_table_site``, its
table clock on a fake clock the test moves on only while computers are to play) and Chromium driven
through Playwright (tests/web/browser.py), several contexts at one table.

A whole Hong Kong hand and a whole classic hand, each dealt from a fixed seed: two page players (one on
a 360 × 640 phone with touch, one at a desktop) and two computers; the host opens ``/table/new`` (and
presses Start), the other opens the table's link and joins, the host starts, and both play by presses on
the page only: a tile pressed then pressed again (or Discard; the first press sends nothing), the claim
buttons (each chow choice its own button with its run), pass, Mahjong when offered (at both seeds a page
player wins with it). The hand's result is shown in every page as the stored state's last hand says, and
``next-hand``, pressed by every player, deals hand 2. Besides:

- a spectator (a third context) watches: only ``join`` while a seat is free, then no move and no hand;
  whenever the table waits for a member, every page at the stored version shows exactly the public
  tiles of the stored state (and a player's page their own concealed tiles): none of another seat's;
- a reconnect mid-hand: the phone goes offline and the server loses its socket (Hong Kong), or the
  desktop's page reloads (classic), while the others play on; back, the page opens a socket again,
  shows the stored version, and its player plays on;
- keyboard play: at the Hong Kong table the desktop player plays every turn and claim by the keyboard
  only (Tab and the arrows to a tile, Enter or Space twice; Tab to a claim, Pass or Mahjong, Enter);
- every frame each page receives (its WebSocket, as Chromium saw it) keeps SPEC §7's rule
  (``tests.frame_rule``), and the frames of one version show every viewer the same public table;
- on the 360 × 640 phone, on each of the player's turns, the hand's tiles are at least 40 pixels wide
  and the move buttons within the viewport (late in a hand the table is taller than the phone).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from aiohttp import WSCloseCode

from core.tables.frame import face, hint_of
from core.tables.rounds import shown_round
from core.tables.state import TableState
from game.round import Round
from tests.frame_rule import assert_frame_rule, assert_same_public
from tests.web.browser import DESKTOP, PHONE, PHONE_SMALL, chromium_path, seen_whole
from tests.web.test_table_api import TableSite, open_table_site
from web.identity import COOKIE
from web.limits import Rate
from web.page import STATIC
from web.table_routes import TABLE_HUB

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

pytestmark = pytest.mark.e2e

HAND_SECONDS = 120.0  # a hand that has not ended by then is stuck
WIND = "ESWN"
# Seeds whose hand a page player wins, with Mahjong (the players' choices and the computers' are fixed).
HONG_KONG_SEED = 5
CLASSIC_SEED = 1
T = TypeVar("T")

# What a page shows, read at once: the version drawn, the moves and the hand.
SNAPSHOT = """() => {
  const table = document.querySelector("#table");
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    version: Number(table.dataset.version || "0"),
    state: table.dataset.state,
    viewer: table.dataset.viewer,
    status: document.querySelector("#status").textContent,
    moves: all("#moves button[data-action]").map((b) => ({action: b.dataset.action, tiles: b.dataset.tiles ?? ""})),
    hand: all("#hand > button").map((b) => ({
      face: b.dataset.face,
      idle: b.dataset.idle === "true",
      pressed: b.getAttribute("aria-pressed") === "true",
    })),
    offer: document.querySelector("#offer").dataset.tile ?? null,
  };
}"""
# The tile faces a page shows: the table's (but the open discard, also in its seat's discards), any
# outside the seats' discards, sets and bonus tiles, and the viewer's hand.
FACES = """() => {
  const table = document.querySelector("#table");
  const faces = (keep) => [...document.querySelectorAll("[data-face]")].filter(keep).map((n) => n.dataset.face);
  return {
    version: Number(table.dataset.version || "0"),
    faces: faces((n) => !n.closest("#offer, #hand, #moves")),
    outside: faces((n) => !n.closest("[data-discards], [data-meld], [data-bonus], #offer, #hand, #moves")),
    revealed: document.querySelectorAll("[data-hand]").length,
    hand: [...document.querySelectorAll("#hand > button")].map((n) => n.dataset.face),
    moves: [...document.querySelectorAll("#moves button[data-action]")].map((b) => b.dataset.action),
  };
}"""
# Where the phone player's tiles and moves are, in the viewport's pixels.
BOXES = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    tiles: [...document.querySelectorAll("#hand > button")].map(box),
    moves: [...document.querySelectorAll("#moves button[data-action]")].map(box),
  };
}"""
FOCUS_IN_HAND = "document.activeElement?.parentElement?.id === 'hand'"
FOCUSED_INDEX = "Number(document.activeElement.dataset.index)"
FOCUSED_MOVE = """([action, tiles]) => {
  const e = document.activeElement;
  return e !== null && e.closest("#moves") !== null && e.dataset.action === action && (e.dataset.tiles ?? "") === tiles;
}"""


class TableServer:
    """``open_table_site`` (the real server with the table page, its table clock reading a fake clock) on
    an event loop of its own thread: the browser is driven synchronously from the test's thread."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.closing: set[asyncio.Future[bool]] = set()

    def __enter__(self) -> TableServer:
        self.thread.start()
        # the clock stands still while members play, so the phone's hint on a turn that follows its
        # claim would come "at once" after the last: the hints' pace is the socket tests' (test_table_sockets)
        unpaced = Rate(1000.0, 1000.0)
        self.site: TableSite = self.run(open_table_site(self.folder, static=STATIC, tick=0.02, table_hint=unpaced))
        return self

    def __exit__(self, *_: object) -> None:
        self.run(self.site.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=30)

    @property
    def url(self) -> str:
        return self.site.origin

    def table(self, table_id: str) -> tuple[TableState, int]:
        return self.run(self.site.table(table_id))

    def advance_to(self, moment: float) -> None:
        """The fake clock on to ``moment`` (never back), on the server's own loop."""

        def move() -> None:
            self.site.clock.now = max(self.site.clock.now, moment)

        self.loop.call_soon_threadsafe(move)

    def drop(self, member: int) -> None:
        """The server loses the sockets of ``member`` that are still open (Chromium's offline mode keeps a
        socket open, as a network that went away does until a heartbeat finds it dead; the page, told by
        the browser it went offline, may have closed its own already)."""

        async def close() -> None:
            hub = self.site.server.app[TABLE_HUB]
            lost = [viewer.socket for viewer in hub.viewers() if viewer.member == member]
            # not awaited: the closing handshake waits for the page, which is offline
            for socket in lost:
                closing = asyncio.ensure_future(socket.close(code=WSCloseCode.GOING_AWAY))
                self.closing.add(closing)
                closing.add_done_callback(self.closing.discard)

        self.run(close())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    with TableServer(tmp_path_factory.mktemp("tables")) as running:
        yield running


@dataclass
class Viewer:
    """One browser context at the table: its page, every message its sockets received and sent (as
    Chromium saw them), and how it plays (touch taps, mouse clicks or the keyboard)."""

    name: str
    context: BrowserContext
    page: Page
    touch: bool = False
    keyboard: bool = False
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)
    troubles: list[str] = field(default_factory=list)
    chair: int = -1
    online: bool = True
    acted: int = -1  # the version the player last moved at
    again: int = -1  # the version the player moved at again, their Mahjong refused
    refused: set[int] = field(default_factory=set)  # versions whose Mahjong the rules refused
    turns: int = 0
    keyboard_turns: int = 0
    keyboard_claims: int = 0
    claims: Counter[str] = field(default_factory=Counter)
    fitted: int = 0  # turns whose layout was measured
    sockets: int = 0  # the sockets its page opened
    mahjongs: int = 0  # its Mahjong presses

    @property
    def member(self) -> int:
        cookie = next(cookie for cookie in self.context.cookies() if cookie.get("name") == COOKIE)
        return int(cookie["value"].split(".")[0])

    def snapshot(self) -> dict[str, Any]:
        shown: dict[str, Any] = self.page.evaluate(SNAPSHOT)
        return shown

    def press(self, target: Locator, timeout: float | None = None) -> None:
        if self.touch:
            target.tap(timeout=timeout)
        else:
            target.click(timeout=timeout)

    def moves_sent(self) -> list[dict[str, Any]]:
        return [message for message in self.sent if message.get("type") == "move"]

    def table(self) -> Locator:
        return self.page.locator("#table")


def open_viewer(browser: Browser, name: str, kind: dict[str, Any], url: str, locale: str = "en-GB") -> Viewer:
    """A context of ``kind`` (a phone taps) in ``locale``'s language on ``url`` (a ``/table/new`` link's
    Start pressed), its sockets' messages kept from the first."""
    context = browser.new_context(**kind, locale=locale)
    context.set_default_timeout(10_000)
    page = context.new_page()
    viewer = Viewer(name, context, page, touch=bool(kind.get("has_touch")))

    def socket(ws: Any) -> None:
        viewer.sockets += 1

        def received(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "frame":
                viewer.frames.append(message)

        ws.on("framereceived", received)
        ws.on("framesent", lambda payload: viewer.sent.append(json.loads(payload)))

    def console(message: Any) -> None:
        if message.type == "error" and "WebSocket" not in message.text:
            viewer.troubles.append(message.text)

    page.on("websocket", socket)
    page.on("console", console)
    page.on("pageerror", lambda error: viewer.troubles.append(str(error)))
    page.goto(url)
    if "/table/new?" in url:  # the Start page: fetching the link opens nothing, one press does
        expect(page.locator("#start")).to_be_visible()
        viewer.press(page.locator('button[data-action="open-table"]'))
    expect(page.locator("#table")).not_to_have_attribute("data-version", "")
    return viewer


def wait_until(check: Callable[[], bool], page: Page, seconds: float = 10.0, what: str = "") -> None:
    limit = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < limit, f"waited in vain: {what}"
        page.wait_for_timeout(20)


class Table:
    """One table played through its pages: ``players`` by presses, ``spectator`` watching; the fake clock
    moved on only while no member is awaited (computers play then, and no member's time runs out)."""

    def __init__(self, server: TableServer, table_id: str, players: list[Viewer], spectator: Viewer) -> None:
        self.server = server
        self.table_id = table_id
        self.players = players
        self.spectator = spectator
        self.watched: set[tuple[str, int]] = set()  # (viewer, version): a page compared with the stored state

    @property
    def viewers(self) -> list[Viewer]:
        return [*self.players, self.spectator]

    def stored(self) -> tuple[TableState, int]:
        return self.server.table(self.table_id)

    def seat_players(self) -> None:
        state, _ = self.stored()
        for player in self.players:
            player.chair = next(index for index, seat in enumerate(state.seats) if seat.member_id == player.member)

    def wind_of(self, state: TableState, hand: Round, chair: int) -> str:
        return WIND[(chair - hand.dealer) % len(state.seats)]

    def play_hand(self, during: Callable[[TableState, int, Round], None] | None = None) -> tuple[TableState, int]:
        """Plays the current hand to its end by the players' pages; ``during`` looks at every stored
        state on the way (before any player answers it)."""
        limit = time.monotonic() + HAND_SECONDS
        page = self.spectator.page
        while True:
            assert time.monotonic() < limit, "the hand did not end in time"
            state, version = self.stored()
            if state.status != "playing":
                return state, version
            hand = shown_round(state)
            members = {chair for chair in hand.awaiting() if state.seats[chair].computer is None}
            if during is not None:
                during(state, version, hand)
            if not members:
                wake = state.wake_at
                if wake is not None:  # a computer's pause (or a claim window no member may answer)
                    self.server.advance_to(wake + 0.01)
                page.wait_for_timeout(15)
                continue
            self.watch(state, version, hand)
            # one move at a time, each on the state it answers
            if not any(
                self.act(player, version) for player in self.players if player.chair in members and player.online
            ):
                page.wait_for_timeout(15)

    # --- what the pages show -----------------------------------------------------------------------------

    def watch(self, state: TableState, version: int, hand: Round) -> None:
        """While the table waits for a member (nothing moves), every page that shows this version shows the
        public tiles of the stored state, and a player's page their own concealed tiles besides: never one
        of another seat's (the spectator's page: no hand, and no move)."""
        public: Counter[str] = Counter()
        for seat in hand.view(None).seats:
            public.update(face(discarded.tile) for discarded in seat.discards if not discarded.claimed)
            public.update(face(tile) for meld in seat.melds for tile in meld.tiles)
            public.update(face(tile) for tile in seat.bonus)
        hands = {
            chair: Counter(face(tile) for tile in hand.view(chair).concealed or ()) for chair in range(len(state.seats))
        }
        for viewer in (self.spectator, *self.players):
            if (viewer.name, version) in self.watched or not viewer.online:
                continue
            shown: dict[str, Any] = viewer.page.evaluate(FACES)
            if shown["version"] != version:
                continue
            self.watched.add((viewer.name, version))
            assert (shown["revealed"], shown["outside"]) == (0, []), viewer.name
            assert Counter(shown["hand"]) == hands.get(viewer.chair, Counter()), viewer.name
            faces = Counter(shown["faces"])
            assert faces == public, (viewer.name, faces - public, public - faces)
            if viewer is self.spectator:
                assert shown["moves"] == []
        concealed = sum(hands.values(), Counter())
        for tile, count in public.items():  # no copy of a tile is on the table and in a hand at once
            assert count + concealed[tile] <= (1 if tile.endswith("f") else 4), tile

    # --- a player's move -------------------------------------------------------------------------------

    def act(self, player: Viewer, version: int) -> bool:
        """``player`` answers the stored ``version`` on their page (once it shows it): Mahjong when offered
        (unless the rules refused it), a kong, a pung or the first chow choice (each of these two twice a
        hand at most), else pass; on their turn, a discard by two presses. False while their page has not
        caught up."""
        if player.acted == version and (version not in player.refused or player.again == version):
            return False
        shown = player.snapshot()
        if shown["version"] != version or not shown["moves"]:
            return False
        moves: dict[str, list[str]] = {}
        for move in shown["moves"]:
            moves.setdefault(move["action"], []).append(move["tiles"])
        assert "back" not in moves, f"{player.name} was played for by the table"
        if player.acted == version:
            player.again = version
        player.acted = version
        if "mahjong" in moves and version not in player.refused:
            self.mahjong(player, version)
        elif "kong" in moves:
            self.claim(player, "kong", moves["kong"][0], version)
        elif "pung" in moves and player.claims["pung"] < 2:
            self.claim(player, "pung", moves["pung"][0], version)
        elif "chow" in moves and player.claims["chow"] < 2:
            self.check_chows(player, moves["chow"], shown)
            self.claim(player, "chow", moves["chow"][0], version)
        elif "pass" in moves:
            self.claim(player, "pass", "", version)
        else:
            assert "discard" in moves, moves
            self.discard(player, shown, version)
        return True

    def mahjong(self, player: Viewer, version: int) -> None:
        """Mahjong pressed: the hand ends, or the rules refuse it (said on the status line) and the player
        plays on at the same version."""
        if not self.press_move(player, "mahjong", "", version):
            return
        player.mahjongs += 1

        def answered() -> bool:
            if self.stored()[1] != version:
                return True
            if player.page.locator("#status").text_content():
                player.refused.add(version)
                return True
            return False

        wait_until(answered, player.page, what="an answer to Mahjong")

    def check_chows(self, player: Viewer, chows: list[str], shown: dict[str, Any]) -> None:
        """Each chow choice is its own button naming its run, which holds the open discard."""
        offer = shown["offer"]
        assert offer is not None and len(set(chows)) == len(chows)
        for run in chows:
            assert len(run) == 4 and run[-1] == offer[-1] and offer[0] in run[:3], (run, offer)
        frame = next(frame for frame in reversed(player.frames) if frame["version"] == shown["version"])
        offered = [action["tiles"] for action in frame["actions"] if action["action"] == "chow"]
        assert chows == offered

    def claim(self, player: Viewer, action: str, tiles: str, version: int) -> None:
        if self.press_move(player, action, tiles, version) and action != "pass":
            player.claims[action] += 1

    def press_move(self, player: Viewer, action: str, tiles: str, version: int) -> bool:
        """The move's button pressed (by a keyboard player: Tab to it, then Enter), and the move sent; False
        when the table moved on without the player meanwhile (a claim window another seat's answer
        closed), and the button went with the frame that offered it."""
        page = player.page
        button = page.locator(f'#moves button[data-action="{action}"]' + (f'[data-tiles="{tiles}"]' if tiles else ""))
        before = len(player.moves_sent())
        gone = False
        if player.keyboard:
            for _ in range(40):
                if page.evaluate(FOCUSED_MOVE, [action, tiles]) or button.count() == 0:
                    break
                page.keyboard.press("Tab")
            gone = button.count() == 0
            if not gone:
                assert page.evaluate(FOCUSED_MOVE, [action, tiles]), f"Tab never reached {action}"
                page.keyboard.press("Enter")
                player.keyboard_claims += 1
        else:
            try:
                player.press(button.first, timeout=3_000)
            except PlaywrightTimeoutError:
                gone = True
        if gone:
            assert self.stored()[1] != version, f"{player.name}'s {action} went while the table waited for it"
            return False
        wait_until(lambda: len(player.moves_sent()) > before, page, what=f"{player.name}'s {action}")
        sent = player.moves_sent()[-1]
        assert (sent["action"], sent.get("tiles") or "") == (action, tiles), sent
        return True

    def discard(self, player: Viewer, shown: dict[str, Any], version: int) -> None:
        """The player's turn: the hinted tile (else the first they may discard) pressed once, which picks
        it and sends nothing, then pressed again or Discard, which sends the discard. The phone asks for
        the hint with its Hint button, and the page marks the tile the server's search chose."""
        page = player.page
        hand = shown["hand"]
        if player.touch:
            self.fits(player)
        state, _ = self.stored()
        hint = hint_of(state, player.member, state.step) or ""
        if player.touch and hint:
            player.press(page.locator('#moves button[data-action="hint"]'))
            expect(page.locator('#hand > button[data-hinted="true"]')).to_have_attribute("data-face", hint)
        free = [index for index, tile in enumerate(hand) if not tile["idle"]]
        index = next((index for index in free if hand[index]["face"] == hint), free[-1])
        face = hand[index]["face"]
        tile = page.locator("#hand > button").nth(index)
        before = len(player.moves_sent())
        if player.keyboard:
            self.keyboard_to(player, index)
            page.keyboard.press("Enter")
        else:
            player.press(tile)
        expect(tile).to_have_attribute("aria-pressed", "true")
        expect(page.locator('#moves button[data-action="discard"]')).to_have_attribute("data-tiles", face)
        page.wait_for_timeout(30)
        assert len(player.moves_sent()) == before, "one press sent a move"
        assert self.stored()[1] == version
        if player.keyboard:
            assert page.evaluate(FOCUSED_INDEX) == index
            page.keyboard.press("Space" if player.turns % 2 else "Enter")
            player.keyboard_turns += 1
        elif player.turns % 2:
            player.press(page.locator('#moves button[data-action="discard"]'))
        else:
            player.press(tile)
        player.turns += 1
        wait_until(lambda: len(player.moves_sent()) > before, page, what=f"{player.name}'s discard")
        sent = player.moves_sent()[-1]
        assert (sent["action"], sent["tiles"]) == ("discard", face), sent

    def keyboard_to(self, player: Viewer, index: int) -> None:
        """The focus on hand tile ``index`` by the keyboard: Tab into the hand, then the arrows."""
        page = player.page
        for _ in range(40):
            if page.evaluate(FOCUS_IN_HAND):
                break
            page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_IN_HAND), "Tab never reached the hand"
        at = page.evaluate(FOCUSED_INDEX)
        for _ in range(abs(index - at)):
            page.keyboard.press("ArrowRight" if index > at else "ArrowLeft")
        assert page.evaluate(FOCUSED_INDEX) == index

    def fits(self, player: Viewer) -> None:
        """On the phone, on the player's turn: tiles at least 40 pixels wide, the moves within view."""
        boxes = player.page.evaluate(BOXES)
        width, height = boxes["width"], boxes["height"]
        assert (width, height) == (360, 640)
        for left, _, right, _ in boxes["tiles"]:
            assert right - left >= 40 and left >= 0 and right <= width, (left, right)
        assert boxes["moves"]
        for left, top, right, bottom in boxes["moves"]:
            assert left >= 0 and right <= width and top >= 0 and bottom <= height, (left, top, right, bottom)
        player.fitted += 1

    # --- the frames --------------------------------------------------------------------------------------

    def check_frames(self) -> None:
        """Every frame every page received keeps SPEC §7's rule; a page's versions never go back; the
        frames of one version show each viewer the same public table."""
        by_version: dict[int, list[dict[str, Any]]] = {}
        for viewer in self.viewers:
            assert viewer.frames, viewer.name
            last = 0
            for frame in viewer.frames:
                assert frame["table"] == self.table_id
                assert_frame_rule(frame)
                assert frame["version"] >= last, (viewer.name, frame["version"], last)
                last = frame["version"]
                by_version.setdefault(frame["version"], []).append(frame)
        for frames in by_version.values():
            assert_same_public(frames)
        shared = [frames for frames in by_version.values() if len({frame["viewer"] for frame in frames}) >= 3]
        assert len(shared) >= 10, "few versions were seen by all three viewers"
        for viewer in self.viewers:
            assert sum(name == viewer.name for name, _ in self.watched) >= 5, viewer.name


def open_table(
    server: TableServer, browser: Browser, rules: str, seed: int, first: dict[str, Any], second: dict[str, Any]
) -> Table:
    """A: opens the table (2 computers); C: watches (sees join alone); B: opens the link and joins; A
    starts. Each in a context of their own."""
    a = open_viewer(browser, "A", first, f"{server.url}/table/new?rules={rules}&computers=2&seed={seed}")
    table_id = a.table().get_attribute("data-table-id") or ""
    assert a.page.url == f"{server.url}/table/{table_id}"
    expect(a.table()).to_have_attribute("data-viewer", "seated")
    link = a.page.url
    c = open_viewer(browser, "C", PHONE, link, locale="zh-TW")  # each viewer in a language of its own
    expect(c.table()).to_have_attribute("data-viewer", "spectator")
    expect(c.page.locator("html")).to_have_attribute("lang", "zh-TW")
    expect(c.page.locator("#moves button[data-action]")).to_have_count(1)
    expect(c.page.locator('#moves button[data-action="join"]')).to_be_visible()
    # the host names their seat in the lobby (SPEC §7.1): every page shows it (names of their own at each
    # table: the server is the module's, and a name another player took is refused as theirs)
    ana, bea = f"Ana {seed}", f"Bea {seed}"
    a.page.locator("#pseudonym").fill(ana)
    a.press(a.page.locator('button[data-action="save-name"]'))
    expect(c.page.locator('#seats [data-you="true"]')).to_have_count(0)
    expect(c.page.locator(f'#seats [data-name="{ana}"]')).to_have_count(1)
    expect(a.page.locator('#seats [data-you="true"]')).to_have_attribute("data-name", ana)
    b = open_viewer(browser, "B", second, link, locale="fr-FR")
    expect(b.page.locator("#hand > button")).to_have_count(0)
    # a player without a name is asked for one before they first join, then joins under it
    b.press(b.page.locator('#moves button[data-action="join"]'))
    expect(b.page.locator("#pseudonym")).to_be_focused()
    b.page.locator("#pseudonym").fill(bea)
    b.press(b.page.locator('#moves button[data-action="join"]'))
    expect(b.table()).to_have_attribute("data-viewer", "seated")
    expect(b.page.locator('#seats [data-you="true"]')).to_have_attribute("data-name", bea)
    expect(b.page.locator("html")).to_have_attribute("lang", "fr")
    expect(c.table()).to_have_attribute("data-version", "3")  # Ana's name, then Bea's seat
    expect(c.page.locator("#moves button[data-action]")).to_have_count(0)  # the table is full
    a.press(a.page.locator('#moves button[data-action="start"]'))
    for viewer in (a, b, c):
        expect(viewer.table()).to_have_attribute("data-state", "playing")
    expect(c.page.locator("#hand > button")).to_have_count(0)
    table = Table(server, table_id, [a, b], c)
    table.seat_players()
    state, _ = table.stored()
    assert state.seed == seed and state.practice and state.settings.rules.name == rules
    return table


def end_of_hand(table: Table, state: TableState) -> None:
    """The hand's result in every page, as the stored state's last hand; ``next-hand``, pressed by every
    player, deals hand 2. (The table's bookkeeping once a hand ends, its entry written to the ledger, is a
    version no frame shows.)"""
    assert state.status == "between" and state.last_hand is not None
    entry = state.last_hand.entry
    hand = shown_round(state)
    winner = "" if entry.winner is None else table.wind_of(state, hand, entry.winner)
    score = entry.fan if state.settings.rules.name == "hongkong" else entry.score
    shown = str(int(score)) if float(score).is_integer() else str(score)
    for viewer in table.viewers:
        expect(viewer.table()).to_have_attribute("data-state", "hand-over")
        result = viewer.page.locator("#result")
        expect(result).to_have_attribute("data-winner", winner)
        expect(result).to_have_attribute("data-score", shown)
        expect(result).to_have_attribute("data-self-drawn", "true" if entry.self_drawn else "false")
        expect(viewer.page.locator("#hand-number")).to_have_text("1")
    versions = {int(viewer.table().get_attribute("data-version") or "0") for viewer in table.viewers}
    assert len(versions) == 1, versions
    version = versions.pop()
    assert version <= table.stored()[1]
    expect(table.spectator.page.locator("#moves button[data-action]")).to_have_count(0)
    expect(table.spectator.page.locator('button[data-action="next-hand"]')).to_have_count(0)
    for viewer in table.viewers:
        # the result above everything, whole in the window, on the phone too (SPEC §7.1)
        wait_until(
            lambda viewer=viewer: seen_whole(viewer.page, "#result") == "seen",
            viewer.page,
            seconds=5.0,
            what=f"{viewer.name}'s result seen whole: {seen_whole(viewer.page, '#result')}",
        )
    first, *others = table.players
    first.press(first.page.locator('#result button[data-action="next-hand"]'))
    if others:  # the next hand waits for every player (SPEC §7.1): the first is only ready
        expect(first.page.locator('button[data-action="next-hand"]')).to_have_count(0)
        expect(first.page.locator("#result .ready-note")).to_be_visible()
        for player in others:
            player.press(player.page.locator('#result button[data-action="next-hand"]'))
    for viewer in table.viewers:
        expect(viewer.table()).to_have_attribute("data-state", "playing")
        expect(viewer.page.locator("#hand-number")).to_have_text("2")
        assert int(viewer.table().get_attribute("data-version") or "0") > version
        assert viewer.frames[-1]["hand_number"] == 2
    state, later = table.stored()
    assert (state.status, state.hand_number + 1) == ("playing", 2) and later > version
    for player in table.players:
        expect(player.page.locator("#hand > button")).not_to_have_count(0)
    expect(table.spectator.page.locator("#hand > button")).to_have_count(0)


def won_by_mahjong(table: Table, state: TableState) -> None:
    """A page player who won pressed Mahjong for it (no standing choice plays for them)."""
    assert state.last_hand is not None
    for player in table.players:
        if state.last_hand.entry.winner == player.chair:
            assert player.mahjongs >= 1, player.name


def close(table: Table) -> None:
    for viewer in table.viewers:
        viewer.context.close()
        assert viewer.troubles == [], (viewer.name, viewer.troubles)


def at_newest(table: Table, viewer: Viewer) -> None:
    """``viewer``'s page shows the stored version, its socket open (the clock held still: nothing moves)."""

    def newest() -> bool:
        return viewer.table().get_attribute("data-version") == str(table.stored()[1])

    wait_until(newest, viewer.page, seconds=20.0, what=f"{viewer.name}'s page back at the newest version")
    expect(viewer.table()).to_have_attribute("data-connection", "open")


def test_a_whole_hong_kong_hand_by_touch_and_keyboard_with_a_spectator_and_a_phone_offline(
    server: TableServer, browser: Browser
) -> None:
    table = open_table(server, browser, "hongkong", HONG_KONG_SEED, PHONE_SMALL, DESKTOP)
    phone, desk = table.players
    desk.keyboard = True
    offline: dict[str, int] = {}

    def during(state: TableState, version: int, hand: Round) -> None:
        # the phone goes offline after its second turn, when the table does not wait for it; it comes
        # back when the table waits for it, or four versions later
        awaited = phone.chair in hand.awaiting()
        if "at" not in offline and phone.turns >= 2 and not awaited:
            at_newest(table, phone)  # no frame on its way
            phone.context.set_offline(True)
            server.drop(phone.member)
            phone.online = False
            # the page says so at once (SPEC §7.1: a silent socket noticed within 30 s; offline, sooner)
            expect(phone.table()).to_have_attribute("data-connection", "reconnecting")
            offline["at"] = version
            offline["shown"] = int(phone.table().get_attribute("data-version") or "0")
        elif not phone.online and (awaited or version >= offline["at"] + 4):
            assert int(phone.table().get_attribute("data-version") or "0") == offline["shown"]
            offline["missed"] = version - offline["shown"]
            phone.context.set_offline(False)
            phone.online = True
            at_newest(table, phone)
            offline["turns"] = phone.turns

    state, _ = table.play_hand(during)
    assert offline.get("missed", 0) > 0, "the others did not play while the phone was offline"
    assert phone.sockets == 2, "the phone's page did not open a socket again"
    assert phone.turns > offline["turns"], "the phone did not play on"
    assert desk.keyboard_turns == desk.turns >= 3 and desk.keyboard_claims >= 1
    assert phone.turns >= 3 and phone.fitted >= 3
    won_by_mahjong(table, state)
    end_of_hand(table, state)
    table.check_frames()
    close(table)


def test_a_whole_classic_hand_with_a_page_reloaded_mid_hand(server: TableServer, browser: Browser) -> None:
    table = open_table(server, browser, "classic", CLASSIC_SEED, DESKTOP, PHONE_SMALL)
    desk, phone = table.players
    reloaded: dict[str, int] = {}

    def during(state: TableState, version: int, hand: Round) -> None:
        # the desktop's page reloads after its second turn, when the table does not wait for it; the
        # others play on meanwhile
        if "at" not in reloaded and desk.turns >= 2 and desk.chair not in hand.awaiting():
            reloaded["at"] = version
            desk.online = False
            desk.page.reload(wait_until="commit")
        elif "at" in reloaded and "back" not in reloaded and desk.chair in hand.awaiting():
            reloaded["back"] = version
            at_newest(table, desk)
            desk.online = True
            reloaded["turns"] = desk.turns

    state, _ = table.play_hand(during)
    assert reloaded.get("back", 0) > reloaded["at"], "the others did not play while the page reloaded"
    assert desk.sockets == 2 and desk.turns > reloaded["turns"], "the reloaded page did not play on"
    assert desk.turns >= 3 and phone.turns >= 3 and phone.fitted >= 3
    won_by_mahjong(table, state)
    end_of_hand(table, state)
    table.check_frames()
    close(table)
