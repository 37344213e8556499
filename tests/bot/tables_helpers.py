"""Shared helpers of the table tests: a service on a real store, a fake clock, members who play."""

from __future__ import annotations

import itertools
import random

from bot.tables.service import Committed, TableService
from bot.tables.state import Place, TableSettings, Timing
from bot.tables.table import button_for, load_round
from game.players.basic import BasicPlayer
from game.rules import Ruleset

QUICK = Timing(turn=30.0, claim=10.0, computer_pause=0.0, next_hand=5.0)


class FakeClock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def service_on(store, ledger, clock: FakeClock, seed: int = 11) -> TableService:
    ids = (f"t{number:07d}" for number in itertools.count())
    return TableService(store, ledger, clock, make_id=lambda: next(ids), make_seed=lambda: seed)


def settings(rules: Ruleset, timing: Timing = QUICK) -> TableSettings:
    return TableSettings(rules=rules, speed="live", timing=timing)


async def open_table(
    service: TableService, rules: Ruleset, members: int, computers: int = 0, *, timing: Timing = QUICK
) -> Committed:
    """A table hosted by member 1 with ``members`` members seated and ``computers`` computer seats."""
    committed = await service.open(
        host_id=1, host_name="Member 1", place=Place(100, 200), settings=settings(rules, timing), computers=computers
    )
    for member in range(2, members + 1):
        committed = await service.join(committed.state.id, member, f"Member {member}")
    return committed


async def member_move(service: TableService, committed: Committed, rng: random.Random) -> Committed:
    """The first awaited seat's member plays what a basic player would, through its button."""
    state = committed.state
    hand = load_round(state)
    seat = hand.awaiting()[0]
    member = state.seats[seat].member_id
    assert member is not None
    action = BasicPlayer().choose(hand.view(seat), rng)
    return await service.click(state.id, member, button_for(state, hand, action))
