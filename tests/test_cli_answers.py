"""The command line says what was asked first: its version, and whether a wall matches its commitment."""

from __future__ import annotations

import importlib.metadata
import json

import pytest

from cli import main
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


def test_the_hong_kong_sample_card_is_a_win_that_reaches_the_minimum(tmp_path, capsys):
    import itertools

    from game.scoring.hongkong import score_hongkong
    from render.positions import winning_hand

    below = next(seed for seed in range(200) if not score_hongkong(winning_hand(seed)).meets_minimum)
    drawn = next(hand for hand in map(winning_hand, itertools.count(below)) if score_hongkong(hand).meets_minimum)
    out = tmp_path / "card.png"
    assert main(["render", "result", "--rules", "hongkong", "--seed", str(below), "--out", str(out)]) == 0
    description = json.loads(capsys.readouterr().out)["description"]
    assert out.stat().st_size > 0
    assert _hand_text(drawn) in description
    assert _hand_text(winning_hand(below)) not in description  # not the hand below the minimum


def _hand_text(win) -> str:
    """The concealed tiles and the winning one, as the card's description writes them."""
    from game.tiles import format_tiles

    return f"{format_tiles(sorted(win.concealed))}, winning tile {win.winning_tile.code}"


def _tiles(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["tiles", *argv]) == 0
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_tiles_counts_the_special_hands_of_the_rules(capsys):
    orphans, pairs = "19m 19p 19s 1234567z 1m", "11223344556677z"
    report = _tiles([orphans], capsys)
    assert {key: value for key, value in report.items() if key not in ("names", "labels")} == {
        "valid": True,
        "tiles": "19m19p19s1234567z1m",
        "shanten": -1,
        "winning": True,
        "rules": "hongkong",
        "special_hands": ["thirteen_orphans"],
    }
    assert _tiles([orphans[:-3]], capsys)["shanten"] == 0  # thirteen-sided wait
    assert _tiles([orphans, "--rules", "classic"], capsys)["shanten"] == 7  # no special hand in classic
    assert _tiles([orphans, "--rules", "classic", "--thirteen-orphans"], capsys)["winning"] is True
    # seven pairs is a Hong Kong option, off by default (SPEC §2)
    assert _tiles([pairs], capsys)["shanten"] == 3
    report = _tiles([pairs, "--seven-pairs"], capsys)
    assert (report["shanten"], report["winning"], report["special_hands"]) == (
        -1,
        True,
        ["seven_pairs", "thirteen_orphans"],
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("19m 19p 19s 123456z", "13 tiles (between turns) or 14 (after a draw), not 12"),
        ("123m456p789s1122z 1f", "not on flowers, seasons or jokers (1f)"),
        ("123m456p789s112z 0j", "not on flowers, seasons or jokers (0j)"),
    ],
)
def test_tiles_says_why_there_is_no_shanten(text, why, capsys):
    report = _tiles([text], capsys)
    assert report["shanten"] is None and why in str(report["no_shanten"]) and "winning" not in report
