"""Live game state behind one small interface (SPEC §4.4), with two backends: Redis and embedded SQLite.

A document is a JSON object stored under a key with a version. ``read`` returns both; ``write``
replaces the document only if the version has not moved since it was read (compare-and-set), so two
clicks applied at once never both land. Each key may carry one deadline, written in the same atomic
step as the document, so a crash can never leave a state without its timer (or a timer without its
state). ``due`` lists the keys whose deadline has passed; whichever process holds the ``lease``
fires them, so deadlines survive restarts and are fired once when several processes share a store.

Versions start at 1 and grow by one per write. Times are Unix seconds, passed in by the caller
(the store never reads a clock).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class StoreError(Exception):
    """A store could not do what it was asked. Nothing was written."""


class StoreUnavailable(StoreError):
    """The store cannot be reached now (Redis down, database locked past its timeout): try again later.
    Nothing was written."""


class StoreFailed(StoreError):
    """The store answered with an error that trying again will not mend (a damaged file, a disk that
    cannot be written, a server refusing the command): it needs a person. Nothing was written."""


@dataclass(frozen=True, slots=True)
class Versioned:
    """A document as read, with the version a ``write`` must name to replace it."""

    version: int
    document: dict[str, Any]
    deadline: float | None = None


class LiveStore(Protocol):
    async def read(self, key: str) -> Versioned | None:
        """The document under ``key`` with its version and deadline, or None if there is none."""
        ...

    async def create(self, key: str, document: dict[str, Any], *, deadline: float | None = None) -> bool:
        """Store a new document at version 1; False (and nothing written) if ``key`` already exists."""
        ...

    async def write(
        self, key: str, version: int, document: dict[str, Any], *, deadline: float | None = None
    ) -> int | None:
        """Replace the document if its version is still ``version``: returns the new version (``version``
        + 1), or None when the version has moved or the key is gone (nothing written). The key's
        deadline becomes ``deadline`` (None clears it), in the same atomic step."""
        ...

    async def delete(self, key: str, version: int) -> bool:
        """Remove the document (and its deadline) if its version is still ``version``."""
        ...

    async def due(self, now: float, limit: int = 100) -> list[str]:
        """Up to ``limit`` keys whose deadline is at or before ``now``, earliest first (reading only:
        firing a deadline is writing the key's next state with its next deadline)."""
        ...

    async def next_deadline(self) -> float | None:
        """The earliest deadline in the store, or None."""
        ...

    async def keys(self, prefix: str) -> list[str]:
        """Every key starting with ``prefix``, sorted (for recovery and admin tools, not hot paths)."""
        ...

    async def acquire_lease(self, name: str, holder: str, seconds: float, now: float) -> bool:
        """Take or renew the lease ``name`` for ``holder`` until ``now + seconds``; False while another
        holder's lease on it has not expired."""
        ...

    async def release_lease(self, name: str, holder: str) -> None:
        """Give the lease up if ``holder`` holds it."""
        ...

    async def close(self) -> None: ...
