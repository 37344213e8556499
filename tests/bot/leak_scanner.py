"""Reads every request the bot sent and finds any concealed tile that reached someone who may not see it.

For each hand the bot played (replayed from its record), a seat's *secret kinds* are the tile kinds it
held at some moment that no other seat ever held and that never became public (a discard, a set, a
bonus tile, the winning hand): any mention of such a kind in a message that is not the seat's own
private answer can only come from a leak. A mention is the tile's code (``5p``), its name or label
in either language, or its emoji's name, in a message's text, its components (labels, emojis, custom
ids), its embeds, or its attachments' file names and descriptions. Pixels are not read: images are
drawn from views, which the engine's tests check never hold another seat's tiles.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from game.record import HandRecord
from game.round import Round
from game.tiles import Tile
from render.tiles import emoji_name
from words import LANGS
from words.tiles import tile_label, tile_name


def secret_kinds(records: Iterable[HandRecord]) -> list[dict[int, set[Tile]]]:
    """For each hand, seat -> the kinds only that seat ever held and nobody ever saw."""
    secrets = []
    for record in records:
        hand = Round.deal(record.ruleset, record.seed, dealer=record.dealer, round_wind=record.round_wind)
        seats = record.ruleset.seats
        held: dict[int, set[Tile]] = {seat: set() for seat in seats}
        public: set[Tile] = set()
        for action in (None, *record.actions):
            if action is not None:
                hand.apply(action)
            for seat in seats:
                held[seat] |= set(hand.concealed(seat))
            for seen in hand.view(None).seats:
                public |= {item.tile for item in seen.discards} | set(seen.bonus)
                for meld in seen.melds:
                    chow = meld.kind.value == "chow"
                    public |= {Tile(meld.base + step) for step in range(3)} if chow else {meld.base}
        result = hand.result
        if result is not None and result.win is not None:
            public |= set(result.win.concealed)
        secrets.append(
            {
                seat: held[seat] - public - set().union(*(held[other] for other in seats if other != seat))
                for seat in seats
            }
        )
    return secrets


def mentions(tile: Tile) -> list[re.Pattern[str]]:
    words = {tile.code, emoji_name(tile, "en"), *(tile_name(tile, lang) for lang in LANGS)}
    words |= {label for label in (tile_label(tile, lang) for lang in LANGS) if len(label) >= 4}
    return [re.compile(rf"(?<![0-9A-Za-z]){re.escape(word)}(?![0-9A-Za-z])") for word in words]


def sent_texts(call: Any) -> Iterator[str]:
    """Every piece of text a request carried to its readers."""
    payload = call.json
    if not isinstance(payload, dict):
        return
    data = payload.get("data") if "type" in payload and isinstance(payload.get("data"), dict) else payload
    if not isinstance(data, dict):
        return
    for key in ("content",):
        if isinstance(data.get(key), str):
            yield data[key]
    yield json.dumps(data.get("components", []), ensure_ascii=False)
    yield json.dumps(data.get("embeds", []), ensure_ascii=False)
    for attachment in data.get("attachments", []) or []:
        yield str(attachment.get("filename", "")) + " " + str(attachment.get("description", ""))
    for file in call.files or []:
        yield str(file.filename) + " " + str(file.description or "")


def audience(call: Any) -> int | None:
    """The member a request was only for (a private answer to their own interaction), else None: public."""
    interaction = getattr(call, "interaction", None)
    if interaction is None or not call.route.startswith(("/interactions/", "/webhooks/")):
        return None
    return int(interaction.user_id)


def leaks(calls: Iterable[Any], secrets: list[dict[int, set[Tile]]], member_of_seat: dict[int, int]) -> list[str]:
    """Every (request, seat, tile) where a secret tile of that seat went to someone else."""
    patterns = {tile: mentions(tile) for tile in Tile}
    found = []
    for call in calls:
        reader = audience(call)
        texts = list(sent_texts(call))
        for hand_secrets in secrets:
            for seat, kinds in hand_secrets.items():
                if reader is not None and reader == member_of_seat.get(seat):
                    continue
                for tile in kinds:
                    if any(pattern.search(text) for pattern in patterns[tile] for text in texts):
                        found.append(f"{call.method} {call.route}: seat {seat}'s {tile.code} to {reader or 'everyone'}")
    return found


_TABLE_STEP = re.compile(r"mj1:(?P<table>[a-z0-9]{8}):(?P<step>\d+):")
_REPLAYED = re.compile(r"mjp1:\d+:(?P<table>[a-z0-9]{8}):(?P<number>\d+)")


def hand_of_call(call: Any, table_id: str, last_steps: list[int]) -> int | None:
    """The hand of a match a request belongs to, read from its buttons: a table button's step falls in
    one hand's steps (``last_steps[k]`` is hand ``k``'s last step, its result's), a replay button names
    its hand. None when the request has no such button."""
    components = "".join(text for text in sent_texts(call) if text.startswith("["))
    replayed = [int(found["number"]) for found in _REPLAYED.finditer(components) if found["table"] == table_id]
    if replayed:
        return replayed[0]
    steps = [int(found["step"]) for found in _TABLE_STEP.finditer(components) if found["table"] == table_id]
    if not steps:
        return None
    step = max(steps)
    return next((number for number, last in enumerate(last_steps) if step <= last), None)


def match_leaks(
    calls: Iterable[Any],
    records: list[HandRecord],
    last_steps: list[int],
    table_id: str,
    member_of_seat: dict[int, int],
) -> list[str]:
    """``leaks`` over a whole match: each request is read against the secrets of the hand it belongs to
    (a tile only one seat held in one hand may be another seat's in the next). A public request with no
    button is read against every hand; a private one with no button (a member's own answer) is not."""
    secrets = secret_kinds(records)
    found = []
    for call in calls:
        number = hand_of_call(call, table_id, last_steps)
        if number is None and audience(call) is not None:
            continue
        chosen = secrets if number is None else secrets[number : number + 1]
        found += leaks([call], chosen, member_of_seat)
    return found
