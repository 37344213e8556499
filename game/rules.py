"""Rule sets as data: the three families of SPEC §2 and their options.

The engine never tests a rule set's name to decide what happens; it reads the fields and the
derived properties below (which tiles are in the box, which are bonus tiles, whether there is a
wall, which winds prevail over a match). ``ruleset(name, **options)`` builds one from a family's
defaults; ``Ruleset.to_document`` / ``Ruleset.from_document`` store it with a game.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from game.errors import InvalidNotation
from game.strict import short
from game.tiles import BONUS_TILES, PLAYING_TILES, WINDS, Tile

RuleName = Literal["classic", "hongkong", "family"]
MatchLength = Literal["one_hand", "one_wind", "four_winds"]

RULE_NAMES: tuple[RuleName, ...] = ("classic", "hongkong", "family")
MATCH_LENGTHS: tuple[MatchLength, ...] = ("one_hand", "one_wind", "four_winds")

# Three players (seed 000): the characters 2 to 8 leave the box.
_THREE_PLAYER_REMOVED = frozenset(Tile(index) for index in range(1, 8))


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The rules a table plays by.

    ``name`` is the family (``classic``, ``hongkong``, ``family``). ``jokers``: the 4 jokers of the
    boxed set are in play. ``calling_rule``: a seat one tile from winning must announce it (``Call``)
    or its mahjong does not count. ``open_hands``: every view shows every hand. ``players``: 4, 3
    (characters 2–8 removed, North a bonus tile) or 2 (no absent seat claims). ``seven_pairs`` and
    ``thirteen_orphans``: the special winning shapes. ``length``: how long a match lasts.
    ``bonus_tiles``: flowers and seasons are in play. ``minimum_fan``: the smallest hand that may
    win, for a judge that counts fan (the engine itself does not count).
    """

    name: RuleName
    jokers: bool = False
    calling_rule: bool = False
    open_hands: bool = False
    players: int = 4
    seven_pairs: bool = False
    thirteen_orphans: bool = False
    length: MatchLength = "four_winds"
    bonus_tiles: bool = True
    minimum_fan: int = 0

    def __post_init__(self) -> None:
        if self.name not in RULE_NAMES:
            raise InvalidNotation(f"unknown rule set {self.name!r}: choose one of {', '.join(RULE_NAMES)}")
        if self.players not in (2, 3, 4):
            raise InvalidNotation(f"a table has 2, 3 or 4 players, not {self.players}")
        if self.length not in MATCH_LENGTHS:
            raise InvalidNotation(f"unknown match length {self.length!r}: choose one of {', '.join(MATCH_LENGTHS)}")
        if self.minimum_fan < 0:
            raise InvalidNotation(f"the minimum fan cannot be negative ({self.minimum_fan})")
        if self.name == "family" and (self.jokers or self.bonus_tiles):
            raise InvalidNotation("the family rules set aside the flowers, the seasons and the jokers")

    @property
    def has_wall(self) -> bool:
        """Whether tiles are dealt from a built wall (with dice and a break) or from a shuffled pile."""
        return self.name != "family"

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def bonus_kinds(self) -> frozenset[Tile]:
        """Tiles exposed at once and replaced when drawn: flowers, seasons, and North for three players."""
        kinds: set[Tile] = set(BONUS_TILES) if self.bonus_tiles else set()
        if self.players == 3:
            kinds.add(Tile.NORTH)
        return frozenset(kinds)

    @property
    def prevailing_winds(self) -> tuple[Tile, ...]:
        """The winds that prevail in turn over a match (North is a bonus tile for three players)."""
        winds = WINDS[:3] if self.players == 3 else WINDS
        return winds[:1] if self.length in ("one_hand", "one_wind") else winds

    def tile_set(self) -> list[Tile]:
        """Every tile in play, in index order."""
        removed = _THREE_PLAYER_REMOVED if self.players == 3 else frozenset()
        tiles = [tile for tile in PLAYING_TILES if tile not in removed for _ in range(4)]
        if self.bonus_tiles:
            tiles += BONUS_TILES
        if self.jokers:
            tiles += [Tile.JOKER] * 4
        return tiles

    def to_document(self) -> dict[str, Any]:
        # every field is a plain value: read directly, not through asdict's deep copies (each move's
        # hand document writes its rule set)
        return {field.name: getattr(self, field.name) for field in _RULESET_FIELDS}

    @classmethod
    def from_document(cls, document: Any) -> Ruleset:
        """The rule set a document describes (options it leaves out take the family's defaults)."""
        if not isinstance(document, dict) or not isinstance(document.get("name"), str):
            raise InvalidNotation(f"a rule set document is an object with a name, not {short(document)}")
        if not all(isinstance(key, str) for key in document):
            raise InvalidNotation("a rule set document's fields are named by strings")
        options = {key: value for key, value in document.items() if key != "name"}
        return ruleset(document["name"], **options)


_RULESET_FIELDS = dataclasses.fields(Ruleset)

_DEFAULTS: dict[RuleName, dict[str, Any]] = {
    "classic": {"length": "four_winds"},
    "hongkong": {"length": "four_winds", "thirteen_orphans": True, "minimum_fan": 3},
    "family": {"length": "one_hand", "bonus_tiles": False},
}

_OPTION_TYPES: dict[str, type] = {
    "jokers": bool,
    "calling_rule": bool,
    "open_hands": bool,
    "players": int,
    "seven_pairs": bool,
    "thirteen_orphans": bool,
    "length": str,
    "bonus_tiles": bool,
    "minimum_fan": int,
}


def rule_name(text: object) -> RuleName:
    """``text`` as a rule-set name, or ``InvalidNotation`` (the one place a loose string becomes a ``RuleName``)."""
    for name in RULE_NAMES:
        if text == name:
            return name
    raise InvalidNotation(f"unknown rule set {text!r}: choose one of {', '.join(RULE_NAMES)}")


def ruleset(name: str, **options: Any) -> Ruleset:
    """The rule set of family ``name`` with its defaults, overridden by ``options``.

    >>> ruleset("hongkong").minimum_fan
    3
    >>> ruleset("classic", jokers=True, players=3).players
    3
    """
    family = rule_name(name)
    for option, value in options.items():
        expected = _OPTION_TYPES.get(option)
        if expected is None:
            raise InvalidNotation(f"unknown rule option {option!r}: options are {', '.join(_OPTION_TYPES)}")
        if type(value) is not expected:
            raise InvalidNotation(f"rule option {option!r} takes a {expected.__name__}, not {short(value)}")
    merged = {**_DEFAULTS[family], **options}
    return Ruleset(name=family, **merged)
