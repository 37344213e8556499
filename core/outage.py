"""One log line per outage of the live store, not one per tick: a background loop that finds the store
unavailable says so once, and once more when it answers again."""

from __future__ import annotations

import logging


class OutageLog:
    def __init__(self, logger: logging.Logger, waiting: str, again: str) -> None:
        self._logger = logger
        self._waiting = waiting  # what waits meanwhile ("the table clock waits")
        self._again = again  # what goes on after ("the table clock goes on")
        self.out = False

    def failed(self, error: Exception) -> None:
        if not self.out:
            self._logger.warning("the live store is unavailable (%s): %s", error, self._waiting)
        self.out = True

    def answered(self) -> None:
        if self.out:
            self._logger.info("the live store answers again: %s", self._again)
        self.out = False
