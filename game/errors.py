"""The engine's error types.

Every error the engine raises on bad input is a ``GameError`` (a ``ValueError``), so callers can
turn any of them into a message for a player without catching unrelated bugs.

    GameError
    ├── InvalidNotation   text that is not tile notation, or a malformed document
    ├── IllegalAction     an action the rules do not allow in this state (nothing changed)
    │   └── NotYourTurn   the seat may not act now
    └── InvalidHand       a hand description that cannot exist (too many copies, wrong size)
"""


class GameError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidNotation(GameError):
    """Text that is not valid tile notation, or a document that does not describe a state."""


class IllegalAction(GameError):
    """An action the rules do not allow in the current state; the state is unchanged."""


class NotYourTurn(IllegalAction):
    """The seat may not act now."""


class InvalidHand(GameError):
    """A hand description that cannot exist with the tile set (wrong size, too many copies)."""
