"""Property tests: scoring never fails on a winning hand, and the order of the tiles never matters."""

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.hand import SetKind
from game.melds import Meld
from game.scoring import (
    ClassicSettings,
    HongKongSettings,
    base_points,
    judge_for,
    score_classic,
    score_hongkong,
)
from game.tiles import BONUS_TILES, WINDS, Tile
from game.win import WinContext

CHOW_BASES = [Tile(i) for i in range(27) if i % 9 <= 6]
PLAYING = [Tile(i) for i in range(34)]
HK_ALL = HongKongSettings(min_fan=0, seven_pairs=True)


@st.composite
def sets(draw):
    kind = draw(st.sampled_from(SetKind))
    tile = draw(st.sampled_from(CHOW_BASES if kind is SetKind.CHOW else PLAYING))
    return kind, tile


def set_tiles(kind, tile):
    if kind is SetKind.CHOW:
        return [tile, Tile(tile + 1), Tile(tile + 2)]
    return [tile] * (4 if kind is SetKind.KONG else 3)


@st.composite
def wins(draw):
    """A random complete hand with random declared sets, winning tile, seats, bonus tiles and flags."""
    shape = draw(st.lists(sets(), min_size=4, max_size=4))
    pair = draw(st.sampled_from(PLAYING))
    counts = Counter([pair, pair] + [t for kind, tile in shape for t in set_tiles(kind, tile)])
    assume(max(counts.values()) <= 4)
    concealed, melds = [pair, pair], []
    for kind, tile in shape:
        if kind is SetKind.KONG:
            melds.append(Meld(kind, tile, exposed=draw(st.booleans())))
        elif draw(st.booleans()):
            melds.append(Meld(kind, tile, exposed=True))
        else:
            concealed += set_tiles(kind, tile)
    self_drawn = draw(st.booleans())
    kongs = sum(1 for meld in melds if meld.kind is SetKind.KONG)
    replacement = self_drawn and kongs >= 1 and draw(st.booleans())
    return WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=draw(st.sampled_from(concealed)),
        self_drawn=self_drawn,
        seat=draw(st.integers(0, 3)),
        round_wind=draw(st.sampled_from(WINDS)),
        bonus=tuple(draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=8))),
        last_tile=draw(st.booleans()),
        kong_replacement=replacement,
        double_kong_replacement=replacement and kongs >= 2 and draw(st.booleans()),
        robbing_kong=not self_drawn and draw(st.booleans()),
    )


def reordered(win, rng):
    concealed, melds, bonus = list(win.concealed), list(win.melds), list(win.bonus)
    for items in (concealed, melds, bonus):
        rng.shuffle(items)
    return WinContext(
        tuple(concealed),
        tuple(melds),
        win.winning_tile,
        win.self_drawn,
        win.seat,
        win.round_wind,
        tuple(bonus),
        win.last_tile,
        win.kong_replacement,
        win.double_kong_replacement,
        win.robbing_kong,
    )


@settings(max_examples=300, deadline=None)
@given(win=wins())
def test_every_winning_hand_scores(win):
    classic = score_classic(win)
    assert classic.score == classic.points * 2**classic.doubles >= 20
    assert judge_for("classic").judge(win).legal
    hongkong = score_hongkong(win)
    assert 0 <= hongkong.fan <= 13 and hongkong.base_points == base_points(hongkong.fan)
    assert judge_for("hongkong").judge(win).legal == hongkong.meets_minimum
    assert hongkong.meets_minimum == (hongkong.limit_hand or hongkong.hand_fan >= 3)


@settings(max_examples=150, deadline=None)
@given(win=wins(), rng=st.randoms(use_true_random=False))
def test_the_order_of_the_tiles_never_changes_the_result(win, rng):
    other = reordered(win, rng)
    assert score_classic(other) == score_classic(win)
    assert score_hongkong(other, HK_ALL) == score_hongkong(win, HK_ALL)


@settings(max_examples=150, deadline=None)
@given(win=wins(), data=st.data())
def test_a_joker_in_a_concealed_set_never_lowers_the_score(win, data):
    # The joker can stand for the tile it replaced, so the best reading can only get better.
    pair_tiles = [t for t, n in Counter(win.concealed).items() if n >= 2]
    candidates = [i for i, t in enumerate(win.concealed) if t != win.winning_tile and t not in pair_tiles]
    assume(candidates)
    position = data.draw(st.sampled_from(candidates))
    concealed = list(win.concealed)
    concealed[position] = Tile.JOKER
    with_joker = WinContext(
        tuple(concealed),
        win.melds,
        win.winning_tile,
        win.self_drawn,
        win.seat,
        win.round_wind,
        win.bonus,
        win.last_tile,
        win.kong_replacement,
        win.double_kong_replacement,
        win.robbing_kong,
    )
    jokers = ClassicSettings(jokers=True)
    assert score_classic(with_joker, jokers).score >= score_classic(win, jokers).score


@settings(max_examples=100, deadline=None)
@given(pairs=st.lists(st.sampled_from(PLAYING), min_size=7, max_size=7, unique=True), seat=st.integers(0, 3))
def test_seven_pairs_score_when_allowed(pairs, seat):
    concealed = tuple(t for t in pairs for _ in range(2))
    win = WinContext(concealed, (), pairs[0], False, seat, Tile.EAST)
    result = score_hongkong(win, HK_ALL)
    assert result.limit_hand or "seven_pairs" in [item.key for item in result.patterns]
