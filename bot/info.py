"""The words of ``/mahjong rules``, ``/mahjong help`` and ``/mahjong score``, in every catalog language.

Pure functions (no Discord here), so every page can be tested and the numbers in it are the
engine's own, never typed twice: the classic table comes from ``game.scoring.classic`` (its constants
and ``set_points``), the Hong Kong fan from scoring one sample hand per pattern with
``score_hongkong`` under the settings a bot table plays by, the base points and payments from
``base_points`` and ``hongkong_payments``, the deadlines from the tables' own timing. The texts are
the ``help`` catalog's (keys such as ``rules.goal`` or ``tip.3.title``, the numbers as placeholders,
each language's punctuation in its own texts); the command and option names the help quotes are the
``commands`` catalog's, as Discord shows them in that language. The rules and the help come as
cards: a card is a few blocks (each a text display of its own, shown with a line between them)
within a Components V2 message's 4 000 characters; they read on a phone: short paragraphs and
bullets, no tables. A score's reply is one block within 2 000 characters.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from core.tables.state import Timing
from core.tables.transitions import MISSED_TURNS_BEFORE_AWAY
from game.errors import GameError
from game.hand import SetKind
from game.rules import RuleName, ruleset
from game.scoring import (
    ClassicScore,
    ClassicSettings,
    FanItem,
    HongKongScore,
    HongKongSettings,
    PaymentConvention,
    base_points,
    hongkong_payments,
    score_classic,
    score_hongkong,
)
from game.scoring.classic import BONUS_TILE_POINTS, MAHJONG_POINTS, PAIR_POINTS, set_points
from game.scoring.errors import UnscorableHand
from game.scoring.minimum import below_minimum
from game.scoring.notation import NotationError, read_hand
from game.scoring.reading import ReadSet
from game.scoring.table import settings_for
from game.tiles import Tile, format_tiles
from game.win import WinContext
from render.result import breakdown_lines, total_lines
from words import Lang, text
from words.messages import duration, name_of, say
from words.phrases import show
from words.tiles import tile_name

MESSAGE_LIMIT = 2000
CARD_LIMIT = 4000  # the text a Components V2 message may hold, over all its text displays
Card = tuple[str, ...]  # the blocks of one message
EXAMPLE_HAND = "234m [777z] (2222s) 456p 99s"
EXAMPLE_BONUS = "1f6f"


def _say(key: str, lang: Lang, **params: Any) -> str:
    """The ``help`` catalog's text ``key`` in ``lang``, its placeholders filled from ``params``."""
    return text("help", key, lang, **params)


def _item(name: str, value: object, lang: Lang) -> str:
    """A bullet ``• name: value``, with the colon ``lang`` writes (`` :`` in French, ``：`` in Chinese)."""
    return _say("item", lang, name=name, value=value)


def _cards(blocks: Sequence[str]) -> list[Card]:
    """The blocks in as few cards as hold them, in order, a block never split across two."""
    cards: list[Card] = []
    for block in blocks:
        if cards and sum(map(len, cards[-1])) + len(block) <= CARD_LIMIT:
            cards[-1] += (block,)
        else:
            cards.append((block,))
    return cards


def _table_settings(rules: RuleName) -> ClassicSettings | HongKongSettings | None:
    """What a bot table of these rules scores with (None for the family game, which has no score)."""
    return settings_for(ruleset(rules))


def _hongkong_settings() -> HongKongSettings:
    settings = _table_settings("hongkong")
    assert isinstance(settings, HongKongSettings)
    return settings


# --- the rules --------------------------------------------------------------------------------------


# How a hand is played at classic and Hong Kong tables alike, in order (the texts rules.<part>).
_PLAY_PARTS = ("setting_up", "turn", "claims", "kongs", "end_of_hand", "dealer")


def rules_cards(rules_name: RuleName, lang: Lang) -> list[Card]:
    """The rules of ``classic``, ``hongkong`` or ``family`` (SPEC §2, seeds 000 and 002), as cards."""
    title = f"**{name_of('rules', rules_name, lang)}**"
    if rules_name == "family":
        return _cards(
            [
                f"{title} — {_say('rules.family.intro', lang)}",
                _say("rules.family.play", lang),
                _say("rules.beginners", lang),
            ]
        )
    if rules_name == "classic":
        intro = _say("rules.classic.intro", lang)
        scoring = [_classic_points(lang), _classic_doubles(lang), _classic_example(lang)]
        options = _say("rules.classic.options", lang)
    else:
        intro = _say("rules.hongkong.intro", lang)
        scoring = [_hongkong_fan(lang), _hongkong_limits(lang), _hongkong_payments(lang)]
        options = _hongkong_options(lang)
    play = [
        f"{title} — {intro}\n{_say('rules.goal', lang)}",
        *(_say(f"rules.{part}", lang) for part in _PLAY_PARTS),
        options,
    ]
    return _cards(play + scoring)


def _hongkong_options(lang: Lang) -> str:
    settings = _hongkong_settings()
    orphans = "orphans_allowed" if settings.thirteen_orphans else "orphans_refused"
    pairs = "pairs_allowed" if settings.seven_pairs else "pairs_refused"
    return _say(
        "rules.hongkong.options",
        lang,
        min_fan=settings.min_fan,
        orphans=_say(f"rules.hongkong.{orphans}", lang),
        pairs=_say(f"rules.hongkong.{pairs}", lang),
    )


# --- classic scoring ---------------------------------------------------------------------------------


def classic_set_points(kind: SetKind, tile: Tile) -> tuple[int, int]:
    """What a pung or kong of ``tile`` scores, exposed and concealed, by the engine's own count."""
    return (
        set_points(ReadSet(kind, tile, concealed=False, declared=True)),
        set_points(ReadSet(kind, tile, concealed=True, declared=False)),
    )


# The pungs and kongs of the points table: their text (classic.points.<key>) and a tile they score as.
_CLASSIC_SET_ROWS: tuple[tuple[str, SetKind, Tile], ...] = (
    ("pung_simple", SetKind.PUNG, Tile.M5),
    ("pung_terminal", SetKind.PUNG, Tile.M1),
    ("kong_simple", SetKind.KONG, Tile.M5),
    ("kong_terminal", SetKind.KONG, Tile.RED),
)


def _classic_points(lang: Lang) -> str:
    chow = set_points(ReadSet(SetKind.CHOW, Tile.M1, concealed=True, declared=False))
    sets = (
        _item(_say(f"classic.points.{key}", lang), "{} / {}".format(*classic_set_points(kind, tile)), lang)
        for key, kind, tile in _CLASSIC_SET_ROWS
    )
    lines = [
        _say("classic.points.heading", lang),
        *sets,
        _item(_say("classic.points.pair", lang), PAIR_POINTS, lang),
        _item(_say("classic.points.chow", lang), chow, lang),
        _item(_say("classic.points.bonus", lang), BONUS_TILE_POINTS, lang),
        _item(_say("classic.points.mahjong", lang), MAHJONG_POINTS, lang),
        _say("classic.points.note", lang),
    ]
    return "\n".join(lines)


# Sample hands showing each classic double when the engine scores them: (line, how it was won).
_CLASSIC_SAMPLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("[555z] [111z] [222z] 123m 99m", {"seat": "E", "round_wind": "S"}),
    ("123m 456m 789m 234m 99m", {"self_drawn": True}),
)


@functools.cache
def _classic_doubles_found() -> dict[str, int]:
    found: dict[str, int] = {}
    for line, context in _CLASSIC_SAMPLES:
        for item in score_classic(read_hand(line, **context)).items:
            if item.doubles:
                found.setdefault(item.key, item.doubles)
    return found


# The doubles the page lists, by the engine's key (their texts classic.doubles.<key>).
_CLASSIC_DOUBLES = ("dragon_set", "own_wind_set", "prevailing_wind_set", "concealed_hand", "one_suit")


def _classic_doubles(lang: Lang) -> str:
    found = _classic_doubles_found()
    limit = ClassicSettings().limit
    lines = [_say("classic.doubles.heading", lang)]
    lines += [_item(_say(f"classic.doubles.{key}", lang), f"×{2 ** found[key]}", lang) for key in _CLASSIC_DOUBLES]
    if limit is None:
        lines.append(_say("classic.doubles.score_no_limit", lang, mahjong=MAHJONG_POINTS))
    else:
        lines.append(_say("classic.doubles.score_limit", lang, mahjong=MAHJONG_POINTS, limit=limit))
    return "\n".join(lines)


def _classic_example(lang: Lang) -> str:
    win = read_hand(EXAMPLE_HAND, win="9s", seat="E", round_wind="S", bonus=EXAMPLE_BONUS)
    score = score_classic(win)
    rows = _say("list_separator", lang).join(f"{label} {value}" for label, value in breakdown_lines(score, lang))
    return _say(
        "classic.example",
        lang,
        hand=EXAMPLE_HAND,
        bonus=EXAMPLE_BONUS,
        rows=rows,
        points=score.points,
        doubles=score.doubles,
        score=score.score,
    )


# --- Hong Kong scoring --------------------------------------------------------------------------------

# Sample hands showing each Hong Kong pattern when the engine scores them: (line, how it was won,
# whether the table allows seven pairs).
_HONGKONG_SAMPLES: tuple[tuple[str, dict[str, Any], bool], ...] = (
    ("123m 456p 789s 234s 55p", {"self_drawn": True}, False),
    ("[111m] [333p] 555s 777s 99m", {}, False),
    ("[444z] 123m 456m 789m 55m", {}, False),
    ("[111m] 123m 456m 789m 55m", {}, False),
    ("[777z] 123m 456p 789s 55s", {"bonus": "1f"}, False),
    ("[222z] 123m 456p 789s 55s", {"seat": "S", "round_wind": "S", "bonus": "1f2f3f4f"}, False),
    ("[555z] [666z] 123m 456p 77z", {}, False),
    ("[555z] [666z] [777z] 123m 55p", {}, False),
    ("[111m] [999p] [111z] 999s 22z", {}, False),
    ("11m 22m 33p 44p 55s 66s 77z", {}, True),
    ("123m 456p 789s 234s 55p", {"self_drawn": True, "last_tile": True}, False),
    ("(1111m) 123p 456p 789s 55s", {"self_drawn": True, "kong_replacement": True}, False),
    ("(1111m) (2222p) 789s 234s 55s", {"self_drawn": True, "double_kong_replacement": True}, False),
    ("123m 456p 789s 234s 55p", {"robbing_kong": True}, False),
    ("19m19p19s1234567z1m", {}, False),
    ("1112345678999m5m", {"self_drawn": True}, False),
    ("[111z] [222z] [555z] 666z 77z", {}, False),
    ("[111m] [999m] [111p] 999p 11s", {}, False),
    ("[1111m] [2222p] [3333s] [4444z] 55z", {}, False),
    ("111m 222p 333s 444z 55z", {"self_drawn": True}, False),
    ("[111z] [222z] [333z] 444z 55m", {}, False),
    ("[111z] [222z] [333z] 44z 123m", {}, False),
    ("123m 456p 789s 234s 55p", {"self_drawn": True, "heavenly": True}, False),
    ("123m 456p 789s 234s 55p", {"seat": "S", "earthly": True}, False),
    ("123m 456p 789s 234s 55p", {"bonus": "1f2f3f4f5f6f7f8f"}, False),
)

# Patterns whose engine label names a tile get a general name (their texts pattern.<key>).
_GENERAL_NAMES = frozenset(
    {"dragon_pung", "seat_wind_pung", "prevailing_wind_pung", "seat_flower", "all_flowers", "all_chows"}
)
_FAN_ROWS = (
    "self_drawn",
    "concealed_hand",
    "all_chows",
    "dragon_pung",
    "seat_wind_pung",
    "prevailing_wind_pung",
    "all_pungs",
    "mixed_one_suit",
    "pure_one_suit",
    "mixed_orphans",
    "small_three_dragons",
    "great_three_dragons",
    "last_tile",
    "kong_replacement",
    "robbing_kong",
    "double_kong_replacement",
)
_BONUS_ROWS = ("no_bonus_tiles", "seat_flower", "all_flowers")
_LIMIT_ROWS = (
    "thirteen_orphans",
    "nine_gates",
    "all_honours",
    "all_terminals",
    "four_kongs",
    "four_concealed_pungs",
    "great_four_winds",
    "small_four_winds",
    "heavenly_hand",
    "earthly_hand",
    "eight_bonus_tiles",
)


@functools.cache
def hongkong_patterns() -> dict[str, FanItem]:
    """Every pattern the sample hands show, as the engine scores it at a bot table (first seen per key)."""
    table = _hongkong_settings()
    found: dict[str, FanItem] = {}
    for line, context, seven_pairs in _HONGKONG_SAMPLES:
        settings = replace(table, seven_pairs=True) if seven_pairs else table
        for item in score_hongkong(read_hand(line, **context), settings).patterns:
            found.setdefault(item.key, item)
    return found


def _fan_name(item: FanItem, lang: Lang) -> str:
    return _say(f"pattern.{item.key}", lang) if item.key in _GENERAL_NAMES else show(item.label, lang)


def _fan_row(key: str, lang: Lang) -> str:
    item = hongkong_patterns()[key]
    return _item(_fan_name(item, lang), item.fan, lang)


def _hongkong_fan(lang: Lang) -> str:
    settings = _hongkong_settings()
    seven = hongkong_patterns()["seven_pairs"]
    seven_fan = str(seven.fan) if settings.seven_pairs else f"{seven.fan}{_say('hongkong.fan.when_allowed', lang)}"
    lines = [
        _say("hongkong.fan.heading", lang, min_fan=settings.min_fan, cap=settings.cap),
        _say("hongkong.fan.list", lang),
        *(_fan_row(key, lang) for key in _FAN_ROWS),
        _item(_fan_name(seven, lang), seven_fan, lang),
        _say("hongkong.bonus.heading", lang),
        *(_fan_row(key, lang) for key in _BONUS_ROWS),
    ]
    return "\n".join(lines)


def _hongkong_limits(lang: Lang) -> str:
    settings = _hongkong_settings()
    names = _say("names_separator", lang).join(_fan_name(hongkong_patterns()[key], lang) for key in _LIMIT_ROWS)
    return _say("hongkong.limits", lang, cap=settings.cap, names=names)


def _hongkong_payments(lang: Lang) -> str:
    settings = _hongkong_settings()
    fans = range(settings.min_fan, settings.cap + 1)
    table = _say("table_separator", lang).join(f"{fan} → {base_points(fan, settings.spicy)}" for fan in fans)
    base = base_points(settings.min_fan, settings.spicy)
    drawn = hongkong_payments(base, 0, None, settings)
    discard = hongkong_payments(base, 0, 1, settings)
    everyone = hongkong_payments(base, 0, 1, replace(settings, payment=PaymentConvention.EVERYONE_PAYS))
    convention = "discarder_pays" if settings.payment is PaymentConvention.DISCARDER_PAYS else "everyone_pays"
    on_discard = _say(
        f"hongkong.payments.{convention}",
        lang,
        discarder=_amount(-discard[1]),
        everyone_discarder=_amount(-everyone[1]),
        everyone_other=_amount(-everyone[2]),
    )
    return _say(
        "hongkong.payments",
        lang,
        table=table,
        min_fan=settings.min_fan,
        base=base,
        self_drawn=_amount(-drawn[1]),
        discard=on_discard,
    )


def _amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


# --- help ---------------------------------------------------------------------------------------------

# The options of /mahjong new the help explains, by their English names (placeholders of help.tables).
_NEW_OPTIONS = (
    "rules",
    "length",
    "speed",
    "computers",
    "level",
    "players",
    "open_hands",
    "jokers",
    "calling_rule",
    "seven_pairs",
    "minimum_fan",
    "hints",
    "hide_claims",
    "learners",
    "deal",
)
TIP_COUNT = 6  # the help catalog's tip.1 … tip.6, each a title and a text


def _command_word(name: str, lang: Lang) -> str:
    """A command or option name as Discord shows it in ``lang``: the ``commands`` catalog, by its English name."""
    return text("commands", name, lang)


def _buttons(lang: Lang, *names: str) -> dict[str, str]:
    """The labels of the buttons ``btn_<name>`` in ``lang``, as placeholders ``btn_<name>``."""
    return {f"btn_{name}": say(f"btn_{name}", lang) for name in names}


def help_cards(lang: Lang) -> list[Card]:
    """How to play with the bot, then the six strategy tips of seed 000 ("Pour aller plus loin")."""
    tips = [f"**{number}. {title}**\n{body}" for number, (title, body) in enumerate(strategy_tips(lang), start=1)]
    return _cards([_help_tables(lang), _help_hand(lang), _help_fair(lang), _say("tips.intro", lang), *tips])


def strategy_tips(lang: Lang) -> list[tuple[str, str]]:
    """Seed 000's six tips (the French as written there, the other languages translated): title and text."""
    return [(_say(f"tip.{number}.title", lang), _say(f"tip.{number}.text", lang)) for number in range(1, TIP_COUNT + 1)]


def _help_tables(lang: Lang) -> str:
    live, slow = Timing.for_speed("live"), Timing.for_speed("async")
    return _say(
        "help.tables",
        lang,
        mahjong=_command_word("mahjong", lang),
        new=_command_word("new", lang),
        live_turn=duration(live.turn, lang),
        async_turn=duration(slow.turn, lang),
        **{name: _command_word(name, lang) for name in _NEW_OPTIONS},
        **_buttons(lang, "join", "addcpu", "start", "hand", "claim", "rules"),
    )


def _help_hand(lang: Lang) -> str:
    live, slow = Timing.for_speed("live"), Timing.for_speed("async")
    return _say(
        "help.hand",
        lang,
        claim=f"{duration(live.claim, lang)} / {duration(slow.claim, lang)}",
        missed=MISSED_TURNS_BEFORE_AWAY,
        **_buttons(lang, "win", "call", "hint", "hand", "claim", "pass", "back"),
    )


def _help_fair(lang: Lang) -> str:
    return _say(
        "help.fair",
        lang,
        mahjong=_command_word("mahjong", lang),
        rules=_command_word("rules", lang),
        score=_command_word("score", lang),
        hand=_command_word("hand", lang),
        win=_command_word("win", lang),
        example=EXAMPLE_HAND,
    )


# --- the calculator -----------------------------------------------------------------------------------


def score_reply(
    notation: str,
    win: str | None,
    rules: RuleName,
    seat: str,
    round_wind: str,
    self_drawn: bool,
    bonus: str,
    lang: Lang,
) -> str:
    """``/mahjong score``: the breakdown of the hand the line describes, scored as a bot table scores it,
    or why it cannot be scored. Any input gives a message, never an exception."""
    settings = _table_settings(rules)
    if settings is None:
        return _say("score.family", lang)
    try:
        hand = read_hand(
            notation, win=win or None, self_drawn=self_drawn, seat=seat, round_wind=round_wind, bonus=bonus
        )
        score: ClassicScore | HongKongScore = (
            score_classic(hand, settings) if isinstance(settings, ClassicSettings) else score_hongkong(hand, settings)
        )
    except GameError as error:
        return _refusal(error, lang)
    lines = [_heading(hand, rules, lang)]
    lines += [_item(label, value, lang) for label, value in breakdown_lines(score, lang)]
    lines += [
        _say("total", lang, label=label, value=value) if value else f"**{label}**"
        for label, value in total_lines(score, lang)
    ]
    if isinstance(score, HongKongScore) and isinstance(settings, HongKongSettings):
        lines.append(_hongkong_outcome(hand, score, settings, lang))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def _heading(hand: WinContext, rules: RuleName, lang: Lang) -> str:
    written = " ".join(
        [format_tiles(hand.concealed)]
        + [f"[{meld.notation()}]" if meld.exposed else f"({meld.notation()})" for meld in hand.melds]
    )
    tile = hand.winning_tile
    how = _say("score.self_drawn" if hand.self_drawn else "score.discard", lang)
    parts = [
        f"**{name_of('rules', rules, lang)}** · `{written}`",
        _say("score.winning", lang, code=tile.code, name=tile_name(tile, lang), how=how),
        _say("score.seat", lang, wind=name_of("wind", hand.seat_wind.code, lang)),
        _say("score.round", lang, wind=name_of("wind", hand.round_wind.code, lang)),
    ]
    if hand.bonus:
        parts.append(_say("score.bonus", lang, tiles=" ".join(bonus.code for bonus in hand.bonus)))
    return " · ".join(parts)


def _hongkong_outcome(hand: WinContext, score: HongKongScore, settings: HongKongSettings, lang: Lang) -> str:
    """Below the minimum, why mahjong is refused; otherwise what the losers pay (winner 0, discarder 1)."""
    refusal = below_minimum(score, settings)
    if refusal is not None:
        return _say("score.refused", lang, reason=show(refusal.reason, lang))
    payments = hongkong_payments(score.base_points, 0, None if hand.self_drawn else 1, settings)
    key = "score.pays_all" if hand.self_drawn else "score.pays_discarder"
    return _say(key, lang, amount=_amount(-payments[1]))


_REASON = 500


def _refusal(error: GameError, lang: Lang) -> str:
    # The scorers and the notation explain themselves in every language; other engine errors in English.
    reason = show(error.reason, lang) if isinstance(error, UnscorableHand | NotationError) else str(error)[:_REASON]
    reason = reason[:1].upper() + reason[1:]
    how = _say("score.how", lang, example=EXAMPLE_HAND)
    return _say("score.cannot", lang, reason=reason, how=how)[:MESSAGE_LIMIT]
