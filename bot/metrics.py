"""What the bot counts for its admins, in Prometheus' terms (``prometheus-client``), one registry per bot.

Measured where they happen: an interaction's acknowledgement (``bot.answers``), a table message shown
after a change (``bot.tables.messages``), refusals and failures (``bot.failures``). Read when scraped:
the pacer's queue and the requests it let through, the drawing queue and the drawing processes' CPU, the
live store's retries, and the open tables and solitaire games (counted in the live state at each scrape,
which ``refresh`` does before the text is written).
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from data.live import LiveStore

# Discord's 3 s for an acknowledgement, and a table message a member waits for
ACK_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
SHOWN_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class Sources:
    """Where the figures read at a scrape come from (each None until the bot has it)."""

    pacer_waiting: Callable[[], int] | None = None
    requests_sent: Callable[[], int] | None = None
    drawings_pending: Callable[[], int] | None = None
    drawing_pids: Callable[[], Iterable[int]] | None = None
    store_retries: Callable[[], int] | None = None


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)  # the bot process's own CPU and memory
        self.acknowledged = Histogram(
            "mahjong_acknowledgement_seconds",
            "From an interaction's creation to its acknowledgement, by kind",
            ["kind"],
            buckets=ACK_BUCKETS,
            registry=self.registry,
        )
        self.table_shown = Histogram(
            "mahjong_table_message_seconds",
            "From a committed table change heard here to its table message edited",
            buckets=SHOWN_BUCKETS,
            registry=self.registry,
        )
        self.interactions = Counter(
            "mahjong_interactions", "Interactions received, by kind", ["kind"], registry=self.registry
        )
        self.unanswered = Counter(
            "mahjong_interactions_not_done",
            "Interactions that did not go through, by kind and outcome (refused: understood and not taken)",
            ["kind", "outcome"],
            registry=self.registry,
        )
        self.store_errors = Counter(
            "mahjong_store_errors",
            "Store errors met by an interaction: unavailable (try again) or failed (needs a person)",
            ["error"],
            registry=self.registry,
        )
        self._open = Gauge(
            "mahjong_open", "Tables and solitaire games in the live state", ["kind"], registry=self.registry
        )
        self.sources = Sources()
        self.registry.register(_Scraped(self.sources))

    async def refresh(self, store: LiveStore | None) -> None:
        """Count what the live state holds (a scan of its keys: a scrape's work, not a click's)."""
        if store is None:
            return
        keys = await store.keys("")
        self._open.labels("table").set(sum(key.startswith("table:") for key in keys))
        self._open.labels("solitaire").set(sum(key.startswith("solitaire:") for key in keys))

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _Scraped(Collector):
    def __init__(self, sources: Sources) -> None:
        self._sources = sources

    def collect(self) -> Iterator[Metric]:
        sources = self._sources
        if sources.pacer_waiting is not None:
            yield _gauge(
                "mahjong_pacer_waiting", "Requests waiting for the global limit's pacer", sources.pacer_waiting()
            )
        if sources.requests_sent is not None:
            yield _counter(
                "mahjong_requests_paced", "Requests that counted against the global limit", sources.requests_sent()
            )
        if sources.drawings_pending is not None:
            yield _gauge("mahjong_drawings_pending", "Pictures asked for and not drawn yet", sources.drawings_pending())
        if sources.drawing_pids is not None:
            yield _counter(
                "mahjong_drawing_cpu_seconds",
                "CPU time of the drawing worker processes",
                sum(_cpu_seconds(pid) for pid in sources.drawing_pids()),
            )
        if sources.store_retries is not None:
            yield _counter(
                "mahjong_store_retries", "Live-store calls tried again on a fresh connection", sources.store_retries()
            )


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)


def _counter(name: str, documentation: str, value: float) -> CounterMetricFamily:
    return CounterMetricFamily(name, documentation, value=value)


def _cpu_seconds(pid: int) -> float:
    """User and system time of a process (Linux's /proc; 0 where there is none)."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS
