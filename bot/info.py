"""The words of ``/mahjong rules``, ``/mahjong help`` and ``/mahjong score``, in English and French.

Pure functions (no Discord here), so every page can be tested and the numbers in it are the
engine's own, never typed twice: the classic table comes from ``game.scoring.classic`` (its constants
and ``set_points``), the Hong Kong fan from scoring one sample hand per pattern with
``score_hongkong`` under the settings a bot table plays by, the base points and payments from
``base_points`` and ``hongkong_payments``, the deadlines from the tables' own timing. The rules and
the help come as cards: a card is a few blocks (each a text display of its own, shown with a line
between them) within a Components V2 message's 4 000 characters; they read on a phone: short
paragraphs and bullets, no tables. A score's reply is one block within 2 000 characters.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from bot.command_words import FRENCH_NAMES
from bot.i18n import duration, name_of, say
from bot.tables.state import Timing
from bot.tables.transitions import MISSED_TURNS_BEFORE_AWAY
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
from words import Lang
from words.tiles import tile_name

MESSAGE_LIMIT = 2000
CARD_LIMIT = 4000  # the text a Components V2 message may hold, over all its text displays
Card = tuple[str, ...]  # the blocks of one message
EXAMPLE_HAND = "234m [777z] (2222s) 456p 99s"
EXAMPLE_BONUS = "1f6f"


def pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[1] if lang == "fr" else pair[0]


def _t(lang: Lang, en: str, fr: str) -> str:
    return fr if lang == "fr" else en


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


def rules_cards(rules_name: RuleName, lang: Lang) -> list[Card]:
    """The rules of ``classic``, ``hongkong`` or ``family`` (SPEC §2, seeds 000 and 002), as cards."""
    title = f"**{name_of('rules', rules_name, lang)}**"
    if rules_name == "family":
        return _cards([f"{title} — {_family_intro(lang)}", _family_play(lang), _beginners(lang)])
    if rules_name == "classic":
        intro = _t(
            lang,
            "the boxed set's rules, where only the winner scores.",
            "la règle du coffret : seul le gagnant marque.",
        )
        scoring = [_classic_points(lang), _classic_doubles(lang), _classic_example(lang)]
        options = _classic_options(lang)
    else:
        intro = _t(
            lang,
            "the Hong Kong style of classic Chinese mahjong, scored in fan (番).",
            "le mahjong chinois classique, style Hong Kong, compté en fan (番).",
        )
        scoring = [_hongkong_fan(lang), _hongkong_limits(lang), _hongkong_payments(lang)]
        options = _hongkong_options(lang)
    play = [
        f"{title} — {intro}\n{_goal(lang)}",
        _setting_up(lang),
        _turn(lang),
        _claims(lang),
        _kongs(lang),
        _end_of_hand(lang),
        _dealer(lang),
        options,
    ]
    return _cards(play + scoring)


def _goal(lang: Lang) -> str:
    return _t(
        lang,
        "**Goal** · Be the first to complete 14 tiles: 4 sets and a pair, and declare mahjong. Sets: a **chow** "
        "(three in a row of one suit; honours never make one), a **pung** (three alike), a **kong** (four alike, "
        "counted as one set). The pair is two alike.",
        "**But** · Être le premier à compléter 14 tuiles : 4 combinaisons et une paire, puis annoncer mahjong. "
        "Combinaisons : le **chow** (trois tuiles qui se suivent dans une famille ; les honneurs n'en forment "
        "jamais), le **pung** (trois identiques), le **kong** (quatre identiques, compté comme une combinaison). "
        "La paire : deux identiques.",
    )


def _setting_up(lang: Lang) -> str:
    return _t(
        lang,
        "**Setting up** · Four seats, East, South, West and North; the winds are drawn at random and East deals. "
        "The wall is 4 sides of 18 stacks of two tiles. East throws two dice to choose where the wall is broken; "
        "from the break everyone gets 13 tiles, East 14. Flowers and seasons are bonus tiles: laid face up at once "
        "and replaced from the far end of the wall.",
        "**Installation** · Quatre places, Est, Sud, Ouest et Nord ; les vents sont tirés au sort et Est "
        "distribue. La muraille : 4 murs de 18 piles de deux tuiles. Est lance deux dés pour choisir la brèche ; "
        "à partir d'elle, chacun reçoit 13 tuiles, Est 14. Les fleurs et les saisons sont des tuiles bonus : "
        "posées face visible aussitôt et remplacées par une tuile prise au bout de la muraille.",
    )


def _turn(lang: Lang) -> str:
    return _t(
        lang,
        "**A turn** · Play goes counter-clockwise, E → S → W → N. On your turn you draw a tile (or take the last "
        "discard through a claim), then discard one face up in the middle. Between turns you hold 13 tiles.",
        "**Un tour** · On joue dans le sens inverse des aiguilles d'une montre, E → S → O → N. À votre tour, vous "
        "piochez une tuile (ou prenez la dernière défausse en la réclamant), puis vous en jetez une face visible "
        "au centre. Entre les tours, vous gardez 13 tuiles.",
    )


def _claims(lang: Lang) -> str:
    return _t(
        lang,
        "**Claiming a discard** · Before the next player draws, the tile just discarded may be claimed, in strict "
        "priority:\n"
        "1. **Mahjong** — any player (if several, the first in turn order after the discarder);\n"
        "2. **Pung or kong** — any player;\n"
        "3. **Chow** — only the next player.\n"
        "A claimed set is laid face up and never changes. The claimer then discards and play goes on from them: "
        "the players in between lose their turn.",
        "**Réclamer une défausse** · Avant que le joueur suivant ne pioche, la tuile jetée peut être réclamée, "
        "dans un ordre strict :\n"
        "1. **Mahjong** — n'importe quel joueur (s'ils sont plusieurs, le premier dans l'ordre du jeu après "
        "celui qui a jeté) ;\n"
        "2. **Pung ou kong** — n'importe quel joueur ;\n"
        "3. **Chow** — seulement le joueur suivant.\n"
        "La combinaison réclamée est posée face visible et ne change plus. Celui qui a réclamé jette une tuile et "
        "le jeu reprend à partir de lui : les joueurs d'entre-deux sautent leur tour.",
    )


def _kongs(lang: Lang) -> str:
    return _t(
        lang,
        "**Kongs** · Exposed (a discard claimed onto three in hand), concealed (four in hand, declared on your "
        "turn) or added (the fourth tile put on your exposed pung — another player may rob it if it wins them "
        "the hand). After any kong you draw a replacement tile from the far end of the wall.",
        "**Kongs** · Exposé (une défausse réclamée sur trois tuiles en main), caché (quatre en main, déclaré à "
        "son tour) ou ajouté (la quatrième tuile posée sur son pung exposé — un autre joueur peut la voler si "
        "elle lui fait gagner la main). Après tout kong, on pioche une tuile de remplacement au bout de la "
        "muraille.",
    )


def _end_of_hand(lang: Lang) -> str:
    return _t(
        lang,
        "**End of a hand** · A hand ends on mahjong, on a drawn tile or on a discard: the winner shows the whole "
        "hand and it is scored. If the wall runs out first, the hand is drawn and replayed.",
        "**Fin d'une manche** · La manche s'arrête sur un mahjong, sur une tuile piochée ou sur une défausse : le "
        "gagnant étale sa main et on compte. Si la muraille s'épuise avant, la manche est nulle et on la rejoue.",
    )


def _dealer(lang: Lang) -> str:
    return _t(
        lang,
        "**Dealer and winds** · East keeps the deal after winning or after a drawn hand; otherwise the deal "
        "passes on: the old South becomes East, the old East North. When the deal has gone round the table, the "
        "prevailing wind changes. A full game is four wind rounds (16 hands at least); most family tables stop "
        "after one.",
        "**Donneur et vents** · Est garde la main s'il gagne ou si la manche est nulle ; sinon elle passe : "
        "l'ancien Sud devient Est, l'ancien Est devient Nord. Quand la main a fait le tour de la table, le vent "
        "dominant change. Une partie complète compte quatre tours de vent (16 manches au moins) ; la plupart "
        "des tables familiales s'arrêtent après un seul.",
    )


def _classic_options(lang: Lang) -> str:
    return _t(
        lang,
        "**Options** · Jokers: the box's four jokers (148 tiles); a joker stands in for any tile of a chow, pung "
        "or kong, never of the pair, and a discarded joker cannot be claimed. Three players: characters 2–8 "
        "leave the box and North is a bonus tile. Open hands: every hand visible, for learning. When a table "
        "plays the calling rule, a player one tile from winning must press Call, or their mahjong does not count.",
        "**Options** · Jokers : les quatre jokers du coffret (148 tuiles) ; un joker remplace n'importe quelle "
        "tuile d'un chow, d'un pung ou d'un kong, jamais de la paire, et un joker jeté ne peut pas être pris. "
        "Trois joueurs : on retire les caractères de 2 à 8 et le Nord devient une tuile bonus. Mains ouvertes : "
        "toutes les mains visibles, pour apprendre. Quand une table joue l'annonce obligatoire, un joueur à qui "
        "il ne manque qu'une tuile doit appuyer sur Annoncer, sinon son mahjong ne compte pas.",
    )


def _hongkong_options(lang: Lang) -> str:
    settings = _hongkong_settings()
    orphans = _t(lang, "allowed", "permis") if settings.thirteen_orphans else _t(lang, "not allowed", "refusés")
    pairs = _t(lang, "allowed", "permises") if settings.seven_pairs else _t(lang, "not allowed", "refusées")
    return _t(
        lang,
        f"**At the bot's tables** · Mahjong needs at least **{settings.min_fan} fan** (the bot refuses a smaller "
        f"one and says why). Thirteen orphans: {orphans}; seven pairs: {pairs}; no jokers. Three players: "
        "characters 2–8 leave the box and North is a bonus tile. Open hands: every hand visible, for learning.",
        f"**Aux tables du bot** · Il faut au moins **{settings.min_fan} fan** pour annoncer mahjong (le bot "
        f"refuse une main plus petite et dit pourquoi). Treize orphelins : {orphans} ; sept paires : {pairs} ; "
        "pas de jokers. Trois joueurs : on retire les caractères de 2 à 8 et le Nord devient une tuile bonus. "
        "Mains ouvertes : toutes les mains visibles, pour apprendre.",
    )


def _family_intro(lang: Lang) -> str:
    return _t(
        lang,
        "the quick version of the box, to discover the game and play with children (from 8 or 9). One hand, no "
        "score: the first to complete a hand wins.\n"
        "• No flowers, seasons or jokers, and no wall: the tiles are a shuffled pile in the middle.\n"
        "• The host picks who starts in the lobby (in the box, the youngest player; drawn at random if the host "
        "does not pick): that player takes 14 tiles, the others 13, and the starter discards first.",
        "la version rapide du coffret, pour découvrir le jeu et jouer avec les enfants (dès 8-9 ans). Une seule "
        "manche, sans comptage de points : le premier à compléter sa main gagne.\n"
        "• Ni fleurs, ni saisons, ni jokers, et pas de muraille : les tuiles forment une pioche mélangée au "
        "centre.\n"
        "• L'hôte choisit qui commence dans le salon d'attente (dans le coffret, le plus jeune ; tiré au sort "
        "s'il ne choisit pas) : ce joueur prend 14 tuiles, les autres 13, et il jette le premier.",
    )


def _family_play(lang: Lang) -> str:
    return _t(
        lang,
        "**Playing** · Counter-clockwise, E → S → W → N. On your turn, take a tile (from the pile, or the last "
        "discard if it completes one of your sets), then discard one: you always keep 13 tiles.\n"
        "• The last discard goes first to a mahjong, then to a pung or kong (any player), then to a chow (the "
        "next player only). A claimed set is laid face up; after a kong you draw one more tile.\n"
        "• **Winning** · The first to gather 4 sets and a pair (14 tiles: a chow is three in a row of one suit, "
        "a pung three alike, a kong four alike) declares mahjong and wins. If the pile runs out, the hand is "
        "replayed.",
        "**Le jeu** · Dans le sens inverse des aiguilles d'une montre, E → S → O → N. À votre tour, prenez une "
        "tuile (dans la pioche, ou la dernière défausse si elle complète une de vos combinaisons), puis jetez-en "
        "une : vous gardez toujours 13 tuiles.\n"
        "• La dernière défausse va d'abord à un mahjong, puis à un pung ou un kong (n'importe quel joueur), puis "
        "à un chow (le joueur suivant seulement). La combinaison prise est posée face visible ; après un kong, "
        "on pioche une tuile de plus.\n"
        "• **Gagner** · Le premier qui réunit 4 combinaisons et une paire (14 tuiles : un chow est une suite de "
        "trois dans une famille, un pung trois identiques, un kong quatre identiques) annonce mahjong et gagne. "
        "Si la pioche s'épuise, on rejoue la manche.",
    )


def _beginners(lang: Lang) -> str:
    return _t(
        lang,
        "**Tip for beginners** · For the very first games, open a table with open hands (everyone sees every "
        "hand) while you learn to spot the sets; hide them afterwards.",
        "**Astuce pour débuter** · Pour les toutes premières parties, ouvrez une table en mains ouvertes (chacun "
        "voit le jeu des autres), le temps d'apprendre à repérer les combinaisons ; passez en jeu caché ensuite.",
    )


# --- classic scoring ---------------------------------------------------------------------------------


def classic_set_points(kind: SetKind, tile: Tile) -> tuple[int, int]:
    """What a pung or kong of ``tile`` scores, exposed and concealed, by the engine's own count."""
    return (
        set_points(ReadSet(kind, tile, concealed=False, declared=True)),
        set_points(ReadSet(kind, tile, concealed=True, declared=False)),
    )


def _classic_points(lang: Lang) -> str:
    colon = _t(lang, ":", " :")
    rows = [
        (_t(lang, "Pung of 2 to 8", "Pung de 2 à 8"), classic_set_points(SetKind.PUNG, Tile.M5)),
        (
            _t(lang, "Pung of 1 or 9, a wind or a dragon", "Pung de 1 ou 9, de vent ou de dragon"),
            classic_set_points(SetKind.PUNG, Tile.M1),
        ),
        (_t(lang, "Kong of 2 to 8", "Kong de 2 à 8"), classic_set_points(SetKind.KONG, Tile.M5)),
        (
            _t(lang, "Kong of 1 or 9, a wind or a dragon", "Kong de 1 ou 9, de vent ou de dragon"),
            classic_set_points(SetKind.KONG, Tile.RED),
        ),
    ]
    chow = set_points(ReadSet(SetKind.CHOW, Tile.M1, concealed=True, declared=False))
    lines = [
        _t(
            lang,
            "**Classic scoring** · Only the winner scores. **Points** (exposed / concealed):",
            "**Barème classique** · Seul le gagnant marque. **Points** (exposé / caché) :",
        ),
        *(f"• {name}{colon} {exposed} / {concealed}" for name, (exposed, concealed) in rows),
        _t(
            lang,
            f"• Pair of dragons, of one's own wind or of the prevailing wind: {PAIR_POINTS}",
            f"• Paire de dragons, de son vent ou du vent dominant : {PAIR_POINTS}",
        ),
        f"• Chow{colon} {chow}",
        _t(lang, f"• Each flower or season: {BONUS_TILE_POINTS}", f"• Chaque fleur ou saison : {BONUS_TILE_POINTS}"),
        f"• Mah-Jong{colon} {MAHJONG_POINTS}",
        _t(
            lang,
            "A set completed by the winning discard counts as exposed.",
            "Une combinaison complétée par la défausse gagnante compte comme exposée.",
        ),
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


def _classic_doubles(lang: Lang) -> str:
    found = _classic_doubles_found()
    rows = [
        ("dragon_set", _t(lang, "each pung or kong of dragons", "chaque pung ou kong de dragons")),
        ("own_wind_set", _t(lang, "a pung or kong of one's own wind", "le pung ou kong de son vent")),
        (
            "prevailing_wind_set",
            _t(
                lang,
                "a pung or kong of the prevailing wind (two doubles if it is also one's own wind)",
                "le pung ou kong du vent dominant (deux doublements si c'est aussi son vent)",
            ),
        ),
        (
            "concealed_hand",
            _t(
                lang,
                "the winner's fully concealed hand (no claimed set; concealed kongs allowed)",
                "la main entièrement cachée du gagnant (aucune combinaison réclamée ; les kongs cachés sont permis)",
            ),
        ),
        (
            "one_suit",
            _t(
                lang,
                "a one-suit hand (every tile of one suit, no honours)",
                "la main d'une seule famille (sans honneurs)",
            ),
        ),
    ]
    limit = ClassicSettings().limit
    lines = [_t(lang, "**Doubles** (each multiplies the total):", "**Doublements** (chacun multiplie le total) :")]
    lines += [
        f"• {text} : ×{2 ** found[key]}" if lang == "fr" else f"• {text}: ×{2 ** found[key]}" for key, text in rows
    ]
    lines.append(
        _t(
            lang,
            f"**Score = points × 2^doubles**, the {MAHJONG_POINTS} for mahjong included"
            + (", with no limit." if limit is None else f", up to {limit}.")
            + " The best way to read the hand is always taken.",
            f"**Score = points × 2^doublements**, les {MAHJONG_POINTS} du mahjong compris"
            + (", sans limite." if limit is None else f", jusqu'à {limit}.")
            + " La lecture de la main qui rapporte le plus est toujours retenue.",
        )
    )
    return "\n".join(lines)


def _classic_example(lang: Lang) -> str:
    win = read_hand(EXAMPLE_HAND, win="9s", seat="E", round_wind="S", bonus=EXAMPLE_BONUS)
    score = score_classic(win)
    rows = _t(lang, "; ", " ; ").join(f"{label} {value}" for label, value in breakdown_lines(score, lang))
    return _t(
        lang,
        f"**Example** · `{EXAMPLE_HAND}` and the bonus tiles {EXAMPLE_BONUS}, won on the 9s from a discard, East "
        f"in the South round: {rows}. "
        f"{score.points} × 2^{score.doubles} = **{score.score}**.",
        f"**Exemple** · `{EXAMPLE_HAND}` et les tuiles bonus {EXAMPLE_BONUS}, gagnée sur le 9s d'une défausse, "
        f"Est au tour du Sud : {rows}. "
        f"{score.points} × 2^{score.doubles} = **{score.score}**.",
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

# Patterns whose engine label names a tile get a general name here.
_GENERAL_NAMES: dict[str, tuple[str, str]] = {
    "dragon_pung": ("Pung or kong of dragons", "Pung ou kong de dragons"),
    "seat_wind_pung": ("Pung of one's own wind", "Pung de son vent"),
    "prevailing_wind_pung": ("Pung of the prevailing wind", "Pung du vent dominant"),
    "seat_flower": ("Own flower or own season, each", "Sa fleur ou sa saison, chacune"),
    "all_flowers": ("All four flowers, or all four seasons", "Les quatre fleurs, ou les quatre saisons"),
    "all_chows": ("All chows, with a pair that scores nothing", "Toutes suites, avec une paire qui ne compte pas"),
}
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
    general = _GENERAL_NAMES.get(item.key)
    return pick(general, lang) if general is not None else item.label.text(lang)


def _fan_row(key: str, lang: Lang) -> str:
    item = hongkong_patterns()[key]
    return f"• {_fan_name(item, lang)}{_t(lang, ':', ' :')} {item.fan}"


def _hongkong_fan(lang: Lang) -> str:
    settings = _hongkong_settings()
    seven = hongkong_patterns()["seven_pairs"]
    lines = [
        _t(
            lang,
            f"**Hong Kong scoring** · Each pattern of the winning hand is worth fan; mahjong needs "
            f"**{settings.min_fan} fan** (flower and season fan do not count towards it) and the total stops at "
            f"**{settings.cap}**.",
            f"**Barème de Hong Kong** · Chaque motif de la main gagnante vaut des fan ; il en faut **{settings.min_fan}"
            f"** pour annoncer mahjong (ceux des fleurs et saisons ne comptent pas pour ce seuil) et le total "
            f"s'arrête à **{settings.cap}**.",
        ),
        _t(lang, "**Fan**:", "**Fan** :"),
        *(_fan_row(key, lang) for key in _FAN_ROWS),
        f"• {_fan_name(seven, lang)}{_t(lang, ':', ' :')} {seven.fan} "
        + (_t(lang, "(when the table allows it)", "(si la table le permet)") if not settings.seven_pairs else ""),
        _t(
            lang,
            "**Flowers and seasons** (not counted towards the minimum):",
            "**Fleurs et saisons** (hors du minimum) :",
        ),
        *(_fan_row(key, lang) for key in _BONUS_ROWS),
    ]
    return "\n".join(line.rstrip() for line in lines)


def _hongkong_limits(lang: Lang) -> str:
    settings = _hongkong_settings()
    names = ", ".join(_fan_name(hongkong_patterns()[key], lang) for key in _LIMIT_ROWS)
    return _t(
        lang,
        f"**Limit hands**, worth the cap ({settings.cap} fan) on their own: {names}.",
        f"**Mains limites**, qui valent à elles seules le plafond ({settings.cap} fan) : {names}.",
    )


def _hongkong_payments(lang: Lang) -> str:
    settings = _hongkong_settings()
    fans = range(settings.min_fan, settings.cap + 1)
    table = ", ".join(f"{fan} → {base_points(fan, settings.spicy)}" for fan in fans)
    base = base_points(settings.min_fan, settings.spicy)
    drawn = hongkong_payments(base, 0, None, settings)
    discard = hongkong_payments(base, 0, 1, settings)
    everyone = hongkong_payments(base, 0, 1, replace(settings, payment=PaymentConvention.EVERYONE_PAYS))
    own = settings.payment is PaymentConvention.DISCARDER_PAYS
    return _t(
        lang,
        f"**Base points** (fan → points): {table}.\n"
        f"**Payments** · A {settings.min_fan}-fan hand is worth {base} base points. Self-drawn: each other player pays "
        f"{_amount(-drawn[1])}. On a discard, "
        + (
            f'the discarder alone pays {_amount(-discard[1])} ("discarder pays for all", as the bot\'s tables '
            f'play; with "everyone pays" the discarder would pay {_amount(-everyone[1])} and the two others '
            f"{_amount(-everyone[2])} each)."
            if own
            else f"the discarder pays {_amount(-everyone[1])} and the two others {_amount(-everyone[2])} each."
        )
        + " Payments always add up to zero.",
        f"**Points de base** (fan → points) : {table}.\n"
        f"**Paiements** · Une main de {settings.min_fan} fan vaut {base} points de base. Sur une tuile piochée, "
        f"chaque autre joueur paie {_amount(-drawn[1])}. Sur une défausse, "
        + (
            f"celui qui a jeté paie seul {_amount(-discard[1])} (« le fautif paie pour tous », comme aux tables "
            f"du bot ; avec « tout le monde paie », il paierait {_amount(-everyone[1])} et les deux autres "
            f"{_amount(-everyone[2])} chacun)."
            if own
            else f"celui qui a jeté paie {_amount(-everyone[1])} et les deux autres {_amount(-everyone[2])} chacun."
        )
        + " La somme des paiements est toujours nulle.",
    )


def _amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


# --- help ---------------------------------------------------------------------------------------------


def _command_word(name: str, lang: Lang) -> str:
    """A command or option name as Discord shows it in ``lang`` (the names of ``bot.translator``)."""
    return FRENCH_NAMES.get(name, name) if lang == "fr" else name


def help_cards(lang: Lang) -> list[Card]:
    """How to play with the bot, then the six strategy tips of seed 000 ("Pour aller plus loin")."""
    return _cards([_help_tables(lang), _help_hand(lang), _help_fair(lang), _tips_intro(lang), *_tips(lang)])


def _help_tables(lang: Lang) -> str:
    def word(name: str) -> str:
        return f"`{_command_word(name, lang)}`"

    live, slow = Timing.for_speed("live"), Timing.for_speed("async")
    return _t(
        lang,
        f"**Playing mahjong with the bot**\n`/mahjong {_command_word('new', lang)}` opens a table in a new "
        f"thread. Options: {word('rules')} (classic, Hong Kong or the family game), {word('length')} (one hand, "
        f"one wind round or four), {word('speed')} (live: {duration(live.turn)} a turn; asynchronous: "
        f"{duration(slow.turn)}), {word('computers')} (seats taken by computer players), {word('level')} "
        f"(how well they play), {word('players')} (3 or 4), {word('open_hands')} (every hand visible), "
        f"{word('jokers')} and {word('calling_rule')} (classic: announce when one tile away), "
        f"{word('seven_pairs')}, {word('minimum_fan')} (Hong Kong), {word('hints')} (discard hints) and "
        f"{word('hide_claims')} (every discard waits a few seconds, so nobody can tell who could claim it) or "
        f"{word('learners')} (a discard waits, with no timer, for every member who may claim it). "
        f"Others press "
        f"**{say('btn_join', lang)}**; the host may fill seats with **{say('btn_addcpu', lang)}**, then presses "
        f"**{say('btn_start', lang)}**.\n"
        f"**The table message** shows the table and the buttons everyone needs: **{say('btn_hand', lang)}** (your "
        f"tiles, privately), **{say('btn_claim', lang)}** (while a discard may be taken) and "
        f"**{say('btn_rules', lang)}**.",
        f"**Jouer au mahjong avec le bot**\n`/mahjong {_command_word('new', lang)}` ouvre une table dans un "
        f"nouveau fil. Options : {word('rules')} (classiques, Hong Kong ou la version familiale), {word('length')} "
        f"(une main, un tour de vent ou quatre), {word('speed')} (en direct : {duration(live.turn)} par "
        f"tour ; asynchrone : {duration(slow.turn)}), {word('computers')} (places tenues par des joueurs "
        f"ordinateur), {word('level')} (leur niveau), {word('players')} (3 ou 4), {word('open_hands')} (toutes "
        f"les mains visibles), {word('jokers')} et {word('calling_rule')} (classique : annoncer quand il ne "
        f"manque qu'une tuile), {word('seven_pairs')}, {word('minimum_fan')} (Hong Kong), {word('hints')} "
        f"(conseils de défausse) et {word('hide_claims')} (chaque défausse attend quelques secondes : personne "
        f"ne sait qui pourrait la prendre) ou {word('learners')} (une défausse attend, sans minuterie, chaque "
        f"membre qui peut la prendre). Les autres "
        f"appuient sur **{say('btn_join', lang)}** ; l'hôte peut compléter avec **{say('btn_addcpu', lang)}**, "
        f"puis appuie sur **{say('btn_start', lang)}**.\n"
        f"**Le message de la table** montre la table et les boutons de tous : **{say('btn_hand', lang)}** (vos "
        f"tuiles, en privé), **{say('btn_claim', lang)}** (tant qu'une défausse peut être prise) et "
        f"**{say('btn_rules', lang)}**.",
    )


def _help_hand(lang: Lang) -> str:
    live, slow = Timing.for_speed("live"), Timing.for_speed("async")
    claim = f"{duration(live.claim)} / {duration(slow.claim)}"
    return _t(
        lang,
        f"**Your hand** comes as a private message only you see, with one button per tile, numbered like the "
        f"picture: press a tile to discard it. **{say('btn_win', lang)}**, Kong, **{say('btn_call', lang)}** and "
        f"**{say('btn_hint', lang)}** appear when you may use them. Discord lets the bot update a private message "
        f"for 15 minutes only: press **{say('btn_hand', lang)}** again whenever you want a fresh one.\n"
        f"**Claims** · When a tile is discarded, press **{say('btn_claim', lang)}**: your private message offers "
        f"Mahjong, Pung, Kong or Chow, as the rules allow you, and **{say('btn_pass', lang)}**. The window closes "
        f"once everyone has answered, or at its deadline ({claim}, live / asynchronous); priority then decides.\n"
        f"**Deadlines** show as a countdown. When your turn runs out, the bot discards the tile you drew; after "
        f"{MISSED_TURNS_BEFORE_AWAY} turns missed in a row a computer plays your seat until you press "
        f"**{say('btn_back', lang)}**.",
        f"**Votre main** arrive dans un message privé que vous seul voyez, avec un bouton par tuile, numéroté "
        f"comme l'image : appuyez sur une tuile pour la jeter. **{say('btn_win', lang)}**, Kong, "
        f"**{say('btn_call', lang)}** et **{say('btn_hint', lang)}** apparaissent quand vous pouvez vous en "
        f"servir. Discord ne laisse le bot mettre à jour un message privé que 15 minutes : appuyez de nouveau "
        f"sur **{say('btn_hand', lang)}** quand vous voulez une vue à jour.\n"
        f"**Prendre une défausse** · Quand une tuile est jetée, appuyez sur **{say('btn_claim', lang)}** : votre "
        f"message privé propose Mahjong, Pung, Kong ou Chow, selon ce que la règle vous permet, et "
        f"**{say('btn_pass', lang)}**. La fenêtre se ferme quand tous ont répondu, ou à sa limite ({claim}, en "
        f"direct / asynchrone) ; la priorité décide alors.\n"
        f"**Les délais** s'affichent en compte à rebours. Si votre tour expire, le bot jette la tuile que vous "
        f"avez piochée ; après {MISSED_TURNS_BEFORE_AWAY} tours manqués de suite, un ordinateur joue à votre "
        f"place jusqu'à ce que vous appuyiez sur **{say('btn_back', lang)}**.",
    )


def _help_fair(lang: Lang) -> str:
    score = _command_word("score", lang)
    hand, win = _command_word("hand", lang), _command_word("win", lang)
    return _t(
        lang,
        "**A fair wall** · When a hand starts, the table shows the SHA-256 commitment of its wall; the result "
        "reveals the seed. Anyone can check that the wall was fixed before the first tile: "
        "`mahjong-bot verify-wall --rules classic --seed N --commitment DIGEST` (the result gives the exact "
        "command).\n"
        f"**Also** · `/mahjong {_command_word('rules', lang)}`: the rules and scoring of each rule set. "
        f"`/mahjong {score} {hand}:{EXAMPLE_HAND} {win}:9s`: the scoring calculator ([…] a claimed set, (…) a "
        "concealed kong).",
        "**Une muraille honnête** · Au début de chaque main, la table affiche l'engagement SHA-256 de sa "
        "muraille ; le résultat révèle la graine. Chacun peut vérifier que la muraille était fixée avant la "
        "première tuile : `mahjong-bot verify-wall --rules classic --seed N --commitment EMPREINTE` (le résultat "
        "donne la commande exacte).\n"
        f"**Aussi** · `/mahjong {_command_word('rules', lang)}` : les règles et le barème de chaque "
        f"variante. `/mahjong {score} {hand}:{EXAMPLE_HAND} {win}:9s` : le calculateur de points ([…] une "
        "combinaison prise, (…) un kong caché).",
    )


def _tips_intro(lang: Lang) -> str:
    return _t(
        lang,
        "**Going further: six tips** · In mahjong luck deals the tiles, but reading the table wins: what the "
        "others discard, what they expose, what they keep. These six tips are taught in every school of mahjong, "
        "from classic Chinese to Japanese riichi; they hold for this box's rules as for the others.",
        "**Pour aller plus loin : six conseils** · Au mah-jong, la chance distribue les tuiles, mais c’est la "
        "lecture de la table qui fait gagner : ce que les autres défaussent, ce qu’ils exposent, ce qu’ils "
        "gardent. Les six conseils qui suivent sont ceux que l’on retrouve dans toutes les écoles de mah-jong, du "
        "jeu chinois classique au riichi japonais ; ils valent pour la règle de ce coffret comme pour les autres.",
    )


# Seed 000, "Pour aller plus loin": the French as written there, the English translated.
TIPS: tuple[tuple[tuple[str, str], tuple[str, str]], ...] = (
    (
        ("Discard lone honours first, then the 1s and 9s", "Jetez d’abord les honneurs isolés, puis les 1 et les 9"),
        (
            "A lone wind or dragon never makes a chow: it only serves in a pung or a pair. If it has found no partner "
            "in the first turns, it clutters the hand. Lone 1s and 9s come next: they fit only one chow (1-2-3 or "
            "7-8-9), the 2s and 8s two, and the tiles from 3 to 7 three. So keep the middle tiles: they offer the most "
            "sets.",
            "Un vent ou un dragon seul ne forme jamais de suite : il ne sert qu’en brelan ou en paire. S’il n’a pas "
            "trouvé de partenaire dans les premiers tours, il encombre la main. Les 1 et les 9 isolés viennent "
            "ensuite : ils n’entrent que dans une seule suite possible (1-2-3 ou 7-8-9), les 2 et les 8 dans deux, "
            "et les tuiles de 3 à 7 dans trois. Gardez donc les tuiles du milieu, ce sont elles qui offrent le plus "
            "de combinaisons.",
        ),
    ),
    (
        ("Prefer two-sided waits", "Préférez les attentes à deux côtés"),
        (
            "Before each discard, count the tiles that could complete your hand. A 4-5 waits for a 3 or a 6, eight "
            "possible tiles; a 3-5 waits only for the 4, four tiles. With as many sets, the hand that waits for more "
            "tiles wins more often. It is the basic rule of efficiency, the one every experienced player applies "
            "without thinking.",
            "Avant chaque défausse, comptez les tuiles qui pourraient compléter votre main. Un 4-5 attend un 3 ou un "
            "6, soit huit tuiles possibles ; un 3-5 n’attend que le 4, soit quatre tuiles. À nombre égal de "
            "combinaisons, la main qui attend le plus de tuiles sort le plus souvent. C’est la règle d’efficacité de "
            "base, celle que tous les joueurs confirmés appliquent sans y penser.",
        ),
    ),
    (
        ("Read the discards", "Lisez les défausses"),
        (
            "The middle of the table says a lot. A tile already discarded three times will never make a pung again, "
            "and if all four copies are visible, nobody waits for it any more. A suit a player never throws away is "
            "probably the one they collect. Look at what is already out before deciding what you keep.",
            "Le centre de la table dit beaucoup de choses. Une tuile déjà défaussée trois fois ne formera plus jamais "
            "de brelan, et si ses quatre exemplaires sont visibles, personne ne l’attend plus. Une famille qu’un "
            "joueur ne jette jamais est probablement celle qu’il collectionne. Regardez ce qui est déjà sorti avant "
            "de décider ce que vous gardez.",
        ),
    ),
    (
        ("Late in the hand, defend", "En fin de manche, défendez-vous"),
        (
            "When the wall empties and your hand is still far from ready, every discard becomes a risk. Then throw "
            "first the tiles the most advanced player has discarded themselves: a tile they threw away cannot win "
            "them the hand, it is a safe discard against them (not necessarily against the two others). Japanese "
            "players call it genbutsu, and it is the basis of all defensive play.",
            "Quand la muraille se vide et que votre main est encore loin d’être prête, chaque défausse devient un "
            "risque. Jetez alors en priorité les tuiles que le joueur le plus avancé a déjà défaussées lui-même : une "
            "tuile qu’il a jetée ne peut pas lui servir à gagner, c’est une défausse sûre contre lui (pas forcément "
            "contre les deux autres). Les joueurs japonais appellent cela genbutsu, et c’est la base de tout jeu "
            "défensif.",
        ),
    ),
    (
        ("Claim a discard only with a clear purpose", "Ne réclamez une défausse qu’avec un but précis"),
        (
            "Claiming a discard moves the hand on, but forces you to expose the set: it is then worth half as much, "
            "you show your game to the three others, and you lose the concealed-hand double. Claim to finish a hand "
            "that is nearly ready, or to make a pung of dragons or of your wind, which doubles the score; rarely to "
            "start.",
            "Réclamer une défausse fait avancer la main, mais oblige à exposer la combinaison : elle vaut alors "
            "moitié moins, vous dévoilez votre jeu aux trois autres, et vous perdez le doublement de la main cachée. "
            "Réclamez pour finir une main presque prête, ou pour former un brelan de dragon ou de votre vent, qui "
            "double le score ; rarement pour commencer.",
        ),
    ),
    (
        ("Keep your honour pairs", "Gardez vos paires d’honneurs"),
        (
            "A pair of dragons, of your wind or of the prevailing wind is already worth 2 points, and if it becomes "
            "a pung, it doubles the hand's total. It is the tile to keep first when you hesitate between two "
            "discards.",
            "Une paire de dragons, de votre vent ou du vent dominant vaut déjà 2 points, et si elle devient brelan, "
            "elle double le total de la main. C’est la tuile à garder en priorité quand vous hésitez entre deux "
            "défausses.",
        ),
    ),
)


def _tips(lang: Lang) -> list[str]:
    return [
        f"**{number}. {pick(title, lang)}**\n{pick(text, lang)}" for number, (title, text) in enumerate(TIPS, start=1)
    ]


# --- the calculator -----------------------------------------------------------------------------------

_WORDS: dict[str, tuple[str, str]] = {
    "winning": ("winning tile", "tuile gagnante"),
    "self_drawn": ("self-drawn", "piochée"),
    "discard": ("on a discard", "sur une défausse"),
    "seat": ("seat", "place"),
    "round": ("prevailing wind", "vent dominant"),
    "bonus": ("bonus", "bonus"),
    "refused": ("Mahjong not allowed", "Mahjong refusé"),
    "pays_all": ("Each other player pays {amount}", "Chaque autre joueur paie {amount}"),
    "pays_discarder": ("The discarder pays {amount}", "Celui qui a jeté paie {amount}"),
    "cannot": ("Cannot score this hand", "Impossible de compter cette main"),
    "family": (
        "The family game has no score: the first to declare mahjong wins.",
        "La version familiale ne compte pas de points : le premier à faire mahjong gagne.",
    ),
    "how": (
        "Write the concealed tiles (the winning tile included) and the declared sets: `{example}` — […] a "
        "claimed set, (…) a concealed kong.",
        "Écrivez les tuiles cachées (tuile gagnante comprise) et les combinaisons posées : `{example}` — […] "
        "une combinaison prise, (…) un kong caché.",
    ),
}


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
        return pick(_WORDS["family"], lang)
    try:
        hand = read_hand(
            notation, win=win or None, self_drawn=self_drawn, seat=seat, round_wind=round_wind, bonus=bonus
        )
        score: ClassicScore | HongKongScore = (
            score_classic(hand, settings) if isinstance(settings, ClassicSettings) else score_hongkong(hand, settings)
        )
    except GameError as error:
        return _refusal(error, lang)
    colon = _t(lang, ":", " :")
    lines = [_heading(hand, rules, lang)]
    lines += [f"• {label}{colon} {value}" for label, value in breakdown_lines(score, lang)]
    lines += [f"**{label}{colon} {value}**" if value else f"**{label}**" for label, value in total_lines(score, lang)]
    if isinstance(score, HongKongScore) and isinstance(settings, HongKongSettings):
        lines.append(_hongkong_outcome(hand, score, settings, lang))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def _heading(hand: WinContext, rules: RuleName, lang: Lang) -> str:
    written = " ".join(
        [format_tiles(hand.concealed)]
        + [f"[{meld.notation()}]" if meld.exposed else f"({meld.notation()})" for meld in hand.melds]
    )
    how = pick(_WORDS["self_drawn" if hand.self_drawn else "discard"], lang)
    parts = [
        f"**{name_of('rules', rules, lang)}** · `{written}`",
        f"{pick(_WORDS['winning'], lang)} {hand.winning_tile.code} ({tile_name(hand.winning_tile, lang)}), {how}",
        f"{pick(_WORDS['seat'], lang)} {name_of('wind', hand.seat_wind.code, lang)}",
        f"{pick(_WORDS['round'], lang)} {name_of('wind', hand.round_wind.code, lang)}",
    ]
    if hand.bonus:
        parts.append(f"{pick(_WORDS['bonus'], lang)} {' '.join(tile.code for tile in hand.bonus)}")
    return " · ".join(parts)


def _hongkong_outcome(hand: WinContext, score: HongKongScore, settings: HongKongSettings, lang: Lang) -> str:
    """Below the minimum, why mahjong is refused; otherwise what the losers pay (winner 0, discarder 1)."""
    refusal = below_minimum(score, settings)
    if refusal is not None:
        return f"{pick(_WORDS['refused'], lang)}{_t(lang, ':', ' :')} {refusal.label.text(lang)}."
    payments = hongkong_payments(score.base_points, 0, None if hand.self_drawn else 1, settings)
    key = "pays_all" if hand.self_drawn else "pays_discarder"
    return pick(_WORDS[key], lang).format(amount=_amount(-payments[1])) + "."


_REASON = 500


def _refusal(error: GameError, lang: Lang) -> str:
    # The scorers and the notation explain themselves in both languages; other engine errors in English.
    reason = error.label.text(lang) if isinstance(error, UnscorableHand | NotationError) else str(error)[:_REASON]
    reason = reason[:1].upper() + reason[1:]
    how = pick(_WORDS["how"], lang).format(example=EXAMPLE_HAND)
    return f"**{pick(_WORDS['cannot'], lang)}** — {reason}.\n{how}"[:MESSAGE_LIMIT]
