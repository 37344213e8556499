"""README's first command: ``mahjong-bot run`` with only ``DISCORD_TOKEN`` set, on the embedded store, in a
process of its own, against the fake Discord; a member opens a table and it lands in the SQLite file."""

from __future__ import annotations

import asyncio
import pathlib
import signal

import pytest

from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import free_port, run_environment, start_run
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

ROOT = pathlib.Path(__file__).resolve().parents[2]


async def test_mahjong_bot_run_with_only_a_token_serves_a_table_from_the_embedded_store(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        member = fake.add_member(guild, name="Alice", locale="fr")
        process = await start_run(tmp_path, run_environment(fake))
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_commands_synced(timeout=30)
            command = await fake.slash(member, guild.text_channel, "mahjong new", {"computers": 3})
            await command.wait_done(timeout=20)
            assert command.response.ephemeral and "<#" in command.response.text()
        finally:
            process.send_signal(signal.SIGTERM)  # how a container is stopped
            _, errors = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0
        log = errors.decode()  # the log goes to stderr
        assert "Invite link" in log and "applications.commands" in log
        store = await SqliteLiveStore.open(tmp_path / "mahjong-bot.sqlite3")  # the default DATABASE_PATH
        try:
            assert len(await store.keys("table:")) == 1
        finally:
            await store.close()
        assert fake.violations == []


async def test_mahjong_bot_run_on_a_corrupt_database_file_says_so_and_leaves_it_untouched(tmp_path):
    damaged = tmp_path / "mahjong-bot.sqlite3"
    damaged.write_bytes(b"not a database, but someone's precious file " * 100)
    before = damaged.read_bytes()
    async with FakeDiscord() as fake:
        process = await start_run(tmp_path, run_environment(fake))
        _, errors = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    message = errors.decode()
    assert "mahjong-bot.sqlite3" in message and "Traceback" not in message
    assert damaged.read_bytes() == before


async def test_discord_unreachable_is_tried_again_then_said_in_one_line_with_status_4(tmp_path):
    process = await start_run(tmp_path, run_environment(None, START_PATIENCE="3"))
    output, errors = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 4
    said = errors.decode()
    last = said.splitlines()[-1]
    assert last.startswith("mahjong-bot: Discord did not answer in 3 s") and "network" in last, said
    assert "Traceback" not in said + output.decode()
    assert said.count("trying again in") == 2  # after 1 s and 2 s: one line per attempt
    assert "stores: live state and ledgers in the SQLite file" in said  # said before the login was tried


async def test_a_refused_token_is_said_at_once_with_status_4(tmp_path):
    async with FakeDiscord() as fake:
        process = await start_run(tmp_path, run_environment(fake, "not-the-token"))
        _, errors = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 4
    said = errors.decode()
    assert said.splitlines()[-1].startswith("mahjong-bot: Discord refused the token: check DISCORD_TOKEN")
    assert "Traceback" not in said
    assert "trying again" not in said


async def test_a_stop_while_the_start_waits_exits_cleanly(tmp_path):
    process = await start_run(tmp_path, run_environment(None, START_PATIENCE="600"))
    assert process.stderr is not None
    seen = b""
    while b"trying again" not in seen:  # the start is waiting for Discord
        seen += await asyncio.wait_for(process.stderr.readline(), 60)
    process.send_signal(signal.SIGTERM)
    output, errors = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0
    assert "Traceback" not in (seen + errors + output).decode()


async def test_health_and_metrics_are_served_on_metrics_port(tmp_path):
    import aiohttp

    port = free_port()
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        member = fake.add_member(guild, name="Alice")
        process = await start_run(tmp_path, run_environment(fake, METRICS_PORT=str(port)))
        base = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as http:

                async def health() -> tuple[int, dict]:
                    for _ in range(300):
                        try:
                            async with http.get(f"{base}/healthz") as answer:
                                return answer.status, await answer.json()
                        except aiohttp.ClientConnectionError:
                            await asyncio.sleep(0.1)
                    raise AssertionError("/healthz never answered")

                await fake.wait_ready(timeout=30)
                await fake.wait_commands_synced(timeout=30)
                for _ in range(100):
                    status, parts = await health()
                    if status == 200:
                        break
                    await asyncio.sleep(0.1)
                assert (status, parts) == (200, {"gateway": True, "live_store": True, "ledger": True})
                command = await fake.slash(member, guild.text_channel, "mahjong new", {"computers": 3})
                await command.wait_done(timeout=20)
                async with http.get(f"{base}/metrics") as answer:
                    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/plain")
                    text = await answer.text()
                assert 'mahjong_interactions_total{kind="application_command"} 1.0' in text
                assert 'mahjong_acknowledgement_seconds_count{kind="application_command"} 1.0' in text
                assert 'mahjong_open{kind="table"} 1.0' in text
                for name in ("mahjong_pacer_waiting", "mahjong_requests_paced_total", "mahjong_drawings_pending",
                             "mahjong_drawing_cpu_seconds_total", "process_cpu_seconds_total"):  # fmt: skip
                    assert f"\n{name} " in text, name
        finally:
            process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0


async def test_web_port_serves_the_page_beside_the_gateway_over_the_bots_own_stores(tmp_path):
    import aiohttp

    port = free_port()
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        member = fake.add_member(guild, name="Alice")
        process = await start_run(tmp_path, run_environment(fake, WEB_PORT=str(port)))
        base = f"http://127.0.0.1:{port}"
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_commands_synced(timeout=30)
            async with aiohttp.ClientSession() as http:
                for _ in range(300):
                    try:
                        async with http.get(f"{base}/healthz") as answer:
                            assert (answer.status, await answer.text()) == (200, "ok")
                            break
                    except aiohttp.ClientConnectionError:
                        await asyncio.sleep(0.1)
                else:
                    raise AssertionError("/healthz never answered")
                async with http.get(f"{base}/api/game?mode=daily") as answer:
                    assert answer.status == 200
                    web_game = await answer.json()
            command = await fake.slash(member, guild.text_channel, "solitaire daily", {})
            await command.wait_done(timeout=20)
            assert command.response.ephemeral and command.response.attachments  # no Activity: the message
        finally:
            process.send_signal(signal.SIGTERM)
            _, errors = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0, errors.decode()
        assert f"the solitaire page is on http://127.0.0.1:{port}/" in errors.decode()
        store = await SqliteLiveStore.open(tmp_path / "mahjong-bot.sqlite3")
        try:  # the web player's daily and the member's, in the one store the bot runs on
            daily_guilds = {key.split(":")[1] for key in await store.keys("solitaire:") if key.endswith(":daily")}
            assert daily_guilds == {"0", str(guild.id)}
            assert web_game["mode"] == "daily"
        finally:
            await store.close()
        assert fake.violations == []


async def test_a_partial_activity_configuration_is_refused_in_one_line_with_status_2(tmp_path):
    environment = run_environment(None, WEB_PORT="8080", PUBLIC_URL="https://mahjong.example.org")
    process = await start_run(tmp_path, environment)
    _, errors = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    [line] = errors.decode().splitlines()
    assert line.startswith("mahjong-bot: the Discord Activity needs PUBLIC_URL, DISCORD_CLIENT_ID, DISCORD_CLIENT_")
    assert "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are not set" in line
