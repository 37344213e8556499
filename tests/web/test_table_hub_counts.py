"""The hub counts its open sockets by address and by player as they open, close and change hands, so the
limits ask in constant time; the counts are always those a count over every socket gives."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import cast

from aiohttp import web

from core.events import Events
from core.tables.moves import Actor
from core.tables.service import TableService
from data.broadcast import MemoryBroadcast
from web.table_hub import TableHub, Viewer

ADDRESSES = ("10.0.0.1", "10.0.0.2", None)
ACTORS = (Actor(1, 0), Actor(2, 0), Actor(1, 7), None)


def recount(hub: TableHub) -> tuple[Counter[str], Counter[tuple[int, int | None]]]:
    addresses: Counter[str] = Counter()
    players: Counter[tuple[int, int | None]] = Counter()
    for viewer in hub.viewers():
        if viewer.address is not None:
            addresses[viewer.address] += 1
        if viewer.actor is not None:
            players[(viewer.actor.member_id, viewer.actor.guild_id)] += 1
    return addresses, players


def test_the_counts_follow_sockets_opening_closing_and_changing_hands() -> None:
    hub = TableHub(cast(TableService, None), Events(MemoryBroadcast()), time.time)
    rng = random.Random(5)
    viewers: list[Viewer] = []
    for _ in range(2000):
        roll = rng.random()
        if roll < 0.45 or not viewers:
            viewer = Viewer(web.WebSocketResponse(), rng.choice(("t1", "t2")), rng.choice(ACTORS), "en", None)
            viewer.address = rng.choice(ADDRESSES)
            assert hub.watch(viewer)
            hub.watch(viewer)  # watched twice: counted once
            viewers.append(viewer)
        elif roll < 0.8:
            viewer = viewers.pop(rng.randrange(len(viewers)))
            hub.unwatch(viewer)
            hub.unwatch(viewer)  # a socket closed twice: counted off once
        else:  # an Activity's hello: the socket plays a member from now on, and no longer counts for its address
            hub.became(rng.choice(viewers), Actor(rng.choice((3, 4)), 9))
        addresses, players = recount(hub)
        for address in ("10.0.0.1", "10.0.0.2"):
            assert hub.open_at(address) == addresses[address]
        for actor in (*ACTORS, Actor(3, 9), Actor(4, 9)):
            if actor is not None:
                assert hub.open_for(actor) == players[(actor.member_id, actor.guild_id)]
    for viewer in viewers:
        hub.unwatch(viewer)
    assert hub.open_at("10.0.0.1") == hub.open_at("10.0.0.2") == 0 and hub.open_for(Actor(1, 0)) == 0
