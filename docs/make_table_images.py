"""The table page's pictures as a 360 × 640 phone shows them, at each step of a seeded hand.

    .venv/bin/python docs/make_table_images.py        # writes docs/images/table-*.png

The real page server with its table clock on a fake clock (``tests/web/test_table_play``'s harness): a
phone and a desktop player, a spectator and two computers at a practice Hong Kong table, every move a
press on the pages. The phone's screen is taken in the lobby, on its turn with a tile picked, in a claim
window, at the hand's result, and with the score sheet open after it.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

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
                phone.page.locator("#hand > button:not([data-idle])").nth(2).tap()
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
        print("written:", ", ".join(sorted(path.name for path in IMAGES.glob("table-*.png"))))
        browser.close()


if __name__ == "__main__":
    main()
