"""Two players in Chromium at one table served by two page processes (issue 47 item 2): ``two_processes``'
deployment (two real ``mahjong-bot web`` on one Redis and one PostgreSQL behind a proxy), run on an event
loop of its own thread while the browsers are driven from the test's.

Ana opens a Hong Kong table from its link and presses Start; Bo opens the table's address in a browser of
their own and joins; two computers fill it. Ana's socket reaches the first process, Bo's the second. Each
plays their turns by pressing a tile and then Discard (and Pass when a discard is offered to them), and
sees the other's discards. Then the first process is killed: Ana's page says it lost the table, connects
again by itself (the proxy now reaches the second process) and both play on, each seeing the other's
discards made after the kill."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import threading
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tests.web.browser import PHONE_SMALL, chromium_path
from tests.web.test_two_processes import Deployment, two_processes

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]
T = TypeVar("T")


class Deployed:
    """``two_processes`` held open on a loop of its own thread."""

    def __init__(self, folder: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.folder = folder

    def __enter__(self) -> Deployed:
        self.thread.start()
        self.held = two_processes(self.folder)
        self.deployment: Deployment = self.run(self.held.__aenter__())
        return self

    def kill(self, port: int) -> None:
        """The page process on ``port`` killed (SIGKILL), on the loop that started it."""

        async def kill() -> None:
            self.deployment.pages[port].kill()
            await self.deployment.pages[port].wait()

        self.run(kill())

    def __exit__(self, *_: object) -> None:
        try:
            self.run(self.held.__aexit__(None, None, None))
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)
            self.loop.close()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=120)


@dataclass
class Player:
    """One browser context at the table, and the frames its page's sockets were sent."""

    name: str
    context: BrowserContext
    page: Page
    frames: list[dict[str, Any]] = field(default_factory=list)
    sockets: int = 0
    troubles: list[str] = field(default_factory=list)
    acted: int = -1  # the step the player last moved at
    discards: int = 0

    @property
    def frame(self) -> dict[str, Any]:
        return self.frames[-1] if self.frames else {}

    def offered(self) -> dict[str, dict[str, Any]]:
        return {action["action"]: action for action in self.frame.get("actions", ())}


def open_player(browser: Browser, name: str, url: str) -> Player:
    context = browser.new_context(**PHONE_SMALL, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    player = Player(name, context, page)

    def socket(ws: Any) -> None:
        player.sockets += 1

        def received(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "frame" and message["version"] >= player.frame.get("version", -1):
                player.frames.append(message)

        ws.on("framereceived", received)

    page.on("websocket", socket)
    page.on("pageerror", lambda error: player.troubles.append(str(error)))
    page.goto(url)
    return player


def discards_of(player: Player, wind: str) -> int:
    """How many discards the player's last frame shows for the seat of ``wind`` (claimed ones included)."""
    return sum(1 for event in player.frame.get("log", ()) if event["seat"] == wind and event["event"] == "discard")


def sees(viewer: Player, player: Player, discards: int, seconds: float = 10.0) -> bool:
    """Whether ``viewer``'s page is shown ``discards`` discards of ``player``'s seat within ``seconds`` (a
    discard just pressed reaches the other page a moment later)."""
    deadline = time.monotonic() + seconds
    while discards_of(viewer, wind_of(player)) < discards:
        if time.monotonic() > deadline:
            return False
        viewer.page.wait_for_timeout(50)
    return True


def wind_of(player: Player) -> str:
    viewer: str = player.frame["viewer"]
    return viewer


def play_turns(players: list[Player], turns: int, seconds: float = 90.0) -> None:
    """Each player plays until they have discarded ``turns`` more times (or the hand ended): a tile of
    their hand pressed, then Discard; Pass pressed on a discard offered to them."""
    goal = {player.name: player.discards + turns for player in players}
    deadline = time.monotonic() + seconds
    while any(player.discards < goal[player.name] for player in players):
        assert time.monotonic() < deadline, [(p.name, p.frame.get("version"), p.frame.get("state")) for p in players]
        if any(player.frame.get("state") not in ("playing", None) for player in players):
            return
        for player in players:
            offered = player.offered()
            step = player.frame.get("step", -1)
            if step <= player.acted:
                continue
            moves = player.page.locator("#moves")
            with contextlib.suppress(playwright_api.Error):
                if "discard" in offered:
                    face = player.frame["seats"][[s["wind"] for s in player.frame["seats"]].index(wind_of(player))][
                        "hand"
                    ][-1]
                    player.page.locator(f'#hand > button[data-face="{face}"]').first.click(timeout=2_000)
                    moves.locator('button[data-action="discard"]').click(timeout=2_000)
                    player.acted = step
                    player.discards += 1
                elif "pass" in offered:
                    moves.locator('button[data-action="pass"]').click(timeout=2_000)
                    player.acted = step
        players[0].page.wait_for_timeout(50)


@pytest.fixture
def deployed(tmp_path: Path) -> Iterator[Deployed]:
    with Deployed(tmp_path) as running:
        yield running


def test_two_players_on_two_processes_play_on_in_chromium_when_one_process_is_killed(
    browser: Browser, deployed: Deployed
) -> None:
    deployment = deployed.deployment
    front = deployment.front
    ana = open_player(browser, "ana", f"{front}/table/new?rules=hongkong&computers=2&length=one_hand")
    expect(ana.page.locator("#start")).to_be_visible()
    ana.page.locator('button[data-action="open-table"]').click()
    expect(ana.page.locator("#table")).not_to_have_attribute("data-version", "")
    table_url = ana.page.url
    bo = open_player(browser, "bo", table_url)
    bo.page.locator('#moves button[data-action="join"]').click()  # a newcomer is asked for a name first
    bo.page.locator("#pseudonym").fill("Bo")
    bo.page.locator('#moves button[data-action="join"]').click()
    expect(bo.page.locator("#table")).to_have_attribute("data-viewer", "seated")
    expect(ana.page.locator('#moves button[data-action="start"]')).to_be_visible()
    ana.page.locator('#moves button[data-action="start"]').click()
    players = [ana, bo]
    for player in players:
        expect(player.page.locator("#hand > button").first).to_be_visible()
    first, second = deployment.proxy.backends
    assert [port for _, port in deployment.proxy.sockets] == [first, second]  # Ana on one process, Bo on the other

    play_turns(players, 2)
    assert sees(bo, ana, 2) and sees(ana, bo, 2)  # each process's player's discards shown on the other

    seen_by_bo = discards_of(bo, wind_of(ana))
    deployed.kill(first)
    deadline = time.monotonic() + 30
    while ana.sockets < 2 or ana.frame.get("version", 0) < bo.frame.get("version", 0):
        assert time.monotonic() < deadline, "Ana's page never came back"
        ana.page.wait_for_timeout(100)
    assert deployment.proxy.sockets[-1][1] == second
    expect(ana.page.locator("#table")).to_have_attribute("data-connection", "open")

    play_turns(players, 2)
    assert sees(bo, ana, seen_by_bo + 1)  # Ana's discards after the kill reach Bo
    assert ana.troubles == [] and bo.troubles == []
    for player in players:
        player.context.close()
