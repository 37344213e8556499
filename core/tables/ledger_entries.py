"""What a table hands to the ledgers when a hand or a match ends, built from its state and the engine's result.

The entries travel in the table's live state until the ledger has them (``core.tables.finished``).
"""

from __future__ import annotations

from core.tables.state import TableState
from data.ledger import HandEntry, MatchEntry, SeatEntry
from game.match import Match, PlayedHand
from game.round import Round
from game.rules import Ruleset
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.scoring.table import HandScore, settings_for
from game.win import WinContext


def hand_id(table_id: str, number: int) -> str:
    return f"{table_id}:{number}"


def seats_of(state: TableState) -> tuple[SeatEntry, ...]:
    return tuple(SeatEntry(seat.name, seat.member_id, seat.computer) for seat in state.seats)


def hand_entry(
    state: TableState,
    hand: Round,
    played: PlayedHand,
    score: HandScore,
    now: float,
    breakdown: tuple[tuple[str, int], ...],
) -> HandEntry:
    """The ledger's entry of the hand ``played``; ``breakdown``: its winning hand's (``scoring_breakdown``),
    whose keys are the entry's patterns."""
    result = played.result
    return HandEntry(
        hand_id=hand_id(state.id, played.number),
        guild_id=state.guild_id,
        table_id=state.id,
        match_id=state.id,
        number=played.number,
        rules=state.settings.rules.to_document(),
        seats=seats_of(state),
        winner=result.winner,
        discarder=None if result.self_drawn else result.discarder,
        self_drawn=result.self_drawn,
        score=float(score.score),
        fan=score.fan,
        payments=tuple(float(paid) for paid in played.payments),
        patterns=tuple(key for key, _ in breakdown),
        record=hand.record().to_text(),
        finished_at=now,
    )


def match_entry(state: TableState, match: Match, now: float, ended: str = "finished") -> MatchEntry:
    return MatchEntry(
        match_id=state.id,
        guild_id=state.guild_id,
        table_id=state.id,
        rules=state.settings.rules.to_document(),
        seats=seats_of(state),
        totals=tuple(float(total) for total in match.totals),
        hands=len(match.hands),
        finished_at=now,
        ended=ended,
        practice=state.practice,
        deal=state.deal if state.practice else None,
    )


def scoring_breakdown(rules: Ruleset, win: WinContext) -> tuple[tuple[str, int], ...]:
    """The breakdown's stable keys (``dragon_pung``, ``mixed_one_suit``…), each with its value: its fan in
    Hong Kong, its points in classic (a line that only doubles is worth 0 points); the family game
    scores nothing. The keys are the ledger's patterns (for "most frequent patterns"), the pairs the
    result's breakdown (SPEC §7.1's ``[data-pattern]`` with ``data-value``)."""
    settings = settings_for(rules)
    if isinstance(settings, ClassicSettings):
        return tuple((item.key, item.points) for item in score_classic(win, settings).items)
    if isinstance(settings, HongKongSettings):
        return tuple((item.key, item.fan) for item in score_hongkong(win, settings).patterns)
    return ()
