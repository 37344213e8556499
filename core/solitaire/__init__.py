"""The solitaire as the core plays it: a member's game, its moves and its service."""
