"""``mahjong-bot ledger copy --from FILE --to URL``: the bot's SQLite ledgers moved into PostgreSQL;
``mahjong-bot ledger rerate``: every pool's ratings rebuilt from the ledger's matches (SPEC §8).

Run it with the bot stopped (or with the ledger's file no longer written), then start the bot with
``DATABASE_URL`` set to the same URL. The copy can be run again: what the target holds already is kept
once. It prints what it copied and checked as one JSON line, and exits 0 only if every entry read back
the same and every hand replayed to its recorded result (1 otherwise, naming them; 2 for arguments that
cannot be used).

``rerate`` rates every rated match of the ledger again, each pool in the order its matches ended, from
nothing, and compares what it finds with the stored ratings, rated matches and rating changes; if they
differ (a ledger restored from a backup made between a match and its rating cannot be one, but a
database restored in parts, or changed by hand, can) it replaces the stored ones with the rebuilt ones in
one transaction, unless ``--check``. It prints one JSON line: the rated matches, pools and ratings it
found, whether they equal the stored ones (the first differences named) and whether it repaired them;
exit 0 when they are equal or repaired, 1 when they differ under ``--check``, 2 for a ledger it cannot
open.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import sys
from dataclasses import asdict
from typing import Any

from data.ledger import HandEntry


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "ledger",
        help="move the ledgers to another store, or rebuild their ratings",
        description="Move the bot's ledgers (the four-player game's and the solitaire's) to another store, or"
        " rebuild the ratings they keep from their matches.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    copy = actions.add_parser(
        "copy",
        help="copy a SQLite ledger file into PostgreSQL (or another SQLite file)",
        description="Copy the ledgers of a SQLite file into PostgreSQL (or another SQLite file), with the bot"
        " stopped; read every entry back and replay every hand, and print what was copied and checked as one"
        " JSON line. Run again, it writes nothing twice. Exit 0 when all is the same, 1 naming what differs, 2 for"
        " arguments that cannot be used.",
    )
    copy.add_argument("--from", dest="source", required=True, help="the bot's SQLite file (DATABASE_PATH)")
    copy.add_argument("--to", dest="target", required=True, help="postgresql://… (DATABASE_URL), or a SQLite file")
    copy.set_defaults(handler=run_copy)
    rerate = actions.add_parser(
        "rerate",
        help="rebuild every pool's ratings from the ledger's matches, and repair the stored ones if they differ",
        description="Rate every rated match of the ledger again, each pool in the order its matches ended, and"
        " compare the ratings with the stored ones; replace those with the rebuilt ones if they differ (after a"
        " restore), unless --check. Print what was found as one JSON line. Exit 0 when they are equal or"
        " repaired, 1 when they differ under --check, 2 for a ledger that cannot be opened.",
    )
    rerate.add_argument(
        "--ledger",
        help="the bot's SQLite file or postgresql://… URL (default: DATABASE_URL, else DATABASE_PATH, as the bot)",
    )
    rerate.add_argument("--check", action="store_true", help="only compare: change nothing")
    rerate.set_defaults(handler=run_rerate)


def replays(entry: HandEntry) -> bool:
    """Whether the hand's record, played again from its deal, ends as the ledger says it did."""
    from game.errors import GameError
    from game.record import HandRecord
    from game.round import Round

    try:
        record = HandRecord.from_text(entry.record)
        hand = Round.deal(record.ruleset, record.seed, dealer=record.dealer, round_wind=record.round_wind)
        for action in record.actions:
            hand.apply(action)
    except GameError:
        return False
    result = hand.result
    return result is not None and (result.winner, result.discarder, result.self_drawn) == (
        entry.winner,
        entry.discarder,
        entry.self_drawn,
    )


def run_copy(args: argparse.Namespace) -> int:
    source = pathlib.Path(args.source)
    if not source.is_file():
        print(f"mahjong-bot: --from {source}: no such file", file=sys.stderr)
        return 2
    postgres = str(args.target).startswith(("postgresql://", "postgres://"))
    if not postgres and pathlib.Path(args.target).resolve() == source.resolve():
        print("mahjong-bot: --to names the file --from reads", file=sys.stderr)
        return 2
    from data.live import StoreError

    try:
        return asyncio.run(_copy(source, str(args.target), postgres))
    except StoreError as error:  # the target cannot be opened: said without a password
        print(f"mahjong-bot: --to: {error}", file=sys.stderr)
        return 2


async def _copy(source: pathlib.Path, target: str, postgres: bool) -> int:
    from data.ledger import Ledger
    from data.ledger_copy import copy_ledgers
    from data.solitaire_ledger import SolitaireLedger

    ledger: Ledger
    solitaire: SolitaireLedger
    if postgres:
        from data.ledger_postgres import PostgresLedger
        from data.solitaire_postgres import PostgresSolitaireLedger

        ledger = opened = await PostgresLedger.open(target)
        solitaire = PostgresSolitaireLedger.beside(opened)
    else:
        from data.ledger_sqlite import SqliteLedger
        from data.solitaire_sqlite import SqliteSolitaireLedger

        ledger = local = await SqliteLedger.open(target)
        solitaire = SqliteSolitaireLedger.beside(local)
    try:
        report = await copy_ledgers(source, ledger, solitaire, replays)
    finally:
        await solitaire.close()
        await ledger.close()
    said = {"ok": report.ok, **asdict(report)}
    print(json.dumps(said, ensure_ascii=False))
    return 0 if report.ok else 1


def run_rerate(args: argparse.Namespace) -> int:
    from data.live import StoreError

    where = args.ledger or _configured_ledger()
    if where is None:
        return 2
    postgres = where.startswith(("postgresql://", "postgres://"))
    if not postgres and not pathlib.Path(where).is_file():
        print(f"mahjong-bot: {where}: no such ledger file", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_rerate(where, postgres, repair=not args.check))
    except StoreError as error:  # said without a password
        print(f"mahjong-bot: the ledger: {error}", file=sys.stderr)
        return 2


def _configured_ledger() -> str | None:
    """The ledger the bot would open: ``DATABASE_URL``, else ``DATABASE_PATH`` (environment, then .env)."""
    from core.settings import Settings

    try:
        settings = Settings.from_env(need_token=False)
    except ValueError as error:
        print(f"mahjong-bot: {error}", file=sys.stderr)
        return None
    return settings.database_url or settings.database_path


async def _rerate(where: str, postgres: bool, *, repair: bool) -> int:
    from data.ledger_postgres import PostgresLedger
    from data.ledger_sqlite import SqliteLedger

    ledger = await (PostgresLedger.open(where) if postgres else SqliteLedger.open(where))
    try:
        report = await ledger.rerate(repair=repair)
    finally:
        await ledger.close()
    print(json.dumps({"ok": report.equal or report.repaired, **asdict(report)}, ensure_ascii=False))
    return 0 if report.equal or report.repaired else 1
