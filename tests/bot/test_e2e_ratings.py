"""Ratings where members see them (SPEC §8, issue 40) through the fake Discord, with the real bot reading a
ledger filled before it starts: ``/mahjong rating`` and the leaderboard by rating (and by points still) in
English, French and Traditional Chinese, every figure the pure model's (``core.ratings``) for the same
matches."""

from __future__ import annotations

import pytest

from core.ratings import RatingBook, players_of
from data.ledger import MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import assert_card, running_bot
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

T0 = 1_760_000_000.0
CLASSIC_TOTALS = [
    (30.0, 10.0, -10.0, -30.0),
    (10.0, 30.0, -30.0, -10.0),
    (30.0, -10.0, 10.0, -30.0),
    (-10.0, 30.0, 10.0, -30.0),
    (30.0, 10.0, -30.0, -10.0),
    (10.0, -10.0, 30.0, -30.0),
]


def played(guild_id: int, ana: int, basile: int, chi: int) -> list[MatchEntry]:
    """Six classic matches of Ana, Basile and Chi with a strong computer, then a Hong Kong one of Ana and
    Basile with two basic computers."""
    members = (SeatEntry("Ana", ana, None), SeatEntry("Basile", basile, None), SeatEntry("Chi", chi, None))
    matches = [
        MatchEntry(
            f"c{number}",
            guild_id,
            f"c{number}",
            {"name": "classic"},
            (*members, SeatEntry("Strong 1", None, "strong")),
            totals,
            4,
            T0 + number * 60.0,
        )
        for number, totals in enumerate(CLASSIC_TOTALS, start=1)
    ]
    hongkong = (members[0], members[1], SeatEntry("Basic 1", None, "basic"), SeatEntry("Basic 2", None, "basic"))
    matches.append(
        MatchEntry("h1", guild_id, "h1", {"name": "hongkong"}, hongkong, (20.0, -20.0, 10.0, -10.0), 4, T0 + 3600.0)
    )
    return matches


def replayed(matches: list[MatchEntry]) -> tuple[RatingBook[str], dict[str, list[tuple[str, int, int, int]]]]:
    """The ratings the model gives, and each player's changes newest first: (rules, place, before, after)."""
    book: RatingBook[str] = RatingBook()
    changes: dict[str, list[tuple[str, int, int, int]]] = {}
    for entry in matches:
        seen = set()
        for change in book.rate(entry.rules_name, 1, players_of(entry), list(entry.totals)):
            if change.player not in seen:  # a computer on several seats: its first seat's, as the ledger's
                seen.add(change.player)
                line = (entry.rules_name, change.place, change.before.shown, change.after.shown)
                changes.setdefault(change.player, []).insert(0, line)
    return book, changes


def shown(book: RatingBook[str], rules: str, player: str) -> int:
    return book.held[(rules, 1, player)].rating.shown


async def test_a_members_rating_and_the_leaderboard_by_rating_in_three_languages(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        ana = fake.add_member(guild, name="Ana", locale="en-US")
        basile = fake.add_member(guild, name="Basile", locale="fr")
        chi = fake.add_member(guild, name="Chi", locale="zh-TW")
        newcomer = fake.add_member(guild, name="Dee", locale="en-US")
        matches = played(guild.id, ana.id, basile.id, chi.id)
        ledger = await SqliteLedger.open(path)
        try:
            for entry in matches:
                assert await ledger.record_match(entry)
        finally:
            await ledger.close()
        book, changes = replayed(matches)
        key = {member.id: f"member:{member.id}" for member in (ana, basile, chi)}
        classic = {member.id: shown(book, "classic", key[member.id]) for member in (ana, basile, chi)}
        order = sorted((ana, basile, chi), key=lambda m: -book.held[("classic", 1, key[m.id])].rating.ordinal)
        rank = {member.id: order.index(member) + 1 for member in order}
        strong = shown(book, "classic", "computer:strong")
        basic = shown(book, "hongkong", "computer:basic")
        ana_hk = shown(book, "hongkong", key[ana.id])
        when = {entry.match_id: f"<t:{int(entry.finished_at)}:d>" for entry in matches}
        ids = [entry.match_id for entry in reversed(matches) if ana.id in {s.member_id for s in entry.seats}]
        store = await SqliteLiveStore.open(path)
        try:
            async with running_bot(fake, store, database_path=str(path)):
                # --- /mahjong rating, in English: both pools, the computers, the last ten changes --------
                asked = await fake.slash(ana, guild.text_channel, "mahjong rating", {})
                await asked.wait_done()
                assert asked.response.ephemeral
                assert_card(asked.response)
                lines = [
                    f"{when[match_id]} · {'Hong Kong' if rules == 'hongkong' else 'Classic'} · place {place}"
                    f" · {before} → {after} ({after - before:+d})"
                    for match_id, (rules, place, before, after) in zip(ids, changes[key[ana.id]], strict=True)
                ]
                assert asked.response.text() == "\n".join(
                    [
                        "**Ana** — rating · season 1",
                        f"**Classic**: {classic[ana.id]} · rank {rank[ana.id]} of 3"
                        " · 6 rated matches this season, 6 rated matches in all",
                        f"Against the computers here: Strong computer {strong} (you {classic[ana.id] - strong:+d})",
                        f"**Hong Kong**: {ana_hk} · provisional (4 rated matches to go)"
                        " · not ranked yet (5 rated matches this season to be ranked)"
                        " · 1 rated match this season, 1 rated match in all",
                        f"Against the computers here: Basic computer {basic} (you {ana_hk - basic:+d})",
                        "",
                        "**Last rated matches**",
                        *lines,
                    ]
                )

                # --- in French, another member's, and in Chinese, one's own ------------------------------
                french = await fake.slash(basile, guild.text_channel, "mahjong rating", {"member": ana})
                await french.wait_done()
                text = french.response.text()
                assert text.startswith(
                    "**Ana** — cote · saison 1\n"
                    f"**Classique** : {classic[ana.id]} · rang {rank[ana.id]} sur 3"
                    " · 6 parties classées cette saison, 6 parties classées en tout\n"
                    f"Face aux ordinateurs de ce serveur : ordinateur Fort {strong}"
                    f" (vous {classic[ana.id] - strong:+d})\n"
                    f"**Hong Kong** : {ana_hk} · provisoire (encore 4 parties classées)"
                ), text
                assert "\n**Dernières parties classées**\n" in text and " · Hong Kong · rang 1 · " in text
                chinese = await fake.slash(chi, guild.text_channel, "mahjong rating", {})
                await chinese.wait_done()
                assert chinese.response.text().startswith(
                    "**Chi** — 評分 · 第 1 季\n"
                    f"**經典**：{classic[chi.id]} · 第 {rank[chi.id]} 名（共 3 人）"
                    " · 本季 6 場計評分牌局，合共 6 場計評分牌局\n"
                    f"與這裏的電腦比較：高手電腦 {strong}（你 {classic[chi.id] - strong:+d}）\n\n"
                    "**最近計評分的牌局**\n"
                ), chinese.response.text()
                nothing = await fake.slash(newcomer, guild.text_channel, "mahjong rating", {})
                await nothing.wait_done()
                assert nothing.response.text().startswith("**Dee** has no rated match on this server yet.")

                # --- the leaderboard: by rating by default, the computers apart, the caller's line -------
                board = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {})
                await board.wait_done()
                assert not board.response.ephemeral
                assert_card(board.response)
                assert board.response.text() == "\n".join(
                    [
                        "**Leaderboard by rating — Classic · season 1**",
                        "At least 5 rated matches this season to be ranked · 3 ranked · page 1/1",
                        *(f"{rank[m.id]}. <@{m.id}> — rating {classic[m.id]} · 6 rated matches" for m in order),
                        "",
                        f"Computers, listed apart: Strong {strong} (6 rated matches)",
                        "",
                        f"Ana: rank {rank[ana.id]} of 3 · rating {classic[ana.id]}",
                    ]
                )
                assert board.response.custom_ids() == ["mjr1:lr:classic:1:0", "mjr1:lr:classic:1:2"]
                assert board.response.button(label="Previous").disabled
                assert board.response.button(label="Next").disabled
                french_board = await fake.slash(basile, guild.text_channel, "mahjong leaderboard", {})
                await french_board.wait_done()
                assert french_board.response.text().startswith(
                    "**Classement à la cote — Classique · saison 1**\n"
                    "Au moins 5 parties classées cette saison pour être classé · 3 classés · page 1/1\n"
                )
                assert french_board.response.text().endswith(
                    f"Ordinateurs, à part : Fort {strong} (6 parties classées)\n\n"
                    f"Basile : rang {rank[basile.id]} sur 3 · cote {classic[basile.id]}"
                )
                hongkong = await fake.slash(chi, guild.text_channel, "mahjong leaderboard", {"rules": "hongkong"})
                await hongkong.wait_done()
                assert hongkong.response.text() == "\n".join(
                    [
                        "**評分排行榜 — 香港 · 第 1 季**",
                        "本季最少 5 場計評分牌局才可上榜 · 0 人上榜 · 第 1/1 頁",
                        "本季還沒有人上榜：打滿這套規則的 5 場計評分牌局就會出現在這裏。",
                        "",
                        f"電腦（另列）：初級 {basic} (1 場計評分牌局)",
                        "",
                        "Chi：這套規則還沒有計評分的牌局。",
                    ]
                )
                mine = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {"rules": "hongkong"})
                await mine.wait_done()
                assert mine.response.text().endswith(
                    f"Ana: rating {ana_hk} · 1 rated match this season (5 rated matches to be ranked)"
                )

                # --- points still there, by choice or by a period ------------------------------------
                points = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {"by": "points"})
                await points.wait_done()
                assert points.response.text().startswith("**Leaderboard — Classic · all time**")
                month = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {"period": "month"})
                await month.wait_done()
                assert month.response.text().startswith("**Leaderboard — Classic · ")
                assert "all time" not in month.response.text().splitlines()[0]
                assert month.response.custom_ids()[0].startswith("mjr1:lb:classic:2")

                # --- a page or a season that is not one --------------------------------------------
                beyond = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {"page": 2})
                await beyond.wait_done()
                assert beyond.response.deleted and beyond.followups[-1].ephemeral
                assert "There is no page 2" in beyond.followups[-1].text()
                forged = await fake.forge_component(ana, board.response, "mjr1:lr:classic:9:1")
                await forged.wait_done()
                assert forged.response.ephemeral and "not one of this bot's" in forged.response.text()
        finally:
            await store.close()
        assert fake.violations == []
