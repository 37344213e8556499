"""Shared helpers of the table tests: a service on a real store, a fake clock, members who play."""

from __future__ import annotations

import itertools
import random

from bot.tables.custom_ids import ButtonId
from core.events import Events
from core.tables.moves import Actor, Lobby, Move, Play
from core.tables.rounds import load_round
from core.tables.service import Committed, TableService
from core.tables.state import TableSettings, Timing
from core.tables.transitions import move_for
from data.broadcast import MemoryBroadcast
from game.players.basic import BasicPlayer
from game.rules import Ruleset

QUICK = Timing(turn=30.0, claim=10.0, computer_pause=0.0, next_hand=5.0)
GUILD = 100


class FakeClock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def service_on(store, ledger, clock: FakeClock, seed: int = 11, events: Events | None = None) -> TableService:
    ids = (f"t{number:07d}" for number in itertools.count())
    return TableService(
        store, ledger, clock, events or Events(MemoryBroadcast()), make_id=lambda: next(ids), make_seed=lambda: seed
    )


def settings(rules: Ruleset, timing: Timing = QUICK) -> TableSettings:
    return TableSettings(rules=rules, speed="live", timing=timing)


def member(member_id: int) -> Actor:
    return Actor(member_id, GUILD, f"Member {member_id}")


async def act(service: TableService, table_id: str, member_id: int, move: Move) -> Committed:
    return await service.act(table_id, member(member_id), move)


async def everyone_ready(service: TableService, committed: Committed) -> Committed:
    """Every member at the table presses Next hand (SPEC §7.1: the next hand waits for them all): the
    last press deals it, the ones before only mark their member ready."""
    state = committed.state
    members = [seat.member_id for seat in state.seats if seat.member_id is not None and not seat.played_by_computer]
    for member_id in members:
        committed = await act(service, state.id, member_id, Play("next", state.step))
        assert committed.state.status == ("between" if member_id != members[-1] else "playing")
    return committed


async def join(service: TableService, table_id: str, member_id: int, name: str | None = None) -> Committed:
    return await service.act(table_id, Actor(member_id, GUILD, name or f"Member {member_id}"), Lobby("join"))


async def start(service: TableService, table_id: str, member_id: int) -> Committed:
    return await act(service, table_id, member_id, Lobby("start"))


async def cancel(service: TableService, table_id: str, member_id: int) -> Committed:
    return await act(service, table_id, member_id, Lobby("cancel"))


async def choose_first(service: TableService, table_id: str, member_id: int, seat: int) -> Committed:
    return await act(service, table_id, member_id, Lobby("choose_first", seat))


async def click(service: TableService, table_id: str, member_id: int, button: ButtonId) -> Committed:
    """What a member's click on ``button`` asks of the table."""
    move = button.move()
    assert move is not None, f"{button.text()} makes no move"
    return await act(service, table_id, member_id, move)


async def open_table(
    service: TableService, rules: Ruleset, members: int, computers: int = 0, *, timing: Timing = QUICK
) -> Committed:
    """A table hosted by member 1 with ``members`` members seated and ``computers`` computer seats."""
    committed = await service.open(
        host=member(1), guild_id=GUILD, settings=settings(rules, timing), computers=computers
    )
    for number in range(2, members + 1):
        committed = await join(service, committed.state.id, number)
    return committed


async def member_move(service: TableService, committed: Committed, rng: random.Random) -> Committed:
    """The first awaited seat's member plays what a basic player would."""
    state = committed.state
    hand = load_round(state)
    seat = hand.awaiting()[0]
    member_id = state.seats[seat].member_id
    assert member_id is not None
    action = BasicPlayer().choose(hand.view(seat), rng)
    return await act(service, state.id, member_id, move_for(state, hand, action))


__all__ = ["Play"]
