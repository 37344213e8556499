"""Token buckets in memory: at most so many requests a second per key (a player, an address).

A bucket holds up to ``burst`` tokens and gains ``per_second`` a second; a request takes one, and
a request that finds none is refused. The clock is passed in (tests move it by hand). Kept in this
process only: a flood spread over several web processes meets each one's limit, which still bounds
it, and a lost bucket (a restart) only forgives.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rate:
    per_second: float
    burst: float

    def __post_init__(self) -> None:
        if self.per_second <= 0 or self.burst < 1:
            raise ValueError("a rate gains tokens and holds at least one")


@dataclass(frozen=True, slots=True)
class RateLimits:
    """The page's limits: 20 requests a second per player and 60 per address (the contract's), a
    hint (up to half a second of the solver) every two seconds per player, three in a row, and, in the
    Activity, five calls to Discord on the page's behalf (a token exchange, a session) a second per
    address, twenty in a row. Behind Discord's proxy every launch comes from its few addresses, so that
    is close to the budget of all launches at once (a launch makes two): ten in a row, then two and a
    half a second, a twentieth of the bot's 50 requests a second to Discord. A new web game (the
    first answer to a browser without a cookie, or a new deal) thirty in a row per address, then one
    every five seconds: a school or a carrier's many players share one address, a script that opens
    games without playing them is kept to what ``UNPLAYED_SECONDS`` then drops.

    The table page (``web.table_routes``, ``web.table_sockets``): a new table ten in a row per address,
    then one every ten seconds (a table is a live document the clock moves until its idle limit); a
    socket opened as often as a request (``address``); its messages ten a second, twenty in a row (a
    move is a tap: a page sends a few a second at most), a hint (the strong player's search, in a worker
    thread) one every two seconds per socket and per player, none in a row; at most ``sockets_per_player`` sockets open
    for one player (their tabs) and ``sockets_per_address`` for one address (a socket in the Activity
    counts as its member's once its session is said: Discord's proxy is every member's address). A
    hand's replay (``web.replay_routes``): its page as often as a request (``address``), its steps (a
    hand replayed from each step, some 20 ms of a worker thread) ten in a row per address, then two a
    second: a page asks once, and once more per seat chosen."""

    player: Rate = Rate(20.0, 20.0)
    address: Rate = Rate(60.0, 60.0)
    hint: Rate = Rate(0.5, 3.0)
    discord: Rate = Rate(5.0, 20.0)
    new_game: Rate = Rate(0.2, 30.0)
    new_table: Rate = Rate(0.1, 10.0)
    socket_message: Rate = Rate(10.0, 20.0)
    table_hint: Rate = Rate(0.5, 1.0)
    replay_steps: Rate = Rate(2.0, 10.0)
    sockets_per_player: int = 8
    sockets_per_address: int = 32


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class TokenBuckets:
    """One bucket per key. ``kept`` bounds the memory a flood of new keys can take: past it, the buckets
    that have filled up again are dropped (one that is full is the same as one never made)."""

    def __init__(self, rate: Rate, clock: Callable[[], float], kept: int = 50_000) -> None:
        self._rate = rate
        self._clock = clock
        self._kept = kept
        self._buckets: dict[Hashable, _Bucket] = {}

    def take(self, key: Hashable) -> bool:
        """Take one token from ``key``'s bucket: False (and nothing taken) when it is empty."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._kept:
                self._forget_full(now)
            bucket = self._buckets[key] = _Bucket(self._rate.burst, now)
        else:
            # a wall clock may step back a little: time never runs backwards for a bucket
            gained = max(0.0, now - bucket.at) * self._rate.per_second
            bucket.tokens = min(self._rate.burst, bucket.tokens + gained)
            bucket.at = max(bucket.at, now)
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def __len__(self) -> int:
        return len(self._buckets)

    def _forget_full(self, now: float) -> None:
        refill = self._rate.burst / self._rate.per_second
        for key in [key for key, bucket in self._buckets.items() if now - bucket.at >= refill]:
            del self._buckets[key]
