"""Ratings exactly once under ``kill -9``, and ``mahjong-bot ledger rerate`` (SPEC §8, issue 40), on both
backends: a process recording seeded matches (some arriving late, as from another process) is killed at
seeded random moments, and once inside a rating, after its match's rows were written in the transaction;
after each kill every recorded match is rated once if SPEC §8 rates it (never otherwise) and the stored
ratings are what a replay of the ledger gives. The command compares, repairs, and says so in JSON."""

from __future__ import annotations

import asyncio
import json
import pathlib
import random
import signal
import sqlite3
import sys

import pytest

from cli import main
from core.ratings import rated
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from tests.data.ledger_backends import Backend
from tests.data.rating_matches import seeded_matches

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEED, COUNT = 44, 2000
KILLS = 5  # per backend, at random moments; and one inside a rating


async def _writer(backend: Backend, *extra: str) -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.data.ratings_writer",
        backend.where,
        str(SEED),
        str(COUNT),
        *extra,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    assert await asyncio.wait_for(process.stdout.readline(), 60) == b"ready\n"
    return process


async def _killed(process: asyncio.subprocess.Process) -> None:
    process.send_signal(signal.SIGKILL)
    assert await process.wait() == -signal.SIGKILL


async def _rated_once(backend: Backend) -> int:
    """Every recorded match rated once if it is to be rated, never if not, and the stored ratings those
    a replay of the ledger gives; how many matches are recorded."""
    expected = {entry.match_id: rated(entry) for entry in seeded_matches(COUNT, SEED)}
    recorded = [row[0] for row in await backend.rows("SELECT match_id FROM matches")]
    ratings = dict(await backend.rows("SELECT match_id, COUNT(*) FROM rated_matches GROUP BY match_id"))
    changes = dict(await backend.rows("SELECT match_id, COUNT(*) FROM rating_changes GROUP BY match_id"))
    assert set(ratings) <= set(recorded)
    for match_id in recorded:
        assert (ratings.get(match_id, 0), changes.get(match_id, 0)) == ((1, 4) if expected[match_id] else (0, 0))
    ledger = await backend.open_ledger()
    try:
        report = await ledger.rerate(repair=False)
    finally:
        await ledger.close()
    assert report.equal, report.differences
    return len(recorded)


@pytest.mark.asyncio
async def test_a_writer_killed_anywhere_leaves_every_recorded_match_rated_once(backend: Backend) -> None:
    await (await backend.open_ledger()).close()  # the database migrated before the first writer starts
    chance = random.Random(4040)
    progress = []
    for _ in range(KILLS):
        writer = await _writer(backend)
        await asyncio.sleep(chance.uniform(0.02, 0.2))
        await _killed(writer)
        progress.append(await _rated_once(backend))
    assert progress == sorted(progress) and progress[-1] > 0  # each went on from the last (killed before done)
    writer = await _writer(backend, "--pause-in-rating")
    assert writer.stdout is not None
    [_, match_id] = (await asyncio.wait_for(writer.stdout.readline(), 60)).decode().split()
    await _killed(writer)  # after the match's rows, before its rating: the transaction never was
    assert [row[0] for row in await backend.rows(f"SELECT match_id FROM matches WHERE match_id = '{match_id}'")] == []
    assert await _rated_once(backend) >= progress[-1]  # (matches not rated may have come first)
    writer = await _writer(backend)
    assert writer.stdout is not None
    assert await asyncio.wait_for(writer.stdout.readline(), 120) == b"done\n"
    assert await writer.wait() == 0
    assert await _rated_once(backend) == COUNT


# --- the command --------------------------------------------------------------------------------------


async def _recorded(backend: Backend, count: int) -> None:
    ledger = await backend.open_ledger()
    try:
        for entry in seeded_matches(count, seed=5):
            await ledger.record_match(entry)
    finally:
        await ledger.close()


async def _rerate(where: str, *flags: str) -> tuple[int, dict[str, object]]:
    captured: list[str] = []

    def run() -> int:
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main(["ledger", "rerate", "--ledger", where, *flags])
        captured.append(out.getvalue())
        return status

    status = await asyncio.to_thread(run)
    return status, json.loads(captured[0])


@pytest.mark.asyncio
async def test_the_command_finds_the_stored_ratings_equal_or_repairs_them(backend: Backend) -> None:
    await _recorded(backend, 150)
    status, said = await _rerate(backend.where, "--check")
    assert status == 0 and said["ok"] and said["equal"] and not said["repaired"] and said["differences"] == []
    assert said["pools"] == 4 and 100 < int(said["matches"]) < 150  # type: ignore[call-overload]
    # a backup restored in parts: the ratings of an older day beside the newer matches
    if backend.schema is not None:
        await backend.schema.raw.execute("DELETE FROM rating_changes WHERE match_id > 'm5-000100'")
        await backend.schema.raw.execute("DELETE FROM rated_matches WHERE match_id > 'm5-000100'")
    else:
        assert backend.path is not None
        with sqlite3.connect(backend.path) as raw:
            raw.execute("DELETE FROM rating_changes WHERE match_id > 'm5-000100'")
            raw.execute("DELETE FROM rated_matches WHERE match_id > 'm5-000100'")
        raw.close()
    status, said = await _rerate(backend.where, "--check")
    assert status == 1 and not said["ok"] and not said["equal"] and not said["repaired"]
    assert any(str(line).startswith("rated match m5-000") for line in said["differences"])  # type: ignore[attr-defined]
    status, said = await _rerate(backend.where)
    assert status == 0 and said["ok"] and not said["equal"] and said["repaired"]
    status, said = await _rerate(backend.where, "--check")
    assert status == 0 and said["equal"]
    ledger: SqliteLedger | PostgresLedger = await backend.open_ledger()
    try:
        assert len(await ledger.match_rating_changes("m5-000149")) in (0, 4)
    finally:
        await ledger.close()


def test_the_command_opens_the_bots_ledger_by_default_and_refuses_what_it_cannot_open(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env file here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "missing.sqlite3"))
    assert main(["ledger", "rerate"]) == 2
    assert "missing.sqlite3: no such ledger file" in capsys.readouterr().err
    assert not (tmp_path / "missing.sqlite3").exists()  # not created
    asyncio.run(_recorded(Backend("sqlite", path=tmp_path / "bot.sqlite3"), 20))
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    assert main(["ledger", "rerate", "--check"]) == 0
    assert json.loads(capsys.readouterr().out)["equal"] is True
    closed = "postgresql://someone:secret@127.0.0.1:1/ledgers"  # nothing listens on port 1
    assert main(["ledger", "rerate", "--ledger", closed]) == 2
    said = capsys.readouterr().err
    assert said.startswith("mahjong-bot: the ledger:") and "secret" not in said
