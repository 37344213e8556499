"""SPEC §7's rule over the table's frames, checked from the frames alone (as a page receives them), so the
engine's tests, the socket tests and the browser tests hold every frame they see to it:

- while a hand is played, no tile face outside the viewer's own ``hand``, the seats' ``discards``,
  ``melds`` and ``bonus``, the open ``discard`` and the viewer's own ``actions``, whose tiles come from
  the viewer's hand, their own sets (an added kong) or the open discard;
- every field is one this checker knows (a field added later must be added here, saying whether it
  carries a tile);
- the public parts of the frames of one version are the same for every viewer;
- the ``log`` (SPEC §7.1), the one more field that may hold faces, holds only faces already public:
  while a hand is played each discard is in its seat's discards or a set (claimed), each bonus tile
  in its seat's bonus tiles, each set within one of its seat's sets, a draw names no tile, and no
  mahjong is logged before the hand is over.
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
        "computer_level",
        "log",  # faces already public only: checked below
        "dealer",
        "ready",
        "sheet",  # no tile
        "ratings",  # numbers only: checked below
        "tournament",  # a tournament table's: its tournament's id, no tile
        "behind",  # a tournament table watched one hand behind (SPEC §9): true, no tile
    }
)
SEAT_FIELDS = frozenset(
    {
        "wind",
        "name",
        "kind",
        "score",
        "concealed",
        "discards",
        "melds",
        "bonus",
        "away",
        "calling",
        "hand",
        "drawn",
        "bank",
        "level",
    }
)
LOG_EVENTS = frozenset({"discard", "chow", "pung", "kong", "concealed-kong", "bonus", "mahjong", "draw"})
SHEET_FIELDS = frozenset({"hand", "winner", "score", "self_drawn", "payments", "names"})
RESULT_FIELDS = frozenset(
    {
        "winner",
        "winning_tile",
        "self_drawn",
        "discarder",
        "score",
        "patterns",
        "breakdown",
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
    for name in ("table", "commitment", "round_wind", "host", "turn", "dealer", "computer_level"):  # no tile here
        value = frame.get(name)
        assert value is None or not _TILES.fullmatch(str(value)) or name == "table", (name, value)
    for wind in (*frame["awaited"], *frame["ready"]):
        assert wind in "ESWN"
    for rating in frame.get("ratings", []):  # (a replay's steps have none)
        assert set(rating) == {"wind", "before", "after"} and rating["wind"] in "ESWN", rating
        assert frame["state"] == "match-over" and type(rating["before"]) is type(rating["after"]) is int
    for row in frame["sheet"]:
        assert set(row) == SHEET_FIELDS and row["winner"] in (None, "E", "S", "W", "N"), row
    _check_log(frame)
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


def _check_log(frame: Mapping[str, Any]) -> None:
    """The log's entries are well formed, and while a hand is played name only public faces."""
    played = frame["state"] == "playing"
    seats = {seat["wind"]: seat for seat in frame["seats"]}
    claimed = "".join(meld["tiles"] for seat in frame["seats"] for meld in seat["melds"])
    open_discard = "" if frame["discard"] is None else frame["discard"]["tile"]
    for entry in frame["log"]:
        assert set(entry) == {"seat", "event", "tiles"} and entry["event"] in LOG_EVENTS, entry
        assert entry["seat"] in seats, entry
        event, tiles = entry["event"], entry["tiles"]
        if event == "draw":
            assert tiles == "", f"a draw names its tile: {entry}"
            continue
        assert _TILES.fullmatch(tiles), entry
        if not played:
            continue
        seat = seats[entry["seat"]]
        if event == "mahjong":
            raise AssertionError(f"a mahjong logged while the hand is played: {entry}")
        if event == "discard":
            assert tiles in seat["discards"] or tiles == open_discard or not _counts(tiles) - _counts(claimed), entry
        elif event == "bonus":
            assert tiles in seat["bonus"], entry
        else:  # a set: within one of the seat's sets (a pung since made a kong included)
            assert any(not _counts(tiles) - _counts(meld["tiles"]) for meld in seat["melds"]), entry


def public_part(frame: Mapping[str, Any], *, open_hands: bool = False) -> dict[str, Any]:
    """What every viewer of one version must be shown alike: the frame without the viewer's own fields
    and, while a hand is played, the hand of their own seat (every seat's, at a table of open hands,
    where the viewer's own hand also says which tile they drew)."""
    public = {key: value for key, value in frame.items() if key not in PRIVATE}
    seats = []
    for seat in frame["seats"]:
        if frame["state"] == "playing" and (open_hands or seat["wind"] == frame["viewer"]):
            seat = {key: value for key, value in seat.items() if key not in ("hand", "drawn")}
        if seat["kind"] == "computer":  # a computer is named in each viewer's language ("Strong 1", "Fort 1")
            seat = {key: value for key, value in seat.items() if key != "name"}
        seats.append(seat)
    public["seats"] = seats
    if public.get("result") is not None:  # its patterns named in each viewer's language
        public["result"] = {key: value for key, value in public["result"].items() if key != "names"}
    if public.get("sheet"):  # the seats' names of each past hand, its computers' in each viewer's language
        public["sheet"] = [{key: value for key, value in row.items() if key != "names"} for row in public["sheet"]]
    return public


def assert_same_public(frames: Iterable[Mapping[str, Any]], *, open_hands: bool = False) -> None:
    """The frames (of one table at one version, one per viewer) show the same public table."""
    shown = [public_part(frame, open_hands=open_hands) for frame in frames]
    for frame in shown[1:]:
        assert frame == shown[0], "two viewers of one version are shown different public tables"
