"""Compile the hand-analysis hot path (``game.hand``, ``game.hand_tables``) with mypyc.

Everything else about the package lives in ``pyproject.toml``. The two modules are ordinary typed
Python and run unchanged when not compiled; compiled, win detection is several times faster
(``benchmarks/hand_speed.py``). ``pip install -e .`` builds them next to their sources: rerun it
after editing either module, or the stale compiled module keeps being imported instead
(``tests/test_hand_build.py`` fails while that is so).
"""

from mypyc.build import mypycify
from setuptools import setup

setup(ext_modules=mypycify(["game/hand.py", "game/hand_tables.py"], group_name="game_hand"))
