"""A finished hand and the ledger's entries as a table keeps them in its live state, with their JSON codec.

A finished hand or match is written into the table's live state (``TableState.unrecorded``) in the same
compare-and-set step that ends it, and leaves it only once the ledger has it: a process that dies
between the two writes leaves the entry there, and whoever picks the table up next writes it again
under the same id, which the ledger takes once. The documents are the ones earlier releases stored,
so a table written before an upgrade reads the same after it.

``from_document`` treats its input as untrusted: anything that is not such a document raises
``ValueError`` (the table's own reader turns it into ``TableDocumentError``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.documents import DocumentReader
from data.ledger import HandEntry, MatchEntry, SeatEntry
from game.match import json_number

LedgerEntry = HandEntry | MatchEntry
_reader = DocumentReader(ValueError)
_TEXT = 200  # the longest name, id or pattern an entry keeps
_RECORD = 100_000  # the longest hand record


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """The hand that ended last, as its result message shows it: the ledger's entry and what only the
    table knows (the seed and its commitment, the match's totals after it, the step its result is
    drawn at, and whether that result is on the table's home yet)."""

    entry: HandEntry
    seed: int
    commitment: str | None
    totals: tuple[Fraction, ...]
    step: int
    posted: bool = False
    breakdown: tuple[tuple[str, int], ...] = ()
    """Each scored pattern of the winning hand with its value (fan or points), in ``entry.patterns``'
    order, computed once when the hand ended (``ledger_entries.scoring_breakdown``); empty for a drawn
    hand, the family game, and a hand stored before it was kept."""

    def to_document(self) -> dict[str, Any]:
        return {
            **entry_document(self.entry),
            "seed": self.seed,
            "commitment": self.commitment,
            "totals": [json_number(total) for total in self.totals],
            "step": self.step,
            "posted": self.posted,
            "breakdown": [[key, value] for key, value in self.breakdown],
        }

    @classmethod
    def from_document(cls, document: Any) -> FinishedHand:
        entry = entry_from_document(document)
        if not isinstance(entry, HandEntry):
            raise ValueError("a finished hand is a hand entry")
        totals = tuple(_fraction(total) for total in document["totals"])
        commitment = document["commitment"]
        if commitment is not None and not isinstance(commitment, str):
            raise ValueError(f"not a commitment: {commitment!r}")
        return cls(
            entry=entry,
            seed=_reader.integer(document["seed"]),
            commitment=commitment,
            totals=totals,
            step=_reader.integer(document["step"]),
            # a table stored before the flag existed had its result posted
            posted=_reader.boolean(document.get("posted", True)),
            breakdown=tuple(
                (_reader.text(key, _TEXT), _reader.integer(value))
                for key, value in _reader.listed(document.get("breakdown", []))
            ),
        )


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One finished hand of the match as the score sheet lists it (SPEC §7.1's ``#sheet``): its number
    in the match (from 0, as ``PlayedHand.number`` and ``hand_id``), its dealer and winner (chairs: the
    winds follow from the dealer), its score (fan in Hong Kong, points in classic), whether it was
    self-drawn, and each chair's payment. A few numbers a hand: a match keeps them all in its state."""

    number: int
    dealer: int
    winner: int | None
    score: float
    self_drawn: bool
    payments: tuple[float, ...]

    def to_document(self) -> list[Any]:
        return [
            self.number,
            self.dealer,
            self.winner,
            _number(self.score),
            self.self_drawn,
            [_number(paid) for paid in self.payments],
        ]

    @classmethod
    def from_document(cls, document: Any) -> SheetRow:
        number, dealer, winner, score, self_drawn, payments = _reader.listed(document)
        return cls(
            number=_reader.integer(number),
            dealer=_reader.integer(dealer),
            winner=_reader.optional_integer(winner),
            score=_reader.number(score),
            self_drawn=_reader.boolean(self_drawn),
            payments=tuple(_reader.number(paid) for paid in _reader.listed(payments)),
        )


@dataclass(frozen=True, slots=True)
class MatchRating:
    """What the ended match did to one member chair's rating (SPEC §8), on the shown scale: the page's
    match end says it as Discord's result does. Kept in the table's state once the ledger has rated it."""

    chair: int
    before: int
    after: int

    def to_document(self) -> list[int]:
        return [self.chair, self.before, self.after]

    @classmethod
    def from_document(cls, document: Any) -> MatchRating:
        chair, before, after = _reader.listed(document)
        return cls(chair=_reader.integer(chair), before=_reader.integer(before), after=_reader.integer(after))


def entry_document(entry: LedgerEntry) -> dict[str, Any]:
    seats = [{"name": seat.name, "member": seat.member_id, "computer": seat.computer} for seat in entry.seats]
    if isinstance(entry, HandEntry):
        return {
            "kind": "hand",
            "id": entry.hand_id,
            "guild": entry.guild_id,
            "table": entry.table_id,
            "match": entry.match_id,
            "number": entry.number,
            "rules": entry.rules,
            "seats": seats,
            "winner": entry.winner,
            "discarder": entry.discarder,
            "self_drawn": entry.self_drawn,
            "score": _number(entry.score),
            "fan": entry.fan,
            "payments": [_number(paid) for paid in entry.payments],
            "patterns": list(entry.patterns),
            "record": entry.record,
            "finished_at": entry.finished_at,
        }
    document = {
        "kind": "match",
        "id": entry.match_id,
        "guild": entry.guild_id,
        "table": entry.table_id,
        "rules": entry.rules,
        "seats": seats,
        "totals": [_number(total) for total in entry.totals],
        "hands": entry.hands,
        "finished_at": entry.finished_at,
        "ended": entry.ended,
    }
    if entry.practice:  # only then: other matches' documents are the ones earlier releases stored
        document["practice"] = True
    if entry.deal is not None:
        document["deal"] = entry.deal
    return document


def entry_from_document(document: Any) -> LedgerEntry:
    if not isinstance(document, dict) or document.get("kind") not in ("hand", "match"):
        raise ValueError("a ledger entry names its kind")
    seats = tuple(
        SeatEntry(
            _reader.text(seat["name"], _TEXT),
            _reader.optional_integer(seat["member"]),
            _reader.optional_text(seat["computer"], _TEXT),
        )
        for seat in document["seats"]
    )
    if document["kind"] == "hand":
        return HandEntry(
            hand_id=_reader.text(document["id"], _TEXT),
            guild_id=_reader.integer(document["guild"]),
            table_id=_reader.text(document["table"], _TEXT),
            match_id=_reader.text(document["match"], _TEXT),
            number=_reader.integer(document["number"]),
            rules=_reader.mapping(document["rules"]),
            seats=seats,
            winner=_reader.optional_integer(document["winner"]),
            discarder=_reader.optional_integer(document["discarder"]),
            self_drawn=_reader.boolean(document["self_drawn"]),
            score=float(document["score"]),
            fan=_reader.integer(document["fan"]),
            payments=tuple(float(paid) for paid in document["payments"]),
            patterns=tuple(_reader.text(pattern, _TEXT) for pattern in document["patterns"]),
            record=_reader.text(document["record"], _RECORD),
            finished_at=float(document["finished_at"]),
        )
    return MatchEntry(
        match_id=_reader.text(document["id"], _TEXT),
        guild_id=_reader.integer(document["guild"]),
        table_id=_reader.text(document["table"], _TEXT),
        rules=_reader.mapping(document["rules"]),
        seats=seats,
        totals=tuple(float(total) for total in document["totals"]),
        hands=_reader.integer(document["hands"]),
        finished_at=float(document["finished_at"]),
        ended=_reader.text(document["ended"], _TEXT),
        practice=_reader.boolean(document.get("practice", False)),
        deal=_reader.optional_text(document.get("deal"), _TEXT),
    )


def _number(value: float) -> int | float:
    """Whole amounts as JSON integers, as the table wrote them from the engine's fractions."""
    return int(value) if float(value).is_integer() else value


def _fraction(value: Any) -> Fraction:
    # from the number as written (``json_number``): a total stored as 2.5 is 5/2 again, and a whole one
    # is read as the integer it is, however large
    return Fraction(str(_reader.int_or_float(value)))
