"""Images of the game, drawn with Pillow: tiles, a player's hand, the table, the solitaire pyramid, result cards.

Every function here is pure: it takes a view (never the full hidden state) and returns a ``Rendered``
PNG with its text description. Pillow work blocks, so the bot calls these in a worker thread.
"""

from render.rendered import DESCRIPTION_LIMIT, Rendered

__all__ = ["DESCRIPTION_LIMIT", "Rendered"]
