"""A tournament's standings on Discord (``bot.tournaments.posts``): after each round but the last, then the
podium once it is over. The runner writes the last round's end before it marks the tournament over, and a
process may show the tournament between the two: that change posts nothing (the podium says it), so a
tournament of two rounds posts one standings and one podium, however its changes are heard."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from bot.tournaments.posts import TournamentPosts
from bot.tournaments.record import DiscordTournament, DiscordTournaments
from core.tournaments import tournament as life
from core.tournaments.tournament import Tournament, TournamentSettings
from data.live_sqlite import SqliteLiveStore
from tests.core.tournament_helpers import schedule_of

pytestmark = pytest.mark.asyncio

ORGANISER = 1
CHANNEL = 500
SCHEDULE = schedule_of((((0, 1, 2, 3),), ((1, 0, 3, 2),)))


class Channel:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    async def send(self, **message: Any) -> None:
        self.sent.append(message)


class Client:
    """What the posts use of discord.py's client: a channel to send to by its id."""

    def __init__(self) -> None:
        self.channel = Channel()

    def get_partial_messageable(self, channel_id: int) -> Channel:
        assert channel_id == CHANNEL
        return self.channel


def round_played(made: Tournament, round_number: int) -> Tournament:
    table_id = f"tab-{round_number}"
    opened = life.table_opened(made, round_number, 0, table_id)
    return life.table_finished(opened, table_id, ((6, -2, -2, -2),))


async def test_the_last_rounds_end_before_the_tournament_is_over_posts_nothing(tmp_path: pathlib.Path) -> None:
    store = await SqliteLiveStore.open(str(tmp_path / "live.sqlite3"))
    try:
        records = DiscordTournaments(store)
        client = Client()
        posts = TournamentPosts(client, None, records, None, {}, lambda guild: True)  # type: ignore[arg-type]
        settings = TournamentSettings(rules="hongkong", rounds=2, signup_closes=100.0, checkin=50.0)
        made = life.create("t1", 7, ORGANISER, settings, seed=3)
        for member in (11, 12, 13, 14):
            made = life.check_in(life.join(made, member, 10.0), member, 120.0)
        await records.record(made.id, DiscordTournament(CHANNEL, 900))
        record = await records.of(made.id)
        assert record is not None

        first = round_played(life.start(made, ORGANISER, SCHEDULE, 150.0), 1)
        await posts._post_standings(first, record)
        second = round_played(life.next_round(first, 300.0), 2)
        assert second.round_over and second.status == "playing"  # the last round's end, not yet over
        record = await records.of(made.id)
        assert record is not None
        await posts._post_standings(second, record)
        assert len(client.channel.sent) == 1  # round 1's standings; round 2's are the podium's
        over = life.next_round(second, 400.0)
        assert over.status == "over"
        await posts._post_standings(over, record)
        await posts._post_standings(over, record)  # heard twice: posted once
        assert len(client.channel.sent) == 2
    finally:
        await store.close()
