"""``/mahjong replay``: a past hand from its ledger record, step by step (no Discord import).

The steps and what is said of each are ``core.tables.replay``'s (the replay page's too). Every table
picture is drawn from the spectator's view (``Round.view(None)``), so the concealed tiles of the seats
never appear; the last step of a won hand is its result card, which shows the winning hand, as the
table saw it at the end.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from core.tables.replay import ReplayError, parse_record, replay_steps, said, step_count
from data.ledger import HandEntry
from game.events import Event
from game.record import HandRecord
from game.round import Round
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.scoring.table import settings_for
from render.rendered import Rendered
from render.result import render_result
from render.table import render_table
from words import Lang
from words.messages import say

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


def replay_address(public_url: str, entry: HandEntry, step: int, member_id: int) -> str:
    """The hand's replay page at ``step`` (SPEC §7.2, ``web.replay_routes``) on the page served at
    ``public_url``: its number there is 1-based, and it is seen from the member's seat when they sat at
    the table."""
    query = {"step": str(step)}
    chair = next((index for index, seat in enumerate(entry.seats) if seat.member_id == member_id), None)
    if chair is not None:
        record = parse_record(entry.record)
        query = {"seat": "ESWN"[(chair - record.dealer) % record.ruleset.players], **query}
    path = f"/replay/{urllib.parse.quote(entry.table_id)}/{entry.number + 1}"
    return f"{public_url.rstrip('/')}{path}?{urllib.parse.urlencode(query)}"


def replay_frames(record_text: str) -> int:
    """How many steps the hand has: the deal, then one per action the table saw happen."""
    return step_count(parse_record(record_text))


def _position(record: HandRecord, step: int) -> tuple[Round, tuple[Event, ...]]:
    """The round after ``step`` (1 is the deal), and the public events of that step's action."""
    reached = 0
    for reached, (hand, events) in enumerate(replay_steps(record), start=1):
        if reached == step:
            return hand, events
    raise ReplayError("replay_bad_step", step=step, steps=reached)


def replay_frame(entry: HandEntry, step: int, lang: Lang) -> tuple[str, Rendered]:
    """Step ``step`` (1 to ``replay_frames``) of the hand: its text and its picture."""
    steps = replay_frames(entry.record)
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= steps:
        raise ReplayError("replay_bad_step", step=step, steps=steps)
    hand, events = _position(parse_record(entry.record), step)
    names = [seat.name for seat in entry.seats]
    what = said(events, names, lang)
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
