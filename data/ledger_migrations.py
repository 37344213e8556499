"""What the ledgers' two backends share of their migrations: the numbered files, and the check of the
history a database records against them.

Each backend has its own files (``data/migrations`` for SQLite, ``data/migrations_postgres`` for
PostgreSQL, each its own numbered history) and its own way to run them; both read the files and check a
database's record of them here, so that a misnamed file, a gap, a newer release's database or another
history is caught the same way on both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Protocol

from data.ledger import LedgerFileError

MIGRATIONS_TABLE = "ledger_migrations"
_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


@dataclass(frozen=True, slots=True)
class MigrationFile:
    """One numbered migration file: its number, its name (the file's, without ``.sql``) and its SQL."""

    version: int
    name: str
    text: str


class Numbered(Protocol):
    """A migration as the history names it."""

    @property
    def version(self) -> int: ...

    @property
    def name(self) -> str: ...


def migration_files(folder: Traversable, label: str) -> tuple[MigrationFile, ...]:
    """The ``.sql`` files of ``folder`` (named ``label`` in errors) in order; a misnamed file or a gap in
    the numbers stops the import, since a ledger would otherwise be migrated by a broken release."""
    migrations = []
    for file in sorted((file for file in folder.iterdir() if file.name.endswith(".sql")), key=lambda file: file.name):
        named = _NAME.fullmatch(file.name)
        if named is None:
            raise RuntimeError(f"{label}/{file.name}: not named NNNN_description.sql")
        migrations.append(
            MigrationFile(int(named[1]), file.name.removesuffix(".sql"), file.read_text(encoding="utf-8"))
        )
    numbers = [migration.version for migration in migrations]
    if numbers != list(range(1, len(migrations) + 1)):
        raise RuntimeError(f"{label}: numbered {numbers}, expected 1 to {len(migrations)} without gaps")
    return tuple(migrations)


def recorded_version(recorded: Sequence[tuple[int, str]], migrations: Sequence[Numbered], where: str = "") -> int:
    """How many of ``migrations`` a database records having applied (``recorded``: its rows of version
    and name, in order); ``LedgerFileError`` for a newer release's database, or one whose record is not
    this code's history. ``where`` names the database in the message (an SQLite file's path)."""
    database = f"{where}: " if where else ""
    latest = len(migrations)
    newest = max((version for version, _ in recorded), default=0)
    if newest > latest:
        raise LedgerFileError(
            f"{database}the ledger is at version {newest}, newer than this release, which knows versions up to"
            f" {latest}: run the newer release, or a backup made for this one"
        )
    known = [(migration.version, migration.name) for migration in migrations[: len(recorded)]]
    if list(recorded) != known:
        raise LedgerFileError(f"{database}the ledger records migrations {list(recorded)}, not this release's {known}")
    return len(recorded)
