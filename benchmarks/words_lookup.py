"""What a message costs to look up: the catalogs (``words.messages.say``, gettext's compiled ``.mo``) against the
``(en, fr)`` tuple table they replaced, side by side in one run, and how many lookups a click makes.

    .venv/bin/python benchmarks/words_lookup.py [--rounds 200000] [--hands 1]

The old way is rebuilt from the same catalogs (a dict of tuples, ``pick`` by language, ``str.format``),
so both fill the same templates with the same parameters. The per-click count plays seeded hands on the
fake Discord (``benchmarks/bot_latency.py``'s path) with the catalog lookup counted.
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import words.catalog
from tests.words.catalogs import texts
from words.messages import say

# A short refusal, a message with placeholders, and a long one.
SAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("not_your_turn", {}),
    ("table_not_full", {"players": 4}),
    ("store_down", {}),
]


def old_table() -> dict[str, tuple[str, str]]:
    english, french = texts("messages"), texts("messages", "fr")
    return {key: (english[key][0], french[key][0]) for key in english if len(english[key]) == 1}


def old_say(table: dict[str, tuple[str, str]], key: str, lang: str, **params: Any) -> str:
    pair = table[key]
    return (pair[1] if lang == "fr" else pair[0]).format(**params)


def per_lookup(rounds: int) -> tuple[float, float]:
    table = old_table()
    for key, params in SAMPLES:  # the same text both ways
        assert old_say(table, key, "fr", **params) == say(key, "fr", **params)
    timings = {"old": 0.0, "new": 0.0}
    for _ in range(5):  # interleaved, so both see the same machine
        start = time.perf_counter()
        for _ in range(rounds):
            for key, params in SAMPLES:
                old_say(table, key, "fr", **params)
        timings["old"] += time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(rounds):
            for key, params in SAMPLES:
                say(key, "fr", **params)
        timings["new"] += time.perf_counter() - start
    lookups = 5 * rounds * len(SAMPLES)
    return timings["old"] / lookups, timings["new"] / lookups


async def lookups_per_click(hands: int) -> tuple[int, int, float]:
    from benchmarks.bot_latency import measure

    counted = [0]
    original = words.catalog.template

    def counting(domain: str, key: str, lang: str) -> str:
        counted[0] += 1
        return original(domain, key, lang)

    words.catalog.template = counting  # type: ignore[assignment]
    try:
        figures = await measure(hands, 7, "sqlite")
    finally:
        words.catalog.template = original
    clicks = len(figures["ack"])
    ordered = sorted(figures["table"])
    return counted[0], clicks, ordered[len(ordered) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--hands", type=int, default=1)
    args = parser.parse_args()
    old, new = per_lookup(args.rounds)
    print(f"a message, tuple table: {old * 1e9:.0f} ns; catalog: {new * 1e9:.0f} ns ({new / old:.2f}×)")
    count, clicks, median = asyncio.run(lookups_per_click(args.hands))
    extra = (new - old) * count / clicks
    print(
        f"{count} lookups over {clicks} clicks ({count / clicks:.1f} a click): {extra * 1e6:.1f} µs more a click, "
        f"{extra / median * 100:.3f} % of the median click → updated table ({median * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
