"""Exact per-part tables behind regular-hand shanten, win detection, waits and useful tiles.

A regular hand that must still make ``n`` sets is measured against every complete hand of ``n``
sets and a pair that the tile set allows (never more than four copies of a kind). Its shanten is
``3n + 1`` minus the largest number of its tiles such a complete hand keeps (the *overlap*): each
tile not kept costs one exchange, and the last exchange is the winning draw. Counting copies
exactly is what the usual "sets, partial sets, pair" formula gets wrong when a hand holds all four
copies of a tile that a partial set or the pair would need.

Sets never cross the four parts of a hand (three suits, honours), so the overlap splits: each
part gets a *table*, ``table[2 * m + p]`` = the largest overlap of the part with at most ``m``
sets and at most ``p`` pairs (``m`` ≤ 4, ``p`` ≤ 1), and the hand's overlap is the best way to
share the ``n`` sets and the one pair between the parts.

Everything is memoised on a part's counts, and every distinct table gets a small integer id so
that combining two parts is one dictionary look-up once it has been seen: a bot or a simulation
analyses each suit pattern once per process. The caches only grow (``clear_caches`` empties
them); the suit patterns real hands produce bound them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final, TypeVar

from game.errors import InvalidHand

SETS_MAX = 4  # a hand never needs more than four sets
TABLE_SIZE = 2 * (SETS_MAX + 1)
Table = tuple[int, ...]
Pattern = tuple[int, ...]  # the counts of one part: 9 ranks of a suit, or the 7 honours
_COPIES = range(5)

# Win-shape status of one part: its tiles form sets only, sets and one pair, or neither. The
# values add up over the four parts to exactly PAIRED for a complete hand and only then.
SETS_ONLY: Final = 0
PAIRED: Final = 1
BROKEN: Final = 2

_K = TypeVar("_K")
_V = TypeVar("_V")


class _Memo(dict[_K, _V]):
    """A dictionary that computes a missing value once; hits cost one plain look-up."""

    __slots__ = ("_compute",)

    def __init__(self, compute: Callable[[_K], _V]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, key: _K) -> _V:
        value = self._compute(key)
        self[key] = value
        return value


# --- table registry -------------------------------------------------------------------------------

# A *part* is (tiles held, table); parts are interned to small integer ids so that every later
# step is keyed by a pair of ints. Carrying the tiles held lets the last step know ``n`` without
# summing the hand again.
Part = tuple[int, Table]
_PARTS: list[Part] = []
_PART_IDS: dict[Part, int] = {}


def _intern(part: Part) -> int:
    found = _PART_IDS.get(part)
    if found is None:
        found = _PART_IDS[part] = len(_PARTS)
        _PARTS.append(part)
    return found


def part_of(part_id: int) -> Part:
    return _PARTS[part_id]


def _monotone(best: list[int]) -> Table:
    """Turn "exactly m sets, p pairs" into "at most": a set or the pair can always go on tiles not held."""
    for m in range(SETS_MAX + 1):
        if m:
            best[2 * m] = max(best[2 * m], best[2 * m - 2])
            best[2 * m + 1] = max(best[2 * m + 1], best[2 * m - 1])
        best[2 * m + 1] = max(best[2 * m + 1], best[2 * m])
    return tuple(best)


EMPTY = _intern((0, _monotone([0] * TABLE_SIZE)))


def _combine(ids: tuple[int, int]) -> int:
    """The part made of two parts: the sets and the pair shared between them in the best way."""
    (held, first), (more, second) = _PARTS[ids[0]], _PARTS[ids[1]]
    best = [0] * TABLE_SIZE
    for m in range(SETS_MAX + 1):
        for p in (0, 1):
            best[2 * m + p] = max(
                first[2 * k + q] + second[2 * (m - k) + p - q] for k in range(m + 1) for q in range(p + 1)
            )
    return _intern((held + more, tuple(best)))


COMBINED: _Memo[tuple[int, int], int] = _Memo(_combine)


def _sets_needed(held: int) -> int:
    """How many sets concealed tiles must still make (3n + 1 or 3n + 2 tiles, at most 14)."""
    if held % 3 == 0 or held > 14:
        raise InvalidHand(f"a concealed hand has 3n + 1 or 3n + 2 tiles (at most 14), not {held}")
    return held // 3


def _best_overlap(first: Part, second: Part, sets: int) -> int:
    """The largest overlap of two parts sharing exactly ``sets`` sets and the one pair."""
    return max(first[1][2 * k + q] + second[1][2 * (sets - k) + 1 - q] for k in range(sets + 1) for q in (0, 1))


def _shanten(ids: tuple[int, int]) -> int:
    first, second = _PARTS[ids[0]], _PARTS[ids[1]]
    sets = _sets_needed(first[0] + second[0])
    return 3 * sets + 1 - _best_overlap(first, second, sets)


# The regular shanten of a hand split into two parts (raises InvalidHand for an impossible size).
SHANTEN: _Memo[tuple[int, int], int] = _Memo(_shanten)


# --- one suit -------------------------------------------------------------------------------------


@cache
def _segment_table(held: bytes, left: int, right: int) -> Table:
    """The table of a run of held ranks with ``left``/``right`` free ranks beside it inside the suit.

    A dynamic programme over ranks. At each rank it chooses how many chows start there, whether a
    pung and whether the pair sit there; the tiles those sets would hold at the rank (never more
    than four) keep ``min(held, placed)`` of the hand's tiles. The state carries the chows still
    covering the next ranks, the sets used and whether the pair is placed.
    """
    ranks = bytes(left) + held + bytes(right)
    last_start = min(left + len(held) - 1, len(ranks) - 3)  # a chow must hold a tile and fit the suit
    limit = min(SETS_MAX, sum(held))  # a set that keeps none of the tiles is never needed
    # state = ((chows covering this rank * 5 + chows started on the previous rank) * 5 + sets) * 2
    # + pairs, mapped to the best overlap so far; plain integers and no calls keep this cold path quick.
    states = {0: 0}
    for rank, count in enumerate(ranks):
        following: dict[int, int] = {}
        get = following.get
        # More chows starting here than the most tiles held on one of their ranks: the extra one
        # would keep nothing, so it is never needed.
        useful_chows = max(ranks[rank : rank + 3]) if rank <= last_start else 0
        for state, kept in states.items():
            pairs = state & 1
            sets = (state >> 1) % 5
            started = (state // 10) % 5
            covering = state // 50
            most_chows = useful_chows
            if most_chows > 4 - covering:
                most_chows = 4 - covering
            if most_chows > limit - sets:
                most_chows = limit - sets
            for chows in range(most_chows + 1):
                placed = covering + chows
                base = ((started + chows) * 5 + chows) * 5 + sets + chows
                value = kept + (count if count < placed else placed)
                if get(base * 2 + pairs, -1) < value:
                    following[base * 2 + pairs] = value
                if count <= placed:
                    continue  # a pung or the pair here would keep nothing more
                if placed <= 1 and sets + chows < limit:
                    value = kept + (count if count < placed + 3 else placed + 3)
                    if get((base + 1) * 2 + pairs, -1) < value:
                        following[(base + 1) * 2 + pairs] = value
                if placed <= 2 and not pairs:
                    value = kept + (count if count < placed + 2 else placed + 2)
                    if get(base * 2 + 1, -1) < value:
                        following[base * 2 + 1] = value
        states = following
    best = [0] * TABLE_SIZE
    for state, kept in states.items():
        entry = (state >> 1) % 5 * 2 + (state & 1)
        best[entry] = max(best[entry], kept)
    return _monotone(best)


def _check_copies(pattern: Pattern) -> None:
    if any(count not in _COPIES for count in pattern):
        raise InvalidHand(f"a hand holds 0 to 4 copies of a tile, not {sorted(set(pattern) - set(_COPIES))}")


def _suit_part(pattern: Pattern) -> int:
    """Part id of one suit's 9 counts: its runs of ranks that no chow can bridge, combined."""
    _check_copies(pattern)
    part = EMPTY
    rank = 0
    while rank < 9:
        if not pattern[rank]:
            rank += 1
            continue
        end = rank
        # Two empty ranks in a row separate runs: no chow holds tiles on both sides of them.
        while end + 1 < 9 and (pattern[end + 1] or (end + 2 < 9 and pattern[end + 2])):
            end += 1
        held = pattern[rank : end + 1]
        left, right = min(rank, 2), min(8 - end, 2)
        # A run read backwards (1 for 9, 2 for 8…) has the same table: compute only one of the two.
        segment = min((bytes(held), left, right), (bytes(reversed(held)), right, left))
        segment_table = _segment_table(*segment)
        part = COMBINED[part, _intern((sum(held), segment_table))]
        rank = end + 1
    return part


SUIT_PART: _Memo[Pattern, int] = _Memo(_suit_part)


def _sets_only(counts: list[int]) -> bool:
    """Whether a suit's counts are sets only, read from the lowest rank up.

    At each rank the tiles that the chows started on the two ranks below leave over must be pungs
    plus ``left % 3`` new chows: three chows starting on one rank hold the same tiles as three
    pungs, so no other choice needs trying.
    """
    previous = older = 0  # chows started one and two ranks below
    for rank in range(9):
        left = counts[rank] - previous - older
        if left < 0:
            return False
        chows = left % 3
        if chows and rank > 6:
            return False  # a chow would run past the 9
        older, previous = previous, chows
    return True


def _status_of(counts: list[int]) -> int:
    """SETS_ONLY, PAIRED or BROKEN for one suit's counts (0–4 each); ``counts`` is restored."""
    held = sum(counts)
    if held % 3 == 0:
        return SETS_ONLY if _sets_only(counts) else BROKEN
    if held % 3 == 2:
        for rank in range(9):
            if counts[rank] >= 2:
                counts[rank] -= 2
                found = _sets_only(counts)
                counts[rank] += 2
                if found:
                    return PAIRED
    return BROKEN


def _suit_status(pattern: Pattern) -> int:
    _check_copies(pattern)
    return _status_of(list(pattern))


SUIT_STATUS: _Memo[Pattern, int] = _Memo(_suit_status)


# Win detection reads a suit's counts as one base-5 number, its *code* sum(count * 5**rank), while
# checking them, and looks the status up in a byte per code (1.9 MB): no tuple to build or hash.
SUIT_CODES: Final = 1_953_125  # 5**9, literal so that compiled code sees a constant
UNKNOWN_STATUS: Final = 255  # a code not seen yet
SUIT_STATUS_BY_CODE = bytearray((UNKNOWN_STATUS,)) * SUIT_CODES


def learn_suit_status(code: int) -> int:
    """The status of the suit with this code (counts 0–4), recorded in SUIT_STATUS_BY_CODE."""
    counts = []
    rest = code
    for _ in range(9):
        counts.append(rest % 5)
        rest //= 5
    status = _status_of(counts)
    SUIT_STATUS_BY_CODE[code] = status
    return status


# --- honours --------------------------------------------------------------------------------------


@cache
def _sorted_honour_part(counts: Pattern) -> int:
    part = EMPTY
    for count in counts:
        # One honour kind: a pung keeps up to three, the pair up to two, never both (five copies).
        single = [0] * TABLE_SIZE
        single[1] = min(count, 2)
        for m in range(1, SETS_MAX + 1):
            single[2 * m] = single[2 * m + 1] = min(count, 3)
        part = COMBINED[part, _intern((count, tuple(single)))]
    return part


def _honour_part(pattern: Pattern) -> int:
    _check_copies(pattern)
    return _sorted_honour_part(tuple(sorted(count for count in pattern if count)))


HONOUR_PART: _Memo[Pattern, int] = _Memo(_honour_part)


def _honour_status(pattern: Pattern) -> int:
    _check_copies(pattern)
    if 1 in pattern or 4 in pattern:
        return BROKEN
    pairs = pattern.count(2)
    return SETS_ONLY if pairs == 0 else PAIRED if pairs == 1 else BROKEN


HONOUR_STATUS: _Memo[Pattern, int] = _Memo(_honour_status)


# --- one more tile --------------------------------------------------------------------------------


def _plus_one(pattern: Pattern, rank: int) -> Pattern:
    return (*pattern[:rank], pattern[rank] + 1, *pattern[rank + 1 :])


def _completions(statuses: _Memo[Pattern, int]) -> Callable[[Pattern], tuple[int, int]]:
    def compute(pattern: Pattern) -> tuple[int, int]:
        """Masks of the ranks whose extra tile makes the part sets only / sets and a pair."""
        to_sets = to_pair = 0
        for rank, count in enumerate(pattern):
            if count < 4:
                status = statuses[_plus_one(pattern, rank)]
                if status == SETS_ONLY:
                    to_sets |= 1 << rank
                elif status == PAIRED:
                    to_pair |= 1 << rank
        return to_sets, to_pair

    return compute


def _gains(parts: _Memo[Pattern, int]) -> Callable[[Pattern], tuple[int, ...]]:
    def compute(pattern: Pattern) -> tuple[int, ...]:
        """For each table entry, the mask of ranks whose extra tile raises it (by one)."""
        table = _PARTS[parts[pattern]][1]
        masks = [0] * TABLE_SIZE
        for rank, count in enumerate(pattern):
            if count < 4:
                grown = _PARTS[parts[_plus_one(pattern, rank)]][1]
                for entry in range(TABLE_SIZE):
                    if grown[entry] > table[entry]:
                        masks[entry] |= 1 << rank
        return tuple(masks)

    return compute


SUIT_COMPLETIONS: _Memo[Pattern, tuple[int, int]] = _Memo(_completions(SUIT_STATUS))
HONOUR_COMPLETIONS: _Memo[Pattern, tuple[int, int]] = _Memo(_completions(HONOUR_STATUS))
SUIT_GAINS: _Memo[Pattern, tuple[int, ...]] = _Memo(_gains(SUIT_PART))
HONOUR_GAINS: _Memo[Pattern, tuple[int, ...]] = _Memo(_gains(HONOUR_PART))


def _optimal_entries(ids: tuple[int, int]) -> tuple[int, ...]:
    """The entries of a part's table that some best sharing of the hand's sets and pair uses.

    ``ids`` are the part and the rest of the hand (the other parts combined).
    """
    (held, part), (more, rest) = _PARTS[ids[0]], _PARTS[ids[1]]
    sets = _sets_needed(held + more)
    best = _best_overlap((held, part), (more, rest), sets)
    return tuple(
        2 * m + p for m in range(sets + 1) for p in (0, 1) if part[2 * m + p] + rest[2 * (sets - m) + 1 - p] == best
    )


OPTIMAL_ENTRIES: _Memo[tuple[int, int], tuple[int, ...]] = _Memo(_optimal_entries)


def clear_caches() -> None:
    """Forget every memoised pattern (the next look-ups pay the cold cost again); ids stay valid."""
    for memo in (
        COMBINED,
        SHANTEN,
        SUIT_PART,
        SUIT_STATUS,
        HONOUR_PART,
        HONOUR_STATUS,
        SUIT_COMPLETIONS,
        HONOUR_COMPLETIONS,
        SUIT_GAINS,
        HONOUR_GAINS,
        OPTIMAL_ENTRIES,
    ):
        memo.clear()
    SUIT_STATUS_BY_CODE[:] = bytearray((UNKNOWN_STATUS,)) * SUIT_CODES
    _segment_table.cache_clear()
    _sorted_honour_part.cache_clear()
