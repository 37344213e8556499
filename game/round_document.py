"""A hand's document: the whole state as JSON, and the only ways back from one.

``round_to_document(hand)`` writes everything, hidden information included (store it, never show
it). ``Round.to_document()`` calls it.

``round_from_document(document, judge, rules=)`` (``Round.from_document``) trusts nothing in the document: it
reads the record inside it (rule set, seed, dealer, prevailing wind, actions), replays that record
action by action, and accepts the document only if the replay writes exactly the same document, with
the same types (``1`` is not ``true``, ``"false"`` is not ``false``). Anything else raises
``InvalidNotation`` with a short reason. So a document the engine accepts is always a state the rules
reach from its own seed, and the round returned is the replay, never the document's say-so: no tile
eight times in play, no wall drawn past its end, no turn of 7, no history the seed cannot produce.

``rigged_round(document, judge)`` builds the position a document describes without a replay, for
tests and study positions set up by hand (chosen tiles in a hand, a short wall). It checks each
field's type and range and what the engine relies on (no hand with more copies of a tile than the box
holds, a drawn tile only for the seat on turn, a claim window only in a claim phase and offering
exactly the claims the rules allow, a result exactly when the hand is over …), so the round it returns
cannot break later; but it cannot know whether the position was reachable, and a rig may be a sketch
(odd hand sizes, the same tiles in two hands), so nothing stored or received goes through it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.actions import Action, Claim, ClaimKind, Pass, parse_action
from game.errors import GameError, InvalidNotation
from game.hand import SetKind
from game.phase import Phase, Source
from game.record import (
    meld_from_json,
    meld_to_json,
    tile_from_code,
    tile_or_none,
    tiles_from_text,
    win_from_json,
    win_to_json,
    wind_from_code,
)
from game.result import HandResult
from game.round import ClaimWindow, Round
from game.rules import Ruleset
from game.strict import MALFORMED, boolean, canonical, fields, integer, listed, short, text
from game.tiles import Tile, format_tiles, full_set, tiles_of_counts
from game.view import DiscardedTile
from game.wall import Wall
from game.win import WinJudge

DOCUMENT_VERSION = 1

_KEYS = (
    "version",
    "ruleset",
    "seed",
    "dealer",
    "round_wind",
    "wall",
    "seats",
    "phase",
    "turn",
    "source",
    "kong_chain",
    "call_pending",
    "discard_count",
    "interrupted",
    "last_discard",
    "window",
    "actions",
    "result",
)
_SEAT_KEYS = ("concealed", "drawn", "melds", "bonus", "discards", "claimed", "calling")
_PHASES = {phase.value: phase for phase in Phase}
_SOURCES = {source.value: source for source in Source}


# --- writing -------------------------------------------------------------------------------------


def round_to_document(hand: Round) -> dict[str, Any]:
    """The whole state of ``hand`` as JSON-able data."""
    wall = hand._wall
    window = hand._window
    result = hand._result
    return {
        "version": DOCUMENT_VERSION,
        "ruleset": hand.ruleset.to_document(),
        "seed": hand.seed,
        "dealer": hand.dealer,
        "round_wind": hand.round_wind.code,
        "wall": {
            "tiles": wall.tiles_text(),
            "taken": list(wall.taken),
            "dice": None if wall.dice is None else list(wall.dice),
            "break": wall.break_stack,
        },
        "seats": [
            {
                "concealed": format_tiles(tiles_of_counts(hand._hands[seat])),
                "drawn": _code_or_none(hand._drawn[seat]),
                "melds": [meld_to_json(meld) for meld in hand._melds[seat]],
                "bonus": format_tiles(hand._bonus[seat]),
                "discards": format_tiles(item.tile for item in hand._discards[seat]),
                "claimed": [i for i, item in enumerate(hand._discards[seat]) if item.claimed],
                "calling": hand._calling[seat],
            }
            for seat in hand.ruleset.seats
        ],
        "phase": hand._phase.value,
        "turn": hand._turn,
        "source": hand._source.value,
        "kong_chain": hand._kong_chain,
        "call_pending": hand._call_pending,
        "discard_count": hand._discard_count,
        "interrupted": hand._interrupted,
        "last_discard": None if hand._last_discard is None else [hand._last_discard[0], hand._last_discard[1].code],
        "window": None
        if window is None
        else {
            "tile": window.tile.code,
            "from": window.from_seat,
            "robbing": window.robbing,
            "options": [[seat, [claim.text() for claim in claims]] for seat, claims in window.options.items()],
            "answers": [answer.text() for answer in window.answers.values()],
        },
        "actions": list(hand._lines),
        "result": None if result is None else result_to_json(result),
    }


def result_to_json(result: HandResult) -> dict[str, Any]:
    return {
        "winner": result.winner,
        "discarder": result.discarder,
        "self_drawn": result.self_drawn,
        "win": None if result.win is None else win_to_json(result.win),
        "wall_left": result.wall_left,
        "actions": result.actions,
    }


# --- reading: the replay -------------------------------------------------------------------------


def round_from_document(document: Any, judge: WinJudge | None = None, *, rules: Ruleset | None = None) -> Round:
    """The round ``document`` describes, rebuilt by replaying its own record (see the module docstring).

    The rule set is part of that record, and a rule option that has not mattered yet (open hands, seven
    pairs before anyone wins) can be changed without the replay telling: a caller that knows the table's
    rule set passes it as ``rules``, and a document naming another is refused."""

    def replayed(document: Any, judge: WinJudge | None) -> Round:
        return _replayed(document, judge, rules)

    return _total(replayed, document, judge, "not a hand the rules reach")


def _replayed(document: Any, judge: WinJudge | None, table_rules: Ruleset | None = None) -> Round:
    document = _header(document)
    rules = Ruleset.from_document(document["ruleset"])
    if table_rules is not None and rules != table_rules:
        raise InvalidNotation("the document's rule set is not the table's")
    seed = integer(document["seed"], "the seed")
    dealer = integer(document["dealer"], "the dealer", 0, rules.players - 1)
    hand = Round.deal(rules, seed, dealer=dealer, round_wind=wind_from_code(document["round_wind"]), judge=judge)
    for index, line in enumerate(listed(document["actions"], "the actions")):
        if hand.result is not None:
            raise InvalidNotation(f"action {index} ({short(line)}) comes after the end of the hand")
        action = parse_action(text(line, f"action {index}"))
        try:
            hand.apply(action)
        except GameError as error:
            raise InvalidNotation(f"action {index} ({short(line)}) does not replay: {error}") from None
    expected = round_to_document(hand)
    if canonical(expected) != canonical(document):
        raise InvalidNotation(f"the document is not the state its actions reach: {_difference(expected, document)}")
    return hand


def round_resumed(prefix: Round, document: Any, *, rules: Ruleset | None = None, written_here: bool = False) -> Round:
    """``prefix`` carried on to the state ``document`` describes, with the same guarantee as
    ``round_from_document`` for the cost of the new actions alone: ``prefix`` is a round of the same deal
    whose actions begin the document's (one this process rebuilt or played before; it is changed, so it
    must be the caller's to change). The document's further actions are applied in order, each checked
    as if played, and the document is accepted only if it is exactly the state they reach. Anything
    else (another deal, other actions, a document the replay would not write) raises ``InvalidNotation``,
    and the caller replays the document from its seed instead.

    ``written_here``: the caller knows ``document`` to be one ``round_to_document`` wrote in this process,
    from a round that replayed the same record (it holds the very object): its actions are still applied
    and checked, but the state they reach is not written again to be compared, since the engine reaches
    the same state from the same record."""

    def resumed(document: Any, judge: WinJudge | None) -> Round:
        document = _header(document)
        found = Ruleset.from_document(document["ruleset"])
        if found != prefix.ruleset or (rules is not None and found != rules):
            raise InvalidNotation("the document's rule set is not the round's")
        if (document["seed"], document["dealer"], document["round_wind"]) != (
            prefix.seed,
            prefix.dealer,
            prefix.round_wind.code,
        ):
            raise InvalidNotation("not the round's deal")
        lines = listed(document["actions"], "the actions")
        done = len(prefix._lines)
        if lines[:done] != prefix._lines:
            raise InvalidNotation("the document does not continue the round")
        for index in range(done, len(lines)):
            line = text(lines[index], f"action {index}")
            if prefix.result is not None:
                raise InvalidNotation(f"action {index} ({short(line)}) comes after the end of the hand")
            try:
                prefix.apply(parse_action(line))
            except GameError as error:
                raise InvalidNotation(f"action {index} ({short(line)}) does not replay: {error}") from None
        if not written_here and canonical(round_to_document(prefix)) != canonical(document):
            raise InvalidNotation("the document is not the state its actions reach")
        return prefix

    return _total(resumed, document, None, "not a hand the rules reach")


def _header(document: Any) -> dict[str, Any]:
    if not isinstance(document, dict) or type(document.get("version")) is not int:
        raise InvalidNotation(f"not a hand document of version {DOCUMENT_VERSION}")
    if document["version"] != DOCUMENT_VERSION:
        raise InvalidNotation(f"not a hand document of version {DOCUMENT_VERSION}: {short(document['version'])}")
    return fields(document, "a hand document", _KEYS)


def _difference(expected: dict[str, Any], given: dict[str, Any]) -> str:
    """Where ``given`` first departs from ``expected``, e.g. ``seats[2].concealed``."""
    for key in [*expected, *(key for key in given if key not in expected)]:
        value, other = expected.get(key), given.get(key)
        if canonical(value) == canonical(other):
            continue
        if isinstance(value, dict) and isinstance(other, dict):
            return f"{key}.{_first_key_differing(value, other)}"
        if isinstance(value, list) and isinstance(other, list) and len(value) == len(other):
            for index, (mine, theirs) in enumerate(zip(value, other, strict=True)):
                if canonical(mine) != canonical(theirs):
                    if isinstance(mine, dict) and isinstance(theirs, dict):
                        return f"{key}[{index}].{_first_key_differing(mine, theirs)}"
                    return f"{key}[{index}]"
        return str(key)
    return "its layout"


def _first_key_differing(mine: dict[str, Any], theirs: dict[str, Any]) -> str:
    keys = [*mine, *(key for key in theirs if key not in mine)]
    return next(
        (
            str(key)
            for key in keys
            if key not in mine or key not in theirs or canonical(mine[key]) != canonical(theirs[key])
        ),
        "?",
    )


def _total(
    build: Callable[[Any, WinJudge | None], Round], document: Any, judge: WinJudge | None, refusal: str
) -> Round:
    """Run ``build``; whatever malformed input makes it raise comes out as ``InvalidNotation``."""
    try:
        hand = build(document, judge)
    except InvalidNotation:
        raise
    except GameError as error:  # the rules refuse something (a hand that cannot exist, an action)
        raise InvalidNotation(f"{refusal}: {error}") from None
    except MALFORMED as error:
        raise InvalidNotation(f"malformed hand document ({type(error).__name__})") from None
    return hand


# --- reading: a position set up by hand ----------------------------------------------------------


def rigged_round(document: Any, judge: WinJudge | None = None) -> Round:
    """The position ``document`` describes, checked but not replayed: for tests and study positions only."""
    return _total(_rigged, document, judge, "not a position the rules allow")


def _rigged(document: Any, judge: WinJudge | None) -> Round:
    document = _header(document)
    rules = Ruleset.from_document(document["ruleset"])
    players = rules.players
    dealer = integer(document["dealer"], "the dealer", 0, players - 1)
    wall = _wall(document["wall"])
    hand = Round(
        rules, integer(document["seed"], "the seed"), dealer, wind_from_code(document["round_wind"]), wall, judge
    )
    seats = listed(document["seats"], "the seats")
    if len(seats) != players:
        raise InvalidNotation(f"{len(seats)} seats in a document for {players} players")
    for seat, entry in enumerate(seats):
        entry = fields(entry, f"seat {seat}", _SEAT_KEYS)
        for tile in tiles_from_text(entry["concealed"]):
            hand._hands[seat][tile] += 1
        hand._drawn[seat] = tile_or_none(entry["drawn"])
        hand._melds[seat] = [meld_from_json(meld, players) for meld in listed(entry["melds"], f"seat {seat}'s sets")]
        hand._bonus[seat] = list(tiles_from_text(entry["bonus"]))
        discards = tiles_from_text(entry["discards"])
        claimed = [
            integer(index, f"seat {seat}'s claimed discards", 0, len(discards) - 1)
            for index in listed(entry["claimed"], f"seat {seat}'s claimed discards")
        ]
        if claimed != sorted(set(claimed)):
            raise InvalidNotation(f"seat {seat}'s claimed discards are listed once each, in order")
        hand._discards[seat] = [DiscardedTile(tile, index in claimed) for index, tile in enumerate(discards)]
        hand._calling[seat] = boolean(entry["calling"], f"seat {seat}'s calling flag")
    hand._phase = _choice(_PHASES, document["phase"], "the phase")
    hand._turn = integer(document["turn"], "the turn", 0, players - 1)
    hand._source = _choice(_SOURCES, document["source"], "the source of the last tile")
    hand._kong_chain = integer(document["kong_chain"], "the kong chain", 0, 4)
    hand._call_pending = boolean(document["call_pending"], "call_pending")
    hand._discard_count = integer(document["discard_count"], "the discard count", 0, len(rules.tile_set()))
    hand._interrupted = boolean(document["interrupted"], "interrupted")
    last = document["last_discard"]
    if last is not None:
        last = listed(last, "the last discard")
        if len(last) != 2:
            raise InvalidNotation("the last discard is [seat, tile]")
        hand._last_discard = (integer(last[0], "the last discarder", 0, players - 1), tile_from_code(last[1]))
    if document["window"] is not None:
        hand._window = _window(document["window"], players)
    hand._actions = [
        parse_action(text(line, f"action {index}"))
        for index, line in enumerate(listed(document["actions"], "the actions"))
    ]
    hand._lines = [action.text() for action in hand._actions]
    if document["result"] is not None:
        hand._result = result_from_json(document["result"], players)
    _check_position(hand)
    return hand


def _wall(document: Any) -> Wall:
    document = fields(document, "the wall", ("tiles", "taken", "dice", "break"))
    tiles = tiles_from_text(document["tiles"])
    taken = listed(document["taken"], "the wall's taken counts")
    if len(taken) != 2:
        raise InvalidNotation("the wall's taken counts are [live end, far end]")
    front = integer(taken[0], "the tiles taken from the live end", 0, len(tiles))
    back = integer(taken[1], "the tiles taken from the far end", 0, len(tiles) - front)
    dice, break_stack = document["dice"], document["break"]
    if (dice is None) != (break_stack is None):
        raise InvalidNotation("a wall has both dice and a break, or neither")
    if dice is not None:
        dice = listed(dice, "the dice")
        if len(dice) != 2:
            raise InvalidNotation("two dice open the wall")
        dice = (integer(dice[0], "a die", 1, 6), integer(dice[1], "a die", 1, 6))
        break_stack = integer(break_stack, "the break", 0, max(0, (len(tiles) + 1) // 2 - 1))
    return Wall(tiles, dice=dice, break_stack=break_stack, front=front, back=back)


def _window(document: Any, players: int) -> ClaimWindow:
    document = fields(document, "the claim window", ("tile", "from", "robbing", "options", "answers"))
    options: dict[int, tuple[Claim, ...]] = {}
    for entry in listed(document["options"], "the claim options"):
        entry = listed(entry, "a seat's claim options")
        if len(entry) != 2:
            raise InvalidNotation("a seat's claim options are [seat, [claim, …]]")
        seat = integer(entry[0], "a claiming seat", 0, players - 1)
        if seat in options:
            raise InvalidNotation(f"seat {seat} has its claim options listed twice")
        claims = tuple(_claim(parse_action(text(line, "a claim"))) for line in listed(entry[1], "claim options"))
        if not claims or any(claim.seat != seat for claim in claims):
            raise InvalidNotation(f"seat {seat}'s claim options are claims of seat {seat}")
        options[seat] = claims
    answers: dict[int, Claim | Pass] = {}
    for line in listed(document["answers"], "the answers"):
        answer = parse_action(text(line, "an answer"))
        if not isinstance(answer, Claim | Pass) or answer.seat in answers:
            raise InvalidNotation(f"{short(line)} is not a seat's one answer to a claim window")
        if answer.seat not in options or not (isinstance(answer, Pass) or answer in options[answer.seat]):
            raise InvalidNotation(f"{short(line)} is not among the claims the window offers")
        answers[answer.seat] = answer
    return ClaimWindow(
        tile_from_code(document["tile"], "the claimed tile"),
        integer(document["from"], "the seat the tile came from", 0, players - 1),
        boolean(document["robbing"], "the robbing flag"),
        options,
        answers,
    )


def _check_position(hand: Round) -> None:
    """What a position must keep for the engine to work on it; ``InvalidNotation`` naming the first
    thing broken. A rig is a test's sketch, so it may depart from a real table where the engine does not
    care: copies are counted per hand and in the wall, not across the table, against the whole box (a
    rig may give two seats the same four tiles, or a 2m at a three-player table). Hand sizes are what
    play needs: 3n + 2 concealed tiles for the seat about to discard, 3n + 1 for every other (a hand of
    another size, once claimed into or drawn to, is no hand the rules can read). A replayed document
    keeps all of it."""
    rules = hand.ruleset
    phase = hand._phase
    box = [0] * len(Tile)
    for tile in full_set(jokers=True):
        box[tile] += 1
    _check_copies(hand._wall.remaining(), box, "the wall")
    bonus_kinds = rules.bonus_kinds
    for seat in rules.seats:
        own = [*tiles_of_counts(hand._hands[seat]), *hand._bonus[seat]]
        for meld in hand._melds[seat]:
            own += meld.tiles
            if meld.claimed_from == seat:
                raise InvalidNotation(f"seat {seat} holds a set claimed from itself")
        _check_copies(own, box, f"seat {seat}'s hand")
        _check_copies([item.tile for item in hand._discards[seat]], box, f"seat {seat}'s discards")
        if any(tile not in bonus_kinds for tile in hand._bonus[seat]):
            raise InvalidNotation(f"seat {seat}'s bonus tiles are not all flowers or seasons of these rules")
        held = sum(hand._hands[seat])
        on_turn = phase is Phase.DISCARD and seat == hand._turn
        if held > 14 or held % 3 != (2 if on_turn else 1):
            raise InvalidNotation(
                f"seat {seat} holds {held} concealed tiles: 3n + 2 on its turn to discard, else 3n + 1 (at most 14)"
            )
        drawn = hand._drawn[seat]
        if drawn is not None and (phase is not Phase.DISCARD or seat != hand._turn or not hand._hands[seat][drawn]):
            raise InvalidNotation(f"seat {seat} has a drawn tile it cannot have")
    window = hand._window
    if hand._last_discard is not None:
        seat, tile = hand._last_discard
        pile = hand._discards[seat]
        if not pile or pile[-1].tile != tile or pile[-1].claimed:
            raise InvalidNotation("the last discard is not the last tile of that seat's discards")
    if hand._call_pending and (phase is not Phase.DISCARD or not hand._calling[hand._turn]):
        raise InvalidNotation("a call is pending only for the seat on turn, once it has called")
    if (phase is Phase.OVER) != (hand._result is not None):
        raise InvalidNotation("a hand has a result exactly when it is over")
    if hand._result is not None and hand._result.winner is not None and hand._result.winner != hand._turn:
        raise InvalidNotation("the winner of a hand is the seat on turn")
    if (phase in (Phase.CLAIM, Phase.ROB)) != (window is not None):
        raise InvalidNotation("a claim window is open exactly in the claim and rob phases")
    if window is not None:
        _check_window(hand, window)


def _check_copies(tiles: Sequence[Tile], box: Sequence[int], where: str) -> None:
    copies = [0] * len(Tile)
    for tile in tiles:
        copies[tile] += 1
        if copies[tile] > box[tile]:
            raise InvalidNotation(f"{where} holds {copies[tile]} copies of {tile.code}: the box has {box[tile]}")


def _check_window(hand: Round, window: ClaimWindow) -> None:
    """A window offers exactly the claims the rules give on its tile, and still waits for someone."""
    if window.robbing != (hand._phase is Phase.ROB) or window.from_seat != hand._turn:
        raise InvalidNotation("the claim window does not match the phase and the turn")
    expected: dict[int, tuple[Claim, ...]]
    if window.robbing:
        if not any(meld.kind is SetKind.PUNG and meld.base == window.tile for meld in hand._melds[window.from_seat]):
            raise InvalidNotation("a kong is robbed only from a pung of its tile")
        expected = {
            seat: (Claim(seat, ClaimKind.MAHJONG),)
            for seat in hand._turn_order(window.from_seat)[1:]
            if hand._discard_win(seat, window.tile, robbing=True) is not None
        }
    else:
        if hand._last_discard != (window.from_seat, window.tile):
            raise InvalidNotation("a claim window is on the last discard")
        players = hand.ruleset.players
        expected = {}
        for seat in hand._turn_order(window.from_seat)[1:]:
            claims = hand._claims_on_discard(seat, window.tile, next_seat=seat == (window.from_seat + 1) % players)
            if claims:
                expected[seat] = claims
    if window.options != expected:
        raise InvalidNotation("the claim window does not offer the claims the rules give on its tile")
    window.options = expected  # the same claims, in the engine's order
    if not window.pending():
        raise InvalidNotation("every seat has answered: the claim window would be closed")


def result_from_json(document: Any, players: int = 4) -> HandResult:
    """A hand's result as ``result_to_json`` writes it, for a table of ``players``; strict types and
    a consistent story (a drawn hand has no winner, a self-drawn win no discarder …)."""
    document = fields(document, "a hand result", ("winner", "discarder", "self_drawn", "win", "wall_left", "actions"))
    winner, discarder, win = document["winner"], document["discarder"], document["win"]
    result = HandResult(
        winner=None if winner is None else integer(winner, "the winner", 0, players - 1),
        discarder=None if discarder is None else integer(discarder, "the discarder", 0, players - 1),
        self_drawn=boolean(document["self_drawn"], "a result's self_drawn flag"),
        win=None if win is None else win_from_json(win),
        wall_left=integer(document["wall_left"], "the tiles left in the wall", 0, 148),
        actions=integer(document["actions"], "the number of actions", 0),
    )
    if (result.winner is None) != (result.win is None):
        raise InvalidNotation("a result describes a win exactly when it has a winner")
    if result.winner is None and (result.discarder is not None or result.self_drawn):
        raise InvalidNotation("a drawn hand has no discarder and nobody drew the winning tile")
    if result.winner is not None and (
        result.discarder == result.winner or result.self_drawn != (result.discarder is None)
    ):
        raise InvalidNotation("a win is self-drawn, or dealt in by another seat")
    if result.win is not None and result.win.self_drawn != result.self_drawn:
        raise InvalidNotation("the result and its win disagree on a self-drawn win")
    return result


def _choice(choices: dict[str, Any], value: Any, what: str) -> Any:
    found = choices.get(value) if isinstance(value, str) else None
    if found is None:
        raise InvalidNotation(f"{what} is one of {', '.join(choices)}, not {short(value)}")
    return found


def _claim(action: Action) -> Claim:
    if not isinstance(action, Claim):
        raise InvalidNotation(f"{action.text()!r} is not a claim")
    return action


def _code_or_none(tile: Tile | None) -> str | None:
    return None if tile is None else tile.code
