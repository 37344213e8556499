"""The locks in requirements/ pin every dependency the project names, each with its hashes, and agree
with each other: the image installs runtime.lock, CI test.lock, and both build with build.lock; bench.lock is
test.lock's pins plus the benchmarks' outside players (never the bot's dependencies)."""

from __future__ import annotations

import pathlib
import re
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = pathlib.Path(__file__).resolve().parents[1]
LOCKS = ROOT / "requirements"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def pins(name: str) -> dict[str, tuple[str, list[str]]]:
    """Each pinned package of a lock: its version and its hashes."""
    text = (LOCKS / name).read_text(encoding="utf-8")
    found = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        head = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", block)
        if head:
            found[canonicalize_name(head[1])] = (head[2], re.findall(r"--hash=sha256:([0-9a-f]{64})", block))
    return found


def named(requirements: list[str]) -> list[Requirement]:
    return [Requirement(text) for text in requirements]


@pytest.mark.parametrize(
    ("lock", "wanted"),
    [
        ("runtime.lock", PROJECT["project"]["dependencies"]),
        ("test.lock", PROJECT["project"]["dependencies"] + PROJECT["project"]["optional-dependencies"]["test"]),
        ("build.lock", PROJECT["build-system"]["requires"]),
        (
            "bench.lock",
            PROJECT["project"]["dependencies"]
            + PROJECT["project"]["optional-dependencies"]["test"]
            + PROJECT["project"]["optional-dependencies"]["bench"],
        ),
    ],
)
def test_every_dependency_is_pinned_within_its_range_with_hashes(lock, wanted):
    pinned = pins(lock)
    assert pinned, lock
    for requirement in named(wanted):
        version, _ = pinned[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(version, prereleases=True), (requirement, version)
    assert all(hashes for _, hashes in pinned.values()), f"{lock}: a pin without a hash"


def test_the_locks_agree_and_name_no_index_of_this_machine():
    runtime, test, build = pins("runtime.lock"), pins("test.lock"), pins("build.lock")
    bench = pins("bench.lock")
    for name, (version, _) in runtime.items():
        assert test[name][0] == version, name  # CI tests what the image runs
    for name, pin in test.items():
        assert bench[name] == pin, name  # the benchmarks' environment is CI's plus the outside players
    assert "hk-mahjong" not in runtime and "hk-mahjong" not in test  # never a dependency of the bot
    for name, (version, _) in build.items():
        assert name not in test or test[name][0] == version, name  # both installed together by CI
    for lock in LOCKS.glob("*.lock"):
        text = lock.read_text(encoding="utf-8")
        assert "--index-url" not in text and "--find-links" not in text and "file://" not in text, lock
