"""The daily solitaire shared as a daily puzzle is, end to end against the fake Discord, in English, French
and Traditional Chinese: the daily post says how many members played the day before and the server's
streak of days on which someone cleared the daily, on both sides of midnight UTC under a fake clock (today
counted once cleared, a day played without a clear or not played at all breaking it); ``/solitaire
stats`` shows a member their share of their latest daily, and its button sends the text alone, naming
no tile of the deal."""

from __future__ import annotations

import asyncio
import re
from datetime import date
from functools import partial
from typing import Any

import pytest

from core.solitaire import play
from core.solitaire.service import daily_deal
from data.live_sqlite import SqliteLiveStore
from data.solitaire_ledger import SolitaireResult
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed
from game.solitaire.game import Game
from tests.bot.e2e_helpers import COMPONENTS_V2, assert_card, wait_until
from tests.bot.test_e2e_solitaire import DAY, MIDNIGHT, FakeClock, command, pick, posts, press, solitaire_bot
from tests.fakediscord import FakeDiscord
from words.tiles import tile_label, tile_name

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

ONE_DAY = 86_400
NNBSP = "\u202f"  # between thousands in English and French


def on(day: int) -> date:
    return date(2025, 3, day)


def finished(result_id: str, member: Any, guild: Any, day: date, pairs: int) -> SolitaireResult:
    """A daily game of ``day`` that took ``pairs`` pairs (72: cleared) in 30 seconds, finished by two
    presses on Finish unless cleared."""
    deal = deal_for_seed(3)
    at = MIDNIGHT + (day - DAY).days * ONE_DAY + 3600
    game = Game.start(deal, at, idle_pause=10_000)
    for x, y in deal.solution[:pairs]:
        game = game.select(x, at + 30).select(y, at + 30)
    if not game.over:
        game = game.finish(at + 30).finish(at + 30)
    return SolitaireResult.of(result_id, guild.id, member.id, member.name, "daily", day, game, at + 30)


def after_header(post: Any) -> list[str]:
    """The lines of a daily post after its title and how-to."""
    return post.text().splitlines()[2:]


async def test_the_daily_post_says_who_played_and_the_streak_on_both_sides_of_midnight(tmp_path):
    async with FakeDiscord() as fake:
        english = fake.add_guild(name="Club", locale="en-US")
        french = fake.add_guild(name="Cercle", locale="fr")
        chinese = fake.add_guild(name="香港麻雀會", locale="zh-TW")
        ann, ben, cy = (fake.add_member(english, name=name) for name in ("Ann", "Ben", "Cy"))
        ana, luc = (fake.add_member(french, name=name, locale="fr") for name in ("Ana", "Luc"))
        mei = fake.add_member(chinese, name="Mei", locale="zh-TW")
        path = tmp_path / "bot.sqlite3"
        ledger = await SqliteSolitaireLedger.open(path)
        try:
            for result in (
                # the English server clears the 12th, the 13th and, before midnight, the 14th
                finished("en000012", ann, english, on(12), 72),
                finished("en000013", ann, english, on(13), 72),
                finished("en100013", ben, english, on(13), 3),
                finished("en100014", ben, english, on(14), 72),
                finished("en200014", cy, english, on(14), 4),
                # the French one clears the 12th and the 14th; the 13th is played, not cleared
                finished("fr000012", ana, french, on(12), 72),
                finished("fr100013", luc, french, on(13), 3),
                finished("fr000014", ana, french, on(14), 72),
                # the Chinese one clears the 13th; nobody plays the 14th
                finished("zh000013", mei, chinese, on(13), 72),
            ):
                await ledger.record(result)
            for guild in (english, french, chinese):
                await ledger.set_post_channel(guild.id, guild.text_channel.id)
        finally:
            await ledger.close()
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MIDNIGHT + ONE_DAY - 1)  # 23:59:59 UTC on the 14th
        guilds = (english, french, chinese)

        async def posted(count: int) -> bool:
            return all(len(posts(fake, guild.text_channel)) == count for guild in guilds)

        try:
            async with solitaire_bot(fake, store, clock, path):
                await wait_until(partial(posted, 1), what="the 14th's posts, made at start")
                clock.now = MIDNIGHT + ONE_DAY  # 00:00:00 UTC on the 15th
                await wait_until(partial(posted, 2), what="the midnight posts")
                clock.now = MIDNIGHT + 2 * ONE_DAY  # 00:00:00 UTC on the 16th, nobody played the 15th
                await wait_until(partial(posted, 3), what="the next midnight's posts")
                await asyncio.sleep(0.1)
                assert await posted(3)
        finally:
            await store.close()
        en_streak = (
            "🔥 Server streak: {} with the daily cleared by at least one member"
            " (counted up to yesterday; today counts once someone clears it)."
        )
        fr_streak = (
            "🔥 Série du serveur : {} où au moins un membre a vidé le plateau du jour"
            " (comptée jusqu'à hier ; aujourd'hui compte dès que quelqu'un le vide)."
        )
        zh_streak = "🔥 本伺服器紀錄：{}都有成員清空每日牌局（計至昨日；今日一有人清空亦會計入）。"
        expected = {
            english.id: [
                [  # before midnight: the 14th, cleared already, counts
                    "2 members played the deal of 2025-03-13.",
                    "Podium of 2025-03-13:",
                    f"1. Ann — 9{NNBSP}970 (0:30) ✓",
                    "2. Ben — 270 (0:30)",
                    en_streak.format("3 days in a row"),
                ],
                [  # after: up to yesterday, the 14th
                    "2 members played the deal of 2025-03-14.",
                    "Podium of 2025-03-14:",
                    f"1. Ben — 9{NNBSP}970 (0:30) ✓",
                    "2. Cy — 370 (0:30)",
                    en_streak.format("3 days in a row"),
                ],
                [
                    "Nobody played the deal of 2025-03-15.",
                    "🔥 Server streak: none — nobody cleared the deal of 2025-03-15. Clear today's to start one.",
                ],
            ],
            french.id: [
                [  # the 14th cleared today counts; the 13th, played without a clear, breaks the streak
                    "1 membre a joué la donne du 2025-03-13.",
                    "Podium du 2025-03-13 :",
                    "1. Luc — 270 (0:30)",
                    fr_streak.format("1 jour d'affilée"),
                ],
                [
                    "1 membre a joué la donne du 2025-03-14.",
                    "Podium du 2025-03-14 :",
                    f"1. Ana — 9{NNBSP}970 (0:30) ✓",
                    fr_streak.format("1 jour d'affilée"),
                ],
                [
                    "Personne n'a joué la donne du 2025-03-15.",
                    "🔥 Série du serveur : aucune — personne n'a vidé le plateau du 2025-03-15."
                    " Videz celui d'aujourd'hui pour en lancer une.",
                ],
            ],
            chinese.id: [
                [  # the 14th not cleared yet: not over, it breaks nothing
                    "2025-03-13 的牌局有 1 位成員玩過。",
                    "2025-03-13 的頭三名：",
                    "1. Mei — 9,970（0:30） ✓",
                    zh_streak.format("連續 1 日"),
                ],
                [  # nobody played yesterday: no streak
                    "2025-03-14 的牌局沒有人玩過。",
                    "🔥 本伺服器紀錄：暫無 — 2025-03-14 沒有人清空牌局。清空今日的牌局，就可以開始新紀錄。",
                ],
                [
                    "2025-03-15 的牌局沒有人玩過。",
                    "🔥 本伺服器紀錄：暫無 — 2025-03-15 沒有人清空牌局。清空今日的牌局，就可以開始新紀錄。",
                ],
            ],
        }
        for guild in guilds:
            made = posts(fake, guild.text_channel)
            assert [after_header(post) for post in made] == expected[guild.id], guild.name
            for post, day in zip(made, (on(14), on(15), on(16)), strict=True):
                assert day.isoformat() in post.text().splitlines()[0]
                assert post.custom_ids() == ["mjs1:play"] and post.attachments
        assert fake.violations == []


TILE_GLYPHS = re.compile("[\U0001f000-\U0001f02f]")  # Unicode's mahjong tiles


def assert_names_no_tile_of(text: str, lang: str) -> None:
    """Nothing of today's deal in ``text``: no tile's name, sign or custom emoji, no board position."""
    board = daily_deal(DAY, None).board()
    faces = set(board.faces)
    assert not any(tile_name(face, lang) in text for face in faces)
    assert not any(tile_label(face, lang) in text for face in faces if len(tile_label(face, lang)) > 2)
    assert not any(re.search(rf"\b{play.label(board, tile)}\b", text) for tile in range(len(board.faces)))
    assert not TILE_GLYPHS.search(text) and "<:" not in text


SHARES = {
    "en": "Mahjong solitaire 2025-03-14\n⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜ 4/72\nNot cleared · 370 points · 0:30",
    "fr": "Solitaire mahjong 2025-03-14\n🟩⬜⬜⬜⬜⬜⬜⬜⬜⬜ 8/72\nPlateau non vidé · 770 points · 0:30",
    "zh_TW": "麻雀接龍 2025-03-14\n⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜ 4/72\n未清空 · 370 分 · 0:30",
}
STATS = {
    "en": (
        "**Ann** — solitaire on this server\n1 game · 0 cleared · average time of a clear —\n"
        "Best daily: 370 · best free: —\nDaily streak: 1 day in a row\n\n"
        "**Your share** of the daily of 2025-03-14, no tile given away: copy the block, or press the button"
        " for the text alone."
    ),
    "fr": (
        "**Zoé** — solitaire sur ce serveur\n1 partie · 0 plateau vidé · temps moyen d'un plateau vidé —\n"
        "Meilleur du jour : 770 · meilleur libre : —\nSérie : 1 jour d'affilée\n\n"
        "**Votre partage** du solitaire du jour 2025-03-14, sans dévoiler aucune tuile : copiez le bloc, ou"
        " appuyez sur le bouton pour avoir le texte seul."
    ),
    "zh_TW": (
        "**Mei** — 本伺服器的麻雀接龍\n1 局 · 清空 0 局 · 清空一局的平均時間 —\n"
        "每日最佳：370 · 自由局最佳：—\n每日牌局：連續 1 日\n\n"
        "**你的分享**：2025-03-14 的每日牌局，不會透露任何一隻牌。複製下面的文字，或者按按鈕取得純文字。"
    ),
}
BUTTONS = {"en": "Text alone, to copy", "fr": "Texte seul, à copier", "zh_TW": "純文字（方便複製）"}


async def test_stats_give_a_member_their_share_and_its_button_the_text_alone(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = {
            "en": fake.add_member(guild, name="Ann", locale="en-US"),
            "fr": fake.add_member(guild, name="Zoé", locale="fr"),
            "zh_TW": fake.add_member(guild, name="Mei", locale="zh-TW"),
        }
        path = tmp_path / "bot.sqlite3"
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MIDNIGHT + 3600)
        channel = guild.text_channel
        solution = daily_deal(DAY, None).solution
        try:
            async with solitaire_bot(fake, store, clock, path):
                for lang, member in members.items():
                    # today's daily through the menu: 4 pairs (8 for Zoé), 30 seconds, then Finish twice
                    opened = await command(fake, member, channel, "solitaire daily")
                    game = opened.response
                    for a, b in solution[: 8 if lang == "fr" else 4]:
                        await pick(fake, member, game, a, b)
                    clock.now += 30
                    await press(fake, member, game, "finish")
                    await press(fake, member, game, "finish")
                for lang, member in members.items():
                    asked = await command(fake, member, channel, "solitaire stats")
                    card = asked.response
                    assert card.ephemeral
                    assert_card(card)
                    assert [component["type"] for component in card.components] == [10, 1]
                    assert card.text() == f"{STATS[lang]}\n```\n{SHARES[lang]}\n```"
                    assert [(b.custom_id, b.label) for b in card.buttons()] == [("mjs1:share:20250314", BUTTONS[lang])]
                    assert_names_no_tile_of(card.text(), lang)
                    # the button: the share as a private message of its own, the text alone
                    clicked = await fake.click(member, card, "mjs1:share:20250314")
                    await clicked.wait_done(quiet=0.05)
                    alone = clicked.response
                    assert alone.ephemeral and alone.id != card.id
                    assert alone.content == SHARES[lang] and alone.components == [] and alone.embeds == []
                    assert not alone.flags & COMPONENTS_V2
                    assert_names_no_tile_of(alone.content, lang)
                # the share is the member's own: another member's stats come without one
                ann, zoe = members["en"], members["fr"]
                theirs = (await command(fake, ann, channel, "solitaire stats", {"member": zoe})).response
                assert theirs.text().startswith("**Zoé** — solitaire on this server") and "```" not in theirs.text()
                assert [component["type"] for component in theirs.components] == [10] and theirs.buttons() == []
                # a share button of a day the clicker did not play (forged): refused privately
                mine = (await command(fake, ann, channel, "solitaire stats")).response
                forged = await fake.forge_component(ann, mine, "mjs1:share:20250313")
                await forged.wait_done(quiet=0.05)
                assert forged.response.ephemeral
                assert forged.response.text() == "You have no game of that day's daily to share."
                # after midnight the share is still of the 14th, their latest daily
                clock.now = MIDNIGHT + ONE_DAY + 60
                later = (await command(fake, ann, channel, "solitaire stats")).response
                assert f"```\n{SHARES['en']}\n```" in later.text()
                assert later.custom_ids() == ["mjs1:share:20250314"]
        finally:
            await store.close()
        assert fake.violations == []
