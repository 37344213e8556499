"""A page player's sign-up for a tournament from its page (``web.tournament_routes``, SPEC §9 and §6), over
the application as the root builds it: the pseudonym form, Join, Check in and Leave, each a form post
answered by a 303 back to the page, which says what happened in the page's language; a refusal (no name
yet, check-in not open) changes nothing and is said in the tournament's words; a foreign origin presses
nothing; a Discord server's tournament offers no form and takes no page player."""

from __future__ import annotations

import html
import pathlib
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from core.tournaments.tournament import Tournament, TournamentSettings
from tests.web.test_table_api import Browser, TableSite, open_table_site
from web.guard import WEB_GUILD
from web.words import say
from words import messages

pytestmark = pytest.mark.asyncio

ORGANISER = 7
SERVER = 4242  # a Discord server's id


@pytest_asyncio.fixture
async def site(tmp_path: pathlib.Path) -> AsyncIterator[TableSite]:
    opened = await open_table_site(tmp_path, tick=3600.0)
    try:
        yield opened
    finally:
        await opened.close()


async def opened_tournament(site: TableSite, guild: int = WEB_GUILD) -> Tournament:
    settings = TournamentSettings("classic", 1, signup_closes=site.clock.now + 60, checkin=600, name="Cup")
    return (await site.application.tournaments.open(guild, ORGANISER, settings)).tournament


async def read(site: TableSite, tournament_id: str) -> Tournament:
    stored = await site.application.tournaments.read(tournament_id)
    assert stored is not None
    return stored.tournament


async def press(browser: Browser, tournament_id: str, verb: str, lang: str = "en", **fields: str) -> tuple[str, str]:
    """A form of the page posted: the ``said`` key its 303 names, and the page it leads to."""
    status, text, headers = await browser.post_form(
        f"/tournament/{tournament_id}/{verb}", [("lang", lang), *fields.items()]
    )
    assert status == 303, text
    location = headers["Location"]
    found = re.fullmatch(rf"/tournament/{tournament_id}\?lang={lang}&said=([a-z_]+)", location)
    assert found is not None, location
    status, page, _ = await browser.get(location)
    assert status == 200
    return found.group(1), page


def shown(words: str) -> str:
    """``words`` as the page writes them (escaped)."""
    return html.escape(words, quote=True)


def place_in(page: str) -> str:
    found = re.search(r'<section id="you" data-you="([a-z]+)"', page)
    assert found is not None
    return found.group(1)


async def test_a_page_player_names_themselves_joins_checks_in_and_leaves_from_the_page(site: TableSite) -> None:
    made = await opened_tournament(site)
    browser = await site.browser()
    status, page, headers = await browser.get(f"/tournament/{made.id}?lang=en")
    assert status == 200 and "mj_player" in headers.get("Set-Cookie", "")
    assert place_in(page) == "out"
    assert 'id="pseudonym"' in page and 'data-action="save-name"' in page and 'data-action="join-tournament"' in page
    assert 'data-action="checkin-tournament"' not in page

    said, page = await press(browser, made.id, "join")  # no name yet: asked for one, nothing changed
    assert said == "name_first" and shown(say("tournament.said.name_first", "en")) in page
    assert (await read(site, made.id)).signed == ()

    said, page = await press(browser, made.id, "name", name="x")  # too short for a pseudonym
    assert said == "sol_name_bad" and shown(messages.say("sol_name_bad", "en")) in page
    said, page = await press(browser, made.id, "name", lang="fr", name="Alice Wong")
    assert said == "named" and shown(say("tournament.said.named", "fr")) in page and 'value="Alice Wong"' in page

    said, page = await press(browser, made.id, "join")
    player = browser.player
    assert said == "joined" and shown(say("tournament.said.joined", "en", name="Alice Wong")) in page
    assert place_in(page) == "signed" and 'data-action="leave-tournament"' in page
    joined = await read(site, made.id)
    assert joined.signed == (player,) and joined.name_of(player) == "Alice Wong"

    said, page = await press(browser, made.id, "checkin", lang="zh_TW")  # before sign-up closes
    assert said == "tournament_checkin_closed" and shown(messages.say("tournament_checkin_closed", "zh_TW")) in page
    assert (await read(site, made.id)).checked == frozenset()

    site.clock.now += 90  # sign-up closed: the check-in window
    status, page, _ = await browser.get(f"/tournament/{made.id}?lang=en")
    assert place_in(page) == "signed" and 'data-action="checkin-tournament"' in page
    said, page = await press(browser, made.id, "checkin")
    assert said == "checked" and place_in(page) == "checked"
    assert (await read(site, made.id)).checked == frozenset({player})

    said, page = await press(browser, made.id, "leave")
    assert said == "left" and place_in(page) == "out"
    left = await read(site, made.id)
    assert left.signed == () and left.checked == frozenset()


async def test_a_foreign_origin_presses_nothing_and_a_servers_tournament_takes_no_page_player(site: TableSite) -> None:
    made = await opened_tournament(site)
    browser = await site.browser()
    await press(browser, made.id, "name", name="Alice Wong")
    status, text, _ = await browser.post_form(
        f"/tournament/{made.id}/join", [("lang", "en")], Origin="https://elsewhere.example"
    )
    assert status == 403 and say("error.foreign_origin", "en") in text
    assert (await read(site, made.id)).signed == ()
    status, text, _ = await browser.post_form("/tournament/nosuchone/join", [("lang", "fr")])
    assert status == 404 and say("error.no_tournament", "fr") in text

    servers = await opened_tournament(site, SERVER)
    status, page, _ = await browser.get(f"/tournament/{servers.id}?lang=en")
    assert place_in(page) == "server" and shown(say("tournament.you.server", "en")) in page and "<form" not in page
    said, page = await press(browser, servers.id, "join")
    assert said == "server_players" and (await read(site, servers.id)).signed == ()
