"""The match and the hand a table state holds, rebuilt by the engine, and what they say about the table.

A stored hand is trusted only as the engine's replay of it (``Round.from_document``): a document the
engine would not write back exactly is a broken table, refused with ``Refusal("broken_table")``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from bot.refusal import Refusal
from bot.tables.state import TableState
from game.errors import GameError
from game.match import Match, Settle
from game.result import HandResult
from game.round import Phase, Round
from game.rules import Ruleset
from game.scoring.table import settle_hand


def settle_for(rules: Ruleset) -> Settle:
    def settle(result: HandResult) -> Sequence[Fraction]:
        return settle_hand(rules, result).payments

    return settle


def load_match(state: TableState) -> Match:
    if state.match is None:
        raise Refusal("stale")
    try:
        return Match.from_document(state.match, settle=settle_for(state.settings.rules))
    except GameError as error:
        raise Refusal("broken_table", detail=str(error)) from None


def load_round(state: TableState) -> Round:
    """The hand in play, replayed for a transition to change (a fresh one every call)."""
    if state.hand is None:
        raise Refusal("stale")
    try:
        return Round.from_document(state.hand, rules=state.settings.rules)
    except GameError as error:
        raise Refusal("broken_table", detail=str(error)) from None


def shown_round(state: TableState) -> Round:
    """``load_round`` for the messages drawn from a state, which must not change the round it returns:
    after one change the same hand is drawn several times (the table, then each private hand that
    changed), so its replay is kept, by the hand document's exact text and the table's rules."""
    if state.hand is None:
        raise Refusal("stale")
    return _replayed(json.dumps(state.hand, sort_keys=True), state.settings.rules)


@lru_cache(maxsize=64)
def _replayed(document: str, rules: Ruleset) -> Round:
    try:
        return Round.from_document(json.loads(document), rules=rules)
    except GameError as error:
        raise Refusal("broken_table", detail=str(error)) from None


def totals(state: TableState) -> list[Fraction]:
    """Each seat's running total in the match (zeros before the first hand ends)."""
    if state.match is None:
        return [Fraction(0)] * state.players
    return list(load_match(state).totals)


def held(state: TableState, hand: Round, now: float | None = None) -> bool:
    """Whether the turn after a discard waits out the hidden claim window (``hide_claims``)."""
    if state.hold_until is None or (now is not None and state.hold_until <= now):
        return False
    return hand.phase is Phase.DISCARD and hand.view(None).last_discard is not None


def first_chosen(state: TableState) -> int | None:
    """The lobby seat the host chose to start, if any."""
    first = state.first_seat
    return first if first is not None and 0 <= first < len(state.seats) else None
