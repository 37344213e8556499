"""Computer players, by name: ``PLAYERS["basic"]()`` makes one."""

from __future__ import annotations

from game.errors import InvalidNotation
from game.players.base import Player, PlayerFactory
from game.players.basic import BasicPlayer
from game.players.random_player import RandomPlayer
from game.players.strong import StrongPlayer
from game.players.teacher import TeacherPlayer

PLAYERS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "basic": BasicPlayer,
    "strong": StrongPlayer,
    "teacher": TeacherPlayer,
}


def make_player(name: str) -> Player:
    factory = PLAYERS.get(name)
    if factory is None:
        raise InvalidNotation(f"unknown player {name!r}: choose one of {', '.join(sorted(PLAYERS))}")
    return factory()


__all__ = ["PLAYERS", "Player", "PlayerFactory", "make_player"]
