"""Tournaments (SPEC §9), pure: the standings of a tournament's finished tables (``standings``)."""
