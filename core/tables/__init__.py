"""The four-player table as the core plays it: its state, moves, transitions, service and clock."""
