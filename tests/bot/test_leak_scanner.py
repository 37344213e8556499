"""The leak scanner itself: it must find a secret tile wherever it is sent to the wrong reader."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.players import make_player
from game.players.autoplay import play_round
from game.round import Round
from game.rules import ruleset
from game.tiles import tile_name
from tests.bot.leak_scanner import leaks, secret_kinds


@dataclass
class _Interaction:
    user_id: int


@dataclass
class _Call:
    method: str
    route: str
    json: Any
    files: list[Any] = field(default_factory=list)
    interaction: _Interaction | None = None


def _played_record():
    hand = Round.deal(ruleset("classic"), 5)
    play_round(hand, [make_player("basic") for _ in range(4)], random.Random(5))
    return hand.record()


def test_a_secret_tile_sent_publicly_or_to_another_member_is_found_and_to_its_owner_is_not():
    secrets = secret_kinds([_played_record()])
    seat, kinds = next((seat, kinds) for seat, kinds in secrets[0].items() if kinds)
    tile = sorted(kinds)[0]
    members = {0: 10, 1: 11, 2: 12, 3: 13}
    other = members[(seat + 1) % 4]
    public = _Call("POST", "/channels/{channel_id}/messages", {"content": f"look: {tile.code}"})
    in_alt_text = _Call("PATCH", "/channels/{channel_id}/messages/{message_id}",
                        {"attachments": [{"filename": "t.png", "description": tile_name(tile, "fr")}]})
    to_other = _Call("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                     {"type": 4, "data": {"content": "", "components": [{"emoji": {"name": f"mj_{tile.code}"}}]}},
                     interaction=_Interaction(other))
    to_owner = _Call("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                     {"type": 4, "data": {"content": tile_name(tile, "en")}}, interaction=_Interaction(members[seat]))
    found = leaks([public, in_alt_text, to_other, to_owner], secrets, members)
    assert len(found) == 3 and all(f"seat {seat}'s {tile.code}" in line for line in found)
    assert leaks([to_owner], secrets, members) == []


def test_public_tiles_are_never_secret():
    record = _played_record()
    hand = Round.from_record(record)
    public = {item.tile for seat in hand.view(None).seats for item in seat.discards}
    assert all(not (kinds & public) for kinds in secret_kinds([record])[0].values())
