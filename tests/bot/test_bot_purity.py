"""The table service and everything it stands on import nothing of Discord (not even indirectly), so
clicks, the clock, computer seats and tests share one path; only the routers, publishers, views and commands do."""

from __future__ import annotations

import subprocess
import sys

import pytest

DISCORD_FREE = [
    "core.events",
    "core.tables.service",
    "core.tables.transitions",
    "core.tables.moves",
    "core.tables.rounds",
    "core.tables.finished",
    "core.tables.clock",
    "core.tables.ledger_writer",
    "core.tables.state",
    "bot.tables.presenter",
    "bot.tables.custom_ids",
    "bot.info",
    "bot.reports",
    "bot.seasons.presenter",
    "bot.ratings_text",
    "core.tables.deals",
    "bot.replay",
    "words.messages",
    "bot.guild_config",
    "data.live",
    "data",
    "data.broadcast",
    "core.solitaire.service",
    "core.solitaire.play",
    "core.solitaire.moves",
    "core.solitaire.state",
    "bot.solitaire.presenter",
    "bot.solitaire.custom_ids",
    "data.solitaire_ledger",
    "data.solitaire_sqlite",
    "bot.message_specs",
    "core.refusal",
]


@pytest.mark.parametrize("module", DISCORD_FREE)
def test_module_does_not_load_discord(module):
    probe = f"import sys, {module}; print(any(name.split('.')[0] == 'discord' for name in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "False"


def test_the_check_sees_a_module_that_does():
    probe = "import sys, bot.tables.clicks; print(any(name.split('.')[0] == 'discord' for name in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "True"
