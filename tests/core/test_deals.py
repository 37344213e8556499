"""Duplicate deals' codes (``core.tables.deals``): one form for what members type, the same seed for the
same code, a number its own seed (the page's ``seed``), what is no code refused; a practice table opened
from a code keeps it, and its match too."""

from __future__ import annotations

import pytest

from core.refusal import Refusal
from core.tables.deals import SEED_LIMIT, deal_code, deal_seed
from core.tables.ledger_entries import match_entry
from core.tables.state import TableState
from data.live_sqlite import SqliteLiveStore
from game.match import Match
from game.rules import ruleset
from tests.bot.tables_helpers import FakeClock, join, member, service_on, settings


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("spring", "spring"),
        ("  Spring  24 ", "spring-24"),
        ("SPRING_24", "spring-24"),
        ("spring--24", "spring-24"),
        ("００７", "7"),  # full-width digits, leading zeros
        ("0", "0"),
        ("麻雀", "麻雀"),
        ("Été", "été"),
        (str(SEED_LIMIT - 1), str(SEED_LIMIT - 1)),
    ],
)
def test_a_code_has_one_form(typed: str, code: str) -> None:
    assert deal_code(typed) == code
    assert deal_code(code) == code  # the form is its own form


@pytest.mark.parametrize("typed", ["", "   ", "-", "a/b", "a:b", "x" * 25, str(SEED_LIMIT), "a\x00b", "😀"])
def test_what_is_no_code_is_refused(typed: str) -> None:
    assert deal_code(typed) is None


def test_a_code_deals_one_seed_and_a_number_is_its_own() -> None:
    assert deal_seed("spring") == deal_seed("spring") != deal_seed("spring-24")
    assert 0 <= deal_seed("spring") < SEED_LIMIT
    assert deal_seed("spring") == 33_453_807_382_886  # never changes: a shared code deals what it dealt
    assert deal_seed("42") == 42


@pytest.mark.asyncio
async def test_a_deals_table_is_practice_and_keeps_its_code_and_its_match_too(tmp_path) -> None:
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    try:
        service = service_on(store, None, FakeClock())
        rules = ruleset("hongkong")
        opened = await service.open(host=member(1), guild_id=100, settings=settings(rules), deal=" Spring ")
        state = opened.state
        assert (state.deal, state.seed, state.practice) == ("spring", deal_seed("spring"), True)
        assert TableState.from_document(state.to_document()) == state
        assert TableState.from_document({**state.to_document(), "extra": {}}).deal is None  # an older document
        for number in (2, 3, 4):
            state = (await join(service, state.id, number)).state
        entry = match_entry(state, Match(rules, state.seed), 5.0)
        assert (entry.deal, entry.practice) == ("spring", True)
        seeded = await service.open(host=member(1), guild_id=100, settings=settings(rules), seed=42)
        assert (seeded.state.deal, seeded.state.seed, seeded.state.practice) == ("42", 42, True)  # the page's seed
        rated = await service.open(host=member(1), guild_id=100, settings=settings(rules))
        assert (rated.state.deal, rated.state.practice) == (None, False)
        for number in (2, 3, 4):
            full = (await join(service, rated.state.id, number)).state
        assert match_entry(full, Match(rules, 1), 5.0).deal is None
        with pytest.raises(Refusal) as refused:
            await service.open(host=member(1), guild_id=100, settings=settings(rules), deal="a/b")
        assert refused.value.key == "bad_deal"
    finally:
        await store.close()
