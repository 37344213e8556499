"""The match and the hand a table state holds, rebuilt by the engine, and what they say about the table.

A stored hand is trusted only as the engine's replay of it (``Round.from_document``): a document the
engine would not write back exactly is a broken table, refused with ``Refusal("broken_table")``.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from fractions import Fraction

from core.refusal import Refusal
from core.tables.state import TableState
from game.errors import GameError
from game.match import Match, Settle
from game.result import HandResult
from game.round import Phase, Round
from game.round_document import round_resumed
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
    """The hand in play, the caller's to change (a transition): the engine's replay of the stored hand,
    resumed from the round this process last played at that table when the stored actions carry it on
    (``keep_round``), which costs the new actions rather than the whole hand."""
    if state.hand is None:
        raise Refusal("stale")
    kept = _PLAYED.take(state.id)
    if kept is not None:
        try:
            return round_resumed(kept, state.hand, rules=state.settings.rules)
        except GameError:
            pass  # another process moved the table meanwhile, or a new hand began: replayed below
    try:
        return Round.from_document(state.hand, rules=state.settings.rules)
    except GameError as error:
        raise Refusal("broken_table", detail=str(error)) from None


def keep_round(state: TableState, hand: Round) -> None:
    """``hand`` is the round ``state`` holds (a transition just wrote it): the next ``load_round`` of the
    table resumes from it instead of replaying the whole hand."""
    if hand.result is None:
        _PLAYED.keep(state.id, hand)


def shown_round(state: TableState) -> Round:
    """``load_round`` for the messages drawn from a state, which read the round and never change it:
    after one change the same hand is drawn several times (the table, then each private hand that
    changed), so each drawing thread keeps the round of the state it drew last, by table, and carries it
    on to the next state of that table by its new actions alone. A round returned is the caller's to
    read until its thread asks for that table's next state."""
    if state.hand is None:
        raise Refusal("stale")
    shown = _shown_here()
    key = json.dumps(state.hand, sort_keys=True)
    found = shown.get(state.id)
    if found is not None and found[0] == key:
        shown.move_to_end(state.id)
        return found[1]
    hand = None
    if found is not None:
        try:
            hand = round_resumed(found[1], state.hand, rules=state.settings.rules)
        except GameError:
            hand = None
    if hand is None:
        try:
            hand = Round.from_document(state.hand, rules=state.settings.rules)
        except GameError as error:
            raise Refusal("broken_table", detail=str(error)) from None
    shown[state.id] = (key, hand)
    shown.move_to_end(state.id)
    while len(shown) > KEPT_ROUNDS:
        shown.popitem(last=False)
    return hand


class _Played:
    """The rounds transitions left, by table, each handed to one transition at a time (a round is
    changed by the transition that takes it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rounds: OrderedDict[str, Round] = OrderedDict()

    def take(self, table_id: str) -> Round | None:
        with self._lock:
            return self._rounds.pop(table_id, None)

    def keep(self, table_id: str, hand: Round) -> None:
        with self._lock:
            self._rounds[table_id] = hand
            while len(self._rounds) > KEPT_ROUNDS:
                self._rounds.popitem(last=False)


KEPT_ROUNDS = 2048  # tables whose round a process keeps (a round is some 10 KB)
_PLAYED = _Played()
_SHOWN = threading.local()


def _shown_here() -> OrderedDict[str, tuple[str, Round]]:
    """This thread's shown rounds (drawing threads never share one: it is carried on in place)."""
    shown: OrderedDict[str, tuple[str, Round]] | None = getattr(_SHOWN, "rounds", None)
    if shown is None:
        shown = _SHOWN.rounds = OrderedDict()
    return shown


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
