"""What a table does, as pure functions from a ``TableState`` (and the time) to the next state.

Nothing here does I/O or reads a clock: ``bot.tables.service`` loads the state, calls one of these
in a worker thread, and writes the result with compare-and-set; clicks, the table's clock, computer
seats and tests all come through the same functions. A request the table cannot take raises
``Refusal`` (with a message key for the member's language) and nothing changes.

Seats are the engine's chairs. In the lobby they fill in the order members join; at the start they
are shuffled (winds drawn at random) and the match draws the first dealer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bot.refusal import Refusal
from bot.tables.custom_ids import ButtonId
from bot.tables.ledger_entries import hand_entry, match_entry
from bot.tables.state import Seat, Status, TableState
from game.actions import (
    Action,
    AddedKong,
    Call,
    Claim,
    ClaimKind,
    CloseWindow,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
)
from game.errors import GameError
from game.events import Event
from game.fairness import wall_commitment
from game.match import Match, Settle, json_number
from game.players import make_player
from game.result import HandResult
from game.round import Phase, Round
from game.rules import Ruleset
from game.scoring.table import settle_hand
from game.tiles import Tile
from game.view import SeatView

MISSED_TURNS_BEFORE_AWAY = 2
_HAND_VERBS = frozenset({"d", "kong", "win", "call", "c", "p"})


@dataclass(frozen=True, slots=True)
class Change:
    """What a transition did, for whoever shows it: the engine's events, and the hand that ended."""

    events: tuple[Event, ...] = ()
    hand_started: bool = False
    finished_hand: dict[str, Any] | None = None
    match_over: bool = False
    lobby: bool = False
    closed: bool = False
    awaited: tuple[int, ...] = ()  # seats the table now waits for that it did not wait for before
    # Every seat the hand in play waits for after the change, and whether that is a claim window, so
    # that showing the change needs no replay of the hand; None where the transition had no hand to ask.
    waiting: tuple[int, ...] | None = None
    claim_window: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)


def waiting_on(hand: Round, change: Change | None = None) -> Change:
    """``change`` (none: an empty one) saying whom ``hand`` waits for now."""
    return replace(change or Change(), waiting=hand.awaiting(), claim_window=hand.phase in (Phase.CLAIM, Phase.ROB))


# --- the lobby -----------------------------------------------------------------------------------


def join(state: TableState, member_id: int, name: str) -> tuple[TableState, Change]:
    _require_lobby(state)
    if state.seat_of(member_id) is not None:
        raise Refusal("already_seated")
    if state.full:
        raise Refusal("table_full")
    return replace(state, seats=(*state.seats, Seat(name=name, member_id=member_id))), Change(lobby=True)


def leave(state: TableState, member_id: int) -> tuple[TableState, Change]:
    _require_lobby(state)
    seat = state.seat_of(member_id)
    if seat is None:
        raise Refusal("not_seated_lobby")
    if member_id == state.host_id:
        raise Refusal("host_cannot_leave")
    extra = {key: value for key, value in state.extra.items() if key != "first"}  # seats moved: choose again
    return replace(state, seats=state.seats[:seat] + state.seats[seat + 1 :], extra=extra), Change(lobby=True)


def add_computer(state: TableState, member_id: int, level: str | None = None) -> tuple[TableState, Change]:
    _require_lobby(state)
    if state.full:
        raise Refusal("table_full")
    chosen = level or state.settings.computer_level
    number = sum(1 for seat in state.seats if seat.computer is not None) + 1
    seat = Seat(name=f"{chosen.capitalize()} {number}", computer=chosen)
    return replace(state, seats=(*state.seats, seat)), Change(lobby=True)


def choose_first(state: TableState, member_id: int, index: int) -> tuple[TableState, Change]:
    """Without a wall there are no dice to find the dealer: the host picks who starts (seed 000's family
    game: the youngest)."""
    _require_lobby(state)
    if member_id != state.host_id:
        raise Refusal("host_only")
    if state.settings.rules.has_wall or not 0 <= index < len(state.seats):
        raise Refusal("not_legal")
    return replace(state, extra={**state.extra, "first": index}), Change(lobby=True)


def first_chosen(state: TableState) -> int | None:
    """The lobby seat the host chose to start, if any."""
    first = state.extra.get("first")
    return first if type(first) is int and 0 <= first < len(state.seats) else None


def cancel(state: TableState, member_id: int) -> tuple[TableState, Change]:
    _require_lobby(state)
    if member_id != state.host_id:
        raise Refusal("host_only")
    return replace(state, status="cancelled", deadline=None, computer_at=None), Change(lobby=True)


def start(state: TableState, member_id: int, now: float) -> tuple[TableState, Change]:
    """The host starts a full table: seats shuffled, the match's first hand dealt."""
    _require_lobby(state)
    if member_id != state.host_id:
        raise Refusal("host_only")
    if not state.full:
        raise Refusal("table_not_full", players=state.players)
    seats = list(state.seats)
    random.Random(f"table:{state.seed}:seats").shuffle(seats)
    chosen = first_chosen(state)
    first_dealer = None if chosen is None else seats.index(state.seats[chosen])
    match = Match(state.settings.rules, state.seed, settle=_settle(state), first_dealer=first_dealer)
    seated = replace(state, seats=tuple(seats), status="playing", match=match.to_document())
    return _deal(seated, match, now)


def _require_lobby(state: TableState) -> None:
    if state.status == "closed":
        raise Refusal("table_closed")
    if state.status != "lobby":
        raise Refusal("not_in_lobby")


# --- play ----------------------------------------------------------------------------------------


def act(state: TableState, member_id: int, button: ButtonId, now: float) -> tuple[TableState, Change]:
    """A seated member's click on a play button (discard, kong, mahjong, call, claim, pass, next, back)."""
    seat = state.seat_of(member_id)
    if seat is None:
        raise Refusal("not_seated")
    if state.status == "closed":
        raise Refusal("table_closed")
    if button.verb == "back":
        return _back(state, seat, now)
    if button.step != state.step:
        raise Refusal("stale")
    if button.verb == "next":
        if state.status != "between":
            raise Refusal("stale")
        return next_hand(state, now)
    if button.verb not in _HAND_VERBS:
        raise Refusal("unknown_button")
    if state.status != "playing" or state.hand is None:
        raise Refusal("stale")
    hand = load_round(state)
    if held(state, hand, now) and button.verb not in ("c", "p"):
        raise Refusal("claims_open")
    action = resolve_action(hand, seat, button)
    state = state.with_seat(seat, replace(state.seats[seat], missed=0))
    return _play(state, hand, [action], now)


def held(state: TableState, hand: Round, now: float | None = None) -> bool:
    """Whether the turn after a discard waits out the hidden claim window (``hide_claims``)."""
    if state.hold_until is None or (now is not None and state.hold_until <= now):
        return False
    return hand.phase is Phase.DISCARD and hand.view(None).last_discard is not None


def resolve_action(hand: Round, seat: int, button: ButtonId) -> Action:
    """The engine action a hand-view button stands for, checked against what the seat may do now."""
    legal = hand.legal_actions(seat)
    if button.verb == "win" and not any(_is_win(action) for action in legal):
        refusal = hand.win_refusal(seat)
        if refusal is not None:
            raise Refusal("win_refused", reason_en=refusal.reason_en, reason_fr=refusal.reason_fr)
    if not legal:
        raise Refusal("not_your_turn")
    number = button.number if button.number is not None else 0
    chosen: Action | None = None
    if button.verb == "d":
        slots = hand_slots(hand.view(seat))
        if number >= len(slots):
            raise Refusal("no_such_tile")
        chosen = Discard(seat, slots[number])
    elif button.verb == "kong":
        kongs = [action for action in legal if isinstance(action, ConcealedKong | AddedKong)]
        chosen = kongs[number] if number < len(kongs) else None
    elif button.verb == "win":
        chosen = next((action for action in legal if _is_win(action)), None)
    elif button.verb == "call":
        chosen = Call(seat)
    elif button.verb == "c":
        claims = claim_options(legal)
        chosen = claims[number] if number < len(claims) else None
    elif button.verb == "p":
        chosen = Pass(seat)
    if chosen is None or chosen not in legal:
        raise Refusal("not_legal")
    return chosen


def _is_win(action: Action) -> bool:
    return isinstance(action, DeclareWin) or (isinstance(action, Claim) and action.kind is ClaimKind.MAHJONG)


def button_for(state: TableState, hand: Round, action: Action) -> ButtonId:
    """The hand-view button that plays ``action`` (the inverse of ``resolve_action``)."""
    seat = action.seat
    if seat is None:
        raise Refusal("not_legal")
    legal = hand.legal_actions(seat)
    if isinstance(action, Discard):
        return ButtonId(state.id, state.step, "d", hand_slots(hand.view(seat)).index(action.tile))
    if isinstance(action, ConcealedKong | AddedKong):
        kongs = [other for other in legal if isinstance(other, ConcealedKong | AddedKong)]
        return ButtonId(state.id, state.step, "kong", kongs.index(action))
    if isinstance(action, Claim):
        return ButtonId(state.id, state.step, "c", claim_options(legal).index(action))
    if isinstance(action, DeclareWin):
        return ButtonId(state.id, state.step, "win")
    if isinstance(action, Call):
        return ButtonId(state.id, state.step, "call")
    if isinstance(action, Pass):
        return ButtonId(state.id, state.step, "p")
    raise Refusal("not_legal")


def claim_options(legal: Sequence[Action]) -> list[Claim]:
    """The claims among a seat's legal actions, in the engine's order (numbered on the buttons)."""
    return [action for action in legal if isinstance(action, Claim)]


def hand_slots(view: SeatView) -> tuple[Tile, ...]:
    """The concealed tiles in the order the hand image numbers them: sorted, then the drawn tile."""
    if view.concealed is None:
        return ()
    rest = list(view.concealed)
    if view.drawn is not None:
        rest.remove(view.drawn)
    return tuple(sorted(rest)) + ((view.drawn,) if view.drawn is not None else ())


def _back(state: TableState, seat: int, now: float) -> tuple[TableState, Change]:
    current = state.seats[seat]
    if not current.away:
        raise Refusal("not_away")
    state = state.with_seat(seat, replace(current, away=False, missed=0))
    if state.status == "playing" and state.hand is not None:
        hand = load_round(state)
        return _schedule(state, hand, now, step_moved=True), waiting_on(hand)
    return state, Change()


def wake(state: TableState, now: float) -> tuple[TableState, Change]:
    """The table's clock: computer seats move when their pause is over; a human's deadline plays the
    default action (discard the drawn tile, or pass the claim window); the next hand is dealt; a table
    no member touched for its idle limit is closed."""
    if state.is_open and state.idle_at is not None and state.idle_at <= now:
        return close_idle(state, now)
    if state.status == "lobby" or not state.is_open:
        return state, Change()  # an ended table's deadline is its removal, the service's to act on
    if state.status == "between":
        if state.deadline is not None and state.deadline <= now:
            return next_hand(state, now)
        return state, Change()
    if state.status != "playing" or state.hand is None:
        return replace(state, deadline=None, computer_at=None, hold_until=None), Change()
    hand = load_round(state)
    if state.hold_until is not None and state.hold_until <= now:
        state = replace(state, hold_until=None)
    if state.computer_at is not None and state.computer_at <= now:
        actions = _computer_moves(state, hand)
        if actions:
            return _play(state, hand, actions, now)
    if state.deadline is not None and state.deadline <= now:
        return _play_clock(state, hand, now)
    return _schedule(state, hand, now, step_moved=False), waiting_on(hand)


def touched(state: TableState, now: float) -> TableState:
    """A member acted: the table's idle limit starts again from now."""
    if not state.is_open:
        return replace(state, idle_at=None)
    return replace(state, idle_at=now + state.settings.timing.idle)


def result_posted(state: TableState, step: int) -> tuple[TableState, Change]:
    """The result message of the hand that ended at ``step`` is on Discord."""
    finished = state.last_hand
    if finished is None or finished.get("step") != step or finished.get("posted", True):
        return state, Change()
    return replace(state, last_hand={**finished, "posted": True}), Change()


def close_idle(state: TableState, now: float) -> tuple[TableState, Change]:
    """No member clicked for the table's idle limit: the table closes, and a started match goes to the
    ledger as closed, with the totals of the hands finished so far (the hand in play is dropped), so no
    table is left running for nobody."""
    unrecorded = state.unrecorded
    if state.match is not None:
        unrecorded = (*unrecorded, match_entry(state, load_match(state), now, ended="closed"))
    closed = replace(
        state,
        status="closed",
        step=state.step + 1,
        deadline=None,
        computer_at=None,
        hold_until=None,
        idle_at=None,
        unrecorded=unrecorded,
    )
    return closed, Change(closed=True)


def _computer_moves(state: TableState, hand: Round) -> list[Action]:
    """One action for each awaited seat that a computer plays (several answer one claim window)."""
    actions: list[Action] = []
    for seat in hand.awaiting():
        if not state.seats[seat].played_by_computer:
            continue
        level = state.seats[seat].computer or state.settings.computer_level
        rng = random.Random(f"table:{state.seed}:{state.hand_number}:{len(hand.actions) + len(actions)}")
        actions.append(make_player(level).choose(hand.view(seat), rng))
        if hand.phase is Phase.DISCARD:
            break
    return actions


def _play_clock(state: TableState, hand: Round, now: float) -> tuple[TableState, Change]:
    if hand.phase in (Phase.CLAIM, Phase.ROB):
        return _play(state, hand, [CloseWindow()], now)
    seat = hand.turn
    current = state.seats[seat]
    missed = current.missed + 1
    state = state.with_seat(seat, replace(current, missed=missed, away=missed >= MISSED_TURNS_BEFORE_AWAY))
    return _play(state, hand, [default_discard(hand, seat)], now)


def default_discard(hand: Round, seat: int) -> Action:
    """What the clock plays for a seat that let its turn pass: the drawn tile, else its last tile."""
    view = hand.view(seat)
    legal = [action for action in hand.legal_actions(seat) if isinstance(action, Discard)]
    if view.drawn is not None and Discard(seat, view.drawn) in legal:
        return Discard(seat, view.drawn)
    return legal[-1]


def _play(state: TableState, hand: Round, actions: Sequence[Action], now: float) -> tuple[TableState, Change]:
    """Apply ``actions`` in order; the step moves unless they only answered a window that stays open."""
    events: list[Event] = []
    step_moved = False
    waiting_before = set(hand.awaiting())
    for action in actions:
        if hand.result is not None or action not in hand.legal_actions(action.seat):
            break
        events += hand.apply(action)
        answered_open_window = isinstance(action, Claim | Pass) and hand.phase in (Phase.CLAIM, Phase.ROB)
        step_moved = step_moved or not answered_open_window
    discarded = any(isinstance(action, Discard) for action in actions)
    hold_until = now + state.settings.hold if discarded and state.settings.hide_claims else state.hold_until
    if hand.phase is Phase.DISCARD and hand.view(None).last_discard is None:
        hold_until = None  # the discard was claimed: the claimer plays at once
    state = replace(state, hand=hand.to_document(), hold_until=hold_until)
    if hand.result is not None:
        finished, change = _finish_hand(state, hand, now)
        return finished, replace(change, events=tuple(events))
    awaited = tuple(seat for seat in hand.awaiting() if seat not in waiting_before)
    return _schedule(state, hand, now, step_moved=step_moved), waiting_on(
        hand, Change(events=tuple(events), awaited=awaited)
    )


def _schedule(state: TableState, hand: Round, now: float, *, step_moved: bool) -> TableState:
    """The timers of a hand in play: a computer's pause if one is awaited, a deadline for the humans."""
    awaited = hand.awaiting()
    timing = state.settings.timing
    step = state.step + 1 if step_moved else state.step
    computers = any(state.seats[seat].played_by_computer for seat in awaited)
    humans = any(not state.seats[seat].played_by_computer for seat in awaited)
    computer_at = now + timing.computer_pause if step_moved or state.computer_at is None else state.computer_at
    if state.hold_until is not None:
        computer_at = max(computer_at, state.hold_until)
    wait = timing.turn if hand.phase is Phase.DISCARD else timing.claim
    deadline = now + wait if step_moved or state.deadline is None else state.deadline
    return replace(
        state, step=step, computer_at=computer_at if computers else None, deadline=deadline if humans else None
    )


# --- hands and the match -------------------------------------------------------------------------


def next_hand(state: TableState, now: float) -> tuple[TableState, Change]:
    if state.status != "between" or state.match is None:
        raise Refusal("stale")
    return _deal(replace(state, status="playing"), load_match(state), now)


def _deal(state: TableState, match: Match, now: float) -> tuple[TableState, Change]:
    hand = match.next_round()
    dealt = replace(
        state,
        hand=hand.to_document(),
        hand_number=len(match.hands),
        commitment=wall_commitment(hand.ruleset, hand.seed),
        deadline=None,
        computer_at=None,
    )
    return _schedule(dealt, hand, now, step_moved=True), waiting_on(
        hand, Change(hand_started=True, awaited=tuple(hand.awaiting()))
    )


def _finish_hand(state: TableState, hand: Round, now: float) -> tuple[TableState, Change]:
    match = load_match(state)
    played = match.finish_hand(hand)
    result = hand.result
    assert result is not None
    score = settle_hand(hand.ruleset, result)
    entry = hand_entry(state, hand, played, score, now)
    # What the result message shows: the ledger's entry and what only the table knows.
    finished = {
        **entry,
        "seed": hand.seed,
        "commitment": state.commitment,
        "totals": [json_number(total) for total in match.totals],
        "step": state.step + 1,  # the step its result message is drawn at
        "posted": False,  # until a process has posted its result message (``result_posted``)
    }
    status: Status = "over" if match.over else "between"
    deadline = None if match.over else now + state.settings.timing.next_hand
    unrecorded = (*state.unrecorded, entry)
    if match.over:
        unrecorded = (*unrecorded, match_entry(state, match, now))
    ended = replace(
        state,
        match=match.to_document(),
        status=status,
        step=state.step + 1,
        deadline=deadline,
        computer_at=None,
        hold_until=None,
        last_hand=finished,
        unrecorded=unrecorded,
    )
    return ended, Change(finished_hand=finished, match_over=match.over, waiting=())


def _settle(state: TableState) -> Settle:
    rules = state.settings.rules

    def settle(result: HandResult) -> Sequence[Fraction]:
        return settle_hand(rules, result).payments

    return settle


def load_match(state: TableState) -> Match:
    if state.match is None:
        raise Refusal("stale")
    try:
        return Match.from_document(state.match, settle=_settle(state))
    except GameError as error:
        raise Refusal("broken_table", detail=str(error)) from None


def load_round(state: TableState) -> Round:
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
