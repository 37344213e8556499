"""Solvable deals: built from a working removal order, reproducible from a seed; the daily deal.

Generation plays a game on a face-down board: pick two free positions at random, remove them, repeat
until the board is empty; then pour 72 shuffled pairs of faces onto that removal order. The order is a
solution by construction and is kept as ``Deal.solution``.

On the pyramid about one attempt in five dead-ends (almost always the last two tiles stacked in one
column). The way out is a seeded restart: the same generator simply keeps drawing, so the deal stays a
pure function of the seed, with at most ``MAX_ATTEMPTS`` attempts (0.2^64 ≈ 10^-45 chance to reach it;
reaching it raises ``DealGenerationFailed`` rather than ever handing out an unsolvable board). Nothing
here reads a clock.

Seeds are integers in ``[0, 2**53)`` (exact in JSON and JavaScript). A free-play deal is
``deal_for_seed(n)``. The daily seed comes from the UTC date and the deployment secret through
HMAC-SHA256 (plain SHA-256 of the date when no secret is set); candidates 0, 1, 2… are tried in order
and the first whose difficulty lies in ``DAILY_BAND`` is the day's deal (see ``difficulty.py``).

Every version constant below is part of the seed strings: changing the generator, the pyramid, the
difficulty measure or the band needs a new version, and the golden tests pin the current ones.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from game.solitaire.board import Board
from game.solitaire.difficulty import DIFFICULTY_VERSION, stuck_rate
from game.solitaire.layout import PYRAMID, PYRAMID_REVISION, Layout
from game.solitaire.prng import PRNG_VERSION, Xoshiro128
from game.tiles import BONUS_TILES, PLAYING_TILES, Tile

GENERATOR_VERSION = 1
DAILY_VERSION = 1
MAX_ATTEMPTS = 64
SEED_LIMIT = 1 << 53

DAILY_BAND = (0.25, 0.75)
"""Accepted share of stuck games among the seeded random players (``difficulty.stuck_rate``)."""
DAILY_MAX_CANDIDATES = 32

_SEED_PREFIX = f"mahjong-bot/solitaire/prng-v{PRNG_VERSION}/gen-v{GENERATOR_VERSION}/pyramid-r{PYRAMID_REVISION}"
_DAILY_PREFIX = f"mahjong-bot/solitaire/daily-v{DAILY_VERSION}/difficulty-v{DIFFICULTY_VERSION}"


class DealGenerationFailed(RuntimeError):
    """Every seeded attempt dead-ended: never expected on the pyramid, but never papered over either."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal: its seed, the face at each position id, and the removal order it was built from."""

    seed: int
    faces: tuple[Tile, ...]
    solution: tuple[tuple[int, int], ...]

    def board(self) -> Board:
        """The full board of this deal on the pyramid."""
        return Board.full(self.faces, PYRAMID)

    def digest(self) -> str:
        """SHA-256 (hex) of the faces in id order, space-separated codes: pins a deal in golden tests."""
        return hashlib.sha256(" ".join(face.code for face in self.faces).encode()).hexdigest()


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a deal seed is an integer from 0 to 2**53 - 1, not {seed!r}")
    return seed


def removal_order(layout: Layout, rng: Xoshiro128, max_attempts: int = MAX_ATTEMPTS) -> list[tuple[int, int]]:
    """A random order that empties ``layout`` two free tiles at a time, restarting on a dead end."""
    for _ in range(max_attempts):
        present = layout.full
        order: list[tuple[int, int]] = []
        while present:
            free = layout.free_ids(present)
            if len(free) < 2:
                break
            a = free.pop(rng.below(len(free)))
            b = free[rng.below(len(free))]
            order.append((min(a, b), max(a, b)))
            present &= ~(1 << a | 1 << b)
        else:
            return order
    raise DealGenerationFailed(f"no removal order found in {max_attempts} attempts")


def face_pairs(rng: Xoshiro128) -> list[tuple[Tile, Tile]]:
    """The 72 pairs of the 144 tiles in shuffled order: two pairs of each kind, flowers and seasons paired at random."""
    pairs = [(tile, tile) for tile in PLAYING_TILES for _ in range(2)]
    for family in (list(BONUS_TILES[:4]), list(BONUS_TILES[4:])):
        rng.shuffle(family)
        pairs += [(family[0], family[1]), (family[2], family[3])]
    rng.shuffle(pairs)
    return pairs


def deal_for_seed(seed: int) -> Deal:
    """The free-play deal of ``seed`` (0 ≤ seed < 2**53): the same deal for the same seed, always."""
    return _dealt(check_seed(seed))


# A stored game names its deal by seed and is replayed from it at every read (each pick, each redraw):
# generating a deal takes some 4 ms, and the games in play at once are few.
@lru_cache(maxsize=1024)
def _dealt(seed: int) -> Deal:
    rng = Xoshiro128.from_seed(f"{_SEED_PREFIX}/seed/{seed}".encode())
    order = removal_order(PYRAMID, rng)
    faces: dict[int, Tile] = {}
    for (a, b), (face_a, face_b) in zip(order, face_pairs(rng), strict=True):
        faces[a], faces[b] = face_a, face_b
    return Deal(seed, tuple(faces[i] for i in range(len(PYRAMID))), tuple(order))


def daily_candidate_seed(day: date, candidate: int, secret: bytes | None = None) -> int:
    """The seed of the ``candidate``-th daily candidate of ``day``: HMAC(secret, versioned date) to 53 bits."""
    message = f"{_DAILY_PREFIX}/{day.isoformat()}/candidate/{candidate}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest() if secret else hashlib.sha256(message).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def deal_for_date(day: date, secret: bytes | None = None) -> Deal:
    """The daily deal of the UTC date ``day`` on a deployment with this secret (None: from the date alone).

    The first candidate whose difficulty lies in ``DAILY_BAND`` wins; if none of the
    ``DAILY_MAX_CANDIDATES`` does, the one closest to the band (first on ties), so a day always has a deal.
    """
    low, high = DAILY_BAND
    best: tuple[float, Deal] | None = None
    for candidate in range(DAILY_MAX_CANDIDATES):
        deal = deal_for_seed(daily_candidate_seed(day, candidate, secret))
        rate = stuck_rate(deal.board(), deal.seed)
        distance = max(low - rate, rate - high, 0.0)
        if distance == 0.0:
            return deal
        if best is None or distance < best[0]:
            best = (distance, deal)
    assert best is not None
    return best[1]


def utc_day(moment: datetime) -> date:
    """The UTC date of an aware ``moment``: the daily deal changes at 00:00 UTC."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("the daily deal needs an aware datetime (a naive one has no defined UTC date)")
    return moment.astimezone(UTC).date()


def next_rollover(moment: datetime) -> datetime:
    """The next 00:00 UTC after ``moment``: when the current daily deal ends."""
    day = utc_day(moment)
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)
