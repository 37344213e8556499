"""Building positions for engine tests: a dealt hand's document with chosen tiles put in."""

import random

from game.actions import parse_action
from game.players.autoplay import play_round
from game.players.random_player import RandomPlayer
from game.record import meld_to_json
from game.round import Round
from game.round_document import rigged_round
from game.tiles import Tile, format_tiles, parse_tiles


def rig(
    rules,
    hands,
    *,
    wall="",
    dealer=0,
    turn=None,
    drawn=None,
    melds=None,
    calling=None,
    bonus=None,
    judge=None,
    first_turn=False,
):
    """A hand where seat ``i`` holds ``hands[i]`` and the wall is ``wall`` (live end first).

    The seat on turn (the dealer unless ``turn`` says) is about to discard; ``drawn`` is its drawn
    tile (by default the last tile of its hand), as after a normal draw.
    """
    document = Round.deal(rules, 0, dealer=dealer).to_document()
    turn = dealer if turn is None else turn
    for seat, tiles in enumerate(hands):
        entry = document["seats"][seat]
        entry["concealed"] = format_tiles(sorted(parse_tiles(tiles)))
        entry["drawn"] = None
        entry["melds"] = [meld_to_json(meld) for meld in (melds or {}).get(seat, ())]
        entry["bonus"] = format_tiles(parse_tiles((bonus or {}).get(seat, "")))
        entry["calling"] = bool((calling or {}).get(seat, False))
    document["seats"][turn]["drawn"] = drawn or parse_tiles(hands[turn])[-1].code
    document["wall"] = {"tiles": wall, "taken": [0, 0], "dice": [3, 4], "break": 0}
    document |= {
        "phase": "discard",
        "turn": turn,
        "source": "deal" if first_turn else "draw",
        "discard_count": 0 if first_turn else 4,
        "interrupted": False,
    }
    return rigged_round(document, judge=judge)


def play(hand: Round, *texts: str):
    """Apply actions written in text form; returns the events of the last one."""
    events = []
    for text in texts:
        events = hand.apply(parse_action(text))
    return events


def tile_census(hand: Round) -> dict[Tile, int]:
    """Every tile of the hand, wherever it is: wall, hands, sets, bonus tiles, unclaimed discards,
    and a tile being added to a kong while the kong may be robbed."""
    document = hand.to_document()
    counts: dict[Tile, int] = {}

    def add(tiles):
        for tile in tiles:
            counts[tile] = counts.get(tile, 0) + 1

    wall = parse_tiles(document["wall"]["tiles"])
    front, back = document["wall"]["taken"]
    add(wall[front : len(wall) - back])
    for entry in document["seats"]:
        add(parse_tiles(entry["concealed"]))
        add(parse_tiles(entry["bonus"]))
        claimed = set(entry["claimed"])
        add(tile for index, tile in enumerate(parse_tiles(entry["discards"])) if index not in claimed)
    for public in hand.view(None).seats:
        for meld in public.melds:
            add(meld.tiles)
    window = document["window"]
    if window is not None and window["robbing"]:
        add([Tile.from_code(window["tile"])])
    return counts


def random_game(rules, seed, steps=None):
    """A hand played by random players from ``seed`` (``steps`` actions at most)."""
    hand = Round.deal(rules, seed)
    rng = random.Random(seed)
    if steps is None:
        play_round(hand, [RandomPlayer() for _ in rules.seats], rng)
        return hand
    for _ in range(steps):
        if hand.result is not None:
            break
        seat = hand.awaiting()[0]
        hand.apply(rng.choice(hand.legal_actions(seat)))
    return hand


def legal_texts(hand: Round, seat) -> list[str]:
    return [action.text() for action in hand.legal_actions(seat)]
