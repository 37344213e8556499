"""Hand-made positions for the players' tests: a ``SeatView`` written in tile notation."""

from game.actions import Claim, ClaimKind, Discard, Pass
from game.hand import SetKind
from game.melds import Meld
from game.round import Phase
from game.rules import ruleset
from game.tiles import WINDS, Tile, parse_tiles
from game.view import ClaimView, DiscardedTile, SeatPublic, SeatView

# Every rule set and variant the players must handle (each test plays some hands of each).
VARIANTS = [
    ("classic", {}),
    ("hongkong", {}),
    ("classic", {"jokers": True, "calling_rule": True}),
    ("classic", {"open_hands": True, "players": 3}),
    ("hongkong", {"players": 2}),
    ("hongkong", {"minimum_fan": 1}),
    ("family", {}),
]


def pung(tile: str, exposed: bool = True, claimed_from: int | None = 3) -> Meld:
    return Meld(SetKind.PUNG, Tile.from_code(tile), exposed=exposed, claimed_from=claimed_from)


def chow(tile: str, claimed_from: int | None = 3) -> Meld:
    return Meld(SetKind.CHOW, Tile.from_code(tile), exposed=True, claimed_from=claimed_from)


def position(
    hand: str,
    *,
    rules: str = "classic",
    discards: dict[int, str] | None = None,
    melds: dict[int, list[Meld]] | None = None,
    wall_left: int = 70,
    claim: tuple[str, int] | None = None,
    seat: int = 0,
    dealer: int = 0,
    round_wind: Tile = Tile.EAST,
    minimum_fan: int | None = None,
) -> SeatView:
    """Seat ``seat`` holds ``hand``. Without ``claim`` it is on turn with the last tile drawn and may
    discard any tile; with ``claim=(tile, from_seat)`` it answers that discard (pung, kong, chow as
    the tiles allow, or pass). ``minimum_fan`` is the rule set's default unless given."""
    tiles = parse_tiles(hand)
    discards = discards or {}
    melds = melds or {}
    seats = tuple(
        SeatPublic(
            seat=other,
            wind=WINDS[(other - dealer) % 4],
            melds=tuple(melds.get(other, ())),
            bonus=(),
            discards=tuple(DiscardedTile(tile) for tile in parse_tiles(discards.get(other, ""))),
            concealed_count=len(tiles) if other == seat else 13 - 3 * len(melds.get(other, ())),
            calling=False,
        )
        for other in range(4)
    )
    claim_view = None
    if claim is None:
        legal: tuple = tuple(Discard(seat, tile) for tile in sorted(set(tiles)))
        drawn = tiles[-1]
        phase = Phase.DISCARD
        turn = seat
    else:
        tile, from_seat = Tile.from_code(claim[0]), claim[1]
        held = tiles.count(tile)
        options = []
        if held >= 2:
            options.append(Claim(seat, ClaimKind.PUNG))
        if held >= 3:
            options.append(Claim(seat, ClaimKind.KONG))
        if from_seat == (seat - 1) % 4 and tile < 27:
            rank = tile % 9
            for base in (tile - 2, tile - 1, tile):
                if 0 <= rank - (tile - base) <= 6 and all(
                    other == tile or other in tiles for other in (base, base + 1, base + 2)
                ):
                    options.append(Claim(seat, ClaimKind.CHOW, Tile(base)))
        claim_view = ClaimView(tile, from_seat, False, tuple(options), False)
        legal = (*options, Pass(seat))
        drawn = None
        phase = Phase.CLAIM
        turn = from_seat
    return SeatView(
        seat=seat,
        ruleset=rules,
        round_wind=round_wind,
        dealer=dealer,
        turn=turn,
        phase=phase,
        wall_left=wall_left,
        wall=None,
        seats=seats,
        concealed=tuple(sorted(tiles)),
        drawn=drawn,
        last_discard=None,
        claim=claim_view,
        legal=legal,
        result=None,
        minimum_fan=ruleset(rules).minimum_fan if minimum_fan is None else minimum_fan,
    )
