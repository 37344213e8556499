"""What a player sees and keeps on the table page (SPEC §7.1), in Chromium against hand-made frames (the
stub server of ``test_table_page_static``): at 360 × 640, 390 × 844 and a desktop window, in English,
French and Traditional Chinese; every check as a person would make it (what is drawn, where, and said in
the page's language), and an accessibility scan (axe-core) of each screen. The whole hands against the
real server are ``test_table_play``'s."""

# ruff: noqa: F811 (the tests take the fixtures imported from test_table_page_static by their names)
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.browser import DESKTOP, PHONE, PHONE_SMALL, seen_whole
from tests.web.test_table_page_static import (
    StubTables,
    claim_window,
    hand_over,
    lobby,
    stub,  # noqa: F401  (a fixture of this module too)
    viewers_turn,
    wait_for,
)
from web.words import tile_names
from words import text

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "web" / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
SCREENS: dict[str, dict[str, Any]] = {"phone-small": PHONE_SMALL, "phone": PHONE, "desktop": DESKTOP}
LANG_OF = {"phone-small": "en", "phone": "fr", "desktop": "zh_TW"}


@pytest.fixture(params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, BrowserContext]]:
    """A context for each screen, each in one of the three languages; the page's policy bypassed for the
    accessibility scan's script only (the page itself runs as served)."""
    name = str(request.param)
    context = browser.new_context(**SCREENS[name], locale="en-GB", bypass_csp=True)
    context.set_default_timeout(10_000)
    yield LANG_OF[name], context
    context.close()


def word(key: str, lang: str, *values: str) -> str:
    said = text("web", key, lang)
    return re.sub(r"#([1-9]?)", lambda found: values[int(found[1] or "1") - 1], said)


def open_page(context: BrowserContext, stub: StubTables, table: str, lang: str, *messages: dict[str, Any]) -> Page:
    stub.first[table] = list(messages)
    page = context.new_page()
    page.goto(f"{stub.url}/table/{table}?lang={lang}")
    frames = [message for message in messages if message.get("type") == "frame"]
    if frames:
        expect(page.locator("#table")).to_have_attribute("data-version", str(frames[-1]["version"]))
    return page


def scan(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands (none expected)."""
    if not AXE.is_file():
        pytest.skip("axe-core is missing: run `npm ci --prefix web/frontend`")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.slice(0, 3).map(n => `${n.target.join(' ')}: ${n.failureSummary}`)}))"
    )
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found if v["impact"] in ("serious", "critical")]


LOG = [
    {"seat": "E", "event": "draw", "tiles": ""},
    {"seat": "E", "event": "bonus", "tiles": "1f"},
    {"seat": "E", "event": "draw", "tiles": ""},
    {"seat": "E", "event": "discard", "tiles": "9m"},
    {"seat": "S", "event": "draw", "tiles": ""},
    {"seat": "S", "event": "discard", "tiles": "8p"},
    {"seat": "W", "event": "draw", "tiles": ""},
    {"seat": "W", "event": "discard", "tiles": "2s"},
    {"seat": "N", "event": "draw", "tiles": ""},
    {"seat": "N", "event": "discard", "tiles": "7s"},
    {"seat": "E", "event": "pung", "tiles": "777s"},
    {"seat": "E", "event": "discard", "tiles": "1p"},
    {"seat": "N", "event": "draw", "tiles": ""},
    {"seat": "N", "event": "discard", "tiles": "3z"},
    {"seat": "W", "event": "draw", "tiles": ""},
    {"seat": "W", "event": "discard", "tiles": "0j"},
    {"seat": "S", "event": "draw", "tiles": ""},
]


def turn_frame(table: str, version: int = 5) -> dict[str, Any]:
    """South's turn (the viewer), East the dealer, the hand's story so far, South's time bank."""
    shown = viewers_turn(table, version)
    shown["log"] = LOG
    shown["dealer"] = "E"
    shown["computer_level"] = "strong"
    shown["seats"][1]["bank"] = 42
    shown["seats"][2]["level"] = "strong"
    return shown


def test_the_viewers_seat_the_dealer_and_who_plays_for_an_away_member(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    page = open_page(context, stub, f"seats-{lang}", lang, turn_frame(f"seats-{lang}"))
    expect(page.locator('[data-you="true"]')).to_have_count(1)
    own = page.locator('#seats [data-seat="S"]')
    expect(own).to_have_attribute("data-you", "true")
    expect(own).to_contain_text(text("web", "table.badge.you", lang))
    expect(page.locator('#seats [data-seat="E"]')).to_have_attribute("data-dealer", "true")
    expect(page.locator('#seats [data-seat="E"]')).to_contain_text(text("web", "table.badge.dealer", lang))
    # Dan is away: the strong computer plays for him; a computer seat says its level in the page's language
    level = text("web", "table.level.strong", lang)
    expect(page.locator('#seats [data-seat="N"]')).to_contain_text(word("table.badge.away_for", lang, level, "Dan"))
    expect(page.locator('#seats [data-seat="W"] .badges')).to_have_text(level)
    # the time bank beside the turn's own clock, both beside the hand
    expect(page.locator("#bank")).to_have_text(word("table.bank", lang, "0:42"))
    expect(page.locator("#own #deadline")).to_have_count(1)
    # while the table waits for the viewer, the tab says so
    assert page.title() == word("table.title_awaited", lang, text("web", "table.title", lang))
    assert scan(page) == []


def test_in_the_lobby_the_viewers_chair_is_theirs_and_the_address_is_the_invitation(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    table = f"invite-{lang}"
    shown = {**lobby(table), "you": "E"}
    page = open_page(context, stub, table, lang, shown, {"type": "name", "name": "Ana", "editable": True})
    expect(page.locator('#seats [data-seat="E"]')).to_have_attribute("data-you", "true")
    invite = page.locator("#invite")
    expect(invite).to_have_attribute("data-url", f"{stub.url}/table/{table}")
    expect(invite).to_be_visible()
    expect(page.locator("#invite-note")).to_have_text(text("web", "table.invite.note", lang))
    # the name form, changeable in the lobby (SPEC §6's pseudonym form)
    expect(page.locator("input#pseudonym")).to_have_value("Ana")
    expect(page.locator('button[data-action="save-name"]')).to_be_visible()
    assert scan(page) == []
    if lang == "zh_TW":  # the desktop: pressing Invite copies the address, and says so
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=stub.url)
        invite.click()
        expect(page.locator("#status")).to_have_text(text("web", "table.invite.copied", lang))
        assert page.evaluate("navigator.clipboard.readText()") == f"{stub.url}/table/{table}"


def test_a_standalone_player_names_their_seat_before_they_first_join(
    browser: Browser,
    stub: StubTables,
) -> None:
    context = browser.new_context(**PHONE_SMALL, locale="en-GB")
    table = "name1"
    shown = {**lobby(table), "viewer": "spectator", "you": None, "actions": [{"action": "join"}]}
    page = open_page(context, stub, table, "en", shown, {"type": "name", "name": None, "editable": True})
    join = page.locator('#moves button[data-action="join"]')
    join.tap()
    expect(page.locator("#status")).to_have_text(text("web", "table.name.ask", "en"))
    expect(page.locator("#pseudonym")).to_be_focused()
    assert stub.messages(table) == []
    page.locator("#pseudonym").fill("Zoé")
    join.tap()
    wait_for(lambda: stub.messages(table) == [{"type": "name", "name": "Zoé"}])
    # the server took the name: the page joins under it
    stub.push(table, {"type": "name", "name": "Zoé", "editable": True})
    wait_for(lambda: stub.messages(table)[1:] == [{"type": "move", "action": "join", "step": 1}])
    # a refused name is said, and no join follows it
    page.locator("#pseudonym").fill("Ana")
    page.locator('button[data-action="save-name"]').tap()
    stub.push(table, {"type": "refused", "error": "refused", "message": "That name is taken."})
    expect(page.locator("#status")).to_have_text("That name is taken.")
    context.close()


def test_the_hands_story_the_last_discard_and_the_tiles_alike_to_the_picked_one(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    table = f"story-{lang}"
    page = open_page(context, stub, table, lang, turn_frame(table))
    log = page.locator("#log")
    expect(log).to_have_attribute("aria-live", "polite")
    expect(log.locator(":scope > *")).to_have_count(len(LOG))
    for index, event in enumerate(LOG):
        line = log.locator(":scope > *").nth(index)
        expect(line).to_have_attribute("data-seat", event["seat"])
        expect(line).to_have_attribute("data-event", event["event"])
        expect(line).to_have_attribute("data-tiles", event["tiles"])
    names = tile_names(lang)
    east = f"Ana ({text('web', 'table.wind.E', lang)})"
    expect(log.locator(":scope > *").nth(1)).to_have_text(word("table.log.bonus", lang, east, names["1f"]))
    # West's joker is the last discard (East's pung took North's 7s earlier): marked in West's discards only
    last = page.locator('[data-last="true"]')
    expect(last).to_have_count(1)
    expect(page.locator('#seats [data-seat="W"] [data-discards] [data-last="true"]')).to_have_attribute(
        "data-face", "0j"
    )
    # South discards 1z: the mark moves, and the log says it
    after = turn_frame(table, 6)
    after["log"] = [*LOG, {"seat": "S", "event": "discard", "tiles": "1z"}]
    after["seats"][1]["discards"] = ["8p", "1z"]
    after["actions"] = []
    stub.push(table, after)
    expect(page.locator('#seats [data-seat="S"] [data-discards] [data-last="true"]')).to_have_attribute(
        "data-face", "1z"
    )
    expect(last).to_have_count(1)
    south = f"Bea ({text('web', 'table.wind.S', lang)})"
    expect(log.locator(":scope > *").last).to_have_text(word("table.log.discard", lang, south, names["1z"]))
    # sets, bonus tiles and discards: separate groups, each named
    east_seat = page.locator('#seats [data-seat="E"]')
    for group, key in (("[data-meld]", "table.action.pung"), ("[data-bonus]", "table.seat.bonus")):
        expect(east_seat.locator(group)).to_have_attribute("role", "group")
        expect(east_seat.locator(group)).to_have_attribute("aria-label", re.compile(re.escape(text("web", key, lang))))
    stub.push(table, turn_frame(table, 7))  # South's turn again: a tile picked marks its like on the table
    expect(page.locator("#table")).to_have_attribute("data-version", "7")
    page.locator("#hand > button").nth(5).click()  # 6p
    expect(page.locator("#hand > button").nth(5)).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-same="true"]')).to_have_count(1)
    page.locator("#hand > button").nth(3).click()  # 5p: none on the table, its twin in the hand
    expect(page.locator('[data-same="true"]')).to_have_count(2)
    assert scan(page) == []


def test_a_claim_window_says_the_discard_and_asks_the_viewer(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    table = f"claim-{lang}"
    page = open_page(context, stub, table, lang, claim_window(table))
    names = tile_names(lang)
    east = f"Ana ({text('web', 'table.wind.E', lang)})"
    expect(page.locator("#turn")).to_have_text(word("table.discarded", lang, east, names["4m"]))
    expect(page.locator("#prompt")).to_have_text(word("table.claim_yours", lang, east, names["4m"]))
    assert page.title() == word("table.title_awaited", lang, text("web", "table.title", lang))
    assert scan(page) == []
    # with No claims on, the window shows no claim button while the table passes for the viewer
    quiet = claim_window(table, 8)
    quiet["standing"] = {"auto_win": False, "no_calls": True, "auto_discard": False}
    stub.push(table, quiet)
    expect(page.locator("#moves button[data-action]")).to_have_count(0)
    # the window closes: the title is the table's again
    stub.push(table, {**viewers_turn(table, 9), "actions": [], "turn": "W", "awaited": ["W"]})
    expect(page.locator("#table")).to_have_attribute("data-version", "9")
    assert page.title() == text("web", "table.title", lang)


def test_the_result_is_seen_whole_above_everything_until_the_next_hand(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    table = f"result-{lang}"
    shown = hand_over(table)
    shown["result"]["breakdown"] = [
        {"pattern": "own_wind_pung", "value": 1},
        {"pattern": "concealed", "value": 1},
        {"pattern": "own_wind_pung", "value": 1},
    ]
    shown["deadline"] = time.time() + 28
    shown["seats"][0]["discards"] = [f"{n}p" for n in range(1, 10)] * 2  # a long hand behind the card
    shown["log"] = LOG
    page = open_page(context, stub, table, lang, turn_frame(table, 8), shown)
    result = page.locator("#result")
    wait_for(lambda: seen_whole(page, "#result") == "seen", seconds=5)
    expect(result.locator('[data-pattern="own_wind_pung"]')).to_have_attribute("data-value", "2")
    expect(result.locator('[data-pattern="concealed"]')).to_have_attribute("data-value", "1")
    # a classic hand: each pattern's points
    expect(result.locator('[data-pattern="own_wind_pung"]')).to_contain_text(
        word("table.result.points_value", lang, "2")
    )
    winning = result.locator('[data-winning="true"]')
    expect(winning).to_have_count(1)
    expect(winning).to_have_attribute("data-face", "1z")
    for wind, amount in (("E", "192"), ("S", "-96"), ("W", "-48"), ("N", "-48")):
        expect(result.locator(f'.payments [data-wind="{wind}"]')).to_have_attribute("data-amount", amount)
        expect(result.locator(f'.payments [data-wind="{wind}"]')).to_be_visible()
    # the next hand's countdown, in the card
    clock = result.locator("#deadline")
    expect(clock).to_be_visible()
    seconds = int(clock.get_attribute("data-seconds") or "0")
    assert 20 <= seconds <= 28
    assert scan(page) == []
    # pressed: the viewer is ready, the card stays (and says so) until the next hand starts
    result.locator('button[data-action="next-hand"]').click()
    wait_for(lambda: {"type": "move", "action": "next-hand", "step": 9} in stub.messages(table))
    stub.push(table, {**shown, "version": 10, "actions": [], "ready": ["S"]})
    expect(result.locator(".ready-note")).to_have_text(text("web", "table.result.waiting_others", lang))
    expect(result.locator('.payments [data-wind="S"] .ready')).to_be_visible()
    assert seen_whole(page, "#result") == "seen"
    stub.push(table, {**turn_frame(table, 11), "hand_number": 2})
    expect(result).to_have_count(0)


def test_the_score_sheet_links_every_finished_hand_to_its_replay(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    table = f"sheet-{lang}"
    shown = {**turn_frame(table), "hand_number": 3}
    shown["sheet"] = [
        {
            "hand": 1,
            "winner": "N",
            "score": 6,
            "self_drawn": True,
            "names": {"E": "Dan", "S": "Ana", "W": "Bea", "N": "Bot 1"},
        },
        {"hand": 2, "winner": None, "score": 0, "names": {"E": "Ana", "S": "Bea", "W": "Bot 1", "N": "Dan"}},
    ]
    page = open_page(context, stub, table, lang, shown)
    page.locator("#sheet-box summary").click()
    rows = page.locator("#sheet [data-hand]")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-winner", "N")
    expect(rows.nth(0)).to_have_attribute("data-score", "6")
    expect(rows.nth(1)).to_have_attribute("data-winner", "")
    expect(rows.nth(1)).to_contain_text(text("web", "table.sheet.drawn", lang))
    # Bea (the viewer) sat West in hand 1, South in hand 2: each replay opens from her seat of that hand
    expect(rows.nth(0).locator("a")).to_have_attribute("href", f"/replay/{table}/1?seat=W")
    expect(rows.nth(1).locator("a")).to_have_attribute("href", f"/replay/{table}/2?seat=S")
    assert scan(page) == []


def test_the_match_end_is_a_screen_of_its_own_with_another_match(
    screen: tuple[str, BrowserContext],
    stub: StubTables,
) -> None:
    lang, context = screen
    table = f"end-{lang}"
    shown = hand_over(table, state="match-over")
    shown["deal"] = "4242"
    shown["length"] = "one_wind"
    page = open_page(context, stub, table, lang, shown)
    end = page.locator("#match-end")
    expect(end).to_be_visible()
    expect(end.locator("li")).to_have_count(4)
    expect(end.locator("li").first).to_contain_text("Ana")
    again = end.locator("form.another")
    fields = again.evaluate("form => Object.fromEntries(new FormData(form))")
    # the same settings; a practice table's deal kept, so another match is practice too
    assert fields == {"rules": "classic", "computers": "1", "length": "one_wind", "seed": "4242"}
    expect(again.locator("button#new-match")).to_be_visible()
    # the ledger rates the match: a frame of its own brings its members' changes, the screen still whole
    ratings = [{"wind": "E", "before": 1012, "after": 1031}, {"wind": "S", "before": 990, "after": 981}]
    stub.push(table, {**shown, "version": shown["version"] + 1, "ratings": ratings})
    expect(end.locator('li[data-wind="E"]')).to_have_attribute("data-rating", "19")
    expect(end.locator('li[data-wind="S"]')).to_have_attribute("data-rating", "-9")
    expect(end.locator('li[data-wind="S"] .rating')).to_contain_text("981")
    expect(end.locator('li[data-wind="W"] .rating')).to_have_count(0)
    wait_for(lambda: seen_whole(page, "#match-end") == "seen", seconds=5)
    assert scan(page) == []


def test_cancel_asks_first(browser: Browser, stub: StubTables) -> None:
    context = browser.new_context(**DESKTOP, locale="en-GB")
    page = open_page(context, stub, "cancel1", "en", lobby("cancel1"))
    cancel = page.locator('#moves button[data-action="cancel"]')
    cancel.click()
    expect(cancel).to_have_attribute("data-armed", "true")
    expect(cancel).to_have_text(text("web", "table.action.cancel_confirm", "en"))
    assert stub.messages("cancel1") == []
    cancel.click()
    wait_for(lambda: stub.messages("cancel1") == [{"type": "move", "action": "cancel", "step": 1}])
    context.close()


def test_one_press_discards_with_the_setting_and_it_is_remembered(browser: Browser, stub: StubTables) -> None:
    context = browser.new_context(**DESKTOP, locale="en-GB")
    page = open_page(context, stub, "tap1", "en", viewers_turn("tap1"))
    page.locator("#settings summary").click()
    page.locator('#settings input[data-setting="oneTap"]').check()
    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-version", "5")
    expect(page.locator('#settings input[data-setting="oneTap"]')).to_be_checked()
    page.locator("#hand > button").nth(2).click()
    wait_for(lambda: stub.messages("tap1") == [{"type": "move", "action": "discard", "tiles": "3m", "step": 5}])
    context.close()


def test_a_silent_socket_is_noticed_within_30_seconds(browser: Browser, stub: StubTables) -> None:
    """The stub never answers the page's ping: the page gives the socket up, says so, and opens another."""
    context = browser.new_context(**PHONE_SMALL, locale="en-GB")
    page = context.new_page()
    page.clock.install()
    stub.first["silent1"] = [viewers_turn("silent1")]
    page.goto(f"{stub.url}/table/silent1")
    expect(page.locator("#table")).to_have_attribute("data-connection", "open")
    # the frame is heard before the clock moves: heard after, it would restart the quiet from there
    expect(page.locator("#table")).to_have_attribute("data-version", "5")
    page.clock.run_for(11_000)
    wait_for(lambda: {"type": "ping"} in stub.messages("silent1"))
    page.clock.run_for(15_000)  # 26 s without a word from the server
    expect(page.locator("#table")).to_have_attribute("data-connection", "reconnecting")
    expect(page.locator("#status")).to_have_text(text("web", "table.reconnecting", "en"))
    page.clock.run_for(2_000)  # the backoff's first retry
    expect(page.locator("#table")).to_have_attribute("data-connection", "open")
    wait_for(lambda: len(stub.opened["silent1"]) == 2)
    context.close()


def test_the_focus_goes_back_to_the_hand_when_a_claim_window_closes(browser: Browser, stub: StubTables) -> None:
    context = browser.new_context(**DESKTOP, locale="en-GB")
    page = open_page(context, stub, "focus1", "en", claim_window("focus1"))
    page.locator('#moves button[data-action="pass"]').focus()
    page.keyboard.press("Enter")
    wait_for(lambda: stub.messages("focus1") == [{"type": "move", "action": "pass", "step": 7}])
    closed = claim_window("focus1", 8)
    closed.update(discard=None, actions=[], turn="S", awaited=["W"])
    stub.push("focus1", closed)
    expect(page.locator("#table")).to_have_attribute("data-version", "8")
    expect(page.locator("#hand > button:focus")).to_have_count(1)
    context.close()


def test_a_learners_table_shows_the_tiles_the_hand_waits_on(browser: Browser, stub: StubTables) -> None:
    """South holds 1234m and three sets: it waits on 1m and on 4m, a copy of each seen (its own)."""
    context = browser.new_context(**PHONE_SMALL, locale="en-GB")
    shown = claim_window("waits1", 7)
    shown["learners"] = True
    shown["deadline"] = None
    shown["seats"][1]["hand"] = ["1m", "2m", "3m", "5p", "6p", "7p", "9s", "9s", "9s", "1z", "1z", "1z", "4m"]
    shown["seats"][0]["discards"] = ["9m", "1p", "2p"]
    shown["discard"] = {"tile": "2p", "seat": "E"}
    shown["actions"] = [{"action": "pass"}]
    page = open_page(context, stub, "waits1", "en", shown)
    waits = page.locator("#waits .wait")
    expect(waits).to_have_count(2)
    for index, face in enumerate(("1m", "4m")):
        expect(waits.nth(index)).to_have_attribute("data-face", face)
        expect(waits.nth(index)).to_have_attribute("data-left", "3")
    # not a learners' table: no aid
    stub.push("waits1", {**shown, "version": 8, "learners": False})
    expect(page.locator("#table")).to_have_attribute("data-version", "8")
    expect(page.locator("#waits")).to_be_hidden()
    context.close()


def test_the_chosen_vibration_comes_when_the_table_starts_waiting_for_the_viewer(
    browser: Browser,
    stub: StubTables,
) -> None:
    context = browser.new_context(**PHONE_SMALL, locale="en-GB")
    context.add_init_script("navigator.vibrate = () => { window.buzzed = (window.buzzed ?? 0) + 1; return true; };")
    others = {**viewers_turn("buzz1", 4), "actions": [], "turn": "E", "awaited": ["E"]}
    page = open_page(context, stub, "buzz1", "en", others)
    page.locator("#settings summary").tap()
    page.locator('#settings input[data-setting="vibrate"]').check()
    stub.push("buzz1", viewers_turn("buzz1", 5))  # South's turn: the table waits for the viewer
    expect(page.locator("#table")).to_have_attribute("data-version", "5")
    assert page.evaluate("window.buzzed") == 1
    stub.push("buzz1", {**viewers_turn("buzz1", 6), "deadline": None})  # still awaited: no second buzz
    expect(page.locator("#table")).to_have_attribute("data-version", "6")
    assert page.evaluate("window.buzzed") == 1
    context.close()
