"""Untrusted documents and actions: the engine refuses with its own errors or accepts only the truth.

Valid documents (rounds of every variant at several stages, matches, solitaire games) are mutated one
change at a time: a field flipped, a number moved, a tile swapped, a key dropped or added, a value of
another type. ``from_document`` must raise ``InvalidNotation`` or return a state that writes back
exactly the mutated document and equals a replay of its own record; nothing else may escape. Actions
built with wrong types (a seat that is a string or a bool, a tile that is an int) must raise an
engine error and change nothing. Hypothesis example counts are modest: the file runs in seconds.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from fractions import Fraction
from typing import Any

import pytest
from engine_helpers import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import (
    AddedKong,
    Call,
    Claim,
    ClaimKind,
    CloseWindow,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    action_from_json,
    check_action,
    parse_action,
)
from game.errors import GameError, InvalidNotation
from game.match import Match
from game.players import make_player
from game.players.autoplay import play_round
from game.round import Phase, Round
from game.round_document import rigged_round, round_resumed
from game.rules import Ruleset, ruleset
from game.scoring.table import settle_hand
from game.solitaire.deal import deal_for_seed
from game.solitaire.game import Game
from game.strict import canonical
from game.tiles import Tile, format_tiles, parse_tiles

VARIANTS = {
    "classic": ruleset("classic"),
    "hongkong": ruleset("hongkong", seven_pairs=True),
    "family": ruleset("family"),
    "jokers+calling": ruleset("classic", jokers=True, calling_rule=True),
    "three players": ruleset("classic", players=3),
    "two players": ruleset("hongkong", players=2),
}


def _round_documents() -> list[dict[str, Any]]:
    """Each variant just dealt, a few turns in, inside a claim window, and over."""
    documents = []
    for index, rules in enumerate(VARIANTS.values()):
        documents.append(Round.deal(rules, index).to_document())
        documents.append(random_game(rules, index, steps=9).to_document())
        hand = Round.deal(rules, 100 + index)
        rng = random.Random(index)
        while hand.result is None and hand.phase not in (Phase.CLAIM, Phase.ROB):
            hand.apply(rng.choice(hand.legal_actions(hand.awaiting()[0])))
        documents.append(hand.to_document())
        documents.append(random_game(rules, 200 + index).to_document())
    return [json.loads(json.dumps(document)) for document in documents]


ROUND_DOCUMENTS = _round_documents()

# --- mutations -----------------------------------------------------------------------------------

OTHER_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    2**40,
    1.0,
    0.5,
    "0",
    "1",
    "false",
    "true",
    "",
    "5p",
    "1z",
    [],
    {},
    [0],
    {"a": 1},
]
NOTATION_CHARACTERS = "0123456789mpszfj ²５"


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    paths = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            paths += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            paths += _paths(inner, (*prefix, index))
    return paths


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


class Drawn:
    """Choices drawn by hypothesis (``data``) or, for the seeded sweep, by ``random.Random``."""

    def __init__(self, data: st.DataObject | None = None, rng: random.Random | None = None) -> None:
        self.data, self.rng = data, rng

    def choice(self, options: list[Any]) -> Any:
        return self.data.draw(st.sampled_from(options)) if self.data is not None else self.rng.choice(options)

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high)) if self.data is not None else self.rng.randint(low, high)


def mutate(document: Any, drawn: Drawn) -> Any:
    """One change somewhere in a deep copy of ``document``."""
    document = copy.deepcopy(document)
    path = drawn.choice(_paths(document)[1:])
    parent, key = _at(document, path[:-1]), path[-1]
    old = parent[key]
    kind = drawn.choice(["retype", "bump", "text", "drop", "add"])
    if kind == "bump" and type(old) is bool:
        parent[key] = not old
    elif kind == "bump" and type(old) is int:
        parent[key] = old + drawn.choice([-1, 1, 2, 5, -100, 10**6])
    elif kind == "bump" and isinstance(old, float):
        parent[key] = old + drawn.choice([-1.0, 0.5, 1e9])
    elif kind == "text" and isinstance(old, str):
        chars = list(old)
        position = drawn.integer(0, len(chars))
        replacement = drawn.choice(list(NOTATION_CHARACTERS))
        if position < len(chars) and drawn.choice([True, False]):
            chars[position] = replacement
        else:
            chars.insert(position, replacement)
        parent[key] = "".join(chars)
    elif kind == "drop":
        del parent[key]
    elif kind == "add" and isinstance(parent, dict):
        parent[drawn.choice(["extra", "Version", "seat"])] = drawn.choice(OTHER_VALUES)
    elif kind == "add" and isinstance(parent, list):
        parent.insert(drawn.integer(0, len(parent)), copy.deepcopy(drawn.choice(parent)))
    else:
        parent[key] = drawn.choice([value for value in OTHER_VALUES if canonical(value) != canonical(old)])
    return document


# --- rounds ---------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_round_document_is_refused_or_is_its_own_replay(data):
    original = data.draw(st.sampled_from(ROUND_DOCUMENTS))
    mutated = mutate(original, Drawn(data))
    try:
        hand = Round.from_document(mutated)
    except InvalidNotation:
        return
    assert canonical(hand.to_document()) == canonical(mutated)
    assert canonical(Round.from_record(hand.record()).to_document()) == canonical(mutated)


def test_one_change_to_a_round_document_is_always_refused_unless_it_changes_nothing():
    """Stronger, over many seeded mutations: no single change turns a valid document into another
    valid one (its state and its record would both have to change), except a rule option that has not
    mattered yet in the hand, which the replay cannot tell; ``rules=`` (the table's rule set, known to
    the caller) refuses those too."""
    rng = random.Random(5)
    refused = 0
    for _ in range(1500):
        original = rng.choice(ROUND_DOCUMENTS)
        mutated = mutate(original, Drawn(rng=rng))
        try:
            hand = Round.from_document(mutated)
        except InvalidNotation:
            refused += 1
            continue
        if canonical(mutated) != canonical(original):
            assert canonical({**mutated, "ruleset": original["ruleset"]}) == canonical(original)
            assert canonical(hand.to_document()) == canonical(mutated)  # the replay under the changed rules
            with pytest.raises(InvalidNotation, match="rule set"):
                Round.from_document(mutated, rules=Ruleset.from_document(original["ruleset"]))
    assert refused > 1300


@pytest.mark.parametrize(
    "document",
    [
        "tile eight times",
        "false read as true",
        "taken past the wall",
        "turn of 7",
        "history the seed cannot produce",
    ],
)
def test_the_probes_corruptions_are_refused(document):
    """The outside probe's examples, each now refused with a typed error."""
    broken = copy.deepcopy(ROUND_DOCUMENTS[1])
    if document == "tile eight times":
        seat = broken["seats"][1]
        seat["concealed"] = "1111m" + seat["concealed"][:-5] if len(seat["concealed"]) > 5 else "1111m"
    elif document == "false read as true":
        broken["interrupted"] = "false"
    elif document == "taken past the wall":
        broken["wall"]["taken"] = [200, 0]
    elif document == "turn of 7":
        broken["turn"] = 7
    else:
        broken["actions"] = list(reversed(broken["actions"]))
    with pytest.raises(InvalidNotation):
        Round.from_document(broken)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_mutated_document_rigs_a_position_or_is_refused_and_the_position_plays(data):
    """The unreplayed builder for hand-set positions is total too, and what it accepts can be played."""
    mutated = mutate(data.draw(st.sampled_from(ROUND_DOCUMENTS)), Drawn(data))
    try:
        hand = rigged_round(mutated)
    except InvalidNotation:
        return
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(30):
        if hand.result is not None:
            break
        seats = hand.awaiting()
        choices = [action for seat in seats for action in hand.legal_actions(seat)]
        if not choices:
            break
        hand.apply(rng.choice(choices))
        hand.view(None)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(document=JSON)
def test_any_json_is_refused_with_invalid_notation(document):
    for read in (Round.from_document, rigged_round, Match.from_document, Game.from_document):
        with pytest.raises(InvalidNotation):
            read(document)


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_a_document_nested_too_deep_is_refused(depth):
    deep: Any = 1
    for _ in range(depth):
        deep = [deep]
    document = {**ROUND_DOCUMENTS[0], "result": deep}
    for read in (Round.from_document, rigged_round):
        with pytest.raises(InvalidNotation):
            read(document)
    with pytest.raises(InvalidNotation):
        Match.from_document({"ruleset": {"name": "classic"}, "seed": 1, "first_dealer": 0, "hands": deep})


# --- actions --------------------------------------------------------------------------------------

SEATS = st.one_of(st.integers(-3, 6), st.booleans(), st.sampled_from(["0", "1", "", None, 1.0, 0.5, 10**30, [0]]))
TILES = st.one_of(st.sampled_from(list(Tile)), st.integers(-2, 45), st.sampled_from(["5p", "", None, 1.5, "1z"]))
KINDS = st.one_of(st.sampled_from(list(ClaimKind)), st.sampled_from(["pung", "chow", None, 0]))


@st.composite
def hostile_actions(draw):
    seat, tile, kind, base = draw(SEATS), draw(TILES), draw(KINDS), draw(st.one_of(st.none(), TILES))
    makers = [
        lambda: Discard(seat, tile),
        lambda: DeclareWin(seat),
        lambda: ConcealedKong(seat, tile),
        lambda: AddedKong(seat, tile),
        lambda: Claim(seat, kind, base),
        lambda: Pass(seat),
        lambda: Call(seat),
        lambda: CloseWindow(),
        lambda: "0 d 5p",
        lambda: None,
        lambda: 3,
        lambda: (seat, tile),
    ]
    try:
        return draw(st.sampled_from(makers))()
    except InvalidNotation:  # Claim's own check (a chow without its tile)
        return Pass(seat)


def _strict_types(action: Any) -> bool:
    try:
        check_action(action)
    except InvalidNotation:
        return False
    return True


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_hostile_actions_raise_engine_errors_and_change_nothing(data):
    hand = Round.from_document(data.draw(st.sampled_from(ROUND_DOCUMENTS)))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    seats = [None, *hand.ruleset.seats]
    for _ in range(12):
        action = data.draw(hostile_actions())
        before = canonical(hand.to_document())
        legal = {seat: hand.legal_actions(seat) for seat in seats}
        try:
            hand.apply(action)
        except GameError:
            assert canonical(hand.to_document()) == before
        else:
            assert _strict_types(action) and action in legal[action.seat]
        seat = data.draw(SEATS)
        for query in (hand.legal_actions, hand.view, hand.win_refusal, hand.concealed):
            with contextlib.suppress(GameError):
                query(seat)
        if hand.result is None and rng.random() < 0.5:
            waiting = hand.awaiting()[0]
            hand.apply(rng.choice(hand.legal_actions(waiting)))


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=12) | st.sampled_from(["² d 5p", "١ p", "0 d ５p", "０ win", "0 d 5p", "1 c chow 3m"]))
def test_action_text_takes_ascii_digits_and_real_tiles_only(text):
    try:
        action = parse_action(text)
    except InvalidNotation:
        return
    assert action.text().split() == text.split() or str(int(text.split()[0])) == action.text().split()[0]
    assert all(char.isascii() for word in text.split() for char in word if char.isdigit())


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=12) | st.sampled_from(["²m", "①p", "١m", "５p", "123m５p"]))
def test_tile_notation_takes_ascii_digits_only(text):
    try:
        tiles = parse_tiles(text)
    except InvalidNotation as error:
        assert str(error)  # and it says what is wrong
        return
    assert all(char in "0123456789mpszfj" or char.isspace() for char in text)
    assert len(tiles) == sum(char in "0123456789" for char in text)


@settings(max_examples=200, deadline=None)
@given(value=st.text(max_size=4) | st.integers() | st.none() | st.lists(st.text(max_size=2), max_size=2))
def test_a_tile_code_is_a_real_tile_or_refused(value):
    try:
        tile = Tile.from_code(value)
    except InvalidNotation:
        return
    assert isinstance(value, str) and tile.code == value.strip()


@settings(max_examples=200, deadline=None)
@given(
    document=JSON
    | st.fixed_dictionaries(
        {"type": st.sampled_from(["discard", "claim", "pass", "win", "close", "call", "added_kong"])},
        optional={
            "seat": JSON | st.integers(-2, 5),
            "tile": JSON | st.sampled_from(["5p", "0j"]),
            "kind": st.sampled_from(["pung", "chow", "x"]),
            "chow_base": st.sampled_from(["3m", "8m", 3]),
        },
    )
)
def test_action_json_is_an_action_or_refused(document):
    try:
        action = action_from_json(document)
    except InvalidNotation:
        return
    assert _strict_types(action)


# --- matches and solitaire games -----------------------------------------------------------------


def _match_documents() -> list[tuple[Any, dict[str, Any]]]:
    documents = []
    for name in ("classic", "hongkong"):
        rules = ruleset(name, length="one_wind")

        def settle(result, rules=rules):
            return settle_hand(rules, result).payments

        match = Match(rules, 4, settle=settle)
        players = [make_player("basic") for _ in rules.seats]
        rng = random.Random(4)
        for _ in range(4):
            hand = match.next_round()
            play_round(hand, players, rng)
            match.finish_hand(hand)
        documents.append((settle, json.loads(json.dumps(match.to_document()))))
    return documents


MATCH_DOCUMENTS = _match_documents()


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_mutated_match_document_is_refused_or_rebuilds_to_itself(data):
    settle, original = data.draw(st.sampled_from(MATCH_DOCUMENTS))
    mutated = mutate(original, Drawn(data))
    try:
        match = Match.from_document(mutated, settle=settle)
    except InvalidNotation:
        return
    assert canonical(match.to_document()) == canonical(mutated)
    assert all(isinstance(total, Fraction) for total in match.totals)


def _game_documents() -> list[dict[str, Any]]:
    documents = []
    for seed in (3, 8):
        deal = deal_for_seed(seed)
        game = Game.start(deal, 1_000)
        at = 1_000.0
        for first, second in deal.solution[:5]:
            at += 1.5
            game = game.select(first, at).select(second, at + 0.5)
        game = game.undo(at + 1).pause(at + 2).resume(at + 30).finish(at + 31)
        documents.append(json.loads(json.dumps(game.to_document())))
    return documents


GAME_DOCUMENTS = _game_documents()


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_mutated_solitaire_document_is_refused_or_replays_to_itself(data):
    mutated = mutate(data.draw(st.sampled_from(GAME_DOCUMENTS)), Drawn(data))
    try:
        game = Game.from_document(mutated)
    except InvalidNotation:
        return
    assert canonical(game.to_document()) == canonical(mutated)
    assert Game.from_document(game.to_document()) == game


# --- resuming a round --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_round_resumed_from_any_of_its_prefixes_is_the_replay_of_the_document(name):
    rules = VARIANTS[name]
    played = random_game(rules, 31)
    for cut in (0, 1, len(played.actions) // 2, len(played.actions) - 1, len(played.actions)):
        document = json.loads(json.dumps(random_game_prefix(rules, 31, played, len(played.actions)).to_document()))
        prefix = random_game_prefix(rules, 31, played, cut)
        resumed = round_resumed(prefix, document, rules=rules)
        assert resumed.to_document() == Round.from_document(document).to_document() == document
        # a document this process's engine wrote: the same state, reached without writing it again
        prefix = random_game_prefix(rules, 31, played, cut)
        assert round_resumed(prefix, document, rules=rules, written_here=True).to_document() == document


def random_game_prefix(rules, seed, played, actions):
    return Round.replay(rules, seed, played.actions[:actions], dealer=played.dealer, round_wind=played.round_wind)


def test_a_document_that_does_not_continue_the_round_is_refused():
    rules = ruleset("classic")
    one, other = random_game(rules, 5, steps=20), random_game(rules, 6, steps=20)
    shorter = Round.replay(rules, 5, one.actions[:10], dealer=one.dealer, round_wind=one.round_wind)
    cases = [
        (random_game(rules, 5, steps=20), other.to_document()),  # another deal
        (Round.replay(rules, 5, one.actions[:15], dealer=one.dealer, round_wind=one.round_wind), shorter.to_document()),
    ]
    diverged = Round.deal(rules, 5)
    seat = diverged.awaiting()[0]
    diverged.apply(next(a for a in diverged.legal_actions(seat) if a != one.actions[0]))
    cases.append((diverged, one.to_document()))  # other actions
    tampered = copy.deepcopy(one.to_document())
    tampered["seats"][0]["concealed"] = tampered["seats"][1]["concealed"]
    cases.append((Round.replay(rules, 5, one.actions[:10], dealer=one.dealer, round_wind=one.round_wind), tampered))
    for written_here in (False, True):
        for prefix, document in cases[:3]:  # a record that does not continue the round's: refused either way
            with pytest.raises(InvalidNotation):
                round_resumed(copy.deepcopy(prefix), document, rules=rules, written_here=written_here)
    for prefix, document in cases:
        with pytest.raises(InvalidNotation):
            round_resumed(prefix, document, rules=rules)
    with pytest.raises(InvalidNotation):
        round_resumed(Round.deal(rules, 5), one.to_document(), rules=ruleset("hongkong"))


def test_a_rig_whose_hand_sizes_play_cannot_read_is_refused():
    """Fourteen tiles for a seat that is not about to discard would become fifteen at its next claim."""
    document = copy.deepcopy(ROUND_DOCUMENTS[0])
    dealt = rigged_round(document)  # as dealt, every size is right
    seat = next(seat for seat in range(4) if not (dealt.phase.name == "DISCARD" and dealt.turn == seat))
    entry = document["seats"][seat]
    entry["concealed"] = format_tiles(sorted([*parse_tiles(entry["concealed"]), Tile.EAST]))
    with pytest.raises(InvalidNotation, match=f"seat {seat} holds 14 concealed tiles"):
        rigged_round(document)
