"""The migrations both ledgers share the reading of: numbered files, and a database's record of them
checked against this release's history, the same way on SQLite and on PostgreSQL."""

from __future__ import annotations

import pathlib

import pytest

from data import ledger_postgres, ledger_sqlite
from data.ledger import LedgerFileError
from data.ledger_migrations import MigrationFile, migration_files, recorded_version

HISTORY = (MigrationFile(1, "0001_tables", ""), MigrationFile(2, "0002_indexes", ""))


def folder_of(tmp_path: pathlib.Path, *names: str) -> pathlib.Path:
    for name in names:
        (tmp_path / name).write_text(f"-- {name}\n", encoding="utf-8")
    return tmp_path


def test_the_files_are_read_in_their_numbers_order_and_only_sql(tmp_path):
    folder = folder_of(tmp_path, "0002_indexes.sql", "__init__.py", "0001_tables.sql")
    assert migration_files(folder, "here") == (
        MigrationFile(1, "0001_tables", "-- 0001_tables.sql\n"),
        MigrationFile(2, "0002_indexes", "-- 0002_indexes.sql\n"),
    )


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (("0001_tables.sql", "0003_indexes.sql"), r"here: numbered \[1, 3\], expected 1 to 2 without gaps"),
        (("0002_tables.sql",), r"here: numbered \[2\], expected 1 to 1"),
        (("0001_tables.sql", "2_indexes.sql"), r"here/2_indexes.sql: not named NNNN_description.sql"),
        (("0001_Tables.sql",), r"here/0001_Tables.sql: not named"),
    ],
)
def test_a_misnamed_file_or_a_gap_stops_the_release(tmp_path, names, said):
    with pytest.raises(RuntimeError, match=said):
        migration_files(folder_of(tmp_path, *names), "here")


def test_both_backends_ship_histories_read_this_way():
    for backend in (ledger_sqlite, ledger_postgres):
        assert [migration.version for migration in backend.MIGRATIONS] == list(range(1, backend.LATEST_VERSION + 1))


@pytest.mark.parametrize("recorded", [[], [(1, "0001_tables")], [(1, "0001_tables"), (2, "0002_indexes")]])
def test_a_database_at_a_version_of_this_history_is_at_that_version(recorded):
    assert recorded_version(recorded, HISTORY) == len(recorded)


def test_a_newer_releases_database_is_refused_naming_both_versions():
    with pytest.raises(LedgerFileError, match=r"^bot.sqlite3: the ledger is at version 3, .* versions up to 2: run"):
        recorded_version([*((m.version, m.name) for m in HISTORY), (3, "0003_more")], HISTORY, "bot.sqlite3")


@pytest.mark.parametrize(
    "recorded", [[(1, "0001_other")], [(2, "0002_indexes")], [(1, "0001_tables"), (1, "0001_tables")]]
)
def test_another_history_is_refused(recorded):
    with pytest.raises(LedgerFileError, match=r"^the ledger records migrations .*, not this release's"):
        recorded_version(recorded, HISTORY)
