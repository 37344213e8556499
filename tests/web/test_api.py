"""The solitaire page's API (``web.app``) on the real embedded SQLite stores under a fake clock, through
aiohttp's test server: games played through ``POST /api/move`` to the ledger's replayed score, every
refusal changing nothing (a blocked pair, a stale step, a forged cookie, a foreign origin, an oversized
body, a flood, a malformed body), the leaderboards and pseudonyms, the words; and ``mahjong-bot web``
as a process of its own. Every answer is checked to carry no solution and no removed tile."""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import signal
import sys
from dataclasses import dataclass
from datetime import date
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from core.events import Events
from core.settings import trusted_proxies as parse_trusted_proxies
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from core.solitaire.state import slot_key
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_ledger import Board as LeaderBoard
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.board import Board
from game.solitaire.deal import deal_for_date, deal_for_seed
from game.solitaire.layout import mask_of
from game.solitaire.replay import replay
from game.tiles import Tile
from tests.bot.e2e_helpers import free_port
from web.app import create_app
from web.guard import WEB_GUILD
from web.identity import COOKIE, SECRET_KEY
from web.limits import Rate, RateLimits
from web.words import PAGE_WORDS, page_words
from words import text
from words.tiles import tile_name

pytestmark = pytest.mark.asyncio

ROOT = pathlib.Path(__file__).resolve().parents[2]
MIDNIGHT = 1_741_910_400.0  # 2025-03-14 00:00 UTC
DAY = date(2025, 3, 14)
SEED = 4
GAME_KEYS = {"mode", "game", "step", "seed", "day", "state", "tiles", "pairs", "score", "seconds", "undos"}
GAME_KEYS |= {"hint", "removed"}
TILE_KEYS = {"id", "x", "y", "z", "face", "free"}


class FakeClock:
    def __init__(self, now: float = MIDNIGHT + 3600) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Answer:
    status: int
    body: Any
    headers: Any


class Page:
    """One browser: its own cookies, each request a second after the last (so no limit is met unless a
    test holds the clock), the events of a move run before the answer is read, and every answer checked
    for what must never be sent."""

    def __init__(self, client: TestClient[Any, Any], clock: FakeClock, events: Events, tick: float = 1.0) -> None:
        self.client = client
        self.clock = clock
        self.events = events
        self.tick = tick

    async def get(self, path: str, **headers: str) -> Answer:
        return await self._send("GET", path, None, headers)

    async def post(self, path: str, body: Any, **headers: str) -> Answer:
        return await self._send("POST", path, body, headers)

    async def _send(self, method: str, path: str, body: Any, headers: dict[str, str]) -> Answer:
        self.clock.now += self.tick
        data = None if body is None else body if isinstance(body, bytes | str) else json.dumps(body)
        if body is not None:
            headers.setdefault("Content-Type", "application/json")
        async with self.client.request(method, path, data=data, headers=headers) as response:
            raw = await response.read()
            await self.events.drain()
            decoded = json.loads(raw) if response.content_type == "application/json" else raw.decode()
            if response.content_type == "application/json":
                assert response.headers["Content-Type"] == "application/json; charset=utf-8"
                check_nothing_hidden_is_sent(decoded)
            return Answer(response.status, decoded, response.headers)

    @property
    def player_cookie(self) -> str:
        return next(cookie.value for cookie in self.client.session.cookie_jar if cookie.key == COOKIE)


def check_nothing_hidden_is_sent(body: Any) -> None:
    """A game in an answer is exactly the contract's fields (and, once over, where it placed), and its
    tiles exactly those still on the board (144 less two per pair removed): no solution, no removed face,
    nothing more; and a face only on a tile some of which can be seen, none while paused (SPEC §6)."""
    assert "solution" not in json.dumps(body)
    if not isinstance(body, dict):
        return
    for game in (body, body.get("game")):
        if isinstance(game, dict) and "tiles" in game and "step" in game:
            over = game["state"] in ("cleared", "stuck", "finished")
            assert set(game) == (GAME_KEYS | {"placed"} if over else GAME_KEYS)
            ids = [tile["id"] for tile in game["tiles"]]
            assert all(set(tile) == TILE_KEYS for tile in game["tiles"])
            assert len(ids) == len(set(ids)) == 144 - 2 * game["pairs"]
            board = Board(deal_for_seed(game["seed"]).faces, mask_of(ids))
            shown = {tile["id"]: tile["face"] for tile in game["tiles"]}
            paused = game["state"] == "paused"
            assert shown == {i: None if paused or board.is_hidden(i) else board.face(i).code for i in ids}


@dataclass
class Site:
    server: TestServer
    clock: FakeClock
    events: Events
    ledger: SqliteSolitaireLedger
    store: SqliteLiveStore
    clients: list[TestClient[Any, Any]]

    async def page(self, tick: float = 1.0) -> Page:
        client: TestClient[Any, Any] = TestClient(self.server)
        await client.start_server()
        self.clients.append(client)
        return Page(client, self.clock, self.events, tick)

    async def close(self) -> None:
        for client in self.clients:
            await client.close()
        await self.server.close()
        await self.ledger.close()
        await self.store.close()

    @property
    def origin(self) -> str:
        return f"http://{self.server.host}:{self.server.port}"


async def open_site(
    tmp_path: pathlib.Path, static: pathlib.Path | None = None, trusted_proxies: str = "", **limits: Rate
) -> Site:
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteSolitaireLedger.open(tmp_path / "ledger.sqlite3")
    clock = FakeClock()
    events = Events(MemoryBroadcast())
    service = SolitaireService(store, ledger, clock, events)
    events.subscribe(SolitaireChanged, service.record_ended)
    app = create_app(
        service,
        ledger,
        store,
        clock,
        limits=RateLimits(**limits),
        static=static or tmp_path / "none",
        trusted_proxies=parse_trusted_proxies(trusted_proxies),
    )
    server = TestServer(app)
    await server.start_server()
    return Site(server, clock, events, ledger, store, [])


async def free_game(page: Page, seed: int = SEED) -> dict[str, Any]:
    answer = await page.get(f"/api/game?mode=free&seed={seed}")
    assert answer.status == 200, answer.body
    game: dict[str, Any] = answer.body
    return game


def move(game: dict[str, Any], verb: str, tiles: tuple[int, int] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"mode": game["mode"], "game": game["game"], "step": game["step"], "move": verb}
    if tiles is not None:
        body["tiles"] = list(tiles)
    return body


async def stored_step(site: Site, player: int, kind: str = "free") -> int:
    found = await site.store.read(slot_key(WEB_GUILD, player, kind))  # type: ignore[arg-type]
    assert found is not None
    step: int = found.document["step"]
    return step


def player_of(page: Page) -> int:
    return int(page.player_cookie.split(".")[0])


# --- playing ------------------------------------------------------------------------------------


async def test_a_free_game_cleared_pair_by_pair_scores_what_the_ledger_and_a_replay_say(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    deal = deal_for_seed(SEED)
    assert (game["mode"], game["seed"], game["day"], game["state"], game["step"]) == ("free", SEED, None, "playing", 0)
    board = deal.board()
    for a, b in deal.solution:
        # SPEC §6: a face leaves the server only while some of its tile can be seen
        assert {tile["id"]: tile["face"] for tile in game["tiles"]} == {
            i: None if board.is_hidden(i) else board.face(i).code for i in board.remaining
        }
        board = board.remove(a, b)
        free = {tile["id"] for tile in game["tiles"] if tile["free"]}
        assert {a, b} <= free
        answer = await page.post("/api/move", move(game, "pair", (a, b)))
        assert answer.status == 200, answer.body
        game = answer.body
        assert game["removed"] == [a, b] and not {a, b} & {tile["id"] for tile in game["tiles"]}
    assert (game["state"], game["pairs"], game["tiles"], game["step"]) == ("cleared", 72, [], 72)
    result = await site.ledger.result(game["game"])
    assert result is not None and result.cleared and result.member_id == player_of(page)
    replayed = replay(deal.board(), result.moves).score(game["seconds"])
    assert game["score"] == result.score == replayed == 7200 + 2800 - game["seconds"]
    assert game["seconds"] == 72  # a second per pick, from the moment the deal was shown
    assert game["placed"] == {"board": "free", "rank": 1}
    # a second player's lesser clearing of the same deal places behind it
    other = await site.page()
    game = await free_game(other)
    site.clock.now += 100
    for a, b in deal.solution:
        game = (await other.post("/api/move", move(game, "pair", (a, b)))).body
    assert game["state"] == "cleared" and game["placed"] == {"board": "free", "rank": 2}


async def test_the_daily_starts_and_takes_a_pair_and_is_found_again(site: Site) -> None:
    page = await site.page()
    answer = await page.get("/api/game")
    assert answer.status == 200
    game = answer.body
    deal = deal_for_date(DAY)
    assert (game["mode"], game["day"], game["seed"], game["pairs"]) == ("daily", "2025-03-14", deal.seed, 0)
    first = deal.solution[0]
    answer = await page.post("/api/move", move(game, "pair", first))
    assert answer.status == 200 and answer.body["removed"] == list(first) and answer.body["pairs"] == 1
    again = (await page.get("/api/game?mode=daily")).body
    assert (again["game"], again["step"], again["pairs"], again["removed"]) == (game["game"], 1, 1, None)


async def test_undo_pause_resume_and_finish_go_through_the_service_and_the_ledger(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    first = deal_for_seed(SEED).solution[0]
    game = (await page.post("/api/move", move(game, "pair", first))).body
    game = (await page.post("/api/move", move(game, "undo"))).body
    assert (game["pairs"], game["undos"], len(game["tiles"]), game["removed"]) == (0, 1, 144, None)
    game = (await page.post("/api/move", move(game, "pause"))).body
    assert game["state"] == "paused"
    seconds = game["seconds"]
    site.clock.now += 600  # away from the page: not counted
    refused = await page.post("/api/move", move(game, "pair", first))
    assert refused.status == 422 and refused.body["error"] == "refused" and "Resume" in refused.body["message"]
    assert refused.body["game"]["step"] == game["step"] and refused.body["game"]["pairs"] == 0
    game = (await page.post("/api/move", move(game, "resume"))).body
    assert game["state"] == "playing" and game["seconds"] == seconds
    game = (await page.post("/api/move", move(game, "pair", first))).body
    finished = await page.post("/api/move", move(game, "finish"))  # once: the page asked twice already
    game = finished.body
    assert finished.status == 200 and game["state"] == "finished" and game["pairs"] == 1
    result = await site.ledger.result(game["game"])
    assert result is not None and (result.score, result.undos, result.pairs) == (game["score"], 1, 1)
    assert game["score"] == 100 - 20 - game["seconds"]
    over = await page.post("/api/move", move(game, "undo"))
    assert over.status == 422 and over.body["game"]["state"] == "finished"


async def test_a_hint_in_free_play_names_a_free_pair_and_changes_nothing_and_none_in_a_daily(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    answer = await page.post("/api/move", move(game, "hint"))
    assert answer.status == 200
    hint = answer.body["hint"]
    free = {tile["id"] for tile in game["tiles"] if tile["free"]}
    assert len(hint) == 2 and set(hint) <= free and answer.body["step"] == game["step"]
    assert (await page.post("/api/move", move(game, "pair", tuple(hint)))).status == 200
    daily = (await page.get("/api/game?mode=daily")).body
    refused = await page.post("/api/move", move(daily, "hint"))
    assert refused.status == 422 and "free play" in refused.body["message"]


async def test_a_blocked_pair_is_refused_with_the_reason_and_nothing_changes(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    faces = {tile["id"]: tile["face"] for tile in game["tiles"]}
    blocked = next(tile["id"] for tile in game["tiles"] if not tile["free"] and tile["z"] == 0)
    partner = next(i for i, face in faces.items() if face == faces[blocked] and i != blocked)
    refused = await page.post("/api/move", move(game, "pair", (blocked, partner)))
    assert refused.status == 422 and refused.body["error"] == "refused"
    assert "is not free" in refused.body["message"] or "not free" in refused.body["message"]
    assert refused.body["game"]["step"] == 0 and refused.body["game"]["pairs"] == 0
    assert await stored_step(site, player_of(page)) == 0
    out_of_board = await page.post("/api/move", move(game, "pair", (3, 900)))
    assert out_of_board.status == 422 and "900" in out_of_board.body["message"]


async def test_a_move_from_an_older_step_is_409_with_the_current_game(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    first, second = deal_for_seed(SEED).solution[:2]
    moved = (await page.post("/api/move", move(game, "pair", first))).body
    stale = await page.post("/api/move", move(game, "pair", second))  # step 0 again
    assert stale.status == 409 and stale.body["error"] == "stale"
    assert stale.body["game"]["step"] == moved["step"] == 1 and stale.body["game"]["pairs"] == 1
    assert await stored_step(site, player_of(page)) == 1


async def test_a_forged_cookie_gets_a_new_player_who_cannot_touch_the_first_players_game(site: Site) -> None:
    alice = await site.page()
    game = await free_game(alice)
    alice_id = player_of(alice)
    mallory = await site.page()
    forged = f"{alice_id}.{'A' * 43}"
    answer = await mallory.get("/api/game?mode=free&seed=4", Cookie=f"{COOKIE}={forged}")
    issued = answer.headers.getall("Set-Cookie")
    assert len(issued) == 1 and f"{COOKIE}=" in issued[0] and "HttpOnly" in issued[0] and "SameSite=Lax" in issued[0]
    mallory_id = int(issued[0].split("=", 1)[1].split(".")[0])
    assert mallory_id != alice_id and answer.body["game"] != game["game"]
    # Alice's game id and step, sent by Mallory: checked against Mallory's own game, never Alice's
    attempt = await mallory.post("/api/move", move(game, "pair", deal_for_seed(SEED).solution[0]))
    assert attempt.status == 409 and attempt.body["error"] == "other_game"
    assert attempt.body["game"]["game"] == answer.body["game"]
    assert await stored_step(site, alice_id) == 0
    # a cookie that does not parse is not trusted either
    garbage = await (await site.page()).get("/api/words", Cookie=f"{COOKIE}=1.2.3")
    assert garbage.status == 200 and "Set-Cookie" in garbage.headers
    # while Alice's own cookie is kept, and sets nothing new
    again = await alice.get("/api/game?mode=free")
    assert again.body["game"] == game["game"] and "Set-Cookie" not in again.headers


async def test_the_web_secret_is_created_once_in_the_live_store(site: Site) -> None:
    page = await site.page()
    await page.get("/api/words")
    kept = await site.store.read(SECRET_KEY)
    assert kept is not None and len(kept.document["secret"]) == 64
    cookie = page.player_cookie
    # a second application on the same store signs alike: the cookie is still valid there
    service = SolitaireService(site.store, site.ledger, site.clock, site.events)
    second = TestServer(create_app(service, site.ledger, site.store, site.clock))
    async with (
        TestClient(second) as client,
        client.get("/api/words", headers={"Cookie": f"{COOKIE}={cookie}"}) as answer,
    ):
        assert answer.status == 200 and "Set-Cookie" not in answer.headers
    assert (await site.store.read(SECRET_KEY)) == kept


# --- refusals -----------------------------------------------------------------------------------


async def test_a_foreign_origin_is_refused_and_the_own_origin_is_taken(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    foreign = await page.post("/api/move", move(game, "pause"), Origin="http://evil.example")
    assert foreign.status == 403 and foreign.body["error"] == "foreign_origin"
    assert (await page.get("/api/words", Origin="null")).status == 403
    linked = await page.get("/api/game?mode=free", **{"Sec-Fetch-Site": "cross-site"})  # a link elsewhere
    assert linked.status == 403 and linked.body["error"] == "foreign_origin"
    assert (await page.get("/api/words", **{"Sec-Fetch-Site": "same-origin"})).status == 200
    assert await stored_step(site, player_of(page)) == 0
    # DNS rebinding: a page of another name that resolves to the server agrees with its own Host
    port = site.origin.rsplit(":", 1)[1]
    rebound = await page.post(
        "/api/move", move(game, "pause"), Host=f"evil.example:{port}", Origin=f"http://evil.example:{port}"
    )
    assert rebound.status == 403 and rebound.body["error"] == "foreign_origin"
    assert await stored_step(site, player_of(page)) == 0
    own = await page.post("/api/move", move(game, "pause"), Origin=site.origin)
    assert own.status == 200 and own.body["state"] == "paused"


async def test_a_body_over_4_kb_is_413_and_changes_nothing(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    body = {**move(game, "pause"), "padding": "x" * 5000}
    answer = await page.post("/api/move", body)
    assert answer.status == 413 and answer.body["error"] == "too_large"
    assert await stored_step(site, player_of(page)) == 0


@pytest.mark.parametrize(
    ("body", "error", "field"),
    [
        ({"mode": "free", "game": "g", "step": "0", "move": "pause"}, "bad_field", "step"),
        ({"mode": "free", "game": "g", "step": True, "move": "pause"}, "bad_field", "step"),
        ({"mode": "free", "game": "g", "step": 0}, "missing_field", "move"),
        ({"mode": "free", "game": "g", "step": 0, "move": "pause", "score": 9999}, "unknown_field", "score"),
        ({"mode": "free", "game": "g", "step": 0, "move": "undo", "tiles": [1, 2]}, "unknown_field", "tiles"),
        ({"mode": "free", "game": "g", "step": 0, "move": "pair"}, "missing_field", "tiles"),
        ({"mode": "free", "game": "g", "step": 0, "move": "pair", "tiles": [1, "2"]}, "bad_field", "tiles"),
        ({"mode": "free", "game": "g", "step": 0, "move": "pair", "tiles": [1, 2, 3]}, "bad_field", "tiles"),
        ({"mode": "weekly", "game": "g", "step": 0, "move": "pause"}, "bad_field", "mode"),
        ({"mode": "free", "game": "g", "step": 0, "move": "cheat"}, "bad_field", "move"),
    ],
)
async def test_a_malformed_move_is_a_400_naming_the_field_and_changes_nothing(
    site: Site, body: dict[str, Any], error: str, field: str
) -> None:
    page = await site.page()
    game = await free_game(page)
    sent = {**body, "game": game["game"]} if "game" in body else body
    answer = await page.post("/api/move", sent)
    assert answer.status == 400 and answer.body["error"] == error and field in answer.body["message"]
    assert await stored_step(site, player_of(page)) == 0


async def test_what_is_not_a_json_object_is_a_400(site: Site) -> None:
    page = await site.page()
    for body in ("not json", "[1, 2]", b"\xff\xfe"):
        answer = await page.post("/api/move", body)
        assert answer.status == 400 and answer.body["error"] == "bad_json"
    as_form = await page.post("/api/name", '{"name": "Mei"}', **{"Content-Type": "text/plain"})
    assert as_form.status == 400 and as_form.body["error"] == "bad_json"
    assert (await page.get("/api/game?mode=free&seed=x")).body["error"] == "bad_field"
    assert (await page.get("/api/game?mode=daily&seed=3")).body["error"] == "unknown_field"
    assert (await page.get("/api/leaderboard?board=free&page=2")).body["error"] == "unknown_field"
    missing = await page.get("/api/nothing")
    assert missing.status == 404 and missing.body["error"] == "not_found"


async def test_a_flood_is_429_per_player_then_per_address_and_changes_nothing(site: Site) -> None:
    page = await site.page(tick=0.0)  # the clock held: no bucket fills again
    game = await free_game(page)
    statuses = [(await page.post("/api/move", move(game, "pause"))).status for _ in range(25)]
    # the free game took one request; the first pause takes the game, the next ones are stale (their
    # step is the game's old one), then the player's bucket is empty
    assert statuses[0] == 200 and set(statuses[1:19]) == {409} and set(statuses[19:]) == {429}
    flood = await page.post("/api/move", move(game, "resume"))
    assert flood.status == 429 and flood.body["error"] == "too_many_requests"
    assert await stored_step(site, player_of(page)) == 1
    # without a cookie each request is a new player: the address's bucket stops them (60 a second)
    strangers = [await site.page(tick=0.0) for _ in range(3)]
    answers = [(await stranger.get("/api/words")).status for stranger in strangers for _ in range(20)]
    assert 429 in answers and answers.count(200) == 60 - 27
    site.clock.now += 1.0  # a second later the buckets have filled again
    assert (await page.post("/api/move", move({**game, "step": 1}, "resume"))).status == 200


@pytest.mark.parametrize("trusted", [True, False])
async def test_behind_a_trusted_proxy_each_client_has_its_own_address_limit(tmp_path: pathlib.Path, trusted) -> None:
    site = await open_site(tmp_path, trusted_proxies="127.0.0.1" if trusted else "", address=Rate(1.0, 3.0))
    try:
        page = await site.page(tick=0.0)

        async def words_from(client: str) -> int:
            return (await page.get("/api/words", **{"X-Forwarded-For": f"10.1.2.3, {client}"})).status

        first = [await words_from("198.51.100.1") for _ in range(4)]
        second = [await words_from("198.51.100.2") for _ in range(2)]
        assert first == [200, 200, 200, 429]
        # trusted: the proxy's peers are two members; not trusted: the header is anyone's to write
        assert second == ([200, 200] if trusted else [429, 429])
    finally:
        for client in site.clients:
            await client.close()
        await site.server.close()
        await site.ledger.close()
        await site.store.close()


async def test_hints_are_rationed_to_spare_the_solver(tmp_path: pathlib.Path) -> None:
    site = await open_site(tmp_path, hint=Rate(0.5, 2.0))
    try:
        page = await site.page(tick=0.0)
        game = await free_game(page)
        statuses = [(await page.post("/api/move", move(game, "hint"))).status for _ in range(3)]
        assert statuses == [200, 200, 429]
    finally:
        for client in site.clients:
            await client.close()
        await site.server.close()
        await site.ledger.close()
        await site.store.close()


# --- leaderboards and names -------------------------------------------------------------------


async def one_pair_then_finish(page: Page) -> dict[str, Any]:
    game = await free_game(page)
    game = (await page.post("/api/move", move(game, "pair", deal_for_seed(SEED).solution[0]))).body
    finished: dict[str, Any] = (await page.post("/api/move", move(game, "finish"))).body
    return finished


async def test_the_free_leaderboard_ranks_ties_by_first_recorded_lists_no_zero_and_shows_the_own_row(
    site: Site,
) -> None:
    alice, bob, carol = await site.page(), await site.page(), await site.page()
    first = await one_pair_then_finish(alice)
    second = await one_pair_then_finish(bob)
    assert first["score"] == second["score"] == 98  # a pair, in two seconds
    carol_game = await free_game(carol)
    zero = (await carol.post("/api/move", move(carol_game, "finish"))).body
    assert (zero["state"], zero["score"]) == ("finished", 0)
    assert (await alice.post("/api/name", {"name": "Mei"})).body == {"name": "Mei"}
    board = await bob.get("/api/leaderboard?board=free")
    assert board.status == 200
    assert board.body == {
        "board": "free",
        "rows": [{"rank": 1, "name": "Mei", "score": 98}, {"rank": 2, "name": "Anonymous player", "score": 98}],
        "own": {"rank": 2, "name": "Anonymous player", "score": 98},
    }
    assert (await carol.get("/api/leaderboard?board=free")).body["own"] is None
    french = await carol.get("/api/leaderboard?board=free&lang=fr")
    assert french.body["rows"][1]["name"] == "Joueur anonyme"
    daily = await alice.get("/api/leaderboard")
    assert daily.body == {"board": "daily", "rows": [], "own": None}
    ledger_rows = await site.ledger.leaderboard(WEB_GUILD, LeaderBoard("free"))
    assert [row.member_id for row in ledger_rows] == [player_of(alice), player_of(bob)]


async def test_a_pseudonym_is_taken_refused_with_the_rules_or_cleared(site: Site) -> None:
    page = await site.page()
    assert (await page.post("/api/name", {"name": "  Mei Lin "})).body == {"name": "Mei Lin"}
    for bad in ("<b>x</b>", "M", "@everyone", ""):
        refused = await page.post("/api/name", {"name": bad})
        assert refused.status == 422 and "2 to 32" in refused.body["message"], bad
    assert (await page.post("/api/name", {"name": 7})).body["error"] == "bad_field"
    assert (await page.post("/api/name", {})).body["error"] == "missing_field"
    assert (await page.post("/api/name", {"name": "Mei", "id": 1})).body["error"] == "unknown_field"
    assert await site.ledger.pseudonym(WEB_GUILD, player_of(page)) == "Mei Lin"
    assert (await page.post("/api/name", {"name": None})).body == {"name": None}
    assert await site.ledger.pseudonym(WEB_GUILD, player_of(page)) is None


async def test_a_pseudonym_that_passes_for_another_or_for_the_neutral_name_is_refused(site: Site) -> None:
    alice, bob = await site.page(), await site.page()
    assert (await alice.post("/api/name", {"name": "admin"})).body == {"name": "admin"}
    for lookalike in ("аdmin", "𝐚𝐝𝐦𝐢𝐧", "ADMIN"):  # a Cyrillic а, mathematical letters, capitals
        refused = await bob.post("/api/name", {"name": lookalike})
        assert refused.status == 422 and refused.body["error"] == "refused", lookalike
        assert refused.body["message"].startswith("That pseudonym is too close to one another player"), lookalike
    french = await bob.post("/api/name", {"name": "аdmin"}, **{"Accept-Language": "fr"})
    assert french.status == 422 and french.body["message"].startswith("Ce pseudo est trop proche")
    for neutral in ("Anonymous player", "Joueur anonyme", "匿名玩家"):
        refused = await bob.post("/api/name", {"name": neutral})
        assert refused.status == 422 and "name shown for players without a pseudonym" in refused.body["message"]
    assert await site.ledger.pseudonym(WEB_GUILD, player_of(bob)) is None
    assert (await alice.post("/api/name", {"name": "Admin"})).body == {"name": "Admin"}  # her own, set again


async def test_a_new_game_waits_for_the_open_one_to_end(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    refused = await page.post("/api/new", {"mode": "free"})
    assert refused.status == 422 and refused.body["game"]["game"] == game["game"]
    other_seed = await page.get("/api/game?mode=free&seed=5")
    assert other_seed.status == 422 and "4" in other_seed.body["message"]
    finished = (await page.post("/api/move", move(game, "finish"))).body
    fresh = await page.post("/api/new", {"mode": "free", "seed": 9})
    assert fresh.status == 200 and (fresh.body["seed"], fresh.body["step"]) == (9, 0)
    assert fresh.body["game"] != finished["game"]
    daily = (await page.get("/api/game?mode=daily")).body
    daily = (await page.post("/api/move", move(daily, "finish"))).body
    again = (await page.post("/api/new", {"mode": "daily"})).body
    assert (again["day"], again["seed"], again["state"]) == (daily["day"], daily["seed"], "playing")
    assert again["game"] != daily["game"]
    assert (await page.post("/api/new", {"mode": "daily", "seed": 3})).body["error"] == "unknown_field"


# --- words, health, the page --------------------------------------------------------------------


async def test_the_words_come_in_the_asked_language_then_the_browsers(site: Site) -> None:
    page = await site.page()
    chinese = await page.get("/api/words?lang=zh_TW")
    assert chinese.status == 200 and chinese.body["lang"] == "zh_TW"
    assert chinese.body["tiles"]["1z"] == tile_name(Tile.EAST, "zh_TW") == text("tiles", "name.1z", "zh_TW")
    five = Tile.from_code("5p")
    assert chinese.body["tiles"]["5p"] == tile_name(five, "zh_TW") != tile_name(five, "en")
    assert len(chinese.body["tiles"]) == len(Tile) and chinese.body["words"] == page_words("zh_TW")  # the joker too
    french = await page.get("/api/words", **{"Accept-Language": "de-DE,fr;q=0.8,en;q=0.5"})
    assert french.body["lang"] == "fr" and french.body["tiles"]["1z"] == "Vent d'Est"
    assert (await page.get("/api/words", **{"Accept-Language": "de"})).body["lang"] == "en"
    refused = await page.get("/api/game?mode=weekly&lang=zh-TW")
    assert refused.status == 400 and "mode" in refused.body["message"] and "欄位" in refused.body["message"]


async def test_every_word_the_page_asks_for_is_in_the_english_catalog() -> None:
    assert all(text("web", key, "en") for key in PAGE_WORDS)


async def test_healthz_answers_ok(site: Site) -> None:
    page = await site.page()
    answer = await page.get("/healthz")
    assert (answer.status, answer.body) == (200, "ok")


async def test_the_page_is_served_when_built_and_said_missing_when_not(site: Site, tmp_path: pathlib.Path) -> None:
    page = await site.page()
    missing = await page.get("/solitaire?mode=daily")
    assert missing.status == 503 and "not built" in missing.body
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>solitaire</title>", encoding="utf-8")
    (static / "app.js").write_text("console.log(1)", encoding="utf-8")
    (tmp_path / "built").mkdir()
    built = await open_site(tmp_path / "built", static)
    try:
        visitor = await built.page()
        for path in ("/", "/solitaire?mode=free&seed=3"):
            answer = await visitor.get(path)
            assert answer.status == 200 and "solitaire" in answer.body
            assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert (await visitor.get("/static/app.js")).body == "console.log(1)"
        assert (await visitor.get("/static/../live.sqlite3")).status == 404
    finally:
        for client in built.clients:
            await client.close()
        await built.server.close()
        await built.ledger.close()
        await built.store.close()


# --- mahjong-bot web, a process of its own ------------------------------------------------------


def _ignore_sigint() -> None:
    """As a shell starts a command in the background (``&``, nohup): with SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize(
    ("stop", "started_with"), [(signal.SIGTERM, None), (signal.SIGINT, None), (signal.SIGINT, _ignore_sigint)]
)
async def test_mahjong_bot_web_serves_health_and_a_game_then_stops_on_sigterm_or_sigint(
    tmp_path: pathlib.Path, stop: signal.Signals, started_with: Any
) -> None:
    port = free_port()
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISCORD_TOKEN", "REDIS_URL", "DATABASE_URL", "DATABASE_PATH", "WEB_HOST", "WEB_PORT")
    }
    environment.update(PYTHONPATH=str(ROOT), WEB_PORT=str(port))
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "import sys; from cli import console; sys.exit(console())",
        "web",
        cwd=tmp_path,
        env=environment,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=started_with,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(300):
                try:
                    async with http.get(f"{base}/healthz") as response:
                        assert (response.status, await response.text()) == (200, "ok")
                        break
                except aiohttp.ClientConnectionError:
                    assert process.returncode is None, "mahjong-bot web ended"
                    await asyncio.sleep(0.1)
            else:
                pytest.fail("mahjong-bot web did not answer in 30 s")
            async with http.get(f"{base}/api/game?mode=free&seed=4") as response:
                game = await response.json()
                assert response.status == 200 and (game["seed"], game["state"]) == (4, "playing")
                assert COOKIE in response.cookies
    finally:
        process.send_signal(stop)
        _, errors = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0
    log = errors.decode()
    assert f"http://127.0.0.1:{port}/" in log and "stopped" in log and "Traceback" not in log
    assert (tmp_path / "mahjong-bot.sqlite3").exists()  # the default DATABASE_PATH, as `run` uses
