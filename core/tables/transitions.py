"""What a table does, as pure functions from a ``TableState`` (and the time) to the next state.

Nothing here does I/O or reads a clock: ``core.tables.service`` loads the state, calls one of these
in a worker thread, and writes the result with compare-and-set; clicks, taps, the table's clock,
computer seats and tests all come through the same functions, in the words of ``core.tables.moves``.
A request the table cannot take raises ``Refusal`` (with a message key for the member's language)
and nothing changes.

Seats are the engine's chairs. In the lobby they fill in the order members join; at the start they
are shuffled (winds drawn at random) and the match draws the first dealer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from core.refusal import Refusal
from core.tables.finished import FinishedHand, SheetRow
from core.tables.ledger_entries import hand_entry, match_entry, scoring_breakdown
from core.tables.moves import Actor, Lobby, Move, Play, claim_options, hand_slots, kong_options
from core.tables.rounds import first_chosen, held, keep_round, load_match, load_round, settle_for
from core.tables.state import STANDING, Seat, Status, TableState
from data.ledger import MatchEntry
from game.actions import Action, Call, Claim, ClaimKind, CloseWindow, DeclareWin, Discard, Pass
from game.fairness import wall_commitment
from game.match import Match
from game.players import make_player
from game.round import Phase, Round
from game.scoring.table import settle_hand

MISSED_TURNS_BEFORE_AWAY = 2

Happened = Literal["nothing", "lobby", "dealt", "played", "answered", "seat", "hand_over", "rated", "closed", "removed"]
"""What a change did, as whoever shows it needs to know: ``lobby`` (seats or the lobby's choices),
``dealt`` (a hand began), ``played`` (moves or timers that change what the table shows), ``answered``
(seats answered a claim window that stays open: who answered stays secret, so the table looks the
same), ``seat`` (a member came back from away), ``hand_over`` (a hand ended: ``finished_hand``),
``rated`` (the ledger rated the ended match: its rating changes are in the state, for the page's match end),
``closed`` (the clock closed an idle table), ``nothing`` (the state's bookkeeping only), ``removed``
(the table ended long enough ago and goes from the store: what a surface keeps of it goes too; published
by ``TableService.wake``, never by a transition)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What a transition did. ``waiting`` is every seat the hand in play waits for after it, and
    ``claim_window`` whether that is a claim window, so that showing the change needs no replay (None
    where the transition had no hand to ask); ``awaited`` the seats it waits for that it did not before."""

    happened: Happened = "nothing"
    awaited: tuple[int, ...] = ()
    waiting: tuple[int, ...] | None = None
    claim_window: bool = False
    finished_hand: FinishedHand | None = None
    match_entry: MatchEntry | None = None


def waiting_on(hand: Round, change: Change) -> Change:
    """``change`` saying whom ``hand`` waits for now."""
    return replace(change, waiting=hand.awaiting(), claim_window=hand.phase in (Phase.CLAIM, Phase.ROB))


def apply(state: TableState, actor: Actor, move: Move, now: float) -> tuple[TableState, Change]:
    """A member's move, from any surface: refused unless it comes from the table's own server."""
    if actor.guild_id != state.guild_id:
        raise Refusal("wrong_guild")
    if isinstance(move, Lobby):
        return lobby(state, actor, move, now)
    return act(state, actor.member_id, move, now)


# --- the lobby -----------------------------------------------------------------------------------


def lobby(state: TableState, actor: Actor, move: Lobby, now: float) -> tuple[TableState, Change]:
    member = actor.member_id
    if move.verb == "join":
        return join(state, member, actor.name)
    if move.verb == "leave":
        return leave(state, member)
    if move.verb == "add_computer":
        return add_computer(state, member)
    if move.verb == "choose_first":
        assert move.number is not None  # a ``Lobby`` checks it
        return choose_first(state, member, move.number)
    if move.verb == "start":
        return start(state, member, now)
    if move.verb == "cancel":
        return cancel(state, member)
    if move.verb == "rename":
        return rename(state, member, actor.name)
    # ``Lobby`` admits every ``LobbyVerb``: one added there without a case here changes nothing, rather
    # than being taken for another move (the last case, cancel, would close the table).
    raise Refusal("unknown_button")


def join(state: TableState, member_id: int, name: str) -> tuple[TableState, Change]:
    _require_lobby(state)
    if state.seat_of(member_id) is not None:
        raise Refusal("already_seated")
    if state.full:
        raise Refusal("table_full")
    return replace(state, seats=(*state.seats, Seat(name=name, member_id=member_id))), Change("lobby")


def rename(state: TableState, member_id: int, name: str) -> tuple[TableState, Change]:
    """A seated member's seat takes their new name (only in the lobby: a name does not change during a
    match, whose sheet and ledger name the seats as they were)."""
    _require_lobby(state)
    seat = state.seat_of(member_id)
    if seat is None:
        raise Refusal("not_seated_lobby")
    if not name:
        raise Refusal("not_legal")
    return state.with_seat(seat, replace(state.seats[seat], name=name)), Change("lobby")


def leave(state: TableState, member_id: int) -> tuple[TableState, Change]:
    _require_lobby(state)
    seat = state.seat_of(member_id)
    if seat is None:
        raise Refusal("not_seated_lobby")
    if member_id == state.host_id:
        raise Refusal("host_cannot_leave")
    # the seats moved: the host chooses who starts again
    return replace(state, seats=state.seats[:seat] + state.seats[seat + 1 :], first_seat=None), Change("lobby")


def add_computer(state: TableState, member_id: int, level: str | None = None) -> tuple[TableState, Change]:
    _require_lobby(state)
    if state.full:
        raise Refusal("table_full")
    chosen = level or state.settings.computer_level
    number = sum(1 for seat in state.seats if seat.computer is not None) + 1
    seat = Seat(name=f"{chosen.capitalize()} {number}", computer=chosen)
    return replace(state, seats=(*state.seats, seat)), Change("lobby")


def choose_first(state: TableState, member_id: int, index: int) -> tuple[TableState, Change]:
    """Without a wall there are no dice to find the dealer: the host picks who starts (the family
    game's custom: the youngest)."""
    _require_lobby(state)
    if member_id != state.host_id:
        raise Refusal("host_only")
    if state.settings.rules.has_wall or not 0 <= index < len(state.seats):
        raise Refusal("not_legal")
    return replace(state, first_seat=index), Change("lobby")


def cancel(state: TableState, member_id: int) -> tuple[TableState, Change]:
    _require_lobby(state)
    if member_id != state.host_id:
        raise Refusal("host_only")
    return replace(state, status="cancelled", deadline=None, computer_at=None), Change("lobby")


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
    match = Match(state.settings.rules, state.seed, settle=settle_for(state.settings.rules), first_dealer=first_dealer)
    seated = replace(state, seats=tuple(seats), status="playing", match=match.to_document())
    return _deal(seated, match, now)


def start_seated(state: TableState, now: float) -> tuple[TableState, Change]:
    """A full table whose seats were given in the order of its first hand's winds (a tournament's, SPEC
    §9: chair 0 East): no seats drawn, the first dealer chair 0, so every table of a round dealt from the
    round's seed plays the same walls from the same chairs."""
    _require_lobby(state)
    if not state.full:
        raise Refusal("table_not_full", players=state.players)
    match = Match(state.settings.rules, state.seed, settle=settle_for(state.settings.rules), first_dealer=0)
    return _deal(replace(state, status="playing", match=match.to_document()), match, now)


def _require_lobby(state: TableState) -> None:
    if state.status == "closed":
        raise Refusal("table_closed")
    if state.status != "lobby":
        raise Refusal("not_in_lobby")


# --- play ----------------------------------------------------------------------------------------


def act(state: TableState, member_id: int, move: Play, now: float) -> tuple[TableState, Change]:
    """A seated member's move in the match (discard, kong, mahjong, call, claim, pass, next, back)."""
    seat = state.seat_of(member_id)
    if seat is None:
        raise Refusal("not_seated")
    if state.status == "closed":
        raise Refusal("table_closed")
    if move.verb == "back":
        return _back(state, seat, now)
    if move.verb == "standing":
        return _toggle_standing(state, seat, move.number, now)
    if move.step != state.step:
        raise Refusal("stale")
    if move.verb == "next":
        if state.status != "between":
            raise Refusal("stale")
        return ready(state, seat, now)
    if state.status != "playing" or state.hand is None:
        raise Refusal("stale")
    hand = load_round(state)
    try:
        if held(state, hand, now) and move.verb not in ("claim", "pass"):
            raise Refusal("claims_open")
        action = resolve_action(hand, seat, move)
    except Refusal:
        keep_round(state, hand)  # refused: the round is as it was, for the next move
        raise
    current = state.seats[seat]
    bank = current.bank
    if hand.phase is Phase.DISCARD and hand.turn == seat and state.deadline is not None:
        bank = max(0.0, min(bank, state.deadline - now))  # what the turn took beyond its own time
    state = state.with_seat(seat, replace(current, missed=0, bank=bank))
    return _play(state, hand, [action], now)


def resolve_action(hand: Round, seat: int, move: Play) -> Action:
    """The engine action a move stands for, checked against what the seat may do now."""
    legal = hand.legal_actions(seat)
    if move.verb == "win" and not any(_is_win(action) for action in legal):
        refusal = hand.win_refusal(seat)
        if refusal is not None:
            raise Refusal("win_refused", reason=refusal.reason)
    if not legal:
        raise Refusal("not_your_turn")
    number = move.number if move.number is not None else 0
    chosen: Action | None = None
    if move.verb == "discard":
        slots = hand_slots(hand.view(seat))
        if number >= len(slots):
            raise Refusal("no_such_tile")
        chosen = Discard(seat, slots[number])
    elif move.verb == "kong":
        kongs = kong_options(legal)
        chosen = kongs[number] if number < len(kongs) else None
    elif move.verb == "win":
        chosen = next((action for action in legal if _is_win(action)), None)
    elif move.verb == "call":
        chosen = Call(seat)
    elif move.verb == "claim":
        claims = claim_options(legal)
        chosen = claims[number] if number < len(claims) else None
    elif move.verb == "pass":
        chosen = Pass(seat)
    if chosen is None or chosen not in legal:
        raise Refusal("not_legal")
    return chosen


def move_for(state: TableState, hand: Round, action: Action) -> Play:
    """The move that plays ``action`` (the inverse of ``resolve_action``)."""
    seat = action.seat
    if seat is None:
        raise Refusal("not_legal")
    legal = hand.legal_actions(seat)
    if isinstance(action, Discard):
        return Play("discard", state.step, hand_slots(hand.view(seat)).index(action.tile))
    if isinstance(action, Claim):
        return Play("claim", state.step, claim_options(legal).index(action))
    if isinstance(action, DeclareWin):
        return Play("win", state.step)
    if isinstance(action, Call):
        return Play("call", state.step)
    if isinstance(action, Pass):
        return Play("pass", state.step)
    kongs: list[Action] = list(kong_options(legal))
    if action in kongs:
        return Play("kong", state.step, kongs.index(action))
    raise Refusal("not_legal")


def _is_win(action: Action) -> bool:
    return isinstance(action, DeclareWin) or (isinstance(action, Claim) and action.kind is ClaimKind.MAHJONG)


def _back(state: TableState, seat: int, now: float) -> tuple[TableState, Change]:
    current = state.seats[seat]
    if not current.away:
        raise Refusal("not_away")
    state = state.with_seat(seat, replace(current, away=False, missed=0))
    if state.status == "playing" and state.hand is not None:
        hand = load_round(state)
        scheduled, change = _schedule(state, hand, now, step_moved=True), waiting_on(hand, Change("seat"))
        keep_round(state, hand)
        return scheduled, change
    return state, Change("seat")


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
    released = state.hold_until is not None and state.hold_until <= now
    if released:  # the hidden claim window is over: the table shows whose turn it is again
        state = replace(state, hold_until=None)
    if state.computer_at is not None and state.computer_at <= now:
        actions = _computer_moves(state, hand)
        if actions:
            return _play(state, hand, actions, now)
    if state.deadline is not None and state.deadline <= now:
        return _play_clock(state, hand, now)
    scheduled = _schedule(state, hand, now, step_moved=False)
    change = waiting_on(hand, Change("played" if released else "nothing"))
    keep_round(state, hand)
    return scheduled, change


def touched(state: TableState, now: float) -> TableState:
    """A member acted: the table's idle limit starts again from now."""
    if not state.is_open:
        return replace(state, idle_at=None)
    return replace(state, idle_at=now + state.settings.timing.idle)


def result_posted(state: TableState, step: int) -> tuple[TableState, Change]:
    """The result message of the hand that ended at ``step`` is on Discord."""
    finished = state.last_hand
    if finished is None or finished.step != step or finished.posted:
        return state, Change()
    return replace(state, last_hand=replace(finished, posted=True)), Change()


def close_idle(state: TableState, now: float) -> tuple[TableState, Change]:
    """No member clicked for the table's idle limit: the table closes, and a started match goes to the
    ledger as closed, with the totals of the hands finished so far (the hand in play is dropped), so no
    table is left running for nobody."""
    entry = None if state.match is None else match_entry(state, load_match(state), now, ended="closed")
    closed = replace(
        state,
        status="closed",
        step=state.step + 1,
        deadline=None,
        computer_at=None,
        hold_until=None,
        idle_at=None,
        unrecorded=state.unrecorded if entry is None else (*state.unrecorded, entry),
    )
    return closed, Change("closed", match_entry=entry)


def _computer_moves(state: TableState, hand: Round) -> list[Action]:
    """One action for each awaited seat that a computer plays (several answer one claim window), or
    whose member's standing choices make the move."""
    actions: list[Action] = []
    for seat in hand.awaiting():
        if not state.seats[seat].played_by_computer:
            standing = standing_move(state, hand, seat)
            if standing is not None:
                actions.append(standing)
            continue
        level = state.seats[seat].computer or state.settings.computer_level
        rng = random.Random(f"table:{state.seed}:{state.hand_number}:{len(hand.actions) + len(actions)}")
        actions.append(make_player(level).choose(hand.view(seat), rng))
        if hand.phase is Phase.DISCARD:
            break
    return actions


def standing_move(state: TableState, hand: Round, seat: int) -> Action | None:
    """The move a member's standing choices make now, if any: a legal win with ``auto_win``; a pass of
    the open claim window with ``no_calls``; the drawn tile with ``auto_discard``, when the seat may do
    nothing but discard (no win, no kong: those stay the member's to choose)."""
    chosen = state.seats[seat].standing
    if not chosen or seat not in hand.awaiting():
        return None
    legal = hand.legal_actions(seat)
    wins = [action for action in legal if _is_win(action)]
    if "auto_win" in chosen and wins:
        return wins[0]
    if "no_calls" in chosen and Pass(seat) in legal and not wins:
        return Pass(seat)
    if "auto_discard" in chosen and hand.phase is Phase.DISCARD and not wins:
        drawn = hand.view(seat).drawn
        others = [action for action in legal if not isinstance(action, Discard)]
        if drawn is not None and not others and Discard(seat, drawn) in legal:
            return Discard(seat, drawn)
    return None


def _toggle_standing(state: TableState, seat: int, number: int | None, now: float) -> tuple[TableState, Change]:
    """A member turns one of their standing choices on or off; one that applies now plays soon, as a
    computer's move would (after its pause, never inside a hidden claim window)."""
    if number is None or not 0 <= number < len(STANDING):
        raise Refusal("unknown_button")
    choice = STANDING[number]
    current = state.seats[seat]
    state = state.with_seat(seat, replace(current, standing=current.standing ^ {choice}))
    if state.status != "playing" or state.hand is None:
        return state, Change("seat")
    hand = load_round(state)
    scheduled, change = _schedule(state, hand, now, step_moved=False), waiting_on(hand, Change("seat"))
    keep_round(state, hand)
    return scheduled, change


def _play_clock(state: TableState, hand: Round, now: float) -> tuple[TableState, Change]:
    if hand.phase in (Phase.CLAIM, Phase.ROB):
        return _play(state, hand, [CloseWindow()], now)
    seat = hand.turn
    current = state.seats[seat]
    missed = current.missed + 1
    away = missed >= MISSED_TURNS_BEFORE_AWAY
    state = state.with_seat(seat, replace(current, missed=missed, away=away, bank=0.0))  # the turn took it all
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
    step_moved = False
    waiting_before = set(hand.awaiting())
    for action in actions:
        if hand.result is not None or action not in hand.legal_actions(action.seat):
            break
        hand.apply(action)
        answered_open_window = isinstance(action, Claim | Pass) and hand.phase in (Phase.CLAIM, Phase.ROB)
        step_moved = step_moved or not answered_open_window
    discarded = any(isinstance(action, Discard) for action in actions)
    hold_until = now + state.settings.hold if discarded and state.settings.hide_claims else state.hold_until
    if hand.phase is Phase.DISCARD and hand.view(None).last_discard is None:
        hold_until = None  # the discard was claimed: the claimer plays at once
    state = replace(state, hand=hand.to_document(), hold_until=hold_until)
    if hand.result is not None:
        return _finish_hand(state, hand, now)
    awaited = tuple(seat for seat in hand.awaiting() if seat not in waiting_before)
    happened: Happened = "played" if step_moved else "answered"
    scheduled = _schedule(state, hand, now, step_moved=step_moved)
    change = waiting_on(hand, Change(happened, awaited=awaited))
    keep_round(state, hand)  # last: the round is the next move's from here
    return scheduled, change


def _schedule(state: TableState, hand: Round, now: float, *, step_moved: bool) -> TableState:
    """The timers of a hand in play: a computer's pause if one is awaited, a deadline for the humans."""
    awaited = hand.awaiting()
    timing = state.settings.timing
    step = state.step + 1 if step_moved else state.step
    automatic = {
        seat for seat in awaited if state.seats[seat].played_by_computer or standing_move(state, hand, seat) is not None
    }
    computers = bool(automatic)
    humans = any(seat not in automatic for seat in awaited)
    computer_at = now + timing.computer_pause if step_moved or state.computer_at is None else state.computer_at
    if state.hold_until is not None:
        computer_at = max(computer_at, state.hold_until)
    # a turn may run into its member's time bank; a claim window has its own time only, and none at a
    # learners' table, where it waits for every member who may claim
    if hand.phase is Phase.DISCARD:
        deadline: float | None = now + timing.turn + state.seats[hand.turn].bank
    else:
        deadline = None if state.settings.learners else now + timing.claim
    if not step_moved and state.deadline is not None:
        deadline = state.deadline
    return replace(
        state, step=step, computer_at=computer_at if computers else None, deadline=deadline if humans else None
    )


# --- hands and the match -------------------------------------------------------------------------


def ready(state: TableState, seat: int, now: float) -> tuple[TableState, Change]:
    """The member at ``seat`` pressed next-hand (SPEC §7.1): they are ready, and the next hand is dealt
    once every seated member the table does not play for is (else at the deadline, ``wake``). The step
    stays: the other members' next-hand buttons, already drawn, are still current."""
    if seat in state.ready:
        raise Refusal("already_ready")
    marked = state.ready | {seat}
    if all(index in marked for index, other in enumerate(state.seats) if not other.played_by_computer):
        return next_hand(state, now)
    return replace(state, ready=marked), Change("seat")


def next_hand(state: TableState, now: float) -> tuple[TableState, Change]:
    if state.status != "between" or state.match is None:
        raise Refusal("stale")
    return _deal(replace(state, status="playing"), load_match(state), now)


def _deal(state: TableState, match: Match, now: float) -> tuple[TableState, Change]:
    hand = match.next_round()
    dealt = replace(
        state,
        seats=tuple(replace(seat, bank=state.settings.timing.bank) for seat in state.seats),
        hand=hand.to_document(),
        hand_number=len(match.hands),
        ready=frozenset(),
        commitment=wall_commitment(hand.ruleset, hand.seed),
        deadline=None,
        computer_at=None,
    )
    scheduled = _schedule(dealt, hand, now, step_moved=True)
    change = waiting_on(hand, Change("dealt", awaited=tuple(hand.awaiting())))
    keep_round(dealt, hand)
    return scheduled, change


def _finish_hand(state: TableState, hand: Round, now: float) -> tuple[TableState, Change]:
    match = load_match(state)
    played = match.finish_hand(hand)
    result = hand.result
    assert result is not None
    score = settle_hand(hand.ruleset, result)
    breakdown = () if result.win is None else scoring_breakdown(state.settings.rules, result.win)
    entry = hand_entry(state, hand, played, score, now, breakdown)
    finished = FinishedHand(
        entry=entry,
        seed=hand.seed,
        commitment=state.commitment,
        totals=tuple(Fraction(total) for total in match.totals),
        step=state.step + 1,  # the step its result message is drawn at
        breakdown=breakdown,
    )
    row = SheetRow(
        number=played.number,
        dealer=played.dealer,
        winner=result.winner,
        score=float(entry.fan if hand.ruleset.name == "hongkong" else entry.score),
        self_drawn=result.self_drawn,
        payments=entry.payments,
    )
    status: Status = "over" if match.over else "between"
    deadline = None if match.over else now + state.settings.timing.next_hand
    over = match_entry(state, match, now) if match.over else None
    ended = replace(
        state,
        match=match.to_document(),
        status=status,
        step=state.step + 1,
        deadline=deadline,
        computer_at=None,
        hold_until=None,
        last_hand=finished,
        sheet=(*state.sheet, row),
        unrecorded=(*state.unrecorded, entry) if over is None else (*state.unrecorded, entry, over),
    )
    return ended, Change("hand_over", waiting=(), finished_hand=finished, match_entry=over)
