"""A mixed tournament round in a real browser (SPEC §9: members, page players and computers at one round's
tables, as at any table): the real server (``TableServer``: the built page, the table clock on a fake
clock) holding a tournament of the web's server, two page players in Chromium (a browser context each, its
own ``mj_player``) and four members signed up and checked in through the core, over one round of one hand.

The page players name themselves, join and check in on ``/tournament/<id>`` (its forms clean under
axe-core, within a 360 px phone); the round is started by the core (``TournamentService.start``: six
players, two tables, a computer seat at each), so each page player's table seats members and a computer
beside them. Each finds their table marked on the tournament
page, opens it, sees their seat under their name and plays their first discards by pressing tiles; then
the clock plays for everyone (members time out and the computer takes their seats, computers move). Once
both tables have ended, the tournament page shows the round's standings, every player named, and the
round's replays, which the replay route now serves.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from core.tables.rounds import shown_round
from core.tables.state import TableState
from core.tournaments import tournament as life
from core.tournaments.tournament import Tournament, TournamentSettings
from game.phase import Phase
from tests.web.browser import PHONE_SMALL, chromium_path
from tests.web.test_table_page_player import scan
from tests.web.test_table_play import TableServer
from web.guard import WEB_GUILD

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = pytest.mark.e2e

ORGANISER = 7
MEMBERS = (101, 102, 103, 104)
PAGE_PLAYERS = ("Alice Wong", "Bruno Diaz")
DISCARDS = 3
"""The discards each page player makes by pressing tiles; the clock plays their seat after."""
ROUND_SECONDS = 240.0
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    with TableServer(tmp_path_factory.mktemp("mixed")) as running:
        yield running


def read(server: TableServer, tournament_id: str) -> Tournament:
    stored = server.run(server.site.application.tournaments.read(tournament_id))
    assert stored is not None
    return stored.tournament


class PagePlayer:
    """A browser context of its own: one page player, their page on the tournament, then on their table."""

    def __init__(self, browser: Browser, name: str) -> None:
        self.name = name
        self.context: BrowserContext = browser.new_context(**PHONE_SMALL, bypass_csp=True)  # axe-core's script
        self.page: Page = self.context.new_page()
        self.discards = 0
        self.table_id = ""

    @property
    def player_id(self) -> int:
        cookie = next(cookie for cookie in self.context.cookies() if cookie["name"] == "mj_player")
        return int(cookie["value"].split(".")[0])

    def press(self, action: str, said: str) -> None:
        self.page.locator(f'button[data-action="{action}"]').click()
        expect(self.page.locator("#said")).to_have_attribute("data-said", said)


def test_page_players_sign_up_and_play_a_round_beside_members_and_computers(
    server: TableServer, browser: Browser
) -> None:
    site = server.site
    tournaments = site.application.tournaments
    settings = TournamentSettings(
        "classic", 1, "one_hand", signup_closes=site.clock.now + 600, checkin=600, name="Mixed cup"
    )
    made = server.run(tournaments.open(WEB_GUILD, ORGANISER, settings)).tournament
    address = f"{server.url}/tournament/{made.id}?lang=en"
    players = [PagePlayer(browser, name) for name in PAGE_PLAYERS]
    try:
        # sign-up: the page players on the page, the members through the core
        for player in players:
            player.page.goto(address)
            expect(player.page.locator("#you")).to_have_attribute("data-you", "out")
            assert scan(player.page) == []  # the forms too
            player.page.locator("#pseudonym").fill(player.name)
            player.press("save-name", "named")
            player.press("join-tournament", "joined")
            expect(player.page.locator("#you")).to_have_attribute("data-you", "signed")
        for member in MEMBERS:
            server.run(tournaments.update(made.id, lambda current, now, m=member: life.join(current, m, now, f"M{m}")))

        # check-in: sign-up closed
        server.advance_to(settings.signup_closes + 1)
        for player in players:
            player.page.goto(address)
            player.press("checkin-tournament", "checked")
            expect(player.page.locator("#you")).to_have_attribute("data-you", "checked")
            assert player.page.evaluate(WIDEST) <= 360
        for member in MEMBERS:
            server.run(tournaments.update(made.id, lambda current, now, m=member: life.check_in(current, m, now)))

        # the start: two tables of three players and a computer; each page player's has members and a computer
        server.run(tournaments.start(made.id, ORGANISER))
        server.run(site.settle())
        server.run(site.application.tournament_runner.open_round(made.id))  # if the runner has not yet
        started = read(server, made.id)
        ids = {player.name: player.player_id for player in players}
        assert set(started.players) == {*MEMBERS, *ids.values()}
        for player in players:
            table = next(table for table in started.round_tables(1) if ids[player.name] in table.seats)
            assert None in table.seats and set(table.seats) & set(MEMBERS), table.seats
            assert table.table_id is not None
            player.table_id = table.table_id

        # each finds their table on the tournament page and opens it
        for player in players:
            player.page.goto(address)
            expect(player.page.locator("#you")).to_have_attribute("data-you", "player")
            mine = player.page.locator('[data-round-tables="1"] li[data-you="true"]')
            expect(mine).to_have_count(1)
            expect(mine).to_have_attribute("data-table", player.table_id)
            mine.locator('a[data-action="open-table"]').click()
            expect(player.page.locator("#table")).to_have_attribute("data-table-id", player.table_id)
            expect(player.page.locator("#table")).to_have_attribute("data-state", "playing")
            seat = player.page.locator('[data-seat][data-you="true"]')
            expect(seat).to_have_attribute("data-name", player.name)
            expect(seat).to_have_attribute("data-kind", "member")
            expect(player.page.locator("#behind")).to_be_hidden()  # their own table: as any seat, not behind

        play_round(server, made.id, players)
        assert all(player.discards == DISCARDS for player in players)

        # the round's standings and replays on the tournament page
        over = read(server, made.id)
        assert over.status == "over"
        names = {over.name_of(member) for member in over.players}
        assert {*PAGE_PLAYERS, *(f"M{member}" for member in MEMBERS)} == names
        for player in players:
            player.page.goto(address)
            expect(player.page.locator("#tournament")).to_have_attribute("data-status", "over")
            rows = player.page.locator("#standings [data-player]")
            expect(rows).to_have_count(len(over.players))
            shown = {row.get_attribute("data-name") for row in rows.all()}
            assert shown == names
            ranks = {over.name_of(over.players[line.player]): str(line.rank) for line in over.shown_standings()}
            assert {row.get_attribute("data-name"): row.get_attribute("data-rank") for row in rows.all()} == ranks
            replay = player.page.locator(f'li[data-table="{player.table_id}"] a[data-replay="1"]')
            expect(replay).to_have_attribute("href", f"/replay/{player.table_id}/1")
            answer = player.page.request.get(f"{server.url}/replay/{player.table_id}/1")
            assert answer.status == 200
    finally:
        for player in players:
            player.context.close()


def play_round(server: TableServer, tournament_id: str, players: list[PagePlayer]) -> None:
    """The round's tables played to their end: each page player's first ``DISCARDS`` discards pressed on
    their page (the tile pressed once picks it, again discards it), every other wait (members' turns,
    computers' pauses, claim windows, the page players' later turns) passed by moving the fake clock on,
    never while a page player is to press."""
    limit = time.monotonic() + ROUND_SECONDS
    tables = [table.table_id or "" for table in read(server, tournament_id).round_tables(1)]
    while read(server, tournament_id).status != "over":
        assert time.monotonic() < limit, "the round did not end in time"
        states = {table_id: server.table(table_id) for table_id in tables}
        pressing = [player for player in players if player.discards < DISCARDS and to_discard(player, states)]
        if pressing:
            for player in pressing:
                discard(server, player, *states[player.table_id])
            continue
        waits = [state.wake_at for state, _ in states.values() if state.is_open and state.wake_at is not None]
        if waits:
            server.advance_to(min(waits) + 0.01)
        players[0].page.wait_for_timeout(15)


def to_discard(player: PagePlayer, states: dict[str, tuple[TableState, int]]) -> bool:
    """Whether the player's table waits for them to discard."""
    state, _ = states[player.table_id]
    if state.status != "playing" or state.hand is None:
        return False
    hand = shown_round(state)
    chair = next(index for index, seat in enumerate(state.seats) if seat.member_id == player.player_id)
    return hand.phase is Phase.DISCARD and chair in hand.awaiting() and not state.seats[chair].away


def discard(server: TableServer, player: PagePlayer, state: TableState, version: int) -> None:
    """The player's turn on their page: the page at this version, a tile pressed twice, the table moved on."""
    page = player.page
    expect(page.locator("#table")).to_have_attribute("data-version", str(version))
    expect(page.locator('#moves button[data-action="discard"]')).to_have_count(1)
    drawn = page.locator('#hand > button[data-drawn="true"]')
    tile = drawn if drawn.count() == 1 else page.locator("#hand > button").last
    tile.click()
    expect(tile).to_have_attribute("aria-pressed", "true")
    tile.click()
    limit = time.monotonic() + 10
    while server.table(player.table_id)[1] == version:
        assert time.monotonic() < limit, f"{player.name}'s discard did not reach the table"
        page.wait_for_timeout(15)
    player.discards += 1
