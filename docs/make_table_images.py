"""The table page's pictures as a 360 × 640 phone shows them, at each step of a seeded hand.

    .venv/bin/python docs/make_table_images.py        # writes docs/images/table-*.png

The real page server with its table clock on a fake clock (``tests/web/test_table_play``'s harness): a
phone and a desktop player, a spectator and two computers at a practice Hong Kong table, every move a
press on the pages. The phone's screen is taken in the lobby, on its turn with a tile picked, in a claim
window, at the hand's result, with the score sheet open after it, and in that hand's replay.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.web.browser import DESKTOP, LAUNCH_ARGS, PHONE_SMALL, chromium_path  # noqa: E402
from tests.web.test_table_play import HONG_KONG_SEED, TableServer, open_table, open_viewer  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        TableServer(pathlib.Path(folder)) as server,
        sync_playwright() as play,
    ):
        browser = play.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        server.advance_to(time.time())  # the fake clock from the browser's now: the clocks shown read true
        lobby = open_viewer(browser, "L", PHONE_SMALL, f"{server.url}/table/new?rules=hongkong&computers=2")
        lobby.page.screenshot(path=IMAGES / "table-lobby.png")
        lobby.context.close()
        table = open_table(server, browser, "hongkong", HONG_KONG_SEED, PHONE_SMALL, DESKTOP)
        phone = table.players[0]
        taken: set[str] = set()

        def during(state, version, hand) -> None:  # type: ignore[no-untyped-def]
            shown = phone.snapshot()
            if shown["version"] != version:
                return
            moves = {move["action"] for move in shown["moves"]}
            if "discard" in moves and phone.turns >= 6 and "turn" not in taken:
                taken.add("turn")
                free = phone.page.locator('#hand > button:not([data-idle]):not([aria-pressed="true"])').nth(2)
                tile = phone.page.locator(f'#hand > button[data-index="{free.get_attribute("data-index")}"]')
                tile.tap()
                expect(tile).to_have_attribute("aria-pressed", "true")
                phone.page.screenshot(path=IMAGES / "table-turn.png")
            elif "pass" in moves and "claim" not in taken:
                taken.add("claim")
                phone.page.screenshot(path=IMAGES / "table-claim.png")

        table.play_hand(during)
        phone.page.locator("#result").wait_for()
        phone.page.screenshot(path=IMAGES / "table-result.png")
        for player in table.players:  # the next hand starts once every seated member is ready
            ready = player.page.locator('#result button[data-action="next-hand"]')
            if ready.count() > 0:
                player.press(ready)
        phone.page.locator("#sheet-box summary").tap()
        phone.page.locator("#sheet-box").scroll_into_view_if_needed()
        phone.page.screenshot(path=IMAGES / "table-sheet.png")
        phone.page.locator("#sheet [data-hand] a").first.tap()  # the hand's replay, from the phone's seat
        phone.page.locator("#replay").wait_for()
        for _ in range(20):
            phone.page.keyboard.press("ArrowRight")
        phone.page.screenshot(path=IMAGES / "table-replay.png")
        print("written:", ", ".join(sorted(path.name for path in IMAGES.glob("table-*.png"))))
        browser.close()


if __name__ == "__main__":
    main()
