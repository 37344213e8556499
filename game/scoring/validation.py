"""Checks that a ``WinContext`` describes a hand that can exist, before anything scores it.

Every message names the faulty tile and count, in English and French.
"""

from __future__ import annotations

from collections import Counter

from game.hand import SetKind, regular_shanten
from game.scoring.errors import UnscorableHand
from game.tiles import Tile, counts34, format_tiles
from game.win import WinContext

MAX_JOKERS = 4


def validate_win(win: WinContext, *, jokers_allowed: bool, north_bonus: bool = False) -> None:
    """Raise ``UnscorableHand`` if ``win`` cannot happen with the tile set and these rules.

    ``north_bonus``: a three-player table, where North is a bonus tile laid aside like a flower.
    """
    _check_seats(win)
    _check_bonus(win, north_bonus)
    _check_jokers(win, jokers_allowed)
    _check_copies(win)
    _check_size(win)
    _check_winning_tile(win)
    _check_flags(win)


def _check_seats(win: WinContext) -> None:
    if not 0 <= win.seat <= 3:
        raise UnscorableHand(
            f"seat {win.seat} does not exist: seats are 0 (East) to 3 (North)",
            f"la place {win.seat} n'existe pas : les places vont de 0 (Est) à 3 (Nord)",
        )
    if not win.round_wind.is_wind:
        raise UnscorableHand(
            f"the prevailing wind must be a wind (1z-4z), not {win.round_wind.code}",
            f"le vent dominant doit être un vent (1z-4z), pas {win.round_wind.code}",
        )


def _check_bonus(win: WinContext, north_bonus: bool) -> None:
    for tile in win.concealed:
        if tile.is_bonus:
            raise UnscorableHand(
                f"{tile.code} is a flower or season: it is laid aside with the bonus tiles, not kept in the hand",
                f"{tile.code} est une fleur ou une saison : elle se pose avec les tuiles bonus, pas dans la main",
            )
    for tile, count in Counter(win.bonus).items():
        if north_bonus and tile is Tile.NORTH:
            if count + win.concealed.count(tile) > 4:
                raise UnscorableHand(
                    f"North appears {count + win.concealed.count(tile)} times: the set has only 4",
                    f"le Nord apparaît {count + win.concealed.count(tile)} fois : le jeu n'en a que 4",
                )
            continue
        if not tile.is_bonus:
            raise UnscorableHand(
                f"{tile.code} is listed among the bonus tiles but is not a flower or a season",
                f"{tile.code} figure parmi les tuiles bonus mais n'est ni une fleur ni une saison",
            )
        if count > 1:
            raise UnscorableHand(
                f"{tile.code} is listed {count} times among the bonus tiles: the set has only one",
                f"{tile.code} figure {count} fois parmi les tuiles bonus : le jeu n'en a qu'une",
            )


def _check_jokers(win: WinContext, jokers_allowed: bool) -> None:
    jokers = win.concealed.count(Tile.JOKER) + sum(meld.jokers for meld in win.melds)
    if jokers and not jokers_allowed:
        raise UnscorableHand(
            f"the hand holds {jokers} joker(s) (0j), but jokers are not in play under these rules",
            f"la main contient {jokers} joker(s) (0j), mais les jokers ne sont pas en jeu avec ces règles",
        )
    if jokers > MAX_JOKERS:
        raise UnscorableHand(
            f"the hand holds {jokers} jokers (0j): the set has only {MAX_JOKERS}",
            f"la main contient {jokers} jokers (0j) : le jeu n'en a que {MAX_JOKERS}",
        )


def _check_copies(win: WinContext) -> None:
    in_hand: Counter[Tile] = Counter(tile for tile in win.concealed if tile < 34)
    in_sets: Counter[Tile] = Counter(tile for meld in win.melds for tile in meld.tiles if tile is not Tile.JOKER)
    for tile in sorted(in_hand.keys() | in_sets.keys()):
        total = in_hand[tile] + in_sets[tile]
        if total > 4:
            raise UnscorableHand(
                f"{tile.code} appears {total} times ({in_hand[tile]} concealed, {in_sets[tile]} in declared sets): "
                "the set has only 4",
                f"{tile.code} apparaît {total} fois ({in_hand[tile]} en main, {in_sets[tile]} dans les combinaisons "
                "posées) : le jeu n'en a que 4",
            )


def _check_size(win: WinContext) -> None:
    declared = len(win.melds)
    if declared > 4:
        raise UnscorableHand(
            f"{declared} declared sets: a winning hand has 4 sets and a pair",
            f"{declared} combinaisons posées : une main gagnante a 4 combinaisons et une paire",
        )
    expected = 14 - 3 * declared
    held = len(win.concealed)
    if held != expected:
        raise UnscorableHand(
            f"with {declared} declared set(s) the concealed tiles (winning tile included) must number "
            f"{expected}, not {held}",
            f"avec {declared} combinaison(s) posée(s), la main cachée (tuile gagnante comprise) doit compter "
            f"{expected} tuiles, pas {held}",
        )


def _check_winning_tile(win: WinContext) -> None:
    tile = win.winning_tile
    if tile.is_bonus:
        raise UnscorableHand(
            f"the winning tile {tile.code} is a flower or season: they never complete a hand",
            f"la tuile gagnante {tile.code} est une fleur ou une saison : elles ne complètent jamais une main",
        )
    if tile not in win.concealed:
        raise UnscorableHand(
            f"the winning tile {tile.code} is not among the concealed tiles (they must include it)",
            f"la tuile gagnante {tile.code} n'est pas dans la main cachée (elle doit y figurer)",
        )
    if tile is Tile.JOKER and not win.self_drawn:
        raise UnscorableHand(
            "a discarded joker cannot be claimed: a win on a joker must be self-drawn",
            "un joker défaussé ne peut pas être pris : un mahjong sur un joker doit être pioché",
        )


def _check_flags(win: WinContext) -> None:
    kongs = sum(1 for meld in win.melds if meld.kind is SetKind.KONG)
    if win.heavenly and (win.seat != 0 or not win.self_drawn or win.melds):
        raise UnscorableHand(
            "a heavenly hand is East's self-drawn win on the dealt tiles, with no declared set",
            "la main du ciel est le mahjong d'Est sur les tuiles distribuées, sans combinaison posée",
        )
    if win.earthly and (win.seat == 0 or win.self_drawn or win.melds):
        raise UnscorableHand(
            "an earthly hand is another seat's win on East's first discard, with no declared set",
            "la main de la terre est le mahjong d'un autre joueur sur la première défausse d'Est, "
            "sans combinaison posée",
        )
    replacement_kongs = 2 if win.double_kong_replacement else 1 if win.kong_replacement else 0
    if replacement_kongs and (not win.self_drawn or kongs < replacement_kongs):
        raise UnscorableHand(
            f"a win on a kong replacement tile is self-drawn after declaring {replacement_kongs} kong(s); "
            f"this hand has {kongs}",
            f"un mahjong sur une tuile de remplacement est pioché après {replacement_kongs} carré(s) ; "
            f"cette main en a {kongs}",
        )
    if win.robbing_kong and win.self_drawn:
        raise UnscorableHand(
            "robbing a kong takes another player's tile: it cannot be self-drawn",
            "voler un carré prend la tuile d'un autre joueur : ce n'est pas une tuile piochée",
        )


def not_a_winning_hand(win: WinContext) -> UnscorableHand:
    """The error for valid tiles that make no winning hand, saying how far they are from one."""
    needed = 4 - len(win.melds)
    shown = format_tiles(sorted(win.concealed))
    en = f"{shown} is not a winning hand: the concealed tiles do not make {needed} set(s) and a pair"
    fr = f"{shown} n'est pas une main gagnante : la main cachée ne forme pas {needed} combinaison(s) et une paire"
    if Tile.JOKER not in win.concealed:
        # Shanten of a full hand counts the exchanges still needed, less one.
        away = regular_shanten(counts34(win.concealed)) + 1
        en += f" ({away} tile exchange(s) from one)"
        fr += f" (à {away} échange(s) de tuile d'une main gagnante)"
    return UnscorableHand(en, fr)
