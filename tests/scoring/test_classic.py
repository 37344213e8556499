"""Classic points and doubles against the boxed set's table (seed 000) and its FAQ."""

import pytest
from scoring_helpers import keys, make_win

from game.errors import InvalidNotation
from game.phrases import phrase
from game.scoring import ClassicSettings, UnscorableHand, score_classic
from game.tiles import Tile
from words import LANGS
from words.phrases import show

# Seed 000, "Le barème complet des points": (exposed, concealed) points per set.
SEED_TABLE = {
    ("pung", "simple"): (2, 4),
    ("pung", "major"): (4, 8),
    ("kong", "simple"): (8, 16),
    ("kong", "major"): (16, 32),
}
MAHJONG = 20
# A set of each category whose tile gives no double: 5 characters, 9 characters, a wind that is
# neither the seat's (West) nor the prevailing one (East).
TILES = {"simple": ("5m",), "major": ("9m", "2z")}
# The rest of the hand: no points, no double (two suits, a plain pair).
REST = "234p 567p 789s 11s"


def seed_rows():
    for (kind, category), (exposed, concealed) in SEED_TABLE.items():
        for tile in TILES[category]:
            yield kind, tile, exposed, concealed


def set_text(kind, tile):
    return tile[0] * (4 if kind == "kong" else 3) + tile[1]


@pytest.mark.parametrize(("kind", "tile", "exposed_points", "concealed_points"), list(seed_rows()))
def test_every_row_of_the_seed_table(kind, tile, exposed_points, concealed_points):
    tiles = set_text(kind, tile)
    exposed = score_classic(make_win(f"[{tiles}] {REST}", seat="W"))
    assert (exposed.points, exposed.doubles, exposed.score) == (MAHJONG + exposed_points, 0, MAHJONG + exposed_points)
    # An exposed chow keeps the hand from being fully concealed, so the set's points stand alone.
    hidden = f"({tiles})" if kind == "kong" else tiles
    concealed = score_classic(make_win(f"[234p] {hidden} 567p 789s 11s", seat="W"))
    assert concealed.score == MAHJONG + concealed_points


@pytest.mark.parametrize("tile", ["5m", "9m", "2z", "7z"])
@pytest.mark.parametrize("exposed", [True, False])
def test_a_kong_is_worth_four_times_a_pung(tile, exposed):
    def set_points(kind):
        tiles = set_text(kind, tile)
        text = f"[{tiles}] {REST}" if exposed else f"[234p] {f'({tiles})' if kind == 'kong' else tiles} 567p 789s 11s"
        return score_classic(make_win(text, seat="W")).points - MAHJONG

    assert set_points("kong") == 4 * set_points("pung") > 0


def test_each_flower_or_season_is_worth_4():
    base = score_classic(make_win(f"[234m] {REST}", seat="S"))
    with_bonus = score_classic(make_win(f"[234m] {REST}", seat="S", bonus="1f2f5f8f"))
    assert with_bonus.points - base.points == 4 * 4
    assert keys(with_bonus.items).count("flower") == 2 and keys(with_bonus.items).count("season") == 2


def test_a_chow_hand_scores_only_the_20_for_mahjong():
    result = score_classic(make_win("[234m] 234p 567p 789s 11s"))
    assert (result.points, result.doubles, result.score) == (20, 0, 20)
    assert all(item.points == 0 for item in result.items if item.key.endswith("chow"))


@pytest.mark.parametrize(
    ("pair", "seat", "round_wind", "points"),
    [
        ("55z", "W", "E", 2),  # dragons
        ("22z", "S", "E", 2),  # own wind
        ("33z", "S", "W", 2),  # prevailing wind
        ("11z", "E", "E", 4),  # own and prevailing: both count
        ("44z", "S", "E", 0),  # another wind
        ("55s", "S", "E", 0),  # a suit
    ],
)
def test_pairs(pair, seat, round_wind, points):
    result = score_classic(make_win(f"[234m] 234p 567p 789s {pair}", seat=seat, round_wind=round_wind))
    assert result.points == MAHJONG + points and result.doubles == 0


@pytest.mark.parametrize(
    ("pung", "seat", "round_wind", "doubles"),
    [
        ("777z", "W", "E", 1),  # dragon
        ("222z", "S", "E", 1),  # own wind
        ("333z", "S", "W", 1),  # prevailing wind
        ("111z", "E", "E", 2),  # own wind that is also the prevailing one: two doubles
        ("444z", "S", "E", 0),
    ],
)
def test_doubles_of_honour_sets(pung, seat, round_wind, doubles):
    for text in (f"[{pung}] {REST}", f"[{pung[0]}{pung}] {REST}"):  # pung, and kong
        result = score_classic(make_win(text, seat=seat, round_wind=round_wind))
        assert result.doubles == doubles
        assert result.score == result.points * 2**doubles


def test_fully_concealed_hand_doubles_even_on_a_discard_and_with_a_concealed_kong():
    assert score_classic(make_win("123m 234p 567p 789s 11s")).score == 20 * 2
    assert score_classic(make_win("(5555m) 234p 567p 789s 11s", self_drawn=True)).score == (20 + 16) * 2
    # A claimed set before the win removes the double.
    assert score_classic(make_win("[123m] 234p 567p 789s 11s")).doubles == 0


def test_one_suit_doubles_but_not_with_honours():
    one_suit = score_classic(make_win("[234m] 567m 789m 123m 11m"))
    assert "one_suit" in keys(one_suit.items) and one_suit.score == 20 * 2
    with_honours = score_classic(make_win("[234m] 567m 789m 123m 77z"))
    assert "one_suit" not in keys(with_honours.items) and with_honours.score == 22


def test_a_pung_completed_by_the_winning_discard_counts_exposed():
    on_discard = score_classic(make_win("555m 234p 567p 789s 11s", win="5m"))
    assert "exposed_pung" in keys(on_discard.items)
    assert on_discard.score == (20 + 2) * 2  # still fully concealed: no set was claimed before the win
    self_drawn = score_classic(make_win("555m 234p 567p 789s 11s", win="5m", self_drawn=True))
    assert self_drawn.score == (20 + 4) * 2


def test_the_winning_tile_goes_where_it_scores_best():
    # 5m completes the chow 345m or the pung 555m: in the chow, the pung stays concealed (4 > 2).
    result = score_classic(make_win("345m 555m 123p 789p 99s", win="5m"))
    assert result.score == (20 + 4) * 2 and "concealed_pung" in keys(result.items)


def test_the_best_arrangement_is_taken():
    # 111222333m reads as three pungs or three chows.
    result = score_classic(make_win("111222333m 456p 99s", self_drawn=True))
    assert result.points == 20 + 8 + 4 + 4 and result.score == 36 * 2


def test_babcock_figure_17_hand():
    # reference/scoring.md §3.5: West wins in an East round on the 5s pair from a discard; 64 points
    # (Babcock Fig. 17, Kajongg BMJA), whose only extra there, 2 for self-drawing, is not in the box's table.
    result = score_classic(make_win("[111p] [333z] 777m 123m 55s", win="5s", seat="W", round_wind="E"))
    assert (result.points, result.doubles, result.score) == (32, 1, 64)


def test_limit_caps_the_score():
    text = "[777z] [111z] 999m 123p 55z"
    uncapped = score_classic(make_win(text, seat="E", round_wind="E"))
    assert uncapped.score == (20 + 4 + 4 + 8 + 2) * 2**3
    assert score_classic(make_win(text, seat="E", round_wind="E"), ClassicSettings(limit=300)).score == 300


def test_jokers_stand_for_set_tiles_never_the_pair():
    settings = ClassicSettings(jokers=True)
    pung = score_classic(make_win("123m 456m 789m 11p0j 99s", win="9s", self_drawn=True), settings)
    assert pung.score == (20 + 8) * 2
    chow = score_classic(make_win("1m0j3m 456m 789m 111p 99s", win="9s", self_drawn=True), settings)
    assert chow.points == 20 + 8
    declared = score_classic(make_win("[77z0j] 123m 456p 789s 11s"), settings)
    assert declared.doubles == 1
    with pytest.raises(UnscorableHand):
        score_classic(make_win("123m 456m 789m 111p 9s0j", win="9s", self_drawn=True), settings)
    with pytest.raises(UnscorableHand) as caught:
        score_classic(make_win("123m 456m 789m 11p0j 99s", win="9s", self_drawn=True))
    assert caught.value.reason == phrase("unscorable.jokers_not_in_play", jokers=1)
    assert "jokers are not in play" in show(caught.value.reason, "en")


@pytest.mark.parametrize(
    ("rule", "text", "kwargs", "doubles"),
    [
        ("no_chows", "[555m] [777p] 999s 222s 11p", {}, 1),
        ("terminals_and_honours", "[111m] [999p] 111s 222z 99m", {}, 1),
        ("mixed_one_suit", "[234m] 567m 789m 123m 77z", {}, 1),
        ("three_concealed_pungs", "[234m] 555m 777p 999s 11p", {}, 1),
        ("little_three_dragons", "[555z] [666z] 123m 456p 77z", {}, 1),
        ("big_three_dragons", "[555z] [666z] 777z 456p 11m", {}, 2),
        ("little_four_winds", "[111z] [222z] 333z 456p 44z", {}, 1),
        ("big_four_winds", "[111z] [222z] 333z 444z 11m", {}, 2),
        ("own_flower_and_season", "[234m] 234p 567p 789s 11s", {"bonus": "2f6f"}, 1),
        ("four_flowers_or_seasons", "[234m] 234p 567p 789s 11s", {"bonus": "1f2f3f4f5f6f7f8f"}, 2),
        ("last_tile", "[234m] 234p 567p 789s 11s", {"last_tile": True}, 1),
        ("replacement_tile", "(5555m) 234p 567p 789s 11s", {"self_drawn": True, "kong_replacement": True}, 1),
        ("robbing_kong", "[234m] 234p 567p 789s 11s", {"robbing_kong": True}, 1),
    ],
)
def test_house_doubles_apply_only_when_chosen(rule, text, kwargs, doubles):
    win = make_win(text, seat="S", round_wind="S" if "four_winds" in rule else "E", **kwargs)
    plain = score_classic(win)
    housed = score_classic(win, ClassicSettings(house_rules=frozenset({rule})))
    assert housed.doubles - plain.doubles == doubles
    assert f"house_{rule}" in keys(housed.items) and f"house_{rule}" not in keys(plain.items)


@pytest.mark.parametrize(
    ("rule", "text", "kwargs"),
    [
        ("thirteen_orphans", "19m19p19s1234567z1m", {}),
        ("nine_gates", "1112345678999m5m", {}),
        ("all_honours", "[111z] 222z 555z 666z 77z", {}),
        ("all_terminals", "[111m] 999m 111p 999s 11s", {}),
        ("four_kongs", "[1111m] (2222p) [3333s] [4444z] 55p", {}),
        ("four_concealed_pungs", "111m 222p 333s 444z 55p", {"self_drawn": True}),
        ("all_green", "[234s] 666s 888s 666z 22s", {}),
        ("heavenly_earthly", "123m 456p 789s 123s 11z", {"self_drawn": True, "heavenly": True}),
        ("kong_upon_kong", "[1111m] (2222p) 345s 678s 11z", {"self_drawn": True, "double_kong_replacement": True}),
    ],
)
def test_limit_hands_score_the_limit(rule, text, kwargs):
    win = make_win(text, **kwargs)
    result = score_classic(win, ClassicSettings(limit=1000, house_rules=frozenset({rule})))
    assert result.limit_hand and result.score == 1000 and keys(result.items)[0] == f"house_{rule}"


def test_thirteen_orphans_is_a_hand_only_as_a_chosen_limit_hand():
    with pytest.raises(UnscorableHand) as caught:
        score_classic(make_win("19m19p19s1234567z1m"))
    assert "not a winning hand" in show(caught.value.reason, "en")


@pytest.mark.parametrize(
    "settings",
    [
        {"house_rules": frozenset({"no_such_rule"})},
        {"house_rules": frozenset({"all_honours"})},  # a limit hand needs a limit
        {"limit": 0},
    ],
)
def test_bad_settings_are_refused(settings):
    with pytest.raises(InvalidNotation):
        ClassicSettings(**settings)


def test_every_line_has_a_label_in_every_language():
    win = make_win("[777z] [1111z] 999m 123p 22z", seat="E", round_wind="S", bonus="1f5f")
    everything = ClassicSettings(limit=10_000, house_rules=frozenset({"little_three_dragons", "no_chows"}))
    items = score_classic(win, everything).items
    for item in items:
        assert all(show(item.label, lang) for lang in LANGS), item.key
    pung = next(item for item in items if item.key == "exposed_pung")
    assert pung.label == phrase("exposed_pung", tile=Tile.RED)
    assert [show(pung.label, lang) for lang in ("en", "fr", "zh_TW")] == [
        "Exposed pung of Red Dragon",
        "Pung exposé de Dragon rouge",
        "明碰 紅中",
    ]
    assert show(next(item for item in items if item.key == "mahjong").label, "zh_TW") == "食糊"
