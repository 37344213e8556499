"""A tournament's page in a real browser (SPEC §9): the real server (``open_table_site`` with the built
page) holding a tournament of five page players over two rounds of two tables, round 1 over (its tables'
results given) and round 2 open, and Chromium on a 360 × 640 phone and a desktop, driven through
Playwright (tests/web/browser.py).

The page names the tournament, its rules, status and round; its standings are the tournament's shown
standings (placement points, hand scores, duplicate score); round 2's tables link to their table pages
with their seats' names, round 1's to their hands' replays; nothing reaches past the phone's width, every
link is reached by Tab, and axe-core finds no serious or critical violation in three languages. An
unknown id is a 404 that says so. From the page, an outsider opens a table and watches it one hand
behind; a player of round 2 opening another table of it is refused, in words the page keeps showing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.tournaments import tournament as life
from core.tournaments.tournament import Tournament
from tests.core.tournament_helpers import schedule_of
from tests.web.browser import DESKTOP, PHONE_SMALL, chromium_path
from tests.web.test_table_page_player import scan
from tests.web.test_table_play import TableServer
from tests.web.test_tournament_sockets import PLAYERS, cookie_of, tournament_of_two_tables
from web.identity import COOKIE
from web.words import say

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = pytest.mark.e2e

SCHEDULE = schedule_of((((0, 1, 2, 3), (4, -1, -1, -1)), ((4, 0, -1, 1), (2, 3, -1, -1))))
ROUND_ONE = (((8.0, -4.0, -4.0, 0.0), (2.0, 2.0, -2.0, -2.0)), ((6.0, -2.0, -2.0, -2.0),))
"""Each round-1 table's hands, each hand's scores per chair."""
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
STANDINGS = """() => [...document.querySelectorAll("#standings [data-player]")].map((row) => ({
  player: Number(row.dataset.player), name: row.dataset.name, rank: Number(row.dataset.rank),
  points: Number(row.dataset.points), score: Number(row.dataset.score), duplicate: Number(row.dataset.duplicate),
}))"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableServer, Tournament]]:
    with TableServer(tmp_path_factory.mktemp("tournament")) as running:
        site = running.site
        made = running.run(tournament_of_two_tables(site, SCHEDULE))
        for table, hands in zip(made.round_tables(1), ROUND_ONE, strict=True):
            table_id = table.table_id or ""
            running.run(
                site.application.tournaments.update(
                    made.id, lambda current, now, t=table_id, h=hands: life.table_finished(current, t, h)
                )
            )
        running.run(site.application.tournament_runner.open_round(made.id))  # round 2 (the runner may have)
        running.run(site.settle())
        stored = running.run(site.application.tournaments.read(made.id))
        assert stored is not None and stored.tournament.round == 2
        yield running, stored.tournament


def test_the_page_shows_the_standings_this_rounds_tables_and_the_past_rounds_replays(
    served: tuple[TableServer, Tournament], browser: Browser
) -> None:
    server, made = served
    context = browser.new_context(**PHONE_SMALL)
    try:
        page = context.new_page()
        answer = page.goto(f"{server.url}/tournament/{made.id}?lang=en")
        assert answer is not None and answer.status == 200
        main = page.locator("#tournament")
        expect(main).to_have_attribute("data-status", "playing")
        expect(main).to_have_attribute("data-round", "2")
        expect(page.locator("h1")).to_have_text("Cup")
        expected = [
            {
                "player": line.player,
                "name": f"P{made.players[line.player]}",
                "rank": line.rank,
                "points": line.points,
                "score": line.score,
                "duplicate": round(line.duplicate, 2),
            }
            for line in made.shown_standings()
        ]
        assert page.evaluate(STANDINGS) == expected and len(expected) == len(PLAYERS)

        current = page.locator('[data-round-tables="2"] [data-table]')
        expect(current).to_have_count(2)
        for table, shown in zip(made.round_tables(2), current.all(), strict=True):
            assert shown.get_attribute("data-table") == table.table_id
            assert shown.locator("a").get_attribute("href") == f"/table/{table.table_id}"
            names = [f"P{member}" if member is not None else "Computer" for member in table.seats]
            assert shown.locator("[data-seat]").all_inner_texts() == names
        replays = page.locator('[data-round-tables="1"] [data-replay]')
        expected_links = [
            f"/replay/{table.table_id}/{hand}"
            for table, hands in zip(made.round_tables(1), ROUND_ONE, strict=True)
            for hand in range(1, len(hands) + 1)
        ]
        assert [link.get_attribute("href") for link in replays.all()] == expected_links
        assert page.locator('[data-round-tables="2"] [data-replay]').count() == 0  # not before the round ends
        assert page.evaluate(WIDEST) <= 360

        # every link reached by Tab, in the page's order
        links = [link.get_attribute("href") for link in page.locator("a[href]").all()]
        reached = []
        for _ in range(len(links) + 1):  # the standings' scrolling region is a stop of its own
            page.keyboard.press("Tab")
            reached.append(page.evaluate("document.activeElement.getAttribute('href')"))
        assert [href for href in reached if href is not None] == links
        assert {f"/table/{table.table_id}" for table in made.round_tables(2)} <= set(links)
    finally:
        context.close()


@pytest.mark.parametrize(("screen", "lang"), [(PHONE_SMALL, "en"), (PHONE_SMALL, "fr"), (DESKTOP, "zh_TW")])
def test_the_page_has_no_serious_accessibility_violation(
    served: tuple[TableServer, Tournament], browser: Browser, screen: dict[str, Any], lang: str
) -> None:
    server, made = served
    context = browser.new_context(**screen, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/tournament/{made.id}?lang={lang}")
        expect(page.locator("#standings-title")).to_have_text(say("tournament.standings", lang))
        assert scan(page) == []
    finally:
        context.close()


def test_an_unknown_tournament_is_a_404_that_says_so(served: tuple[TableServer, Tournament], browser: Browser) -> None:
    server, _ = served
    page = browser.new_page()
    try:
        answer = page.goto(f"{server.url}/tournament/nosuchone?lang=fr")
        assert answer is not None and answer.status == 404
        assert say("error.no_tournament", "fr") in page.content()
    finally:
        page.close()


def test_from_the_page_an_outsider_watches_one_hand_behind_and_a_player_is_refused(
    served: tuple[TableServer, Tournament], browser: Browser
) -> None:
    server, made = served
    first, second = made.round_tables(2)
    context = browser.new_context(**PHONE_SMALL, bypass_csp=True)  # axe-core's script
    try:
        page = context.new_page()
        page.goto(f"{server.url}/tournament/{made.id}?lang=en")
        page.locator(f'[data-table="{first.table_id}"] a').click()
        expect(page.locator("#table")).to_have_attribute("data-state", "playing")
        expect(page.locator("#behind")).to_be_visible()
        expect(page.locator("#behind")).to_have_text(say("table.behind", "en"))
        expect(page.locator("#tournament-link")).to_have_attribute("href", f"/tournament/{made.id}")
        assert page.locator("#hand > button").count() == 0 and page.locator("[data-face]").count() == 0
        assert scan(page) == []
    finally:
        context.close()

    player = next(member for member in second.seats if member is not None)
    context = browser.new_context(**PHONE_SMALL)
    try:
        context.add_cookies([{"name": COOKIE, "value": server.run(cookie_of(server.site, player)), "url": server.url}])
        page = context.new_page()
        page.goto(f"{server.url}/table/{first.table_id}?lang=zh_TW")
        expect(page.locator("#table")).to_have_attribute("data-refused", "fair_play")
        expect(page.locator("#status")).to_have_text(say("error.fair_play", "zh_TW"))
        page.wait_for_timeout(6000)  # past a passing refusal's time: the words stay, no socket again
        expect(page.locator("#status")).to_have_text(say("error.fair_play", "zh_TW"))
        assert page.locator("[data-face]").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "zh_TW"])
def test_a_tournament_is_opened_from_its_form_on_a_phone_and_both_pages_are_accessible(
    served: tuple[TableServer, Tournament], browser: Browser, lang: str
) -> None:
    server, _ = served
    context = browser.new_context(**PHONE_SMALL, bypass_csp=True)  # axe-core's script
    try:
        page = context.new_page()
        page.goto(f"{server.url}/tournament/new?lang={lang}")
        assert scan(page) == []
        page.locator("#title").fill("Club night")
        page.locator("#rounds").fill("3")
        page.locator('button[data-action="open-tournament"]').click()
        expect(page.locator("#said")).to_have_attribute("data-said", "created")
        expect(page.locator("#organiser")).to_be_visible()
        expect(page.locator("h1")).to_have_text("Club night")
        assert page.locator('#organiser button[data-action="start-tournament"]').count() == 1
        assert scan(page) == []
    finally:
        context.close()
