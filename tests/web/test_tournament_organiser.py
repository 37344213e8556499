"""A web tournament opened and run from the page (SPEC §9: "or, standalone, a page's"): ``GET
/tournament/new`` shows the form and opens nothing; its press opens a tournament of the web's server whose
organiser is the presser, each field held to its bounds (a bad one is 400 naming it, nothing opened); the
organiser alone sees and presses Start, Pause, Resume and Cancel on the tournament's page, each said in the
page's language, a refusal (too few checked in, someone else pressing) changing nothing."""

from __future__ import annotations

import re
import urllib.parse

import pytest

from tests.web.test_table_api import Browser, TableSite
from tests.web.test_tournament_signup import press, read, shown, site
from web.guard import WEB_GUILD
from web.words import say

__all__ = ["site"]  # the fixture, the sign-up tests' own

pytestmark = pytest.mark.asyncio

FORM = {
    "title": "  Winter   cup ",
    "rules": "classic",
    "rounds": "2",
    "length": "one_hand",
    "signup": "30",
    "checkin": "5",
}


async def opened(browser: Browser, lang: str = "en", **changed: str) -> tuple[int, str, str]:
    """The form pressed with ``FORM``'s fields (``changed`` instead of some): its status, its answer's
    text, and where it leads."""
    fields = [("lang", lang), *{**FORM, **changed}.items()]
    status, text, headers = await browser.post_form("/tournament/new", fields)
    return status, text, headers.get("Location", "")


async def test_the_form_opens_nothing_and_its_press_opens_a_web_tournament_organised_by_the_presser(
    site: TableSite,
) -> None:
    browser = await site.browser()
    status, page, _ = await browser.get("/tournament/new?lang=fr")
    assert status == 200 and 'data-action="open-tournament"' in page and 'lang="fr"' in page
    assert shown(say("tournament.new.title", "fr")) in page
    assert await site.application.tournaments.of_guild(WEB_GUILD) == []  # fetching the form opened nothing

    status, text, location = await opened(browser, lang="fr")
    assert status == 303, text
    found = re.fullmatch(r"/tournament/([a-z0-9]+)\?lang=fr&said=created", location)
    assert found is not None, location
    made = await read(site, found.group(1))
    assert made.guild_id == WEB_GUILD and made.organiser == browser.player and made.status == "signup"
    assert (made.settings.name, made.settings.rules, made.settings.rounds) == ("Winter cup", "classic", 2)
    assert made.settings.length == "one_hand" and made.settings.lang == "fr" and made.settings.checkin == 300.0
    assert made.settings.signup_closes == pytest.approx(site.clock.now + 1800)
    status, page, _ = await browser.get(location)
    assert shown(say("tournament.said.created", "fr")) in page
    assert 'id="organiser"' in page and 'data-action="start-tournament"' in page


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rules", "family"),
        ("rounds", "13"),
        ("rounds", "two"),
        ("length", "forever"),
        ("signup", "0"),
        ("checkin", "-1"),
        ("checkin", "1441"),
        ("signup", "²"),  # a digit to str.isdigit, not to int
        ("title", "x" * 61),
    ],
)
async def test_a_field_out_of_its_bounds_is_named_and_nothing_is_opened(
    site: TableSite, field: str, value: str
) -> None:
    browser = await site.browser()
    status, text, _ = await opened(browser, **{field: value})
    assert (status, text) == (400, say("error.bad_field", "en", field=field) + "\n")
    assert await site.application.tournaments.of_guild(WEB_GUILD) == []


async def test_a_foreign_page_opens_nothing(site: TableSite) -> None:
    browser = await site.browser()
    fields = [("lang", "en"), *FORM.items()]
    status, _, _ = await browser.post_form("/tournament/new", fields, Origin="https://evil.example")
    assert status == 403
    assert await site.application.tournaments.of_guild(WEB_GUILD) == []


async def test_the_organiser_alone_starts_pauses_resumes_and_cancels_it(site: TableSite) -> None:
    organiser = await site.browser()
    _, _, location = await opened(organiser, checkin="5", signup="1")
    tournament_id = urllib.parse.urlsplit(location).path.rsplit("/", 1)[1]
    players = [await site.browser() for _ in range(4)]
    for number, player in enumerate(players):
        assert (await press(player, tournament_id, "name", name=f"Player {number}"))[0] == "named"
        assert (await press(player, tournament_id, "join"))[0] == "joined"
    _, page, _ = await players[0].get(f"/tournament/{tournament_id}?lang=en")
    assert 'id="organiser"' not in page  # only its organiser is offered the organiser's presses
    assert (await press(players[0], tournament_id, "start"))[0] == "tournament_organiser_only"
    assert (await press(organiser, tournament_id, "start"))[0] == "too_few"  # none checked in yet
    assert (await read(site, tournament_id)).status == "signup"

    site.clock.now += 61  # sign-up closed: the check-in window is open
    for player in players:
        assert (await press(player, tournament_id, "checkin"))[0] == "checked"
    said, page = await press(organiser, tournament_id, "start")
    made = await read(site, tournament_id)
    assert said == "started" and made.status == "playing" and made.round == 1 and len(made.players) == 4
    assert 'data-action="pause-tournament"' in page and 'data-action="start-tournament"' not in page
    said, page = await press(organiser, tournament_id, "pause")
    assert said == "paused" and (await read(site, tournament_id)).status == "paused"
    assert 'data-action="resume-tournament"' in page
    assert (await press(players[2], tournament_id, "resume"))[0] == "tournament_organiser_only"
    assert (await press(organiser, tournament_id, "resume"))[0] == "resumed"
    assert (await read(site, tournament_id)).status == "playing"
    said, page = await press(organiser, tournament_id, "cancel")
    assert said == "cancelled" and (await read(site, tournament_id)).status == "cancelled"
    assert 'data-action="cancel-tournament"' not in page  # nothing left to press
    assert (await press(players[1], tournament_id, "cancel"))[0] in ("tournament_organiser_only", "tournament_over")
