"""A table's match reaches the ledger rated or not as SPEC §8 says: a four-player match played to its end
is rated in the transaction that records it, a practice table's (dealt from a seed its opener chose) is
recorded as practice and never rated, and the flag survives the trip through the table's live state.
Once rated, the match's member rating changes are in the table's state, published as a change of their
own for the page's match end (its frames' ``ratings``)."""

from __future__ import annotations

import pytest

from core.events import Events
from core.tables.events import TableChanged
from core.tables.finished import MatchRating, entry_document, entry_from_document
from core.tables.frame import frame
from core.tables.ledger_writer import LedgerWriter
from core.tables.moves import Lobby
from data.broadcast import MemoryBroadcast
from data.ledger import MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.rules import ruleset
from tests.bot.tables_helpers import GUILD, QUICK, FakeClock, member, service_on, settings
from tests.frame_rule import assert_frame_rule


async def _play(path, *, seed: int | None) -> MatchEntry:
    """One match of member 1 and three computers, one hand long, played to its end; its ledger entry.
    The table's state and frames say member 1's rating change, the ledger's, when the match is rated."""
    ledger = await SqliteLedger.open(path)
    store = await SqliteLiveStore.open(path.parent / "live.sqlite3")
    clock = FakeClock()
    events = Events(MemoryBroadcast())
    service = service_on(store, ledger, clock, events=events)
    events.subscribe(TableChanged, LedgerWriter(service))
    happened: list[str] = []

    async def heard(event: TableChanged) -> None:
        happened.append(event.happened)

    events.subscribe(TableChanged, heard)
    try:
        committed = await service.open(
            host=member(1),
            guild_id=GUILD,
            settings=settings(ruleset("classic", length="one_hand"), QUICK),
            computers=3,
            seed=seed,
        )
        assert committed.state.practice is (seed is not None)
        await service.act(committed.state.id, member(1), Lobby("start"))
        for _ in range(3000):
            due = await service.due()
            if due:
                await service.wake(due[0])
            elif (following := await store.next_deadline()) is not None:
                clock.now = following
            else:
                break
        await events.drain()
        [match] = await ledger.matches(GUILD)
        changes = await ledger.match_rating_changes(match.match_id)
        assert len(changes) == (0 if match.practice else 4)
        assert (await ledger.rerate(repair=False)).equal
        ended = await service.read(match.table_id)
        assert ended is not None and ended.state.status == "over"
        mine = [change for change in changes if change.player == "member:1"]
        assert ended.state.ratings == tuple(MatchRating(c.seat, c.before.shown, c.after.shown) for c in mine)
        assert happened.count("rated") == (0 if match.practice else 1)
        shown = frame(ended.state, ended.version, 1, clock.now)
        assert_frame_rule(shown)
        assert shown["state"] == "match-over" and len(shown["ratings"]) == len(mine)
        for rating, change in zip(shown["ratings"], mine, strict=True):
            assert (rating["before"], rating["after"]) == (change.before.shown, change.after.shown)
            assert rating["wind"] == shown["viewer"]
        return match
    finally:
        await store.close()
        await ledger.close()


@pytest.mark.asyncio
async def test_a_tables_match_is_rated_and_a_practice_tables_is_not(tmp_path) -> None:
    (tmp_path / "rated").mkdir()
    (tmp_path / "practice").mkdir()
    rated = await _play(tmp_path / "rated" / "bot.sqlite3", seed=None)
    assert rated.ended == "finished" and not rated.practice
    practice = await _play(tmp_path / "practice" / "bot.sqlite3", seed=424242)
    assert practice.ended == "finished" and practice.practice


def test_a_practice_match_keeps_its_flag_in_the_live_state_and_other_documents_are_as_before() -> None:
    seats = tuple(SeatEntry(f"P{index}", index, None) for index in range(4))
    entry = MatchEntry("t", 1, "t", {"name": "classic"}, seats, (1.0, 0.0, 0.0, -1.0), 1, 5.0)
    assert "practice" not in entry_document(entry)  # what earlier releases stored, and read back alike
    assert entry_from_document(entry_document(entry)) == entry
    practice = MatchEntry("t", 1, "t", {"name": "classic"}, seats, (1.0, 0.0, 0.0, -1.0), 1, 5.0, practice=True)
    assert entry_document(practice)["practice"] is True
    assert entry_from_document(entry_document(practice)) == practice
