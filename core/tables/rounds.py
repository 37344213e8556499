"""The match and the hand a table state holds, rebuilt by the engine, and what they say about the table.

A stored hand is trusted only as the engine's replay of it (``Round.from_document``): a document the
engine would not write back exactly is a broken table, refused with ``Refusal("broken_table")``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

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
    """The hand in play, the caller's to change (a transition), and to give back with ``keep_round``
    when it leaves it as ``state`` holds it. The round this process last played at that table
    (``keep_round``) is handed over as it is when it wrote ``state``'s very hand document (the same
    object: the state this process wrote, or read back at the version it wrote, ``TableService``), so a
    move replays nothing; else it is carried on by the stored actions that follow it (``round_resumed``:
    the new actions and one check of the document); else the hand is replayed from its seed."""
    if state.hand is None:
        raise Refusal("stale")
    kept = _PLAYED.take(state.id)
    if kept is not None:
        written, hand = kept
        if written is state.hand and hand.ruleset == state.settings.rules:
            return hand
        try:
            return round_resumed(hand, state.hand, rules=state.settings.rules)
        except GameError:
            pass  # another process moved the table meanwhile, or a new hand began: replayed below
    try:
        return Round.from_document(state.hand, rules=state.settings.rules)
    except GameError as error:
        raise Refusal("broken_table", detail=str(error)) from None


def keep_round(state: TableState, hand: Round) -> None:
    """``hand`` is the round ``state`` holds (a transition just wrote it, or read it and changed
    nothing), given back: the next ``load_round`` of ``state`` takes it as it is, that of a later state
    of the table carries it on instead of replaying the whole hand. The caller reads it no more: it is
    the next loader's to change."""
    if hand.result is None and state.hand is not None:
        _PLAYED.keep(state.id, state.hand, hand)


@contextmanager
def lent_round(state: TableState) -> Iterator[Round | None]:
    """The round a transition of this process left at ``state``'s very hand document, lent to be read
    (never changed) while the ``with`` lasts, or None (``shown_round`` then, which carries a copy of its
    own on by the new actions: the page's frames of a move made here are spared applying it twice). No
    transition takes it while it is lent: one that asks meanwhile, from a worker thread, replays the
    hand instead, and its round is kept rather than this one."""
    kept = _PLAYED.take(state.id, state.hand) if state.hand is not None else None
    try:
        yield None if kept is None else kept[1]
    finally:
        if kept is not None:
            _PLAYED.give_back(state.id, kept)


def at_hand(state: TableState) -> bool:
    """Whether ``load_round(state)`` would hand over the round this process played as it is (a hand in
    play whose very document a transition here wrote): a move on it costs a fraction of a millisecond."""
    return state.status == "playing" and state.hand is not None and _PLAYED.holds(state.id, state.hand)


def shown_round(state: TableState) -> Round:
    """``load_round`` for the messages drawn from a state, which read the round and never change it:
    after one change the same hand is drawn several times (the table, then each private hand that
    changed), so each drawing thread keeps the round of the state it drew last, by table, and carries it
    on to the next state of that table by its new actions alone (without writing its document again to
    compare when a transition of this process wrote that very document, ``keep_round``). A round
    returned is the caller's to read until its thread asks for that table's next state."""
    if state.hand is None:
        raise Refusal("stale")
    shown = _shown_here()
    found = shown.get(state.id)
    if found is not None and (found[0] is state.hand or found[0] == state.hand):
        shown.move_to_end(state.id)
        if found[0] is not state.hand:
            shown[state.id] = (state.hand, found[1])
        return found[1]
    hand = None
    if found is not None:
        written_here = _PLAYED.holds(state.id, state.hand)
        try:
            hand = round_resumed(found[1], state.hand, rules=state.settings.rules, written_here=written_here)
        except GameError:
            hand = None
    if hand is None:
        try:
            hand = Round.from_document(state.hand, rules=state.settings.rules)
        except GameError as error:
            raise Refusal("broken_table", detail=str(error)) from None
    shown[state.id] = (state.hand, hand)
    shown.move_to_end(state.id)
    while len(shown) > KEPT_ROUNDS:
        shown.popitem(last=False)
    return hand


class _Played:
    """The rounds transitions left, by table, each with the hand document it is at (the object its
    state holds), each handed to one transition at a time (a round is changed by the transition that
    takes it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rounds: OrderedDict[str, tuple[object, Round]] = OrderedDict()

    def take(self, table_id: str, document: object | None = None) -> tuple[object, Round] | None:
        """The round kept for the table, taken from here; with ``document``, only the one at that very
        document (any other stays kept)."""
        with self._lock:
            kept = self._rounds.get(table_id)
            if kept is None or (document is not None and kept[0] is not document):
                return None
            return self._rounds.pop(table_id)

    def holds(self, table_id: str, document: object) -> bool:
        with self._lock:
            kept = self._rounds.get(table_id)
            return kept is not None and kept[0] is document

    def give_back(self, table_id: str, kept: tuple[object, Round]) -> None:
        """``kept``, taken from here, kept again unless a newer round was kept for the table meanwhile."""
        with self._lock:
            if table_id not in self._rounds:
                self._rounds[table_id] = kept

    def keep(self, table_id: str, document: object, hand: Round) -> None:
        with self._lock:
            self._rounds[table_id] = (document, hand)
            while len(self._rounds) > KEPT_ROUNDS:
                self._rounds.popitem(last=False)


KEPT_ROUNDS = 2048  # tables whose round a process keeps (a round is some 10 KB)
_PLAYED = _Played()
_SHOWN = threading.local()


def _shown_here() -> OrderedDict[str, tuple[dict[str, Any], Round]]:
    """This thread's shown rounds, each with the hand document it was shown for (drawing threads never
    share one: it is carried on in place)."""
    shown: OrderedDict[str, tuple[dict[str, Any], Round]] | None = getattr(_SHOWN, "rounds", None)
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
