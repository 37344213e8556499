"""Hong Kong fan: every row of reference/scoring.md §1, the combination rules of §1.6, the minimum and §2.1."""

import pytest
from scoring_helpers import keys, make_win

from game.phrases import phrase
from game.scoring import HongKongSettings, Spicy, UnscorableHand, base_points, judge_for, score_hongkong
from game.tiles import Tile
from words import LANGS
from words.phrases import show

NO_BONUS = HongKongSettings(bonus_tiles=False)  # isolates hand fan from the "no flowers" fan
PLAIN = "[234m] 555p 678p 789s 11s"  # a hand with no fan of its own


def fan_of(result):
    return {item.key: item.fan for item in result.patterns}


# (row, hand, options, expected {pattern: fan}) — the pattern must be found with that fan.
ROWS = [
    ("self-drawn", PLAIN, {"self_drawn": True}, {"self_drawn": 1}),
    ("concealed hand on a discard", "123m 234p 567p 789s 11s", {}, {"concealed_hand": 1}),
    (
        "concealed and self-drawn",
        "123m 234p 567p 789s 11s",
        {"self_drawn": True},
        {"concealed_hand": 1, "self_drawn": 1},
    ),
    ("last tile", PLAIN, {"last_tile": True}, {"last_tile": 1}),
    (
        "kong replacement: 1 plus self-drawn",
        "[5555m] 234p 567p 789s 11s",
        {"self_drawn": True, "kong_replacement": True},
        {"kong_replacement": 1, "self_drawn": 1},
    ),
    (
        "two kongs in a row: 8 plus self-drawn",
        "[1111m] [2222p] 345s 678s 11s",
        {"self_drawn": True, "double_kong_replacement": True},
        {"double_kong_replacement": 8, "self_drawn": 1},
    ),
    ("robbing a kong", PLAIN, {"robbing_kong": True}, {"robbing_kong": 1}),
    ("dragon pung, each", "[555z] [666z] 123m 456p 11s", {}, {"dragon_pung": 1}),
    ("seat wind pung", "[222z] 234p 567p 789s 11s", {"seat": "S"}, {"seat_wind_pung": 1}),
    (
        "prevailing wind pung",
        "[333z] 234p 567p 789s 11s",
        {"seat": "S", "round_wind": "W"},
        {"prevailing_wind_pung": 1},
    ),
    ("small three dragons: 5 in all", "[555z] [666z] 123m 456p 77z", {}, {"small_three_dragons": 5}),
    ("great three dragons: 8 in all", "[555z] [666z] [777z] 456p 11m", {}, {"great_three_dragons": 8}),
    ("all chows", "[234m] 234p 567p 789s 44z", {"seat": "S"}, {"all_chows": 1}),
    ("all pungs", "[222m] [444p] 666s 888s 33p", {}, {"all_pungs": 3}),
    ("mixed one suit", "[234m] 567m 789m 123m 77z", {}, {"mixed_one_suit": 3}),
    ("pure one suit", "[234m] 567m 789m 123m 11m", {}, {"pure_one_suit": 7}),
    ("mixed orphans, with all pungs", "[111m] [999p] 111s 222z 99m", {}, {"mixed_orphans": 1, "all_pungs": 3}),
    ("chicken hand", PLAIN[:-3] + "33z", {}, {"chicken_hand": 0}),
]


@pytest.mark.parametrize(("row", "text", "options", "expected"), ROWS, ids=[row[0] for row in ROWS])
def test_every_row_of_the_fan_table(row, text, options, expected):
    result = score_hongkong(make_win(text, **options), HongKongSettings(bonus_tiles=False, min_fan=0))
    found = fan_of(result)
    for key, fan in expected.items():
        assert found.get(key) == fan, (row, found)


def test_each_dragon_pung_scores_once():
    result = score_hongkong(make_win("[555z] [666z] 123m 456p 11s"), NO_BONUS)
    assert keys(result.patterns).count("dragon_pung") == 2 and result.fan == 2


LIMITS = [
    ("heavenly hand", "123m 456p 789s 123s 11z", {"self_drawn": True, "heavenly": True}, "heavenly_hand"),
    ("earthly hand", "123m 456p 789s 123s 11z", {"seat": "S", "earthly": True}, "earthly_hand"),
    ("thirteen orphans", "19m19p19s1234567z1m", {}, "thirteen_orphans"),
    ("nine gates", "1112345678999m5m", {}, "nine_gates"),
    ("all honours", "[111z] 222z 555z 666z 77z", {}, "all_honours"),
    ("all terminals", "[111m] 999m 111p 999s 11s", {}, "all_terminals"),
    ("four kongs", "[1111m] [2222p] [3333s] [4444z] 55p", {}, "four_kongs"),
    ("four concealed pungs, self-drawn", "111m 222p 333s 444z 55p", {"self_drawn": True}, "four_concealed_pungs"),
    ("four concealed pungs, discard completes the pair", "111m 222p 333s 444z 55p", {}, "four_concealed_pungs"),
    ("great four winds", "[111z] [222z] 333z 444z 11m", {}, "great_four_winds"),
    ("small four winds", "[111z] [222z] 333z 456p 44z", {}, "small_four_winds"),
    ("all eight flowers and seasons", PLAIN, {"bonus": "1f2f3f4f5f6f7f8f"}, "eight_bonus_tiles"),
]


@pytest.mark.parametrize(("row", "text", "options", "key"), LIMITS, ids=[row[0] for row in LIMITS])
def test_limit_hands_score_the_cap_alone(row, text, options, key):
    for cap in (13, 10):
        result = score_hongkong(make_win(text, **options), HongKongSettings(cap=cap))
        assert result.fan == cap and result.limit_hand and result.meets_minimum
        assert key in keys(result.patterns)
        assert all(item.limit for item in result.patterns)  # no wind, dragon or flower fan added


def test_four_pungs_with_one_completed_by_a_discard_are_not_four_concealed_pungs():
    result = score_hongkong(make_win("111m 222p 333s 444z 55p", win="1m"), NO_BONUS)
    assert not result.limit_hand and fan_of(result) == {"concealed_hand": 1, "all_pungs": 3}


def test_small_four_winds_option_6_stacks_with_wind_pungs():
    settings = HongKongSettings(small_four_winds_fan=6, bonus_tiles=False)
    result = score_hongkong(make_win("[111z] [222z] 333z 456p 44z", seat="E", round_wind="E"), settings)
    assert fan_of(result) == {
        "small_four_winds": 6,
        "seat_wind_pung": 1,
        "prevailing_wind_pung": 1,
        "mixed_one_suit": 3,
    }
    assert result.fan == 6 + 1 + 1 + 3


def test_seven_pairs_are_off_by_default_and_worth_4_when_on():
    text = "11m 33m 55p 77p 99s 22s 66z"
    with pytest.raises(UnscorableHand):
        score_hongkong(make_win(text))
    result = score_hongkong(make_win(text), HongKongSettings(seven_pairs=True, bonus_tiles=False))
    assert fan_of(result) == {"seven_pairs": 4, "concealed_hand": 1}


def test_thirteen_orphans_can_be_switched_off():
    with pytest.raises(UnscorableHand):
        score_hongkong(make_win("19m19p19s1234567z1m"), HongKongSettings(thirteen_orphans=False))


# --- combination rules (§1.6) ---------------------------------------------------------------------


def test_pure_one_suit_replaces_mixed_one_suit():
    assert "mixed_one_suit" not in keys(score_hongkong(make_win("[234m] 567m 789m 123m 11m")).patterns)


def test_dragon_hands_replace_the_separate_dragon_pungs():
    small = score_hongkong(make_win("[555z] [666z] 123m 456p 77z"), NO_BONUS)
    assert "dragon_pung" not in keys(small.patterns) and small.fan == 5
    great = score_hongkong(make_win("[555z] [666z] [777z] 456p 11m"), NO_BONUS)
    assert "dragon_pung" not in keys(great.patterns) and great.fan == 8


def test_a_complete_bonus_set_replaces_the_seat_tile_of_that_set():
    # All four seasons and East's own flower: 2 + 1 = 3 (hk-mahjong, verified in reference §1.3).
    result = score_hongkong(make_win(PLAIN, bonus="1f5f6f7f8f"))
    assert {item.key: item.fan for item in result.patterns if item.bonus} == {"all_seasons": 2, "seat_flower": 1}


def test_seat_flower_and_season_count_one_each_and_other_seats_nothing():
    result = score_hongkong(make_win(PLAIN, seat="W", bonus="3f7f1f6f"), HongKongSettings(min_fan=0))
    assert fan_of(result) == {"chicken_hand": 0, "seat_flower": 1, "seat_season": 1}
    assert result.hand_fan == 0


def test_no_flowers_is_a_bonus_fan():
    result = score_hongkong(make_win(PLAIN), HongKongSettings(min_fan=0))
    assert [(i.key, i.fan, i.bonus) for i in result.patterns if i.fan] == [("no_bonus_tiles", 1, True)]


def test_all_pungs_pure_one_suit_and_self_drawn_make_11():
    # reference §1.6 (hk-mahjong, verified); another seat's flower avoids the "no flowers" fan.
    result = score_hongkong(make_win("[111m] [333m] 555m 777m 99m", self_drawn=True, bonus="2f"))
    assert result.fan == 11 and fan_of(result) == {"self_drawn": 1, "all_pungs": 3, "pure_one_suit": 7}


def test_all_chows_refuses_a_scoring_pair():
    for pair, seat, round_wind in (("77z", "S", "E"), ("22z", "S", "E"), ("33z", "S", "W")):
        text = f"[234m] 234p 567p 789s {pair}"
        assert "all_chows" not in keys(score_hongkong(make_win(text, seat=seat, round_wind=round_wind)).patterns)


def test_the_total_is_capped():
    # Great dragons 8 + all pungs 3 + mixed one suit 3 + self-drawn 1 > 10.
    result = score_hongkong(make_win("[555z] [666z] [777z] 222m 99m", self_drawn=True), HongKongSettings(cap=10))
    assert result.fan == 10 and not result.limit_hand and result.base_points == 128


# --- minimum (bonus fan excluded) and the judge ----------------------------------------------------


def test_bonus_fan_do_not_count_towards_the_minimum():
    # Dragon pung 1 + self-drawn 1 + no flowers 1 = 3 fan, but only 2 count.
    win = make_win("[777z] 234p 567p 789s 11s", self_drawn=True)
    result = score_hongkong(win)
    assert result.fan == 3 and result.hand_fan == 2 and not result.meets_minimum
    verdict = judge_for("hongkong").judge(win)
    assert not verdict.legal and verdict.reason == phrase("below_minimum", needed=3, fan=2)
    assert show(verdict.reason, "en") == (
        "3 fan are needed to declare mahjong; this hand has 2 (flower and season fan do not count)"
    )
    assert show(verdict.reason, "fr") == (
        "il faut 3 fan pour annoncer mahjong ; cette main en a 2 (les fan des fleurs et saisons ne comptent pas)"
    )
    assert show(verdict.reason, "zh_TW") == "要 3 番才可以食糊；這手牌只有 2 番（花牌的番不計）"
    assert judge_for("hongkong", HongKongSettings(min_fan=1)).judge(win).legal


def test_the_judge_gives_the_reason_for_a_hand_that_is_not_complete():
    verdict = judge_for("hongkong").judge(make_win("123m 456m 789m 234p 56p", win="5p"))
    assert not verdict.legal and verdict.reason is not None
    assert verdict.reason.key == "unscorable.not_a_winning_hand_away" and verdict.reason.param("needed") == 4
    assert "not a winning hand" in show(verdict.reason, "en")
    assert "pas une main gagnante" in show(verdict.reason, "fr") and "不能食糊" in show(verdict.reason, "zh_TW")


def test_classic_judge_accepts_every_winning_hand():
    assert judge_for("classic").judge(make_win(PLAIN)).legal
    assert not judge_for("classic").judge(make_win("123m 456m 789m 234p 56p", win="5p")).legal


# --- base points (§2.1) ---------------------------------------------------------------------------

HALF_SPICY = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]


@pytest.mark.parametrize("fan", range(14))
def test_base_points_tables(fan):
    assert base_points(fan) == HALF_SPICY[fan]
    assert base_points(fan, Spicy.FULL) == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192][fan]


def test_full_spicy_setting_changes_base_points_only():
    win = make_win("[234m] 567m 789m 123m 11m")
    full_spicy = HongKongSettings(spicy=Spicy.FULL, bonus_tiles=False)
    half, full = score_hongkong(win, NO_BONUS), score_hongkong(win, full_spicy)
    assert half.fan == full.fan == 8  # pure one suit 7, all chows 1
    assert (half.base_points, full.base_points) == (64, 256)


def test_every_pattern_has_a_label_in_every_language():
    for _row, text, options, _expected in ROWS:
        for item in score_hongkong(make_win(text, **options), HongKongSettings(min_fan=0)).patterns:
            said = [show(item.label, lang) for lang in LANGS]
            assert all(said) and len(set(said)) == len(said), item.key


def test_hong_kong_players_read_their_own_names_of_the_patterns():
    names = {
        "pure_one_suit": "清一色",
        "mixed_one_suit": "混一色",
        "all_pungs": "對對糊",
        "all_chows": "平糊",
        "thirteen_orphans": "十三么",
        "great_three_dragons": "大三元",
        "small_three_dragons": "小三元",
        "great_four_winds": "大四喜",
        "small_four_winds": "小四喜",
        "all_honours": "字一色",
        "nine_gates": "九子連環",
        "four_concealed_pungs": "坎坎糊",
        "four_kongs": "十八羅漢",
        "heavenly_hand": "天糊",
        "earthly_hand": "地糊",
        "last_tile": "海底撈月",
        "kong_replacement": "槓上開花",
        "robbing_kong": "搶槓",
    }
    assert {key: show(phrase(key), "zh_TW") for key in names} == names
    pung = score_hongkong(make_win("[777z] 234p 567p 789s 11s", self_drawn=True)).patterns
    dragon = next(item for item in pung if item.key == "dragon_pung")
    assert dragon.label == phrase("dragon_pung", tile=Tile.RED)
    assert show(dragon.label, "en") == "Pung of Red Dragon" and show(dragon.label, "fr") == "Pung de Dragon rouge"
