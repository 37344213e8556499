"""Mahjong solitaire (SPEC §3): the pyramid, solvable daily deals, the game and its score, a solver."""
