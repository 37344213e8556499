"""Running the bot (SPEC §4.1): settings from the environment and ``.env``, ``mahjong-bot run`` without a
token, the invite link; ``mahjong-bot verify-wall`` against a table's commitment."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.app import create_bot, invite_link
from cli import main
from core.application import stop_tasks
from core.settings import MissingToken, Settings
from core.tables import rounds, transitions
from core.tables.state import TableSettings, TableState, Timing
from data.live_sqlite import SqliteLiveStore
from game.rules import ruleset
from tests.bot.e2e_helpers import application_on


def test_settings_need_a_token_and_say_where_to_get_one(tmp_path):
    with pytest.raises(MissingToken, match=r"developers/applications"):
        Settings.from_env({}, env_file=str(tmp_path / "missing.env"))


def test_settings_read_the_environment_over_a_dot_env_file(tmp_path):
    env = tmp_path / ".env"
    env.write_text("# comment\nDISCORD_TOKEN='from-file'\nexport DATABASE_PATH=ledger.db\nLOG_LEVEL=debug\n")
    settings = Settings.from_env({"DISCORD_TOKEN": "from-env", "DISCORD_GUILD_ID": "123"}, env_file=str(env))
    assert settings == Settings(
        token="from-env", database_path="ledger.db", guild_id=123, log_level="DEBUG", drawing_processes=1
    )
    defaults = Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=None)
    assert (defaults.redis_url, defaults.database_path, defaults.log_level) == (None, "mahjong-bot.sqlite3", "INFO")
    # one worker process draws, whether the settings come from the environment or are built in code
    assert (defaults.drawing_processes, Settings(token="t").drawing_processes) == (1, 1)
    assert Settings.from_env({"DISCORD_TOKEN": "t", "DRAWING_PROCESSES": "0"}, env_file=None).drawing_processes == 0
    for bad in ("-1", "two", "17"):
        with pytest.raises(ValueError, match="DRAWING_PROCESSES"):
            Settings.from_env({"DISCORD_TOKEN": "t", "DRAWING_PROCESSES": bad}, env_file=None)
    with pytest.raises(ValueError, match="DISCORD_GUILD_ID"):
        Settings.from_env({"DISCORD_TOKEN": "t", "DISCORD_GUILD_ID": "１２"}, env_file=None)


def test_the_trusted_proxies_are_addresses_or_networks():
    values = {"DISCORD_TOKEN": "t", "WEB_TRUSTED_PROXIES": "127.0.0.1,172.16.0.0/12"}
    settings = Settings.from_env(values, env_file=None)
    assert [str(network) for network in settings.web_trusted_proxies] == ["127.0.0.1/32", "172.16.0.0/12"]
    assert Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=None).web_trusted_proxies == ()
    with pytest.raises(ValueError, match="WEB_TRUSTED_PROXIES"):
        Settings.from_env({"DISCORD_TOKEN": "t", "WEB_TRUSTED_PROXIES": "caddy"}, env_file=None)


def test_the_web_origins_are_origins_and_public_url_is_one_of_the_pages():
    values = {
        "DISCORD_TOKEN": "t",
        "WEB_ORIGINS": "https://Mahjong.Example.org, http://192.168.1.5:8080 http://[::1]:80/",
    }
    settings = Settings.from_env(values, env_file=None)
    assert settings.web_origins == (
        ("https", "mahjong.example.org", 443),
        ("http", "192.168.1.5", 8080),
        ("http", "::1", 80),
    )
    assert settings.page_origins == settings.web_origins
    activity = {"PUBLIC_URL": "https://play.example.org", "DISCORD_CLIENT_ID": "1", "DISCORD_CLIENT_SECRET": "s"}
    with_activity = Settings.from_env({**values, **activity, "WEB_PORT": "8080"}, env_file=None)
    assert with_activity.page_origins == (*settings.web_origins, ("https", "play.example.org", 443))
    assert Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=None).page_origins == ()
    for bad in ("mahjong.example.org", "ftp://a.example", "https://a.example/play", "https://a.example:99999", "null"):
        with pytest.raises(ValueError, match="WEB_ORIGINS"):
            Settings.from_env({"DISCORD_TOKEN": "t", "WEB_ORIGINS": bad}, env_file=None)


def test_shard_settings_name_this_processs_shards():
    def shards(**values):
        settings = Settings.from_env({"DISCORD_TOKEN": "t", **values}, env_file=None)
        return settings.shard_count, settings.shard_ids, settings.primary

    assert shards() == (None, None, True)
    assert shards(SHARD_COUNT="4") == (4, None, True)
    assert shards(SHARD_COUNT="4", SHARD_IDS="2-3") == (4, (2, 3), False)
    assert shards(SHARD_COUNT="4", SHARD_IDS="3, 0") == (4, (0, 3), True)
    for bad in (
        {"SHARD_IDS": "1"},
        {"SHARD_COUNT": "0"},
        {"SHARD_COUNT": "two"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "0,0"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "a-b"},
        {"SHARD_COUNT": "4", "SHARD_IDS": "٣"},
    ):
        with pytest.raises(ValueError, match="SHARD"):
            shards(**bad)


def test_run_without_a_token_exits_with_status_2_and_says_why(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_run_refuses_a_bad_log_level(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    assert main(["run"]) == 2
    assert "LOG_LEVEL" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_create_bot_is_not_connected_and_the_invite_asks_for_both_scopes():
    settings = Settings(token="t", database_path=":memory:")
    store = await SqliteLiveStore.open(":memory:")
    async with application_on(settings, store) as application:
        bot = create_bot(settings, application)
        assert not bot.is_ready() and bot.settings.token == "t" and bot.core is application
    await store.close()
    link = invite_link(1234)
    assert "client_id=1234" in link and "scope=bot+applications.commands" in link and "permissions=" in link


def test_verify_wall_checks_the_commitment_a_table_showed(capsys):
    state = TableState(
        id="abcdefgh",
        host_id=1,
        guild_id=1,
        settings=TableSettings(ruleset("classic"), "live", Timing.for_speed("live")),
        seed=8,
    )
    state, _ = transitions.join(state, 1, "Ana")
    for _ in range(3):
        state, _ = transitions.add_computer(state, 1)
    state, _ = transitions.start(state, 1, 0.0)
    seed = rounds.load_round(state).seed
    assert main(["verify-wall", "--rules", "classic", "--seed", str(seed), "--commitment", state.commitment]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] and report["commitment"] == state.commitment and len(report["wall"].split()) == 144
    assert main(["verify-wall", "--rules", "classic", "--seed", str(seed + 1), "--commitment", state.commitment]) == 1
    assert json.loads(capsys.readouterr().out)["matches"] is False
    assert main(["verify-wall", "--rules", "classic", "--seed", "²"]) == 1
    assert json.loads(capsys.readouterr().out)["valid"] is False


@pytest.mark.asyncio
async def test_closing_stops_a_loop_that_lost_its_first_cancellation():
    swallowed = []

    async def stubborn():
        while True:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                if not swallowed:  # what a client library did: the cancellation became an outage
                    swallowed.append(True)
                    continue
                raise

    task = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    await asyncio.wait_for(stop_tasks([task], patience=3.0), 5.0)
    assert swallowed and task.cancelled()


def test_a_process_holds_the_servers_of_its_shards_only():
    guild_on = {
        shard: next(g for g in range(1 << 22, 1 << 30, 1 << 22) if (g >> 22) % 4 == shard) for shard in range(4)
    }
    alone = Settings(token="t")
    some = Settings(token="t", shard_count=4, shard_ids=(1, 3))
    assert all(alone.owns_guild(guild) for guild in guild_on.values())
    assert [some.owns_guild(guild_on[shard]) for shard in range(4)] == [False, True, False, True]
    assert all(Settings(token="t", shard_count=4).owns_guild(guild) for guild in guild_on.values())


@pytest.mark.asyncio
async def test_the_application_starts_once():
    settings = Settings(token="t", database_path=":memory:", drawing_processes=0)
    store = await SqliteLiveStore.open(":memory:")
    async with application_on(settings, store) as application:
        application.start(tables=False)
        running = list(application._background)
        application.start()  # a login tried again: nothing more starts
        assert application._background == running
    await store.close()
