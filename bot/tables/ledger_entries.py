"""What a table hands to the ledgers when a hand or a match ends, as JSON kept in the live state.

A finished hand is written into the table's live state (``TableState.unrecorded``) in the same
compare-and-set step that ends it, and leaves it only once the ledger has it (SPEC §4.4): a process
that dies between the two writes leaves the entry there, and whoever picks the table up next writes
it again under the same id, which the ledger takes once.
"""

from __future__ import annotations

from typing import Any

from bot.tables.state import TableState
from data.ledger import HandEntry, MatchEntry, SeatEntry
from game.match import Match, PlayedHand, json_number
from game.round import Round
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.scoring.table import HandScore, settings_for
from game.win import WinContext


def hand_id(table_id: str, number: int) -> str:
    return f"{table_id}:{number}"


def seats_of(state: TableState) -> list[dict[str, Any]]:
    return [{"name": seat.name, "member": seat.member_id, "computer": seat.computer} for seat in state.seats]


def hand_entry(state: TableState, hand: Round, played: PlayedHand, score: HandScore, now: float) -> dict[str, Any]:
    result = played.result
    return {
        "kind": "hand",
        "id": hand_id(state.id, played.number),
        "guild": state.place.guild_id,
        "table": state.id,
        "match": state.id,
        "number": played.number,
        "rules": state.settings.rules.to_document(),
        "seats": seats_of(state),
        "winner": result.winner,
        "discarder": None if result.self_drawn else result.discarder,
        "self_drawn": result.self_drawn,
        "score": json_number(score.score),
        "fan": score.fan,
        "payments": [json_number(paid) for paid in played.payments],
        "patterns": [] if result.win is None else scoring_keys(state, result.win),
        "record": hand.record().to_text(),
        "finished_at": now,
    }


def match_entry(state: TableState, match: Match, now: float, ended: str = "finished") -> dict[str, Any]:
    return {
        "kind": "match",
        "id": state.id,
        "guild": state.place.guild_id,
        "table": state.id,
        "rules": state.settings.rules.to_document(),
        "seats": seats_of(state),
        "totals": [json_number(total) for total in match.totals],
        "hands": len(match.hands),
        "finished_at": now,
        "ended": ended,
    }


def scoring_keys(state: TableState, win: WinContext) -> list[str]:
    """The breakdown's stable keys (``dragon_pung``, ``mixed_one_suit``…), for "most frequent patterns"."""
    settings = settings_for(state.settings.rules)
    if isinstance(settings, ClassicSettings):
        return [item.key for item in score_classic(win, settings).items]
    if isinstance(settings, HongKongSettings):
        return [item.key for item in score_hongkong(win, settings).patterns]
    return []


def ledger_hand(entry: dict[str, Any]) -> HandEntry:
    """The ledger's value for a pending hand entry (``hand_entry``)."""
    return HandEntry(
        hand_id=entry["id"],
        guild_id=entry["guild"],
        table_id=entry["table"],
        match_id=entry["match"],
        number=entry["number"],
        rules=entry["rules"],
        seats=_seats(entry["seats"]),
        winner=entry["winner"],
        discarder=entry["discarder"],
        self_drawn=entry["self_drawn"],
        score=float(entry["score"]),
        fan=entry["fan"],
        payments=tuple(float(paid) for paid in entry["payments"]),
        patterns=tuple(entry["patterns"]),
        record=entry["record"],
        finished_at=float(entry["finished_at"]),
    )


def ledger_match(entry: dict[str, Any]) -> MatchEntry:
    """The ledger's value for a pending match entry (``match_entry``)."""
    return MatchEntry(
        match_id=entry["id"],
        guild_id=entry["guild"],
        table_id=entry["table"],
        rules=entry["rules"],
        seats=_seats(entry["seats"]),
        totals=tuple(float(total) for total in entry["totals"]),
        hands=entry["hands"],
        finished_at=float(entry["finished_at"]),
        ended=entry["ended"],
    )


def _seats(seats: list[dict[str, Any]]) -> tuple[SeatEntry, ...]:
    return tuple(SeatEntry(seat["name"], seat["member"], seat["computer"]) for seat in seats)
