"""A finished hand step by step, from its ledger record: what a step is, what happened at it, and each
step as a SPEC §7 frame from one seat's point of view (SPEC §7.2's replay page; ``/mahjong replay``
draws the same steps as pictures, ``bot.replay``).

A hand replays exactly from its record (rule set, seed, dealer, wind, actions). Step 1 is the deal;
every later step is the position after one action the table saw happen (a discard, a claimed set, a
kong, a call, the win or the wall running out); passes and closed claim windows are not steps of
their own. The last step is the hand over.

A step's frame is the live frame's (``core.tables.frame.seat_entries``, ``result_entry``) for a
spectator who sees the chosen seat's hand: no other seat's concealed tile before the last step, where
every hand shows as at a finished hand, with the stored result. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from core.refusal import Refusal
from core.tables.frame import (
    Chair,
    chair_winds,
    face,
    log_entries,
    open_claim,
    result_entry,
    seat_entries,
    wind_code,
)
from core.tables.ledger_entries import scoring_breakdown
from data.ledger import HandEntry
from game.actions import Action
from game.errors import GameError
from game.events import Called, Discarded, Event, HandDrawn, HandWon, KongDeclared, SetClaimed
from game.record import HandRecord
from game.round import Round
from game.tiles import WINDS
from words import Lang, text
from words.messages import say
from words.patterns import pattern_name
from words.tiles import tile_name

PUBLIC_EVENTS = (Discarded, SetClaimed, KongDeclared, Called, HandWon, HandDrawn)
"""The events that make a step: what the table saw happen."""


class ReplayError(Refusal):
    """A step that is not one, or a record that does not replay: ``key`` is the message to show
    (``words.messages.MESSAGES``), ``params`` fill it."""


def parse_record(record_text: str) -> HandRecord:
    try:
        return HandRecord.from_text(record_text)
    except GameError as error:
        raise ReplayError("replay_bad_record") from error


def replay_steps(record: HandRecord) -> Iterator[tuple[Round, tuple[Event, ...]]]:
    """The hand after each step in turn, with the public events of that step's action (none for the
    deal, step 1). The round is the one replay, moved on by the next step: read it before asking for
    the next one."""
    try:
        hand = Round.deal(record.ruleset, record.seed, dealer=record.dealer, round_wind=record.round_wind)
    except GameError as error:
        raise ReplayError("replay_bad_record") from error
    yield hand, ()
    for action in record.actions:
        public = tuple(event for event in _apply(hand, action) if isinstance(event, PUBLIC_EVENTS))
        if public:
            yield hand, public


def _apply(hand: Round, action: Action) -> list[Event]:
    try:
        return hand.apply(action)
    except GameError as error:
        raise ReplayError("replay_bad_record") from error


def step_count(record: HandRecord) -> int:
    """How many steps the hand has: the deal, then one per action the table saw happen."""
    return sum(1 for _ in replay_steps(record))


def said(events: Sequence[Event], names: Sequence[str], lang: Lang) -> str:
    """What happened at a step, in ``lang`` (the deal, for a step of no event)."""
    if not events:
        return say("replay_deal", lang)
    return "; ".join(_said(event, names, lang) for event in events)


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def _said(event: Event, names: Sequence[str], lang: Lang) -> str:
    if isinstance(event, Discarded):
        return say("replay_discard", lang, name=_name(names, event.seat), tile=tile_name(event.tile, lang))
    if isinstance(event, SetClaimed):
        return say(
            "replay_claim", lang, name=_name(names, event.seat), kind=text("pictures", f"set.{event.kind.value}", lang)
        )
    if isinstance(event, KongDeclared):
        return say("replay_kong", lang, name=_name(names, event.seat), tile=tile_name(event.meld.base, lang))
    if isinstance(event, Called):
        return say("replay_call", lang, name=_name(names, event.seat))
    if isinstance(event, HandWon):
        how = (
            say("result_self_drawn", lang)
            if event.discarder is None
            else say("result_from", lang, name=_name(names, event.discarder))
        )
        return say("replay_won", lang, name=_name(names, event.seat), how=how)
    return say("replay_drawn", lang)


def replay_frames(entry: HandEntry, wind: int, lang: Lang) -> list[dict[str, Any]]:
    """Every step of the finished hand ``entry`` as a frame from the seat of wind ``wind`` in that hand
    (0 East, below the hand's number of seats), its words in ``lang``: SPEC §7's frame (``viewer`` that
    wind, no ``actions``) with ``step``, ``steps`` and ``said`` (what happened at the step)."""
    record = parse_record(entry.record)
    seat = (record.dealer + wind) % record.ruleset.players
    names = [chair.name for chair in entry.seats]
    chairs = [
        Chair(chair.name, "computer" if chair.computer is not None else "member", level=chair.computer)
        for chair in entry.seats
    ]
    frames = [
        _frame(entry, hand, seat, chairs, number) | {"said": said(events, names, lang)}
        for number, (hand, events) in enumerate(replay_steps(record), start=1)
    ]
    for shown in frames:  # known once the hand is replayed to its end
        shown["steps"] = len(frames)
    last = frames[-1]
    if last["result"] is not None:
        patterns = last["result"]["patterns"]
        last["result"]["names"] = {key: pattern_name(key, lang) for key in patterns}
    return frames


def _frame(entry: HandEntry, hand: Round, seat: int, chairs: Sequence[Chair], step: int) -> dict[str, Any]:
    result = hand.result
    over = result is not None
    winds = chair_winds(hand)
    scores = entry.payments if over else (0,) * len(chairs)
    claim = None if over else open_claim(hand)
    shown = None if over else seat  # the hand over, every seat shows as to a spectator: all alike
    return {
        "type": "frame",
        "table": entry.table_id,
        "version": step,
        "step": step,
        "state": "hand-over" if over else "playing",
        "rules": entry.rules_name,
        "players": len(chairs),
        "hand_number": entry.number + 1,
        "viewer": wind_code(winds[seat]),
        "round_wind": wind_code(WINDS.index(hand.round_wind)),
        "seats": seat_entries(hand, shown, hand.view(shown), chairs, scores),
        "wall": hand.wall_left,
        "turn": None if over else wind_code(winds[hand.turn]),
        "awaited": [],
        "discard": None if claim is None else {"tile": face(claim[0]), "seat": wind_code(winds[claim[1]])},
        "deadline": None,
        "actions": [],
        "standing": None,
        "result": None
        if result is None
        else result_entry(
            hand, entry, hand.seed, () if result.win is None else scoring_breakdown(hand.ruleset, result.win)
        ),
        "log": log_entries(hand, winds),
        "dealer": wind_code(winds[hand.dealer]) if hand.ruleset.has_wall else None,
        "ready": [],
        "sheet": [],
    }
