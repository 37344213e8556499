"""The page's games, leaderboards, pseudonym and words: the API's routes over the solitaire service.

A pick on the page is a ``GameMove`` through ``SolitaireService``, with its compare-and-set, its
events and its ledger path, so the score is always the replay's. A move names its game only to be
checked: the game is always read from the requesting player's own slot, so another player's game id
reaches nothing. A move that is not current is 409 with the current game, one the rules refuse 422
saying why, with the game as it stands.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aiohttp import web
from msgspec import UNSET

from core.refusal import Refusal
from core.solitaire import play
from core.solitaire.moves import GameMove
from core.solitaire.play import Outcome
from core.solitaire.service import Committed, SolitaireService
from core.solitaire.state import SolitaireState
from data.ledger import LedgerValueError
from data.solitaire_ledger import Board, Kind, PseudonymRefused, SolitaireLedger
from web import words
from web.bodies import BoardQuery, GameQuery, MoveBody, NameBody, NewGame, NoQuery, json_body, query_of
from web.errors import ApiError, Said, json_answer, refusal_error, too_many
from web.guard import ADDRESS, GUILD, LANG, PLAYER, SHOWN_NAME, UNNAMED, WEB_GUILD
from web.limits import RateLimits, TokenBuckets
from web.views import game_json, standing_json

LEADERBOARD_ROWS = 10


class GameRoutes:
    def __init__(
        self, service: SolitaireService, ledger: SolitaireLedger, clock: Callable[[], float], limits: RateLimits
    ) -> None:
        self.service = service
        self.ledger = ledger
        self.clock = clock
        self._hints = TokenBuckets(limits.hint, clock)
        self._new_games = TokenBuckets(limits.new_game, clock)

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/api/game", self.get_game)
        app.router.add_post("/api/new", self.post_new)
        app.router.add_post("/api/move", self.post_move)
        app.router.add_get("/api/leaderboard", self.get_leaderboard)
        app.router.add_post("/api/name", self.post_name)
        app.router.add_get("/api/words", self.get_words)

    # --- games ------------------------------------------------------------------------------------

    async def get_game(self, request: web.Request) -> web.Response:
        query = query_of(request, GameQuery)
        committed = await self._open(request, query.mode, None if query.seed is UNSET else query.seed)
        return json_answer(await self._shown(committed))

    async def post_new(self, request: web.Request) -> web.Response:
        body = await json_body(request, NewGame)
        guild_id, player_id = request[GUILD], request[PLAYER].player_id
        current = await self.service.read(guild_id, player_id, body.mode)
        # an open daily of an earlier day is not the day's deal: the service finishes it for the new one
        if (
            current is not None
            and not current.state.game.over
            and (body.mode == "free" or current.state.day == self.service.today())
        ):
            error = ApiError(422, "refused", Said("web", "error.finish_first"))
            raise error.with_game(game_json(current.state, self.clock()))
        committed = await self._open(request, body.mode, None if body.seed is UNSET else body.seed)
        return json_answer(await self._shown(committed))

    async def post_move(self, request: web.Request) -> web.Response:
        body = await json_body(request, MoveBody)
        guild_id, player_id = request[GUILD], request[PLAYER].player_id
        try:
            if body.move == "hint":
                return json_answer(await self._hint(guild_id, player_id, body))
            move = GameMove(body.game, body.step, body.move, None if body.tiles is UNSET else body.tiles)
            if body.move == "finish":
                committed = await self.service.update(guild_id, player_id, body.mode, _confirmed_finish(move))
            else:
                committed = await self.service.act(guild_id, player_id, body.mode, move)
        except Refusal as refusal:
            raise await self._with_current(refusal_error(refusal), guild_id, player_id, body.mode) from None
        return json_answer(await self._game(committed.state, removed=committed.outcome.removed))

    async def _hint(self, guild_id: int, player_id: int, body: MoveBody) -> dict[str, Any]:
        """A pair of a clearing order of the free game's board as it stands (none when the solver proves
        there is none, or finds none within its budget); it changes nothing."""
        state = await self.service.hintable(guild_id, player_id, body.mode, body.game, body.step)
        # the solver may search for half a second: a hint is rarer than a pick
        if not self._hints.take(player_id):
            raise too_many()
        now = self.clock()
        answer = await asyncio.to_thread(play.hint, state.game.board)
        return game_json(state, now, hint=answer.hint)

    async def _open(self, request: web.Request, kind: Kind, seed: int | None) -> Committed:
        guild_id, player_id, name = request[GUILD], request[PLAYER].player_id, request[SHOWN_NAME]
        # anyone may start web games (every answer without a cookie is a new player): each address only
        # so many, and those never played are dropped (``web.sweep``)
        starts = guild_id == WEB_GUILD and await self._starts_a_game(request, kind)
        if starts and not self._new_games.take(request[ADDRESS]):
            raise too_many()
        if kind == "daily":
            return await self.service.daily(guild_id, player_id, name)
        return await self.service.free(guild_id, player_id, name, seed)

    async def _starts_a_game(self, request: web.Request, kind: Kind) -> bool:
        """Whether opening ``kind`` writes a new game: the player has none open (of today, for a daily)."""
        if request[PLAYER].new:
            return True
        current = await self.service.read(request[GUILD], request[PLAYER].player_id, kind)
        if current is None or current.state.game.over:
            return True
        return kind == "daily" and current.state.day != self.service.today()

    async def _shown(self, committed: Committed) -> dict[str, Any]:
        """The game as the page draws it: the first time its board is shown, its clock starts."""
        if not committed.state.shown:
            committed = await self.service.shown(committed)
        return await self._game(committed.state)

    async def _game(self, state: SolitaireState, *, removed: tuple[int, int] | None = None) -> dict[str, Any]:
        """The game as the page draws it now; once it is over, with where it placed on its board."""
        shown = game_json(state, self.clock(), removed=removed)
        if state.game.over:
            board = Board("daily", state.day) if state.day is not None else Board("free")
            rank = await self.ledger.place_of(state.guild_id, state.member_id, board, shown["score"])
            shown["placed"] = {"board": state.kind, "rank": rank}
        return shown

    async def _with_current(self, error: ApiError, guild_id: int, player_id: int, kind: Kind) -> ApiError:
        """A refused move's answer carries the game as it stands, so the page shows it again."""
        if error.status not in (409, 422):
            return error
        current = await self.service.read(guild_id, player_id, kind)
        return error if current is None else error.with_game(await self._game(current.state))

    # --- leaderboards, names and words ------------------------------------------------------------

    async def get_leaderboard(self, request: web.Request) -> web.Response:
        which = query_of(request, BoardQuery).board
        board = Board("daily", self.service.today()) if which == "daily" else Board("free")
        guild_id, player_id, lang = request[GUILD], request[PLAYER].player_id, request[LANG]
        unnamed = words.say("player.unnamed", lang)
        standings = await self.ledger.leaderboard(guild_id, board, LEADERBOARD_ROWS)
        own = await self.ledger.rank_of(guild_id, player_id, board)
        return json_answer(
            {
                "board": which,
                "rows": [standing_json(row, unnamed if row.name == UNNAMED else row.name) for row in standings],
                "own": None if own is None else standing_json(own, unnamed if own.name == UNNAMED else own.name),
            }
        )

    async def post_name(self, request: web.Request) -> web.Response:
        """The player's pseudonym on the web boards (null: the neutral name again), as ``/solitaire name``."""
        body = await json_body(request, NameBody)
        guild_id, player_id = request[GUILD], request[PLAYER].player_id
        try:
            await self.ledger.set_pseudonym(guild_id, player_id, body.name)
        except PseudonymRefused as refused:
            raise ApiError(422, "refused", Said("messages", refused.key)) from None
        except LedgerValueError:
            raise ApiError(422, "refused", Said("messages", "sol_name_bad")) from None
        return json_answer({"name": await self.ledger.pseudonym(guild_id, player_id)})

    async def get_words(self, request: web.Request) -> web.Response:
        query_of(request, NoQuery)
        lang = request[LANG]
        return json_answer({"lang": lang, "words": words.page_words(lang), "tiles": words.tile_names(lang)})


def _confirmed_finish(move: GameMove) -> Callable[[SolitaireState, float], tuple[SolitaireState, Outcome]]:
    """Finish as the page sends it: once, after its own two presses (its first turns the button into a
    confirmation), so both of the engine's presses are made in one write."""

    def transition(state: SolitaireState, now: float) -> tuple[SolitaireState, Outcome]:
        state, outcome = play.act(state, move, now)
        if not state.game.over:
            state, outcome = play.act(state, replace(move, step=state.step), now)
        return state, outcome

    return transition
