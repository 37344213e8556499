"""README is for the people who install and run the bot: short, every setting and every slash command in
its tables, and nothing that points outside the repository."""

from __future__ import annotations

import inspect
import pathlib
import re

from bot.commands import mahjong
from bot.commands.solitaire import solitaire
from core.settings import Settings

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_is_short_and_points_only_inside_the_repository():
    assert len(README.splitlines()) < 200
    assert "../" not in README
    for path in re.findall(r"`((?:docs|requirements)/[\w./-]+|CHANGELOG\.md|\.env\.example)`", README):
        assert (ROOT / path).exists(), path
    for image in re.findall(r"\]\((docs/images/[\w.-]+)\)", README):
        assert (ROOT / image).is_file(), image


def test_every_setting_is_in_the_settings_table():
    names = set(re.findall(r'values\.get\("([A-Z][A-Z0-9_]*)"', inspect.getsource(Settings.from_env)))
    rows = [line for line in README.splitlines() if line.startswith("| `")]
    for name in names:
        assert any(f"`{name}`" in row for row in rows), name


def test_every_slash_command_is_in_the_commands_table():
    rows = [line for line in README.splitlines() if line.startswith("| `/")]
    for group in (mahjong, solitaire):
        for command in group.commands:
            listed = rf"`/{group.name} {command.name}\b|`/{group.name} [^`]*`[^|]*`{command.name}\b"
            assert any(re.search(listed, row) for row in rows), f"/{group.name} {command.name}"
    assert all(re.search(r"\| (members|Manage Server) \|", row) for row in rows)  # who may use it
