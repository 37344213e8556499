"""What a table's committed change tells its subscribers (``core.events``): ``TableChanged``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, get_args

from core.tables.finished import FinishedHand, entry_document, entry_from_document
from core.tables.state import TableState
from core.tables.transitions import Happened
from data.ledger import MatchEntry

_HAPPENED: frozenset[str] = frozenset(get_args(Happened))


@dataclass(frozen=True, slots=True)
class TableChanged:
    """A table's committed change. ``happened`` (``core.tables.transitions.Happened``) says what it did,
    ``awaited`` the seats it newly waits for, ``waiting`` every seat it waits for (None: no hand in
    play to ask), ``answered_by`` the member whose own click shows them this change (their hand needs
    no other refresh), ``pending`` that the state holds work another process left undone (entries for
    the ledger, a result to post). ``state`` is the committed state, in the process that made the
    change only: it does not cross processes."""

    table_id: str
    guild_id: int
    version: int
    step: int
    happened: Happened
    is_open: bool
    awaited: tuple[int, ...] = ()
    waiting: tuple[int, ...] | None = None
    claim_window: bool = False
    finished_hand: FinishedHand | None = None
    match_entry: MatchEntry | None = None
    answered_by: int | None = None
    pending: bool = False
    state: TableState | None = field(default=None, compare=False, repr=False)

    KIND: ClassVar[str] = "table"

    def to_document(self) -> dict[str, Any]:
        return {
            "kind": self.KIND,
            "table": self.table_id,
            "guild": self.guild_id,
            "version": self.version,
            "step": self.step,
            "happened": self.happened,
            "open": self.is_open,
            "awaited": list(self.awaited),
            "waiting": None if self.waiting is None else list(self.waiting),
            "claim_window": self.claim_window,
            "finished_hand": None if self.finished_hand is None else self.finished_hand.to_document(),
            "match_entry": None if self.match_entry is None else entry_document(self.match_entry),
            "answered_by": self.answered_by,
            "pending": self.pending,
        }

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> TableChanged:
        happened = document["happened"]
        if happened not in _HAPPENED:
            raise ValueError(f"not a change: {happened!r}")
        entry = None if document["match_entry"] is None else entry_from_document(document["match_entry"])
        if entry is not None and not isinstance(entry, MatchEntry):
            raise ValueError("a match entry is a match's")
        waiting = document["waiting"]
        return cls(
            table_id=str(document["table"]),
            guild_id=int(document["guild"]),
            version=int(document["version"]),
            step=int(document["step"]),
            happened=happened,
            is_open=bool(document["open"]),
            awaited=tuple(int(seat) for seat in document["awaited"]),
            waiting=None if waiting is None else tuple(int(seat) for seat in waiting),
            claim_window=bool(document["claim_window"]),
            finished_hand=None
            if document["finished_hand"] is None
            else FinishedHand.from_document(document["finished_hand"]),
            match_entry=entry,
            answered_by=None if document["answered_by"] is None else int(document["answered_by"]),
            pending=bool(document["pending"]),
        )
