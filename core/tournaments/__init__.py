"""Tournaments (SPEC §9), pure: published constructions of seatings without repeat meetings (``designs``,
over the finite fields of ``fields``)."""
