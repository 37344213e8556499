"""The solitaire page in a real browser (SPEC §6's element contract): Debian's Chromium driven by
Playwright for Python through its executable path (Playwright's own browser download cannot work
here; the launch arguments are the ones found to work here), against the page's
server started in-process on the embedded stores, in a phone context (390 × 844, touch) and a desktop
one. Free deals of a fixed seed are cleared with the engine's solution, by taps and by the keyboard;
the faces the server keeps (covered tiles, a paused board) stay off the page; an ended game is summed up."""

from __future__ import annotations

import asyncio
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.events import Events
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed
from tests.web.browser import DESKTOP, PHONE, chromium_path
from web.words import tile_names
from words import text

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = pytest.mark.e2e

SEED = 4


class PageServer:
    """The page's application (``web.app.create_app``) on a loopback port, in a thread of its own: the
    browser is driven synchronously from the test's thread."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.url = ""

    def __enter__(self) -> PageServer:
        self.thread.start()
        self.url = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(timeout=30)
        return self

    async def _start(self) -> str:
        from aiohttp import web

        from web.app import create_app

        self.store = await SqliteLiveStore.open(self.folder / "live.sqlite3")
        self.ledger = await SqliteSolitaireLedger.open(self.folder / "ledger.sqlite3")
        events = Events(MemoryBroadcast())
        service = SolitaireService(self.store, self.ledger, time.time, events)
        events.subscribe(SolitaireChanged, service.record_ended)
        self.runner = web.AppRunner(create_app(service, self.ledger, self.store, time.time))
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        host, port = self.runner.addresses[0][:2]
        return f"http://{host}:{port}"

    async def _stop(self) -> None:
        await self.runner.cleanup()
        await self.ledger.close()
        await self.store.close()

    def __exit__(self, *_: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PageServer]:
    with PageServer(tmp_path_factory.mktemp("web")) as running:
        yield running


def context(browser: Browser, kind: dict[str, Any]) -> BrowserContext:
    opened = browser.new_context(**kind, locale="en-GB")
    opened.set_default_timeout(10_000)
    return opened


def open_game(ctx: BrowserContext, server: PageServer, query: str) -> Page:
    page = ctx.new_page()
    page.goto(f"{server.url}/?{query}")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    return page


def tile(page: Page, tile_id: int) -> Any:
    return page.locator(f'#board button[data-tile-id="{tile_id}"]')


def press(page: Page, tile_id: int, *, touch: bool) -> None:
    if touch:
        tile(page, tile_id).tap()
    else:
        tile(page, tile_id).click()


def server_game(page: Page, mode: str = "free") -> dict[str, Any]:
    """The game as the server answers it to this browser (its cookie)."""
    answer = page.request.get(f"{page.url.split('/?')[0]}/api/game?mode={mode}")
    assert answer.ok
    game: dict[str, Any] = answer.json()
    return game


def move_answer(page: Page, action: Any) -> dict[str, Any]:
    """The server's answer to the move ``action`` makes the page send."""
    with page.expect_response(lambda response: response.url.endswith("/api/move")) as answered:
        action()
    game: dict[str, Any] = answered.value.json()
    return game


def clear_by_presses(page: Page, *, touch: bool) -> dict[str, Any]:
    """Clear the deal with the engine's solution; the server's last answer."""
    answer: dict[str, Any] = {}
    for first, second in deal_for_seed(SEED).solution:
        press(page, first, touch=touch)
        expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
        answer = move_answer(page, lambda second=second: press(page, second, touch=touch))
        # the pair leaves once the server took it
        expect(tile(page, first)).to_have_count(0)
        expect(tile(page, second)).to_have_count(0)
    return answer


def test_a_free_deal_cleared_by_taps_on_a_phone_ends_with_the_servers_score(
    browser: Browser, server: PageServer
) -> None:
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-mode", "free")
    expect(board).to_have_attribute("data-seed", str(SEED))
    expect(page.locator("#board button[data-tile-id]")).to_have_count(144)
    first = page.locator('#board button[data-tile-id="0"]')
    expect(first).to_have_attribute("data-face", re.compile(r"^[1-9][mpszf]$"))
    assert (first.get_attribute("aria-label") or "") not in ("", first.get_attribute("data-face"))
    # the board fits the phone held upright: no scrolling to reach any tile
    box = page.locator("#board").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    final = clear_by_presses(page, touch=True)
    expect(board).to_have_attribute("data-state", "cleared")
    expect(page.locator("#pairs")).to_have_attribute("data-pairs", "72")
    assert final["state"] == "cleared"
    expect_summary(page, final, "en")
    expect(page.locator("#summary-placed")).to_have_text(placement(final["placed"], "en"))
    ctx.close()


# The page's rule for the arrow keys (web/frontend/src/keyboard.ts), to plan the presses that reach a
# tile and check that each lands where the rule says: the nearest free tile ahead, its sideways
# distance weighing double, tiles nearly straight above or below (a level's lift apart) not ahead.
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def centres(page: Page) -> tuple[int, set[int], dict[int, tuple[float, float]]]:
    """The focused tile, the free ones, and the centres of all of them, in face widths."""
    focused, free, found = page.evaluate(
        """() => {
            const ratio = parseFloat(document.querySelector("#board").style.getPropertyValue("--face-ratio"));
            const centre = b => [parseFloat(b.style.getPropertyValue("--left")) + 0.5,
                                 parseFloat(b.style.getPropertyValue("--top")) + ratio / 2];
            const focused = document.activeElement;
            const free = [...document.querySelectorAll('#board button[data-free="true"]')];
            return [focused.dataset.tileId, free.map(b => Number(b.dataset.tileId)),
                    Object.fromEntries([...free, focused].map(b => [b.dataset.tileId, centre(b)]))];
        }"""
    )
    return int(focused), set(free), {int(key): (x, y) for key, (x, y) in found.items()}


def arrow_target(places: dict[int, tuple[float, float]], start: int, key: str) -> int:
    ax, ay = ARROWS[key]
    sx, sy = places[start]
    best: tuple[float, int] | None = None
    for tile_id, (x, y) in places.items():
        if tile_id == start:
            continue
        ahead = (x - sx) * ax + (y - sy) * ay
        aside = abs(y - sy) if ax else abs(x - sx)
        if ahead > 0.25 and (best is None or (ahead + 2 * aside, tile_id) < best):
            best = (ahead + 2 * aside, tile_id)
    return start if best is None else best[1]


def focus_by_arrows(page: Page, target: int) -> None:
    """Move the focus to ``target`` with the fewest arrow presses the rule allows, checking each."""
    start, free, places = centres(page)
    paths: dict[int, list[tuple[str, int]]] = {start: []}
    frontier = [start]
    while frontier and target not in paths:
        following = []
        for node in frontier:
            for key in ARROWS:
                landed = arrow_target({k: v for k, v in places.items() if k in free or k == node}, node, key)
                if landed not in paths:
                    paths[landed] = [*paths[node], (key, landed)]
                    following.append(landed)
        frontier = following
    assert target in paths, f"no arrow presses lead from tile {start} to tile {target}"
    for key, landed in paths[target]:
        page.keyboard.press(key)
        expect(page.locator("#board button:focus")).to_have_attribute("data-tile-id", str(landed))


def test_a_free_deal_cleared_by_the_keyboard_on_a_desktop(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, DESKTOP)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    # the board is one tab stop, on a free tile, its focus visible
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.tileId !== undefined"):
            break
    focused = page.locator("#board button:focus")
    expect(focused).to_have_attribute("data-free", "true")
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    for first, second in deal_for_seed(SEED).solution:
        focus_by_arrows(page, first)
        page.keyboard.press("Enter")
        expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
        focus_by_arrows(page, second)
        page.keyboard.press("Space")
        expect(tile(page, second)).to_have_count(0)
    expect(page.locator("#board")).to_have_attribute("data-state", "cleared")
    ctx.close()


def test_a_blocked_tap_changes_nothing_and_a_second_tap_lets_the_selection_go(
    browser: Browser, server: PageServer
) -> None:
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    # the base's corner is free, its neighbour blocked with its face in full view
    free, blocked = tile(page, 0), tile(page, 1)
    expect(free).to_have_attribute("data-free", "true")
    expect(blocked).to_have_attribute("data-free", "false")
    blocked.tap()
    expect(page.locator('#board button[aria-pressed="true"]')).to_have_count(0)
    free.tap()
    expect(free).to_have_attribute("aria-pressed", "true")
    blocked.tap()
    expect(blocked).to_have_class(re.compile(r"\bshake\b"))
    expect(page.locator('#board button[aria-pressed="true"]')).to_have_count(1)
    expect(free).to_have_attribute("aria-pressed", "true")
    assert server_game(page)["step"] == 0 and len(server_game(page)["tiles"]) == 144
    free.tap()
    expect(page.locator('#board button[aria-pressed="true"]')).to_have_count(0)
    ctx.close()


def test_undo_puts_the_pair_back(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, DESKTOP)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    undo = page.locator('button[data-action="undo"]')
    expect(undo).to_be_disabled()
    first, second = deal_for_seed(SEED).solution[0]
    press(page, first, touch=False)
    press(page, second, touch=False)
    expect(tile(page, second)).to_have_count(0)
    expect(page.locator("#pairs")).to_have_attribute("data-pairs", "1")
    undo.click()
    expect(tile(page, first)).to_have_count(1)
    expect(tile(page, second)).to_have_count(1)
    expect(page.locator("#pairs")).to_have_attribute("data-pairs", "0")
    assert server_game(page)["undos"] == 1
    ctx.close()


def hide(page: Page, state: str) -> None:
    """A synthetic visibilitychange: headless Chromium keeps a background page visible."""
    page.evaluate(
        """state => {
            Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


def test_a_hidden_page_pauses_and_freezes_the_clock_then_resumes(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    clock = page.locator("#clock")
    expect(clock).not_to_have_attribute("data-seconds", "0", timeout=5_000)
    hide(page, "hidden")
    expect(page.locator("#board")).to_have_attribute("data-state", "paused")
    frozen = clock.get_attribute("data-seconds")
    page.wait_for_timeout(2_200)
    assert clock.get_attribute("data-seconds") == frozen
    assert server_game(page)["state"] == "paused"
    hide(page, "visible")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    expect(clock).not_to_have_attribute("data-seconds", frozen or "", timeout=5_000)
    ctx.close()


def test_pause_and_resume_by_their_buttons(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, DESKTOP)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    page.locator('button[data-action="pause"]').click()
    expect(page.locator("#board")).to_have_attribute("data-state", "paused")
    expect(page.locator('button[data-action="pause"]')).to_be_hidden()
    page.locator('button[data-action="resume"]').click()
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    ctx.close()


def test_finish_takes_two_presses(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    first, second = deal_for_seed(SEED).solution[0]
    press(page, first, touch=True)
    press(page, second, touch=True)
    expect(page.locator("#pairs")).to_have_attribute("data-pairs", "1")
    finish = page.locator('button[data-action="finish"]')
    finish.tap()
    expect(finish).to_have_attribute("data-confirm", "true")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    final = move_answer(page, finish.tap)
    expect(page.locator("#board")).to_have_attribute("data-state", "finished")
    assert final["state"] == "finished"
    expect(page.locator("#score")).to_have_attribute("data-score", str(final["score"]))
    expect(page.locator('button[data-action="new"]')).to_be_visible()
    ctx.close()


def test_the_pseudonym_and_the_leaderboard_are_seen_from_a_second_browser(browser: Browser, server: PageServer) -> None:
    player = context(browser, DESKTOP)
    page = open_game(player, server, f"mode=free&seed={SEED}")
    expect(page.locator("#pseudonym")).to_be_hidden()
    score = clear_by_presses(page, touch=False)["score"]
    expect(page.locator("#board")).to_have_attribute("data-state", "cleared")
    expect(page.locator("#pseudonym")).to_be_visible()
    page.locator("#pseudonym").fill("Mei")
    page.locator('button[data-action="save-name"]').click()
    expect(page.locator('#leaderboard li[data-name="Mei"]')).to_have_attribute("data-score", str(score))

    viewer = context(browser, PHONE)
    other = open_game(viewer, server, "mode=free")
    board = other.locator("#leaderboard")
    expect(board).to_have_attribute("data-board", "free")
    row = other.locator('#leaderboard li[data-name="Mei"]')
    expect(row).to_have_attribute("data-score", str(score))
    assert int(row.get_attribute("data-rank") or "0") >= 1
    player.close()
    viewer.close()


def test_the_page_speaks_the_language_asked_for(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, DESKTOP)
    page = open_game(ctx, server, f"mode=free&seed={SEED}&lang=fr")
    expect(page.locator('button[data-action="undo"]')).to_have_text("Annuler")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    ctx.close()


def stuck_order(seed: int) -> list[tuple[int, int]]:
    """Legal pairs of the deal ``seed`` that leave a board with tiles and no free pair (found by seeded
    random play, the way a player gets stuck)."""
    for attempt in range(200):
        rng = random.Random(attempt)
        board, order = deal_for_seed(seed).board(), []
        while not board.cleared and not board.stuck:
            pair = rng.choice(board.matching_free_pairs())
            board, order = board.remove(*pair), [*order, pair]
        if board.stuck:
            return order
    raise AssertionError(f"no random play of deal {seed} got stuck")


def test_a_stuck_board_is_said_and_ends_the_game(browser: Browser, server: PageServer) -> None:
    seed = SEED + 1
    ctx = context(browser, DESKTOP)
    page = open_game(ctx, server, f"mode=free&seed={seed}")
    answer: dict[str, Any] = {}
    for first, second in stuck_order(seed):
        press(page, first, touch=False)
        answer = move_answer(page, lambda second=second: press(page, second, touch=False))
    expect(page.locator("#board")).to_have_attribute("data-state", "stuck")
    assert answer["state"] == "stuck" and answer["tiles"]
    expect_summary(page, answer, "en")
    expect(page.locator("#summary-placed")).to_have_text(placement(answer["placed"], "en"))
    expect(page.locator('[data-action="new"]')).to_be_visible()
    ctx.close()


def test_the_daily_is_cleared_by_taps_and_recorded(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, "mode=daily")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-mode", "daily")
    daily = server_game(page, "daily")
    final: dict[str, Any] = {}
    for first, second in deal_for_seed(daily["seed"]).solution:
        press(page, first, touch=True)
        final = move_answer(page, lambda second=second: press(page, second, touch=True))
    expect(board).to_have_attribute("data-state", "cleared")
    # its place is on the day's leaderboard
    assert final["placed"]["board"] == "daily" and final["placed"]["rank"] >= 1
    expect(page.locator("#summary-placed")).to_have_text(placement(final["placed"], "en"))
    score = int(page.locator("#score").get_attribute("data-score") or "0")
    assert score > 0
    for _ in range(50):  # the ledger's subscriber records the ended game just after the answer
        own = page.request.get(f"{server.url}/api/leaderboard?board=daily").json()["own"]
        if own is not None:
            break
        page.wait_for_timeout(100)
    assert own is not None and own["score"] == score
    ctx.close()


@pytest.mark.parametrize(("motion", "animated"), [("no-preference", True), ("reduce", False)])
def test_a_blocked_tile_shakes_unless_the_member_asks_for_reduced_motion(
    browser: Browser, server: PageServer, motion: str, animated: bool
) -> None:
    ctx = browser.new_context(**PHONE, locale="en-GB", reduced_motion=motion)
    ctx.set_default_timeout(10_000)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    blocked = tile(page, 1)
    expect(blocked).to_have_attribute("data-free", "false")
    blocked.tap()
    expect(blocked).to_have_class(re.compile(r"\bshake\b"))
    # the style the shake gets (read with the class held on: the page drops it when the animation ends)
    animation = blocked.evaluate("b => { b.classList.add('shake'); return getComputedStyle(b).animationName; }")
    assert (animation == "shake") is animated, animation
    ctx.close()


# --- faces the server keeps (SPEC §6: none of a wholly covered tile, none at all while paused) ---------


def uncovering_pair(first_seed: int) -> tuple[int, tuple[int, int], int]:
    """A deal (from ``first_seed`` on), a pair free on its first board, and a tile wholly covered there
    that the pair's removal brings into view."""
    for seed in range(first_seed, first_seed + 50):
        board = deal_for_seed(seed).board()
        covered = [tile_id for tile_id in board.remaining if board.is_hidden(tile_id)]
        for pair in board.matching_free_pairs():
            after = board.remove(*pair)
            shown = [tile_id for tile_id in covered if not after.is_hidden(tile_id)]
            if shown:
                return seed, pair, shown[0]
    raise AssertionError(f"no pair of the deals from {first_seed} uncovers a tile")


def test_a_covered_tile_is_drawn_face_down_until_a_pair_uncovers_it(browser: Browser, server: PageServer) -> None:
    seed, (first, second), covered = uncovering_pair(SEED)
    face = deal_for_seed(seed).faces[covered].code
    ctx = context(browser, DESKTOP)
    page = open_game(ctx, server, f"mode=free&seed={seed}")
    answer = server_game(page)
    hidden = {row["id"] for row in answer["tiles"] if row["face"] is None}
    assert covered in hidden
    # every tile the server keeps the face of is on the board, without a face, named only as covered
    expect(page.locator("#board button[data-tile-id]")).to_have_count(144)
    expect(page.locator("#board button[data-tile-id]:not([data-face])")).to_have_count(len(hidden))
    button = tile(page, covered)
    expect(button).not_to_have_attribute("data-face", re.compile(".*"))
    expect(button).to_have_attribute("aria-label", text("web", "tile.covered", "en"))
    # drawn as a tile's back: no sprite of the sheet, whose cells are all faces
    assert "tiles.webp" not in button.evaluate("b => getComputedStyle(b, '::before').backgroundImage")
    shown = tile(page, first)
    assert "tiles.webp" in shown.evaluate("b => getComputedStyle(b, '::before').backgroundImage")
    press(page, first, touch=False)
    uncovered = move_answer(page, lambda: press(page, second, touch=False))
    assert next(row for row in uncovered["tiles"] if row["id"] == covered)["face"] == face
    expect(button).to_have_attribute("data-face", face)
    expect(button).to_have_attribute("aria-label", tile_names("en")[face])
    assert "tiles.webp" in button.evaluate("b => getComputedStyle(b, '::before').backgroundImage")
    # the undo puts the pair back over it: its face leaves the page again
    move_answer(page, page.locator('button[data-action="undo"]').click)
    expect(tile(page, first)).to_have_count(1)
    expect(button).not_to_have_attribute("data-face", re.compile(".*"))
    expect(button).to_have_attribute("aria-label", text("web", "tile.covered", "en"))
    ctx.close()


def test_no_face_is_on_the_page_while_the_game_is_paused(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")
    faces = page.locator("#board button[data-face]")
    in_view = len([row for row in server_game(page)["tiles"] if row["face"] is not None])
    expect(faces).to_have_count(in_view)
    paused = move_answer(page, page.locator('button[data-action="pause"]').tap)
    assert paused["state"] == "paused" and all(row["face"] is None for row in paused["tiles"])
    expect(page.locator("#board")).to_have_attribute("data-state", "paused")
    expect(page.locator("#board button[data-tile-id]")).to_have_count(144)
    expect(faces).to_have_count(0)
    labels = page.locator("#board button[data-tile-id]").evaluate_all("buttons => buttons.map(b => b.ariaLabel)")
    assert set(labels) == {text("web", "tile.covered", "en")}
    assert not page.locator("#board button[data-tile-id]").first.is_visible()  # the board is hidden too
    move_answer(page, page.locator('button[data-action="resume"]').tap)
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    expect(faces).to_have_count(in_view)
    ctx.close()


# --- the end of a game --------------------------------------------------------------------------------

# A phone held upright at its narrowest common width.
NARROW_PHONE: dict[str, Any] = {**PHONE, "viewport": {"width": 360, "height": 740}}


def ordinal(rank: int, lang: str) -> str:
    """The rank as the page words it (CLDR's ordinal categories of English and French; Chinese has one)."""
    category = "other"
    if lang == "en":
        last, last_two = rank % 10, rank % 100
        category = {1: "one", 2: "two", 3: "few"}.get(last, "other") if last_two not in (11, 12, 13) else "other"
    elif lang == "fr" and rank == 1:
        category = "one"
    return text("web", f"ordinal.{category}", lang).replace("#", number(rank, lang))


def number(value: int, lang: str) -> str:
    return f"{value:,}".replace(",", text("web", "number.thousands", lang))


def clock_text(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02}:{rest % 60:02}" if hours else f"{rest // 60}:{rest % 60:02}"


def placement(placed: dict[str, Any], lang: str) -> str:
    if placed["rank"] is None:
        return text("web", "placed.none", lang)
    return text("web", f"placed.{placed['board']}", lang).replace("#", ordinal(placed["rank"], lang))


def finish(page: Page, *, pairs: int) -> dict[str, Any]:
    """Take the solution's first ``pairs`` pairs, then Finish (twice): the server's last answer."""
    for first, second in deal_for_seed(SEED).solution[:pairs]:
        press(page, first, touch=True)
        move_answer(page, lambda second=second: press(page, second, touch=True))
    button = page.locator('button[data-action="finish"]')
    button.tap()
    return move_answer(page, button.tap)


def expect_summary(page: Page, final: dict[str, Any], lang: str) -> None:
    """The summary says how the game ended and the server's final figures, and #score, #clock and
    #pairs hold them (SPEC §6)."""
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-title")).to_have_text(text("web", f"state.{final['state']}", lang))
    expect(summary.locator('[data-summary="score"]')).to_have_text(number(final["score"], lang))
    expect(summary.locator('[data-summary="seconds"]')).to_have_text(clock_text(final["seconds"]))
    expect(summary.locator('[data-summary="pairs"]')).to_have_text(str(final["pairs"]))
    expect(summary.locator("dt")).to_have_text(
        [text("web", f"figure.{key}", lang) for key in ("score", "clock", "pairs")]
    )
    expect(page.locator("#score")).to_have_attribute("data-score", str(final["score"]))
    expect(page.locator("#clock")).to_have_attribute("data-seconds", str(final["seconds"]))
    expect(page.locator("#pairs")).to_have_attribute("data-pairs", str(final["pairs"]))
    expect(page.locator("#status")).to_have_text("")


def expect_readable_on(page: Page, width: int) -> None:
    """Nothing of the page reaches past the screen's width, and the summary's lines fit inside it."""
    box = page.locator("#summary").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    overflowing = page.locator("#summary, #summary *").evaluate_all(
        "nodes => nodes.filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.outerHTML)"
    )
    assert overflowing == []


@pytest.mark.parametrize("lang", ["en", "fr", "zh_TW"])
def test_a_finished_game_sums_up_its_figures_and_placement_on_a_narrow_phone(
    browser: Browser, server: PageServer, lang: str
) -> None:
    ctx = context(browser, NARROW_PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}&lang={lang}")
    expect(page.locator("#summary")).to_be_hidden()
    final = finish(page, pairs=1)
    assert final["state"] == "finished" and final["pairs"] == 1 and final["score"] > 0
    expect(page.locator("#board")).to_have_attribute("data-state", "finished")
    expect_summary(page, final, lang)
    placed = final["placed"]
    assert placed["board"] == "free" and isinstance(placed["rank"], int) and placed["rank"] >= 1
    expect(page.locator("#summary-placed")).to_have_text(placement(placed, lang))
    expect(page.locator("#summary-placed")).to_have_attribute("data-rank", str(placed["rank"]))
    expect_readable_on(page, 360)
    # a new game puts the summary away
    move = page.locator('button[data-action="new"]')
    with page.expect_response(lambda response: response.url.endswith("/api/new")):
        move.tap()
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    expect(page.locator("#summary")).to_be_hidden()
    ctx.close()


def test_a_zero_score_is_said_to_be_unlisted(browser: Browser, server: PageServer) -> None:
    ctx = context(browser, NARROW_PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}&lang=fr")
    final = finish(page, pairs=0)
    assert final["score"] == 0 and final["placed"] == {"board": "free", "rank": None}
    expect_summary(page, final, "fr")
    expect(page.locator("#summary-placed")).to_have_text(text("web", "placed.none", "fr"))
    expect(page.locator("#summary-placed")).to_have_attribute("data-rank", "")
    expect_readable_on(page, 360)
    ctx.close()


def test_an_answer_without_its_placement_still_sums_up_the_game(browser: Browser, server: PageServer) -> None:
    """A server older than the placement (no ``placed``): the summary says the rest."""
    ctx = context(browser, PHONE)
    page = open_game(ctx, server, f"mode=free&seed={SEED}")

    def without_placement(route: Any) -> None:
        answer = route.fetch()
        game = answer.json()
        game.pop("placed", None)
        route.fulfill(response=answer, json=game)

    page.route(re.compile(r"/api/move$"), without_placement)
    final = finish(page, pairs=1)
    assert "placed" not in final
    expect_summary(page, final, "en")
    expect(page.locator("#summary-placed")).to_be_hidden()
    ctx.close()
