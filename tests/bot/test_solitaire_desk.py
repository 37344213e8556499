"""The solitaire desk hands the clearing order a game's message came back with to that game's next
drawing: its drawing processes each keep their own orders, and a game's drawings land on any of them.
A page of the board and a hint are given by the service's rule (``SolitaireService.current`` and
``hintable``), the one the page's API reads too."""

from __future__ import annotations

import dataclasses
import pathlib
from collections import OrderedDict
from types import SimpleNamespace

import discord
import pytest

from bot.solitaire.custom_ids import pair_value
from bot.solitaire.desk import SolitaireDesk
from core.events import Events
from core.refusal import Refusal
from core.solitaire import play
from core.solitaire.moves import GameMove
from core.solitaire.service import SolitaireService
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed
from tests.bot.test_solitaire_messages import START, control, new_state


class _Interaction:
    """What the desk reads of a component's interaction when it shows a game: a new private message."""

    message = None
    response = SimpleNamespace(type=discord.InteractionResponseType.deferred_channel_message)

    async def edit_original_response(self, **_: object) -> SimpleNamespace:
        return SimpleNamespace(id=1, attachments=[])


@pytest.mark.asyncio
async def test_the_next_drawing_of_a_game_gets_the_order_its_last_one_found(monkeypatch):
    given: list[object] = []
    searched: list[object] = []
    real_solve = play.solve
    monkeypatch.setattr(play, "solve", lambda *args: searched.append(args) or real_solve(*args))

    async def in_a_fresh_process(function, *args):
        given.append(args[-1])  # the order the desk passes along
        monkeypatch.setattr(play, "_CLEARING", OrderedDict())  # a process that never drew this game
        return function(*args)

    desk = SolitaireDesk(SimpleNamespace(now=lambda: START + 5), {}, drawer=in_a_fresh_process)
    state, outcome = new_state(seed=11), None
    for moment in range(3):  # dealt, then two pairs: the second's board before is not the dealt one
        await desk._show(_Interaction(), state, "en", outcome=outcome)
        free = set(state.game.board.free_ids())
        a, b = next(pair for pair in deal_for_seed(11).solution if set(pair) <= free)
        state, outcome = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + 6 + moment)
    assert given[0] is None and given[1] == deal_for_seed(11).solution and len(given[2]) == len(given[1]) - 1
    assert searched == []  # each check, in a process of its own, started from the order the last one found


class _Member(_Interaction):
    """A member's click on a control of their game's message."""

    user = SimpleNamespace(id=1, display_name="Alice")


@pytest.mark.asyncio
async def test_a_page_and_a_hint_are_given_by_the_services_rule_of_the_current_game(tmp_path: pathlib.Path) -> None:
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteSolitaireLedger.open(tmp_path / "ledger.sqlite3")
    clock = SimpleNamespace(now=START)
    service = SolitaireService(store, ledger, lambda: clock.now, Events(MemoryBroadcast()), idle_pause=120.0)
    drawn: list[tuple[object, ...]] = []

    async def drawer(function, *args):
        drawn.append(args)  # (state, now, lang, outcome, page, hint, found)
        return function(*args)

    desk = SolitaireDesk(service, {}, drawer=drawer)

    async def refused(verb: str, state, **changed: object) -> str:
        clicked = dataclasses.replace(control(state, verb, 1 if verb == "page" else None), **changed)
        with pytest.raises(Refusal) as refusal:
            await desk._control(_Member(), 501, clicked, "en")
        return refusal.value.key

    try:
        assert await refused("page", new_state()) == "sol_no_game"
        free = (await service.free(501, 1, "Alice", 11)).state
        await desk._control(_Member(), 501, control(free, "hint"), "en")
        await desk._control(_Member(), 501, control(free, "page", 1), "en")
        assert [(args[0].id, args[4], args[5]) for args in drawn] == [(free.id, 0, True), (free.id, 1, False)]
        assert await refused("hint", free, game="zzzz9999") == "sol_other_game"
        assert await refused("hint", free, step=free.step + 1) == "sol_stale"
        assert await refused("hint", free, kind="daily") == "sol_no_hint_daily"
        clock.now += 600  # the board paused itself: a hint would show it, a page shows it hidden
        assert await refused("hint", free) == "sol_paused"
        await desk._control(_Member(), 501, control(free, "page", 1), "en")
        for _ in range(2):
            current = await service.read(501, 1, "free")
            assert current is not None
            state = current.state
            await service.act(501, 1, "free", GameMove(state.id, state.step, "finish"))
        assert await refused("page", state, step=state.step + 1) == "sol_over"
        assert await refused("hint", state, step=state.step + 1) == "sol_over"
    finally:
        await ledger.close()
        await store.close()
