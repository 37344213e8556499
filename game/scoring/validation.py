"""Checks that a ``WinContext`` describes a hand that can exist, before anything scores it.

Every refusal is a phrase of the ``engine`` catalog (key ``unscorable.…``) that names the faulty tile
and count.
"""

from __future__ import annotations

from collections import Counter

from game.hand import SetKind, regular_shanten
from game.phrases import phrase
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
        raise UnscorableHand(phrase("unscorable.no_such_seat", seat=win.seat))
    if not win.round_wind.is_wind:
        raise UnscorableHand(phrase("unscorable.round_wind_not_a_wind", code=win.round_wind.code))


def _check_bonus(win: WinContext, north_bonus: bool) -> None:
    for tile in win.concealed:
        if tile.is_bonus:
            raise UnscorableHand(phrase("unscorable.bonus_in_hand", code=tile.code))
    for tile, count in Counter(win.bonus).items():
        if north_bonus and tile is Tile.NORTH:
            if count + win.concealed.count(tile) > 4:
                raise UnscorableHand(phrase("unscorable.too_many_norths", total=count + win.concealed.count(tile)))
            continue
        if not tile.is_bonus:
            raise UnscorableHand(phrase("unscorable.not_a_bonus_tile", code=tile.code))
        if count > 1:
            raise UnscorableHand(phrase("unscorable.bonus_tile_repeated", code=tile.code, times=count))


def _check_jokers(win: WinContext, jokers_allowed: bool) -> None:
    jokers = win.concealed.count(Tile.JOKER) + sum(meld.jokers for meld in win.melds)
    if jokers and not jokers_allowed:
        raise UnscorableHand(phrase("unscorable.jokers_not_in_play", jokers=jokers))
    if jokers > MAX_JOKERS:
        raise UnscorableHand(phrase("unscorable.too_many_jokers", jokers=jokers, most=MAX_JOKERS))


def _check_copies(win: WinContext) -> None:
    in_hand: Counter[Tile] = Counter(tile for tile in win.concealed if tile < 34)
    in_sets: Counter[Tile] = Counter(tile for meld in win.melds for tile in meld.tiles if tile is not Tile.JOKER)
    for tile in sorted(in_hand.keys() | in_sets.keys()):
        total = in_hand[tile] + in_sets[tile]
        if total > 4:
            raise UnscorableHand(
                phrase(
                    "unscorable.too_many_copies",
                    code=tile.code,
                    total=total,
                    concealed=in_hand[tile],
                    declared=in_sets[tile],
                )
            )


def _check_size(win: WinContext) -> None:
    declared = len(win.melds)
    if declared > 4:
        raise UnscorableHand(phrase("unscorable.too_many_sets", declared=declared))
    expected = 14 - 3 * declared
    held = len(win.concealed)
    if held != expected:
        raise UnscorableHand(phrase("unscorable.wrong_size", declared=declared, expected=expected, held=held))


def _check_winning_tile(win: WinContext) -> None:
    tile = win.winning_tile
    if tile.is_bonus:
        raise UnscorableHand(phrase("unscorable.winning_bonus_tile", code=tile.code))
    if tile not in win.concealed:
        raise UnscorableHand(phrase("unscorable.winning_tile_not_held", code=tile.code))
    if tile is Tile.JOKER and not win.self_drawn:
        raise UnscorableHand(phrase("unscorable.claimed_joker"))


def _check_flags(win: WinContext) -> None:
    kongs = sum(1 for meld in win.melds if meld.kind is SetKind.KONG)
    if win.heavenly and (win.seat != 0 or not win.self_drawn or win.melds):
        raise UnscorableHand(phrase("unscorable.not_heavenly"))
    if win.earthly and (win.seat == 0 or win.self_drawn or win.melds):
        raise UnscorableHand(phrase("unscorable.not_earthly"))
    replacement_kongs = 2 if win.double_kong_replacement else 1 if win.kong_replacement else 0
    if replacement_kongs and (not win.self_drawn or kongs < replacement_kongs):
        raise UnscorableHand(phrase("unscorable.not_a_replacement_win", needed=replacement_kongs, kongs=kongs))
    if win.robbing_kong and win.self_drawn:
        raise UnscorableHand(phrase("unscorable.self_drawn_robbing"))


def not_a_winning_hand(win: WinContext) -> UnscorableHand:
    """The error for valid tiles that make no winning hand, saying how far they are from one."""
    needed = 4 - len(win.melds)
    shown = format_tiles(sorted(win.concealed))
    if Tile.JOKER in win.concealed:
        return UnscorableHand(phrase("unscorable.not_a_winning_hand", tiles=shown, needed=needed))
    # Shanten of a full hand counts the exchanges still needed, less one.
    away = regular_shanten(counts34(win.concealed)) + 1
    return UnscorableHand(phrase("unscorable.not_a_winning_hand_away", tiles=shown, needed=needed, away=away))
