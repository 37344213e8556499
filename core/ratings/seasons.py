"""Seasons (SPEC §8): which season of a server a moment falls in, from the server's history of season modes.

A server's mode is ``none`` (the default: one season for all time), ``monthly`` or ``quarterly`` (UTC
calendar months, or quarters starting in January, April, July and October). The ledger keeps each change
of mode with the moment it took effect (``ModeChange``); the seasons are a pure function of that history:

- before the first change the mode is ``none``;
- a change takes effect at once: the running season ends at that moment, and the new mode's seasons
  follow it (the first one running to the end of the UTC month or quarter, for a calendar mode);
- a change marked ``from_start`` (a server's first choice, made before any of its matches was rated)
  applies from the beginning instead: no empty first season, and a calendar mode's first season is the
  month or quarter it was chosen in, everything before it included.

Seasons are numbered 1, 2, 3… in order. A change is only ever added at or after the ledger's newest match
of the server (``data.ledger_ratings``), so a season once numbered keeps its number and its matches.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass

SEASON_MODES = ("none", "monthly", "quarterly")
_MONTHS = {"monthly": 1, "quarterly": 3}
# Moments before year 2 or after year 9998 (no clock gives them) count as those years' first and last.
_EARLIEST = datetime.datetime(2, 1, 1, tzinfo=datetime.UTC).timestamp()
_LATEST = datetime.datetime(9998, 12, 31, tzinfo=datetime.UTC).timestamp()


@dataclass(frozen=True, slots=True)
class ModeChange:
    """A server's season mode from ``effective_at`` (seconds since the epoch, UTC) until the next change."""

    effective_at: float
    mode: str
    from_start: bool = False

    def __post_init__(self) -> None:
        if self.mode not in SEASON_MODES:
            raise ValueError(f"a season mode is one of {', '.join(SEASON_MODES)}, not {self.mode!r}")
        if not math.isfinite(self.effective_at):
            raise ValueError("a season mode takes effect at a finite moment")


@dataclass(frozen=True, slots=True)
class Season:
    """Season ``number`` of a server: from ``start`` (None: the beginning) until ``end`` (None: no end
    yet known), under ``mode``."""

    number: int
    mode: str
    start: float | None
    end: float | None

    def holds(self, at: float) -> bool:
        return (self.start is None or self.start <= at) and (self.end is None or at < self.end)


@dataclass(frozen=True, slots=True)
class _Segment:
    """A stretch of time under one mode: ``[start, end)``, its calendar periods counted from ``first``."""

    mode: str
    start: float | None
    end: float | None
    first: int  # the index of its first calendar period (0 for ``none``)


def season_at(history: Sequence[ModeChange], at: float) -> Season:
    """The season ``at`` (seconds since the epoch) falls in, under the server's mode ``history``."""
    number = 0
    for segment in _segments(history):
        if segment.end is not None and at >= segment.end:
            number += _count(segment)
            continue
        if segment.mode == "none":
            return Season(number + 1, "none", segment.start, segment.end)
        index = max(_period(segment.mode, at), segment.first)
        return _season(segment, index, number + 1 + index - segment.first)
    raise AssertionError("the last segment has no end")  # pragma: no cover


def seasons_until(history: Sequence[ModeChange], at: float) -> list[Season]:
    """Every season from the first to the one ``at`` falls in, in order."""
    last = season_at(history, at)
    return [season(history, number) for number in range(1, last.number + 1)]


def season(history: Sequence[ModeChange], number: int) -> Season:
    """Season ``number`` (from 1) of the history; ``ValueError`` below 1."""
    if number < 1:
        raise ValueError(f"seasons are numbered from 1, not {number}")
    before = 0
    for segment in _segments(history):
        count = _count(segment)
        if segment.end is None or before + count >= number:
            if segment.mode == "none":
                return Season(number, "none", segment.start, segment.end)
            return _season(segment, segment.first + number - before - 1, number)
        before += count
    raise AssertionError("the last segment never ends")  # pragma: no cover


def _segments(history: Sequence[ModeChange]) -> list[_Segment]:
    changes = sorted(history, key=lambda change: change.effective_at)
    starts: list[tuple[float | None, ModeChange]] = []
    if not changes or not changes[0].from_start:
        starts.append((None, ModeChange(0.0, "none")))
    for index, change in enumerate(changes):
        starts.append((None if index == 0 and change.from_start else change.effective_at, change))
    segments = []
    for index, (start, change) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else None
        first = 0 if change.mode == "none" else _period(change.mode, change.effective_at)
        segments.append(_Segment(change.mode, start, end, first))
    return segments


def _count(segment: _Segment) -> int:
    """How many seasons a segment that ends holds."""
    if segment.mode == "none" or segment.end is None:
        return 1
    last = _period(segment.mode, math.nextafter(segment.end, -math.inf))
    return max(last, segment.first) - segment.first + 1


def _season(segment: _Segment, index: int, number: int) -> Season:
    start = None if segment.start is None and index == segment.first else _period_start(segment.mode, index)
    if start is not None and segment.start is not None:
        start = max(start, segment.start)
    end = _period_start(segment.mode, index + 1)
    if segment.end is not None and segment.end < end:
        end = segment.end
    return Season(number, segment.mode, start, end)


def _period(mode: str, at: float) -> int:
    """The index of the calendar month or quarter ``at`` falls in (months since year 0, or quarters)."""
    moment = datetime.datetime.fromtimestamp(min(max(at, _EARLIEST), _LATEST), datetime.UTC)
    months = _MONTHS[mode]
    return (moment.year * 12 + moment.month - 1) // months


def _period_start(mode: str, index: int) -> float:
    month = index * _MONTHS[mode]
    return datetime.datetime(month // 12, month % 12 + 1, 1, tzinfo=datetime.UTC).timestamp()
