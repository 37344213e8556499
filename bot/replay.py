"""``/mahjong replay``: a past hand from its ledger record, step by step (no Discord import).

A hand replays exactly from its record (rule set, seed, dealer, wind, actions). Step 1 is the deal;
every later step is the position after one action the table saw happen (a discard, a claimed set, a
kong, a call, the win or the wall running out); passes and closed claim windows are not steps of
their own. Every table picture is drawn from the spectator's view (``Round.view(None)``), so the
concealed tiles of the seats never appear; the last step of a won hand is its result card, which
shows the winning hand, as the table saw it at the end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from core.refusal import Refusal
from data.ledger import HandEntry
from game.actions import Action
from game.errors import GameError
from game.events import Called, Discarded, Event, HandDrawn, HandWon, KongDeclared, SetClaimed
from game.record import HandRecord
from game.round import Round
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.scoring.table import settings_for
from render.rendered import Rendered
from render.result import render_result
from render.table import render_table
from words import Lang, text
from words.messages import say
from words.tiles import tile_name

_PUBLIC = (Discarded, SetClaimed, KongDeclared, Called, HandWon, HandDrawn)
REPLAY_PREFIX = "mjp1:"  # written here only: the bot routes a click by it (bot.app, bot.failures)
# The hand id last, so the colons in it need no escaping; with up to 90 characters it fits Discord's 100.
_REPLAY_ID = re.compile(re.escape(REPLAY_PREFIX) + r"(?P<step>\d{1,5}):(?P<hand>[^\s]{1,90})")


def replay_id(hand_id: str, step: int) -> str:
    """The custom id of the button that shows ``step`` of the hand: ``mjp1:{step}:{hand id}``."""
    return f"{REPLAY_PREFIX}{step}:{hand_id}"


def parse_replay_id(custom_id: str) -> tuple[str, int] | None:
    """The hand and the step a replay button names; None for an id that is no such button (forged)."""
    found = _REPLAY_ID.fullmatch(custom_id)
    return None if found is None else (found["hand"], int(found["step"]))


class ReplayError(Refusal):
    """A step that is not one, or a record that does not replay: ``key`` is the message to show
    (``words.messages.MESSAGES``), ``params`` fill it."""


def _parse(record_text: str) -> HandRecord:
    try:
        return HandRecord.from_text(record_text)
    except GameError as error:
        raise ReplayError("replay_bad_record") from error


def _start(record: HandRecord) -> Round:
    try:
        return Round.deal(record.ruleset, record.seed, dealer=record.dealer, round_wind=record.round_wind)
    except GameError as error:
        raise ReplayError("replay_bad_record") from error


def _apply(hand: Round, action: Action) -> list[Event]:
    try:
        return hand.apply(action)
    except GameError as error:
        raise ReplayError("replay_bad_record") from error


def _is_step(events: Sequence[Event]) -> bool:
    return any(isinstance(event, _PUBLIC) for event in events)


def replay_frames(record_text: str) -> int:
    """How many steps the hand has: the deal, then one per action the table saw happen."""
    record = _parse(record_text)
    hand = _start(record)
    return 1 + sum(1 for action in record.actions if _is_step(_apply(hand, action)))


def _position(record: HandRecord, step: int) -> tuple[Round, list[Event]]:
    """The round after ``step`` (1 is the deal), and the public events of that step's action."""
    hand = _start(record)
    if step == 1:
        return hand, []
    reached = 1
    for action in record.actions:
        events = _apply(hand, action)
        if _is_step(events):
            reached += 1
            if reached == step:
                return hand, [event for event in events if isinstance(event, _PUBLIC)]
    raise ReplayError("replay_bad_step", step=step, steps=reached)


def replay_frame(entry: HandEntry, step: int, lang: Lang) -> tuple[str, Rendered]:
    """Step ``step`` (1 to ``replay_frames``) of the hand: its text and its picture."""
    steps = replay_frames(entry.record)
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= steps:
        raise ReplayError("replay_bad_step", step=step, steps=steps)
    record = _parse(entry.record)
    hand, events = _position(record, step)
    names = [seat.name for seat in entry.seats]
    what = "; ".join(_said(event, names, lang) for event in events) if events else say("replay_deal", lang)
    content = say("replay_head", lang, number=entry.number + 1, step=step, steps=steps, what=what)
    last = step == steps
    if last:
        card = _result_card(hand, entry, names, lang)
        if card is not None:
            return content, card
    scores = [round(paid) for paid in entry.payments] if last else [0] * len(names)
    return content, render_table(hand.view(None), names, scores, lang)


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


def _result_card(hand: Round, entry: HandEntry, names: Sequence[str], lang: Lang) -> Rendered | None:
    """The winning hand and its breakdown, as the table's result card shows it (None: no win, or a
    rule set without a score)."""
    result = hand.result
    if result is None or result.win is None or result.winner is None:
        return None
    settings = settings_for(hand.ruleset)
    payments: list[tuple[str, Fraction | int]] = []
    if isinstance(settings, ClassicSettings):
        score: Any = score_classic(result.win, settings)
    elif isinstance(settings, HongKongSettings):
        score = score_hongkong(result.win, settings)
        payments = [(name, Fraction(str(paid))) for name, paid in zip(names, entry.payments, strict=False)]
    else:
        return None
    discarder = None if result.discarder is None or result.self_drawn else _name(names, result.discarder)
    return render_result(
        result.win,
        score,
        winner_name=_name(names, result.winner),
        discarder_name=discarder,
        payments=payments,
        lang=lang,
    )
