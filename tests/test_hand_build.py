"""The hand modules compiled by mypyc (setup.py) against their own source, which must keep working as is.

An editable install builds ``game/hand*.so`` next to the sources, and Python imports those first:
after an edit to a source, the stale compiled module would silently keep running until rebuilt.
"""

import importlib.util
import random
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import game.hand
import game.hand_tables

MODULES = [game.hand, game.hand_tables]
WALL = [kind for kind in range(34) for _ in range(4)]


def counts_of(kinds):
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    return counts


def readings(arrangements):
    """Arrangements as plain values: each module has its own Arrangement class."""
    return [(a.pair, [(s.kind.value, s.tile) for s in a.sets]) for a in arrangements]


def compiled(module):
    return any(module.__file__.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def source_of(module):
    return Path(module.__file__).parent / (module.__name__.rpartition(".")[2] + ".py")


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_compiled_module_is_not_older_than_its_source(module):
    if not compiled(module):
        pytest.skip(f"{module.__name__} runs from its source (not compiled)")
    built = Path(module.__file__).stat().st_mtime
    assert source_of(module).stat().st_mtime <= built, (
        f"{source_of(module)} changed after it was compiled: rerun `pip install -e .` to rebuild it"
    )


def load_sources():
    """game.hand_tables and game.hand executed from their .py files, as modules of their own."""
    saved = {name: sys.modules[name] for name in ("game.hand_tables", "game.hand")}
    loaded = {}
    try:
        for name, module in saved.items():
            spec = importlib.util.spec_from_file_location(name, source_of(module))
            loaded[name] = importlib.util.module_from_spec(spec)
            sys.modules[name] = loaded[name]  # game.hand's imports then find the source tables
            spec.loader.exec_module(loaded[name])
    finally:
        sys.modules.update(saved)
    return loaded["game.hand"]


def test_the_source_runs_uncompiled_and_agrees_with_the_installed_modules():
    source = load_sources()
    assert not compiled(source) and source is not game.hand
    rng = random.Random(12)
    # Uniform hands, and hands of suit tiles only, which get past the honours to the suit look-ups.
    hands = [counts_of(rng.sample(WALL[: 136 if i % 4 < 2 else 108], 13 + i % 2)) for i in range(400)]
    for counts in hands:
        assert source.regular_shanten(counts) == game.hand.regular_shanten(counts)
        if sum(counts) == 14:
            assert source.is_complete(counts) == game.hand.is_complete(counts)
            assert readings(source.arrangements(counts)) == readings(game.hand.arrangements(counts))
        else:
            assert source.waits(counts) == game.hand.waits(counts)
            assert source.useful_tiles(counts) == game.hand.useful_tiles(counts)
