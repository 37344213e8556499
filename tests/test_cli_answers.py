"""The command line says what was asked first: its version, and whether a wall matches its commitment."""

from __future__ import annotations

import importlib.metadata
import json

import pytest

from bot.cli import main
from game.fairness import wall_commitment
from game.rules import ruleset


def test_version_prints_the_installed_version(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out.strip() == f"mahjong-bot {importlib.metadata.version('mahjong-bot')}"


def test_verify_wall_says_a_mismatch_before_the_wall_and_on_its_own_line(capsys):
    assert main(["verify-wall", "--rules", "classic", "--seed", "5", "--commitment", "abc"]) == 1
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert list(report) == ["valid", "seed", "commitment", "matches", "wall"] and report["matches"] is False
    assert "does not match" in captured.err and report["commitment"] in captured.err
    digest = wall_commitment(ruleset("classic"), 5)
    assert main(["verify-wall", "--rules", "classic", "--seed", "5", "--commitment", digest.upper()]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["matches"] is True and captured.err == ""
