"""The information commands: /mahjong rules, help and score, their texts in every catalog language.

The numbers on the pages are checked against the engine computed here, never against literals, so a
change of the scoring shows up as a failing page rather than a page that silently disagrees.
"""

from __future__ import annotations

import asyncio
import pathlib
import re
from types import SimpleNamespace

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.commands import info as info_commands
from bot.commands.group import mahjong
from bot.info import (
    CARD_LIMIT,
    EXAMPLE_BONUS,
    EXAMPLE_HAND,
    MESSAGE_LIMIT,
    TIP_COUNT,
    help_cards,
    rules_cards,
    score_reply,
    strategy_tips,
)
from game.hand import SetKind
from game.melds import Meld
from game.rules import RULE_NAMES, ruleset
from game.scoring import HongKongSettings, base_points, score_classic, score_hongkong
from game.scoring.classic import BONUS_TILE_POINTS, MAHJONG_POINTS, PAIR_POINTS, set_points
from game.scoring.reading import ReadSet
from game.scoring.table import settings_for
from game.tiles import WINDS, Tile, parse_tiles
from game.win import WinContext
from tests.words.catalogs import texts
from words import LANGS
from words import text as word
from words.phrases import show

# What some pages must say in each language (a new language adds its words here).
NO_SCORE = {"en": "no score", "fr": "sans comptage de points", "zh_TW": "不計分"}
FLOWERS = {"en": "flowers", "fr": "fleurs", "zh_TW": "花牌"}
CAP = {"en": "({cap} fan)", "fr": "({cap} fan)", "zh_TW": "（{cap} 番）"}
CANNOT = {
    "en": "**Cannot score this hand**",
    "fr": "**Impossible de compter cette main**",
    "zh_TW": "**無法計算這副牌**",
}
REFUSED = {"en": "Mahjong not allowed", "fr": "Mahjong refusé", "zh_TW": "不可以食糊"}
# Latin words in a row outside `code`: a sentence left in English (one or two words may be a name).
ENGLISH_SENTENCE = re.compile(r"[A-Za-z']+(?:[ ,]+[A-Za-z']+){3,}")
CODE = re.compile(r"`[^`]*`")
# The first seed page's six tips, copied from the product's source page (shared/seeds/000_*.txt).
SEED_000_TIPS = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "seed_000_tips.txt"


def rules_pages(name, lang):
    """Each card's text, its blocks one after the other."""
    return ["\n\n".join(card) for card in rules_cards(name, lang)]


def help_pages(lang):
    return ["\n\n".join(card) for card in help_cards(lang)]


def all_cards(lang):
    return [card for name in RULE_NAMES for card in rules_cards(name, lang)] + help_cards(lang)


def lines_of(pages):
    return [line for page in pages for line in page.split("\n")]


def item_line(name, value, lang):
    """A bullet of a page as the help catalog writes it in ``lang`` (its colon and spacing)."""
    return word("help", "item", lang, name=name, value=value)


def hongkong_table_settings() -> HongKongSettings:
    chosen = settings_for(ruleset("hongkong"))
    assert isinstance(chosen, HongKongSettings)
    return chosen


# --- pages ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_fits_one_discord_message(lang):
    for card in all_cards(lang):
        assert card and all(card) and sum(map(len, card)) <= CARD_LIMIT
    assert len(help_cards(lang)) <= 2  # a card holds twice what a message of text did


@pytest.mark.parametrize("lang", LANGS[1:])
def test_each_language_has_its_own_pages(lang):
    for name in RULE_NAMES:
        assert rules_pages(name, "en") != rules_pages(name, lang)
    assert help_pages("en") != help_pages(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_classic_points_are_the_engines(lang):
    lines = lines_of(rules_pages("classic", lang))
    for kind, tile, row in [
        (SetKind.PUNG, Tile.M5, "pung_simple"),
        (SetKind.PUNG, Tile.M9, "pung_terminal"),
        (SetKind.KONG, Tile.P5, "kong_simple"),
        (SetKind.KONG, Tile.EAST, "kong_terminal"),
    ]:
        exposed = set_points(ReadSet(kind, tile, concealed=False, declared=True))
        concealed = set_points(ReadSet(kind, tile, concealed=True, declared=False))
        assert item_line(word("help", f"classic.points.{row}", lang), f"{exposed} / {concealed}", lang) in lines, tile
    chow = set_points(ReadSet(SetKind.CHOW, Tile.M2, concealed=False, declared=True))
    for row, points in [
        ("chow", chow),
        ("mahjong", MAHJONG_POINTS),
        ("bonus", BONUS_TILE_POINTS),
        ("pair", PAIR_POINTS),
    ]:
        assert item_line(word("help", f"classic.points.{row}", lang), points, lang) in lines, row
    # The colon is the language's: the English, French and Chinese bullets as a reader sees them.
    pung = set_points(ReadSet(SetKind.PUNG, Tile.M5, concealed=False, declared=True))
    shown = {
        "en": f"• Pung of 2 to 8: {pung} /",
        "fr": f"• Pung de 2 à 8 : {pung} /",
        "zh_TW": f"• 碰（2 至 8）：{pung} /",
    }
    assert any(line.startswith(shown[lang]) for line in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_classic_doubles_and_example_are_the_engines(lang):
    text = "\n".join(rules_pages("classic", lang))
    # Each double of the engine doubles the score: a hand with one dragon pung scores twice its points.
    example = score_classic(
        WinContext(
            concealed=tuple(parse_tiles("234m456p99s")),
            melds=(Meld(SetKind.PUNG, Tile.RED), Meld(SetKind.KONG, Tile.S2, exposed=False)),
            winning_tile=Tile.S9,
            self_drawn=False,
            seat=0,
            round_wind=WINDS[1],
            bonus=tuple(parse_tiles(EXAMPLE_BONUS)),
        )
    )
    assert f"{example.points} × 2^{example.doubles} = **{example.score}**" in text
    assert EXAMPLE_HAND in text
    dragon = next(item.doubles for item in example.items if item.key == "dragon_set")
    doubles = [line for line in text.split("\n") if line.startswith("• ") and line.endswith(f"×{2**dragon}")]
    assert len(doubles) == 5  # dragons, own wind, prevailing wind, concealed hand, one suit


@pytest.mark.parametrize("lang", LANGS)
def test_hongkong_fan_minimum_cap_and_payments_are_the_engines(lang):
    table = hongkong_table_settings()
    text = "\n".join(rules_pages("hongkong", lang))
    samples = {
        "pure_one_suit": ("123456789m111m55m", ()),
        "all_pungs": ("555s777s99m", (Meld(SetKind.PUNG, Tile.M1), Meld(SetKind.PUNG, Tile.P3))),
        "great_three_dragons": (
            "123m55p",
            (Meld(SetKind.PUNG, Tile.WHITE), Meld(SetKind.PUNG, Tile.GREEN), Meld(SetKind.PUNG, Tile.RED)),
        ),
    }
    for key, (concealed, melds) in samples.items():
        tiles = tuple(parse_tiles(concealed))
        scored = score_hongkong(WinContext(tiles, melds, tiles[-1], False, 0, WINDS[0]), table)
        item = next(item for item in scored.patterns if item.key == key)
        assert item_line(show(item.label, lang), item.fan, lang) in text, key
    assert f"**{table.min_fan}" in text and f"**{table.cap}**" in text
    for fan in range(table.min_fan, table.cap + 1):
        assert f"{fan} → {base_points(fan, table.spicy)}" in text
    assert CAP[lang].format(cap=table.cap) in text


@pytest.mark.parametrize("lang", LANGS)
def test_family_rules_say_no_score_and_no_bonus_tiles(lang):
    text = "\n".join(rules_pages("family", lang)).lower()
    assert NO_SCORE[lang] in text and FLOWERS[lang] in text


@pytest.mark.parametrize("lang", LANGS)
def test_help_names_every_new_option_as_discord_shows_it(lang):
    text = "\n".join(help_pages(lang))
    new = mahjong.get_command("new")
    assert new is not None
    for param in new.parameters:
        shown = word("commands", param.display_name, lang)
        assert f"`{shown}`" in text, f"the help does not explain /mahjong new's {shown}: see bot/info.py _help_tables"
    group = word("commands", "mahjong", lang)  # /麻雀 in Chinese
    for command in ("new", "rules", "score"):
        shown = word("commands", command, lang)
        assert f"/{group} {shown}" in text
    assert "mahjong-bot verify-wall" in text and "SHA-256" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_six_tips_are_in_the_help(lang):
    text = "\n".join(help_pages(lang))
    tips = strategy_tips(lang)
    assert len(tips) == TIP_COUNT == 6 and len(set(tips)) == 6
    for number, (title, body) in enumerate(tips, start=1):
        assert f"**{number}. {title}**\n{body}" in text


def test_the_french_tips_are_seed_000s_own_words():
    section = SEED_000_TIPS.read_text(encoding="utf-8")
    found = re.findall(r"^(\d)\. (.+)\n(.+)$", section, flags=re.MULTILINE)
    assert len(found) == 6
    text = "\n".join(help_pages("fr"))
    for number, title, body in found:
        assert f"**{number}. {title.strip()}**\n{body.strip()}" in text


def test_the_chinese_help_and_tips_are_written_in_hong_kong_chinese():
    help_text = "\n".join(help_pages("zh_TW"))
    tips = "\n".join(f"{title}\n{body}" for title, body in strategy_tips("zh_TW"))
    for text in (help_text, tips):
        prose = CODE.sub("", text)
        assert len(re.findall(r"[\u4e00-\u9fff]", prose)) > len(re.findall(r"[A-Za-z]", prose))
        assert ENGLISH_SENTENCE.search(prose) is None, ENGLISH_SENTENCE.search(prose)
        assert "，" in prose and "：" in prose and "。" in prose
    for term in ("食糊", "叫糊", "出銃", "碰", "槓", "門前清", "門風", "圈風"):
        assert term in help_text, term
    hongkong = "\n".join(rules_pages("hongkong", "zh_TW"))
    for term in ("番", "食糊", "自摸", "出銃", "莊家", "圈風", "流局", "十三么", "七對", "滿糊", "底分"):
        assert term in hongkong, term


def test_every_chinese_help_text_is_chinese_with_full_width_punctuation():
    english = texts("help")
    for key, (form,) in texts("help", "zh_TW").items():
        prose = CODE.sub("", re.sub(r"\{[^}]*\}", "", form))
        assert ENGLISH_SENTENCE.search(prose) is None, key
        assert re.search(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", english[key][0])) is None or re.search(
            r"[\u4e00-\u9fff]", prose
        ), key
        assert re.search(r"[\u4e00-\u9fff）][,;:.!?]", prose) is None, key


# --- the calculator ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_score_reply_gives_the_classic_score(lang):
    win = WinContext(
        concealed=tuple(parse_tiles("234m456p99s")),
        melds=(Meld(SetKind.PUNG, Tile.RED), Meld(SetKind.KONG, Tile.S2, exposed=False)),
        winning_tile=Tile.S9,
        self_drawn=False,
        seat=0,
        round_wind=WINDS[1],
        bonus=tuple(parse_tiles("1f6f")),
    )
    expected = score_classic(win, settings_for(ruleset("classic")))
    reply = score_reply("234m [777z] (2222s) 456p 99s", "9s", "classic", "E", "S", False, "1f6f", lang)
    assert reply.splitlines()[-1].endswith(f"{expected.points} × 2^{expected.doubles} = {expected.score}**")
    for item in expected.items:
        assert show(item.label, lang) in reply


@pytest.mark.parametrize("lang", LANGS)
def test_score_reply_gives_the_hongkong_fan(lang):
    tiles = tuple(parse_tiles("123m456m789m234p55p"))
    table = hongkong_table_settings()
    expected = score_hongkong(WinContext(tiles, (), Tile.P5, True, 0, WINDS[1]), table)
    reply = score_reply("123m 456m 789m 234p 55p", "5p", "hongkong", "E", "S", True, "", lang)
    assert re.search(rf"\b{expected.fan} ?\w+ → \D*{expected.base_points}\b", reply)  # 4 番 → 底分 16
    assert expected.meets_minimum and all(show(item.label, lang) in reply for item in expected.patterns)


@pytest.mark.parametrize("lang", LANGS)
def test_score_reply_says_why_a_hongkong_hand_is_refused(lang):
    reply = score_reply("[777z] 123m 456p 789s 55s", None, "hongkong", "E", "E", False, "", lang)
    table = hongkong_table_settings()
    assert re.search(rf"\b{table.min_fan} ?(fan|番)", reply)
    assert REFUSED[lang] in reply


def test_score_reply_reads_the_options():
    east = score_reply("[111z] 123m 456p 789s 55s", "5s", "classic", "E", "E", False, "", "en")
    north = score_reply("[111z] 123m 456p 789s 55s", "5s", "classic", "N", "S", False, "", "en")
    assert "Set of own wind" in east and "Set of the prevailing wind" in east
    assert "Set of own wind" not in north and "Set of the prevailing wind" not in north
    with_bonus = score_reply("[111z] 123m 456p 789s 55s", "5s", "classic", "N", "S", False, "4f", "en")
    assert "+4" in with_bonus.split("Flower", 1)[1].splitlines()[0]


BAD_HANDS = [
    "",
    " ",
    "11111m",
    "²m",
    "１２３m",
    "123m456m789m123p45p",
    "x" * 10_000,
    "1m" * 5_000,
    "[" * 5_000,
    "123m [456m (789m) 11p",
    "[1f2f3f] 123m",
    "(123m) 456m 789m 11p 22p",
    "[0j0j0j] 123m 456m 789m 11p",
    "123m 456m 789m 123p 11p 1f",
    "8z",
    "0m",
    "1j",
    "m",
    "12",
    "\x00",
    "<@123> @everyone",
    "**`|",
]


@pytest.mark.parametrize("hand", BAD_HANDS, ids=lambda hand: repr(hand[:12]))
def test_bad_hands_get_a_message_in_the_readers_language(hand):
    for rules in ("classic", "hongkong"):
        for lang in LANGS:
            reply = score_reply(hand, None, rules, "E", "E", False, "", lang)
            assert reply.startswith(CANNOT[lang]) and len(reply) <= MESSAGE_LIMIT, lang


@pytest.mark.parametrize(
    ("options", "english", "french"),
    [
        ({"win": "9s9s"}, "winning tile is one tile", "tuile gagnante est une seule tuile"),
        ({"win": "1p"}, "not among the concealed tiles", "n'est pas dans la main cachée"),
        ({"seat": "Q"}, "seat wind must be a wind", "vent du gagnant doit être un vent"),
        ({"round_wind": "7z"}, "prevailing wind must be a wind", "vent dominant doit être un vent"),
        ({"bonus": "1m"}, "not a flower or a season", "ni une fleur ni une saison"),
        ({"bonus": "x" * 10_000}, "unexpected 'x'", "caractère inattendu 'x'"),
    ],
)
def test_bad_options_are_named(options, english, french):
    arguments = {"win": None, "seat": "E", "round_wind": "E", "bonus": ""} | options
    for lang, expected in (("en", english), ("fr", french)):
        reply = score_reply(
            "123m 456m 789m 234p 55p",
            arguments["win"],
            "classic",
            arguments["seat"],
            arguments["round_wind"],
            False,
            arguments["bonus"],
            lang,
        )
        assert expected.lower() in reply.lower() and len(reply) <= MESSAGE_LIMIT


def test_a_non_winning_hand_is_named_as_such():
    assert "not a winning hand" in score_reply("123m456m789m123p45p", None, "classic", "E", "E", False, "", "en")
    assert "n'est pas une main gagnante" in score_reply(
        "123m456m789m123p45p", None, "hongkong", "E", "E", False, "", "fr"
    )


def test_the_family_game_has_nothing_to_score():
    assert "family" in score_reply("123m 456m 789m 234p 55p", None, "family", "E", "E", False, "", "en").lower()


@settings(max_examples=300, deadline=None)
@given(
    hand=st.text(alphabet=st.sampled_from(list("0123456789mpszfj[]() ²\n")) | st.characters(), max_size=80),
    win=st.none() | st.text(max_size=5),
    seat=st.text(max_size=3),
    bonus=st.text(alphabet=st.sampled_from(list("12345678fjm ")), max_size=12),
    self_drawn=st.booleans(),
    rules=st.sampled_from(("classic", "hongkong")),
    lang=st.sampled_from(LANGS),
)
def test_any_input_gets_a_message_never_an_exception(hand, win, seat, bonus, self_drawn, rules, lang):
    reply = score_reply(hand, win, rules, seat, "S", self_drawn, bonus, lang)
    assert 0 < len(reply) <= MESSAGE_LIMIT


class FakeInteraction:
    """What the three commands use of an interaction: the locale and the two ways to answer."""

    def __init__(self, locale):
        self.locale = locale
        self.sent = []
        self.response = SimpleNamespace(send_message=self._record)
        self.followup = SimpleNamespace(send=self._record)

    async def _record(self, content=None, **options):
        """What was sent: the text of each of the card's text displays, blocks apart."""
        assert content is None and options["view"].has_components_v2()
        blocks = [item.content for item in options["view"].walk_children() if isinstance(item, discord.ui.TextDisplay)]
        self.sent.append((tuple(blocks), options))


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        (discord.Locale.french, "fr"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.taiwan_chinese, "zh_TW"),
        (discord.Locale.chinese, "zh_TW"),  # zh-CN reads the Traditional Chinese catalog
    ],
)
def test_the_commands_answer_privately_page_by_page_in_the_members_language(locale, lang):
    cases = [
        (info_commands.show_rules, {"rules": "hongkong"}, rules_cards("hongkong", lang)),
        (info_commands.show_help, {}, help_cards(lang)),
        (
            info_commands.score,
            {
                "hand": EXAMPLE_HAND,
                "win": "9s",
                "rules": "classic",
                "seat": "E",
                "round_wind": "S",
                "self_drawn": False,
                "bonus": EXAMPLE_BONUS,
            },
            [(score_reply(EXAMPLE_HAND, "9s", "classic", "E", "S", False, EXAMPLE_BONUS, lang),)],
        ),
    ]
    for command, options, expected in cases:
        interaction = FakeInteraction(locale)
        asyncio.run(command.callback(interaction, **options))
        assert [content for content, _ in interaction.sent] == expected
        assert all(sent["ephemeral"] is True for _, sent in interaction.sent)


def test_a_forged_rules_value_gets_a_message():
    interaction = FakeInteraction(discord.Locale.british_english)
    asyncio.run(info_commands.show_rules.callback(interaction, rules="mahjong"))
    asyncio.run(info_commands.score.callback(interaction, hand="123m", rules="nope"))
    assert [len(blocks) for blocks, _ in interaction.sent] == [1, 1]
    assert all("unknown rule set" in blocks[0] for blocks, _ in interaction.sent)
