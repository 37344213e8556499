"""Tournaments (SPEC §9), pure: a tournament's life from sign-up to its last round (``tournament``) and the
standings of its finished tables (``standings``)."""
