"""Shared positions for the render tests: built by hand where possible, so the pictures do not move
when the engine's random play changes."""

from __future__ import annotations

import pytest

from game.hand import SetKind
from game.melds import Meld
from game.round import Phase
from game.tiles import WINDS, Tile, parse_tiles
from game.view import DiscardedTile, SeatPublic, SeatView
from game.wall import WallGeometry


def make_view(
    viewer: int | None = 0, *, own: str = "123m456p789s11222z", drawn: str | None = "2z", others_open: bool = False
) -> SeatView:
    """A mid-hand view from ``viewer``: discards, a claimed discard, sets, bonus tiles, a drawn wall."""
    discards = ["9m1z4p", "7z2s8p3m", "1p5z", "6s6s"]
    melds = [
        (),
        (Meld(SetKind.PUNG, Tile.RED, claimed_from=0),),
        (Meld(SetKind.CHOW, Tile.S3, claimed_from=1), Meld(SetKind.KONG, Tile.M9, exposed=False)),
        (),
    ]
    hidden = ["", "1234m5p6p7s8s", "44p55s", "123456789m12p3s"]
    seats = []
    for seat in range(4):
        tiles = parse_tiles(discards[seat])
        items = tuple(DiscardedTile(tile, claimed=(seat == 0 and index == 0)) for index, tile in enumerate(tiles))
        count = 13 - 3 * len(melds[seat]) + (1 if seat == 0 else 0)
        seats.append(
            SeatPublic(
                seat=seat,
                wind=WINDS[seat],
                melds=melds[seat],
                bonus=(Tile.PLUM,) if seat == 2 else (),
                discards=items,
                concealed_count=count,
                calling=seat == 3,
                concealed=tuple(parse_tiles(hidden[seat])) if others_open and seat != viewer and hidden[seat] else None,
            )
        )
    mine = tuple(parse_tiles(own)) if viewer is not None else None
    return SeatView(
        seat=viewer,
        ruleset="classic",
        round_wind=Tile.EAST,
        dealer=0,
        turn=0,
        phase=Phase.DISCARD,
        wall_left=83,
        wall=WallGeometry(dice=(3, 5), stacks_per_side=18, stacks=72, break_stack=25, live_taken=57, far_taken=4),
        seats=tuple(seats),
        concealed=mine,
        drawn=None if drawn is None or mine is None else Tile.from_code(drawn),
        last_discard=(3, Tile.S6),
        claim=None,
        legal=(),
        result=None,
    )


@pytest.fixture
def view() -> SeatView:
    return make_view()


@pytest.fixture
def view_of():
    """``make_view`` itself, for tests that need several views."""
    return make_view
