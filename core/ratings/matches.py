"""Which matches are rated and who is rated for each seat (SPEC §8).

A match is rated when it is a four-player ``classic`` or ``hongkong`` match that ended normally
(``finished``): not a ``family`` table, not a practice table (dealt from a chosen seed), not a three-player
table, not one closed before its length. Its pool is its server and rule set.

A seat's player is a member, ``member:<id>`` (a member whose seat a computer played while they were
away is still that member), or a computer, ``computer:<level>``: one rating per strength and pool, so the
three "strong" computers of a table are one player (``model.rate_players``).

What a match and a seat must say to be rated is stated here as Protocols, which the ledger's entries
(``data.ledger.MatchEntry`` and ``SeatEntry``) meet: the ratings' rules import nothing of the stores,
and the stores build on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

RATED_RULES = ("classic", "hongkong")
MEMBER = "member:"
COMPUTER = "computer:"


class RatedSeat(Protocol):
    @property
    def member_id(self) -> int | None: ...

    @property
    def computer(self) -> str | None: ...


class RatedMatch(Protocol):
    @property
    def match_id(self) -> str: ...

    @property
    def rules_name(self) -> str: ...

    @property
    def ended(self) -> str: ...

    @property
    def practice(self) -> bool: ...

    @property
    def seats(self) -> Sequence[RatedSeat]: ...


def member_key(member_id: int) -> str:
    return f"{MEMBER}{member_id}"


def computer_key(level: str) -> str:
    return f"{COMPUTER}{level}"


def player_key(seat: RatedSeat) -> str | None:
    """The player a seat is rated as: its member, else its computer's strength (None for neither)."""
    return seat_player(seat.member_id, seat.computer)


def seat_player(member_id: int | None, computer: str | None) -> str | None:
    """``player_key`` of a seat's member id and computer strength, as the ledger's columns hold them."""
    if member_id is not None:
        return member_key(member_id)
    if computer is not None:
        return computer_key(computer)
    return None


def is_computer(player: str) -> bool:
    return player.startswith(COMPUTER)


def member_of(player: str) -> int | None:
    """The member id of a ``member:<id>`` key, None for a computer's."""
    return int(player.removeprefix(MEMBER)) if player.startswith(MEMBER) else None


def rated(entry: RatedMatch) -> bool:
    """Whether the match is rated (see above)."""
    return is_rated(entry.rules_name, entry.ended, entry.practice, [player_key(seat) for seat in entry.seats])


def is_rated(rules_name: str, ended: str, practice: bool, players: Sequence[str | None]) -> bool:
    """``rated`` of a match's rule set, ending, practice flag and seats' players (as the ledger keeps them)."""
    return (
        rules_name in RATED_RULES
        and ended == "finished"
        and not practice
        and len(players) == 4
        and all(player is not None for player in players)
    )


def players_of(entry: RatedMatch) -> tuple[str, ...]:
    """The player of each seat of a rated match."""
    keys = tuple(player_key(seat) for seat in entry.seats)
    if any(key is None for key in keys):
        raise ValueError(f"match {entry.match_id}: a seat is neither a member nor a computer")
    return tuple(key for key in keys if key is not None)
