"""A solitaire game's key in the live state (``slot_key``) and its parser, which the start-up sweep of
pending results reads keys with."""

from __future__ import annotations

import pytest

from core.solitaire.state import parse_slot_key, slot_key


@pytest.mark.parametrize("key", [slot_key(0, 1, "daily"), slot_key(501, 2**63 - 1, "free")])
def test_a_slot_key_reads_back_as_its_parts(key):
    parts = parse_slot_key(key)
    assert parts is not None and slot_key(*parts) == key


@pytest.mark.parametrize("key", ["solitaire:1:2:weekly", "solitaire:1:2", "solitaire-post:1:2025-03-14", "table:1"])
def test_a_key_of_another_shape_is_no_slot(key):
    assert parse_slot_key(key) is None
