"""The solitaire clock: counts playing time from timestamps the caller passes in (it never reads a clock).

It starts when the deal is shown and freezes while the player is away. Discord gives no "tab hidden"
signal, so the clock pauses itself ``idle_pause`` seconds after the last action: the idle stretch up to
that moment counts (the player may have been thinking), what follows does not. A paused game (by the
player or by itself) must be resumed before the next move; the bot hides the board meanwhile, and can
schedule that at ``pause_deadline``. Timestamps are seconds (e.g. Unix time) and may not go backwards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.errors import IllegalAction

DEFAULT_IDLE_PAUSE = 120.0


@dataclass(frozen=True, slots=True)
class Clock:
    """``banked`` seconds counted before ``running_since`` (None while paused or stopped)."""

    idle_pause: float
    banked: float
    running_since: float | None
    last_activity: float

    @classmethod
    def start(cls, at: float, idle_pause: float = DEFAULT_IDLE_PAUSE) -> Clock:
        if idle_pause <= 0:
            raise ValueError("the idle pause must be a positive number of seconds")
        return cls(idle_pause, 0.0, at, at)

    @property
    def pause_deadline(self) -> float | None:
        """When the clock pauses itself if nothing happens, or None when it is not running."""
        if self.running_since is None:
            return None
        return self.last_activity + self.idle_pause

    def is_running(self, at: float) -> bool:
        deadline = self.pause_deadline
        return deadline is not None and at <= deadline

    def elapsed(self, at: float) -> float:
        """Seconds of play counted at time ``at``."""
        deadline = self.pause_deadline
        if self.running_since is None or deadline is None:
            return self.banked
        return self.banked + max(0.0, min(at, deadline) - self.running_since)

    def _check_time(self, at: float) -> None:
        if at < self.last_activity:
            raise IllegalAction(f"time went backwards: {at} is before the last action at {self.last_activity}")

    def touch(self, at: float) -> Clock:
        """An action at ``at`` while running: it resets the idle countdown."""
        self._check_time(at)
        if not self.is_running(at):
            raise IllegalAction("the game is paused: resume it first")
        return replace(self, last_activity=at)

    def pause(self, at: float) -> Clock:
        self._check_time(at)
        if not self.is_running(at):
            raise IllegalAction("the game is already paused")
        return Clock(self.idle_pause, self.elapsed(at), None, at)

    def resume(self, at: float) -> Clock:
        """Resume a game paused by the player or by itself."""
        self._check_time(at)
        if self.is_running(at):
            raise IllegalAction("the game is not paused")
        return Clock(self.idle_pause, self.elapsed(at), at, at)

    def stop(self, at: float) -> Clock:
        """Freeze the clock for good (the game ended)."""
        self._check_time(at)
        return Clock(self.idle_pause, self.elapsed(at), None, at)
