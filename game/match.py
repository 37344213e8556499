"""A match: a sequence of hands with the dealer rotating, the prevailing wind moving on, and totals.

East keeps the deal after winning or after a drawn hand (which is replayed); otherwise the deal
passes to the next seat (the old South becomes East). When the deal comes back to the seat that
dealt first, the prevailing wind changes; the match ends when the rule set's winds have all
prevailed (``four_winds``: East, South, West, North; ``one_wind``: East only), or, for a
``one_hand`` match (the family game), at the first hand somebody wins.

Payments come from a ``settle`` function given to the match, ``settle(result) -> per-seat gains``
(``game.scoring.table.settle_hand`` for the scored rule sets); the default pays nothing (the family
game has no score). Amounts are exact fractions: "everyone pays" can make half portions. Seats
are chairs: seat numbers never change during a match, the winds move round them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.errors import GameError, IllegalAction, InvalidNotation
from game.result import HandResult
from game.round import Round
from game.round_document import result_from_json, result_to_json
from game.rules import Ruleset
from game.strict import MALFORMED, canonical, fields, integer, listed
from game.tiles import Tile
from game.win import WinJudge

Settle = Callable[[HandResult], Sequence[Fraction]]


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One hand of the match as it went: who dealt, which wind prevailed, how it ended, who paid."""

    number: int
    seed: int
    dealer: int
    round_wind: Tile
    result: HandResult
    payments: tuple[Fraction, ...]


class Match:
    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        *,
        first_dealer: int | None = None,
        settle: Settle | None = None,
        judge: WinJudge | None = None,
    ) -> None:
        """``first_dealer`` None draws the seats' winds at random from ``seed`` (SPEC §2); the family
        game lets the host name who starts."""
        if first_dealer is None:
            first_dealer = random.Random(f"match:{seed}:first dealer").randrange(ruleset.players)
        if first_dealer not in ruleset.seats:
            raise InvalidNotation(f"the first dealer is one of seats 0–{ruleset.players - 1}, not {first_dealer}")
        self.ruleset = ruleset
        self.seed = seed
        self.first_dealer = first_dealer
        self.judge = judge
        self._settle = settle
        self.dealer = first_dealer
        self.wind_index = 0
        self.over = False
        self.hands: list[PlayedHand] = []
        self.totals: list[Fraction] = [Fraction(0)] * ruleset.players

    @property
    def round_wind(self) -> Tile:
        winds = self.ruleset.prevailing_winds
        return winds[min(self.wind_index, len(winds) - 1)]

    def hand_seed(self, number: int) -> int:
        """The seed of the ``number``-th hand (from 0), derived from the match's seed."""
        return random.Random(f"match:{self.seed}:hand:{number}").getrandbits(48)

    def next_round(self) -> Round:
        """Deal the next hand."""
        if self.over:
            raise IllegalAction("the match is over")
        return Round.deal(
            self.ruleset,
            self.hand_seed(len(self.hands)),
            dealer=self.dealer,
            round_wind=self.round_wind,
            judge=self.judge,
        )

    def finish_hand(self, hand: Round) -> PlayedHand:
        """Settle a finished hand dealt by ``next_round``, add the payments and move the deal on."""
        result = hand.result
        if result is None:
            raise IllegalAction("the hand is not over yet")
        expected = (self.hand_seed(len(self.hands)), self.dealer, self.round_wind, self.ruleset)
        if (hand.seed, hand.dealer, hand.round_wind, hand.ruleset) != expected:
            raise IllegalAction("this hand is not the match's next hand")
        payments = self._payments(result)
        played = PlayedHand(len(self.hands), hand.seed, self.dealer, self.round_wind, result, payments)
        self.hands.append(played)
        self.totals = [total + paid for total, paid in zip(self.totals, payments, strict=True)]
        self._rotate(result.winner)
        return played

    def _payments(self, result: HandResult) -> tuple[Fraction, ...]:
        if self._settle is None:
            return (Fraction(0),) * self.ruleset.players
        payments = tuple(Fraction(paid) for paid in self._settle(result))
        if len(payments) != self.ruleset.players:
            raise ValueError(f"settle gave {len(payments)} payments for {self.ruleset.players} seats")
        return payments

    def _rotate(self, winner: int | None) -> None:
        if self.ruleset.length == "one_hand":
            self.over = winner is not None
            return
        if winner is None or winner == self.dealer:
            return
        self.dealer = (self.dealer + 1) % self.ruleset.players
        if self.dealer == self.first_dealer:
            self.wind_index += 1
            self.over = self.wind_index >= len(self.ruleset.prevailing_winds)

    # --- documents ------------------------------------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.to_document(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "hands": [
                {
                    "seed": played.seed,
                    "dealer": played.dealer,
                    "round_wind": played.round_wind.code,
                    "result": result_to_json(played.result),
                    "payments": [json_number(paid) for paid in played.payments],
                }
                for played in self.hands
            ],
        }

    @classmethod
    def from_document(cls, document: Any, *, settle: Settle | None = None, judge: WinJudge | None = None) -> Match:
        """Rebuild a match by settling its recorded hands again in order; the document is accepted only
        if the rebuilt match writes exactly the same document (each hand's seed, dealer and wind follow
        from the ones before, the payments from ``settle``, with the same JSON types). Anything else
        raises ``InvalidNotation``."""
        try:
            return cls._from_document(document, settle, judge)
        except InvalidNotation:
            raise
        except GameError as error:  # settling refused a result (a hand that cannot be scored)
            raise InvalidNotation(f"a hand of the match document cannot be settled: {error}") from None
        except MALFORMED as error:
            raise InvalidNotation(f"malformed match document ({type(error).__name__})") from None

    @classmethod
    def _from_document(cls, document: Any, settle: Settle | None, judge: WinJudge | None) -> Match:
        document = fields(document, "a match document", ("ruleset", "seed", "first_dealer", "hands"))
        rules = Ruleset.from_document(document["ruleset"])
        match = cls(
            rules,
            integer(document["seed"], "the match seed"),
            first_dealer=integer(document["first_dealer"], "the first dealer", 0, rules.players - 1),
            settle=settle,
            judge=judge,
        )
        for number, entry in enumerate(listed(document["hands"], "the match's hands")):
            if match.over:
                raise InvalidNotation(f"hand {number} of the match document comes after the end of the match")
            entry = fields(entry, f"hand {number}", ("seed", "dealer", "round_wind", "result", "payments"))
            result = result_from_json(entry["result"], rules.players)
            played = PlayedHand(
                number, match.hand_seed(number), match.dealer, match.round_wind, result, match._payments(result)
            )
            match.hands.append(played)
            match.totals = [total + paid for total, paid in zip(match.totals, played.payments, strict=True)]
            match._rotate(result.winner)
        if canonical(match.to_document()) != canonical(document):
            written = match.to_document()["hands"]
            differs = next(
                (
                    i
                    for i, (mine, theirs) in enumerate(zip(written, document["hands"], strict=True))
                    if canonical(mine) != canonical(theirs)
                ),
                None,
            )
            where = "its header" if differs is None else f"hand {differs}"
            raise InvalidNotation(f"{where} of the match document does not follow from the ones before")
        return match


def places(totals: Sequence[Fraction | float]) -> tuple[int, ...]:
    """Each seat's place at the end of a match, by its total: tied seats share the best place they
    cover and the next place skips as many (totals 5, 0, 0, 0 are places 1, 2, 2, 2; 3, 3, 1, 0 are 1, 1,
    3, 4). The one rule for the result message, the history and anything else that ranks a match."""
    return tuple(1 + sum(1 for other in totals if other > total) for total in totals)


def json_number(amount: Fraction) -> int | float:
    """An amount as a JSON number: whole amounts as integers, half portions as decimals."""
    return int(amount) if amount.denominator == 1 else float(amount)


def matches_hands(rules: Ruleset, key: str, hands: int, judge: WinJudge | None = None) -> Iterator[Round]:
    """``hands`` hands to play, in matches one after the other, the ``n``-th match seeded from ``key``
    and ``n`` (for simulations and benchmarks). Each hand must be over before the next is asked for:
    its match settles it then."""
    number = 0
    match = Match(rules, _series_seed(key, number), judge=judge)
    for _ in range(hands):
        if match.over:
            number += 1
            match = Match(rules, _series_seed(key, number), judge=judge)
        hand = match.next_round()
        yield hand
        match.finish_hand(hand)


def _series_seed(key: str, number: int) -> int:
    return random.Random(f"{key}:{number}").getrandbits(48)
