"""The scoring patterns' names for the statistics, by the stable keys the ledger keeps (``dragon_pung``,
``house_no_chows``…). The scorers name each line of a breakdown with its tile (“Pung of Red dragon”);
a statistic counts a pattern over many hands, so it needs the pattern's own name, without a tile.
The classic house rules carry their names already, and are read from them."""

from __future__ import annotations

from game.scoring.house import HOUSE_RULES
from words import Lang

_NAMES: dict[str, tuple[str, str]] = {
    # classic
    "mahjong": ("Mahjong", "Mah-Jong"),
    "one_suit": ("One suit", "Une seule famille"),
    "exposed_pung": ("Exposed pung", "Pung exposé"),
    "concealed_pung": ("Concealed pung", "Pung caché"),
    "exposed_kong": ("Exposed kong", "Kong exposé"),
    "concealed_kong": ("Concealed kong", "Kong caché"),
    "exposed_chow": ("Exposed chow", "Chow exposé"),
    "concealed_chow": ("Concealed chow", "Chow caché"),
    "dragon_set": ("Set of dragons", "Brelan ou carré de dragons"),
    "own_wind_set": ("Set of own wind", "Brelan ou carré de son vent"),
    "prevailing_wind_set": ("Set of the prevailing wind", "Brelan ou carré du vent dominant"),
    "dragon_pair": ("Pair of dragons", "Paire de dragons"),
    "own_wind_pair": ("Pair of own wind", "Paire de son vent"),
    "prevailing_wind_pair": ("Pair of the prevailing wind", "Paire du vent dominant"),
    "flower": ("Flower", "Fleur"),
    "season": ("Season", "Saison"),
    "north_bonus": ("North as a bonus tile", "Nord en tuile bonus"),
    # classic and Hong Kong
    "concealed_hand": ("Concealed hand", "Main cachée"),
    # Hong Kong
    "chicken_hand": ("Chicken hand", "Main poulet"),
    "heavenly_hand": ("Heavenly hand", "Main du ciel"),
    "earthly_hand": ("Earthly hand", "Main de la terre"),
    "thirteen_orphans": ("Thirteen orphans", "Treize orphelins"),
    "nine_gates": ("Nine gates", "Neuf portes"),
    "all_honours": ("All honours", "Tout honneurs"),
    "all_terminals": ("All terminals", "Tout terminaux"),
    "four_kongs": ("Four kongs", "Quatre carrés"),
    "four_concealed_pungs": ("Four concealed pungs", "Quatre pungs cachés"),
    "great_four_winds": ("Great four winds", "Grands quatre vents"),
    "small_four_winds": ("Small four winds", "Petits quatre vents"),
    "eight_bonus_tiles": ("All eight flowers and seasons", "Les huit fleurs et saisons"),
    "self_drawn": ("Self-drawn", "Tuile piochée (zimo)"),
    "last_tile": ("Win on the last tile", "Mahjong sur la dernière tuile"),
    "double_kong_replacement": ("Win after two kongs in a row", "Mahjong après deux kongs de suite"),
    "kong_replacement": ("Win on a kong replacement tile", "Mahjong sur une tuile de remplacement"),
    "robbing_kong": ("Robbing a kong", "Vol d'un carré"),
    "great_three_dragons": ("Great three dragons", "Grands trois dragons"),
    "small_three_dragons": ("Small three dragons", "Petits trois dragons"),
    "dragon_pung": ("Dragon pung", "Pung de dragons"),
    "seat_wind_pung": ("Pung of the seat wind", "Pung du vent de sa place"),
    "prevailing_wind_pung": ("Pung of the prevailing wind", "Pung du vent dominant"),
    "seven_pairs": ("Seven pairs", "Sept paires"),
    "all_chows": ("All chows", "Toutes suites"),
    "all_pungs": ("All pungs", "Tout brelans"),
    "pure_one_suit": ("Pure one suit", "Une seule famille pure"),
    "mixed_one_suit": ("Mixed one suit", "Une famille et des honneurs"),
    "mixed_orphans": ("Terminals and honours", "Terminaux et honneurs"),
    "no_bonus_tiles": ("No flowers or seasons", "Ni fleur ni saison"),
    "all_flowers": ("All four flowers", "Les quatre fleurs"),
    "all_seasons": ("All four seasons", "Les quatre saisons"),
    "seat_flower": ("Own flower", "Sa fleur"),
    "seat_season": ("Own season", "Sa saison"),
}
PATTERN_NAMES: dict[str, tuple[str, str]] = {
    **_NAMES,
    **{f"house_{key}": (rule.label.en, rule.label.fr) for key, rule in HOUSE_RULES.items()},
}


def pattern_name(key: str, lang: Lang) -> str:
    """The pattern's name; a key this release does not know (a newer release's) shows as words."""
    names = PATTERN_NAMES.get(key)
    if names is None:
        return key.replace("_", " ")
    return names[1] if lang == "fr" else names[0]
