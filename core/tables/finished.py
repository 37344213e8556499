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

from data.ledger import HandEntry, MatchEntry, SeatEntry
from game.match import json_number

LedgerEntry = HandEntry | MatchEntry


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
            seed=_int(document["seed"]),
            commitment=commitment,
            totals=totals,
            step=_int(document["step"]),
            # a table stored before the flag existed had its result posted
            posted=_bool(document.get("posted", True)),
            breakdown=tuple((_text(key), _int(value)) for key, value in _list(document.get("breakdown", []))),
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
        number, dealer, winner, score, self_drawn, payments = _list(document)
        return cls(
            number=_int(number),
            dealer=_int(dealer),
            winner=_optional_int(winner),
            score=_float(score),
            self_drawn=_bool(self_drawn),
            payments=tuple(_float(paid) for paid in _list(payments)),
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
        chair, before, after = _list(document)
        return cls(chair=_int(chair), before=_int(before), after=_int(after))


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
        SeatEntry(_text(seat["name"]), _optional_int(seat["member"]), _optional_text(seat["computer"]))
        for seat in document["seats"]
    )
    if document["kind"] == "hand":
        return HandEntry(
            hand_id=_text(document["id"]),
            guild_id=_int(document["guild"]),
            table_id=_text(document["table"]),
            match_id=_text(document["match"]),
            number=_int(document["number"]),
            rules=_object(document["rules"]),
            seats=seats,
            winner=_optional_int(document["winner"]),
            discarder=_optional_int(document["discarder"]),
            self_drawn=_bool(document["self_drawn"]),
            score=float(document["score"]),
            fan=_int(document["fan"]),
            payments=tuple(float(paid) for paid in document["payments"]),
            patterns=tuple(_text(pattern) for pattern in document["patterns"]),
            record=_text(document["record"], limit=100_000),
            finished_at=float(document["finished_at"]),
        )
    return MatchEntry(
        match_id=_text(document["id"]),
        guild_id=_int(document["guild"]),
        table_id=_text(document["table"]),
        rules=_object(document["rules"]),
        seats=seats,
        totals=tuple(float(total) for total in document["totals"]),
        hands=_int(document["hands"]),
        finished_at=float(document["finished_at"]),
        ended=_text(document["ended"]),
        practice=_bool(document.get("practice", False)),
        deal=_optional_text(document.get("deal")),
    )


def _number(value: float) -> int | float:
    """Whole amounts as JSON integers, as the table wrote them from the engine's fractions."""
    return int(value) if float(value).is_integer() else value


def _fraction(value: Any) -> Fraction:
    if type(value) not in (int, float):
        raise ValueError(f"not a number: {value!r}")
    return Fraction(str(value))


def _float(value: Any) -> float:
    if type(value) not in (int, float):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"not an integer: {value!r}")
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"not true or false: {value!r}")
    return value


def _text(value: Any, limit: int = 200) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"not a short text: {str(value)[:40]!r}")
    return value


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"not a list: {str(value)[:40]!r}")
    return value


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"not an object: {str(value)[:40]!r}")
    return value
