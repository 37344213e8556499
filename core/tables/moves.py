"""What a member asks a table to do, in no surface's words: a Discord button, a tap in a web page, the
test suite and the benchmarks all say it this way, and the transitions (``core.tables.transitions``)
take nothing else.

A move names no tile: ``Play.number`` is the rank of a choice as every surface numbers it, the slot
of a tile in ``hand_slots`` order (the hand sorted, the drawn tile last) or the rank of a kong or a
claim among the seat's legal ones, in the engine's order. ``Play.step`` is the decision point the
member saw (``TableState.step``): a move made from an older state is refused as no longer current.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from game.actions import Action, AddedKong, Claim, ConcealedKong
from game.tiles import Tile
from game.view import SeatView

LobbyVerb = Literal["join", "leave", "add_computer", "choose_first", "start", "cancel", "rename"]
PlayVerb = Literal["discard", "kong", "win", "call", "claim", "pass", "next", "back", "standing"]
LOBBY_VERBS: frozenset[str] = frozenset(get_args(LobbyVerb))
PLAY_VERBS: frozenset[str] = frozenset(get_args(PlayVerb))
NUMBERED: frozenset[str] = frozenset({"discard", "kong", "claim", "choose_first", "standing"})


class BadMove(ValueError):
    """A move that is no move: an unknown verb, or a number where none goes (or none where one does)."""


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks, and from which server: a table answers only the server it lives on."""

    member_id: int
    guild_id: int | None
    name: str = ""


@dataclass(frozen=True, slots=True)
class Lobby:
    """A lobby request; ``number`` is the lobby seat ``choose_first`` names. ``rename`` gives the member's
    seat the name the request's ``Actor`` carries (the page's pseudonym form, SPEC §7.1)."""

    verb: LobbyVerb
    number: int | None = None

    def __post_init__(self) -> None:
        _check(self.verb, LOBBY_VERBS, self.number)


@dataclass(frozen=True, slots=True)
class Play:
    """A move in the match: a discard, a kong, mahjong, a call, a claim, a pass, the next hand, I'm back;
    ``standing`` turns the member's standing choice ``STANDING[number]`` on or off (at any step)."""

    verb: PlayVerb
    step: int
    number: int | None = None

    def __post_init__(self) -> None:
        _check(self.verb, PLAY_VERBS, self.number)


Move = Lobby | Play


def _check(verb: str, verbs: frozenset[str], number: int | None) -> None:
    if verb not in verbs or (number is not None) != (verb in NUMBERED):
        raise BadMove(f"not a move: {verb!r} {number!r}")
    if number is not None and not 0 <= number < 100:
        raise BadMove(f"not a choice: {number!r}")


def hand_slots(view: SeatView) -> tuple[Tile, ...]:
    """The concealed tiles in the order every surface numbers them: sorted, then the drawn tile."""
    if view.concealed is None:
        return ()
    rest = list(view.concealed)
    if view.drawn is not None:
        rest.remove(view.drawn)
    return tuple(sorted(rest)) + ((view.drawn,) if view.drawn is not None else ())


def claim_options(legal: Sequence[Action]) -> list[Claim]:
    """The claims among a seat's legal actions, in the engine's order (numbered by ``Play.number``)."""
    return [action for action in legal if isinstance(action, Claim)]


def kong_options(legal: Sequence[Action]) -> list[ConcealedKong | AddedKong]:
    """The kongs a seat may declare now, in the engine's order (numbered by ``Play.number``)."""
    return [action for action in legal if isinstance(action, ConcealedKong | AddedKong)]
