"""The application without its surfaces: the table and solitaire services, their state, moves,
transitions and clocks, the ledger writer, refusals and the event bus. It imports neither discord.py,
Pillow nor aiohttp (``tests/test_core_purity.py``): Discord (``bot``), the page (``web``) and the tests
each turn what a member did into a move for these services and show what comes back."""
