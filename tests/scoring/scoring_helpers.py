"""Builds wins from the one-line notation of the score command: [777z] exposed set, (1111m) concealed kong."""

import re

from game.melds import Meld
from game.tiles import WINDS, Tile, parse_tiles
from game.win import WinContext

_TOKEN = re.compile(r"\[([^\]]*)\]|\(([^)]*)\)|([^\[\]()]+)")
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


def make_win(text, win=None, *, self_drawn=False, seat="E", round_wind="E", bonus="", **flags):
    concealed, melds = [], []
    for exposed_set, concealed_kong, loose in _TOKEN.findall(text):
        if exposed_set:
            melds.append(Meld.from_tiles(parse_tiles(exposed_set), exposed=True))
        elif concealed_kong:
            melds.append(Meld.from_tiles(parse_tiles(concealed_kong), exposed=False))
        else:
            concealed += parse_tiles(loose)
    return WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=Tile.from_code(win) if win else concealed[-1],
        self_drawn=self_drawn,
        seat=_WINDS[seat],
        round_wind=WINDS[_WINDS[round_wind]],
        bonus=tuple(parse_tiles(bonus)),
        **flags,
    )


def keys(items):
    return [item.key for item in items]
