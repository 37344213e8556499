"""Hand analysis against an independent implementation (PyPI ``mahjong`` 2.1.0) and a brute force.

``mahjong`` shares the standard hand shape: ``Agari.is_agari`` (which also accepts seven pairs and
thirteen orphans, so those shapes are judged by the brute force here instead) and
``Shanten.calculate_shanten_for_regular_hand``. The brute force knows nothing of tables: it tries
every set of discards and asks whether the tiles kept can be completed with unseen copies.
"""

import random
from functools import cache

import pytest

from game import is_winning_hand, shanten
from game.hand import is_complete, is_seven_pairs, is_thirteen_orphans, regular_shanten, useful_tiles, waits
from game.tiles import Tile, format_tiles, parse_tiles, tiles_of_counts

mahjong_agari = pytest.importorskip("mahjong.agari")
mahjong_shanten = pytest.importorskip("mahjong.shanten")

pytestmark = pytest.mark.optional

WALL = [kind for kind in range(34) for _ in range(4)]
TILES = list(Tile)
CHOW_STARTS = [kind for kind in range(27) if kind % 9 <= 6]


def counts_of(kinds):
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    return counts


def text(counts):
    return format_tiles(tiles_of_counts(counts))


# --- hand generators ------------------------------------------------------------------------------


def uniform_hand(rng, size):
    return counts_of(rng.sample(WALL, size))


def complete_hand(rng):
    """Four random sets and a pair, never more than four copies of a kind."""
    counts = [0] * 34
    sets = 0
    while sets < 4:
        if rng.random() < 0.5:
            start = rng.choice(CHOW_STARTS)
            kinds = [start, start + 1, start + 2]
        else:
            kinds = [rng.randrange(34)] * 3
        if all(counts[k] + kinds.count(k) <= 4 for k in kinds):
            for k in kinds:
                counts[k] += 1
            sets += 1
    pair = rng.choice([k for k in range(34) if counts[k] <= 2])
    counts[pair] += 2
    return counts


def near_complete_hand(rng, swaps, size):
    """A complete hand with ``swaps`` tiles exchanged for unseen ones, then cut to ``size`` tiles."""
    counts = complete_hand(rng)
    for _ in range(swaps):
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    for _ in range(swaps):
        counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1
    for _ in range(14 - size):
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    return counts


def crowded_hand(rng, size):
    """Tiles drawn from a few kinds, so that four copies of a kind are common."""
    if rng.random() < 0.5:
        start = rng.choice([k for k in range(27) if k % 9 <= 4])
        kinds = set(range(start, start + rng.randint(3, 5))) | set(rng.sample(range(34), rng.randint(0, 2)))
    else:
        kinds = set(rng.sample(range(34), rng.randint(4, 7)))
    wall = [k for k in kinds for _ in range(4)]
    return counts_of(rng.sample(wall, min(size, len(wall))))


def population(seed, uniform, biased, crowded):
    rng = random.Random(seed)
    hands = [uniform_hand(rng, 13 + i % 2) for i in range(uniform)]
    hands += [near_complete_hand(rng, i % 3, 13 + i % 2) for i in range(biased)]
    hands += [h for i in range(crowded) if sum(h := crowded_hand(rng, 13 + i % 2)) in (13, 14)]
    return hands


# --- brute force ----------------------------------------------------------------------------------


@cache
def brute_complete(counts):
    """Sets and one pair, by trying every block on the lowest tile left (no tables, no memo of parts)."""
    return _completable(list(counts), [0] * 34, sets=sum(counts) // 3, pair=1, draws=0)


def _blocks_on(kind):
    yield [kind, kind]
    yield [kind, kind, kind]
    if kind < 27:
        for start in (kind - 2, kind - 1, kind):
            if start // 9 == kind // 9 and start >= 0 and start % 9 <= 6:
                yield [start, start + 1, start + 2]


def _completable(rest, caps, sets, pair, draws):
    """Whether ``rest`` plus exactly ``draws`` drawn tiles (at most ``caps[k]`` of kind k) is sets and a pair."""
    kind = next((k for k in range(34) if rest[k]), None)
    if kind is None:
        # Whatever is left is drawn whole; the hand leaves far more than five kinds free for it.
        return draws == 3 * sets + 2 * pair
    for block in _blocks_on(kind):
        is_pair = len(block) == 2
        if (is_pair and not pair) or (not is_pair and not sets):
            continue
        taken, drawn = [], []
        for k in block:
            if rest[k]:
                rest[k] -= 1
                taken.append(k)
            else:
                caps[k] -= 1
                drawn.append(k)
        if (
            all(caps[k] >= 0 for k in drawn)
            and len(drawn) <= draws
            and _completable(rest, caps, sets - (not is_pair), pair - is_pair, draws - len(drawn))
        ):
            found = True
        else:
            found = False
        for k in taken:
            rest[k] += 1
        for k in drawn:
            caps[k] += 1
        if found:
            return True
    return False


def _sub_multisets(counts, size, start=0):
    if size == 0:
        yield []
        return
    for kind in range(start, 34):
        if counts[kind]:
            counts[kind] -= 1
            for rest in _sub_multisets(counts, size - 1, kind):
                yield [kind, *rest]
            counts[kind] += 1


def brute_shanten(counts, most):
    """Regular shanten by exhaustive exchanges, or None if it is above ``most``.

    A hand of 3n + 1 tiles is at shanten d when discarding some d tiles and drawing d + 1 unseen
    ones can complete it; a hand of 3n + 2 tiles when d + 1 discards and d + 1 draws can.
    """
    total = sum(counts)
    extra = 1 if total % 3 == 1 else 0
    caps = [4 - c for c in counts]  # only copies the hand does not hold can be drawn
    for discards in range(most + 2 - extra):
        for discarded in _sub_multisets(list(counts), discards):
            rest = list(counts)
            for kind in discarded:
                rest[kind] -= 1
            if _completable(rest, list(caps), total // 3, 1, discards + extra):
                return discards - 1 + extra
    return None


# --- the cross-checks -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hands():
    """100 000 uniformly random hands, then hands near a win and hands crowded with copies (13 or 14 tiles)."""
    return population(seed=2024, uniform=100_000, biased=10_000, crowded=6_000)


def tiles_of(counts):
    return [TILES[k] for k in range(34) for _ in range(counts[k])]


def test_shanten_agrees_with_the_package(hands):
    package = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand
    values = [regular_shanten(h) for h in hands]
    theirs = [package(h) for h in hands]
    assert [(text(h), ours, other) for h, ours, other in zip(hands, values, theirs, strict=True) if ours != other] == []
    assert {-1, 0, 1, 2, 3, 4, 5} <= set(values)  # the biased hands reach the values near a win
    # The public function on tiles is the same measure.
    assert all(shanten(tiles_of(h)) == value for h, value in zip(hands[::25], values[::25], strict=True))


def test_win_detection_agrees_with_the_package(hands):
    agari = mahjong_agari.Agari()
    wins = special = 0
    for h in hands:
        if sum(h) != 14:
            continue
        ours = is_complete(h)
        wins += ours
        if is_seven_pairs(h) or is_thirteen_orphans(h):
            # The package accepts these shapes as wins; only the standard shape is ours to judge.
            special += 1
            assert ours == brute_complete(tuple(h)), text(h)
        else:
            assert ours == agari.is_agari(h), text(h)
    assert wins > 1000 and special > 0
    fourteen = [h for h in hands[::25] if sum(h) == 14]
    assert all(is_winning_hand(tiles_of(h)) == is_complete(h) for h in fourteen)


# Hands holding all four copies of a tile that a pair or a partial set would need. The formula of
# sets and partial sets this module used before counted these as one step closer than they are.
FOUR_COPY_HANDS = [
    ("111222m888s4444z", 1),
    ("666m7777p7777s", 1),
    ("4455668888p", 1),
    ("555m777p1111777s", 1),
    ("3333m1111p777z", 1),
    ("444p11112222z", 1),
    ("333m3333p9999s444z", 1),
    ("1111m234p567s789s", 1),
    ("5555z123m456p789s", 1),
    ("5555z123m456p78s9s", 1),
    ("11112222333344m", -1),
]


@pytest.mark.parametrize(("hand", "expected"), FOUR_COPY_HANDS)
def test_four_copies_are_counted(hand, expected):
    counts = counts_of(parse_tiles(hand))
    assert brute_shanten(counts, expected + 1) == expected
    assert regular_shanten(counts) == expected
    assert mahjong_shanten.Shanten.calculate_shanten_for_regular_hand(counts) == expected


def test_shanten_is_the_exhaustive_number_of_exchanges():
    rng = random.Random(11)
    checked = 0
    while checked < 150:
        size = rng.choice((4, 5, 7, 8, 10, 11, 13, 14))
        counts = crowded_hand(rng, size) if rng.random() < 0.7 else near_complete_hand(rng, 2, 14)
        if sum(counts) % 3 == 0:
            continue
        ours = regular_shanten(counts)
        if ours > 1:
            continue
        assert brute_shanten(counts, ours + 1) == ours, text(counts)
        checked += 1


def test_waits_and_useful_tiles_match_their_definitions():
    hands = [h for h in population(seed=5, uniform=300, biased=300, crowded=300) if sum(h) == 13]
    package = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand
    for h in hands:
        before = package(h)
        grown = {kind: [*h[:kind], h[kind] + 1, *h[kind + 1 :]] for kind in range(34) if h[kind] < 4}
        assert waits(h) == [TILES[k] for k, g in grown.items() if brute_complete(tuple(g))], text(h)
        assert useful_tiles(h) == [TILES[k] for k, g in grown.items() if package(g) < before], text(h)
