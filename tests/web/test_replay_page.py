"""A finished hand's replay page in a real browser (SPEC §7.2): the real server (``open_table_site`` with
the built page, a Hong Kong hand played at a table and kept in its ledger) and Chromium on a 360 × 640
phone, driven through Playwright (tests/web/browser.py).

The page opens at the address's step and seat; at every step shown, each seat's elements are SPEC §7's
contract over that step's frame (``core.tables.replay``) and no tile shows outside the seats' discards,
sets, bonus tiles and the chosen seat's hand, until the last step shows every hand and the stored result;
the buttons and ← → step, a seat choice keeps the step, the address always names the step and seat shown,
and reloading it opens the same step; nothing reaches past the phone's width.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.tables.replay import replay_frames
from data.ledger import HandEntry
from tests.core.test_replay_frames import finished
from tests.web.browser import DESKTOP, PHONE_SMALL, chromium_path
from tests.web.test_table_page_player import scan
from tests.web.test_table_play import TableServer

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = pytest.mark.e2e

# Each seat as the page shows it (SPEC §7's element contract), and every face outside the seats' public
# rows and the shown hands.
SEATS = """() => [...document.querySelectorAll("#replay [data-seat]")].map((seat) => ({
  wind: seat.dataset.seat,
  name: seat.dataset.name,
  kind: seat.dataset.kind,
  score: Number(seat.dataset.score),
  concealed: Number(seat.dataset.concealed),
  turn: seat.dataset.turn === "true",
  discards: [...seat.querySelectorAll("[data-discards] > [data-face]")].map((tile) => tile.dataset.face),
  melds: [...seat.querySelectorAll("[data-meld]")].map((set) => ({kind: set.dataset.kind, tiles: set.dataset.tiles})),
  bonus: seat.querySelector("[data-bonus]")?.dataset.tiles ?? "",
  hand: seat.querySelector("[data-hand]")?.dataset.tiles ?? null,
}))"""
STRAY_FACES = """() => [...document.querySelectorAll("#replay [data-face]")]
  .filter((tile) => !tile.closest("[data-discards], [data-meld], [data-bonus], [data-hand]"))
  .map((tile) => tile.dataset.face)"""
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


@pytest.fixture(scope="module")
def hand() -> HandEntry:
    return finished("hongkong", 1)[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, hand: HandEntry) -> Iterator[TableServer]:
    with TableServer(tmp_path_factory.mktemp("replays")) as running:
        running.run(running.site.ledger.record_hand(hand))
        yield running


def expected_seats(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "wind": seat["wind"],
            "name": seat["name"],
            "kind": seat["kind"],
            "score": seat["score"],
            "concealed": seat["concealed"],
            "turn": frame["state"] == "playing" and frame["turn"] == seat["wind"],
            "discards": seat["discards"],
            "melds": seat["melds"],
            "bonus": "".join(seat["bonus"]),
            "hand": "".join(seat["hand"]) if "hand" in seat else None,
        }
        for seat in frame["seats"]
    ]


def shows(page: Page, frames: list[dict[str, Any]], step: int, seat: str) -> None:
    """The page shows ``step`` of the hand from ``seat``: its seats are the step's frame, its line the
    step's, and its address names them."""
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", str(step))
    expect(replay).to_have_attribute("data-seat", seat)
    expect(replay).to_have_attribute("data-steps", str(len(frames)))
    frame = frames[step - 1]
    assert page.evaluate(SEATS) == expected_seats(frame)
    assert page.evaluate(STRAY_FACES) == []
    expect(page.locator("#said")).to_have_text(frame["said"])
    assert page.url.endswith(f"?seat={seat}&step={step}") or page.url.endswith(f"&seat={seat}&step={step}")
    expect(page.locator(f'[data-seat-choice="{seat}"]')).to_have_attribute("aria-pressed", "true")


def test_a_finished_hand_steps_from_any_seat_on_a_phone(server: TableServer, browser: Browser, hand: HandEntry) -> None:
    south = replay_frames(hand, 1, "en")
    west = replay_frames(hand, 2, "en")
    count = len(south)
    context = browser.new_context(**PHONE_SMALL)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/replay/{hand.table_id}/1?seat=S&step=3")
        shows(page, south, 3, "S")
        assert [seat["wind"] for seat in page.evaluate(SEATS) if seat["hand"] is not None] == ["S"]
        assert page.evaluate(WIDEST) <= 360

        page.locator('[data-action="step-forward"]').tap()
        shows(page, south, 4, "S")
        page.keyboard.press("ArrowRight")
        shows(page, south, 5, "S")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        page.locator('[data-action="step-back"]').tap()
        shows(page, south, 2, "S")
        page.locator('[data-action="first"]').tap()
        shows(page, south, 1, "S")
        expect(page.locator('[data-action="step-back"]')).to_be_disabled()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        shows(page, south, 4, "S")

        page.locator('[data-seat-choice="W"]').tap()  # another point of view, the same step
        shows(page, west, 4, "W")
        assert [seat["wind"] for seat in page.evaluate(SEATS) if seat["hand"] is not None] == ["W"]

        page.reload()  # the address is the link to what was shown
        shows(page, west, 4, "W")

        page.locator('[data-action="last"]').tap()
        shows(page, west, count, "W")
        expect(page.locator('[data-action="step-forward"]')).to_be_disabled()
        last = west[-1]
        assert all(seat["hand"] is not None for seat in page.evaluate(SEATS))  # every hand, as the stored result
        result = page.locator("#result")
        expect(result).to_have_attribute("data-winner", last["result"]["winner"] or "")
        expect(result).to_have_attribute("data-score", str(last["result"]["score"]))
        assert {seat["wind"]: seat["score"] for seat in page.evaluate(SEATS)} == last["result"]["payments"]
        assert page.evaluate(WIDEST) <= 360
        for control in page.locator("[data-action], [data-seat-choice]").all():
            box = control.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    finally:
        context.close()


def test_a_hand_not_in_the_ledger_shows_no_tile(server: TableServer, browser: Browser, hand: HandEntry) -> None:
    context = browser.new_context(**PHONE_SMALL)
    try:
        page = context.new_page()
        answer = page.goto(f"{server.url}/replay/{hand.table_id}/2")
        assert answer is not None and answer.status == 404
        assert page.locator("[data-face]").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize(("screen", "lang"), [(PHONE_SMALL, "en"), (DESKTOP, "zh_TW")])
def test_a_replay_has_no_serious_accessibility_violation(
    server: TableServer, browser: Browser, hand: HandEntry, screen: dict[str, Any], lang: str
) -> None:
    """axe-core over a step in the middle of the hand and over its last (the result), in two languages."""
    context = browser.new_context(**screen, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/replay/{hand.table_id}/1?seat=E&step=6&lang={lang}")
        expect(page.locator("#replay")).to_have_attribute("data-step", "6")
        assert scan(page) == []
        page.locator('[data-action="last"]').click()
        expect(page.locator("#result")).to_have_count(1)
        assert scan(page) == []
    finally:
        context.close()
