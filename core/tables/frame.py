"""A table as one viewer sees it, as one JSON frame (SPEC §7), and the move a viewer's message names.

``frame`` is the whole view of one member (or a spectator) at one version: what every seat shows, what
the table waits for and until when, what the viewer may do now, and the last hand's result. It carries
no tile face outside the viewer's own hand, the seats' discards, sets and bonus tiles, the open discard
and the viewer's own moves (whose tiles come from their hand, their sets or the open discard); once a
hand is over every hand is shown, and a table that plays open hands shows them all throughout.

``move_of`` reads a viewer's move message against the same list of moves the frame offered them, so a
page can only ask for what it was shown, and names tiles rather than slots: the slot a tile stands in
is found here, against the state the move is applied to (``TableService.act`` resolves a move given as
a function in the transition's own thread, on the state it changes).

Pure: no I/O, no clock of its own; a surface calls these with the time and the state it has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from core.refusal import Refusal
from core.tables.moves import Lobby, Move, Play, claim_options, hand_slots, kong_options
from core.tables.rounds import first_chosen, held, keep_round, load_round, shown_round
from core.tables.state import STANDING, TableState
from data.ledger import HandEntry
from game.actions import AddedKong, Call, Claim, ClaimKind, ConcealedKong, DeclareWin, Discard, Pass
from game.hints import discard_hints
from game.melds import Meld
from game.phase import Phase
from game.round import Round
from game.tiles import WINDS, Tile, format_tiles
from game.view import SeatView
from game.winning import is_winning

FrameState = Literal["lobby", "playing", "hand-over", "match-over", "closed"]
_FRAME_STATE: Mapping[str, FrameState] = {
    "lobby": "lobby",
    "playing": "playing",
    "between": "hand-over",
    "over": "match-over",
    "cancelled": "closed",
    "closed": "closed",
}
FRAME_ACTIONS: frozenset[str] = frozenset(
    {
        "discard",
        "chow",
        "pung",
        "kong",
        "mahjong",
        "pass",
        "call",
        "hint",
        "back",
        "join",
        "leave",
        "add-computer",
        "start",
        "cancel",
        "first",
        "next-hand",
    }
)
"""Every ``action`` a frame may offer (SPEC §7's moves, and ``call``, ``back``, ``cancel``, ``first``)."""
_LOBBY_VERBS: Mapping[str, Literal["join", "leave", "add_computer", "start", "cancel"]] = {
    "join": "join",
    "leave": "leave",
    "add-computer": "add_computer",
    "start": "start",
    "cancel": "cancel",
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One move a frame offers its viewer, as the frame writes it, and the move it stands for (None: the
    page's own, such as ``hint``, asked for apart: ``hint_of``)."""

    entry: dict[str, str]
    move: Move | None


def wind_code(index: int) -> str:
    """``E``, ``S``, ``W`` or ``N``: a seat's wind, 0 being East."""
    return "ESWN"[index]


_FACES: dict[Tile, str] = {tile: format_tiles((tile,)) for tile in Tile}
"""Each tile's face as SPEC §1 writes it, once: a frame writes some forty of them."""


def face(tile: Tile) -> str:
    return _FACES[tile]


def faces(tiles: tuple[Tile, ...] | list[Tile]) -> list[str]:
    return [_FACES[tile] for tile in tiles]


# --- the frame --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SharedFrame:
    """What every viewer's frame of one state at one version holds alike, built once for them all: the
    frame less the viewer's own fields (``viewer``, ``you``, ``actions``, ``standing`` and their own
    concealed tiles), which ``frame_of`` adds for each."""

    state: TableState
    hand: Round | None
    now: float
    fields: dict[str, Any]


def shared_frame(state: TableState, version: int, now: float, hand: Round | None = None) -> SharedFrame:
    """The part of ``state``'s frames at ``version`` alike for every viewer at the time ``now``. ``hand``:
    the state's round, when the caller holds it (``shown_round``)."""
    base: dict[str, Any] = {
        "type": "frame",
        "table": state.id,
        "version": version,
        "step": state.step,
        "state": _FRAME_STATE[state.status],
        "rules": state.settings.rules.name,
        "players": state.players,
        "hand_number": 0 if state.hand is None else state.hand_number + 1,
        "commitment": state.commitment,
        # a practice table's deal code, from which its walls follow: its point there (another table dealt
        # from it plays the same walls), and never shown for a rated table, whatever its state holds
        "deal": state.deal if state.practice else None,
        "minimum_fan": 0,
        "standing": None,
        "result": None,
        "learners": state.settings.learners,  # the page's aid: the tiles a hand waits on
        "length": state.settings.rules.length,  # with rules and deal: another match with the same settings
        "computer_level": state.settings.computer_level,
        "log": [],
        "dealer": None,
        "ready": [],
        "sheet": _sheet(state),
        "ratings": [],
    }
    if state.hand is None:
        return SharedFrame(state, None, now, {**base, **_lobby(state)})
    shown = hand or shown_round(state)
    return SharedFrame(state, shown, now, {**base, **_table(state, shown, now)})


def frame_of(shared: SharedFrame, viewer: int | None) -> dict[str, Any]:
    """The whole view of member ``viewer`` (None, or a member with no seat: a spectator): ``shared``
    with the viewer's own fields."""
    state, hand = shared.state, shared.hand
    seat = None if viewer is None else state.seat_of(viewer)
    if hand is None:
        return {
            **shared.fields,
            "viewer": "spectator" if seat is None else "seated",
            "you": None if seat is None else wind_code(seat),  # the viewer's chair (SPEC §7.1's data-you)
            "actions": [choice.entry for choice in _lobby_choices(state, seat)],
        }
    if seat is None:
        return dict(shared.fields)
    winds = chair_winds(hand)
    waiting = hand.result is None and state.status == "playing"
    view = hand.view(seat)  # built once for the frame and its moves: each build costs some 40 µs
    own: dict[str, Any] = {
        "viewer": wind_code(winds[seat]),
        "actions": [choice.entry for choice in _choices(state, hand, seat, shared.now, view)],
        "standing": {choice: choice in state.seats[seat].standing for choice in STANDING} if waiting else None,
    }
    if view.concealed is not None and hand.result is None:
        seats = list(shared.fields["seats"])
        place = winds[seat]
        seats[place] = {**seats[place], "hand": faces(hand_slots(view)), "drawn": view.drawn is not None}
        own["seats"] = seats
    return {**shared.fields, **own}


def frame(state: TableState, version: int, viewer: int | None, now: float, hand: Round | None = None) -> dict[str, Any]:
    """The whole view of member ``viewer`` (None, or a member with no seat: a spectator) of ``state``,
    stored at ``version``, at the time ``now`` (SPEC §7's frame, with ``type``, ``step``, ``rules``,
    ``players``, ``hand_number``, ``host``, ``standing``, ``commitment`` and ``minimum_fan`` besides).
    Several viewers' frames of one state share one ``shared_frame`` instead."""
    return frame_of(shared_frame(state, version, now, hand), viewer)


def _lobby(state: TableState) -> dict[str, Any]:
    seats: list[dict[str, Any]] = []
    for index in range(state.players):
        taken = state.seats[index] if index < len(state.seats) else None
        seats.append(
            {
                "wind": wind_code(index),
                "name": "" if taken is None else taken.name,
                "kind": "empty" if taken is None else ("computer" if taken.computer is not None else "member"),
                "score": 0,
                "concealed": 0,
                "discards": [],
                "melds": [],
                "bonus": [],
                "away": False,
                "calling": False,
                "bank": None,
                "level": None if taken is None else taken.computer,
            }
        )
    host = state.seat_of(state.host_id)
    return {
        "viewer": "spectator",
        "you": None,
        "round_wind": None,
        "host": None if host is None else wind_code(host),
        "seats": seats,
        "wall": 0,
        "turn": None,
        "awaited": [],
        "discard": None,
        "deadline": None,
        "actions": [],
    }


def _table(state: TableState, hand: Round, now: float) -> dict[str, Any]:
    """A hand's frame as a spectator sees it: every viewer's frame but their own fields."""
    winds = chair_winds(hand)
    over = hand.result is not None
    public = hand.view(None)
    scores = state.last_hand.totals if state.last_hand is not None else (0,) * state.players
    host = state.seat_of(state.host_id)
    playing = state.status == "playing" and not over
    chairs = [
        Chair(
            taken.name,
            "computer" if taken.computer is not None else "member",
            taken.away,
            # a member's time bank, whole seconds (a computer never waits on the clock)
            int(taken.bank) if playing and taken.computer is None else None,
            taken.computer,
        )
        for taken in state.seats
    ]
    seats = seat_entries(hand, None, public, chairs, scores)
    waiting = over is False and state.status == "playing"
    holding = waiting and held(state, hand, now)
    claim = open_claim(hand) if waiting else None
    discard = None
    if claim is not None:
        discard = {"tile": face(claim[0]), "seat": wind_code(winds[claim[1]])}
    elif holding and public.last_discard is not None:
        discard = {"tile": face(public.last_discard[1]), "seat": wind_code(winds[public.last_discard[0]])}
    deadline = state.deadline
    if holding and state.hold_until is not None:
        deadline = state.hold_until if deadline is None else max(deadline, state.hold_until)
    return {
        "viewer": "spectator",
        "round_wind": wind_code(WINDS.index(hand.round_wind)),
        "host": None if host is None else wind_code(winds[host]),
        "seats": seats,
        "wall": hand.wall_left,
        "turn": wind_code(winds[hand.turn]) if waiting else None,
        "awaited": [wind_code(winds[index]) for index in _awaited(state, hand)] if waiting else [],
        "discard": discard,
        "deadline": deadline if state.status in ("playing", "between") else None,
        "actions": [],
        "minimum_fan": public.minimum_fan,
        "standing": None,
        "result": _result(state, hand, winds),
        "log": log_entries(hand, winds),
        "dealer": wind_code(winds[hand.dealer]) if state.settings.rules.has_wall else None,
        "ready": [wind_code(winds[index]) for index in sorted(state.ready, key=lambda chair: winds[chair])]
        if state.status == "between"
        else [],
        # the match end's rating changes, once the ledger has rated the match (a change of its own)
        "ratings": [
            {"wind": wind_code(winds[rating.chair]), "before": rating.before, "after": rating.after}
            for rating in sorted(state.ratings, key=lambda rating: winds[rating.chair])
        ]
        if state.status == "over"
        else [],
    }


@dataclass(frozen=True, slots=True)
class Chair:
    """Who sits in one chair, as every frame shows them: their name, ``member`` or ``computer``, whether
    the table plays for them while they are away, a member's time bank (whole seconds, while a hand is
    played) and a computer's level."""

    name: str
    kind: Literal["member", "computer"]
    away: bool = False
    bank: int | None = None
    level: str | None = None


def chair_winds(hand: Round) -> list[int]:
    """Each chair's wind in ``hand`` (0 East), the dealer's being East."""
    return [(index - hand.dealer) % hand.ruleset.players for index in range(hand.ruleset.players)]


def seat_entries(
    hand: Round, seat: int | None, view: SeatView, chairs: Sequence[Chair], scores: Sequence[Any]
) -> list[dict[str, Any]]:
    """The frame's ``seats`` of ``hand`` as chair ``seat`` (None: a spectator) sees it, ``view`` being
    ``hand.view(seat)``, in the order E, S, W, N: each chair's public tiles, its concealed tiles in the
    viewer's own seat, and every seat's once the hand is over, alike for every viewer then (a winner's
    own tile drawn is the result's to mark), or at a table of open hands. The live
    frame and a replay's steps (``core.tables.replay``) are both drawn by it."""
    winds = chair_winds(hand)
    over = hand.result is not None
    seats = []
    for index in sorted(range(len(winds)), key=lambda chair: winds[chair]):
        shown = view.seats[index]
        entry: dict[str, Any] = {
            "wind": wind_code(winds[index]),
            "name": chairs[index].name,
            "kind": chairs[index].kind,
            "score": _number(scores[index]),
            "concealed": shown.concealed_count,
            "discards": [face(discarded.tile) for discarded in shown.discards if not discarded.claimed],
            "melds": [_meld(meld) for meld in shown.melds],
            "bonus": faces(shown.bonus),
            "away": chairs[index].away,
            "calling": shown.calling,
            "bank": chairs[index].bank,
            "level": chairs[index].level,
        }
        if index == seat and view.concealed is not None and not over:
            entry["hand"] = faces(hand_slots(view))
            entry["drawn"] = view.drawn is not None
        elif over or shown.concealed is not None:
            entry["hand"] = faces(_everyones(hand, index))
            entry["drawn"] = False
        seats.append(entry)
    return seats


_LOGGED: list[tuple[Round, int, list[dict[str, str]]]] = []
"""The log last written, with its round and length: every view of one change shares the same list."""


def log_entries(hand: Round, winds: list[int]) -> list[dict[str, str]]:
    """The hand's public events as the frame writes them (SPEC §7.1), built once per change of the
    round for all its viewers' frames (it only grows while a round is played); a replay's steps too."""
    events = hand.public_log
    if _LOGGED and _LOGGED[0][0] is hand and _LOGGED[0][1] == len(events):
        return _LOGGED[0][2]
    logged = [{"seat": wind_code(winds[event.seat]), "event": event.kind, "tiles": event.tiles} for event in events]
    _LOGGED[:] = [(hand, len(events), logged)]
    return logged


def _sheet(state: TableState) -> list[dict[str, Any]]:
    """The match's finished hands, oldest first, each with the winds and names of its own hand (the
    winds move round the chairs from hand to hand; the names do not change during a match)."""
    players = state.players
    rows = []
    for row in state.sheet:
        wind = [wind_code((index - row.dealer) % players) for index in range(players)]
        rows.append(
            {
                "hand": row.number + 1,
                "winner": None if row.winner is None else wind[row.winner],
                "score": _number(row.score),
                "self_drawn": row.self_drawn,
                "payments": {wind[index]: _number(paid) for index, paid in enumerate(row.payments)},
                "names": {wind[index]: state.seats[index].name for index in range(min(players, len(state.seats)))},
            }
        )
    return rows


def _everyones(hand: Round, index: int) -> tuple[Tile, ...]:
    """A seat's concealed tiles once they are public (the hand over, or a table of open hands)."""
    concealed = hand.view(index).concealed
    return () if concealed is None else tuple(sorted(concealed))


def _meld(meld: Meld) -> dict[str, str]:
    kind = meld.kind.value if meld.exposed else "concealed-kong"
    return {"kind": kind, "tiles": format_tiles(meld.tiles)}


def open_claim(hand: Round) -> tuple[Tile, int] | None:
    """The open claim window's tile and who let it go (public), read from a seat the window waits for."""
    if hand.phase not in (Phase.CLAIM, Phase.ROB):
        return None
    awaited = hand.awaiting()
    claim = hand.view(awaited[0]).claim if awaited else None
    return None if claim is None else (claim.tile, claim.from_seat)


def _awaited(state: TableState, hand: Round) -> tuple[int, ...]:
    """The seats the table waits for; at a table that hides its claim windows, a claim window's seats
    are not said (who may claim is what it hides)."""
    if state.settings.hide_claims and hand.phase in (Phase.CLAIM, Phase.ROB):
        return ()
    return tuple(hand.awaiting())


def _result(state: TableState, hand: Round, winds: list[int]) -> dict[str, Any] | None:
    finished = state.last_hand
    if finished is None or hand.result is None or state.status not in ("between", "over"):
        return None
    totals = {wind_code(winds[index]): _number(total) for index, total in enumerate(finished.totals)}
    return {**result_entry(hand, finished.entry, finished.seed, finished.breakdown), "totals": totals}


def result_entry(hand: Round, entry: HandEntry, seed: int, breakdown: Sequence[tuple[str, int]]) -> dict[str, Any]:
    """The frame's ``result`` of the finished ``hand`` whose ledger entry is ``entry``, dealt from
    ``seed``, its winning hand scored ``breakdown`` (``ledger_entries.scoring_breakdown``), without the
    match's ``totals``, which only the table knows: the live frame's and a replay's last step's."""
    result = hand.result
    assert result is not None, "a result is a finished hand's"
    winds = chair_winds(hand)
    hongkong = entry.rules_name == "hongkong"
    return {
        "winner": None if result.winner is None else wind_code(winds[result.winner]),
        "winning_tile": None if result.win is None else face(result.win.winning_tile),
        "self_drawn": result.self_drawn,
        "discarder": None if result.discarder is None else wind_code(winds[result.discarder]),
        "score": entry.fan if hongkong else _number(entry.score),
        "patterns": list(entry.patterns),
        "breakdown": [{"pattern": key, "value": value} for key, value in breakdown],
        "payments": {wind_code(winds[index]): _number(paid) for index, paid in enumerate(entry.payments)},
        "wall_seed": seed,
    }


def _number(value: Any) -> int | float:
    """A score as JSON writes it: whole numbers as integers."""
    number = float(value)
    return int(number) if number.is_integer() else number


# --- what the viewer may do ---------------------------------------------------------------------------


def _lobby_choices(state: TableState, seat: int | None) -> list[Choice]:
    if state.status != "lobby":
        return []
    choices: list[Choice] = []
    host = seat is not None and state.seats[seat].member_id == state.host_id
    if seat is None and not state.full:
        choices.append(_lobby_choice("join"))
    if seat is not None and not host:
        choices.append(_lobby_choice("leave"))
    if seat is not None and not state.full:
        choices.append(_lobby_choice("add-computer"))
    if host and state.full:
        choices.append(_lobby_choice("start"))
    if host:
        choices.append(_lobby_choice("cancel"))
        if not state.settings.rules.has_wall:
            chosen = first_chosen(state)
            choices += [
                Choice({"action": "first", "seat": wind_code(index)}, Lobby("choose_first", index))
                for index in range(len(state.seats))
                if index != chosen
            ]
    return choices


def _lobby_choice(action: str) -> Choice:
    return Choice({"action": action}, Lobby(_LOBBY_VERBS[action]))


def _choices(
    state: TableState, hand: Round, seat: int | None, now: float, seat_view: SeatView | None = None
) -> list[Choice]:
    """The moves the seat may make now, as its frame offers them, each with the move it stands for.
    ``seat_view``: ``hand.view(seat)``, when the caller has it."""
    if seat is None or state.status == "lobby":
        return []
    step = state.step
    if state.status == "between":
        return [] if seat in state.ready else [Choice({"action": "next-hand"}, Play("next", step))]
    if state.status != "playing" or hand.result is not None:
        return []
    choices: list[Choice] = []
    if state.seats[seat].away:
        choices.append(Choice({"action": "back"}, Play("back", step)))
    view = hand.view(seat) if seat_view is None else seat_view
    legal = view.legal
    if held(state, hand, now):  # the hidden claim window: only claims and passes are taken
        legal = tuple(action for action in legal if isinstance(action, Claim | Pass))
    discards = {action.tile for action in legal if isinstance(action, Discard)}
    slots = hand_slots(view)
    seen: set[Tile] = set()
    for number, tile in enumerate(slots):
        if tile in discards and tile not in seen:
            seen.add(tile)
            choices.append(Choice({"action": "discard", "tiles": face(tile)}, Play("discard", step, number)))
    for number, kong in enumerate(kong_options(view.legal)):
        if kong in legal:
            choices.append(Choice({"action": "kong", "tiles": _kong_tiles(kong)}, Play("kong", step, number)))
    if any(isinstance(action, DeclareWin) for action in legal) or complete_but_refused(hand, seat, view):
        choices.append(Choice({"action": "mahjong"}, Play("win", step)))
    if Call(seat) in legal:
        choices.append(Choice({"action": "call"}, Play("call", step)))
    claims = claim_options(legal)
    for number, claim in enumerate(claim_options(view.legal)):
        if claim in claims and view.claim is not None:
            choices.append(Choice(_claim_entry(claim, view.claim.tile), Play("claim", step, number)))
    if claims:
        choices.append(Choice({"action": "pass"}, Play("pass", step)))
    if state.settings.hints and discards:
        choices.append(Choice({"action": "hint"}, None))  # asked for, as on Discord: ``hint_of``
    return choices


def _kong_tiles(kong: ConcealedKong | AddedKong) -> str:
    return format_tiles((kong.tile,) * 4)


def _claim_entry(claim: Claim, tile: Tile) -> dict[str, str]:
    if claim.kind is ClaimKind.MAHJONG:
        return {"action": "mahjong"}
    if claim.kind is ClaimKind.CHOW and claim.chow_base is not None:
        return {"action": "chow", "tiles": format_tiles(Tile(claim.chow_base + step) for step in range(3))}
    if claim.kind is ClaimKind.PUNG:
        return {"action": "pung", "tiles": format_tiles((tile,) * 3)}
    return {"action": "kong", "tiles": format_tiles((tile,) * 4)}


def hint_of(state: TableState, viewer: int, step: int) -> str | None:
    """The discard the table suggests to ``viewer`` at ``step`` (the strong player's first choice), where
    the table gives hints and it is the viewer's turn to discard; else None. Asked for by the page's
    Hint, as Discord's Hint button asks for it: a frame does not carry it, so no frame costs its search."""
    seat = state.seat_of(viewer)
    if seat is None or step != state.step or not state.settings.hints or state.status != "playing":
        return None
    view = shown_round(state).view(seat)
    if not any(isinstance(action, Discard) for action in view.legal):
        return None
    best = next((item for item in discard_hints(view) if item.best), None)
    return None if best is None else face(best.tile)


def complete_but_refused(hand: Round, seat: int, seat_view: SeatView | None = None) -> bool:
    """The seat holds a complete hand the rules refuse (below the Hong Kong minimum, say): it is still
    offered Mahjong, which is answered with the reason. ``seat_view``: ``hand.view(seat)``, when the
    caller has it."""
    view: SeatView = hand.view(seat) if seat_view is None else seat_view
    if view.concealed is None or hand.win_refusal(seat) is None:
        return False
    counts = [0] * 43
    for tile in view.concealed:
        counts[tile] += 1
    if view.claim is not None and view.claim.options is not None and not view.claim.answered:
        counts[view.claim.tile] += 1
    elif not (hand.phase is Phase.DISCARD and hand.turn == seat and view.drawn is not None):
        return False
    return is_winning(counts, hand.ruleset)


# --- a viewer's move ------------------------------------------------------------------------------


def move_of(state: TableState, viewer: int, message: Mapping[str, Any], now: float) -> Move:
    """The move ``message`` (``{"action": …, "tiles": …, "seat": …, "step": …}``, as the page sends it)
    names among those ``viewer``'s frame of ``state`` offers at ``now``: refused as no longer current
    when its step is not the table's, as not legal when the frame offers no such move."""
    action = message.get("action")
    if not isinstance(action, str):
        raise Refusal("unknown_button")
    if action == "standing":
        choice = message.get("choice")
        if not isinstance(choice, str) or choice not in STANDING:
            raise Refusal("unknown_button")
        return Play("standing", state.step, STANDING.index(choice))
    if action not in FRAME_ACTIONS or action == "hint":
        raise Refusal("unknown_button")
    seat = state.seat_of(viewer)
    if state.hand is None:
        choices = _lobby_choices(state, seat)
    else:
        if message.get("step") != state.step and action not in ("back",):
            raise Refusal("stale")
        if seat is None:
            raise Refusal("not_seated")
        # the round the transition will play (this process's kept one), given back to it once read
        hand = load_round(state)
        try:
            choices = _choices(state, hand, seat, now)
        finally:
            keep_round(state, hand)
    wanted = {key: message[key] for key in ("action", "tiles", "seat") if message.get(key) is not None}
    for choice in choices:
        if choice.entry == wanted and choice.move is not None:
            return choice.move
    if action == "join" and seat is not None:
        raise Refusal("already_seated")
    raise Refusal("not_legal")
