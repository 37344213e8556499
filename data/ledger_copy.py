"""Moving a bot's SQLite ledgers into another ledger (PostgreSQL, for a bot past one host, or a SQLite file).

Everything is read through the SQLite ledgers' own queries (the file's tables only name what there is:
the servers, the hands' and results' ids, the members with a preference) and written through the
target's Protocols, whose writes are idempotent: a copy run twice, or stopped and run again, writes each
entry once, and an entry the target holds with other contents is a ``LedgerConflict``, reported, never
overwritten. Then every entry is read back from the target and compared with the source's, and each
solitaire result replays by construction (``SolitaireResult``); the hands' replay is the caller's
(``cli.ledger``), since it needs the rules engine. Each server's history of season modes is copied
before the matches, which the target rates as they come (in the order they ended), so its ratings are
the source's. A tournament's record is written whole, kept as it is by a target holding the same version
of it or a newer one (read back, a newer one is named as differing).
"""

from __future__ import annotations

import pathlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiosqlite

from data.ledger import HandEntry, Ledger, LedgerConflict, MatchEntry, TournamentEntry
from data.ledger_sqlite import SqliteLedger
from data.solitaire_ledger import SolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger

PAGE = 200
_E = TypeVar("_E")


@dataclass
class Copied:
    """What one kind of entry came to: copied anew, already in the target as they are, in conflict."""

    new: int = 0
    present: int = 0
    conflicts: list[str] = field(default_factory=list)

    def add(self, written: bool) -> None:
        if written:
            self.new += 1
        else:
            self.present += 1

    @property
    def total(self) -> int:
        return self.new + self.present


@dataclass
class CopyReport:
    hands: Copied = field(default_factory=Copied)
    matches: Copied = field(default_factory=Copied)
    settings: Copied = field(default_factory=Copied)
    seasons: Copied = field(default_factory=Copied)  # servers whose history of season modes was copied
    preferences: Copied = field(default_factory=Copied)
    results: Copied = field(default_factory=Copied)
    pseudonyms: Copied = field(default_factory=Copied)
    channels: Copied = field(default_factory=Copied)
    tournaments: Copied = field(default_factory=Copied)
    mismatches: list[str] = field(default_factory=list)  # read back different from the source
    unreplayed: list[str] = field(default_factory=list)  # hands whose record does not replay to their result

    @property
    def ok(self) -> bool:
        kinds = (
            self.hands,
            self.matches,
            self.settings,
            self.preferences,
            self.results,
            self.pseudonyms,
            self.tournaments,
        )
        return not self.mismatches and not self.unreplayed and not any(kind.conflicts for kind in kinds)


async def _ids(path: pathlib.Path, sql: str) -> list[tuple[Any, ...]]:
    async with aiosqlite.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as db:
        return [tuple(row) for row in await db.execute_fetchall(sql)]


async def copy_ledgers(
    path: pathlib.Path,
    target: Ledger,
    target_solitaire: SolitaireLedger,
    replays: Callable[[HandEntry], bool],
) -> CopyReport:
    """Copy the ledgers of the SQLite file at ``path`` into the targets, then check them (see above)."""
    report = CopyReport()
    source = await SqliteLedger.open(path)
    solitaire = SqliteSolitaireLedger.beside(source)
    try:
        hands: list[HandEntry] = []
        matches: list[MatchEntry] = []
        for (guild_id,) in await _ids(path, "SELECT DISTINCT guild_id FROM hands ORDER BY guild_id"):
            hands += await _every(source.hands, int(guild_id))
        for (guild_id,) in await _ids(path, "SELECT DISTINCT guild_id FROM matches ORDER BY guild_id"):
            matches += await _every(source.matches, int(guild_id))
        # each server's seasons before its matches, which the target rates as they come
        for (guild_id,) in await _ids(path, "SELECT DISTINCT guild_id FROM season_modes ORDER BY guild_id"):
            history = await source.season_modes(int(guild_id))
            if await target.season_modes(int(guild_id)) != history:
                await target.replace_season_modes(int(guild_id), history)
            report.seasons.add(True)
        for entry in sorted(hands, key=lambda hand: (hand.finished_at, hand.hand_id)):
            await _write(report.hands, entry.hand_id, target.record_hand(entry))
            if not replays(entry):
                report.unreplayed.append(entry.hand_id)
        for match in sorted(matches, key=lambda match: (match.finished_at, match.match_id)):
            await _write(report.matches, match.match_id, target.record_match(match))
        tournaments: list[TournamentEntry] = []
        for (guild_id,) in await _ids(path, "SELECT DISTINCT guild_id FROM tournaments ORDER BY guild_id"):
            tournaments += await _every(source.tournaments, int(guild_id))
        for tournament in tournaments:
            await _write(report.tournaments, tournament.tournament_id, target.record_tournament(tournament))
        for (guild_id,) in await _ids(path, "SELECT guild_id FROM guild_settings ORDER BY guild_id"):
            settings = await source.guild_settings(int(guild_id))
            await target.set_guild_settings(int(guild_id), settings)
            report.settings.add(True)
        for guild_id, member_id in await _ids(
            path, "SELECT guild_id, member_id FROM member_preferences ORDER BY guild_id, member_id"
        ):
            on = await source.member_mentions(int(guild_id), int(member_id))
            await target.set_member_mentions(int(guild_id), int(member_id), on)
            report.preferences.add(True)
        # in the order they were recorded: equal scores rank by it
        for (result_id,) in await _ids(path, "SELECT result_id FROM solitaire_results ORDER BY rowid"):
            result = await solitaire.result(str(result_id))
            if result is not None:
                await _write(report.results, result.result_id, target_solitaire.record(result))
        for guild_id, member_id in await _ids(path, "SELECT guild_id, member_id FROM solitaire_pseudonyms"):
            name = await solitaire.pseudonym(int(guild_id), int(member_id))
            # as the source kept it, even a name kept before the rule against lookalikes
            await target_solitaire.set_pseudonym(int(guild_id), int(member_id), name, copied=True)
            report.pseudonyms.add(True)
        for guild_id, channel_id in await solitaire.post_channels():
            await target_solitaire.set_post_channel(guild_id, channel_id)
            report.channels.add(True)
        await _check(report, hands, matches, source, solitaire, target, target_solitaire, path)
        for tournament in tournaments:
            if await target.tournament(tournament.guild_id, tournament.tournament_id) != tournament:
                report.mismatches.append(f"tournament {tournament.tournament_id}")
    finally:
        await solitaire.close()
        await source.close()
    return report


async def _every(query: Callable[..., Awaitable[list[_E]]], *arguments: Any) -> list[_E]:
    """Every entry of a paged query."""
    found: list[_E] = []
    while True:
        chunk = await query(*arguments, limit=PAGE, offset=len(found))
        found += chunk
        if len(chunk) < PAGE:
            return found


async def _write(kind: Copied, key: str, write: Awaitable[bool]) -> None:
    try:
        kind.add(await write)
    except LedgerConflict as conflict:
        kind.conflicts.append(f"{key}: {conflict}")


async def _check(
    report: CopyReport,
    hands: list[HandEntry],
    matches: list[MatchEntry],
    source: SqliteLedger,
    solitaire: SqliteSolitaireLedger,
    target: Ledger,
    target_solitaire: SolitaireLedger,
    path: pathlib.Path,
) -> None:
    """Every entry read back from the target as the source has it."""
    for hand in hands:
        if await target.hand(hand.hand_id) != hand:
            report.mismatches.append(f"hand {hand.hand_id}")
    by_guild: dict[int, list[MatchEntry]] = {}
    for match in matches:
        by_guild.setdefault(match.guild_id, []).append(match)
    for guild_id, expected in by_guild.items():
        found = {m.match_id: m for m in await _every(target.matches, guild_id)}
        report.mismatches += [f"match {m.match_id}" for m in expected if found.get(m.match_id) != m]
    for (result_id,) in await _ids(path, "SELECT result_id FROM solitaire_results"):
        if await target_solitaire.result(str(result_id)) != await solitaire.result(str(result_id)):
            report.mismatches.append(f"solitaire result {result_id}")
    for (guild_id,) in await _ids(path, "SELECT guild_id FROM guild_settings"):
        if await target.guild_settings(int(guild_id)) != await source.guild_settings(int(guild_id)):
            report.mismatches.append(f"settings of server {guild_id}")
