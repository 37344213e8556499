"""SPEC §7's rule over the table's frames, checked from the frames alone (as a page receives them), so the
engine's tests, the socket tests and the browser tests hold every frame they see to it:

- while a hand is played, no tile face outside the viewer's own ``hand``, the seats' ``discards``,
  ``melds`` and ``bonus``, the open ``discard`` and the viewer's own ``actions``, whose tiles come from
  the viewer's hand, their own sets (an added kong) or the open discard;
- every field is one this checker knows (a field added later must be added here, saying whether it
  carries a tile);
- the public parts of the frames of one version are the same for every viewer.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from game.tiles import parse_tiles

_TILES = re.compile(r"(?:[0-9]+[mpszfj])+")
FRAME_FIELDS = frozenset(
    {
        "type",
        "table",
        "version",
        "step",
        "state",
        "rules",
        "players",
        "hand_number",
        "commitment",
        "deal",
        "minimum_fan",
        "learners",
        "length",
        "you",
        "standing",
        "result",
        "viewer",
        "round_wind",
        "host",
        "seats",
        "wall",
        "turn",
        "awaited",
        "discard",
        "deadline",
        "actions",
    }
)
SEAT_FIELDS = frozenset(
    {"wind", "name", "kind", "score", "concealed", "discards", "melds", "bonus", "away", "calling", "hand", "drawn"}
)
RESULT_FIELDS = frozenset(
    {
        "winner",
        "winning_tile",
        "self_drawn",
        "discarder",
        "score",
        "patterns",
        "names",
        "payments",
        "totals",
        "wall_seed",
    }
)
PRIVATE = ("viewer", "you", "actions", "standing")  # a frame's fields that are the viewer's own


def _counts(text: str) -> Counter[int]:
    return Counter(int(tile) for tile in parse_tiles(text))


def assert_frame_rule(frame: Mapping[str, Any], *, open_hands: bool = False) -> None:
    """``frame`` keeps SPEC §7's rule (``open_hands``: the table's rules show every hand)."""
    assert set(frame) <= FRAME_FIELDS, f"fields this checker does not know: {set(frame) - FRAME_FIELDS}"
    assert frame["type"] == "frame" and isinstance(frame["version"], int)
    played = frame["state"] == "playing"
    viewer = frame["viewer"]
    own: Mapping[str, Any] | None = None
    for seat in frame["seats"]:
        assert set(seat) <= SEAT_FIELDS, f"seat fields this checker does not know: {set(seat) - SEAT_FIELDS}"
        for text in (*seat["discards"], *seat["bonus"], *(meld["tiles"] for meld in seat["melds"])):
            assert _TILES.fullmatch(text), text
        if seat["wind"] == viewer:
            own = seat
        elif played and not open_hands:
            assert "hand" not in seat, f"seat {seat['wind']}'s concealed tiles reach {viewer}"
        if "hand" in seat:
            assert len(seat["hand"]) == seat["concealed"] or not played
    for name in ("table", "commitment", "round_wind", "host", "turn"):  # no tile hides in a plain field
        value = frame.get(name)
        assert value is None or not _TILES.fullmatch(str(value)) or name == "table", (name, value)
    for wind in frame["awaited"]:
        assert wind in "ESWN"
    if frame["result"] is not None:
        assert set(frame["result"]) <= RESULT_FIELDS
        assert not played, "a result while a hand is played"
    allowed: Counter[int] = Counter()
    if own is not None:
        allowed += _counts("".join(own.get("hand", [])))
        allowed += _counts("".join(meld["tiles"] for meld in own["melds"]))
    if frame["discard"] is not None:
        assert set(frame["discard"]) == {"tile", "seat"}
        allowed += _counts(frame["discard"]["tile"])
    for action in frame["actions"]:
        assert set(action) <= {"action", "tiles", "seat"}, action
        if "tiles" in action:
            wanted = _counts(action["tiles"])
            assert not wanted - allowed, f"{action} names tiles that are not the viewer's to name"
    if not played:
        return
    assert frame["standing"] is None or set(frame["standing"]) == {"auto_win", "no_calls", "auto_discard"}


def public_part(frame: Mapping[str, Any], *, open_hands: bool = False) -> dict[str, Any]:
    """What every viewer of one version must be shown alike: the frame without the viewer's own fields
    and, while a hand is played, the hand of their own seat (every seat's, at a table of open hands,
    where the viewer's own hand also says which tile they drew)."""
    public = {key: value for key, value in frame.items() if key not in PRIVATE}
    seats = []
    for seat in frame["seats"]:
        if frame["state"] == "playing" and (open_hands or seat["wind"] == frame["viewer"]):
            seat = {key: value for key, value in seat.items() if key not in ("hand", "drawn")}
        seats.append(seat)
    public["seats"] = seats
    return public


def assert_same_public(frames: Iterable[Mapping[str, Any]], *, open_hands: bool = False) -> None:
    """The frames (of one table at one version, one per viewer) show the same public table."""
    shown = [public_part(frame, open_hands=open_hands) for frame in frames]
    for frame in shown[1:]:
        assert frame == shown[0], "two viewers of one version are shown different public tables"
