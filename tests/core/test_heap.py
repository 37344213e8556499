"""What start-up loaded is frozen out of the collector's scans; what comes after is collected as before."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from core.heap import YOUNG_COLLECTION, collect_less_often, freeze_start_up


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()  # the other tests of this worker see the heap as they would


def test_what_was_alive_is_frozen_and_a_cycle_made_after_is_still_collected(unfrozen: None) -> None:
    kept = Node()
    freeze_start_up()
    assert gc.get_freeze_count() > 0
    assert not any(obj is kept for obj in gc.get_objects())  # out of every generation a collection scans
    first, second = Node(), Node()
    first.other, second.other = second, first  # a cycle: only the collector can free it
    gone = weakref.ref(first)
    del first, second
    gc.collect()
    assert gone() is None


def test_a_server_of_pages_collects_young_objects_less_often_and_still_collects_cycles() -> None:
    before = gc.get_threshold()
    try:
        collect_less_often()
        assert gc.get_threshold() == (YOUNG_COLLECTION, 20, 20)
        first, second = Node(), Node()
        first.other, second.other = second, first
        gone = weakref.ref(first)
        del first, second
        gc.collect()
        assert gone() is None
    finally:
        gc.set_threshold(*before)
