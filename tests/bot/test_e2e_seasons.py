"""Seasons on Discord (SPEC §8, issue 40), end to end against the fake Discord in English, French and
Traditional Chinese: ``/mahjong config season:`` (Manage Server only, the mode shown with the other
settings), ``/mahjong season [number]`` (the current season's standings, an ended one's final standings,
a number that is no season of the server), and the season's end post under a fake clock: posted once
by two bots on one Redis a minute after the UTC month's end, in each server's results channel and
language, never for a server without seasons, and posted when the bot comes back after being down over
a boundary."""

from __future__ import annotations

import asyncio
import os
import uuid
from functools import partial
from typing import Any

import discord
import pytest

from bot.solitaire.post_claims import POST_CLAIM_SECONDS
from core.ratings.seasons import ModeChange
from data.ledger import GuildSettings, MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.bot.e2e_helpers import COMPONENTS_V2, assert_card, wait_until
from tests.bot.test_e2e_solitaire import FakeClock, command, solitaire_bot
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

MANAGE = discord.Permissions(manage_guild=True).value
FEB_20 = 1_740_009_600.0  # 2025-02-20 00:00 UTC
MARCH = 1_740_787_200.0  # 2025-03-01 00:00 UTC
MARCH_10 = 1_741_564_800.0
APRIL = 1_743_465_600.0  # 2025-04-01 00:00 UTC
MAY = 1_746_057_600.0  # 2025-05-01 00:00 UTC
HOUR = 3600.0
TOTALS = (30.0, 10.0, -10.0, -30.0)


def match(guild: Any, number: int, rules: str, seats: tuple[Any, ...], at: float) -> MatchEntry:
    """A finished four-seat match of ``guild``: the seats (members, or a computer's strength) in the order
    of their totals, best first."""
    return MatchEntry(
        match_id=f"{guild.id}-{number:03}",
        guild_id=guild.id,
        table_id=f"{guild.id}-{number:03}",
        rules={"name": rules},
        seats=tuple(
            SeatEntry(seat, None, seat) if isinstance(seat, str) else SeatEntry(seat.name, seat.id, None)
            for seat in seats
        ),
        totals=TOTALS,
        hands=4,
        finished_at=at,
    )


async def seed(path: Any, modes: dict[int, str], matches: list[MatchEntry], settings: dict[int, GuildSettings]) -> None:
    """The ledger as the bot finds it: each server's season mode chosen on 20 February (before any of its
    matches: from the start), its matches, its settings."""
    ledger = await SqliteLedger.open(path)
    try:
        for guild_id, mode in modes.items():
            await ledger.set_season_mode(guild_id, mode, FEB_20)
        for entry in matches:
            assert await ledger.record_match(entry)
        for guild_id, chosen in settings.items():
            await ledger.set_guild_settings(guild_id, chosen)
    finally:
        await ledger.close()


async def modes_of(path: Any, guild_id: int) -> list[ModeChange]:
    ledger = await SqliteLedger.open(path)
    try:
        return await ledger.season_modes(guild_id)
    finally:
        await ledger.close()


def season_line(text: str) -> str:
    return next(
        line for line in text.splitlines() if line.startswith(("Rating seasons", "Saisons de cote", "評分賽季"))
    )


def members_of(fake: FakeDiscord, guild: Any) -> list[Any]:
    return [fake.add_member(guild, name=name, locale=locale) for name, locale in FOUR]


FOUR = (("Ann", "en-US"), ("Zoé", "fr"), ("Mei", "zh-TW"), ("Dan", "en-GB"))


def club_matches(guild: Any, four: list[Any]) -> list[MatchEntry]:
    """February: five classic matches of the four, Ann first each time; March: six classic matches, Zoé
    first, Ann last, and two Hong Kong matches (nobody has five there)."""
    ann, zoe, mei, dan = four
    found = [match(guild, n, "classic", (ann, zoe, mei, dan), FEB_20 + n * HOUR) for n in range(5)]
    found += [match(guild, 10 + n, "classic", (zoe, mei, dan, ann), MARCH_10 + n * HOUR) for n in range(6)]
    found += [match(guild, 20 + n, "hongkong", (mei, "strong", zoe, "strong"), MARCH_10 + n * HOUR) for n in range(2)]
    return found


NNBSP = "\u202f"  # between thousands, in English and French


# --- /mahjong config season: ------------------------------------------------------------------------


async def test_config_season_is_for_manage_server_and_shown_with_the_settings(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        ada = fake.add_member(guild, name="Ada", permissions=MANAGE)
        zoe = fake.add_member(guild, name="Zoé", permissions=MANAGE, locale="fr")
        mei = fake.add_member(guild, name="Mei", permissions=MANAGE, locale="zh-TW")
        bob = fake.add_member(guild, name="Bob")
        channel = guild.text_channel
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MARCH_10)
        try:
            async with solitaire_bot(fake, store, clock, path):
                # the option, its choices and their names as Discord shows them in each language
                config = next(
                    option
                    for option in next(c for c in fake.commands if c["name"] == "mahjong")["options"]
                    if option["name"] == "config"
                )
                season = next(option for option in config["options"] if option["name"] == "season")
                assert [choice["value"] for choice in season["choices"]] == ["none", "monthly", "quarterly"]
                assert season["name_localizations"]["fr"] == "saison"
                assert season["name_localizations"]["zh-TW"] == "賽季"
                assert [choice["name_localizations"]["fr"] for choice in season["choices"]] == [
                    "Aucune : une seule saison pour toujours",
                    "Mensuelles (mois UTC)",
                    "Trimestrielles (trimestres UTC)",
                ]

                # no option: the mode with the other settings (none until an admin chooses)
                shown = await command(fake, ada, channel, "mahjong config")
                assert season_line(shown.response.text()) == "Rating seasons: none (one season for all time)"

                # a member without Manage Server: refused, nothing stored
                refused = await command(fake, bob, channel, "mahjong config", {"season": "monthly"})
                assert refused.response.ephemeral and "Manage Server" in refused.response.text()
                assert await modes_of(path, guild.id) == []

                # the admin chooses monthly seasons: stored from the start (no match rated yet), shown back
                chosen = await command(fake, ada, channel, "mahjong config", {"season": "monthly"})
                text = chosen.response.text()
                assert chosen.response.ephemeral and text.startswith("Saved.\n")
                assert season_line(text) == "Rating seasons: monthly (UTC months), season 1 now"
                assert await modes_of(path, guild.id) == [ModeChange(MARCH_10, "monthly", from_start=True)]
                # the season setting changes no other setting
                assert (
                    text.replace("Saved.\n", "")
                    == (await command(fake, ada, channel, "mahjong config")).response.text()
                )

                # in French and in Chinese, read back and changed again
                french = await command(fake, zoe, channel, "mahjong config")
                assert season_line(french.response.text()) == (
                    "Saisons de cote : mensuelles (mois UTC), saison 1 en cours"
                )
                clock.now += HOUR
                chinese = await command(fake, mei, channel, "mahjong config", {"season": "quarterly"})
                assert season_line(chinese.response.text()) == "評分賽季：每季度一季（UTC 季度），現為第 1 季"
                assert await modes_of(path, guild.id) == [ModeChange(MARCH_10 + HOUR, "quarterly", from_start=True)]
                back = await command(fake, zoe, channel, "mahjong config", {"season": "none"})
                assert season_line(back.response.text()) == (
                    "Saisons de cote : aucune (une seule saison pour toujours)"
                )
                assert await modes_of(path, guild.id) == []
                # the refusal is the private answer itself; every other answer the acknowledgement, then one edit
                assert [(call.method, call.route) for call in refused.calls] == [
                    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
                ]
                assert refused.ack_type == 4
                for interaction in (shown, chosen, french, chinese, back):
                    routes = [(call.method, call.route) for call in interaction.calls]
                    assert routes == [
                        ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"),
                        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
                    ], routes
                    assert interaction.ack_type == 5 and interaction.response.ephemeral
        finally:
            await store.close()
        assert fake.violations == []


# --- the season's end post ------------------------------------------------------------------------


def posts_in(fake: FakeDiscord, channel: Any) -> list[Any]:
    """The bot's requests that posted a season's end in ``channel`` (the daily solitaire is posted too in
    the channel chosen for it)."""
    return [
        call
        for call in fake.calls
        if call.method == "POST"
        and call.route == "/channels/{channel_id}/messages"
        and int(call.params["channel_id"]) == channel.id
        and blocks_of(call)[:1] != []
        and blocks_of(call)[0].startswith("🏁")
    ]


def blocks_of(call: Any) -> list[str]:
    components = (call.json or {}).get("components") or []
    return [component["content"] for component in components if component.get("type") == 10]


async def test_the_seasons_end_is_posted_once_by_two_bots_and_after_a_boundary_the_bot_was_down_for(tmp_path):
    if os.environ.get("MAHJONG_SKIP_REDIS") == "1":
        pytest.skip("MAHJONG_SKIP_REDIS=1")
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    namespace = f"test-e2e-seasons-{uuid.uuid4().hex}"
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        club = fake.add_guild(name="Club", locale="en-US")  # monthly; its tables open in #tables
        tables = fake.add_channel(club, "tables")
        four = members_of(fake, club)
        cercle = fake.add_guild(name="Cercle", locale="fr")  # quarterly; no channel chosen: its system channel
        french = [fake.add_member(cercle, name=name, locale="fr") for name in ("Élise", "Félix", "Gaël")]
        hk = fake.add_guild(name="HK", locale="en-US")  # monthly, public messages in Chinese; the daily's channel
        daily = fake.add_channel(hk, "daily")
        hk_four = [fake.add_member(hk, name=name, locale="zh-TW") for name in ("Ivy", "Jay", "Kit", "Lam")]
        quiet = fake.add_guild(name="Quiet")  # no seasons: never a post
        quiet_four = [fake.add_member(quiet, name=name) for name in ("Q1", "Q2", "Q3", "Q4")]
        matches = club_matches(club, four)
        matches += [match(cercle, n, "classic", (*french, "strong"), MARCH_10 + n * HOUR) for n in range(5)]
        matches += [match(hk, n, "hongkong", tuple(hk_four), MARCH_10 + n * HOUR) for n in range(5)]
        matches += [match(quiet, n, "classic", tuple(quiet_four), MARCH_10 + n * HOUR) for n in range(5)]
        await seed(
            path,
            {club.id: "monthly", cercle.id: "quarterly", hk.id: "monthly"},
            matches,
            {club.id: GuildSettings(table_channels=(tables.id,)), hk.id: GuildSettings(lang="zh_TW")},
        )
        solitaire = await SqliteSolitaireLedger.open(path)
        await solitaire.set_post_channel(hk.id, daily.id)
        await solitaire.close()
        channels = (tables, cercle.text_channel, daily, quiet.text_channel, club.text_channel, hk.text_channel)

        def counted() -> list[int]:
            return [len(posts_in(fake, channel)) for channel in channels]

        async def posted(wanted: list[int]) -> bool:
            return counted() == wanted

        stores = [RedisLiveStore.from_url(url, namespace=namespace) for _ in range(2)]
        clock = FakeClock(APRIL - 60)  # 23:59 UTC on 31 March
        try:
            async with solitaire_bot(fake, stores[0], clock, path) as one:
                # at start, the club's last ended season (February, season 1) is posted: it never was
                await wait_until(partial(posted, [1, 0, 0, 0, 0, 0]), what="February's end, caught up at start")
                async with solitaire_bot(fake, stores[1], clock, path) as two:
                    await asyncio.sleep(0.3)
                    assert counted() == [1, 0, 0, 0, 0, 0]  # the second bot found it claimed
                    clock.now = APRIL + 30  # the month is over, the minute's delay is not
                    await asyncio.sleep(0.3)
                    assert counted() == [1, 0, 0, 0, 0, 0]
                    clock.now = APRIL + 61
                    await wait_until(partial(posted, [2, 1, 1, 0, 0, 0]), what="the ends of March and of Q1")
                    await asyncio.sleep(0.5)
                    assert counted() == [2, 1, 1, 0, 0, 0]
                    for bot in (one, two):  # both went through every ended season; one of them posted each
                        assert {(club.id, 2), (cercle.id, 1), (hk.id, 2)} <= bot._services.season_poster.done
            [february, march] = posts_in(fake, tables)
            [quarter] = posts_in(fake, cercle.text_channel)
            [chinese] = posts_in(fake, daily)
            ann, zoe, mei, dan = (f"<@{member.id}>" for member in four)
            assert blocks_of(february) == [
                "🏁 **Season 1 is over** · monthly · until 2025-02-28 (UTC)\n"
                "The champions of each rule set, among the members with 5 rated matches in the season:",
                f"**Classic**\n🏆 1. {ann} — 1{NNBSP}550 · 5 rated matches\n2. {zoe} — 1{NNBSP}315 · 5 rated matches\n"
                f"3. {mei} — 1{NNBSP}028 · 5 rated matches",
                "Season 2 has begun: each player starts it from their rating, its uncertainty back at the start."
                " `/mahjong season 1` shows these final standings again.",
            ]
            assert blocks_of(march) == [
                "🏁 **Season 2 is over** · monthly · 2025-03-01 to 2025-03-31 (UTC)\n"
                "The champions of each rule set, among the members with 5 rated matches in the season:",
                f"**Classic**\n🏆 1. {zoe} — 1{NNBSP}800 · 6 rated matches\n2. {mei} — 1{NNBSP}306 · 6 rated matches\n"
                f"3. {dan} — 795 · 6 rated matches",
                "**Hong Kong**\nNobody ranked: a member is ranked after 5 rated matches in the season.",
                "Season 3 has begun: each player starts it from their rating, its uncertainty back at the start."
                " `/mahjong season 2` shows these final standings again.",
            ]
            elise, felix, gael = (f"<@{member.id}>" for member in french)
            assert blocks_of(quarter) == [
                "🏁 **Fin de la saison 1** · trimestrielle · jusqu'au 2025-03-31 (UTC)\n"
                "Les champions de chaque règle, parmi les membres qui ont 5 parties classées dans la saison :",
                f"**Classique**\n🏆 1. {elise} — 1{NNBSP}550 · 5 parties classées\n"
                f"2. {felix} — 1{NNBSP}315 · 5 parties classées\n3. {gael} — 1{NNBSP}028 · 5 parties classées",
                "La saison 2 commence : chacun la démarre avec sa cote, son incertitude remise à son niveau de"
                " départ. `/mahjong saison 1` remontre ce classement final.",
            ]
            ivy, jay, kit, _ = (f"<@{member.id}>" for member in hk_four)
            assert blocks_of(chinese) == [
                "🏁 **第 2 季完結** · 每月 · 2025-03-01 至 2025-03-31（UTC）\n"
                "各套規則的冠軍（本季打滿 5 場評分牌局的成員）：",
                f"**香港**\n🏆 1. {ivy} — 1,550 · 5 場評分牌局\n2. {jay} — 1,315 · 5 場評分牌局\n"
                f"3. {kit} — 1,028 · 5 場評分牌局",
                "第 3 季已經開始：每位玩家由自己的評分出發，不確定度重設。用 `/麻雀 賽季 2` 可以再看這份最終排名。",
            ]
            for call in (february, march, quarter, chinese):  # a card, notifying nobody
                assert call.json["flags"] == COMPONENTS_V2 and call.json["allowed_mentions"] == {"parse": []}
                assert [component["type"] for component in call.json["components"]] == [
                    *[10, 14] * (len(blocks_of(call)) - 1),
                    10,
                ]

            # the bot is down over the next boundary: April's end is posted when it is back, once
            ledger = await SqliteLedger.open(path)
            try:
                for n in range(5):
                    await ledger.record_match(match(club, 40 + n, "classic", (dan, ann, zoe, mei), APRIL + n * HOUR))
            finally:
                await ledger.close()
            clock.now = MAY + 3 * HOUR
            async with solitaire_bot(fake, stores[0], clock, path):
                await wait_until(partial(posted, [3, 1, 1, 0, 0, 0]), what="April's end, caught up")
            async with solitaire_bot(fake, stores[1], clock, path):  # and again later that day: nothing more
                clock.now += HOUR
                await asyncio.sleep(0.3)
            assert counted() == [3, 1, 1, 0, 0, 0]
            assert blocks_of(posts_in(fake, tables)[2])[0].startswith(
                "🏁 **Season 3 is over** · monthly · 2025-04-01 to 2025-04-30 (UTC)\n"
            )
            claim = await stores[0].read(f"season-post:{club.id}:3")
            assert claim is not None and claim.document["message"] is not None
            assert await stores[0].read(f"season-post:{club.id}:1") is None  # two seasons back: forgotten
        finally:
            for key in await stores[0].keys(""):
                found = await stores[0].read(key)
                if found is not None:
                    await stores[0].delete(key, found.version)
            for store in stores:
                await store.close()
        assert fake.violations == []


async def test_a_claim_left_by_a_dead_process_is_taken_over_and_a_post_it_made_is_found(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        club = fake.add_guild(name="Club")
        four = members_of(fake, club)
        await seed(path, {club.id: "monthly"}, club_matches(club, four)[:5], {})  # February's five
        store = await SqliteLiveStore.open(path)
        key = f"season-post:{club.id}:1"
        clock = FakeClock(MARCH + HOUR)
        channel = club.text_channel  # no table channel, no daily: the system channel
        try:
            # another process claimed February's end a moment ago and is posting it: nothing here
            assert await store.create(key, {"holder": "other", "claimed_at": clock.now - 30, "message": None})
            async with solitaire_bot(fake, store, clock, path) as bot:
                await wait_until(partial(_async, lambda: (club.id, 1) in bot._services.season_poster.done))
                await asyncio.sleep(0.2)
                assert posts_in(fake, channel) == []
            # it died before posting: once its claim is old, the next process looks, finds nothing, posts
            clock.now += POST_CLAIM_SECONDS + 1
            async with solitaire_bot(fake, store, clock, path):
                await wait_until(partial(_async, lambda: len(posts_in(fake, channel)) == 1), what="the late post")
                await wait_until(partial(_marked, store, key), what="the post marked as made")
            [post] = posts_in(fake, channel)
            assert blocks_of(post)[0].startswith("🏁 **Season 1 is over** · monthly · until 2025-02-28 (UTC)\n")
            # a process that died after posting, before marking it: the next one finds the post in the channel
            claim = await store.read(key)
            assert claim is not None
            message = claim.document["message"]
            await store.write(key, claim.version, {**claim.document, "message": None})
            clock.now += POST_CLAIM_SECONDS + 1
            async with solitaire_bot(fake, store, clock, path):
                await wait_until(partial(_marked, store, key), what="the post found again")
                await asyncio.sleep(0.2)
            assert len(posts_in(fake, channel)) == 1
            claim = await store.read(key)
            assert claim is not None and claim.document["message"] == message
        finally:
            await store.close()
        assert fake.violations == []


async def _async(read: Any) -> Any:
    return read()


async def _marked(store: Any, key: str) -> bool:
    found = await store.read(key)
    return found is not None and found.document.get("message") is not None


async def test_a_change_of_mode_ends_the_season_and_its_end_is_posted_unless_seasons_are_turned_off(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        club = fake.add_guild(name="Club")
        ada = fake.add_member(club, name="Ada", permissions=MANAGE)
        four = members_of(fake, club)
        await seed(path, {club.id: "monthly"}, club_matches(club, four), {})
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MARCH_10 + 10 * HOUR)
        channel = club.text_channel
        try:
            async with solitaire_bot(fake, store, clock, path) as bot:
                poster = bot._services.season_poster
                await wait_until(partial(_async, lambda: len(posts_in(fake, channel)) == 1), what="February's end")
                # monthly to quarterly on 10 March: March's monthly season ends now, the quarter's begins
                changed = await command(fake, ada, channel, "mahjong config", {"season": "quarterly"})
                assert season_line(changed.response.text()) == (
                    "Rating seasons: quarterly (UTC quarters), season 3 now"
                )
                await asyncio.sleep(0.2)
                assert len(posts_in(fake, channel)) == 1  # not before the minute's delay
                clock.now += 61
                await wait_until(partial(_async, lambda: len(posts_in(fake, channel)) == 2), what="the cut season")
                assert blocks_of(posts_in(fake, channel)[1])[0].startswith(
                    "🏁 **Season 2 is over** · monthly · 2025-03-01 to 2025-03-10 (UTC)\n"
                )
                # seasons turned off on 12 March: no post for the quarter's season that change ends
                ledger = await SqliteLedger.open(path)
                try:
                    for n in range(5):
                        entry = match(club, 50 + n, "classic", tuple(four), MARCH_10 + (20 + n) * HOUR)
                        assert await ledger.record_match(entry)
                    assert list(await ledger.season_standings(club.id, 3)) == ["classic"]
                finally:
                    await ledger.close()
                clock.now = MARCH_10 + 2 * 24 * HOUR
                await command(fake, ada, channel, "mahjong config", {"season": "none"})
                clock.now += 61
                await wait_until(partial(_async, lambda: not poster._wake.is_set() and poster._again is None))
                await asyncio.sleep(0.2)
                assert len(posts_in(fake, channel)) == 2
        finally:
            await store.close()
        assert fake.violations == []


# --- /mahjong season [number] -----------------------------------------------------------------------


SEASON_TEXTS = {
    # Ann asks for the current season: March, running
    ("en", None): [
        "**Season 2** · monthly · 2025-03-01 to 2025-03-31 (UTC)\nThe current season: it ends <t:1743465600:R>.",
        f"**Classic**\n1. {{zoe}} — 1{NNBSP}800 · 6 rated matches\n2. {{mei}} — 1{NNBSP}306 · 6 rated matches\n"
        "3. {dan} — 795 · 6 rated matches\n4. {ann} — 623 · 6 rated matches",
        "**Hong Kong**\nNobody ranked: a member is ranked after 5 rated matches in the season.",
        "The current season is season 2; `/mahjong season` with a number shows an earlier one's final standings.",
    ],
    # Zoé asks for season 1: February, from the start, over: its champion has the trophy
    ("fr", 1): [
        "**Saison 1** · mensuelle · jusqu'au 2025-02-28 (UTC)\nTerminée : son classement final.",
        f"**Classique**\n🏆 1. {{ann}} — 1{NNBSP}550 · 5 parties classées\n"
        f"2. {{zoe}} — 1{NNBSP}315 · 5 parties classées\n3. {{mei}} — 1{NNBSP}028 · 5 parties classées\n"
        "4. {dan} — 531 · 5 parties classées",
        "La saison en cours est la saison 2 ; `/mahjong saison` suivi d'un numéro montre le classement final"
        " d'une saison passée.",
    ],
    # Mei asks for season 2 by its number: the current one
    ("zh_TW", 2): [
        "**第 2 季** · 每月 · 2025-03-01 至 2025-03-31（UTC）\n現時賽季，<t:1743465600:R>結束。",
        "**經典**\n1. {zoe} — 1,800 · 6 場評分牌局\n2. {mei} — 1,306 · 6 場評分牌局\n"
        "3. {dan} — 795 · 6 場評分牌局\n4. {ann} — 623 · 6 場評分牌局",
        "**香港**\n沒有人上榜：成員要在本季打滿 5 場評分牌局才會上榜。",
        "現時是第 2 季；`/麻雀 賽季` 加上編號，可以查看以往賽季的最終排名。",
    ],
}


async def test_season_shows_the_current_and_an_ended_seasons_standings_in_the_members_language(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        four = members_of(fake, guild)
        ann, zoe, mei, dan = four
        lonely = fake.add_guild(name="Quiet", locale="fr")
        luc = fake.add_member(lonely, name="Luc", locale="fr")
        await seed(path, {guild.id: "monthly"}, club_matches(guild, four), {})
        names = {"ann": f"<@{ann.id}>", "zoe": f"<@{zoe.id}>", "mei": f"<@{mei.id}>", "dan": f"<@{dan.id}>"}
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MARCH_10 + 10 * HOUR)
        try:
            async with solitaire_bot(fake, store, clock, path):
                answers = {
                    ("en", None): await command(fake, ann, guild.text_channel, "mahjong season"),
                    ("fr", 1): await command(fake, zoe, guild.text_channel, "mahjong season", {"number": 1}),
                    ("zh_TW", 2): await command(fake, mei, guild.text_channel, "mahjong season", {"number": 2}),
                }
                for (lang, number), asked in answers.items():
                    card = asked.response
                    assert card.ephemeral and card.flags & COMPONENTS_V2
                    assert_card(card)
                    blocks = [c["content"] for c in card.components if c["type"] == 10]
                    assert blocks == [block.format(**names) for block in SEASON_TEXTS[(lang, number)]], lang
                    # the card's edit: no mention allowed, so a member named in it is not notified
                    [edit] = [call for call in asked.calls if call.method == "PATCH"]
                    assert edit.json["allowed_mentions"] == {"parse": []} and edit.json["flags"] == COMPONENTS_V2

                # a number that is no season of the server: said, with the seasons it has
                beyond = await command(fake, dan, guild.text_channel, "mahjong season", {"number": 3})
                assert beyond.response.ephemeral
                assert beyond.response.text() == "There is no season 3 on this server: its seasons are 1 to 2."
                # a server without seasons: one season, all time; how to choose them; none beyond
                quiet = await command(fake, luc, lonely.text_channel, "mahjong season")
                assert [c["content"] for c in quiet.response.components if c["type"] == 10] == [
                    "**Saison 1** · sans saisons · depuis toujours\n"
                    "La saison en cours (ce serveur n'a pas de saisons : une seule pour toujours).",
                    "Aucune partie classée dans cette saison pour l'instant.",
                    "Les saisons se choisissent avec `/mahjong reglages` (Gérer le serveur) : aucune, mensuelles"
                    " ou trimestrielles.",
                ]
                none = await command(fake, luc, lonely.text_channel, "mahjong season", {"number": 2})
                assert none.response.text() == (
                    "Ce serveur n'a pas de saison 2 : il n'a eu que la saison 1 pour l'instant."
                )
        finally:
            await store.close()
        assert fake.violations == []
