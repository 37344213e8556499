"""The solitaire desk hands the clearing order a game's message came back with to that game's next
drawing: its drawing processes each keep their own orders, and a game's drawings land on any of them."""

from __future__ import annotations

from collections import OrderedDict
from types import SimpleNamespace

import discord
import pytest

from bot.solitaire.custom_ids import pair_value
from bot.solitaire.desk import SolitaireDesk
from core.solitaire import play
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
