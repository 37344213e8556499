"""Tournaments on Discord (SPEC §9): the sign-up post and its buttons, each round's tables as threads, the
standings after each round and the podium; the commands are in ``bot.commands.tournament``."""
