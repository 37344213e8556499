"""The leak scanner itself: it must find a secret tile wherever it is sent to the wrong reader."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.players import make_player
from game.players.autoplay import play_round
from game.round import Round
from game.rules import ruleset
from tests.bot.leak_scanner import hand_of_call, leaks, match_leaks, secret_kinds
from words.tiles import tile_name


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
    in_alt_text = _Call(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        {"attachments": [{"filename": "t.png", "description": tile_name(tile, "fr")}]},
    )
    to_other = _Call(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        {"type": 4, "data": {"content": "", "components": [{"emoji": {"name": f"mj_{tile.code}"}}]}},
        interaction=_Interaction(other),
    )
    to_owner = _Call(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        {"type": 4, "data": {"content": tile_name(tile, "en")}},
        interaction=_Interaction(members[seat]),
    )
    found = leaks([public, in_alt_text, to_other, to_owner], secrets, members)
    assert len(found) == 3 and all(f"seat {seat}'s {tile.code}" in line for line in found)
    assert leaks([to_owner], secrets, members) == []


def test_public_tiles_are_never_secret():
    record = _played_record()
    hand = Round.from_record(record)
    public = {item.tile for seat in hand.view(None).seats for item in seat.discards}
    assert all(not (kinds & public) for kinds in secret_kinds([record])[0].values())


def test_over_a_match_each_request_is_read_against_the_hand_its_buttons_belong_to():
    records = [_played_record(), _played_record()]
    secrets = secret_kinds(records)
    seat, kinds = next((seat, kinds) for seat, kinds in secrets[0].items() if kinds)
    tile = sorted(kinds)[0]
    members = {0: 10, 1: 11, 2: 12, 3: 13}
    other = members[(seat + 1) % 4]
    last_steps = [40, 90]

    def private_to(member: int, step: int) -> _Call:
        return _Call(
            "PATCH",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
            {"content": tile.code, "components": [{"custom_id": f"mj1:abcdefgh:{step}:d:0"}]},
            interaction=_Interaction(member),
        )

    # the same deal twice: seat's secret of hand 0 is its secret in hand 1 too, so both are leaks
    assert (
        len(match_leaks([private_to(other, 12), private_to(other, 60)], records, last_steps, "abcdefgh", members)) == 2
    )
    # a request of another table's buttons, or a member's own answer without buttons, is not this match's
    assert match_leaks([private_to(other, 12)], records, last_steps, "zzzzzzzz", members) == []
    own = _Call(
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        {"content": tile.code},
        interaction=_Interaction(other),
    )
    assert match_leaks([own], records, last_steps, "abcdefgh", members) == []
    # a public request without buttons is read against every hand
    public = _Call("POST", "/channels/{channel_id}/messages", {"content": f"look: {tile.code}"})
    assert len(match_leaks([public], records, last_steps, "abcdefgh", members)) == 2
    assert hand_of_call(private_to(other, 41), "abcdefgh", last_steps) == 1
    replayed = _Call("POST", "/x", {"components": [{"custom_id": "mjp1:3:abcdefgh:1"}]})
    assert hand_of_call(replayed, "abcdefgh", last_steps) == 1
